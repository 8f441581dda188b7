// lite-plan-memory sizes values from static types: a dynamic dim is an
// error naming the op, unless {dynamic-dim-bound=N} sizes each '?' as N.

// RUN: lite-opt %s --verify-diagnostics --lite-plan-memory -o /dev/null
// RUN: not lite-opt %s --lite-plan-memory -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: error: 'lite.relu' op lite-plan-memory: result #0 has dynamic dim 0; plan with {dynamic-dim-bound=N} to size each '?' as N
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-plan-memory{dynamic-dim-bound=4}))' | FileCheck %s --check-prefix=BOUND
// BOUND-LABEL: func.func @dynamic
// BOUND-SAME:    lite.arena_size = {host = 128 : i64}
// BOUND:         "lite.relu"(%arg0) {lite.arena = "host", lite.offset = 0 : i64}
// BOUND-NEXT:    "lite.neg"(%0) {lite.arena = "host", lite.offset = 64 : i64}

// The function's argument (the caller's buffer) may be dynamic: it gets no
// storage.
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'lite.relu' op lite-plan-memory: result #0 has dynamic dim 0}}
  %a = "lite.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %b = "lite.neg"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

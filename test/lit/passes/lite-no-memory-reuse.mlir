// --lite-no-memory-reuse plans without any sharing, for debugging a
// suspected aliasing bug: every value gets its own 64-byte-aligned range,
// so the arena is the naive sum (the lower bound is then the naive sum
// too: no value shares). lite-plan-memory on the same chain runs the second
// relu in place of the first; the returned value is pinned for the whole
// function, so it never shares.
// RUN: lite-opt %s --lite-no-memory-reuse | FileCheck %s --check-prefix=NAIVE
// RUN: lite-opt %s --lite-plan-memory | FileCheck %s --check-prefix=REUSE
// RUN: lite-opt %s --lite-no-memory-reuse --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// An alias of lite-plan-memory with no-reuse preset: it lists, takes and
// prints only the other options.
// RUN: lite-opt --list-passes | FileCheck %s --check-prefix=HELP --match-full-lines
// HELP:      --lite-no-memory-reuse - lite-plan-memory without any sharing: {{.*}}
// HELP-NEXT:   --dynamic-dim-bound=<int> {{.*}}
// HELP-NEXT:   --remarks {{.*}}
// HELP-NEXT:   --check-only {{.*}}
// HELP-NEXT: --lite-{{.*}}
// RUN: not lite-opt %s --lite-no-memory-reuse=no-reuse=false 2>&1 | FileCheck %s --check-prefix=PRESET
// PRESET: error: no such option no-reuse: lite-no-memory-reuse is lite-plan-memory with no-reuse=true
// RUN: lite-opt %s --lite-no-memory-reuse=remarks --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: builtin.module(func.func(lite-no-memory-reuse{check-only=false dynamic-dim-bound=0 remarks=true}))
// DUMP: remark: 'func.func' op memory plan: 192 bytes planned, lower bound 192, naive 192, 0 values in place

// NAIVE: lite.arena_size = {host = 192 : i64}
// NAIVE-DAG: "lite.relu"(%arg0) {lite.arena = "host", lite.offset = [[A:[0-9]+]] : i64}
// NAIVE-DAG: "lite.relu"(%0) {lite.arena = "host", lite.offset = [[B:[0-9]+]] : i64}
// NAIVE-DAG: "lite.relu"(%1) {lite.arena = "host", lite.offset = [[C:[0-9]+]] : i64}
// NAIVE-NOT: lite.offset = [[A]] : i64
// REUSE: lite.arena_size = {host = 128 : i64}
// REUSE: "lite.relu"(%arg0) {lite.arena = "host", lite.offset = 0 : i64}
// REUSE: "lite.relu"(%0) {lite.arena = "host", lite.offset = 0 : i64}
// REUSE: "lite.relu"(%1) {lite.arena = "host", lite.offset = 64 : i64}
// STATS: (S) 192 naive-bytes
// STATS: (S)   0 num-in-place
// STATS: (S) 192 planned-bytes
func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "lite.relu"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

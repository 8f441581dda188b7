// lite-plan-memory refuses what it cannot size, and its checker
// (check-only=true checks a recorded plan without planning) rejects plans
// where two live values share bytes, naming both ops.

// RUN: lite-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(lite-plan-memory{check-only=true}))'
// Planning replaces the broken plans with sound ones.
// RUN: lite-opt %s --split-input-file --lite-plan-memory -o /dev/null

// check-only: the two relus are live together at the same offset.
func.func @overlap(%x: tensor<16xf32>) -> tensor<16xf32> attributes {lite.arena_size = {host = 192 : i64}} {
  // expected-note @+1 {{the other value, result #0 of 'lite.relu' (bytes [0, 64) of arena host, live [0, 2]), is defined here}}
  %a = "lite.relu"(%x) {lite.arena = "host", lite.offset = 0 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  // expected-error @+1 {{result #0 of 'lite.neg' (bytes [0, 64) of arena host, live [1, 2]) overlaps result #0 of 'lite.relu'}}
  %b = "lite.neg"(%x) {lite.arena = "host", lite.offset = 0 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  %c = "lite.add"(%a, %b) {lite.arena = "host", lite.offset = 128 : i64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}

// -----

// check-only: a value without an offset.
func.func @missing(%x: tensor<16xf32>) -> tensor<16xf32> attributes {lite.arena_size = {host = 64 : i64}} {
  // expected-error @+1 {{lite-plan-memory: result #0 has no lite.offset / lite.arena}}
  %a = "lite.relu"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %a : tensor<16xf32>
}

// -----

// check-only: in-place is allowed only where the operand dies (%a is read
// again by the add), so the neg may not share %a's bytes.
func.func @not_dying(%x: tensor<16xf32>) -> tensor<16xf32> attributes {lite.arena_size = {host = 192 : i64}} {
  // expected-note @+1 {{is defined here}}
  %a = "lite.relu"(%x) {lite.arena = "host", lite.offset = 0 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  // expected-error @+1 {{result #0 of 'lite.neg' (bytes [0, 64) of arena host, live [1, 2]) overlaps}}
  %b = "lite.neg"(%a) {lite.arena = "host", lite.offset = 0 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  %c = "lite.add"(%a, %b) {lite.arena = "host", lite.offset = 128 : i64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}

// -----

// check-only: in place where the operand dies is accepted (no diagnostic).
func.func @in_place_ok(%x: tensor<16xf32>) -> tensor<16xf32> attributes {lite.arena_size = {host = 128 : i64}} {
  %a = "lite.relu"(%x) {lite.arena = "host", lite.offset = 64 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  %b = "lite.neg"(%a) {lite.arena = "host", lite.offset = 64 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  %c = "lite.exp"(%b) {lite.arena = "host", lite.offset = 0 : i64} : (tensor<16xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}

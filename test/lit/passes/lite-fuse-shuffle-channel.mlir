// lite-fuse-shuffle-channel: reshape [N, C, H, W] -> [N, g, C/g, H, W],
// transpose [0, 2, 1, 3, 4], reshape back becomes lite.shuffle_channel
// {group = g} (also with H and W merged: [N, g, C/g, H*W], perm
// [0, 2, 1, 3]). Left alone: another permutation, a final shape that is not
// the input's, an intermediate with a second user, unknown dims.

// RUN: lite-opt %s --split-input-file --lite-fuse-shuffle-channel | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-shuffle-channel --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-shuffle-channel --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-fused - Number of reshape/transpose/reshape channel shuffles fused

// Numbers: a shuffle only moves data, so before and after are equal
// exactly (rtol 0, atol 0).
// RUN: lite-run --compare %s --function shuffle --pass-pipeline='builtin.module(func.func(lite-fuse-shuffle-channel))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM2
// NUM2: ops: 6 -> 2
// NUM2-COUNT-2: max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: lite-run --compare %s --function shuffle_merged --pass-pipeline='builtin.module(func.func(lite-fuse-shuffle-channel))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM1
// NUM1: ops: 3 -> 1
// NUM1: max-abs 0 max-rel 0 cosine 1.000000: ok

// ShuffleNet's shuffle, shapes as constant operands, then as attributes
// with -1 and 0 in them.
// CHECK-LABEL: func.func @shuffle
// CHECK-NEXT:    %[[A:.*]] = "lite.shuffle_channel"(%arg0) {group = 2 : i64} : (tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.shuffle_channel"(%arg0) {group = 3 : i64} : (tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
// CHECK-NEXT:    return %[[A]], %[[B]]
// LOC-LABEL: func.func @shuffle
// LOC: "lite.shuffle_channel"{{.*}} loc(fused["split", "swap", "merge"])
func.func @shuffle(%x: tensor<1x6x4x4xf32>) -> (tensor<1x6x4x4xf32>, tensor<1x6x4x4xf32>) {
  %s5 = "lite.constant"() {value = dense<[1, 2, 3, 4, 4]> : tensor<5xi64>} : () -> tensor<5xi64>
  %s4 = "lite.constant"() {value = dense<[1, 6, 4, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
  %r = "lite.reshape"(%x, %s5) : (tensor<1x6x4x4xf32>, tensor<5xi64>) -> tensor<1x2x3x4x4xf32> loc("split")
  %t = "lite.transpose"(%r) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x3x4x4xf32>) -> tensor<1x3x2x4x4xf32> loc("swap")
  %y = "lite.reshape"(%t, %s4) : (tensor<1x3x2x4x4xf32>, tensor<4xi64>) -> tensor<1x6x4x4xf32> loc("merge")
  %r2 = "lite.reshape"(%x) {shape = array<i64: 1, 3, 2, 4, -1>} : (tensor<1x6x4x4xf32>) -> tensor<1x3x2x4x4xf32>
  %t2 = "lite.transpose"(%r2) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x3x2x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %y2 = "lite.reshape"(%t2) {shape = array<i64: 0, -1, 4, 4>} : (tensor<1x2x3x4x4xf32>) -> tensor<1x6x4x4xf32>
  return %y, %y2 : tensor<1x6x4x4xf32>, tensor<1x6x4x4xf32>
}

// -----

// H and W merged in the middle: the same shuffle.
// CHECK-LABEL: func.func @shuffle_merged
// CHECK-NEXT:    "lite.shuffle_channel"(%arg0) {group = 4 : i64} : (tensor<2x8x3x5xf32>) -> tensor<2x8x3x5xf32>
// CHECK-NEXT:    return
func.func @shuffle_merged(%x: tensor<2x8x3x5xf32>) -> tensor<2x8x3x5xf32> {
  %r = "lite.reshape"(%x) {shape = array<i64: 2, 4, 2, 15>} : (tensor<2x8x3x5xf32>) -> tensor<2x4x2x15xf32>
  %t = "lite.transpose"(%r) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x2x15xf32>) -> tensor<2x2x4x15xf32>
  %y = "lite.reshape"(%t) {shape = array<i64: 2, 8, 3, 5>} : (tensor<2x2x4x15xf32>) -> tensor<2x8x3x5xf32>
  return %y : tensor<2x8x3x5xf32>
}

// -----

// Another permutation; a final shape that is not x's; the transposed value
// also returned.
// CHECK-LABEL: func.func @not_a_shuffle
// CHECK-NOT:     "lite.shuffle_channel"
// CHECK-COUNT-3: "lite.transpose"
func.func @not_a_shuffle(%x: tensor<1x6x4x4xf32>) -> (tensor<1x6x4x4xf32>, tensor<1x6x16xf32>, tensor<1x6x4x4xf32>, tensor<1x3x2x4x4xf32>) {
  %r = "lite.reshape"(%x) {shape = array<i64: 1, 2, 3, 4, 4>} : (tensor<1x6x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %t = "lite.transpose"(%r) {perm = array<i64: 0, 2, 1, 4, 3>} : (tensor<1x2x3x4x4xf32>) -> tensor<1x3x2x4x4xf32>
  %y = "lite.reshape"(%t) {shape = array<i64: 1, 6, 4, 4>} : (tensor<1x3x2x4x4xf32>) -> tensor<1x6x4x4xf32>
  %r2 = "lite.reshape"(%x) {shape = array<i64: 1, 2, 3, 4, 4>} : (tensor<1x6x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %t2 = "lite.transpose"(%r2) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x3x4x4xf32>) -> tensor<1x3x2x4x4xf32>
  %y2 = "lite.reshape"(%t2) {shape = array<i64: 1, 6, 16>} : (tensor<1x3x2x4x4xf32>) -> tensor<1x6x16xf32>
  %r3 = "lite.reshape"(%x) {shape = array<i64: 1, 2, 3, 4, 4>} : (tensor<1x6x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %t3 = "lite.transpose"(%r3) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x3x4x4xf32>) -> tensor<1x3x2x4x4xf32>
  %y3 = "lite.reshape"(%t3) {shape = array<i64: 1, 6, 4, 4>} : (tensor<1x3x2x4x4xf32>) -> tensor<1x6x4x4xf32>
  return %y, %y2, %y3, %t3 : tensor<1x6x4x4xf32>, tensor<1x6x16xf32>, tensor<1x6x4x4xf32>, tensor<1x3x2x4x4xf32>
}

// -----

// A dynamic batch: the shapes cannot be checked. Swapping the channels
// with the flattened spatial dims is a transpose, not a shuffle.
// CHECK-LABEL: func.func @unknown_or_other_split
// CHECK-NOT:     "lite.shuffle_channel"
// CHECK-COUNT-2: "lite.transpose"
func.func @unknown_or_other_split(%x: tensor<?x6x4x4xf32>, %z: tensor<1x6x4x4xf32>) -> (tensor<?x6x4x4xf32>, tensor<1x6x4x4xf32>) {
  %r = "lite.reshape"(%x) {shape = array<i64: -1, 2, 3, 4, 4>} : (tensor<?x6x4x4xf32>) -> tensor<?x2x3x4x4xf32>
  %t = "lite.transpose"(%r) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<?x2x3x4x4xf32>) -> tensor<?x3x2x4x4xf32>
  %y = "lite.reshape"(%t) {shape = array<i64: -1, 6, 4, 4>} : (tensor<?x3x2x4x4xf32>) -> tensor<?x6x4x4xf32>
  %r2 = "lite.reshape"(%z) {shape = array<i64: 1, 6, 16>} : (tensor<1x6x4x4xf32>) -> tensor<1x6x16xf32>
  %t2 = "lite.transpose"(%r2) {perm = array<i64: 0, 2, 1>} : (tensor<1x6x16xf32>) -> tensor<1x16x6xf32>
  %y2 = "lite.reshape"(%t2) {shape = array<i64: 1, 6, 4, 4>} : (tensor<1x16x6xf32>) -> tensor<1x6x4x4xf32>
  return %y, %y2 : tensor<?x6x4x4xf32>, tensor<1x6x4x4xf32>
}

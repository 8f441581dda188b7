// lite-fuse-transpose-softmax: transpose(p) -> softmax(axis -1) ->
// transpose(inverse of p) is a softmax along p[rank - 1]; log_softmax
// likewise. Left alone: a softmax over another axis, a second transpose
// that is not the inverse, an intermediate with a second user.

// RUN: lite-opt %s --split-input-file --lite-fuse-transpose-softmax | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-transpose-softmax --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-transpose-softmax --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-fused - Number of transpose/softmax/transpose chains fused

// Numbers: the same softmax on the same elements, only in another order:
// equal exactly (rtol 0, atol 0).
// RUN: lite-run --compare %s --function fused --pass-pipeline='builtin.module(func.func(lite-fuse-transpose-softmax))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// NUM: ops: 12 -> 4
// NUM-COUNT-4: max-abs 0 max-rel 0 cosine 1.000000: ok

// NCHW softmax over C through NHWC; a rank-3 rotation (axis 0); perm
// absent (reversed dims) twice; log_softmax with axis = rank - 1.
// CHECK-LABEL: func.func @fused
// CHECK-NEXT:    %[[A:.*]] = "lite.softmax"(%arg0) {axis = 1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.softmax"(%arg1) {axis = 0 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT:    %[[C:.*]] = "lite.softmax"(%arg1) {axis = 0 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT:    %[[D:.*]] = "lite.log_softmax"(%arg0) {axis = 2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
// LOC-LABEL: func.func @fused
// LOC: "lite.softmax"(%arg0) {{.*}} loc(fused["to_nhwc", "softmax", "to_nchw"])
func.func @fused(%x: tensor<2x3x4x5xf32>, %z: tensor<3x4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<2x3x4x5xf32>) {
  %t = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32> loc("to_nhwc")
  %s = "lite.softmax"(%t) {axis = -1 : i64} : (tensor<2x4x5x3xf32>) -> tensor<2x4x5x3xf32> loc("softmax")
  %a = "lite.transpose"(%s) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x4x5x3xf32>) -> tensor<2x3x4x5xf32> loc("to_nchw")
  %tz = "lite.transpose"(%z) {perm = array<i64: 1, 2, 0>} : (tensor<3x4x5xf32>) -> tensor<4x5x3xf32>
  %sz = "lite.softmax"(%tz) {axis = 2 : i64} : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  %b = "lite.transpose"(%sz) {perm = array<i64: 2, 0, 1>} : (tensor<4x5x3xf32>) -> tensor<3x4x5xf32>
  %tr = "lite.transpose"(%z) : (tensor<3x4x5xf32>) -> tensor<5x4x3xf32>
  %sr = "lite.softmax"(%tr) : (tensor<5x4x3xf32>) -> tensor<5x4x3xf32>
  %c = "lite.transpose"(%sr) : (tensor<5x4x3xf32>) -> tensor<3x4x5xf32>
  %tl = "lite.transpose"(%x) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x3x4x5xf32>) -> tensor<2x3x5x4xf32>
  %sl = "lite.log_softmax"(%tl) {axis = 3 : i64} : (tensor<2x3x5x4xf32>) -> tensor<2x3x5x4xf32>
  %d = "lite.transpose"(%sl) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x3x5x4xf32>) -> tensor<2x3x4x5xf32>
  return %a, %b, %c, %d : tensor<2x3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<2x3x4x5xf32>
}

// -----

// The softmax is not over the last axis.
// CHECK-LABEL: func.func @other_axis
// CHECK-NOT:     "lite.softmax"(%arg0)
// CHECK-COUNT-2: "lite.transpose"
func.func @other_axis(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32> {
  %t = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32>
  %s = "lite.softmax"(%t) {axis = 1 : i64} : (tensor<2x4x5x3xf32>) -> tensor<2x4x5x3xf32>
  %a = "lite.transpose"(%s) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x4x5x3xf32>) -> tensor<2x3x4x5xf32>
  return %a : tensor<2x3x4x5xf32>
}

// -----

// The second transpose applies the first again (perm [0, 2, 3, 1] twice on
// a 2x3x3x3 tensor keeps the shape but is not the inverse).
// CHECK-LABEL: func.func @not_inverse
// CHECK-NOT:     "lite.softmax"(%arg0)
// CHECK-COUNT-2: "lite.transpose"
func.func @not_inverse(%x: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %t = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %s = "lite.softmax"(%t) {axis = -1 : i64} : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %a = "lite.transpose"(%s) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %a : tensor<2x3x3x3xf32>
}

// -----

// The transposed input, and the softmax result, have second users.
// CHECK-LABEL: func.func @second_users
// CHECK-NOT:     "lite.softmax"(%arg0)
// CHECK-COUNT-4: "lite.transpose"
func.func @second_users(%x: tensor<2x3x4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x4x5x3xf32>, tensor<2x3x4x5xf32>, tensor<2x4x5x3xf32>) {
  %t = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32>
  %s = "lite.softmax"(%t) {axis = -1 : i64} : (tensor<2x4x5x3xf32>) -> tensor<2x4x5x3xf32>
  %a = "lite.transpose"(%s) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x4x5x3xf32>) -> tensor<2x3x4x5xf32>
  %t2 = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32>
  %s2 = "lite.softmax"(%t2) {axis = -1 : i64} : (tensor<2x4x5x3xf32>) -> tensor<2x4x5x3xf32>
  %b = "lite.transpose"(%s2) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x4x5x3xf32>) -> tensor<2x3x4x5xf32>
  return %a, %t, %b, %s2 : tensor<2x3x4x5xf32>, tensor<2x4x5x3xf32>, tensor<2x3x4x5xf32>, tensor<2x4x5x3xf32>
}

// lite-fuse-conv-bn folds batch_norm into the conv before it: per output
// channel a = gamma / sqrt(var + eps), W' = a W, b' = (b - mean) a + beta.
// The transposed conv scales along W's dim 1, per group. Left alone: a conv
// result with a second user, statistics or weights that are not constants,
// a conv with an activation (bn would apply after it), f16.

// RUN: lite-opt %s --lite-fuse-conv-bn --mlir-print-debuginfo | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-bn --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-fused - Number of conv+batch_norm pairs fused

// Before vs after on the reference interpreter (random inputs): W' and b'
// are computed in double and rounded once, so the results differ from the
// two-op sequence only by float rounding.
// RUN: lite-run --compare %s --function fused --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function no_bias --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function transpose --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 2 -> 1
// CMP: : ok

// a = [2 / sqrt(3 + 1), 0.5 / sqrt(15 + 1)] = [1, 0.125];
// b' = [(3 - 1) * 1 + 1, (10 - 2) * 0.125 - 1] = [3, 0].
// CHECK-LABEL: func.func @fused
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00]]], {{\[\[\[}}5.000000e-01, -1.000000e+00]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32> loc(#[[FUSED:loc[0-9]+]])
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[3.000000e+00, 0.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%arg0, %[[W]], %[[B]]) {pads = array<i64: 0, 1, 0, 0>} : (tensor<1x1x3x4xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x2x3x4xf32> loc(#[[FUSED]])
// CHECK-NEXT:    return %[[C]]
func.func @fused(%x: tensor<1x1x3x4xf32>) -> tensor<1x2x3x4xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0, 2.0]]], [[[4.0, -8.0]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %b = "lite.constant"() {value = dense<[3.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %g = "lite.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[3.0, 15.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 0, 1, 0, 0>} : (tensor<1x1x3x4xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x2x3x4xf32> loc("conv_0")
  %y = "lite.batch_norm"(%c, %g, %be, %m, %v) {epsilon = 1.0 : f32} : (tensor<1x2x3x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x4xf32> loc("bn_0")
  return %y : tensor<1x2x3x4xf32>
}

// Without a conv bias, b' = beta - mean a; a 1-D conv (rank 3).
// CHECK-LABEL: func.func @no_bias
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[}}2.000000e+00, 4.000000e+00]], {{\[\[}}1.000000e+00, -1.000000e+00]]]> : tensor<2x1x2xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[-1.000000e+00, 5.000000e-01]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) : (tensor<2x1x5xf32>, tensor<2x1x2xf32>, tensor<2xf32>) -> tensor<2x2x4xf32>
// CHECK-NEXT:    return
func.func @no_bias(%x: tensor<2x1x5xf32>) -> tensor<2x2x4xf32> {
  %w = "lite.constant"() {value = dense<[[[1.0, 2.0]], [[4.0, -4.0]]]> : tensor<2x1x2xf32>} : () -> tensor<2x1x2xf32>
  %g = "lite.constant"() {value = dense<[4.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[0.5, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[3.75, 15.75]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<2x1x5xf32>, tensor<2x1x2xf32>) -> tensor<2x2x4xf32>
  %y = "lite.batch_norm"(%c, %g, %be, %m, %v) {epsilon = 0.25 : f32} : (tensor<2x2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2x4xf32>
  return %y : tensor<2x2x4xf32>
}

// conv2d_transpose, group 2: W is (C=4, M/g=2, 2, 2) and output channel
// m = (c / 2) * 2 + j for W[c, j], so rows c = 0, 1 take a[0..1] = [1, 2]
// and rows 2, 3 take a[2..3] = [3, 4].
// CHECK-LABEL: func.func @transpose
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]], {{\[\[}}2.000000e+00, 2.000000e+00], [2.000000e+00, 2.000000e+00]]], {{\[\[\[}}1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]], {{\[\[}}2.000000e+00, 2.000000e+00], [2.000000e+00, 2.000000e+00]]], {{\[\[\[}}3.000000e+00, 3.000000e+00], [3.000000e+00, 3.000000e+00]], {{\[\[}}4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00]]], {{\[\[\[}}3.000000e+00, 3.000000e+00], [3.000000e+00, 3.000000e+00]], {{\[\[}}4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00]]]]> : tensor<4x2x2x2xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[-5.000000e-01, -1.500000e+00, -2.500000e+00, -3.500000e+00]> : tensor<4xf32>}
// CHECK-NEXT:    "lite.conv2d_transpose"(%arg0, %[[W]], %[[B]]) {group = 2 : i64}
// CHECK-NEXT:    return
func.func @transpose(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<4x2x2x2xf32>} : () -> tensor<4x2x2x2xf32>
  %g = "lite.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %be = "lite.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %m = "lite.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %v = "lite.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %c = "lite.conv2d_transpose"(%x, %w) {group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x2x2x2xf32>) -> tensor<1x4x4x4xf32>
  %y = "lite.batch_norm"(%c, %g, %be, %m, %v) {epsilon = 0.0 : f32} : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// The conv result is also returned: it must survive, so nothing is fused.
// CHECK-LABEL: func.func @second_user
// CHECK:         %[[C:.*]] = "lite.conv2d"
// CHECK-NEXT:    %[[Y:.*]] = "lite.batch_norm"(%[[C]],
// CHECK-NEXT:    return %[[Y]], %[[C]]
func.func @second_user(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.batch_norm"(%c, %s, %s, %s, %s) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y, %c : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// Statistics that are arguments, weights that are arguments, a conv that
// already applies relu, and f16: left alone.
// CHECK-LABEL: func.func @not_constant
// CHECK-COUNT-2: "lite.batch_norm"
// CHECK-LABEL: func.func @with_activation
// CHECK:         "lite.conv2d"{{.*}}activation = "relu"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-LABEL: func.func @f16
// CHECK:         "lite.conv2d"
// CHECK-NEXT:    "lite.batch_norm"
func.func @not_constant(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>, %s: tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %k = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c = "lite.conv2d"(%x, %k) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.batch_norm"(%c, %s, %s, %s, %s) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %d = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %z = "lite.batch_norm"(%d, %one, %one, %one, %one) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y, %z : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
func.func @with_activation(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w) {activation = "relu"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.batch_norm"(%c, %s, %s, %s, %s) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}
func.func @f16(%x: tensor<1x2x3x3xf16>) -> tensor<1x2x3x3xf16> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf16>} : () -> tensor<2x2x1x1xf16>
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf16>} : () -> tensor<2xf16>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf16>, tensor<2x2x1x1xf16>) -> tensor<1x2x3x3xf16>
  %y = "lite.batch_norm"(%c, %s, %s, %s, %s) : (tensor<1x2x3x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x3x3xf16>
  return %y : tensor<1x2x3x3xf16>
}

// The fused conv carries both ONNX nodes' locations.
// CHECK: #[[CONV_LOC:loc[0-9]+]] = loc("conv_0")
// CHECK-NEXT: #[[BN_LOC:loc[0-9]+]] = loc("bn_0")
// CHECK: #[[FUSED]] = loc(fused[#[[CONV_LOC]], #[[BN_LOC]]])

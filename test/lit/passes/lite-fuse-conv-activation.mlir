// lite-fuse-conv-activation moves an activation op after a conv2d or
// conv2d_transpose into the conv's `activation` attributes, with the
// parameters of kernels/ref/activation.h: relu; clip(0, hi) as relu6 with
// activation_alpha = hi (bounds as constant operands or attributes; no
// upper bound is relu); leaky_relu, hard_sigmoid, swish with their alpha /
// beta; hard_swish, sigmoid, tanh, exact gelu. Left alone: a conv that
// already has an activation, a conv result with a second user, clip bounds
// that are not constants or do not make a relu/relu6, gelu's tanh form,
// activations conv has no slot for (elu).

// RUN: lite-opt %s --lite-fuse-conv-activation | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-activation --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 15 num-fused - Number of conv+activation pairs fused

// The conv applies the same activation function to the same float, so the
// results are identical.
// RUN: lite-run --compare %s --function numeric --pass-pipeline='builtin.module(func.func(lite-fuse-conv-activation))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 26 -> 13
// CMP-COUNT-13: max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: lite-run --compare %s --function transpose_residual --pass-pipeline='builtin.module(func.func(lite-fuse-conv-activation))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// CMP2: ops: 4 -> 2
// CMP2-COUNT-2: max-abs 0 max-rel 0 cosine 1.000000: ok

// CHECK-LABEL: func.func @numeric
// CHECK:         "lite.conv2d"(%arg0, %[[W:[^,]*]], %[[B:[^)]*]]) {activation = "relu", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "relu6", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "relu6", activation_alpha = 5.000000e-01 : f32, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "relu", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "relu6", activation_alpha = 2.500000e-01 : f32, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "leaky_relu", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "leaky_relu", activation_alpha = 3.000000e-01 : f32, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "hard_swish", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "hard_sigmoid", activation_alpha = 0.166666672 : f32, activation_beta = 2.500000e-01 : f32, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "sigmoid", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "tanh", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "swish", activation_beta = 2.000000e+00 : f32, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "gelu", pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    return
func.func @numeric(%x: tensor<1x2x5x5xf32>) -> (tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>) {
  %w = "lite.constant"() {value = dense<[[[[0.5, -0.25, 1.0], [0.75, -1.0, 0.5], [0.25, 0.5, -0.5]], [[-0.75, 0.25, 0.5], [1.0, 0.5, -0.25], [0.5, -0.5, 0.25]]], [[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]], [[-0.9, -0.8, -0.7], [-0.6, -0.5, -0.4], [-0.3, -0.2, -0.1]]], [[[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]], [[1.0, 2.0, 1.0], [0.0, 0.0, 0.0], [-1.0, -2.0, -1.0]]]]> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
  %b = "lite.constant"() {value = dense<[0.1, -0.2, 0.05]> : tensor<3xf32>} : () -> tensor<3xf32>
  %zero = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %six = "lite.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %none = "lite.none"() : () -> none
  %c0 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y0 = "lite.relu"(%c0) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c1 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y1 = "lite.clip"(%c1, %zero, %six) : (tensor<1x3x5x5xf32>, tensor<f32>, tensor<f32>) -> tensor<1x3x5x5xf32>
  %c2 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y2 = "lite.clip"(%c2, %zero, %half) : (tensor<1x3x5x5xf32>, tensor<f32>, tensor<f32>) -> tensor<1x3x5x5xf32>
  %c3 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y3 = "lite.clip"(%c3, %zero) : (tensor<1x3x5x5xf32>, tensor<f32>) -> tensor<1x3x5x5xf32>
  %c4 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y4 = "lite.clip"(%c4) {min = 0.0 : f32, max = 0.25 : f32} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c5 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y5 = "lite.leaky_relu"(%c5) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c6 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y6 = "lite.leaky_relu"(%c6) {alpha = 0.3 : f32} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c7 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y7 = "lite.hard_swish"(%c7) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c8 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y8 = "lite.hard_sigmoid"(%c8) {alpha = 0.16666667 : f32, beta = 0.25 : f32} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c9 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y9 = "lite.sigmoid"(%c9) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c10 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y10 = "lite.tanh"(%c10) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c11 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y11 = "lite.swish"(%c11) {beta = 2.0 : f32} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c12 = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %y12 = "lite.gelu"(%c12) {approximate = "none"} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7, %y8, %y9, %y10, %y11, %y12 : tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>
}

// conv2d_transpose takes an activation too; a conv with a residual applies
// it after adding R, which is what relu(conv + R) computes.
// CHECK-LABEL: func.func @transpose_residual
// CHECK:         "lite.conv2d_transpose"(%arg0, %{{.*}}) {activation = "relu", strides = array<i64: 2, 2>}
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}, %{{.*}}, %arg1) {activation = "sigmoid"}
// CHECK-NEXT:    return
func.func @transpose_residual(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x3x6x6xf32>, tensor<1x2x3x3xf32>) {
  %w = "lite.constant"() {value = dense<[[[[1.0, -1.0], [0.5, 0.25]], [[-0.5, 1.0], [1.0, -0.25]], [[0.75, 0.5], [-1.0, 0.5]]], [[[0.25, 0.5], [-0.75, 1.0]], [[1.0, 0.0], [-1.0, 0.5]], [[0.5, -0.5], [0.25, 0.75]]]]> : tensor<2x3x2x2xf32>} : () -> tensor<2x3x2x2xf32>
  %c = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x3x2x2xf32>) -> tensor<1x3x6x6xf32>
  %y = "lite.relu"(%c) : (tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  %k = "lite.constant"() {value = dense<[[[[1.0]], [[-2.0]]], [[[0.5]], [[1.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %none = "lite.none"() : () -> none
  %d = "lite.conv2d"(%x, %k, %none, %r) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, none, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %z = "lite.sigmoid"(%d) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y, %z : tensor<1x3x6x6xf32>, tensor<1x2x3x3xf32>
}

// Left alone: relu after relu, a second user, clip(x, 0, %max) with an
// argument bound, clip(-1, 1), clip without a lower bound, gelu's tanh
// form, elu.
// CHECK-LABEL: func.func @left_alone
// CHECK:         "lite.conv2d"{{.*}}activation = "relu"
// CHECK-NEXT:    "lite.relu"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.relu"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.clip"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.clip"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.clip"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.gelu"
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.elu"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<1x2x3x3xf32>, %max: tensor<f32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %zero = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %none = "lite.none"() : () -> none
  %c0 = "lite.conv2d"(%x, %w) {activation = "relu"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y0 = "lite.relu"(%c0) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c1 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y1 = "lite.relu"(%c1) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c2 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y2 = "lite.clip"(%c2, %zero, %max) : (tensor<1x2x3x3xf32>, tensor<f32>, tensor<f32>) -> tensor<1x2x3x3xf32>
  %c3 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y3 = "lite.clip"(%c3) {min = -1.0 : f32, max = 1.0 : f32} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c4 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y4 = "lite.clip"(%c4, %none, %zero) : (tensor<1x2x3x3xf32>, none, tensor<f32>) -> tensor<1x2x3x3xf32>
  %c5 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y5 = "lite.gelu"(%c5) {approximate = "tanh"} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c6 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y6 = "lite.elu"(%c6) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y0, %y1, %c1, %y2, %y3, %y4, %y5, %y6 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

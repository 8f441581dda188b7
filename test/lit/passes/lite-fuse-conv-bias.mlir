// lite-fuse-conv-bias folds add(conv, K) / add(K, conv) / sub(conv, K)
// into the conv's bias when K broadcasts per output channel: a scalar,
// [C,1,1] or [1,C,1,1]. Under numpy broadcasting a 1-D [C] lines up with the
// last (width) dim, not the channels, so it is left alone, as are constants
// of any other shape, non-constant addends or conv biases, sub(K, conv), a
// conv result with a second user, and a conv that already applies an
// activation.

// RUN: lite-opt %s --lite-fuse-conv-bias | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-bias --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 6 num-fused - Number of conv+add (bias) pairs fused

// The new bias is b + K in double, rounded once: the sum order changes
// ((acc + b) + K becomes acc + (b + K)), so results differ by float
// rounding only.
// RUN: lite-run --compare %s --function per_channel --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bias))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function scalar_lhs --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bias))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function sub_act --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bias))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function transpose --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bias))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function any_weights_residual --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bias))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 2 -> 1
// CMP: : ok

// CHECK-LABEL: func.func @per_channel
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<5.000000e-01> : tensor<2x3x3x3xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[1.250000e+00, -1.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%arg0, %[[W]], %[[B]]) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x5x5xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x5x5xf32>
// CHECK-NEXT:    return %[[C]]
func.func @per_channel(%x: tensor<1x3x5x5xf32>) -> tensor<1x2x5x5xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<2x3x3x3xf32>} : () -> tensor<2x3x3x3xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "lite.constant"() {value = dense<[[[0.25]], [[-3.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %c = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x5x5xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x5x5xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x5x5xf32>, tensor<2x1x1xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// A scalar on the left, no conv bias: the bias is the scalar per channel.
// CHECK-LABEL: func.func @scalar_lhs
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<7.500000e-01> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %{{.*}}, %[[B]])
// CHECK-NEXT:    return
func.func @scalar_lhs(%x: tensor<1x3x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[-1.0]], [[0.5]], [[0.25]]]]> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %k = "lite.constant"() {value = dense<0.75> : tensor<f32>} : () -> tensor<f32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%k, %c) : (tensor<f32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// sub(conv, K) with K [1,C,1,1]; the add's activation moves to the conv.
// CHECK-LABEL: func.func @sub_act
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<[-5.000000e-01, 3.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %{{.*}}, %[[B]]) {activation = "leaky_relu", activation_alpha = 2.000000e-01 : f32}
// CHECK-NEXT:    return
func.func @sub_act(%x: tensor<1x3x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[-1.0]], [[0.5]], [[0.25]]]]> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %b = "lite.constant"() {value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "lite.constant"() {value = dense<[[[[1.0]], [[-2.0]]]]> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %c = "lite.conv2d"(%x, %w, %b) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.sub"(%c, %k) {activation = "leaky_relu", activation_alpha = 0.2 : f32} : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// conv2d_transpose (M = 2 groups x 2): the bias is per output channel too.
// CHECK-LABEL: func.func @transpose
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>}
// CHECK-NEXT:    "lite.conv2d_transpose"(%arg0, %{{.*}}, %[[B]]) {group = 2 : i64, strides = array<i64: 2, 2>}
// CHECK-NEXT:    return
func.func @transpose(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x2x2x2xf32>} : () -> tensor<4x2x2x2xf32>
  %k = "lite.constant"() {value = dense<[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]> : tensor<4x1x1xf32>} : () -> tensor<4x1x1xf32>
  %c = "lite.conv2d_transpose"(%x, %w) {group = 2 : i64, strides = array<i64: 2, 2>} : (tensor<1x4x3x3xf32>, tensor<4x2x2x2xf32>) -> tensor<1x4x6x6xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// Only the bias changes: weights that are an argument are fine, and so is
// a residual the conv adds.
// CHECK-LABEL: func.func @any_weights_residual
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %arg1, %[[B]], %arg2) :
// CHECK-NEXT:    return
func.func @any_weights_residual(%x: tensor<1x3x4x4xf32>, %w: tensor<2x3x1x1xf32>, %r: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "lite.constant"() {value = dense<0.5> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %c = "lite.conv2d"(%x, %w, %b, %r) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// A one-element [1] vector is a scalar wherever it lines up.
// CHECK-LABEL: func.func @one_element
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}, %{{.*}}) :
// CHECK-NEXT:    return
func.func @one_element(%x: tensor<1x3x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %k = "lite.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// [C] against a [1,C,H,C] result adds along the width: not a bias.
// [1,C,H,1] varies along H; [2,C,1,1] would broadcast the batch up.
// CHECK-LABEL: func.func @not_per_channel
// CHECK-COUNT-3: "lite.add"
// CHECK-LABEL: func.func @not_constant
func.func @not_per_channel(%x: tensor<1x3x4x2xf32>) -> (tensor<1x2x4x2xf32>, tensor<1x2x4x2xf32>, tensor<2x2x4x2xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %k1 = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c1 = "lite.conv2d"(%x, %w) : (tensor<1x3x4x2xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x2xf32>
  %y1 = "lite.add"(%c1, %k1) : (tensor<1x2x4x2xf32>, tensor<2xf32>) -> tensor<1x2x4x2xf32>
  %k2 = "lite.constant"() {value = dense<1.0> : tensor<1x2x4x1xf32>} : () -> tensor<1x2x4x1xf32>
  %c2 = "lite.conv2d"(%x, %w) : (tensor<1x3x4x2xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x2xf32>
  %y2 = "lite.add"(%c2, %k2) : (tensor<1x2x4x2xf32>, tensor<1x2x4x1xf32>) -> tensor<1x2x4x2xf32>
  %k3 = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c3 = "lite.conv2d"(%x, %w) : (tensor<1x3x4x2xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x2xf32>
  %y3 = "lite.add"(%c3, %k3) : (tensor<1x2x4x2xf32>, tensor<2x2x1x1xf32>) -> tensor<2x2x4x2xf32>
  return %y1, %y2, %y3 : tensor<1x2x4x2xf32>, tensor<1x2x4x2xf32>, tensor<2x2x4x2xf32>
}

// A per-channel addend that is an argument; sub(K, conv) (it would negate
// the weights); a conv bias that is an argument; a second user of the
// conv; a conv with an activation.
// CHECK:         "lite.add"
// CHECK:         "lite.sub"
// CHECK:         "lite.conv2d"(%arg0, %{{[^,]*}}, %arg2)
// CHECK-NEXT:    "lite.add"
// CHECK-LABEL: func.func @second_user
// CHECK:         %[[C:.*]] = "lite.conv2d"
// CHECK-NEXT:    %[[Y:.*]] = "lite.add"(%[[C]],
// CHECK-NEXT:    return %[[Y]], %[[C]]
// CHECK-LABEL: func.func @with_activation
// CHECK:         "lite.conv2d"{{.*}}activation = "relu"
// CHECK-NEXT:    "lite.add"
func.func @not_constant(%x: tensor<1x3x4x4xf32>, %k: tensor<2x1x1xf32>, %b: tensor<2xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %w2 = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %c2 = "lite.conv2d"(%x, %w2) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %k2 = "lite.constant"() {value = dense<1.0> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %s = "lite.sub"(%k2, %c2) : (tensor<2x1x1xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c3 = "lite.conv2d"(%x, %w2, %b) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %t = "lite.add"(%c3, %k2) : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y, %s, %t : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}
func.func @second_user(%x: tensor<1x3x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %k = "lite.constant"() {value = dense<1.0> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y, %c : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}
func.func @with_activation(%x: tensor<1x3x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %k = "lite.constant"() {value = dense<1.0> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %c = "lite.conv2d"(%x, %w) {activation = "relu"} : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = "lite.add"(%c, %k) : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

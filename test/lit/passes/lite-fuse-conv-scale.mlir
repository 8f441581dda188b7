// lite-fuse-conv-scale folds a scale (honouring bias_after_scale, which
// Paddle-Lite's conv_scale_fuser ignores) or a mul by a per-channel or
// scalar constant into the conv's weights and bias:
//   bias_after_scale = 1: s * conv + b    W' = s W, b' = s b0 + b
//   bias_after_scale = 0: s * (conv + b)  W' = s W, b' = s (b0 + b)
//   mul(conv, k):                         W' = k W, b' = k b0
// Left alone: a mul by a constant that is not per channel or not a
// constant, a conv result with a second user, a conv that already applies
// an activation or adds a residual (the scale would apply to it too).

// RUN: lite-opt %s --lite-fuse-conv-scale | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-scale --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 9 num-fused - Number of conv+scale / conv+mul pairs fused

// W' and b' are computed in double and rounded once: results differ from
// the two ops by float rounding only.
// RUN: lite-run --compare %s --function after --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function before --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function default_act --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function awkward --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function mul_per_channel --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function mul_scalar --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function transpose --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function int_attrs --pass-pipeline='builtin.module(func.func(lite-fuse-conv-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 2 -> 1
// CMP: : ok

// y = 2 * conv + 0.5: b' = 2 * [1, 2] + 0.5.
// CHECK-LABEL: func.func @after
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}-2.000000e+00]], {{\[\[}}1.000000e+00]]]]> : tensor<2x2x1x1xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[2.500000e+00, 4.500000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%arg0, %[[W]], %[[B]]) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @after(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.scale"(%c) {scale = 2.0 : f32, bias = 0.5 : f32, bias_after_scale = 1 : i64} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// y = 2 * (conv + 0.5): b' = 2 * ([1, 2] + 0.5), not 2 * b0 + 0.5.
// CHECK-LABEL: func.func @before
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}-2.000000e+00]], {{\[\[}}1.000000e+00]]]]> : tensor<2x2x1x1xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[3.000000e+00, 5.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]])
// CHECK-NEXT:    return
func.func @before(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.scale"(%c) {scale = 2.0 : f32, bias = 0.5 : f32, bias_after_scale = 0 : i64} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// bias_after_scale defaults to 1; no conv bias; the scale's activation
// moves to the conv.
// CHECK-LABEL: func.func @default_act
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<-2.500000e-01> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %{{.*}}, %[[B]]) {activation = "relu"}
// CHECK-NEXT:    return
func.func @default_act(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.scale"(%c) {scale = 3.0 : f32, bias = -0.25 : f32, activation = "relu"} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// A scale that does not round trip (0.3, bias before scale) on a 3x3 conv:
// the numeric check above bounds the rounding. No bias anywhere: no bias
// operand.
// CHECK-LABEL: func.func @awkward
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<[3.300000e-01, 1.230000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %{{.*}}, %[[B]]) {pads = array<i64: 1, 1, 1, 1>}
// CHECK-LABEL: func.func @no_bias
// CHECK:         "lite.conv2d"(%arg0, %{{[^,]*}}) :
// CHECK-NEXT:    return
func.func @awkward(%x: tensor<1x3x5x5xf32>) -> tensor<1x2x5x5xf32> {
  %w = "lite.constant"() {value = dense<0.7> : tensor<2x3x3x3xf32>} : () -> tensor<2x3x3x3xf32>
  %b = "lite.constant"() {value = dense<[1.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x5x5xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x5x5xf32>
  %y = "lite.scale"(%c) {scale = 0.3 : f32, bias = 0.1 : f32, bias_after_scale = 0 : i64} : (tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}
func.func @no_bias(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.scale"(%c) {scale = -1.5 : f32} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// mul by [C,1,1]: each output channel's weights and bias scale by its k.
// CHECK-LABEL: func.func @mul_per_channel
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}4.000000e+00]], {{\[\[}}8.000000e+00]]], {{\[\[\[}}5.000000e-01]], {{\[\[}}-2.500000e-01]]]]> : tensor<2x2x1x1xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[4.000000e+00, -1.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]])
// CHECK-NEXT:    return
func.func @mul_per_channel(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "lite.constant"() {value = dense<[[[4.0]], [[-0.5]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %c = "lite.conv2d"(%x, %w, %b) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.mul"(%c, %k) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// mul(k, conv) by a scalar, with the mul's activation.
// CHECK-LABEL: func.func @mul_scalar
// CHECK:         "lite.conv2d"(%arg0, %{{[^,]*}}) {activation = "sigmoid"} :
// CHECK-NEXT:    return
func.func @mul_scalar(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %k = "lite.constant"() {value = dense<0.3> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.mul"(%k, %c) {activation = "sigmoid"} : (tensor<1x1x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// conv2d_transpose scales W along dim 1 within each group (group 2: rows
// 0-1 feed channels 0-1, rows 2-3 channels 2-3).
// CHECK-LABEL: func.func @transpose
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]]]]> : tensor<4x2x1x1xf32>}
// CHECK-NEXT:    "lite.conv2d_transpose"(%arg0, %[[W]]) {group = 2 : i64}
func.func @transpose(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<4x2x1x1xf32>} : () -> tensor<4x2x1x1xf32>
  %k = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>} : () -> tensor<1x4x1x1xf32>
  %c = "lite.conv2d_transpose"(%x, %w) {group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x3x3xf32>
  %y = "lite.mul"(%c, %k) : (tensor<1x4x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  return %y : tensor<1x4x3x3xf32>
}

// Left alone: mul by [C] (lines up with the width), by an argument, a
// second user, a conv with an activation, a conv with a residual, weights
// or a conv bias that are arguments.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: "lite.mul"
// CHECK:         "lite.scale"
// CHECK:         "lite.scale"
// CHECK:         "lite.scale"
// CHECK:         "lite.scale"
// CHECK:         "lite.scale"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<1x2x3x2xf32>, %k: tensor<2x1x1xf32>, %r: tensor<1x2x3x2xf32>, %wa: tensor<2x2x1x1xf32>, %ba: tensor<2xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %v = "lite.constant"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c1 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %y1 = "lite.mul"(%c1, %v) : (tensor<1x2x3x2xf32>, tensor<2xf32>) -> tensor<1x2x3x2xf32>
  %c2 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %y2 = "lite.mul"(%c2, %k) : (tensor<1x2x3x2xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %c3 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %y3 = "lite.scale"(%c3) {scale = 2.0 : f32} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  %c4 = "lite.conv2d"(%x, %w) {activation = "relu"} : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %y4 = "lite.scale"(%c4) {scale = 2.0 : f32} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  %none = "lite.none"() : () -> none
  %c5 = "lite.conv2d"(%x, %w, %none, %r) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>, none, tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  %y5 = "lite.scale"(%c5) {scale = 2.0 : f32} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  %c6 = "lite.conv2d"(%x, %wa) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x2xf32>
  %y6 = "lite.scale"(%c6) {scale = 2.0 : f32} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  %c7 = "lite.conv2d"(%x, %w, %ba) : (tensor<1x2x3x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x2xf32>
  %y7 = "lite.scale"(%c7) {scale = 2.0 : f32} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
  return %y1, %y2, %y3, %c3, %y4, %y5, %y6, %y7 : tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>
}

// Integer-valued scale and bias attributes (the verifier accepts them for
// float attributes) read as their values, not as the defaults.
// CHECK-LABEL: func.func @int_attrs
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<[5.000000e+00, 7.000000e+00]> : tensor<2xf32>}
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}, %[[B]])
func.func @int_attrs(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[-1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.scale"(%c) {scale = 2 : i64, bias = 3 : i64} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

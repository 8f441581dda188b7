// lite-fuse-conv-residual turns add(conv(x, W, B), R), R any tensor of the
// conv result's exact static shape and type, into conv(x, W, B, R), and
// takes the activation after the add along (the add's own, or an
// activation op that is the add's only user). Left alone: an R that
// broadcasts, a conv result with a second user, a conv that already has an
// activation or a residual, conv2d_transpose (no residual operand), f16.

// RUN: lite-opt %s --lite-fuse-conv-residual | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-residual --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-fused - Number of conv+add (residual) pairs fused

// In f32 the conv adds its bias, then R, in float, as the two ops did:
// the results are identical.
// RUN: lite-run --compare %s --function basic --pass-pipeline='builtin.module(func.func(lite-fuse-conv-residual))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function lhs_relu --pass-pipeline='builtin.module(func.func(lite-fuse-conv-residual))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP4
// RUN: lite-run --compare %s --function two_convs --pass-pipeline='builtin.module(func.func(lite-fuse-conv-residual))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP3
// RUN: lite-run --compare %s --function add_act_shared --pass-pipeline='builtin.module(func.func(lite-fuse-conv-residual))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP3
// CMP: ops: 2 -> 1
// CMP3: ops: 3 -> 2
// CMP4: ops: 4 -> 2
// CMP-COUNT-1: max-abs 0 max-rel 0 cosine 1.000000: ok
// CMP3-COUNT-1: max-abs 0 max-rel 0 cosine 1.000000: ok
// CMP4-COUNT-1: max-abs 0 max-rel 0 cosine 1.000000: ok

// CHECK-LABEL: func.func @basic
// CHECK:         %[[C:.*]] = "lite.conv2d"(%arg0, %{{[^,]*}}, %{{[^,]*}}, %arg1) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    return %[[C]]
// RUN: lite-opt %s --lite-fuse-conv-residual --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// LOC: #[[CONV:loc[0-9]+]] = loc("conv")
// LOC-NEXT: #[[ADD:loc[0-9]+]] = loc("add")
// LOC: loc(fused[#[[CONV]], #[[ADD]]])
func.func @basic(%x: tensor<1x2x4x4xf32>, %r: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "lite.constant"() {value = dense<[[[[0.5, -0.25, 1.0], [0.75, -1.0, 0.5], [0.25, 0.5, -0.5]], [[-0.75, 0.25, 0.5], [1.0, 0.5, -0.25], [0.5, -0.5, 0.25]]], [[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]], [[-0.9, -0.8, -0.7], [-0.6, -0.5, -0.4], [-0.3, -0.2, -0.1]]]]> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %b = "lite.constant"() {value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32> loc("conv")
  %y = "lite.add"(%c, %r) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> loc("add")
  return %y : tensor<1x2x4x4xf32>
}

// R on the left, no conv bias (a `none` fills the bias slot), the relu
// after the add comes along; R is itself computed (it dominates the add,
// where the fused conv goes).
// CHECK-LABEL: func.func @lhs_relu
// CHECK:         %[[R:.*]] = "lite.sigmoid"(%arg1)
// CHECK-NEXT:    %[[N:.*]] = "lite.none"() : () -> none
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%arg0, %{{[^,]*}}, %[[N]], %[[R]]) {activation = "relu"} : (tensor<1x3x2x3xf32>, tensor<2x3x1x1xf32>, none, tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @lhs_relu(%x: tensor<1x3x2x3xf32>, %s: tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[-2.0]], [[0.5]]], [[[0.25]], [[1.5]], [[-1.0]]]]> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x2x3xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x2x3xf32>
  %r = "lite.sigmoid"(%s) : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %y = "lite.add"(%r, %c) : (tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %z = "lite.relu"(%y) : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  return %z : tensor<1x2x2x3xf32>
}

// A ResNet downsampling block: both add operands are convs; the first
// takes the second as its residual, with the add's own activation.
// CHECK-LABEL: func.func @two_convs
// CHECK:         %[[S:.*]] = "lite.conv2d"(%arg0, %{{[^,]*}}) {strides = array<i64: 2, 2>}
// CHECK:         %[[C:.*]] = "lite.conv2d"(%arg0, %{{[^,]*}}, %{{[^,]*}}, %[[S]]) {activation = "relu6", activation_alpha = 4.000000e+00 : f32, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT:    return %[[C]]
func.func @two_convs(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
  %ws = "lite.constant"() {value = dense<[[[[1.0]], [[-1.0]]], [[[0.5]], [[0.5]]], [[[2.0]], [[0.0]]]]> : tensor<3x2x1x1xf32>} : () -> tensor<3x2x1x1xf32>
  %b = "lite.constant"() {value = dense<[0.5, -0.5, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c = "lite.conv2d"(%x, %w, %b) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  %s = "lite.conv2d"(%x, %ws) {strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x3x3xf32>
  %y = "lite.add"(%c, %s) {activation = "relu6", activation_alpha = 4.0 : f32} : (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %y : tensor<1x3x3x3xf32>
}

// The add's result has a second user: the residual is fused, the relu
// stays a separate op on the fused conv's result.
// CHECK-LABEL: func.func @add_act_shared
// CHECK:         %[[C:.*]] = "lite.conv2d"(%arg0, %{{[^,]*}}, %{{[^,]*}}, %arg1) :
// CHECK-NEXT:    %[[Z:.*]] = "lite.relu"(%[[C]])
// CHECK-NEXT:    return %[[Z]], %[[C]]
func.func @add_act_shared(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[-2.0]]], [[[0.25]], [[1.5]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y = "lite.add"(%c, %r) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %z = "lite.relu"(%y) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %z, %y : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// Left alone: R broadcasts ([1,C,1,1]); the conv result has a second user;
// the conv has an activation; the conv already has a residual; a
// transposed conv; f16.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-5: "lite.add"
// CHECK-LABEL: func.func @f16
// CHECK:         "lite.add"
func.func @left_alone(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>, %v: tensor<1x2x1x1xf32>, %t: tensor<1x2x4x4xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x4x4xf32>) {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c0 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y0 = "lite.add"(%c0, %v) : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %c1 = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y1 = "lite.add"(%c1, %r) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c2 = "lite.conv2d"(%x, %w) {activation = "relu"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y2 = "lite.add"(%c2, %r) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %none = "lite.none"() : () -> none
  %c3 = "lite.conv2d"(%x, %w, %none, %r) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, none, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %y3 = "lite.add"(%c3, %r) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %wt = "lite.constant"() {value = dense<1.0> : tensor<2x2x2x2xf32>} : () -> tensor<2x2x2x2xf32>
  %c4 = "lite.conv2d_transpose"(%x, %wt) : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x4x4xf32>
  %y4 = "lite.add"(%c4, %t) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %y0, %y1, %c1, %y2, %y3, %y4 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x4x4xf32>
}
func.func @f16(%x: tensor<1x2x3x3xf16>, %r: tensor<1x2x3x3xf16>) -> tensor<1x2x3x3xf16> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2x1x1xf16>} : () -> tensor<2x2x1x1xf16>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x2x3x3xf16>, tensor<2x2x1x1xf16>) -> tensor<1x2x3x3xf16>
  %y = "lite.add"(%c, %r) : (tensor<1x2x3x3xf16>, tensor<1x2x3x3xf16>) -> tensor<1x2x3x3xf16>
  return %y : tensor<1x2x3x3xf16>
}

// lite-fuse-conv-conv folds a linear map on the channels after a group-1
// conv into the conv's weights: a 1x1 conv (stride 1, pads 0, group 1)
// or matmul(K, y) on a conv1d result y [N, C, L] (the only matmul that
// contracts the channel dim of an NC... tensor). W' = W1 W0, b' = W1 b0 + b1;
// the 1x1 conv's activation and residual carry over. It fuses only when it
// saves multiply-adds: ic0 K (oc1 - oc0) <= oc0 oc1, K the kernel taps of
// conv0 (Paddle-Lite's rule drops K and refuses oc1 <= oc0).

// RUN: lite-opt %s --lite-fuse-conv-conv | FileCheck %s
// RUN: lite-opt %s --lite-fuse-conv-conv --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-fused - Number of conv+1x1 conv / conv+matmul pairs fused

// W' and b' sum over conv0's output channels in double and round once; the
// conv then sums in another order than the two convs did, so the results
// differ by float rounding.
// RUN: lite-run --compare %s --function shrink --pass-pipeline='builtin.module(func.func(lite-fuse-conv-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function expand_1x1 --pass-pipeline='builtin.module(func.func(lite-fuse-conv-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function residual --pass-pipeline='builtin.module(func.func(lite-fuse-conv-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function matmul --pass-pipeline='builtin.module(func.func(lite-fuse-conv-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 2 -> 1
// CMP: : ok

// W1 = [[1, 0, 2], [0, -1, 1]]: W'[0] = W0[0] + 2 W0[2], W'[1] = W0[2] - W0[1];
// b' = [1 + 2*3 + 0.5, -2 + 3 - 0.5]. oc1 = 2 < oc0 = 3 (Paddle-Lite would
// not fuse); conv0's pads and strides stay, conv1's relu comes along.
// CHECK-LABEL: func.func @shrink
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[\[}}-1.000000e+00, 3.000000e+00]], {{\[\[}}3.000000e+00, 6.000000e+00]]], {{\[\[\[}}-6.000000e+00, -5.500000e+00]], {{\[\[}}-7.000000e+00, -7.000000e+00]]]]> : tensor<2x2x1x2xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[7.500000e+00, 5.000000e-01]> : tensor<2xf32>}
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%arg0, %[[W]], %[[B]]) {activation = "relu", pads = array<i64: 0, 1, 0, 1>, strides = array<i64: 1, 2>} : (tensor<1x2x3x5xf32>, tensor<2x2x1x2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @shrink(%x: tensor<1x2x3x5xf32>) -> tensor<1x2x3x3xf32> {
  %w0 = "lite.constant"() {value = dense<[[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0, 8.0]]], [[[-1.0, 0.5]], [[0.0, 1.0]]]]> : tensor<3x2x1x2xf32>} : () -> tensor<3x2x1x2xf32>
  %b0 = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w1 = "lite.constant"() {value = dense<[[[[1.0]], [[0.0]], [[2.0]]], [[[0.0]], [[-1.0]], [[1.0]]]]> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %b1 = "lite.constant"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c0 = "lite.conv2d"(%x, %w0, %b0) {pads = array<i64: 0, 1, 0, 1>, strides = array<i64: 1, 2>} : (tensor<1x2x3x5xf32>, tensor<3x2x1x2xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  %c1 = "lite.conv2d"(%c0, %w1, %b1) {activation = "relu", kernel_shape = array<i64: 1, 1>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x3x3x3xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %c1 : tensor<1x2x3x3xf32>
}

// A 1x1 conv0 widened by the map: 2 * 1 * (6 - 4) = 4 <= 24, fused (no
// bias anywhere: none made).
// CHECK-LABEL: func.func @expand_1x1
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{.*}}> : tensor<6x2x1x1xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]]) : (tensor<1x2x4x4xf32>, tensor<6x2x1x1xf32>) -> tensor<1x6x4x4xf32>
// CHECK-NEXT:    return
func.func @expand_1x1(%x: tensor<1x2x4x4xf32>) -> tensor<1x6x4x4xf32> {
  %w0 = "lite.constant"() {value = dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]], [[[1.5]], [[0.75]]], [[[-0.5]], [[1.0]]]]> : tensor<4x2x1x1xf32>} : () -> tensor<4x2x1x1xf32>
  %w1 = "lite.constant"() {value = dense<[[[[0.1]], [[0.2]], [[0.3]], [[0.4]]], [[[0.5]], [[0.6]], [[0.7]], [[0.8]]], [[[0.9]], [[1.0]], [[1.1]], [[1.2]]], [[[-0.1]], [[-0.2]], [[-0.3]], [[-0.4]]], [[[-0.5]], [[-0.6]], [[-0.7]], [[-0.8]]], [[[-0.9]], [[-1.0]], [[-1.1]], [[-1.2]]]]> : tensor<6x4x1x1xf32>} : () -> tensor<6x4x1x1xf32>
  %c0 = "lite.conv2d"(%x, %w0) : (tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32>
  %c1 = "lite.conv2d"(%c0, %w1) : (tensor<1x4x4x4xf32>, tensor<6x4x1x1xf32>) -> tensor<1x6x4x4xf32>
  return %c1 : tensor<1x6x4x4xf32>
}

// The 1x1 conv's residual stays the fused conv's residual.
// CHECK-LABEL: func.func @residual
// CHECK:         "lite.conv2d"(%arg0, %{{[^,]*}}, %{{[^,]*}}, %arg1) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    return
func.func @residual(%x: tensor<1x2x4x4xf32>, %r: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w0 = "lite.constant"() {value = dense<0.125> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %b0 = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %w1 = "lite.constant"() {value = dense<[[[[0.5]], [[1.0]]], [[[-1.0]], [[0.25]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %none = "lite.none"() : () -> none
  %c0 = "lite.conv2d"(%x, %w0, %b0) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %c1 = "lite.conv2d"(%c0, %w1, %none, %r) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, none, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %c1 : tensor<1x2x4x4xf32>
}

// matmul(K [2, 3], conv1d result [1, 3, 6]) maps the channels.
// K = [[1, 1, 0], [0, 2, -1]]: W' = [W0[0] + W0[1], 2 W0[1] - W0[2]],
// b' = [0.5 + 1, 2 - 2] (b0 = [0.5, 1, 2]).
// CHECK-LABEL: func.func @matmul
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[\[}}4.000000e+00, 6.000000e+00, 8.000000e+00]], {{\[\[}}9.000000e+00, 9.000000e+00, 9.000000e+00]]]> : tensor<2x1x3xf32>}
// CHECK-NEXT:    %[[B:.*]] = "lite.constant"() {value = dense<[1.500000e+00, 0.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    "lite.conv2d"(%arg0, %[[W]], %[[B]]) : (tensor<1x1x8xf32>, tensor<2x1x3xf32>, tensor<2xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT:    return
func.func @matmul(%x: tensor<1x1x8xf32>) -> tensor<1x2x6xf32> {
  %w0 = "lite.constant"() {value = dense<[[[1.0, 2.0, 3.0]], [[3.0, 4.0, 5.0]], [[-3.0, -1.0, 1.0]]]> : tensor<3x1x3xf32>} : () -> tensor<3x1x3xf32>
  %b0 = "lite.constant"() {value = dense<[0.5, 1.0, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %k = "lite.constant"() {value = dense<[[1.0, 1.0, 0.0], [0.0, 2.0, -1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c0 = "lite.conv2d"(%x, %w0, %b0) : (tensor<1x1x8xf32>, tensor<3x1x3xf32>, tensor<3xf32>) -> tensor<1x3x6xf32>
  %y = "lite.matmul"(%k, %c0) : (tensor<2x3xf32>, tensor<1x3x6xf32>) -> tensor<1x2x6xf32>
  return %y : tensor<1x2x6xf32>
}

// Left alone:
//  - a 3x3 conv0 widened 4 -> 6 channels: 2 * 9 * 2 = 36 > 24 multiply-adds
//    (Paddle-Lite's rule, 2 * 2 <= 24, would fuse: 108 instead of 96);
//  - a grouped conv0; a 3x3, a strided, a padded, a grouped conv1;
//  - conv0 with an activation or a second user; weights that are arguments;
//  - matmul(y, K) (contracts the length, not the channels); matmul on a
//    2-D conv result (contracts H).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-9: "lite.conv2d"(%{{[0-9]+}}
// CHECK-LABEL: func.func @left_alone_matmul
// CHECK-COUNT-2: "lite.matmul"
func.func @left_alone(%x: tensor<1x2x6x6xf32>, %wa: tensor<2x2x1x1xf32>) -> (tensor<1x6x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x4x4xf32>, tensor<1x2x3x3xf32>, tensor<1x2x8x8xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) {
  %w33 = "lite.constant"() {value = dense<0.5> : tensor<4x2x3x3xf32>} : () -> tensor<4x2x3x3xf32>
  %w46 = "lite.constant"() {value = dense<0.5> : tensor<6x4x1x1xf32>} : () -> tensor<6x4x1x1xf32>
  %c0 = "lite.conv2d"(%x, %w33) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  %y0 = "lite.conv2d"(%c0, %w46) : (tensor<1x4x6x6xf32>, tensor<6x4x1x1xf32>) -> tensor<1x6x6x6xf32>
  %wg = "lite.constant"() {value = dense<0.5> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %w22 = "lite.constant"() {value = dense<0.5> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c1 = "lite.conv2d"(%x, %wg) {group = 2 : i64} : (tensor<1x2x6x6xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y1 = "lite.conv2d"(%c1, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %w3 = "lite.constant"() {value = dense<0.5> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %c2 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y2 = "lite.conv2d"(%c2, %w3) : (tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %c3 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y3 = "lite.conv2d"(%c3, %w22) {strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %c4 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y4 = "lite.conv2d"(%c4, %w22) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x8x8xf32>
  %c5 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y5 = "lite.conv2d"(%c5, %wg) {group = 2 : i64} : (tensor<1x2x6x6xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x6x6xf32>
  %c6 = "lite.conv2d"(%x, %w22) {activation = "relu"} : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y6 = "lite.conv2d"(%c6, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %c7 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y7 = "lite.conv2d"(%c7, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %c8 = "lite.conv2d"(%x, %w22) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %y8 = "lite.conv2d"(%c8, %wa) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7, %c7, %y8 : tensor<1x6x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x4x4xf32>, tensor<1x2x3x3xf32>, tensor<1x2x8x8xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>
}
func.func @left_alone_matmul(%x: tensor<1x1x8xf32>, %x2: tensor<1x1x3x3xf32>) -> (tensor<1x3x2xf32>, tensor<1x3x2x3xf32>) {
  %w0 = "lite.constant"() {value = dense<0.5> : tensor<3x1x3xf32>} : () -> tensor<3x1x3xf32>
  %k = "lite.constant"() {value = dense<1.0> : tensor<6x2xf32>} : () -> tensor<6x2xf32>
  %c0 = "lite.conv2d"(%x, %w0) : (tensor<1x1x8xf32>, tensor<3x1x3xf32>) -> tensor<1x3x6xf32>
  %y0 = "lite.matmul"(%c0, %k) : (tensor<1x3x6xf32>, tensor<6x2xf32>) -> tensor<1x3x2xf32>
  %w1 = "lite.constant"() {value = dense<0.5> : tensor<3x1x1x1xf32>} : () -> tensor<3x1x1x1xf32>
  %k2 = "lite.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c1 = "lite.conv2d"(%x2, %w1) : (tensor<1x1x3x3xf32>, tensor<3x1x1x1xf32>) -> tensor<1x3x3x3xf32>
  %y1 = "lite.matmul"(%k2, %c1) : (tensor<2x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x3x2x3xf32>
  return %y0, %y1 : tensor<1x3x2xf32>, tensor<1x3x2x3xf32>
}

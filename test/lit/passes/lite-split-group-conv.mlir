// lite-split-group-conv (a target option, not in the default pipeline): a
// grouped conv2d as slices of the input, one ordinary conv per group and a
// concat along channels. Constant weights and biases are cut at compile
// time, computed ones (and the residual) are sliced. Every other attribute
// stays on each conv. Convs with more groups than max-groups (16 by
// default; depthwise ones, typically) are left alone, as are group-1 convs
// and unknown channel counts.

// RUN: lite-opt %s --lite-split-group-conv | FileCheck %s
// RUN: lite-opt %s --lite-split-group-conv --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-replaced - Number of grouped conv2d ops split into one conv per group
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-split-group-conv{max-groups=32}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS32
// STATS32: (S) 4 num-replaced

// Each output is the same sum of the same products: 1e-5 relative.
// RUN: lite-run --compare %s --function two_groups --pass-pipeline='builtin.module(func.func(lite-split-group-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function residual --pass-pipeline='builtin.module(func.func(lite-split-group-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function runtime_weight --pass-pipeline='builtin.module(func.func(lite-split-group-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function depthwise --pass-pipeline='builtin.module(func.func(lite-split-group-conv{max-groups=32}))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok

// W [4, 2, 3, 3] in two groups of 2 output channels; bias [4] likewise.
// CHECK-LABEL: func.func @two_groups
// CHECK-DAG:     %[[B0:.*]] = "lite.constant"() {value = dense<[1.000000e-01, 2.000000e-01]> : tensor<2xf32>}
// CHECK-DAG:     %[[B1:.*]] = "lite.constant"() {value = dense<[3.000000e-01, 4.000000e-01]> : tensor<2xf32>}
// CHECK-DAG:     %[[W0:.*]] = "lite.constant"() {value = dense<5.000000e-01> : tensor<2x2x3x3xf32>}
// CHECK-DAG:     %[[W1:.*]] = "lite.constant"() {value = dense<-2.500000e-01> : tensor<2x2x3x3xf32>}
// CHECK:         %[[X0:.*]] = "lite.slice"(%arg0) {axes = array<i64: 1>, ends = array<i64: 2>, starts = array<i64: 0>} : (tensor<1x4x6x6xf32>) -> tensor<1x2x6x6xf32>
// CHECK-NEXT:    %[[C0:.*]] = "lite.conv2d"(%[[X0]], %[[W0]], %[[B0]]) {activation = "relu", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    %[[X1:.*]] = "lite.slice"(%arg0) {axes = array<i64: 1>, ends = array<i64: 4>, starts = array<i64: 2>}
// CHECK-NEXT:    %[[C1:.*]] = "lite.conv2d"(%[[X1]], %[[W1]], %[[B1]]) {activation = "relu", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT:    %[[Y:.*]] = "lite.concat"(%[[C0]], %[[C1]]) {axis = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @two_groups(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %w0 = "lite.constant"() {value = dense<0.5> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %w1 = "lite.constant"() {value = dense<-0.25> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %w = "lite.concat"(%w0, %w1) {axis = 0 : i64} : (tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<4x2x3x3xf32>
  %b = "lite.constant"() {value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = "lite.conv2d"(%x, %w, %b) {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, activation = "relu"} : (tensor<1x4x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  return %y : tensor<1x4x3x3xf32>
}

// No bias (a none operand) but a residual: the residual is sliced per group.
// CHECK-LABEL: func.func @residual
// CHECK:         %[[N:.*]] = "lite.none"
// CHECK-COUNT-3: "lite.conv2d"(%{{.*}}, %{{.*}}, %[[N]], %{{.*}}) : (tensor<2x1x4x4xf32>, tensor<2x1x1x1xf32>, none, tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
// CHECK:         "lite.concat"
func.func @residual(%x: tensor<2x3x4x4xf32>, %r: tensor<2x6x4x4xf32>) -> tensor<2x6x4x4xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]]]> : tensor<6x1x1x1xf32>} : () -> tensor<6x1x1x1xf32>
  %n = "lite.none"() : () -> none
  %y = "lite.conv2d"(%x, %w, %n, %r) {group = 3 : i64} : (tensor<2x3x4x4xf32>, tensor<6x1x1x1xf32>, none, tensor<2x6x4x4xf32>) -> tensor<2x6x4x4xf32>
  return %y : tensor<2x6x4x4xf32>
}

// A computed weight is sliced along its output channels.
// CHECK-LABEL: func.func @runtime_weight
// CHECK:         "lite.slice"(%arg1) {axes = array<i64: 0>, ends = array<i64: 1>, starts = array<i64: 0>} : (tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// CHECK:         "lite.concat"
func.func @runtime_weight(%x: tensor<1x4x3x3xf32>, %w: tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %y = "lite.conv2d"(%x, %w) {group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// Depthwise over 32 channels: more groups than max-groups (16).
// CHECK-LABEL: func.func @depthwise
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}) {group = 32 : i64, pads
// CHECK-NOT:     lite.concat
func.func @depthwise(%x: tensor<1x32x3x3xf32>) -> tensor<1x32x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<32x1x3x3xf32>} : () -> tensor<32x1x3x3xf32>
  %y = "lite.conv2d"(%x, %w) {group = 32 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x3x3xf32>, tensor<32x1x3x3xf32>) -> tensor<1x32x3x3xf32>
  return %y : tensor<1x32x3x3xf32>
}

// One group: nothing to split.
// CHECK-LABEL: func.func @one_group
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}) {group = 1 : i64}
// CHECK-NOT:     lite.concat
func.func @one_group(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x1x1xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %y = "lite.conv2d"(%x, %w) {group = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// The channel count is not known: no slice bounds.
// CHECK-LABEL: func.func @dynamic_channels
// CHECK:         "lite.conv2d"(%arg0, %{{.*}}) {group = 2 : i64}
// CHECK-NOT:     lite.concat
func.func @dynamic_channels(%x: tensor<1x?x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %y = "lite.conv2d"(%x, %w) {group = 2 : i64} : (tensor<1x?x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

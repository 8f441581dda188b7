// Shape-like operands in their attribute form (reshape shape, squeeze and
// unsqueeze axes, slice starts/ends/axes/steps, pad pads/constant_value/axes,
// split sizes, reduce axes, clip min/max, resize scales/sizes): the generic
// form round-trips, shape inference reads the attributes as it reads
// constant operands, and ops on constants fold through the evaluator.

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @round_trip
// CHECK: "lite.reshape"(%arg0) {shape = array<i64: 6, -1>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: "lite.reshape"(%arg0) {allowzero = 0 : i64, shape = array<i64: 0, 12>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK: "lite.squeeze"(%arg1) {axes = array<i64: 0, -1>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
// CHECK: "lite.unsqueeze"(%arg0) {axes = array<i64: 0, 4>} : (tensor<2x3x4xf32>) -> tensor<1x2x3x4x1xf32>
// CHECK: "lite.slice"(%arg0) {axes = array<i64: 1, 2>, ends = array<i64: 3, -1>, starts = array<i64: 1, 0>, steps = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
// CHECK: "lite.slice"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {ends = array<i64: 2>, starts = array<i64: -3>} : (tensor<2x3x4xf32>, none, none, tensor<1xi64>) -> tensor<2x3x1xf32>
// CHECK: "lite.pad"(%arg0) {constant_value = 1.500000e+00 : f32, pads = array<i64: 0, 1, 2, 0, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<2x5x6xf32>
// CHECK: "lite.pad"(%arg0) {axes = array<i64: -1>, mode = "edge", pads = array<i64: 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
// CHECK: "lite.split"(%arg0) {axis = 2 : i64, split = array<i64: 1, 3>} : (tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x3xf32>)
// CHECK: "lite.reduce_sum"(%arg0) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK: "lite.reduce_max"(%arg0) {axes = array<i64>, noop_with_empty_axes = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "lite.reduce_mean"(%arg0) {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK: "lite.clip"(%arg0) {max = 1.000000e+00 : f32, min = -1.000000e+00 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "lite.clip"(%arg2) {max = 5 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK: "lite.resize"(%arg3) {scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
// CHECK: "lite.resize"(%arg3) {axes = array<i64: 2, 3>, mode = "linear", sizes = array<i64: 3, 5>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32>
func.func @round_trip(%x: tensor<2x3x4xf32>, %d: tensor<1x3x1xf32>, %i: tensor<2x3xi32>, %r: tensor<1x1x2x2xf32>) {
  %0 = "lite.reshape"(%x) {shape = array<i64: 6, -1>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "lite.reshape"(%x) {shape = array<i64: 0, 12>, allowzero = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %2 = "lite.squeeze"(%d) {axes = array<i64: 0, -1>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %3 = "lite.unsqueeze"(%x) {axes = array<i64: 0, 4>} : (tensor<2x3x4xf32>) -> tensor<1x2x3x4x1xf32>
  %4 = "lite.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 3, -1>, axes = array<i64: 1, 2>, steps = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
  // one operand in each form: starts and ends as attributes, axes as an operand
  %n = "lite.none"() : () -> none
  %a = "lite.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
  %5 = "lite.slice"(%x, %n, %n, %a) {starts = array<i64: -3>, ends = array<i64: 2>} : (tensor<2x3x4xf32>, none, none, tensor<1xi64>) -> tensor<2x3x1xf32>
  %6 = "lite.pad"(%x) {pads = array<i64: 0, 1, 2, 0, 1, 0>, constant_value = 1.5 : f32} : (tensor<2x3x4xf32>) -> tensor<2x5x6xf32>
  %7 = "lite.pad"(%x) {mode = "edge", pads = array<i64: 1, 1>, axes = array<i64: -1>} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  %8:2 = "lite.split"(%x) {axis = 2 : i64, split = array<i64: 1, 3>} : (tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x3xf32>)
  %9 = "lite.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %10 = "lite.reduce_max"(%x) {axes = array<i64>, noop_with_empty_axes = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %11 = "lite.reduce_mean"(%x) {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %12 = "lite.clip"(%x) {min = -1.0 : f32, max = 1.0 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %13 = "lite.clip"(%i) {max = 5 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %14 = "lite.resize"(%r) {scales = array<f32: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  %15 = "lite.resize"(%r) {axes = array<i64: 2, 3>, mode = "linear", sizes = array<i64: 3, 5>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32>
  return
}

// Dynamic dims stay dynamic where the attribute does not fix them.
// CHECK-LABEL: func.func @dynamic
// CHECK: "lite.reshape"(%arg0) {shape = array<i64: -1, 4>} : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
// CHECK: "lite.unsqueeze"(%arg0) {axes = array<i64: 1>} : (tensor<?x3x4xf32>) -> tensor<?x1x3x4xf32>
// CHECK: "lite.slice"(%arg0) {ends = array<i64: 2>, starts = array<i64: 0>} : (tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
func.func @dynamic(%x: tensor<?x3x4xf32>) {
  %0 = "lite.reshape"(%x) {shape = array<i64: -1, 4>} : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
  %1 = "lite.unsqueeze"(%x) {axes = array<i64: 1>} : (tensor<?x3x4xf32>) -> tensor<?x1x3x4xf32>
  %2 = "lite.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 2>} : (tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
  return
}

// Folding evaluates the attribute forms on the reference kernels.
// FOLD-LABEL: func.func @fold
// FOLD-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// FOLD-DAG: dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// FOLD-DAG: dense<{{\[}}[9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00], [9.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [9.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<3x4xf32>
// FOLD-DAG: dense<[5.000000e+00, 7.000000e+00, 9.000000e+00]> : tensor<3xf32>
// FOLD-DAG: dense<{{\[}}[2.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 4.000000e+00, 4.000000e+00]]> : tensor<2x3xf32>
// FOLD-DAG: dense<[0, 3, 3, 2]> : tensor<4xi32>
// FOLD-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tensor<2x2xf32>
// FOLD-DAG: dense<{{\[}}[3.000000e+00], [6.000000e+00]]> : tensor<2x1xf32>
// FOLD-DAG: dense<{{\[}}[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<1x4xf32>
// FOLD-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<1x6xf32>
// FOLD-NOT: "lite.
// FOLD: return
func.func @fold() -> (tensor<1x6xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<1x4xf32>, tensor<2x3xf32>) {
  %c = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "lite.reshape"(%c) {shape = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<1x6xf32>
  // every second element from 1 ([2, 4, 6]), then the first two of those
  %f = "lite.reshape"(%c) {shape = array<i64: 6>} : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = "lite.slice"(%f) {starts = array<i64: 1>, ends = array<i64: 6>, steps = array<i64: 2>} : (tensor<6xf32>) -> tensor<3xf32>
  %s1 = "lite.slice"(%1) {starts = array<i64: 0>, ends = array<i64: 2>} : (tensor<3xf32>) -> tensor<2xf32>
  %2 = "lite.pad"(%c) {pads = array<i64: 1, 1, 0, 0>, constant_value = 9.0 : f32} : (tensor<2x3xf32>) -> tensor<3x4xf32>
  %3 = "lite.reduce_sum"(%c) {axes = array<i64: 0>, keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<3xf32>
  %4 = "lite.clip"(%c) {min = 2.0 : f32, max = 4.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = "lite.constant"() {value = dense<[-4, 3, 7, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %5 = "lite.clip"(%i) {min = 0 : i64, max = 3 : i64} : (tensor<4xi32>) -> tensor<4xi32>
  %6:2 = "lite.split"(%c) {axis = 1 : i64, split = array<i64: 2, 1>} : (tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x1xf32>)
  %r = "lite.slice"(%c) {starts = array<i64: 0, 0>, ends = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %7 = "lite.resize"(%r) {scales = array<f32: 1.0, 2.0>} : (tensor<1x2xf32>) -> tensor<1x4xf32>
  %u = "lite.unsqueeze"(%c) {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  %8 = "lite.squeeze"(%u) {axes = array<i64: 0>} : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  return %0, %s1, %2, %3, %4, %5, %6#0, %6#1, %7, %8 : tensor<1x6xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<1x4xf32>, tensor<2x3xf32>
}

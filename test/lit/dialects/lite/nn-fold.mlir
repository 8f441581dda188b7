// The nn ops evaluate on the reference kernels: with constant operands
// --canonicalize folds them, so the printed constants are the evaluator's
// results (attributes reach the kernels: pads, strides, auto_pad, group,
// transposes, alpha/beta, fused activations, epsilon, axis, K).

// RUN: lite-opt %s --canonicalize | FileCheck %s

// 2x2 window sums of a 3x3 ramp (8, 12, 20, 24), bias -10, relu.
// CHECK-LABEL: func.func @conv
// CHECK-NEXT: dense<{{\[\[\[\[}}0.000000e+00, 2.000000e+00], [1.000000e+01, 1.400000e+01]]]]> : tensor<1x1x2x2xf32>
func.func @conv() -> tensor<1x1x2x2xf32> {
  %x = "lite.constant"() {value = dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %w = "lite.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %b = "lite.constant"() {value = dense<-10.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "lite.conv2d"(%x, %w, %b) {activation = "relu"} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// Depthwise (group 2) 1-D conv in f64 with SAME_LOWER padding: per channel
// y[i] = x[i-1] - x[i] (the leading pad holds the extra element).
// CHECK-LABEL: func.func @conv_group
// CHECK-NEXT: dense<{{\[\[\[}}-1.000000e+00, -1.000000e+00, -1.000000e+00], [-1.000000e+01, 0.000000e+00, 1.000000e+01]]]> : tensor<1x2x3xf64>
func.func @conv_group() -> tensor<1x2x3xf64> {
  %x = "lite.constant"() {value = dense<[[[1.0, 2.0, 3.0], [10.0, 10.0, 0.0]]]> : tensor<1x2x3xf64>} : () -> tensor<1x2x3xf64>
  %w = "lite.constant"() {value = dense<[[[1.0, -1.0]], [[1.0, -1.0]]]> : tensor<2x1x2xf64>} : () -> tensor<2x1x2xf64>
  %0 = "lite.conv2d"(%x, %w) {group = 2 : i64, auto_pad = "SAME_LOWER"} : (tensor<1x2x3xf64>, tensor<2x1x2xf64>) -> tensor<1x2x3xf64>
  return %0 : tensor<1x2x3xf64>
}

// Stride 2 with a 2x2 kernel of ones: each input spreads to its own 2x2 block.
// CHECK-LABEL: func.func @conv_transpose
// CHECK-NEXT: dense<{{\[\[\[\[}}1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00], [1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00], [3.000000e+00, 3.000000e+00, 4.000000e+00, 4.000000e+00], [3.000000e+00, 3.000000e+00, 4.000000e+00, 4.000000e+00]]]]>
func.func @conv_transpose() -> tensor<1x1x4x4xf32> {
  %x = "lite.constant"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %w = "lite.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %0 = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// SAME_UPPER max pooling pads at the end; global average.
// CHECK-LABEL: func.func @pool
// CHECK-DAG: dense<4.000000e+00> : tensor<1x1x1x1xf32>
// CHECK-DAG: dense<{{\[\[\[\[}}4.000000e+00, 5.000000e+00], [7.000000e+00, 8.000000e+00]]]]> : tensor<1x1x2x2xf32>
func.func @pool() -> (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) {
  %x = "lite.constant"() {value = dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %1 = "lite.pool2d"(%x) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<1x1x3x3xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1 : tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>
}

// matmul by a vector; gemm 2 * A^T A + 10 * [1, -1]; fc [1, 2] @ A + b;
// the trace by einsum; an int32 matmul.
// CHECK-LABEL: func.func @dense
// CHECK-DAG: dense<-1.000000e+00> : tensor<2xf32>
// CHECK-DAG: dense<{{\[\[}}3.000000e+01, 1.800000e+01], [3.800000e+01, 3.000000e+01]]> : tensor<2x2xf32>
// CHECK-DAG: dense<{{\[\[}}8.000000e+00, 9.000000e+00]]> : tensor<1x2xf32>
// CHECK-DAG: dense<5.000000e+00> : tensor<f32>
// CHECK-DAG: dense<{{\[\[}}7, 10], [15, 22]]> : tensor<2x2xi32>
func.func @dense() -> (tensor<2xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<f32>, tensor<2x2xi32>) {
  %a = "lite.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %v = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "lite.matmul"(%a, %v) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "lite.gemm"(%a, %a, %v) {transA = 1 : i64, alpha = 2.0 : f32, beta = 10.0 : f32} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %x = "lite.constant"() {value = dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>} : () -> tensor<1x1x2xf32>
  %2 = "lite.fc"(%x, %a, %v) : (tensor<1x1x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %3 = "lite.einsum"(%a) {equation = "ii"} : (tensor<2x2xf32>) -> tensor<f32>
  %i = "lite.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %4 = "lite.matmul"(%i, %i) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<f32>, tensor<2x2xi32>
}

// Rows [1, 3] and [0, 4]: mean 2, inverse std 1 and 0.5; normalized
// [-1, 1] each, times scale [1, 2] plus B [0, 1]. batch_norm of a 1-D
// input (one channel): 2 * (x - 1) / sqrt(4).
// CHECK-LABEL: func.func @norm
// CHECK-DAG: dense<{{\[\[\[}}-1.000000e+00, 1.000000e+00], [-1.000000e+00, 3.000000e+00]]]> : tensor<1x2x2xf32>
// CHECK-DAG: dense<{{\[\[}}-1.000000e+00, 3.000000e+00], [-1.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: dense<2.000000e+00> : tensor<2x1xf32>
// CHECK-DAG: dense<{{\[\[}}1.000000e+00], [5.000000e-01]]> : tensor<2x1xf32>
// CHECK-DAG: dense<[-1.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<4xf32>
func.func @norm() -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<4xf32>) {
  %x = "lite.constant"() {value = dense<[[[1.0, 3.0], [0.0, 4.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %s = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "lite.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "lite.instance_norm"(%x, %s, %z) {epsilon = 0.0 : f32} : (tensor<1x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>
  %y = "lite.constant"() {value = dense<[[1.0, 3.0], [0.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1:3 = "lite.layer_norm"(%y, %s, %z) {epsilon = 0.0 : f32} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %b = "lite.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %z1 = "lite.constant"() {value = dense<[0.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = "lite.constant"() {value = dense<[2.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "lite.constant"() {value = dense<[1.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %v = "lite.constant"() {value = dense<[4.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "lite.batch_norm"(%b, %c, %z1, %m, %v) {epsilon = 0.0 : f32} : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0, %1#0, %1#1, %1#2, %2 : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<4xf32>
}

// Nearest 2x upsampling of int32; top 2 of [1, 5, 3, 5] (ties: lower index).
// CHECK-LABEL: func.func @resize_top_k
// CHECK-DAG: dense<{{\[\[}}7, 7, 9, 9]]> : tensor<1x4xi32>
// CHECK-DAG: dense<5.000000e+00> : tensor<2xf32>
// CHECK-DAG: dense<[1, 3]> : tensor<2xi64>
func.func @resize_top_k() -> (tensor<1x4xi32>, tensor<2xf32>, tensor<2xi64>) {
  %x = "lite.constant"() {value = dense<[[7, 9]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %roi = "lite.constant"() {value = dense<[0.0, 0.0, 1.0, 1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %sc = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "lite.resize"(%x, %roi, %sc) : (tensor<1x2xi32>, tensor<4xf32>, tensor<2xf32>) -> tensor<1x4xi32>
  %v = "lite.constant"() {value = dense<[1.0, 5.0, 3.0, 5.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %k = "lite.constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %1:2 = "lite.top_k"(%v, %k) : (tensor<4xf32>, tensor<1xi64>) -> (tensor<2xf32>, tensor<2xi64>)
  return %0, %1#0, %1#1 : tensor<1x4xi32>, tensor<2xf32>, tensor<2xi64>
}

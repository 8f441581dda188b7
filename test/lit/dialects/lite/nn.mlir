// The nn ops (conv2d, conv2d_transpose, pool2d, matmul, gemm, fc, einsum,
// the normalizations, resize, top_k): generic form round-trips, and the
// verifier accepts the result types that shape inference gives (pads,
// strides, dilations, groups, auto_pad, ceil_mode, 1-D and 3-D windows,
// batch broadcasting, dynamic dims, unranked operands, scales/sizes/K known
// or not).

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s

// CHECK-LABEL: func.func @conv
// CHECK-NEXT: "lite.conv2d"(%arg0, %arg1) {group = 1 : i64, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NEXT: "lite.conv2d"(%arg2, %arg3, %arg4) {activation = "relu", group = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<2x6x5x5xf32>
// CHECK-NEXT: "lite.conv2d"(%arg0, %arg1) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT: "lite.conv2d"(%arg0, %arg1) {auto_pad = "VALID", dilations = array<i64: 2, 3>, kernel_shape = array<i64: 3, 3>}
// CHECK-SAME: -> tensor<1x4x4x2xf32>
// CHECK-NEXT: "lite.conv2d"(%arg5, %arg6) {dilations = array<i64: 2>} : (tensor<1x2x10xf64>, tensor<3x2x3xf64>) -> tensor<1x3x6xf64>
// CHECK-NEXT: "lite.conv2d"(%arg7, %arg8) {pads = array<i64: 0, 1, 0, 1, 0, 0>} : (tensor<1x1x4x5x6xf16>, tensor<2x1x2x2x2xf16>) -> tensor<1x2x4x5x5xf16>
// CHECK-NEXT: "lite.conv2d"(%arg9, %arg1) : (tensor<?x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x6xf32>
// CHECK-NEXT: "lite.conv2d"(%arg10, %arg1) : (tensor<*xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
// CHECK: "lite.conv2d"(%arg0, %arg1, %{{.*}}) {activation = "leaky_relu", activation_alpha = 2.000000e-01 : f32}
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                %xg: tensor<2x4x9x9xf32>, %wg: tensor<6x2x3x3xf32>, %bg: tensor<6xf32>,
                %x1: tensor<1x2x10xf64>, %w1: tensor<3x2x3xf64>,
                %x3: tensor<1x1x4x5x6xf16>, %w3: tensor<2x1x2x2x2xf16>,
                %xd: tensor<?x3x?x8xf32>, %xu: tensor<*xf32>) {
  %0 = "lite.conv2d"(%x, %w) {strides = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = "lite.conv2d"(%xg, %wg, %bg) {group = 2 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, activation = "relu"} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<2x6x5x5xf32>
  %2 = "lite.conv2d"(%x, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x3xf32>
  %3 = "lite.conv2d"(%x, %w) {auto_pad = "VALID", dilations = array<i64: 2, 3>, kernel_shape = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x2xf32>
  %4 = "lite.conv2d"(%x1, %w1) {dilations = array<i64: 2>} : (tensor<1x2x10xf64>, tensor<3x2x3xf64>) -> tensor<1x3x6xf64>
  %5 = "lite.conv2d"(%x3, %w3) {pads = array<i64: 0, 1, 0, 1, 0, 0>} : (tensor<1x1x4x5x6xf16>, tensor<2x1x2x2x2xf16>) -> tensor<1x2x4x5x5xf16>
  %6 = "lite.conv2d"(%xd, %w) : (tensor<?x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x6xf32>
  %7 = "lite.conv2d"(%xu, %w) : (tensor<*xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
  %b = "lite.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %8 = "lite.conv2d"(%x, %w, %b) {activation = "leaky_relu", activation_alpha = 0.2 : f32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return
}

// CHECK-LABEL: func.func @conv_transpose
// CHECK-NEXT: "lite.conv2d_transpose"(%arg0, %arg1) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg0, %arg1) {pads = array<i64: 1, 2, 1, 2>, strides = array<i64: 3, 2>} : {{.*}} -> tensor<1x2x7x3xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg0, %arg1) {output_shape = array<i64: 10, 8>, strides = array<i64: 3, 2>} : {{.*}} -> tensor<1x2x10x8xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg0, %arg1) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : {{.*}} -> tensor<1x2x6x6xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg0, %arg1) {output_padding = array<i64: 1, 1>, strides = array<i64: 3, 2>} : {{.*}} -> tensor<1x2x10x8xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg2, %arg3, %arg4) {dilations = array<i64: 2, 2>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x7x7xf32>
// CHECK-NEXT: "lite.conv2d_transpose"(%arg5, %arg1) {output_shape = array<i64: 1, 2, 10, 8>, strides = array<i64: 3, 2>} : (tensor<?x1x?x?xf32>, tensor<1x2x3x3xf32>) -> tensor<?x2x10x8xf32>
func.func @conv_transpose(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>,
                          %xg: tensor<1x4x3x3xf32>, %wg: tensor<4x3x3x3xf32>, %bg: tensor<6xf32>,
                          %xd: tensor<?x1x?x?xf32>) {
  %0 = "lite.conv2d_transpose"(%x, %w) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  %1 = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 3, 2>, pads = array<i64: 1, 2, 1, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x7x3xf32>
  %2 = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 3, 2>, output_shape = array<i64: 10, 8>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x10x8xf32>
  %3 = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 2, 2>, auto_pad = "SAME_UPPER"} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32>
  %4 = "lite.conv2d_transpose"(%x, %w) {strides = array<i64: 3, 2>, output_padding = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x10x8xf32>
  %5 = "lite.conv2d_transpose"(%xg, %wg, %bg) {group = 2 : i64, dilations = array<i64: 2, 2>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x7x7xf32>
  %6 = "lite.conv2d_transpose"(%xd, %w) {strides = array<i64: 3, 2>, output_shape = array<i64: 1, 2, 10, 8>} : (tensor<?x1x?x?xf32>, tensor<1x2x3x3xf32>) -> tensor<?x2x10x8xf32>
  return
}

// CHECK-LABEL: func.func @pool
// CHECK-NEXT: "lite.pool2d"(%arg0) {kernel_shape = array<i64: 2, 2>, pooling_type = "max", strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<1x3x16x16xf32>
// CHECK-NEXT: "lite.pool2d"(%arg1) {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pooling_type = "avg", strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
// CHECK-NEXT: "lite.pool2d"(%arg1) {kernel_shape = array<i64: 3, 3>, pooling_type = "avg", strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x1x1xf32>
// CHECK-NEXT: "lite.pool2d"(%arg0) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<1x3x32x32xf32>) -> tensor<1x3x1x1xf32>
// CHECK-NEXT: "lite.pool2d"(%arg2) {kernel_shape = array<i64: 2>, p = 3 : i64, pads = array<i64: 1, 1>, pooling_type = "lp"} : (tensor<2x3x7xf64>) -> tensor<2x3x8xf64>
// CHECK-NEXT: "lite.pool2d"(%arg3) {auto_pad = "SAME_LOWER", kernel_shape = array<i64: 3, 3>, pooling_type = "max", strides = array<i64: 2, 2>} : (tensor<1x1x5x5xui8>) -> tensor<1x1x3x3xui8>
// CHECK-NEXT: "lite.pool2d"(%arg4) {dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 2, 2, 2>, pooling_type = "max"} : (tensor<?x2x5x6x?xf16>) -> tensor<?x2x3x4x?xf16>
// CHECK-NEXT: "lite.pool2d"(%arg5) {global_pooling = 1 : i64, pooling_type = "max"} : (tensor<*xf32>) -> tensor<*xf32>
func.func @pool(%x: tensor<1x3x32x32xf32>, %x4: tensor<1x1x4x4xf32>, %x1: tensor<2x3x7xf64>,
                %xu8: tensor<1x1x5x5xui8>, %x3: tensor<?x2x5x6x?xf16>, %xu: tensor<*xf32>) {
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<1x3x16x16xf32>
  %1 = "lite.pool2d"(%x4) {pooling_type = "avg", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = 1 : i64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  %2 = "lite.pool2d"(%x4) {pooling_type = "avg", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x1x1xf32>
  %3 = "lite.pool2d"(%x) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<1x3x32x32xf32>) -> tensor<1x3x1x1xf32>
  %4 = "lite.pool2d"(%x1) {pooling_type = "lp", p = 3 : i64, kernel_shape = array<i64: 2>, pads = array<i64: 1, 1>} : (tensor<2x3x7xf64>) -> tensor<2x3x8xf64>
  %5 = "lite.pool2d"(%xu8) {pooling_type = "max", auto_pad = "SAME_LOWER", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xui8>) -> tensor<1x1x3x3xui8>
  %6 = "lite.pool2d"(%x3) {pooling_type = "max", kernel_shape = array<i64: 2, 2, 2>, dilations = array<i64: 2, 2, 2>} : (tensor<?x2x5x6x?xf16>) -> tensor<?x2x3x4x?xf16>
  %7 = "lite.pool2d"(%xu) {pooling_type = "max", global_pooling = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @dense
// CHECK-NEXT: "lite.matmul"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: "lite.matmul"(%arg2, %arg3) : (tensor<2x1x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x2x4xf32>
// CHECK-NEXT: "lite.matmul"(%arg4, %arg4) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT: "lite.matmul"(%arg4, %arg3) : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: "lite.matmul"(%arg3, %arg6) : (tensor<5x3x4xf32>, tensor<4xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: "lite.matmul"(%arg5, %arg1) : (tensor<?x?x3xf32>, tensor<3x4xf32>) -> tensor<?x?x4xf32>
// CHECK-NEXT: "lite.matmul"(%arg7, %arg1) : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32>
// CHECK-NEXT: "lite.matmul"(%arg8, %arg8) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT: "lite.gemm"(%arg1, %arg0) {alpha = 5.000000e-01 : f32, transA = 1 : i64, transB = 1 : i64} : (tensor<3x4xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: "lite.gemm"(%arg0, %arg1, %arg6) {activation = "relu", beta = 2.000000e+00 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: "lite.gemm"(%arg9, %arg1, %arg10) : (tensor<?x3xf32>, tensor<3x4xf32>, tensor<?x1xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: "lite.fc"(%arg2, %arg1, %arg6) {in_num_col_dims = 3 : i64} : (tensor<2x1x2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x1x2x4xf32>
// CHECK-NEXT: "lite.fc"(%arg2, %arg11) {activation = "sigmoid"} : (tensor<2x1x2x3xf32>, tensor<6x4xf32>) -> tensor<2x4xf32>
func.func @dense(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %ba: tensor<2x1x2x3xf32>, %bb: tensor<5x3x4xf32>,
                 %v: tensor<3xf32>, %d: tensor<?x?x3xf32>, %v4: tensor<4xf32>, %u: tensor<*xf32>,
                 %i: tensor<2x2xi64>, %m: tensor<?x3xf32>, %c: tensor<?x1xf32>, %w6: tensor<6x4xf32>) {
  %0 = "lite.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "lite.matmul"(%ba, %bb) : (tensor<2x1x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x2x4xf32>
  %2 = "lite.matmul"(%v, %v) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %3 = "lite.matmul"(%v, %bb) : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
  %4 = "lite.matmul"(%bb, %v4) : (tensor<5x3x4xf32>, tensor<4xf32>) -> tensor<5x3xf32>
  %5 = "lite.matmul"(%d, %b) : (tensor<?x?x3xf32>, tensor<3x4xf32>) -> tensor<?x?x4xf32>
  %6 = "lite.matmul"(%u, %b) : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  %7 = "lite.matmul"(%i, %i) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  %8 = "lite.gemm"(%b, %a) {transA = 1 : i64, transB = 1 : i64, alpha = 0.5 : f32} : (tensor<3x4xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  %9 = "lite.gemm"(%a, %b, %v4) {beta = 2.0 : f32, activation = "relu"} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %10 = "lite.gemm"(%m, %b, %c) : (tensor<?x3xf32>, tensor<3x4xf32>, tensor<?x1xf32>) -> tensor<?x4xf32>
  %11 = "lite.fc"(%ba, %b, %v4) {in_num_col_dims = 3 : i64} : (tensor<2x1x2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x1x2x4xf32>
  %12 = "lite.fc"(%ba, %w6) {activation = "sigmoid"} : (tensor<2x1x2x3xf32>, tensor<6x4xf32>) -> tensor<2x4xf32>
  return
}

// CHECK-LABEL: func.func @einsum
// CHECK-NEXT: "lite.einsum"(%arg0, %arg1) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: "lite.einsum"(%arg0) {equation = "ji"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: "lite.einsum"(%arg2) {equation = "...ii ->...i"} : (tensor<5x?x3x3xf32>) -> tensor<5x?x3xf32>
// CHECK-NEXT: "lite.einsum"(%arg3, %arg3) {equation = "i,i"} : (tensor<?xf32>, tensor<?xf32>) -> tensor<f32>
// CHECK-NEXT: "lite.einsum"(%arg4, %arg0) {equation = "...j,ij->...i"} : (tensor<4x1x3xf32>, tensor<2x3xf32>) -> tensor<4x1x2xf32>
// CHECK-NEXT: "lite.einsum"(%arg5, %arg1) {equation = "bij,jk"} : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32>
func.func @einsum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<5x?x3x3xf32>, %v: tensor<?xf32>,
                  %e: tensor<4x1x3xf32>, %u: tensor<*xf32>) {
  %0 = "lite.einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "lite.einsum"(%a) {equation = "ji"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = "lite.einsum"(%c) {equation = "...ii ->...i"} : (tensor<5x?x3x3xf32>) -> tensor<5x?x3xf32>
  %3 = "lite.einsum"(%v, %v) {equation = "i,i"} : (tensor<?xf32>, tensor<?xf32>) -> tensor<f32>
  %4 = "lite.einsum"(%e, %a) {equation = "...j,ij->...i"} : (tensor<4x1x3xf32>, tensor<2x3xf32>) -> tensor<4x1x2xf32>
  %5 = "lite.einsum"(%u, %b) {equation = "bij,jk"} : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @norm
// CHECK-NEXT: "lite.batch_norm"(%arg0, %arg1, %arg1, %arg1, %arg1) {epsilon = 1.000000e-03 : f32} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT: "lite.layer_norm"(%arg0, %arg2, %arg2) {axis = 2 : i64} : (tensor<2x3x4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x1x1xf32>, tensor<2x3x1x1xf32>)
// CHECK-NEXT: "lite.layer_norm"(%arg3, %arg4) {epsilon = 9.99999974E-6 : f32} : (tensor<?x7xf16>, tensor<7xf16>) -> tensor<?x7xf16>
// CHECK-NEXT: "lite.none"
// CHECK-NEXT: "lite.layer_norm"(%arg3, %arg4, %{{.*}}) {stash_type = 11 : i64} : (tensor<?x7xf16>, tensor<7xf16>, none) -> (tensor<?x7xf16>, tensor<?x1xf64>)
// CHECK-NEXT: "lite.instance_norm"(%arg0, %arg1, %arg1) : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT: "lite.lrn"(%arg0) {alpha = 2.000000e-04 : f32, size = 3 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT: "lite.mean_variance_normalization"(%arg0) : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NEXT: "lite.mean_variance_normalization"(%arg3) {axes = array<i64: -1>} : (tensor<?x7xf16>) -> tensor<?x7xf16>
func.func @norm(%x: tensor<2x3x4x5xf32>, %c: tensor<3xf32>, %s: tensor<4x5xf32>, %h: tensor<?x7xf16>, %hs: tensor<7xf16>) {
  %0 = "lite.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-3 : f32} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  %1:3 = "lite.layer_norm"(%x, %s, %s) {axis = 2 : i64} : (tensor<2x3x4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x1x1xf32>, tensor<2x3x1x1xf32>)
  %2 = "lite.layer_norm"(%h, %hs) {epsilon = 1.0e-5 : f32} : (tensor<?x7xf16>, tensor<7xf16>) -> tensor<?x7xf16>
  %n = "lite.none"() : () -> none
  %3:2 = "lite.layer_norm"(%h, %hs, %n) {stash_type = 11 : i64} : (tensor<?x7xf16>, tensor<7xf16>, none) -> (tensor<?x7xf16>, tensor<?x1xf64>)
  %4 = "lite.instance_norm"(%x, %c, %c) : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  %5 = "lite.lrn"(%x) {size = 3 : i64, alpha = 2.0e-4 : f32} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  %6 = "lite.mean_variance_normalization"(%x) : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  %7 = "lite.mean_variance_normalization"(%h) {axes = array<i64: -1>} : (tensor<?x7xf16>) -> tensor<?x7xf16>
  return
}

// CHECK-LABEL: func.func @resize
// CHECK: "lite.resize"(%arg0, %{{.*}}, %{{.*}}) {mode = "linear"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<1x1x4x4xf32>
// CHECK: "lite.resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x1x2x2xf32>, none, none, tensor<4xi64>) -> tensor<1x1x3x5xf32>
// CHECK: "lite.resize"(%arg0, %{{.*}}, %arg1) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<?x?x?x?xf32>
// CHECK: "lite.resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {axes = array<i64: 3, 2>, keep_aspect_ratio_policy = "not_larger"} : (tensor<1x1x2x2xf32>, none, none, tensor<2xi64>) -> tensor<1x1x3x3xf32>
// CHECK: "lite.resize"(%arg2, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor"} : (tensor<?x3xi32>, none, tensor<2xf32>) -> tensor<?x6xi32>
func.func @resize(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>, %i: tensor<?x3xi32>) {
  %n = "lite.none"() : () -> none
  %sc = "lite.constant"() {value = dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "lite.resize"(%x, %n, %sc) {mode = "linear"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<1x1x4x4xf32>
  %sz = "lite.constant"() {value = dense<[1, 1, 3, 5]> : tensor<4xi64>} : () -> tensor<4xi64>
  %1 = "lite.resize"(%x, %n, %n, %sz) : (tensor<1x1x2x2xf32>, none, none, tensor<4xi64>) -> tensor<1x1x3x5xf32>
  %2 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  %sz2 = "lite.constant"() {value = dense<[7, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %3 = "lite.resize"(%x, %n, %n, %sz2) {axes = array<i64: 3, 2>, keep_aspect_ratio_policy = "not_larger"} : (tensor<1x1x2x2xf32>, none, none, tensor<2xi64>) -> tensor<1x1x3x3xf32>
  %sc2 = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %4 = "lite.resize"(%i, %n, %sc2) {mode = "nearest", coordinate_transformation_mode = "asymmetric", nearest_mode = "floor"} : (tensor<?x3xi32>, none, tensor<2xf32>) -> tensor<?x6xi32>
  return
}

// CHECK-LABEL: func.func @top_k
// CHECK: "lite.top_k"(%arg0, %{{.*}}) : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
// CHECK: "lite.top_k"(%arg0, %{{.*}}) {axis = 0 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
// CHECK: "lite.top_k"(%arg0, %arg1) {axis = -2 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<?x4xf32>, tensor<?x4xi64>)
// CHECK: "lite.top_k"(%arg2, %arg1) : (tensor<*xi32>, tensor<1xi64>) -> (tensor<*xi32>, tensor<*xi64>)
func.func @top_k(%x: tensor<3x4xf32>, %k: tensor<1xi64>, %u: tensor<*xi32>) {
  %c = "lite.constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %0:2 = "lite.top_k"(%x, %c) : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  %1:2 = "lite.top_k"(%x, %c) {axis = 0 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
  %2:2 = "lite.top_k"(%x, %k) {axis = -2 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<?x4xf32>, tensor<?x4xi64>)
  %3:2 = "lite.top_k"(%u, %k) : (tensor<*xi32>, tensor<1xi64>) -> (tensor<*xi32>, tensor<*xi64>)
  return
}

// The dense families as loops (--lite-lower-to-loops): a gemm with both
// transposes, C broadcast and relu6 (an M edge block, a masked N tile, a
// packed B panel), and convolutions (1x1 read in place with a residual;
// 3x3 of stride 2 with pads, im2col panels, bias and leaky_relu), each
// kernel run by our codegen and by mlir-cpu-runner-16 (jit.test).
// REQUIRES: mlir-opt, mlir-cpu-runner
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops | FileCheck %s

// CHECK-LABEL: func.func @gemm
// CHECK: func.func @jit_gemm_
// CHECK: vector.fma

func.func @gemm(%a: tensor<33x7xf32>, %b: tensor<17x33xf32>, %c: tensor<17xf32>) -> tensor<7x17xf32> {
  %0 = "lite.gemm"(%a, %b, %c) {transA = 1 : i64, transB = 1 : i64, alpha = 0.5 : f32, beta = 2.0 : f32, activation = "relu6", lite.kernel = "jit_gemm__f32_nchw"} : (tensor<33x7xf32>, tensor<17x33xf32>, tensor<17xf32>) -> tensor<7x17xf32>
  return %0 : tensor<7x17xf32>
}

// -----

// CHECK-LABEL: func.func @conv
// CHECK: func.func @jit_conv2d_
// CHECK: memref.collapse_shape
func.func @conv(%x: tensor<2x5x9x11xf32>, %w1: tensor<7x5x1x1xf32>, %r: tensor<2x7x9x11xf32>, %w3: tensor<17x5x3x3xf32>, %b: tensor<17xf32>, %b7: tensor<7xf32>) -> (tensor<2x7x9x11xf32>, tensor<2x17x5x6xf32>) {
  %0 = "lite.conv2d"(%x, %w1, %b7, %r) {lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<2x5x9x11xf32>, tensor<7x5x1x1xf32>, tensor<7xf32>, tensor<2x7x9x11xf32>) -> tensor<2x7x9x11xf32>
  %1 = "lite.conv2d"(%x, %w3, %b) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, activation = "leaky_relu", activation_alpha = 0.1 : f32, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<2x5x9x11xf32>, tensor<17x5x3x3xf32>, tensor<17xf32>) -> tensor<2x17x5x6xf32>
  return %0, %1 : tensor<2x7x9x11xf32>, tensor<2x17x5x6xf32>
}

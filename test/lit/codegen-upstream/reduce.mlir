// The reduction kernels of --lite-lower-to-loops, run by upstream MLIR 16
// (mlir-opt-16's LLVM lowering, mlir-cpu-runner-16) on seeded random
// inputs and compared with numpy (upstream_check.py states the tolerance).
// REQUIRES: mlir-opt, mlir-cpu-runner
// RUN: %python %S/../../codegen/upstream_check.py %s | FileCheck %s
// RUN: %python %S/../../codegen/upstream_check.py %s --pass-option=vector-width=16 --seed 1 | FileCheck %s

// CHECK: PASS @softmax_last: 1 kernels, 1 dispatches
func.func @softmax_last(%x: tensor<3x7x37xf32>) -> tensor<3x7x37xf32> {
  %s = "lite.softmax"(%x) {axis = -1 : i64, lite.kernel = "jit_softmax__f32_nchw"} : (tensor<3x7x37xf32>) -> tensor<3x7x37xf32>
  return %s : tensor<3x7x37xf32>
}

// -----

// CHECK: PASS @softmax_middle: 1 kernels, 1 dispatches
func.func @softmax_middle(%x: tensor<2x10x3x4xf32>) -> tensor<2x10x3x4xf32> {
  %s = "lite.softmax"(%x) {axis = 1 : i64, lite.kernel = "jit_softmax__f32_nchw"} : (tensor<2x10x3x4xf32>) -> tensor<2x10x3x4xf32>
  return %s : tensor<2x10x3x4xf32>
}

// -----

// CHECK: PASS @log_softmax: 1 kernels, 1 dispatches
func.func @log_softmax(%x: tensor<4x21xf32>) -> tensor<4x21xf32> {
  %s = "lite.log_softmax"(%x) {lite.kernel = "jit_log_softmax__f32_nchw"} : (tensor<4x21xf32>) -> tensor<4x21xf32>
  return %s : tensor<4x21xf32>
}

// -----

// CHECK: PASS @reduces: 4 kernels, 4 dispatches
func.func @reduces(%x: tensor<2x5x6x19xf32>) -> (tensor<2x1x6x1xf32>, tensor<2x6xf32>, tensor<1x1x1x1xf32>, tensor<5x19xf32>) {
  %a = "lite.reduce_sum"(%x) {axes = array<i64: 1, 3>, lite.kernel = "jit_reduce_sum__f32_nchw"} : (tensor<2x5x6x19xf32>) -> tensor<2x1x6x1xf32>
  %b = "lite.reduce_mean"(%x) {axes = array<i64: 1, -1>, keepdims = 0 : i64, lite.kernel = "jit_reduce_mean__f32_nchw"} : (tensor<2x5x6x19xf32>) -> tensor<2x6xf32>
  %c = "lite.reduce_max"(%x) {lite.kernel = "jit_reduce_max__f32_nchw"} : (tensor<2x5x6x19xf32>) -> tensor<1x1x1x1xf32>
  %d = "lite.reduce_min"(%x) {axes = array<i64: 0, 2>, keepdims = 0 : i64, lite.kernel = "jit_reduce_min__f32_nchw"} : (tensor<2x5x6x19xf32>) -> tensor<5x19xf32>
  return %a, %b, %c, %d : tensor<2x1x6x1xf32>, tensor<2x6xf32>, tensor<1x1x1x1xf32>, tensor<5x19xf32>
}

// -----

// CHECK: PASS @layer_norm: 1 kernels, 1 dispatches
func.func @layer_norm(%x: tensor<2x5x35xf32>, %g: tensor<35xf32>, %b: tensor<35xf32>) -> tensor<2x5x35xf32> {
  %y = "lite.layer_norm"(%x, %g, %b) {epsilon = 1.0e-3 : f32, lite.kernel = "jit_layer_norm__f32_nchw"} : (tensor<2x5x35xf32>, tensor<35xf32>, tensor<35xf32>) -> tensor<2x5x35xf32>
  return %y : tensor<2x5x35xf32>
}

// -----

// CHECK: PASS @layer_norm_no_bias: 1 kernels, 1 dispatches
func.func @layer_norm_no_bias(%x: tensor<6x16xf32>, %g: tensor<1x16xf32>) -> tensor<6x16xf32> {
  %y = "lite.layer_norm"(%x, %g) {lite.kernel = "jit_layer_norm__f32_nchw"} : (tensor<6x16xf32>, tensor<1x16xf32>) -> tensor<6x16xf32>
  return %y : tensor<6x16xf32>
}

// -----

// CHECK: PASS @global_pool: 2 kernels, 2 dispatches
func.func @global_pool(%x: tensor<2x3x7x9xf32>) -> (tensor<2x3x1x1xf32>, tensor<2x3x1x1xf32>) {
  %a = "lite.pool2d"(%x) {global_pooling = 1 : i64, pooling_type = "avg", lite.kernel = "jit_pool2d__f32_nchw"} : (tensor<2x3x7x9xf32>) -> tensor<2x3x1x1xf32>
  %m = "lite.pool2d"(%x) {global_pooling = 1 : i64, pooling_type = "max", lite.kernel = "jit_pool2d__f32_nchw"} : (tensor<2x3x7x9xf32>) -> tensor<2x3x1x1xf32>
  return %a, %m : tensor<2x3x1x1xf32>, tensor<2x3x1x1xf32>
}


// Depthwise conv2d kernels of --lite-lower-to-loops (a stack buffer per
// plane, phase-split along W; vector.fma per tap; masked transfers at the
// rows' ends), run by our code generator (lite-kernel-run) and by upstream
// MLIR 16 (mlir-opt-16's LLVM lowering, mlir-cpu-runner-16) on the same
// seeded inputs: they agree within float32 rounding, at vector widths 8
// and 16 (test/codegen/jit_check.py).
// REQUIRES: mlir-opt, mlir-cpu-runner, llvm
// RUN: %python %S/../../codegen/jit_check.py %s | FileCheck %s --implicit-check-not=FAIL
// RUN: %python %S/../../codegen/jit_check.py %s --pass-option=vector-width=16 --seed 1 | FileCheck %s --implicit-check-not=FAIL

// mobilenet's two: 3x3 pad 1 with relu6, stride 1 and 2 (a row of 17 and
// one of 9: a whole vector and a tail at 8 lanes, only a tail at 16).
// CHECK-DAG: PASS @mobilenet jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 1156 elements
// CHECK-DAG: PASS @mobilenet jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 324 elements
func.func @mobilenet(%x: tensor<1x4x17x17xf32>, %w: tensor<4x1x3x3xf32>, %b: tensor<4xf32>) -> (tensor<1x4x17x17xf32>, tensor<1x4x9x9xf32>) {
  %0 = "lite.conv2d"(%x, %w, %b) {activation = "relu6", group = 4 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x4x17x17xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x17x17xf32>
  %1 = "lite.conv2d"(%x, %w, %b) {activation = "relu6", group = 4 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x4x17x17xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x9x9xf32>
  return %0, %1 : tensor<1x4x17x17xf32>, tensor<1x4x9x9xf32>
}

// -----

// 5x5 stride 2 pad 2 over a batch of 2 with a residual and hard_swish;
// dilation 2 with asymmetric pads and a stride along W only; channel
// multiplier 2; a 4x4 kernel of stride 3.
// CHECK-DAG: PASS @odd jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 288 elements
// CHECK-DAG: PASS @odd jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 231 elements
// CHECK-DAG: PASS @odd jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 294 elements
// CHECK-DAG: PASS @odd jit_dwconv_{{[0-9a-f]+}}: 1 outputs, 98 elements
func.func @odd(%x: tensor<2x4x11x11xf32>, %w5: tensor<4x1x5x5xf32>, %b: tensor<4xf32>, %r: tensor<2x4x6x6xf32>, %xa: tensor<1x3x9x14xf32>, %w3: tensor<3x1x3x3xf32>, %xm: tensor<1x3x7x7xf32>, %wm: tensor<6x1x3x3xf32>, %x20: tensor<1x2x20x20xf32>, %w44: tensor<2x1x4x4xf32>) -> (tensor<2x4x6x6xf32>, tensor<1x3x11x7xf32>, tensor<1x6x7x7xf32>, tensor<1x2x7x7xf32>) {
  %0 = "lite.conv2d"(%x, %w5, %b, %r) {activation = "hard_swish", group = 4 : i64, pads = array<i64: 2, 2, 2, 2>, strides = array<i64: 2, 2>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<2x4x11x11xf32>, tensor<4x1x5x5xf32>, tensor<4xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %1 = "lite.conv2d"(%xa, %w3) {group = 3 : i64, dilations = array<i64: 2, 2>, pads = array<i64: 3, 1, 3, 2>, strides = array<i64: 1, 2>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x3x9x14xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x11x7xf32>
  %2 = "lite.conv2d"(%xm, %wm) {group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, activation = "leaky_relu", lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x3x7x7xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x7x7xf32>
  %3 = "lite.conv2d"(%x20, %w44) {group = 2 : i64, pads = array<i64: 1, 2, 1, 2>, strides = array<i64: 3, 3>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x2x20x20xf32>, tensor<2x1x4x4xf32>) -> tensor<1x2x7x7xf32>
  return %0, %1, %2, %3 : tensor<2x4x6x6xf32>, tensor<1x3x11x7xf32>, tensor<1x6x7x7xf32>, tensor<1x2x7x7xf32>
}

// REQUIRES: llvm
// Depthwise conv2d as generated kernels against the reference conv, on
// random inputs and weights: 3x3 stride 1 and 2 with pad 1 (mobilenet's),
// 5x5 stride 2 pad 2, 1x1, dilation 2, asymmetric pads with a stride
// along W only, auto_pad SAME_UPPER, a 4x4 kernel of stride 3, planes of
// 1x1 and 1xW, widths 7, 17 and 33 (vector tails at 8 and 16 lanes), a
// batch of 2, channel multiplier 2, with and without bias, a residual, and
// the fused activations relu6, relu, leaky_relu, hard_swish, sigmoid.
// --check-reference runs the interpreter on the reference kernels first
// and requires every output within its tolerances; no conv may run on the
// reference kernel. The generated kernels only (--kernel-kinds=jit,ref):
// with --jit the hand-written nchw kernel takes the depthwise ones by
// place (tested in test/unit/simd_conv_test.c).

// RUN: rm -rf %t && mkdir -p %t
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --kernel-kinds=jit,ref --check-reference --profile --seed 3 | FileCheck %s
// CHECK: jit: 14 kernels
// CHECK-NOT: ref_conv2d
// CHECK: by op type:
// CHECK-COUNT-14: (runtime vs interpreter)': {{.*}}: ok

// At 16 lanes (what AVX-512 takes): lowered by lite-opt into an artifact,
// run on the runtime and compared with the interpreter's outputs.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref},lite-infer-places,lite-insert-casts),lite-lower-to-loops{vector-width=16},func.func(lite-plan-memory{dynamic-dim-bound=-1}),lite-emit-artifact{path=%t/w16.lite})' -o /dev/null
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %t/w16.lite --seed 4 --profile --output %t/w16 | FileCheck %s --check-prefix=W16
// W16: jit: 14 kernels from the artifact
// W16-NOT: ref_conv2d
// RUN: lite-run %s --reference --seed 4 --output %t/ref > /dev/null
// RUN: %python -c "import numpy as np, os; names = sorted(os.listdir('%t/ref')); assert len(names) == 14, names; [np.testing.assert_allclose(np.load('%t/w16/' + n), np.load('%t/ref/' + n), rtol=1e-5, atol=1e-5, err_msg=n) for n in names]"

func.func @main(%x17: tensor<1x8x17x17xf32> {lite.name = "x17"}, %w8: tensor<8x1x3x3xf32> {lite.name = "w8"},
                %b8: tensor<8xf32> {lite.name = "b8"}, %x33: tensor<1x8x33x33xf32> {lite.name = "x33"},
                %x7: tensor<1x6x7x7xf32> {lite.name = "x7"}, %w5: tensor<6x1x5x5xf32> {lite.name = "w5"},
                %xb: tensor<2x5x9x9xf32> {lite.name = "xb"}, %w1: tensor<5x1x1x1xf32> {lite.name = "w1"},
                %x4: tensor<1x4x17x17xf32> {lite.name = "x4"}, %w4: tensor<4x1x3x3xf32> {lite.name = "w4"},
                %b4: tensor<4xf32> {lite.name = "b4"}, %xa: tensor<1x3x7x10xf32> {lite.name = "xa"},
                %w3: tensor<3x1x3x3xf32> {lite.name = "w3"}, %x11: tensor<1x4x1x1xf32> {lite.name = "x11"},
                %x1w: tensor<1x4x1x33xf32> {lite.name = "x1w"}, %w13: tensor<4x1x1x3xf32> {lite.name = "w13"},
                %xr: tensor<1x8x7x7xf32> {lite.name = "xr"}, %r: tensor<1x8x7x7xf32> {lite.name = "r"},
                %xm: tensor<1x3x7x7xf32> {lite.name = "xm"}, %wm: tensor<6x1x3x3xf32> {lite.name = "wm"},
                %bm: tensor<6xf32> {lite.name = "bm"}, %x8: tensor<1x4x8x8xf32> {lite.name = "x8"},
                %x9: tensor<1x4x9x9xf32> {lite.name = "x9"}, %x20: tensor<1x2x20x20xf32> {lite.name = "x20"},
                %w44: tensor<2x1x4x4xf32> {lite.name = "w44"}, %xw: tensor<1x16x33x33xf32> {lite.name = "xw"},
                %w16: tensor<16x1x3x3xf32> {lite.name = "w16"}, %b16: tensor<16xf32> {lite.name = "b16"})
    -> (tensor<1x8x17x17xf32>, tensor<1x8x17x17xf32>, tensor<1x6x4x4xf32>, tensor<2x5x9x9xf32>,
        tensor<1x4x17x17xf32>, tensor<1x3x7x5xf32>, tensor<1x4x1x1xf32>, tensor<1x4x1x33xf32>,
        tensor<1x8x7x7xf32>, tensor<1x6x7x7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x7x7xf32>,
        tensor<1x2x7x7xf32>, tensor<1x16x33x33xf32>) {
  %0 = "lite.conv2d"(%x17, %w8, %b8) {activation = "relu6", group = 8 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x8x17x17xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x17x17xf32>
  %1 = "lite.conv2d"(%x33, %w8, %b8) {activation = "relu6", group = 8 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x33x33xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x17x17xf32>
  %2 = "lite.conv2d"(%x7, %w5) {group = 6 : i64, pads = array<i64: 2, 2, 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x6x7x7xf32>, tensor<6x1x5x5xf32>) -> tensor<1x6x4x4xf32>
  %3 = "lite.conv2d"(%xb, %w1) {group = 5 : i64, activation = "relu"} : (tensor<2x5x9x9xf32>, tensor<5x1x1x1xf32>) -> tensor<2x5x9x9xf32>
  %4 = "lite.conv2d"(%x4, %w4, %b4) {group = 4 : i64, dilations = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x4x17x17xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x17x17xf32>
  %5 = "lite.conv2d"(%xa, %w3) {group = 3 : i64, pads = array<i64: 0, 1, 2, 0>, strides = array<i64: 1, 2>} : (tensor<1x3x7x10xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x7x5xf32>
  %6 = "lite.conv2d"(%x11, %w4, %b4) {group = 4 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x1x1xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x1x1xf32>
  %7 = "lite.conv2d"(%x1w, %w13, %b4) {group = 4 : i64, pads = array<i64: 0, 1, 0, 1>, activation = "sigmoid"} : (tensor<1x4x1x33xf32>, tensor<4x1x1x3xf32>, tensor<4xf32>) -> tensor<1x4x1x33xf32>
  %none = "lite.none"() : () -> none
  %8 = "lite.conv2d"(%xr, %w8, %b8, %r) {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>, activation = "hard_swish"} : (tensor<1x8x7x7xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>, tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %9 = "lite.conv2d"(%xm, %wm, %bm) {group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, activation = "relu6"} : (tensor<1x3x7x7xf32>, tensor<6x1x3x3xf32>, tensor<6xf32>) -> tensor<1x6x7x7xf32>
  %10 = "lite.conv2d"(%x8, %w4, %b4) {group = 4 : i64, auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %11 = "lite.conv2d"(%x9, %w4) {group = 4 : i64, activation = "leaky_relu", activation_alpha = 0.2 : f32} : (tensor<1x4x9x9xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x7x7xf32>
  %12 = "lite.conv2d"(%x20, %w44) {group = 2 : i64, pads = array<i64: 1, 2, 1, 2>, strides = array<i64: 3, 3>} : (tensor<1x2x20x20xf32>, tensor<2x1x4x4xf32>) -> tensor<1x2x7x7xf32>
  %13 = "lite.conv2d"(%xw, %w16, %b16, %none) {group = 16 : i64, pads = array<i64: 1, 1, 1, 1>, activation = "relu6"} : (tensor<1x16x33x33xf32>, tensor<16x1x3x3xf32>, tensor<16xf32>, none) -> tensor<1x16x33x33xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<1x8x17x17xf32>, tensor<1x8x17x17xf32>, tensor<1x6x4x4xf32>, tensor<2x5x9x9xf32>, tensor<1x4x17x17xf32>, tensor<1x3x7x5xf32>, tensor<1x4x1x1xf32>, tensor<1x4x1x33xf32>, tensor<1x8x7x7xf32>, tensor<1x6x7x7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x7x7xf32>, tensor<1x2x7x7xf32>, tensor<1x16x33x33xf32>
}

// REQUIRES: llvm
// The dense families of generated kernels (matmul, gemm, fc, conv2d of
// group 1) against the reference kernels on odd and edge shapes: M, N and K
// of 1, 7, 17 and 33 (no multiple of the register block MR x NR), gemm's
// transposes, alpha, beta and C broadcast, batched matmul with broadcast
// batch dims, fc over a collapsed 3-D X, conv 1x1 (B read in place), 3x3
// of stride 1 and 2 with pads (im2col panels), dilation 2 with asymmetric
// pads, SAME_UPPER, bias, residual, relu6 and leaky_relu; K = 2070 makes
// im2col panels of 16 or 32 columns that start and end inside an output
// row of 13 (or 7 at stride 2).
// --check-reference runs the interpreter on the model and requires every
// output within its tolerances. Vector width 16 runs in
// codegen-upstream/dense.mlir (jit_check.py against mlir-cpu-runner-16).

// RUN: rm -rf %t && mkdir -p %t
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --jit --check-reference --profile --seed 5 | FileCheck %s
// CHECK: jit: {{[0-9]+}} kernels
// CHECK-NOT: ref_{{(matmul|gemm|fc|conv2d)}}__
// CHECK: by op type:
// CHECK-COUNT-18: (runtime vs interpreter)': {{.*}}: ok

func.func @main(%a: tensor<17x33xf32> {lite.name = "a"}, %b: tensor<33x7xf32> {lite.name = "b"},
                %c: tensor<7x17xf32> {lite.name = "c"}, %bb: tensor<2x1x5x7xf32> {lite.name = "bb"},
                %ab: tensor<3x7x9xf32> {lite.name = "ab"}, %cc: tensor<7xf32> {lite.name = "cc"},
                %v: tensor<1x33xf32> {lite.name = "v"}, %cm: tensor<17x1xf32> {lite.name = "cm"},
                %x: tensor<2x5x9x11xf32> {lite.name = "x"}, %w1: tensor<7x5x1x1xf32> {lite.name = "w1"},
                %w3: tensor<17x5x3x3xf32> {lite.name = "w3"}, %cb: tensor<17xf32> {lite.name = "cb"},
                %r: tensor<2x17x5x6xf32> {lite.name = "r"}, %x3: tensor<2x3x4xf32> {lite.name = "x3"},
                %fw: tensor<12x33xf32> {lite.name = "fw"}, %fb: tensor<33xf32> {lite.name = "fb"},
                %one: tensor<1x1x1x1xf32> {lite.name = "one"}, %w11: tensor<1x1x1x1xf32> {lite.name = "w11"},
                %x1: tensor<1x33x1x1xf32> {lite.name = "x1"}, %w9: tensor<33x33x1x1xf32> {lite.name = "w9"},
                %xk: tensor<1x230x6x13xf32> {lite.name = "xk"}, %wk: tensor<3x230x3x3xf32> {lite.name = "wk"})
    -> (tensor<17x7xf32>, tensor<7x17xf32>, tensor<2x3x5x9xf32>, tensor<17x7xf32>, tensor<1x7xf32>,
        tensor<17x7xf32>, tensor<2x7x9x11xf32>, tensor<2x17x9x11xf32>, tensor<2x17x5x6xf32>,
        tensor<2x17x6x8xf32>, tensor<2x33xf32>, tensor<2x17x9x11xf32>, tensor<1x1x1x1xf32>,
        tensor<1x33x1x1xf32>, tensor<7xf32>, tensor<17x12xf32>, tensor<1x3x6x13xf32>,
        tensor<1x3x3x7xf32>) {
  %0 = "lite.matmul"(%a, %b) : (tensor<17x33xf32>, tensor<33x7xf32>) -> tensor<17x7xf32>
  %1 = "lite.gemm"(%b, %a, %c) {transA = 1 : i64, transB = 1 : i64, alpha = 0.5 : f32, activation = "relu6"} : (tensor<33x7xf32>, tensor<17x33xf32>, tensor<7x17xf32>) -> tensor<7x17xf32>
  %2 = "lite.matmul"(%bb, %ab) : (tensor<2x1x5x7xf32>, tensor<3x7x9xf32>) -> tensor<2x3x5x9xf32>
  %3 = "lite.gemm"(%a, %b, %cc) {beta = 2.0 : f32} : (tensor<17x33xf32>, tensor<33x7xf32>, tensor<7xf32>) -> tensor<17x7xf32>
  %4 = "lite.gemm"(%v, %b) : (tensor<1x33xf32>, tensor<33x7xf32>) -> tensor<1x7xf32>
  %5 = "lite.gemm"(%a, %b, %cm) {activation = "leaky_relu", activation_alpha = 0.2 : f32} : (tensor<17x33xf32>, tensor<33x7xf32>, tensor<17x1xf32>) -> tensor<17x7xf32>
  %6 = "lite.conv2d"(%x, %w1) {kernel_shape = array<i64: 1, 1>} : (tensor<2x5x9x11xf32>, tensor<7x5x1x1xf32>) -> tensor<2x7x9x11xf32>
  %7 = "lite.conv2d"(%x, %w3, %cb) {pads = array<i64: 1, 1, 1, 1>, activation = "relu6"} : (tensor<2x5x9x11xf32>, tensor<17x5x3x3xf32>, tensor<17xf32>) -> tensor<2x17x9x11xf32>
  %8 = "lite.conv2d"(%x, %w3, %cb, %r) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, activation = "leaky_relu", activation_alpha = 0.1 : f32} : (tensor<2x5x9x11xf32>, tensor<17x5x3x3xf32>, tensor<17xf32>, tensor<2x17x5x6xf32>) -> tensor<2x17x5x6xf32>
  %9 = "lite.conv2d"(%x, %w3) {pads = array<i64: 0, 1, 1, 0>, dilations = array<i64: 2, 2>} : (tensor<2x5x9x11xf32>, tensor<17x5x3x3xf32>) -> tensor<2x17x6x8xf32>
  %10 = "lite.fc"(%x3, %fw, %fb) {activation = "relu"} : (tensor<2x3x4xf32>, tensor<12x33xf32>, tensor<33xf32>) -> tensor<2x33xf32>
  %11 = "lite.conv2d"(%x, %w3) {auto_pad = "SAME_UPPER"} : (tensor<2x5x9x11xf32>, tensor<17x5x3x3xf32>) -> tensor<2x17x9x11xf32>
  %12 = "lite.conv2d"(%one, %w11) : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %13 = "lite.conv2d"(%x1, %w9, %fb) : (tensor<1x33x1x1xf32>, tensor<33x33x1x1xf32>, tensor<33xf32>) -> tensor<1x33x1x1xf32>
  %14 = "lite.matmul"(%a, %b) : (tensor<17x33xf32>, tensor<33x7xf32>) -> tensor<17x7xf32>
  %15 = "lite.reduce_sum"(%14) {axes = array<i64: 0>, keepdims = 0 : i64} : (tensor<17x7xf32>) -> tensor<7xf32>
  %16 = "lite.gemm"(%a, %fw) {transB = 1 : i64} : (tensor<17x33xf32>, tensor<12x33xf32>) -> tensor<17x12xf32>
  %17 = "lite.conv2d"(%xk, %wk) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x230x6x13xf32>, tensor<3x230x3x3xf32>) -> tensor<1x3x6x13xf32>
  %18 = "lite.conv2d"(%xk, %wk) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x230x6x13xf32>, tensor<3x230x3x3xf32>) -> tensor<1x3x3x7xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %15, %16, %17, %18 : tensor<17x7xf32>, tensor<7x17xf32>, tensor<2x3x5x9xf32>, tensor<17x7xf32>, tensor<1x7xf32>,
        tensor<17x7xf32>, tensor<2x7x9x11xf32>, tensor<2x17x9x11xf32>, tensor<2x17x5x6xf32>,
        tensor<2x17x6x8xf32>, tensor<2x33xf32>, tensor<2x17x9x11xf32>, tensor<1x1x1x1xf32>,
        tensor<1x33x1x1xf32>, tensor<7xf32>, tensor<17x12xf32>, tensor<1x3x6x13xf32>, tensor<1x3x3x7xf32>
}

// Transpose as loops (--lite-lower-to-loops), run by upstream MLIR 16 on
// seeded random inputs and compared with numpy: the last dim kept (by
// vectors), and moved (tiled by 16, whole and cut tiles, a dim shorter
// than a tile).
// REQUIRES: mlir-opt, mlir-cpu-runner
// RUN: %python %S/../../codegen/upstream_check.py %s | FileCheck %s
// RUN: %python %S/../../codegen/upstream_check.py %s --pass-option=vector-width=16 --seed 1 | FileCheck %s

// CHECK: PASS @transposes: 3 kernels, 3 dispatches
func.func @transposes(%x: tensor<2x3x4x17xf32>) -> (tensor<2x17x3x4xf32>, tensor<3x2x4x17xf32>, tensor<17x4x3x2xf32>) {
  %a = "lite.transpose"(%x) {perm = array<i64: 0, 3, 1, 2>, lite.kernel = "jit_transpose__f32_nchw"} : (tensor<2x3x4x17xf32>) -> tensor<2x17x3x4xf32>
  %b = "lite.transpose"(%x) {perm = array<i64: 1, 0, 2, 3>, lite.kernel = "jit_transpose__f32_nchw"} : (tensor<2x3x4x17xf32>) -> tensor<3x2x4x17xf32>
  %c = "lite.transpose"(%x) {lite.kernel = "jit_transpose__f32_nchw"} : (tensor<2x3x4x17xf32>) -> tensor<17x4x3x2xf32>
  return %a, %b, %c : tensor<2x17x3x4xf32>, tensor<3x2x4x17xf32>, tensor<17x4x3x2xf32>
}

// -----

// CHECK: PASS @tiled: 3 kernels, 3 dispatches
func.func @tiled(%x: tensor<3x40x37xf32>, %y: tensor<32x48xf32>) -> (tensor<3x37x40xf32>, tensor<37x40x3xf32>, tensor<48x32xf32>) {
  %a = "lite.transpose"(%x) {perm = array<i64: 0, 2, 1>, lite.kernel = "jit_transpose__f32_nchw"} : (tensor<3x40x37xf32>) -> tensor<3x37x40xf32>
  %b = "lite.transpose"(%x) {lite.kernel = "jit_transpose__f32_nchw"} : (tensor<3x40x37xf32>) -> tensor<37x40x3xf32>
  %c = "lite.transpose"(%y) {perm = array<i64: 1, 0>, lite.kernel = "jit_transpose__f32_nchw"} : (tensor<32x48xf32>) -> tensor<48x32xf32>
  return %a, %b, %c : tensor<3x37x40xf32>, tensor<37x40x3xf32>, tensor<48x32xf32>
}

// UNSUPPORTED: llvm
// Without LLVM (LITE_WITH_LLVM=OFF) there are no generated kernels to
// measure: lite-autotune, lite-opt --lite-compile --lite-autotune and
// lite-run --jit --autotune say so.

// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune)' 2>&1 | FileCheck %s
// RUN: not lite-opt %s --lite-compile --lite-autotune 2>&1 | FileCheck %s
// RUN: not lite-run %s --jit --autotune 2>&1 | FileCheck %s
// CHECK: error: {{.*}}lite-autotune measures generated kernels, and this build has no LLVM to compile them (LITE_WITH_LLVM=OFF)

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

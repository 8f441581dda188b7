// lite-pick-kernels{kernel-kinds=...}: the kinds to choose from (a
// kernel's kind is its name's first word), preferred first at equal score.

// RUN: lite-opt %s --lite-pick-kernels='kernel-kinds=ref' | FileCheck %s
// CHECK: "lite.relu"(%arg0) {lite.kernel = "ref_relu__f32_nchw"}

// A kind no kernel has leaves the op without one, each candidate saying why.
// RUN: not lite-opt %s --lite-pick-kernels='kernel-kinds=x86' 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: no kernel for 'lite.relu' at places host:f32:nchw
// NONE: note: kernel ref_relu__f32_nchw rejected: its kind is not in kernel-kinds

// RUN: not lite-opt %s --lite-pick-kernels='kernel-kinds=ref,Jit!' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: 'func.func' op lite-pick-kernels: bad kind 'Jit!' in kernel-kinds='ref,Jit!': expected a kernel name's first word (jit, ref, ...)

func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

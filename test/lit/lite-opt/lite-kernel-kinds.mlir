// --lite-kernel-kinds=K makes --lite-compile pick among the kernel kinds K
// (and lower the ops that pick generated ones when K names jit);
// --lite-autotune next to --lite-compile runs inside it, after the kernel
// pick, with its own options and the compile's places and kinds (jit,ref
// when no kinds are given).

// RUN: lite-opt %s --lite-compile --lite-kernel-kinds=ref --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=REF
// REF:     func.func(lite-pick-kernels{explain=false kernel-kinds=ref places=host:f32:nchw},lite-infer-places
// REF-NOT: lite-lower-to-loops

// How --lite-autotune runs inside --lite-compile: passes/lite-autotune.mlir
// (it needs LLVM).

// RUN: not lite-opt %s --lite-kernel-kinds=jit,ref 2>&1 | FileCheck %s --check-prefix=NOCOMPILE
// NOCOMPILE: lite-opt: error: --lite-kernel-kinds needs --lite-compile: it sets the kernel kinds --lite-compile picks from (in a --pass-pipeline, give lite-pick-kernels {kernel-kinds=...})
// RUN: not lite-opt %s --lite-compile --lite-autotune='kernel-kinds=Jit' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: lite-autotune: bad kernel-kinds='Jit'

func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// REQUIRES: llvm
// lite-run --jit generates kernels for the ops that can take one (a group
// of a fused add + relu with a broadcast bias and a mul, one loop nest; a
// softmax), compiles them with LLVM into the object cache, and runs them
// on the runtime; --check-reference compares with the interpreter on the
// model as it was before compiling. A second start loads the kernels from
// the cache and compiles nothing. The places are the host's alone: at x86
// or arm places the lone softmax takes its hand-written row
// (test/lit/lite-run/x86-elementwise.mlir).

// RUN: rm -rf %t && mkdir -p %t
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit --check-reference --profile | FileCheck %s --check-prefix=COLD
// COLD:      jit: 2 kernels, 1 module(s) compiled in {{[0-9.]+}} ms, 0 from the cache
// COLD:      lite.dispatch{{.*}}jit_add_relu_mul_{{[0-9a-f]+}}
// COLD:      lite.dispatch{{.*}}jit_softmax_{{[0-9a-f]+}}
// COLD:      output 'y (runtime vs interpreter)': {{.*}}: ok
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit | FileCheck %s --check-prefix=WARM
// WARM:      jit: 2 kernels, 0 module(s) compiled in {{[0-9.]+}} ms, 1 from the cache

// An artifact carries its generated kernels as IR; lite-run compiles them
// (the second start: from the cache) and runs them, computing what the
// model does.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref},lite-infer-places,lite-insert-casts),lite-lower-to-loops,func.func(lite-plan-memory{dynamic-dim-bound=-1}),lite-emit-artifact{path=%t/m.lite})' -o /dev/null
// RUN: lite-run %s --reference --seed 5 --output %t/ref > /dev/null
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %t/m.lite --seed 5 --output %t/a | FileCheck %s --check-prefix=ART-COLD
// ART-COLD:  jit: 2 kernels from the artifact, 1 module(s) compiled in {{[0-9.]+}} ms, 0 from the cache
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %t/m.lite --seed 5 --output %t/b | FileCheck %s --check-prefix=ART
// ART:       jit: 2 kernels from the artifact, 0 module(s) compiled in {{[0-9.]+}} ms, 1 from the cache
// RUN: %python -c "import numpy as np; a, b, r = (np.load('%t/' + d + '/y.npy') for d in ('a', 'b', 'ref')); assert (a == b).all() and np.allclose(a, r, rtol=1e-5, atol=1e-6)"

// The reference kernels alone run the same model without any kernel.
// RUN: lite-run %s --kernel-kinds=ref | FileCheck %s --check-prefix=REF
// REF-NOT:   jit:

func.func @main(%x: tensor<2x3x8x16xf32> {lite.name = "x"}) -> (tensor<2x3x8x16xf32> {lite.name = "y"}) {
  %b = "lite.constant"() {value = dense<[[[[0.5]], [[-0.25]], [[1.0]]]]> : tensor<1x3x1x1xf32>} : () -> tensor<1x3x1x1xf32>
  %a = "lite.add"(%x, %b) : (tensor<2x3x8x16xf32>, tensor<1x3x1x1xf32>) -> tensor<2x3x8x16xf32>
  %r = "lite.relu"(%a) : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %m = "lite.mul"(%r, %x) : (tensor<2x3x8x16xf32>, tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %s = "lite.softmax"(%m) {axis = -1 : i64} : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  return %s : tensor<2x3x8x16xf32>
}

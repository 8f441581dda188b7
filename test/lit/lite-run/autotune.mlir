// REQUIRES: llvm
// lite-run --jit --autotune: lite-autotune after the kernel pick measures
// each distinct op's generated and reference kernels and keeps the faster;
// the times are cached beside the JIT's objects, so the second start
// measures nothing. Whatever the choice, the outputs are the interpreter's.
// The global pooling's input is large enough to live in memory of its own
// (mmap), and it is measured first: the measurement must keep it until
// the runs are over.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit --autotune --check-reference --seed 3 | FileCheck %s --check-prefix=COLD
// COLD:          autotune: 4 ops (4 distinct), 4 measured, 0 from the cache, {{[0-9]+}} kernel(s) changed, in {{[0-9.]+}} ms
// COLD-COUNT-4:  (runtime vs interpreter)': {{.*}}: ok
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit --autotune --check-reference --seed 4 | FileCheck %s --check-prefix=WARM
// WARM:          autotune: 4 ops (4 distinct), 0 measured, 4 from the cache
// WARM-COUNT-4:  (runtime vs interpreter)': {{.*}}: ok

// Times seeded by hand: the reference softmax runs, the generated kernels
// elsewhere. The exp and the neg, one group of the generated kernels (one
// pass over memory for both), are not measured: one op alone cannot show
// what the group saves.
// RUN: %python %S/../passes/Inputs/autotune_seed.py %t/cache softmax fastest ref
// RUN: %python %S/../passes/Inputs/autotune_seed.py %t/cache add fastest jit
// RUN: %python %S/../passes/Inputs/autotune_seed.py %t/cache transpose fastest jit
// RUN: %python %S/../passes/Inputs/autotune_seed.py %t/cache pool2d fastest jit
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit --autotune --check-reference --profile | FileCheck %s --check-prefix=SEEDED
// SEEDED:        autotune: 4 ops (4 distinct), 0 measured, 4 from the cache, 1 kernel(s) changed
// SEEDED:        jit: 4 kernels
// SEEDED-DAG:    lite.dispatch {{ *}}jit_add_relu_
// SEEDED-DAG:    lite.dispatch {{ *}}jit_exp_neg_
// SEEDED-DAG:    lite.softmax {{ *}}ref_softmax__f32_nchw
// SEEDED-DAG:    lite.dispatch {{ *}}jit_transpose_
// SEEDED-DAG:    lite.dispatch {{ *}}jit_global_pool_
// SEEDED:        by op type:
// SEEDED-COUNT-4: (runtime vs interpreter)': {{.*}}: ok

// The kernels are measured with --num-threads' threads, part of the key.
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --lite-places=host:f32:nchw --jit --autotune --num-threads 2 | FileCheck %s --check-prefix=THREADS
// THREADS: autotune: 4 ops (4 distinct), 4 measured, 0 from the cache

// Measuring chooses between generated and reference kernels: it needs both.
// RUN: not lite-run %s --autotune 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: lite-run: error: --autotune chooses between generated and reference kernels: give --jit (or --kernel-kinds naming jit)
// RUN: not lite-run %s --reference --autotune 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: lite-run: error: --autotune applies to the runtime, not to --reference

func.func @main(%x: tensor<2x3x8x16xf32> {lite.name = "x"}, %m: tensor<64x33xf32> {lite.name = "m"},
                %t: tensor<8x16x32xf32> {lite.name = "t"}, %img: tensor<1x1280x7x7xf32> {lite.name = "img"})
    -> (tensor<2x3x8x16xf32> {lite.name = "y"}, tensor<64x33xf32> {lite.name = "s"},
        tensor<8x32x16xf32> {lite.name = "tt"}, tensor<1x1280x1x1xf32> {lite.name = "g"}) {
  %g = "lite.pool2d"(%img) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<1x1280x7x7xf32>) -> tensor<1x1280x1x1xf32>
  %b = "lite.constant"() {value = dense<[[[[0.5]], [[-0.25]], [[1.0]]]]> : tensor<1x3x1x1xf32>} : () -> tensor<1x3x1x1xf32>
  %a = "lite.add"(%x, %b) : (tensor<2x3x8x16xf32>, tensor<1x3x1x1xf32>) -> tensor<2x3x8x16xf32>
  %r = "lite.relu"(%a) : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %e = "lite.exp"(%m) : (tensor<64x33xf32>) -> tensor<64x33xf32>
  %n = "lite.neg"(%e) : (tensor<64x33xf32>) -> tensor<64x33xf32>
  %s = "lite.softmax"(%n) {axis = 1 : i64} : (tensor<64x33xf32>) -> tensor<64x33xf32>
  %tt = "lite.transpose"(%t) {perm = array<i64: 0, 2, 1>} : (tensor<8x16x32xf32>) -> tensor<8x32x16xf32>
  return %r, %s, %tt, %g : tensor<2x3x8x16xf32>, tensor<64x33xf32>, tensor<8x32x16xf32>, tensor<1x1280x1x1xf32>
}

// REQUIRES: llvm
// lite-autotune: after the kernel pick, every op with a generated and a
// reference kernel is compiled alone both ways, timed on the runtime, and
// given the faster one; the times go to one file per op signature in the
// cache directory. Equal ops (the two softmaxes) are measured once.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache-dir=%t/cache explain=true})' --mlir-pass-statistics -o %t/cold.mlir 2>&1 | FileCheck %s --check-prefix=COLD
// COLD-DAG: remark: 'lite.add' op lite-autotune: {{(jit|ref)}}_add__f32_nchw (jit {{[0-9.e+-]+}} ms, ref {{[0-9.e+-]+}} ms; measured)
// COLD-DAG: remark: 'lite.softmax' op lite-autotune: {{(jit|ref)}}_softmax__f32_nchw (jit {{[0-9.e+-]+}} ms, ref {{[0-9.e+-]+}} ms; measured)
// COLD-DAG: remark: 'lite.transpose' op lite-autotune: {{(jit|ref)}}_transpose__f32_nchw (jit {{[0-9.e+-]+}} ms, ref {{[0-9.e+-]+}} ms; measured)
// COLD:      LiteAutotune
// COLD:      (S) 0 num-cached
// COLD:      (S) 4 num-distinct
// COLD-NEXT: (S) 4 num-measured
// COLD-NEXT: (S) 5 num-ops
// RUN: ls %t/cache/*.tune | count 4
// RUN: grep -l '"lite.softmax"' %t/cache/*.tune | xargs cat | FileCheck %s --check-prefix=ENTRY
// ENTRY:      lite-autotune 1
// ENTRY-NEXT: key {{[0-9a-f]{16}$}}
// ENTRY-NEXT: op "lite.softmax" {axis = 1 : i64} (tensor<64x33xf32>) -> (tensor<64x33xf32>)
// ENTRY-NEXT: jit jit_softmax__f32_nchw {{[0-9.e+-]+$}}
// ENTRY-NEXT: ref ref_softmax__f32_nchw {{[0-9.e+-]+$}}
// ENTRY-NEXT: end
// An operand made by a constant is one: another signature than an argument.
// RUN: grep -h '^op "lite.add"' %t/cache/*.tune | FileCheck %s --check-prefix=ADD
// ADD: op "lite.add" {} (tensor<2x3x8x16xf32>, const tensor<1x3x1x1xf32>) -> (tensor<2x3x8x16xf32>)
// Every op keeps a kernel of one of the two kinds.
// RUN: FileCheck %s --check-prefix=KINDS < %t/cold.mlir
// KINDS-COUNT-5: lite.kernel = "{{(jit|ref)}}_

// The second run measures nothing.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache-dir=%t/cache explain=true})' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARM
// WARM-COUNT-4: lite-autotune: {{.*}}; from the cache)
// WARM:      (S) 4 num-cached
// WARM:      (S) 0 num-measured

// Times seeded by hand decide: ref for the softmax (the pick's jit
// changes), jit for the transpose.
// RUN: %python %S/Inputs/autotune_seed.py %t/cache softmax fastest ref
// RUN: %python %S/Inputs/autotune_seed.py %t/cache transpose fastest jit
// RUN: %python %S/Inputs/autotune_seed.py %t/cache add fastest jit
// RUN: %python %S/Inputs/autotune_seed.py %t/cache relu fastest ref
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache-dir=%t/cache})' --mlir-pass-statistics -o %t/seeded.mlir 2>&1 | FileCheck %s --check-prefix=SEEDED-STATS
// SEEDED-STATS:      (S) 4 num-cached
// SEEDED-STATS-NEXT: (S) 3 num-changed
// SEEDED-STATS:      (S) 0 num-measured
// RUN: FileCheck %s --check-prefix=SEEDED < %t/seeded.mlir
// SEEDED:      "lite.add"{{.*}}lite.kernel = "jit_add__f32_nchw"
// SEEDED-NEXT: "lite.relu"{{.*}}lite.kernel = "ref_relu__f32_nchw"
// SEEDED-NEXT: "lite.softmax"{{.*}}lite.kernel = "ref_softmax__f32_nchw"
// SEEDED-NEXT: "lite.softmax"{{.*}}lite.kernel = "ref_softmax__f32_nchw"
// SEEDED-NEXT: "lite.transpose"{{.*}}lite.kernel = "jit_transpose__f32_nchw"

// The compile path goes on from there (lite-optimize first: it merges the
// softmaxes): the reference softmax stays an op, the transpose becomes a
// dispatch.
// RUN: lite-opt %s --lite-compile --lite-kernel-kinds=jit,ref --lite-autotune='cache-dir=%t/cache' | FileCheck %s --check-prefix=COMPILED
// COMPILED:     "lite.softmax"{{.*}}lite.kernel = "ref_softmax__f32_nchw"
// COMPILED-NOT: "lite.softmax"
// COMPILED:     "lite.dispatch"(%arg2) {callee = @lite_kernels::@jit_transpose_

// A truncated entry and one of other bytes are measured again, and
// rewritten whole.
// RUN: %python %S/Inputs/autotune_seed.py %t/cache softmax truncate
// RUN: %python %S/Inputs/autotune_seed.py %t/cache transpose garbage
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache-dir=%t/cache explain=true})' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT-DAG: 'lite.softmax' op lite-autotune: {{.*}}; measured)
// CORRUPT-DAG: 'lite.transpose' op lite-autotune: {{.*}}; measured)
// CORRUPT-DAG: 'lite.add' op lite-autotune: jit_add__f32_nchw ({{.*}}; from the cache)
// CORRUPT:     (S) 2 num-cached
// CORRUPT:     (S) 2 num-measured
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache-dir=%t/cache explain=true})' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARM

// cache=false neither reads nor writes.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{cache=false cache-dir=%t/none})' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCACHE
// NOCACHE: (S) 0 num-cached
// NOCACHE: (S) 4 num-measured
// RUN: not ls %t/none

// lite-opt --lite-compile --lite-autotune: after the kernel pick, with the
// compile's places and kinds (jit,ref when it names none).
// RUN: lite-opt %s --lite-compile --lite-places=host:f32:nchw --lite-autotune='budget-ms=5 cache-dir=%t/pipeline' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNE
// TUNE: func.func(lite-pick-kernels{explain=false kernel-kinds=jit,ref places=host:f32:nchw}),lite-autotune{budget-ms=5 cache=true cache-dir={{.*}}/pipeline explain=false kernel-kinds=jit,ref places=host:f32:nchw seed=1 threads=1 vector-width=8},func.func(lite-infer-places{places=host:f32:nchw},lite-insert-casts),lite-lower-to-loops{explain=false vector-width=8}

// Without --lite-compile, --lite-autotune is a pass like any other.
// RUN: lite-opt %s --lite-autotune='cache-dir=%t/pipeline' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: builtin.module(lite-autotune{budget-ms=20

// One kind leaves nothing to measure; a bad option is refused.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref}),lite-autotune{kernel-kinds=ref cache-dir=%t/cache})' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: (S) 0 num-ops
// RUN: not lite-opt %s --pass-pipeline='builtin.module(lite-autotune{budget-ms=0})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: lite-autotune: budget-ms must be in 1..60000, not 0

func.func @main(%x: tensor<2x3x8x16xf32>, %m: tensor<64x33xf32>, %t: tensor<8x16x32xf32>)
    -> (tensor<2x3x8x16xf32>, tensor<64x33xf32>, tensor<64x33xf32>, tensor<8x32x16xf32>, tensor<2x3x8x16xf32>) {
  %b = "lite.constant"() {value = dense<[[[[0.5]], [[-0.25]], [[1.0]]]]> : tensor<1x3x1x1xf32>} : () -> tensor<1x3x1x1xf32>
  %a = "lite.add"(%x, %b) : (tensor<2x3x8x16xf32>, tensor<1x3x1x1xf32>) -> tensor<2x3x8x16xf32>
  %r = "lite.relu"(%x) : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %s = "lite.softmax"(%m) {axis = 1 : i64} : (tensor<64x33xf32>) -> tensor<64x33xf32>
  %s2 = "lite.softmax"(%m) {axis = 1 : i64} : (tensor<64x33xf32>) -> tensor<64x33xf32>
  %tt = "lite.transpose"(%t) {perm = array<i64: 0, 2, 1>} : (tensor<8x16x32xf32>) -> tensor<8x32x16xf32>
  return %a, %s, %s2, %tt, %r : tensor<2x3x8x16xf32>, tensor<64x33xf32>, tensor<64x33xf32>, tensor<8x32x16xf32>, tensor<2x3x8x16xf32>
}

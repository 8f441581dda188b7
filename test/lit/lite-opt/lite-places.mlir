// --lite-places=P makes --lite-compile compile for the Places P (most
// preferred first): the pipeline becomes lt_compile_module's at P
// (lt_lite_compile_pipeline), one flag instead of a hand-spelled
// --pass-pipeline with {places=...} on each pass. The builtin kernels are
// host-only; --test-lite-register-kernels adds x86 nchw8c stand-ins
// (test/lib/test_kernels.c) for the placement passes that follow.

// At the default Places every op takes a host reference kernel and every
// tensor is host nchw: no layout casts.
// RUN: lite-opt %s --lite-compile | FileCheck %s --check-prefix=HOST
// HOST-LABEL: func.func @main
// HOST-SAME:  (%arg0: tensor<1x8x8x8xf32, #lite.place<host, f32, nchw>>) -> tensor<1x8x4x4xf32, #lite.place<host, f32, nchw>>
// HOST:       "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// HOST:       "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// HOST:       "lite.softmax"{{.*}}lite.kernel = "ref_softmax__f32_nchw"
// HOST-NOT:   lite.layout
// HOST-NOT:   nchw8c

// x86 first: the x86 kernels win the pick, but this chain is too small
// to pay for the layout casts its edges would need (lite-choose-layout:
// its multiply-adds are under 1000 per element cast), so it is picked
// again at the unblocked places and runs on the host, with no cast; the
// memory plan runs last. (lite-choose-layout.mlir shows a chain that stays
// blocked, with its casts.)
// RUN: lite-opt %s --test-lite-register-kernels --lite-compile --lite-places=x86:f32:nchw8c,host:f32:nchw | FileCheck %s --check-prefix=X86
// X86-LABEL: func.func @main
// X86-SAME:  -> tensor<1x8x4x4xf32, #lite.place<host, f32, nchw>> attributes {lite.arena_size = {host = {{[0-9]+}} : i64}}
// X86-NOT:   lite.layout
// X86:       "lite.conv2d"(%arg0, {{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// X86-NEXT:  "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// X86-NEXT:  "lite.softmax"{{.*}}lite.kernel = "ref_softmax__f32_nchw"
// X86-NOT:   lite.layout

// The same as an artifact: three instructions, no cast among them.
// RUN: lite-opt %s --test-lite-register-kernels --lite-compile --lite-places=x86:f32:nchw8c,host:f32:nchw --lite-emit-artifact='path=%t.lite' -o /dev/null
// RUN: lite-artifact-dump %t.lite | FileCheck %s --check-prefix=ART
// ART:      instructions 3, inputs 1, outputs 1
// ART:      instr 0: lite.conv2d ref_conv2d__f32_nchw
// ART-NEXT: instr 1: lite.conv2d ref_conv2d__f32_nchw
// ART-NEXT: instr 2: lite.softmax ref_softmax__f32_nchw

// One pipeline: --lite-compile, the named pipeline in --pass-pipeline and
// --lite-compile --lite-places are lt_compile_module's, the memory plan
// leaving dynamic shapes to the runtime (dynamic-dim-bound=-1).
// RUN: lite-opt %s --lite-compile --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-compile)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: func.func(lite-pick-kernels{explain=false kernel-kinds= places=host:f32:nchw},lite-infer-places{places=host:f32:nchw},lite-insert-casts,lite-plan-memory{check-only=false dynamic-dim-bound=-1 no-reuse=false remarks=false})
// RUN: lite-opt %s --lite-compile --lite-places=x86:f32:nchw8c,host:f32:nchw --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMPX86
// A blocked place brings in the layout choice after the pick.
// DUMPX86: func.func(lite-pick-kernels{explain=false kernel-kinds= places=x86:f32:nchw8c,host:f32:nchw},lite-choose-layout{kernel-kinds= macs-per-cast=1000 places=x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=x86:f32:nchw8c,host:f32:nchw},lite-insert-casts,lite-plan-memory{check-only=false dynamic-dim-bound=-1 no-reuse=false remarks=false})

// A dynamic batch compiles: its values are the runtime's to allocate.
// RUN: sed -e 's/tensor<1x8/tensor<?x8/g' %s | lite-opt --lite-compile | FileCheck %s --check-prefix=DYN
// DYN: func.func @main(%arg0: tensor<?x8x8x8xf32, #lite.place<host, f32, nchw>>) -> tensor<?x8x4x4xf32, #lite.place<host, f32, nchw>> attributes {lite.arena_size = {}}

// --lite-places without --lite-compile is a bad command line (exit 2), also
// next to a --pass-pipeline, whose passes take {places=...} themselves.
// RUN: sh -c 'lite-opt %s --lite-places=x86:f32:nchw8c,host:f32:nchw; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: sh -c 'lite-opt %s --lite-places=host:f32:nchw --lite-optimize; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: sh -c "lite-opt %s --lite-places=host:f32:nchw --pass-pipeline='builtin.module(lite-compile)'; echo exit \$?" 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE:      lite-opt: error: --lite-places needs --lite-compile: it sets the Places --lite-compile compiles for (in a --pass-pipeline, give lite-pick-kernels and lite-infer-places {places=...})
// ALONE-NEXT: exit 2
// RUN: sh -c 'lite-opt %s --lite-compile --lite-places=a:b:c --lite-places=host:f32:nchw; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE:      lite-opt: for the --lite-places option: may only occur zero or one times!
// TWICE-NEXT: exit 2

// A place that does not parse is the kernel pick's to name, at the
// function (exit 1).
// RUN: sh -c 'lite-opt %s --lite-compile --lite-places=x86,host:f32:nchw; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BADPLACE
// BADPLACE:      error: 'func.func' op lite-pick-kernels: bad place 'x86' in places='x86,host:f32:nchw': expected target:precision:layout
// BADPLACE:      exit 1

func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %w = "lite.constant"() {value = dense<0.05> : tensor<8x8x3x3xf32>} : () -> tensor<8x8x3x3xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32>
  %r = "lite.sigmoid"(%c) : (tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %c2 = "lite.conv2d"(%r, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x8x6x6xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x4x4xf32>
  %s = "lite.softmax"(%c2) {axis = 1 : i64} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %s : tensor<1x8x4x4xf32>
}

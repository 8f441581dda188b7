// REQUIRES: llvm
// Layout casts as generated kernels against the ref kernel, byte for byte:
// chains of lite.layout between nchw, nhwc, nchw4c, nchw8c and nchw16c
// that end back in nchw, on C = 8, 3, 17, 33 (whole blocks and cut ones),
// H and W of 1 and odd, W past a vector (19), a rank-5 tensor. No kernel
// runs in a blocked layout and the model's interface is nchw, so no model
// makes these casts through lite-compile (lite-infer-places puts every
// value at its kernel's nchw Place): the module is written as placed,
// lowered by lite-opt and run from an artifact. The interpreter's casts
// are identities, the runtime's move bytes: the outputs equal the inputs.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-lower-to-loops{vector-width=16},func.func(lite-plan-memory{dynamic-dim-bound=-1}),lite-emit-artifact{path=%t/jit16.lite})' -o /dev/null
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-lower-to-loops{vector-width=8},func.func(lite-plan-memory{dynamic-dim-bound=-1}),lite-emit-artifact{path=%t/jit8.lite})' -o /dev/null
// RUN: sed 's/jit_layout__/ref_layout__/' %s > %t/ref.mlir
// RUN: lite-opt %t/ref.mlir --pass-pipeline='builtin.module(func.func(lite-plan-memory{dynamic-dim-bound=-1}),lite-emit-artifact{path=%t/ref.lite})' -o /dev/null
// RUN: lite-run %s --reference --seed 5 --output %t/interp > /dev/null
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %t/jit16.lite --seed 5 --profile --output %t/jit16 | FileCheck %s
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %t/jit8.lite --seed 5 --output %t/jit8 | FileCheck %s --check-prefix=W8
// RUN: lite-run %t/ref.lite --seed 5 --profile --output %t/ref | FileCheck %s --check-prefix=REF
// RUN: %python -c "import numpy as np; \
// RUN:   [np.testing.assert_array_equal(np.load('%t/' + d + '/' + n + '_out.npy'), np.load('%t/interp/' + n + '_out.npy')) \
// RUN:    for n in 'abcdef' for d in ('jit16', 'jit8', 'ref')]"
// CHECK: jit: 27 kernels from the artifact
// CHECK-NOT: ref_layout
// CHECK: by op type:
// CHECK-NEXT: op
// CHECK-NEXT: lite.dispatch 27
// CHECK-NOT: lite.layout
// W8: jit: 27 kernels from the artifact
// W8-NOT: ref_layout
// REF-NOT: jit:
// REF: lite.layout {{.*}}ref_layout__f32_nchw

func.func @main(%a: tensor<2x8x1x3xf32, #lite.place<host, f32, nchw>> {lite.name = "a"},
                %b: tensor<1x3x5x1xf32, #lite.place<host, f32, nchw>> {lite.name = "b"},
                %c: tensor<1x17x3x9xf32, #lite.place<host, f32, nchw>> {lite.name = "c"},
                %d: tensor<2x33x7x19xf32, #lite.place<host, f32, nchw>> {lite.name = "d"},
                %e: tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw>> {lite.name = "e"},
                %f: tensor<1x3x1x1xf32, #lite.place<host, f32, nchw>> {lite.name = "f"})
    -> (tensor<2x8x1x3xf32, #lite.place<host, f32, nchw>> {lite.name = "a_out"}, tensor<1x3x5x1xf32, #lite.place<host, f32, nchw>> {lite.name = "b_out"}, tensor<1x17x3x9xf32, #lite.place<host, f32, nchw>> {lite.name = "c_out"}, tensor<2x33x7x19xf32, #lite.place<host, f32, nchw>> {lite.name = "d_out"}, tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw>> {lite.name = "e_out"}, tensor<1x3x1x1xf32, #lite.place<host, f32, nchw>> {lite.name = "f_out"}) {
  %a0 = "lite.layout"(%a) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x8x1x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x8x1x3xf32, #lite.place<host, f32, nchw8c>>
  %a1 = "lite.layout"(%a0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x8x1x3xf32, #lite.place<host, f32, nchw8c>>) -> tensor<2x8x1x3xf32, #lite.place<host, f32, nchw>>
  %b0 = "lite.layout"(%b) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x5x1xf32, #lite.place<host, f32, nchw>>) -> tensor<1x3x5x1xf32, #lite.place<host, f32, nchw16c>>
  %b1 = "lite.layout"(%b0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x5x1xf32, #lite.place<host, f32, nchw16c>>) -> tensor<1x3x5x1xf32, #lite.place<host, f32, nchw8c>>
  %b2 = "lite.layout"(%b1) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x5x1xf32, #lite.place<host, f32, nchw8c>>) -> tensor<1x3x5x1xf32, #lite.place<host, f32, nchw4c>>
  %b3 = "lite.layout"(%b2) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x5x1xf32, #lite.place<host, f32, nchw4c>>) -> tensor<1x3x5x1xf32, #lite.place<host, f32, nchw16c>>
  %b4 = "lite.layout"(%b3) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x5x1xf32, #lite.place<host, f32, nchw16c>>) -> tensor<1x3x5x1xf32, #lite.place<host, f32, nchw>>
  %c0 = "lite.layout"(%c) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x9xf32, #lite.place<host, f32, nchw>>) -> tensor<1x17x3x9xf32, #lite.place<host, f32, nhwc>>
  %c1 = "lite.layout"(%c0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x9xf32, #lite.place<host, f32, nhwc>>) -> tensor<1x17x3x9xf32, #lite.place<host, f32, nchw8c>>
  %c2 = "lite.layout"(%c1) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x9xf32, #lite.place<host, f32, nchw8c>>) -> tensor<1x17x3x9xf32, #lite.place<host, f32, nchw16c>>
  %c3 = "lite.layout"(%c2) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x9xf32, #lite.place<host, f32, nchw16c>>) -> tensor<1x17x3x9xf32, #lite.place<host, f32, nchw4c>>
  %c4 = "lite.layout"(%c3) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x9xf32, #lite.place<host, f32, nchw4c>>) -> tensor<1x17x3x9xf32, #lite.place<host, f32, nchw>>
  %d0 = "lite.layout"(%d) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw4c>>
  %d1 = "lite.layout"(%d0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw4c>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nhwc>>
  %d2 = "lite.layout"(%d1) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nhwc>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw16c>>
  %d3 = "lite.layout"(%d2) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw16c>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nhwc>>
  %d4 = "lite.layout"(%d3) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nhwc>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw8c>>
  %d5 = "lite.layout"(%d4) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw8c>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw4c>>
  %d6 = "lite.layout"(%d5) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw4c>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw8c>>
  %d7 = "lite.layout"(%d6) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<2x33x7x19xf32, #lite.place<host, f32, nchw8c>>) -> tensor<2x33x7x19xf32, #lite.place<host, f32, nchw>>
  %e0 = "lite.layout"(%e) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw>>) -> tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw8c>>
  %e1 = "lite.layout"(%e0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw8c>>) -> tensor<1x17x2x3x5xf32, #lite.place<host, f32, nhwc>>
  %e2 = "lite.layout"(%e1) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x2x3x5xf32, #lite.place<host, f32, nhwc>>) -> tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw4c>>
  %e3 = "lite.layout"(%e2) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw4c>>) -> tensor<1x17x2x3x5xf32, #lite.place<host, f32, nhwc>>
  %e4 = "lite.layout"(%e3) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x2x3x5xf32, #lite.place<host, f32, nhwc>>) -> tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw>>
  %f0 = "lite.layout"(%f) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x1x1xf32, #lite.place<host, f32, nchw>>) -> tensor<1x3x1x1xf32, #lite.place<host, f32, nchw16c>>
  %f1 = "lite.layout"(%f0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x3x1x1xf32, #lite.place<host, f32, nchw16c>>) -> tensor<1x3x1x1xf32, #lite.place<host, f32, nchw>>
  return %a1, %b4, %c4, %d7, %e4, %f1 : tensor<2x8x1x3xf32, #lite.place<host, f32, nchw>>, tensor<1x3x5x1xf32, #lite.place<host, f32, nchw>>, tensor<1x17x3x9xf32, #lite.place<host, f32, nchw>>, tensor<2x33x7x19xf32, #lite.place<host, f32, nchw>>, tensor<1x17x2x3x5xf32, #lite.place<host, f32, nchw>>, tensor<1x3x1x1xf32, #lite.place<host, f32, nchw>>
}

// REQUIRES: x86-kernels
// The hand-written x86 kernels (kernels/simd): lite-run compiles for the
// host's Places by default (x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw on
// x86_64 with AVX2; the lone pools are too small to stay blocked), so the
// pools pick x86_pool2d__f32_nchw; its x86 results feed host kernels with
// no cast (one address space); the runtime's outputs match the
// interpreter's. Pinned to host:f32:nchw, the reference kernel runs.

// RUN: lite-run %s --check-reference --profile --seed 7 | FileCheck %s
// CHECK-COUNT-5: lite.pool2d{{ +}}x86_pool2d__f32_nchw{{ +}}x86:f32:nchw
// CHECK-COUNT-5: (runtime vs interpreter)': {{.*}}: ok

// RUN: lite-run %s --lite-places=host:f32:nchw --profile | FileCheck %s --check-prefix=HOST
// HOST-COUNT-5: lite.pool2d{{ +}}ref_pool2d__f32_nchw{{ +}}host:f32:nchw
// HOST-NOT: x86_

// RUN: lite-opt %s --lite-compile --lite-places=x86:f32:nchw,host:f32:nchw | FileCheck %s --check-prefix=IR
// IR-NOT: lite.io_copy
// IR: "lite.pool2d"{{.*}}lite.kernel = "x86_pool2d__f32_nchw"{{.*}} -> tensor<1x3x8x9xf32, #lite.place<x86, f32, nchw>>
// IR: "lite.relu"{{.*}}lite.kernel = "ref_relu__f32_nchw"{{.*}}(tensor<1x3x8x9xf32, #lite.place<x86, f32, nchw>>) -> tensor<1x3x8x9xf32, #lite.place<host, f32, nchw>>
// IR-NOT: lite.io_copy

func.func @main(%x: tensor<1x3x17x19xf32> {lite.name = "x"})
    -> (tensor<1x3x8x9xf32> {lite.name = "max"}, tensor<1x3x9x10xf32> {lite.name = "avg"},
        tensor<1x3x1x1xf32> {lite.name = "global"}, tensor<1x3x15x17xf32> {lite.name = "dilated"},
        tensor<1x3x6x7xf32> {lite.name = "ceil"}) {
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x17x19xf32>) -> tensor<1x3x8x9xf32>
  %r = "lite.relu"(%0) : (tensor<1x3x8x9xf32>) -> tensor<1x3x8x9xf32>
  %1 = "lite.pool2d"(%x) {pooling_type = "avg", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = 1 : i64} : (tensor<1x3x17x19xf32>) -> tensor<1x3x9x10xf32>
  %2 = "lite.pool2d"(%x) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<1x3x17x19xf32>) -> tensor<1x3x1x1xf32>
  %3 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x17x19xf32>) -> tensor<1x3x15x17xf32>
  %4 = "lite.pool2d"(%x) {pooling_type = "avg", kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>, ceil_mode = 1 : i64} : (tensor<1x3x17x19xf32>) -> tensor<1x3x6x7xf32>
  return %r, %1, %2, %3, %4 : tensor<1x3x8x9xf32>, tensor<1x3x9x10xf32>, tensor<1x3x1x1xf32>, tensor<1x3x15x17xf32>, tensor<1x3x6x7xf32>
}

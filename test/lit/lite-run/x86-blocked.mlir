// REQUIRES: x86-kernels
// A region of convolutions, a pool and a concat in the blocked layout
// nchw16c (lite-choose-layout keeps it: its multiply-adds outweigh its one
// cast out): the stem reads the plain 3-channel input in place, the
// weights arrive as arguments (packed per call) or constants (packed at
// load), a residual and an activation ride in a convolution, the channels
// (24, 40) fill no whole blocks; the runtime's outputs match the
// interpreter's on random inputs, on one thread and two. The same model
// pinned to unblocked places runs no nchw16c kernel.

// RUN: lite-run %s --lite-places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw --check-reference --profile --seed 3 | FileCheck %s
// RUN: lite-run %s --lite-places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw --check-reference --num-threads 2 --seed 4 | FileCheck %s --check-prefix=OK
// CHECK: lite.conv2d{{ +}}x86_conv2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x24x20x20
// CHECK: lite.pool2d{{ +}}x86_pool2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x24x10x10
// CHECK: lite.conv2d{{ +}}x86_conv2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x24x10x10
// CHECK: lite.concat{{ +}}x86_concat__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x48x10x10
// CHECK: lite.conv2d{{ +}}x86_conv2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x10x10
// CHECK: lite.layout{{ +}}ref_layout__f32_nchw{{ +}}x86:f32:nchw{{ +}}1x40x10x10
// CHECK-NEXT: by op type
// CHECK: (runtime vs interpreter)': {{.*}}: ok
// OK: (runtime vs interpreter)': {{.*}}: ok

// RUN: lite-run %s --lite-places=x86:f32:nchw,host:f32:nchw --check-reference --profile | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: nchw16c
// PLAIN: (runtime vs interpreter)': {{.*}}: ok

func.func @main(%x: tensor<1x3x20x20xf32> {lite.name = "x"},
                %w0: tensor<24x3x3x3xf32> {lite.name = "w0"},
                %w2: tensor<40x48x5x5xf32> {lite.name = "w2"})
    -> (tensor<1x40x10x10xf32> {lite.name = "y"}) {
  %b0 = "lite.constant"() {value = dense<0.25> : tensor<24xf32>} : () -> tensor<24xf32>
  %w1 = "lite.constant"() {value = dense<0.03> : tensor<24x24x1x1xf32>} : () -> tensor<24x24x1x1xf32>
  %c0 = "lite.conv2d"(%x, %w0, %b0) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, activation = "relu"} : (tensor<1x3x20x20xf32>, tensor<24x3x3x3xf32>, tensor<24xf32>) -> tensor<1x24x20x20xf32>
  %p = "lite.pool2d"(%c0) {pooling_type = "max", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x24x20x20xf32>) -> tensor<1x24x10x10xf32>
  %none = "lite.none"() : () -> none
  %c1 = "lite.conv2d"(%p, %w1, %none, %p) {kernel_shape = array<i64: 1, 1>, activation = "sigmoid"} : (tensor<1x24x10x10xf32>, tensor<24x24x1x1xf32>, none, tensor<1x24x10x10xf32>) -> tensor<1x24x10x10xf32>
  %cat = "lite.concat"(%p, %c1) {axis = 1} : (tensor<1x24x10x10xf32>, tensor<1x24x10x10xf32>) -> tensor<1x48x10x10xf32>
  %c2 = "lite.conv2d"(%cat, %w2) {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x48x10x10xf32>, tensor<40x48x5x5xf32>) -> tensor<1x40x10x10xf32>
  return %c2 : tensor<1x40x10x10xf32>
}

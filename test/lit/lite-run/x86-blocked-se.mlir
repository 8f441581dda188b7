// REQUIRES: x86-kernels
// A squeeze-and-excitation block in the blocked layout nchw16c: the
// squeeze (a global pool and two 1x1 convolutions on the pooled [1, C, 1,
// 1] values, which run as fully connected layers in nchw), the scale (a
// mul of the [1, C, 1, 1] gates over the map), then a residual add, a sub
// of a one-channel map, a div by the gates and a prelu with per-channel
// slopes, each by its x86 nchw16c kernel, and a convolution and a global
// pool: one region, its casts the small inputs and the pooled result; 40
// channels fill no whole blocks. The runtime's outputs match the
// interpreter's on random inputs, on one thread and two.

// RUN: lite-run %s --lite-places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw --check-reference --profile --seed 5 | FileCheck %s
// RUN: lite-run %s --lite-places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw --check-reference --num-threads 2 --seed 6 | FileCheck %s --check-prefix=OK
// CHECK: lite.conv2d{{ +}}x86_conv2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK: lite.pool2d{{ +}}x86_pool2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x1x1
// CHECK: lite.fc{{ +}}x86_fc__f32_nchw{{ +}}x86:f32:nchw{{ +}}1x8
// CHECK: lite.fc{{ +}}x86_fc__f32_nchw{{ +}}x86:f32:nchw{{ +}}1x40
// CHECK: lite.mul{{ +}}x86_mul__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK: lite.add{{ +}}x86_add__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK: lite.sub{{ +}}x86_sub__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK: lite.div{{ +}}x86_div__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK: lite.prelu{{ +}}x86_prelu__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK-NEXT: lite.conv2d{{ +}}x86_conv2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x24x24
// CHECK-NEXT: lite.pool2d{{ +}}x86_pool2d__f32_nchw16c{{ +}}x86:f32:nchw16c{{ +}}1x40x1x1
// CHECK-NEXT: lite.layout{{ +}}ref_layout__f32_nchw{{ +}}x86:f32:nchw{{ +}}1x40x1x1
// CHECK-NEXT: by op type
// CHECK: (runtime vs interpreter)': {{.*}}: ok
// OK: (runtime vs interpreter)': {{.*}}: ok

func.func @main(%x: tensor<1x40x24x24xf32> {lite.name = "x"},
                %w0: tensor<40x40x3x3xf32> {lite.name = "w0"},
                %d: tensor<1x1x24x24xf32> {lite.name = "d"},
                %slope: tensor<1x40x1x1xf32> {lite.name = "slope"})
    -> (tensor<1x40x1x1xf32> {lite.name = "y"}) {
  %w1 = "lite.constant"() {value = dense<0.05> : tensor<8x40x1x1xf32>} : () -> tensor<8x40x1x1xf32>
  %w2 = "lite.constant"() {value = dense<-0.1> : tensor<40x8x1x1xf32>} : () -> tensor<40x8x1x1xf32>
  %a = "lite.conv2d"(%x, %w0) {kernel_shape = array<i40: 3, 3>, pads = array<i40: 1, 1, 1, 1>, activation = "swish"} : (tensor<1x40x24x24xf32>, tensor<40x40x3x3xf32>) -> tensor<1x40x24x24xf32>
  %p = "lite.pool2d"(%a) {pooling_type = "avg", global_pooling = 1} : (tensor<1x40x24x24xf32>) -> tensor<1x40x1x1xf32>
  %s1 = "lite.conv2d"(%p, %w1) {kernel_shape = array<i40: 1, 1>, activation = "swish"} : (tensor<1x40x1x1xf32>, tensor<8x40x1x1xf32>) -> tensor<1x8x1x1xf32>
  %g = "lite.conv2d"(%s1, %w2) {kernel_shape = array<i40: 1, 1>, activation = "sigmoid"} : (tensor<1x8x1x1xf32>, tensor<40x8x1x1xf32>) -> tensor<1x40x1x1xf32>
  %m = "lite.mul"(%a, %g) : (tensor<1x40x24x24xf32>, tensor<1x40x1x1xf32>) -> tensor<1x40x24x24xf32>
  %r = "lite.add"(%m, %a) : (tensor<1x40x24x24xf32>, tensor<1x40x24x24xf32>) -> tensor<1x40x24x24xf32>
  %s = "lite.sub"(%r, %d) : (tensor<1x40x24x24xf32>, tensor<1x1x24x24xf32>) -> tensor<1x40x24x24xf32>
  %q = "lite.div"(%s, %g) : (tensor<1x40x24x24xf32>, tensor<1x40x1x1xf32>) -> tensor<1x40x24x24xf32>
  %e = "lite.prelu"(%q, %slope) : (tensor<1x40x24x24xf32>, tensor<1x40x1x1xf32>) -> tensor<1x40x24x24xf32>
  %c = "lite.conv2d"(%e, %w0) {kernel_shape = array<i40: 3, 3>, pads = array<i40: 1, 1, 1, 1>} : (tensor<1x40x24x24xf32>, tensor<40x40x3x3xf32>) -> tensor<1x40x24x24xf32>
  %y = "lite.pool2d"(%c) {pooling_type = "avg", global_pooling = 1} : (tensor<1x40x24x24xf32>) -> tensor<1x40x1x1xf32>
  return %y : tensor<1x40x1x1xf32>
}

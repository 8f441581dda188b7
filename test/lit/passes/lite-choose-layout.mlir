// REQUIRES: x86-kernels
// lite-choose-layout weighs the blocked regions lite-pick-kernels leaves
// when nchw16c is the first place: a chain of convolutions, pools and
// concats stays blocked when its multiply-adds outweigh the elements cast
// at its edges (macs-per-cast of them each), and is picked again at the
// unblocked places otherwise. A convolution reads its input at `any`
// layout, so a plain input starts a region for free. Ops whose values are
// not rank 4 never stay blocked.

// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-choose-layout{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw}))' | FileCheck %s
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-choose-layout{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw macs-per-cast=1000000}))' | FileCheck %s --check-prefix=DEAR
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-choose-layout{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// The whole pipeline: the casts only at the region's edge.
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-choose-layout{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-infer-places{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw},lite-insert-casts))' | FileCheck %s --check-prefix=CASTS

// A region of two convolutions, a pool and a concat: 2 x 64 x 32 x 32
// multiply-adds per output of 64 x 32 x 32 ... far more than 1000 per
// element of its one cast out (the pooled 128 x 16 x 16 result).
// CHECK-LABEL: func.func @region
// CHECK:       "lite.conv2d"(%arg0, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw16c"
// CHECK:       "lite.conv2d"(%{{.*}}, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw16c"
// CHECK:       "lite.concat"(%{{.*}}, %{{.*}}) {axis = 1 : i64, lite.kernel = "x86_concat__f32_nchw16c"}
// CHECK:       "lite.pool2d"(%{{.*}}) {{{.*}}lite.kernel = "x86_pool2d__f32_nchw16c"
// The same region when a cast element is worth 10^6 multiply-adds: given
// back, every op at x86:f32:nchw or the host.
// DEAR-LABEL: func.func @region
// DEAR:       "lite.conv2d"(%arg0, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw"
// DEAR:       "lite.conv2d"(%{{.*}}, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw"
// DEAR:       "lite.concat"(%{{.*}}, %{{.*}}) {axis = 1 : i64, lite.kernel = "ref_concat__f32_nchw"}
// DEAR:       "lite.pool2d"(%{{.*}}) {{{.*}}lite.kernel = "x86_pool2d__f32_nchw"
// CASTS-LABEL: func.func @region
// CASTS-NOT:   lite.layout
// CASTS:       "lite.pool2d"
// CASTS-NEXT:  "lite.layout"({{.*}}) {lite.kernel = "ref_layout__f32_nchw"} : (tensor<1x128x16x16xf32, #lite.place<x86, f32, nchw16c>>) -> tensor<1x128x16x16xf32, #lite.place<x86, f32, nchw>>
// CASTS-NOT:   lite.layout
// CASTS:       return
func.func @region(%x: tensor<1x64x32x32xf32>) -> tensor<1x128x16x16xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<64x64x3x3xf32>} : () -> tensor<64x64x3x3xf32>
  %a = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x64x32x32xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x32x32xf32>
  %b = "lite.conv2d"(%a, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x64x32x32xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x32x32xf32>
  %c = "lite.concat"(%a, %b) {axis = 1} : (tensor<1x64x32x32xf32>, tensor<1x64x32x32xf32>) -> tensor<1x128x32x32xf32>
  %p = "lite.pool2d"(%c) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x128x32x32xf32>) -> tensor<1x128x16x16xf32>
  return %p : tensor<1x128x16x16xf32>
}

// -----

// A lone max pool has no multiply-adds to pay for its two casts: given
// back. So is a lone concat of plain inputs. The small convolution's
// region (16 x 3 x 1 x 1 multiply-adds an output element against 16 x 8
// x 8 cast out) is given back too, and picks its nchw kernel.
// CHECK-LABEL: func.func @lone
// CHECK:       "lite.pool2d"(%arg0) {{{.*}}lite.kernel = "x86_pool2d__f32_nchw"
// CHECK:       "lite.concat"(%arg0, %arg0) {axis = 1 : i64, lite.kernel = "ref_concat__f32_nchw"}
// CHECK:       "lite.conv2d"(%arg1, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw"
// CASTS-LABEL: func.func @lone
// CASTS-NOT:   lite.layout
// CASTS:       return
func.func @lone(%x: tensor<1x32x8x8xf32>, %y: tensor<1x3x8x8xf32>) -> (tensor<1x32x4x4xf32>, tensor<1x64x8x8xf32>, tensor<1x16x8x8xf32>) {
  %p = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x32x8x8xf32>) -> tensor<1x32x4x4xf32>
  %c = "lite.concat"(%x, %x) {axis = 1} : (tensor<1x32x8x8xf32>, tensor<1x32x8x8xf32>) -> tensor<1x64x8x8xf32>
  %w = "lite.constant"() {value = dense<0.5> : tensor<16x3x1x1xf32>} : () -> tensor<16x3x1x1xf32>
  %v = "lite.conv2d"(%y, %w) {kernel_shape = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<16x3x1x1xf32>) -> tensor<1x16x8x8xf32>
  return %p, %c, %v : tensor<1x32x4x4xf32>, tensor<1x64x8x8xf32>, tensor<1x16x8x8xf32>
}

// -----

// Concats of rank-3 tensors take no blocked layout, whatever they are
// next to; the rank-4 region beside them stays (its one cast out is the
// pooled 64 values).
// CHECK-LABEL: func.func @ranks
// CHECK:       "lite.concat"(%arg0, %arg0) {axis = 1 : i64, lite.kernel = "ref_concat__f32_nchw"}
// CHECK:       "lite.conv2d"(%arg1, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw16c"
// CHECK:       "lite.pool2d"(%{{.*}}) {{{.*}}lite.kernel = "x86_pool2d__f32_nchw16c"
func.func @ranks(%x: tensor<2x16x8xf32>, %y: tensor<1x64x32x32xf32>) -> (tensor<2x32x8xf32>, tensor<1x64x1x1xf32>) {
  %c = "lite.concat"(%x, %x) {axis = 1} : (tensor<2x16x8xf32>, tensor<2x16x8xf32>) -> tensor<2x32x8xf32>
  %w = "lite.constant"() {value = dense<0.5> : tensor<64x64x3x3xf32>} : () -> tensor<64x64x3x3xf32>
  %v = "lite.conv2d"(%y, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x64x32x32xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x32x32xf32>
  %p = "lite.pool2d"(%v) {pooling_type = "avg", global_pooling = 1} : (tensor<1x64x32x32xf32>) -> tensor<1x64x1x1xf32>
  return %c, %p : tensor<2x32x8xf32>, tensor<1x64x1x1xf32>
}

// STATS:      (S) 1 num-kept {{ *}}- Number of blocked regions kept (last round)
// STATS-NEXT: (S) 1 num-regions {{ *}}- Number of blocked regions weighed (last round)
// STATS-NEXT: (S) 0 num-repicked {{ *}}- Number of ops picked again at an unblocked layout
// STATS:      (S) 0 num-kept
// STATS:      (S) 3 num-repicked
// STATS:      (S) 1 num-kept
// STATS-NEXT: (S) 1 num-regions
// STATS-NEXT: (S) 1 num-repicked

// -----

// A value no kernel places (a constant returned as it is) takes the first
// unblocked place, and nothing not of rank 4 is ever blocked: no cast.
// CASTS-LABEL: func.func @unplaced
// CASTS:       "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64, #lite.place<x86, i64, nchw>>
// CASTS-NOT:   lite.layout
func.func @unplaced(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %s = "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  return %s : tensor<2xi64>
}

// -----

// A squeeze-and-excitation block: the pooled gates scale the map by the
// blocked mul, and the residual add stays in the region. A mul of a
// rank-3 operand (ONNX broadcasting across ranks) is no blocked kernel's:
// it takes the unblocked place, the region before it pays for its one
// cast out, and the lone convolution after it is given back.
// CHECK-LABEL: func.func @se
// CHECK:       "lite.pool2d"(%{{.*}}) {{{.*}}lite.kernel = "x86_pool2d__f32_nchw16c"
// CHECK:       "lite.mul"(%{{.*}}, %{{.*}}) {lite.kernel = "x86_mul__f32_nchw16c"}
// CHECK:       "lite.add"(%{{.*}}, %{{.*}}) {lite.kernel = "x86_add__f32_nchw16c"}
// CHECK:       "lite.mul"(%{{.*}}, %{{.*}}) {lite.kernel = "x86_mul__f32_nchw"}
// CHECK:       "lite.conv2d"(%{{.*}}, %{{.*}}) {{{.*}}lite.kernel = "x86_conv2d__f32_nchw"
// CASTS-LABEL: func.func @se
// CASTS-NOT:   lite.layout
// CASTS:       "lite.add"
// CASTS-NEXT:  "lite.layout"({{.*}}) {lite.kernel = "ref_layout__f32_nchw"} : (tensor<1x64x16x16xf32, #lite.place<x86, f32, nchw16c>>) -> tensor<1x64x16x16xf32, #lite.place<x86, f32, nchw>>
// CASTS-NOT:   lite.layout
// CASTS:       return
func.func @se(%x: tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<64x64x3x3xf32>} : () -> tensor<64x64x3x3xf32>
  %w1 = "lite.constant"() {value = dense<0.25> : tensor<64x64x1x1xf32>} : () -> tensor<64x64x1x1xf32>
  %a = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, activation = "swish"} : (tensor<1x64x16x16xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x16x16xf32>
  %b = "lite.conv2d"(%a, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, activation = "swish"} : (tensor<1x64x16x16xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x16x16xf32>
  %p = "lite.pool2d"(%b) {pooling_type = "avg", global_pooling = 1} : (tensor<1x64x16x16xf32>) -> tensor<1x64x1x1xf32>
  %s = "lite.conv2d"(%p, %w1) {kernel_shape = array<i64: 1, 1>, activation = "sigmoid"} : (tensor<1x64x1x1xf32>, tensor<64x64x1x1xf32>) -> tensor<1x64x1x1xf32>
  %m = "lite.mul"(%b, %s) : (tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) -> tensor<1x64x16x16xf32>
  %r = "lite.add"(%m, %a) : (tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
  %c = "lite.constant"() {value = dense<2.0> : tensor<64x1x1xf32>} : () -> tensor<64x1x1xf32>
  %n = "lite.mul"(%r, %c) : (tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) -> tensor<1x64x16x16xf32>
  %o = "lite.conv2d"(%n, %w) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x64x16x16xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x16x16xf32>
  return %o : tensor<1x64x16x16xf32>
}

// lite-lower-to-loops{explain=true} says why a jit op keeps its op.
// RUN: lite-opt %s --split-input-file --verify-diagnostics --lite-lower-to-loops='explain=true' -o /dev/null

func.func @why(%d: tensor<?x4xf32>, %i: tensor<4xi64>, %b: tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>, %x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>, %e: tensor<2x3x4xf32>, %g: tensor<3x4xf32>, %lo: tensor<f32>) {
  // expected-remark @+1 {{not lowered to loops: an operand or result has a dynamic shape}}
  %1 = "lite.relu"(%d) {lite.kernel = "jit_relu__f32_nchw"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-remark @+1 {{not lowered to loops: an operand or result is not f32}}
  %2 = "lite.add"(%i, %i) {lite.kernel = "jit_add__any_nchw"} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  // expected-remark @+1 {{not lowered to loops: an operand or result is not in the nchw layout}}
  %3 = "lite.relu"(%b) {lite.kernel = "jit_relu__f32_nchw"} : (tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>
  // expected-remark @+1 {{not lowered to loops: no loop form of this op}}
  %4 = "lite.conv2d_transpose"(%x, %w) {lite.kernel = "jit_conv2d_transpose__f32_nchw"} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // expected-remark @+1 {{not lowered to loops: only global average and max pooling}}
  %5 = "lite.pool2d"(%x) {pooling_type = "avg", kernel_shape = array<i64: 3, 3>, lite.kernel = "jit_pool2d__f32_nchw"} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  // expected-remark @+1 {{not lowered to loops: layer_norm over more than the last axis}}
  %6 = "lite.layer_norm"(%e, %g) {axis = 1 : i64, lite.kernel = "jit_layer_norm__f32_nchw"} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  // expected-remark @+1 {{not lowered to loops: clip bounds given as operands}}
  %7 = "lite.clip"(%e, %lo) {lite.kernel = "jit_clip__f32_nchw"} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3x4xf32>
  // Not a generated kernel: no remark.
  %8 = "lite.relu"(%e) {lite.kernel = "ref_relu__f32_nchw"} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @reduce_why(%x: tensor<2x3xf32>, %a: tensor<1xi64>) {
  // expected-remark @+1 {{not lowered to loops: an operand or result is not f32}}
  %1 = "lite.reduce_sum"(%x, %a) {lite.kernel = "jit_reduce_sum__f32_nchw"} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  // expected-remark @+1 {{not lowered to loops: no axes with noop_with_empty_axes (a copy)}}
  %2 = "lite.reduce_sum"(%x) {noop_with_empty_axes = 1 : i64, lite.kernel = "jit_reduce_sum__f32_nchw"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @s(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @+1 {{not lowered to loops: more than 16 operands}}
  %s = "lite.sum"(%x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x) {lite.kernel = "jit_sum__f32_nchw"} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

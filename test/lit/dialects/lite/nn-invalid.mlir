// Verifier errors of the nn ops (conv2d, conv2d_transpose, pool2d, matmul,
// gemm, fc, einsum, the normalizations, resize, top_k), one per case.

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<1x3x8x8xi32>, %w: tensor<4x3x3x3xi32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #0 (X) must have a float element type, got i32}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xi32>, tensor<4x3x3x3xi32>) -> tensor<1x4x6x6xi32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) must have element type f32 like operand #0, got f16}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) is required, got none}}
  %0 = "lite.conv2d"(%x, %n) : (tensor<1x3x8x8xf32>, none) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<3x8xf32>, %w: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #0 (X) must have rank 3 to 5, got 2}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<3x8xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) must have the rank of operand #0 (X), 4, got 3}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'group' must be >= 1, got 0}}
  %0 = "lite.conv2d"(%x, %w) {group = 0 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) has 3 input channels per group, so operand #0 (X) needs 6 channels with group 2, got 3}}
  %0 = "lite.conv2d"(%x, %w) {group = 2 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x6x8x8xf32>, %w: tensor<5x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) has 5 output channels, not a multiple of group 2}}
  %0 = "lite.conv2d"(%x, %w) {group = 2 : i64} : (tensor<1x6x8x8xf32>, tensor<5x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<1x4xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #2 (B) must have rank 1, got 2}}
  %0 = "lite.conv2d"(%x, %w, %b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #2 (B) must have 4 elements, got 3}}
  %0 = "lite.conv2d"(%x, %w, %b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'activation' must be one of none, relu, relu6, leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, gelu; got "swishy"}}
  %0 = "lite.conv2d"(%x, %w) {activation = "swishy"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'strides' must have 2 values, got 1}}
  %0 = "lite.conv2d"(%x, %w) {strides = array<i64: 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'dilations' must have values >= 1, got 0}}
  %0 = "lite.conv2d"(%x, %w) {dilations = array<i64: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'pads' must have values >= 0, got -1}}
  %0 = "lite.conv2d"(%x, %w) {pads = array<i64: 0, -1, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got 'SAME'}}
  %0 = "lite.conv2d"(%x, %w) {auto_pad = "SAME"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x2x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op spatial dim 0: the window spans 3 elements (kernel 3, dilation 1), more than the 2 of the padded input}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x2x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'kernel_shape' must have 2 values, got 1}}
  %0 = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x?x?xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'kernel_shape' must have values >= 1, got 0}}
  %0 = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x?x?xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op attribute 'kernel_shape' value 5 disagrees with dim 3 of operand #1 (W), 3}}
  %0 = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 5>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x0x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op spatial dim 0: output size 0 is not positive}}
  %0 = "lite.conv2d"(%x, %w) {auto_pad = "SAME_UPPER"} : (tensor<1x3x0x8xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x2x3x3xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op operand #1 (W) dim 0 must equal the 2 channels of operand #0 (X), got 3}}
  %0 = "lite.conv2d_transpose"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<3x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x3x3xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op operand #0 (X) has 3 channels, not a multiple of group 2}}
  %0 = "lite.conv2d_transpose"(%x, %w) {group = 2 : i64} : (tensor<1x3x3x3xf32>, tensor<3x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op attribute 'output_padding' must have 2 values, got 1}}
  %0 = "lite.conv2d_transpose"(%x, %w) {output_padding = array<i64: 1>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op attribute 'output_padding' must have values >= 0, got -1}}
  %0 = "lite.conv2d_transpose"(%x, %w) {output_padding = array<i64: 1, -1>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op attribute 'output_shape' must have 2 values (or 4 with N and C), got 3}}
  %0 = "lite.conv2d_transpose"(%x, %w) {output_shape = array<i64: 1, 2, 3>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op attribute 'output_shape' must have values >= 1, got 0}}
  %0 = "lite.conv2d_transpose"(%x, %w) {output_shape = array<i64: 0, 4>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) {
  // expected-error @+1 {{'lite.conv2d_transpose' op spatial dim 0: output size 0 is not positive}}
  %0 = "lite.conv2d_transpose"(%x, %w) {pads = array<i64: 3, 0, 2, 0>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op attribute 'pooling_type' must be one of max, avg, lp; got 'min'}}
  %0 = "lite.pool2d"(%x) {pooling_type = "min", kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xi32>) {
  // expected-error @+1 {{'lite.pool2d' op operand #0 (X) must have a float element type, got i32}}
  %0 = "lite.pool2d"(%x) {pooling_type = "avg", kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xi32>) -> tensor<*xi32>
  return
}

// -----

func.func @f(%x: tensor<3x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op operand #0 (X) must have rank >= 3, got 2}}
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2>} : (tensor<3x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op attribute 'p' must be >= 1, got 0}}
  %0 = "lite.pool2d"(%x) {pooling_type = "lp", p = 0 : i64, kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op requires attribute 'kernel_shape' unless global_pooling is set}}
  %0 = "lite.pool2d"(%x) {pooling_type = "max"} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op attribute 'kernel_shape' must have 2 values, got 3}}
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op attribute 'kernel_shape' must have values >= 1, got 0}}
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 0>} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'lite.pool2d' op result #0 has type tensor<1x3x4x4xf32>, but its operands and attributes give tensor<1x3x7x7xf32>}}
  %0 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'lite.matmul' op operand #0 (A) must have a numeric element type, got i1}}
  %0 = "lite.matmul"(%a, %a) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<*xi1>
  return
}

// -----

func.func @f(%a: tensor<f32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'lite.matmul' op operand #0 (A) must have rank >= 1, got 0}}
  %0 = "lite.matmul"(%a, %b) : (tensor<f32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x2xf32>) {
  // expected-error @+1 {{'lite.matmul' op operand #0 (A) has inner dimension 3 but operand #1 (B) has 4}}
  %0 = "lite.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x2x3xf32>, %b: tensor<3x3x2xf32>) {
  // expected-error @+1 {{'lite.matmul' op operands do not broadcast}}
  %0 = "lite.matmul"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x3x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<3x4xf32>) {
  // expected-error @+1 {{'lite.gemm' op operand #2 (C) does not broadcast to the 2x4 result: dim 0 is 3}}
  %0 = "lite.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<1x2x4xf32>) {
  // expected-error @+1 {{'lite.gemm' op operand #2 (C) must have rank 0 to 2, got 3}}
  %0 = "lite.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x2x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'lite.gemm' op operand #0 (A) has inner dimension 2 but operand #1 (B) has 3}}
  %0 = "lite.gemm"(%a, %b) {transA = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'lite.gemm' op operand #0 (A) must have rank 2, got 3}}
  %0 = "lite.gemm"(%a, %b) : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>) {
  // expected-error @+1 {{'lite.fc' op attribute 'in_num_col_dims' must be in [1, 3) for operand #0 (X) of rank 3, got 3}}
  %0 = "lite.fc"(%x, %w) {in_num_col_dims = 3 : i64} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>) {
  // expected-error @+1 {{'lite.fc' op operand #0 (X) has inner dimension 12 but operand #1 (W) has 4}}
  %0 = "lite.fc"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>, %b: tensor<2x5xf32>) {
  // expected-error @+1 {{'lite.fc' op operand #2 (bias) must have shape [5] or [1, 5]}}
  %0 = "lite.fc"(%x, %w, %b) {in_num_col_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'lite.einsum' op equation 'ij,jk->ik': term 1 has 2 labels but operand #1 has rank 3}}
  %0 = "lite.einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<3x4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{'lite.einsum' op label 'j' has size 4 in operand #1 (dim 0) but 3 elsewhere}}
  %0 = "lite.einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.einsum' op dims covered by '...' do not broadcast: operand #1 dim 0 is 4, another operand has 2}}
  %0 = "lite.einsum"(%a, %b) {equation = "...i,...i->..."} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'lite.einsum' op operand #0 (Inputs) must have a numeric element type, got bool}}
  %0 = "lite.einsum"(%a) {equation = "ij"} : (tensor<2x3xi1>) -> tensor<*xi1>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'lite.einsum' op operand #1 (Inputs) must have element type f32 like operand #0, got f64}}
  %0 = "lite.einsum"(%a, %b) {equation = "ij,j"} : (tensor<2x3xf32>, tensor<3xf64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.einsum' op takes at most 16 operands, got 17}}
  %0 = "lite.einsum"(%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a) {equation = "i"} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %d: tensor<4xf32>) {
  // expected-error @+1 {{'lite.batch_norm' op operand #3 (input_mean) must have 3 elements, got 4}}
  %0 = "lite.batch_norm"(%x, %c, %c, %d, %c) : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'lite.batch_norm' op operand #1 (scale) must have a float element type, got i32}}
  %0 = "lite.batch_norm"(%x, %i, %c, %c, %c) : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'lite.layer_norm' op attribute 'stash_type' must name a float type (1 float, 10 float16, 11 double, 16 bfloat16), got 7}}
  %0 = "lite.layer_norm"(%x, %s) {stash_type = 7 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'lite.layer_norm' op attribute 'axis' 2 is out of range for rank 2}}
  %0 = "lite.layer_norm"(%x, %s) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{'lite.layer_norm' op operand #1 (Scale) does not broadcast to operand #0 (X): dim 0 is 2, X has 3}}
  %0 = "lite.layer_norm"(%x, %s) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>, %s: tensor<1x3xf32>) {
  // expected-error @+1 {{'lite.layer_norm' op operand #1 (Scale) of rank 2 does not broadcast to operand #0 (X) of rank 1}}
  %0 = "lite.layer_norm"(%x, %s) : (tensor<3xf32>, tensor<1x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{'lite.instance_norm' op operand #0 (input) must have rank >= 3, got 2}}
  %0 = "lite.instance_norm"(%x, %c, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'lite.lrn' op attribute 'size' must be >= 1, got 0}}
  %0 = "lite.lrn"(%x) {size = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.mean_variance_normalization' op attribute 'axes' has 3 values, more than the rank 2 of operand #0 (X)}}
  %0 = "lite.mean_variance_normalization"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.mean_variance_normalization' op attribute 'axes' repeats axis 0}}
  %0 = "lite.mean_variance_normalization"(%x) {axes = array<i64: 0, -2>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.mean_variance_normalization' op attribute 'axes' value 2 is out of range for rank 2}}
  %0 = "lite.mean_variance_normalization"(%x) {axes = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'mode' must be one of nearest, linear, cubic, got 'bilinear'}}
  %0 = "lite.resize"(%x, %n, %s) {mode = "bilinear"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'coordinate_transformation_mode' must be one of half_pixel, half_pixel_symmetric, pytorch_half_pixel, align_corners, asymmetric, tf_half_pixel_for_nn, tf_crop_and_resize, got 'center'}}
  %0 = "lite.resize"(%x, %n, %s) {coordinate_transformation_mode = "center"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'nearest_mode' must be one of round_prefer_floor, round_prefer_ceil, floor, ceil, got 'round'}}
  %0 = "lite.resize"(%x, %n, %s) {nearest_mode = "round"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'keep_aspect_ratio_policy' must be one of stretch, not_larger, not_smaller; got 'fit'}}
  %0 = "lite.resize"(%x, %n, %s) {keep_aspect_ratio_policy = "fit"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op antialias is not supported}}
  %0 = "lite.resize"(%x, %n, %s) {antialias = 1 : i64, mode = "linear"} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xi1>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #0 (X) must be numeric for linear mode, got i1}}
  %0 = "lite.resize"(%x, %n, %s) {mode = "linear"} : (tensor<1x1x2x2xi1>, none, tensor<4xf32>) -> tensor<*xi1>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %r: tensor<8xi64>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'lite.resize' op operand #1 (roi) must have a float element type, got i64}}
  %0 = "lite.resize"(%x, %r, %s) : (tensor<1x1x2x2xf32>, tensor<8xi64>, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xi64>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #2 (scales) must have a float element type, got i64}}
  %0 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<4xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<2x2xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #2 (scales) must have rank 1, got 2}}
  %0 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #3 (sizes) must have an integer element type, got f32}}
  %0 = "lite.resize"(%x, %n, %n, %s) : (tensor<1x1x2x2xf32>, none, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4x1xi64>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #3 (sizes) must have rank 1, got 2}}
  %0 = "lite.resize"(%x, %n, %n, %s) : (tensor<1x1x2x2xf32>, none, none, tensor<4x1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>, %z: tensor<4xi64>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op takes operand #2 (scales) or operand #3 (sizes), not both}}
  %0 = "lite.resize"(%x, %n, %s, %z) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>, tensor<4xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %e: tensor<0xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op needs operand #2 (scales) or operand #3 (sizes)}}
  %0 = "lite.resize"(%x, %n, %e) : (tensor<1x1x2x2xf32>, none, tensor<0xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %s: tensor<3xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'axes' has 3 values for operand #0 (X) of rank 2}}
  %0 = "lite.resize"(%x, %n, %s) {axes = array<i64: 0, 1, 0>} : (tensor<2x2xf32>, none, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'axes' repeats axis 1}}
  %0 = "lite.resize"(%x, %n, %s) {axes = array<i64: 1, -1>} : (tensor<2x2xf32>, none, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op attribute 'axes' value 3 is out of range for rank 2}}
  %0 = "lite.resize"(%x, %n, %s) {axes = array<i64: 3>} : (tensor<2x2xf32>, none, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<3xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #2 (scales) must have 4 values (one per resized axis), got 3}}
  %0 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %r: tensor<4xf32>, %z: tensor<4xi64>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op operand #1 (roi) must have 8 values (starts, then ends) for tf_crop_and_resize, got 4}}
  %0 = "lite.resize"(%x, %r, %n, %z) {coordinate_transformation_mode = "tf_crop_and_resize"} : (tensor<1x1x2x2xf32>, tensor<4xf32>, none, tensor<4xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<[1.0, 1.0, 0.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  // expected-error @+1 {{'lite.resize' op operand #2 (scales) must be positive, got 0}}
  %0 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<3x4xi1>, %k: tensor<1xi64>) {
  // expected-error @+1 {{'lite.top_k' op operand #0 (X) must have a numeric element type, got bool}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<3x4xi1>, tensor<1xi64>) -> (tensor<*xi1>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %k: tensor<1xf32>) {
  // expected-error @+1 {{'lite.top_k' op operand #1 (K) must have an integer element type, got f32}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<3x4xf32>, tensor<1xf32>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %k: tensor<2xi64>) {
  // expected-error @+1 {{'lite.top_k' op operand #1 (K) must have one element, got 2}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<3x4xf32>, tensor<2xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %k: tensor<1x1xi64>) {
  // expected-error @+1 {{'lite.top_k' op operand #1 (K) must have rank 0 to 1, got 2}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<3x4xf32>, tensor<1x1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<f32>, %k: tensor<1xi64>) {
  // expected-error @+1 {{'lite.top_k' op operand #0 (X) must have rank >= 1, got 0}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<f32>, tensor<1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %k: tensor<1xi64>) {
  // expected-error @+1 {{'lite.top_k' op attribute 'axis' 2 is out of range for rank 2}}
  %0:2 = "lite.top_k"(%x, %k) {axis = 2 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>) {
  %k = "lite.constant"() {value = dense<5> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error @+1 {{'lite.top_k' op operand #1 (K) is 5, outside [0, 4] (the size of the axis)}}
  %0:2 = "lite.top_k"(%x, %k) : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x0x3xf32>) {
  // expected-error @+1 {{'lite.conv2d' op operand #1 (W) has an empty kernel: dim 2 is 0}}
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x0x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x0xf32>) {
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<[1, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.resize' op cannot resize the empty axis 1 of operand #0 (X) to 4 elements}}
  %0 = "lite.resize"(%x, %n, %n, %s) : (tensor<1x0xf32>, none, none, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

// Scales from an untrusted model that would give absurd sizes are refused
// before any conversion to an integer dim.
func.func @f(%x: tensor<1x1x2x2xf32>) {
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<[1.0e27, 1.0, 2.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  // expected-error @+1 {{'lite.resize' op scales for axis 0 gives 1e+27 elements; expected 0 to 2^40}}
  %0 = "lite.resize"(%x, %n, %s) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<[1000000000000000, 1, 4, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
  // expected-error @+1 {{'lite.resize' op sizes for axis 0 gives 1e+15 elements; expected 0 to 2^40}}
  %0 = "lite.resize"(%x, %n, %n, %s) : (tensor<1x1x2x2xf32>, none, none, tensor<4xi64>) -> tensor<*xf32>
  return
}

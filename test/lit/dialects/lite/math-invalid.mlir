// RUN: lite-opt %s --split-input-file --verify-diagnostics

// Every verifier error of the math ops (unary, binary, compare, where,
// variadic, clip, scale, cast, calib, quantize, dequantize, reductions, arg,
// cumsum, softmax, lp_normalization), one case each.

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.add' op attribute 'activation' must be one of none, relu, relu6, leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, gelu; got "relu7"}}
  %0 = "lite.add"(%f, %f) {activation = "relu7"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.add' op operand #1 (B) is required, got none}}
  %0 = "lite.add"(%f, %n) : (tensor<2xf32>, none) -> tensor<2xf32>
  return
}

// -----

func.func @f(%b: tensor<2xi1>) {
  // expected-error @+1 {{'lite.add' op operand #0 (A) must have an integer or float element type, got i1}}
  %0 = "lite.add"(%b, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %h: tensor<2xf16>) {
  // expected-error @+1 {{'lite.add' op operand #1 (B) must have the element type of operand #0 (A), f32; got f16}}
  %0 = "lite.add"(%f, %h) : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.clip' op operand #1 (min) must hold one element (rank 0, or rank 1 of length 1), got shape [2]}}
  %0 = "lite.clip"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.gelu' op attribute 'approximate' must be one of none, tanh; got 'fast'}}
  %0 = "lite.gelu"(%f) {approximate = "fast"} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.celu' op attribute 'alpha' must not be 0}}
  %0 = "lite.celu"(%f) {alpha = 0.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.exp' op operand #0 (X) must have a float element type, got i32}}
  %0 = "lite.exp"(%i) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f(%b: tensor<2xi1>) {
  // expected-error @+1 {{'lite.abs' op operand #0 (X) must have an integer or float element type, got i1}}
  %0 = "lite.abs"(%b) : (tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.not' op operand #0 (X) must have element type i1, got f32}}
  %0 = "lite.not"(%f) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.is_nan' op operand #0 (X) must have a float element type, got i32}}
  %0 = "lite.is_nan"(%i) : (tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.mod' op attribute 'fmod' must be 1 for float operands (f32)}}
  %0 = "lite.mod"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%u: tensor<2xui8>) {
  // expected-error @+1 {{'lite.bit_shift' op attribute 'direction' must be one of LEFT, RIGHT; got 'UP'}}
  %0 = "lite.bit_shift"(%u, %u) {direction = "UP"} : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return
}

// -----

func.func @f(%i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.bit_shift' op operand #0 (X) must have an unsigned integer element type, got i32}}
  %0 = "lite.bit_shift"(%i, %i) {direction = "LEFT"} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %f3: tensor<3xf32>) {
  // expected-error @+1 {{'lite.add' op operands do not broadcast: #0 [2], #1 [3] (dimension 0: 2 vs 3)}}
  %0 = "lite.add"(%f, %f3) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %f23: tensor<3x2xf32>) {
  // expected-error @+1 {{'lite.prelu' op operand #1 (slope) of shape [3x2] must broadcast to the shape of operand #0 (X), [2]}}
  %0 = "lite.prelu"(%f, %f23) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.and' op operand #0 (A) must have element type i1, got f32}}
  %0 = "lite.and"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%b: tensor<2xi1>) {
  // expected-error @+1 {{'lite.greater' op operand #0 (A) must have an integer or float element type, got i1}}
  %0 = "lite.greater"(%b, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.equal' op operand #1 (B) must have the element type of operand #0 (A), f32; got i32}}
  %0 = "lite.equal"(%f, %i) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%i: tensor<2xi32>, %f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.where' op operand #0 (condition) must have element type i1, got i32}}
  %0 = "lite.where"(%i, %f, %f) : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%b: tensor<2xi1>, %f: tensor<2xf32>, %h: tensor<2xf16>) {
  // expected-error @+1 {{'lite.where' op operand #2 (Y) must have the element type of operand #1 (X), f32; got f16}}
  %0 = "lite.where"(%b, %f, %h) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.sum' op operand #0 (data_0) must have a float element type, got i32}}
  %0 = "lite.sum"(%i, %i) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %h: tensor<2xf16>) {
  // expected-error @+1 {{'lite.max' op operand #1 (data_1) must have the element type of operand #0 (data_0), f32; got f16}}
  %0 = "lite.max"(%f, %h) : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %h: tensor<2xf16>) {
  // expected-error @+1 {{'lite.clip' op operand #1 (min) must have the element type of operand #0 (input), f32; got f16}}
  %0 = "lite.clip"(%f, %h) : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.cast' op attribute 'to' must be a tensor element type (f32, f16, bf16, f64, i1, i8 ... i64, ui8 ... ui64)}}
  %0 = "lite.cast"(%f) {to = index} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.calib' op attribute 'scale' must be a nonzero finite number, got 0}}
  %0 = "lite.calib"(%f) {scale = 0.0 : f32} : (tensor<2xf32>) -> tensor<2xi8>
  return
}

// -----

func.func @f(%i8: tensor<2xi8>, %s: tensor<f32>) {
  // expected-error @+1 {{'lite.quantize' op operand #0 (x) must have a float or i32 element type, got i8}}
  %0 = "lite.quantize"(%i8, %s) : (tensor<2xi8>, tensor<f32>) -> tensor<2xui8>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %s: tensor<f32>) {
  // expected-error @+1 {{'lite.dequantize' op operand #0 (x) must have an integer element type, got f32}}
  %0 = "lite.dequantize"(%f, %s) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %f23: tensor<3x2xf32>) {
  // expected-error @+1 {{'lite.quantize' op operand #1 (y_scale) must be a scalar or 1-D, got rank 2}}
  %0 = "lite.quantize"(%f, %f23) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<2xui8>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.quantize' op operand #1 (y_scale) must have a float element type, got i32}}
  %0 = "lite.quantize"(%f, %i) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xui8>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %s: tensor<f32>, %i64: tensor<i64>) {
  // expected-error @+1 {{'lite.quantize' op operand #2 (y_zero_point) must have an integer element type of at most 32 bits, got i64}}
  %0 = "lite.quantize"(%f, %s, %i64) : (tensor<2xf32>, tensor<f32>, tensor<i64>) -> tensor<2xi64>
  return
}

// -----

func.func @f(%i8: tensor<2xi8>, %s: tensor<f32>, %u0: tensor<ui8>) {
  // expected-error @+1 {{'lite.dequantize' op operand #2 (x_zero_point) must have the element type of operand #0 (x), i8; got ui8}}
  %0 = "lite.dequantize"(%i8, %s, %u0) : (tensor<2xi8>, tensor<f32>, tensor<ui8>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %i8: tensor<2xi8>) {
  // expected-error @+1 {{'lite.quantize' op attribute 'axis' 1 is out of range for rank 1}}
  %0 = "lite.quantize"(%f, %f, %i8) : (tensor<2xf32>, tensor<2xf32>, tensor<2xi8>) -> tensor<2xi8>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %f3: tensor<3xf32>) {
  // expected-error @+1 {{'lite.quantize' op operand #1 (y_scale) has 3 elements; per-axis quantization along axis 0 needs 2}}
  %0 = "lite.quantize"(%f, %f3) {axis = 0 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xui8>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %i83: tensor<3xi8>) {
  // expected-error @+1 {{'lite.quantize' op operand #2 (y_zero_point) of shape [3] must have the shape of operand #1 (y_scale), [2]}}
  %0 = "lite.quantize"(%f, %f, %i83) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<3xi8>) -> tensor<2xi8>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>, %f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.reduce_sum' op operand #1 (axes) must have an integer element type, got f32}}
  %0 = "lite.reduce_sum"(%f23, %f) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>, %a2: tensor<1x1xi64>) {
  // expected-error @+1 {{'lite.reduce_sum' op operand #1 (axes) must have rank 1, got 2}}
  %0 = "lite.reduce_sum"(%f23, %a2) : (tensor<3x2xf32>, tensor<1x1xi64>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>) {
  %a = "lite.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error @+1 {{'lite.reduce_sum' op operand #1 (axes) entry 2 is out of range for rank 2}}
  %0 = "lite.reduce_sum"(%f23, %a) : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>) {
  %a = "lite.constant"() {value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reduce_sum' op operand #1 (axes) names axis 1 twice}}
  %0 = "lite.reduce_sum"(%f23, %a) : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<3x1xf32>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>) {
  %a = "lite.constant"() {value = dense<0> : tensor<9xi64>} : () -> tensor<9xi64>
  // expected-error @+1 {{'lite.reduce_sum' op operand #1 (axes) has 9 elements, more than the rank of data}}
  %0 = "lite.reduce_sum"(%f23, %a) : (tensor<3x2xf32>, tensor<9xi64>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%f23: tensor<3x2xf32>) {
  // expected-error @+1 {{'lite.argmax' op attribute 'axis' 2 is out of range for rank 2}}
  %0 = "lite.argmax"(%f23) {axis = 2 : i64} : (tensor<3x2xf32>) -> tensor<3x1xi64>
  return
}

// -----

func.func @f(%e: tensor<0x2xf32>) {
  // expected-error @+1 {{'lite.argmin' op operand #0 (data) is empty along axis 0}}
  %0 = "lite.argmin"(%e) : (tensor<0x2xf32>) -> tensor<1x2xi64>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %f3i: tensor<3xi64>) {
  // expected-error @+1 {{'lite.cumsum' op operand #1 (axis) must hold one element (rank 0, or rank 1 of length 1), got shape [3]}}
  %0 = "lite.cumsum"(%f, %f3i) : (tensor<2xf32>, tensor<3xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>, %s: tensor<f32>) {
  // expected-error @+1 {{'lite.cumsum' op operand #1 (axis) must have an integer element type, got f32}}
  %0 = "lite.cumsum"(%f, %s) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  %a = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'lite.cumsum' op operand #1 (axis) value 1 is out of range for rank 1}}
  %0 = "lite.cumsum"(%f, %a) : (tensor<2xf32>, tensor<i64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.softmax' op attribute 'axis' 1 is out of range for rank 1}}
  %0 = "lite.softmax"(%f) {axis = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi32>) {
  // expected-error @+1 {{'lite.log_softmax' op operand #0 (input) must have a float element type, got i32}}
  %0 = "lite.log_softmax"(%i) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.lp_normalization' op attribute 'p' must be 1 or 2, got 3}}
  %0 = "lite.lp_normalization"(%f) {p = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%b: tensor<2xi1>) {
  // expected-error @+1 {{'lite.scale' op operand #0 (X) must have an integer or float element type, got i1}}
  %0 = "lite.scale"(%b) : (tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.scale' op attribute 'activation' must be one of none, relu, relu6, leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, gelu; got "gelu2"}}
  %0 = "lite.scale"(%f) {activation = "gelu2"} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%b: tensor<2xi1>) {
  // expected-error @+1 {{'lite.argmax' op operand #0 (data) must have an integer or float element type, got i1}}
  %0 = "lite.argmax"(%b) : (tensor<2xi1>) -> tensor<1xi64>
  return
}

// -----

func.func @f(%f: tensor<2xf32>) {
  // expected-error @+1 {{'lite.cast' op result #0 has type tensor<2xf32>, but its operands and attributes give tensor<2xi32>}}
  %0 = "lite.cast"(%f) {to = i32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

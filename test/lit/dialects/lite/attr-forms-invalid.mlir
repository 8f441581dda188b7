// Verifier errors of the attribute forms of shape-like operands: both forms
// given, neither given where one is required, values the shape functions
// reject, and numbers the data's element type cannot hold.

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op takes operand #1 (shape) or attribute 'shape', not both}}
  %out = "lite.reshape"(%x, %s) {shape = array<i64: 3, 2>} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reshape' op needs operand #1 (shape) or attribute 'shape'}}
  %out = "lite.reshape"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reshape' op cannot reshape [2x3] (6 elements) into [4x2] (8 elements)}}
  %out = "lite.reshape"(%x) {shape = array<i64: 4, 2>} : (tensor<2x3xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reshape' op attribute 'shape' has 9 values; at most 8 are supported}}
  %out = "lite.reshape"(%x) {shape = array<i64: 1, 1, 1, 1, 1, 1, 1, 2, 3>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reshape' op attribute 'shape' must be an array of integers (array<i64: ...>)}}
  %out = "lite.reshape"(%x) {shape = array<f32: 3.0, 2.0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.unsqueeze' op needs operand #1 (axes) or attribute 'axes'}}
  %out = "lite.unsqueeze"(%x) : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'lite.squeeze' op takes operand #1 (axes) or attribute 'axes', not both}}
  %out = "lite.squeeze"(%x, %a) {axes = array<i64: 0>} : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.squeeze' op cannot squeeze axis 1 of size 3}}
  %out = "lite.squeeze"(%x) {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.slice' op needs operand #2 (ends) or attribute 'ends'}}
  %out = "lite.slice"(%x) {starts = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.slice' op attribute 'ends' has 1 elements; the other index operands have 2}}
  %out = "lite.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.slice' op steps[0] is 0}}
  %out = "lite.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 1>, steps = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'lite.pad' op attribute 'constant_value' is 0.5, which element type i32 does not hold exactly}}
  %out = "lite.pad"(%x) {pads = array<i64: 0, 1, 0, 1>, constant_value = 0.5 : f32} : (tensor<2x3xi32>) -> tensor<2x5xi32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %v = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %p = "lite.constant"() {value = dense<[0, 1, 0, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
  // expected-error @+1 {{'lite.pad' op takes operand #2 (constant_value) or attribute 'constant_value', not both}}
  %out = "lite.pad"(%x, %p, %v) {constant_value = 1.0 : f32} : (tensor<2x3xf32>, tensor<4xi64>, tensor<f32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.pad' op pads has 2 values; expected 4 (2 per padded axis)}}
  %out = "lite.pad"(%x) {pads = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f(%x: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.split' op takes either a split attribute or a num_outputs attribute, not both}}
  %out:2 = "lite.split"(%x) {split = array<i64: 2, 2>, num_outputs = 2 : i64} : (tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @f(%x: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.split' op split has 3 sizes but the op has 2 results}}
  %out:2 = "lite.split"(%x) {split = array<i64: 2, 1, 1>} : (tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<1x3xf32>)
  return
}

// -----

func.func @f(%x: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.split' op split sizes add up to 5, but dim 0 has size 4}}
  %out:2 = "lite.split"(%x) {split = array<i64: 2, 3>} : (tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reduce_sum' op attribute 'axes' entry 2 is out of range for rank 2}}
  %out = "lite.reduce_sum"(%x) {axes = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.reduce_sum' op attribute 'axes' names axis 1 twice}}
  %out = "lite.reduce_sum"(%x) {axes = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'lite.reduce_max' op takes operand #1 (axes) or attribute 'axes', not both}}
  %out = "lite.reduce_max"(%x, %a) {axes = array<i64: 1>} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %m: tensor<f32>) {
  // expected-error @+1 {{'lite.clip' op takes operand #1 (min) or attribute 'min', not both}}
  %out = "lite.clip"(%x, %m) {min = 0.0 : f32} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xi8>) {
  // expected-error @+1 {{'lite.clip' op attribute 'max' is 300, which element type i8 does not hold exactly}}
  %out = "lite.clip"(%x) {max = 300 : i64} : (tensor<2x3xi8>) -> tensor<2x3xi8>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'lite.resize' op takes attribute 'scales' or attribute 'sizes', not both}}
  %out = "lite.resize"(%x) {scales = array<f32: 1.0, 1.0, 2.0, 2.0>, sizes = array<i64: 1, 1, 4, 4>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'lite.resize' op attribute 'scales' must have 4 values (one per resized axis), got 2}}
  %out = "lite.resize"(%x) {scales = array<f32: 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'lite.resize' op attribute 'sizes' must be positive, got 0}}
  %out = "lite.resize"(%x) {axes = array<i64: 2, 3>, sizes = array<i64: 0, 4>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.resize' op takes operand #2 (scales) or attribute 'scales', not both}}
  %out = "lite.resize"(%x, %n, %s) {scales = array<f32: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<1x1x4x4xf32>
  return
}

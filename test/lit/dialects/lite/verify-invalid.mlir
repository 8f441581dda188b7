// RUN: lite-opt %s --split-input-file --verify-diagnostics

// The generic verifier of every lite op: arity, attribute names and kinds,
// required attributes, and declared result types against shape inference.

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.relu' op has unknown attribute 'alpha'}}
  %0 = "lite.relu"(%a) {alpha = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.leaky_relu' op attribute 'alpha' must be a float attribute}}
  %0 = "lite.leaky_relu"(%a) {alpha = "x"} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.concat' op requires attribute 'axis'}}
  %0 = "lite.concat"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.relu' op result #0 has type tensor<3xf32>, but its operands and attributes give tensor<2xf32>}}
  %0 = "lite.relu"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.relu' op result #0 has type tensor<2xf16>, but its operands and attributes give tensor<2xf32>}}
  %0 = "lite.relu"(%a) : (tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'lite.gemm' op expects 2 to 3 operands, got 1}}
  %0 = "lite.gemm"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'lite.constant' op requires attribute 'value'}}
  %0 = "lite.constant"() : () -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'lite.constant' op attribute 'value' must be a dense or dense_resource tensor attribute}}
  %0 = "lite.constant"() {value = 1.0 : f32} : () -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'lite.constant' op result #0 has type tensor<3xf32>, but its operands and attributes give tensor<2xf32>}}
  %0 = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'lite.none' op result #0 has type tensor<2xf32>, but its operands and attributes give none}}
  %0 = "lite.none"() : () -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xindex>) {
  // expected-error @+1 {{'lite.relu' op operand #0 has unsupported element type index}}
  %0 = "lite.relu"(%a) : (tensor<2xindex>) -> tensor<2xindex>
  return
}

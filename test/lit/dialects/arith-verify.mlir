// arith verification, with MLIR's messages (mlir-opt-16 accepts this file's
// expectations too).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f() -> i32 {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i64} : () -> i32
  return %0 : i32
}

// -----

func.func @f() -> i32 {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.mulf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.mulf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i16 {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = "arith.extsi"(%a) : (i32) -> i16
  return %0 : i16
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = "arith.trunci"(%a) : (i32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: f32) -> i64 {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = "arith.bitcast"(%a) : (f32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: i32) -> i1 {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 2 : i64} : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: f32) -> i1 {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 16 : i64} : (f32, f32) -> i1
  return %0 : i1
}

// -----

func.func @f(%c: i1, %a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, f32, f64) -> f32
  return %0 : f32
}

// -----

func.func @f(%c: i32, %a: f32) -> f32 {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %a, %a) : (i32, f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%c: tensor<3xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

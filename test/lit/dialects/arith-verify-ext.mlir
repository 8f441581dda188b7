// Verification of the arith ops beyond the basics, with MLIR's messages
// (mlir-opt-16 meets these expectations too: arith-interop-ext.mlir).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.maxf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.maxf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: vector<4xi32>) -> vector<4xi32> {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'vector<4xi32>'}}
  %0 = "arith.negf"(%a) : (vector<4xi32>) -> vector<4xi32>
  return %0 : vector<4xi32>
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.negf' op requires a single operand}}
  %0 = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{'arith.remf' op requires the same type for all operands and results}}
  %0 = "arith.remf"(%a, %b) : (f32, f64) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.shli' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.shli"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: si32) -> si32 {
  // expected-error @+1 {{'arith.maxsi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.maxsi"(%a, %a) : (si32, si32) -> si32
  return %0 : si32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.floordivsi' op expected 2 operands, but found 1}}
  %0 = "arith.floordivsi"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: index) -> index {
  // expected-error @+1 {{'arith.ceildivsi' op requires one result}}
  "arith.ceildivsi"(%a, %a) : (index, index) -> ()
  return %a : index
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.uitofp"(%a) : (f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: vector<4xi32>) -> vector<8xf32> {
  // expected-error @+1 {{'arith.uitofp' op requires the same shape for all operands and results}}
  %0 = "arith.uitofp"(%a) : (vector<4xi32>) -> vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'arith.fptoui' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.fptoui"(%a) : (i32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: index) -> f32 {
  // expected-error @+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.uitofp"(%a) : (index) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> index {
  // expected-error @+1 {{'arith.fptoui' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.fptoui"(%a) : (f32) -> index
  return %0 : index
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.fptoui' op result #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.fptoui"(%a) : (f32) -> f32
  return %0 : f32
}

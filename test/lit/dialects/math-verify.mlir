// math verification, with MLIR's messages (mlir-opt-16 meets these
// expectations too: math-interop.mlir).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.exp"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: vector<4xi8>) -> vector<4xi8> {
  // expected-error @+1 {{'math.powf' op operand #0 must be floating-point-like, but got 'vector<4xi8>'}}
  %0 = "math.powf"(%a, %a) : (vector<4xi8>, vector<4xi8>) -> vector<4xi8>
  return %0 : vector<4xi8>
}

// -----

func.func @f(%a: f32) -> f64 {
  // expected-error @+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %0 = "math.sqrt"(%a) : (f32) -> f64
  return %0 : f64
}

// -----

func.func @f(%a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%a, %a, %b) : (f32, f32, f64) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'math.tanh' op requires a single operand}}
  %0 = "math.tanh"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'math.atan2' op expected 2 operands, but found 1}}
  %0 = "math.atan2"(%a) : (f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'math.log' op requires one result}}
  "math.log"(%a) : (f32) -> ()
  return
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'math.exp' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.exp"(%a) {fastmath = 1 : i32} : (f32) -> f32
  return %0 : f32
}

// Custom-form errors of the math ops. mlir-opt-16 words the first error of
// an unknown fast-math flag the same and adds a second one ("failed to parse
// Arith_FastMathAttr parameter"); lite stops at the first.
// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{custom op 'math.exp' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = math.exp %a fastmath<slow> : f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{expected ','}}
  %0 = math.fma %a, %a : f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
  %0 = math.powf %a, %a : f64
  return %0 : f32
}

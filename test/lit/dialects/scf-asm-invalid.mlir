// Errors in the scf custom forms, with MLIR 16's messages (scf-interop.mlir
// checks that mlir-opt-16 reports the same).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %a to %a step %a iter_args(%b = %x, %c = %x) -> (f32) {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 1 operands}}
  scf.parallel (%i) = (%a, %a) to (%a) step (%a) {
  }
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{custom op 'scf.parallel' 2 operands present, but expected 1}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x, %x) -> f32 {
  }
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{expected '->'}}
  %r = scf.for %i = %a to %a step %a iter_args(%b = %x) {
  }
  return
}

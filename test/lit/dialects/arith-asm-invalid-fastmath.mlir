// Unknown fast-math flags. mlir-opt-16 words the first error the same and
// adds a second one ("failed to parse Arith_FastMathAttr parameter"); lite
// stops at the first.
// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'arith.mulf' expected valid keyword}}
  %0 = arith.mulf %x, %x fastmath<> : f32
  return
}

// A small model for a first look at lite-opt:
//
//   build/bin/lite-opt examples/model.mlir --lite-default
//
// The default pipeline folds the constant arithmetic, computes each repeated
// pure expression once (cse) and drops the function nobody calls
// (symbol-dce); the call stays.

module {
  // Returns (x * (2 * 3)) + (x * (2 * 3)) and ((n + 0) * 1) + (n - n).
  func.func private @scale(%x: f32, %n: i32) -> (f32, i32) {
    %c2 = arith.constant 2.0 : f32
    %c3 = arith.constant 3.0 : f32
    %k = arith.mulf %c2, %c3 : f32    // folds to 6.0
    %a = arith.mulf %x, %k : f32
    %b = arith.mulf %x, %k : f32      // same as %a: cse
    %s = arith.addf %a, %b : f32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %m = arith.addi %n, %zero : i32   // folds to %n
    %p = arith.muli %m, %one : i32    // folds to %n
    %q = arith.subi %p, %p : i32      // folds to 0
    %r = arith.addi %p, %q : i32      // folds to %n
    return %s, %r : f32, i32
  }

  // Never called: symbol-dce removes it.
  func.func private @unused(%x: f32) -> f32 {
    %0 = arith.addf %x, %x : f32
    return %0 : f32
  }

  func.func @main(%input: f32, %steps: i32) -> (f32, i32) {
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %n = arith.addi %c4, %c5 : i32    // folds to 9
    %y, %k = call @scale(%input, %n) : (f32, i32) -> (f32, i32)
    %t = arith.addi %k, %steps : i32
    %u = arith.addi %k, %steps : i32  // same as %t: cse
    %w = arith.muli %t, %u : i32
    return %y, %w : f32, i32
  }
}

// REQUIRES: mlir-opt
// Interop for the math dialect: lite-opt prints the custom forms of
// math-asm.mlir and the folds of math-fold.mlir byte for byte as mlir-opt-16
// does (the same libm gives the same bits), each tool reads the other's
// output back, the generic forms agree but for the default fast-math
// attribute mlir-opt adds, and mlir-opt-16 meets the expectations of
// math-verify.mlir.
// RUN: %mlir-opt %S/math-asm.mlir > %t.ref
// RUN: lite-opt %S/math-asm.mlir | diff %t.ref -
// RUN: lite-opt %t.ref | diff %t.ref -
// RUN: %mlir-opt --mlir-print-op-generic %S/math-asm.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//; s/fastmath = #arith.fastmath<none>, //' > %t.gref
// RUN: lite-opt --mlir-print-op-generic %S/math-asm.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//' | diff %t.gref -
// RUN: lite-opt --mlir-print-op-generic %S/math-asm.mlir | %mlir-opt | diff %t.ref -
// RUN: %mlir-opt --canonicalize %S/math-fold.mlir > %t.fref
// RUN: lite-opt --canonicalize %S/math-fold.mlir | diff %t.fref -
// RUN: lite-opt --canonicalize --mlir-print-op-generic %S/math-fold.mlir | %mlir-opt --canonicalize | diff %t.fref -
// RUN: %mlir-opt --split-input-file --verify-diagnostics %S/math-verify.mlir

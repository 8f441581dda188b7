// REQUIRES: mlir-opt
// Interop for the arith ops beyond the basics: lite-opt prints the custom
// forms of arith-asm-ext.mlir and the folds of arith-fold-ext.mlir byte for
// byte as mlir-opt-16 does, each tool reads the other's output back, the
// generic forms agree but for the default fast-math attribute mlir-opt adds,
// and mlir-opt-16 meets the expectations of arith-verify-ext.mlir.
// RUN: %mlir-opt %S/arith-asm-ext.mlir > %t.ref
// RUN: lite-opt %S/arith-asm-ext.mlir | diff %t.ref -
// RUN: lite-opt %t.ref | diff %t.ref -
// RUN: %mlir-opt --mlir-print-op-generic %S/arith-asm-ext.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//' > %t.gref
// RUN: lite-opt --mlir-print-op-generic %S/arith-asm-ext.mlir | diff %t.gref -
// RUN: lite-opt --mlir-print-op-generic %S/arith-asm-ext.mlir | %mlir-opt | diff %t.ref -
// RUN: %mlir-opt --canonicalize %S/arith-fold-ext.mlir > %t.fref
// RUN: lite-opt --canonicalize %S/arith-fold-ext.mlir | diff %t.fref -
// RUN: %mlir-opt --split-input-file --verify-diagnostics %S/arith-verify-ext.mlir

// REQUIRES: mlir-opt
// Interop for scf: lite-opt prints the custom forms of scf-asm.mlir byte for
// byte as mlir-opt-16 does, each tool reads the other's output (custom and
// generic) back to the same text, and mlir-opt-16 expects the diagnostics
// of scf-verify.mlir and scf-asm-invalid.mlir. The generic forms agree but
// for the default fast-math attribute mlir-opt adds to float ops.
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %S/scf-asm.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect --split-input-file %S/scf-asm.mlir > %t.lite
// RUN: diff %t.ref %t.lite
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %t.lite | diff %t.ref -
// RUN: lite-opt --allow-unregistered-dialect --split-input-file %t.ref | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %S/scf-asm.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//' > %t.gref
// RUN: lite-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %S/scf-asm.mlir > %t.glite
// RUN: diff %t.gref %t.glite
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %t.glite | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/scf-verify.mlir
// RUN: %mlir-opt --split-input-file --verify-diagnostics %S/scf-asm-invalid.mlir

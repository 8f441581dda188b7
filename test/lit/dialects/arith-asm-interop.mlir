// REQUIRES: mlir-opt
// Interop for the inputs of arith-asm.mlir: lite-opt prints the arith custom
// forms and result names byte for byte as mlir-opt-16 does, each tool reads
// the other's custom output back to the same text, and the generic forms
// agree except for the default fast-math attribute that mlir-opt adds to
// float ops (lite does not store `none`). mlir-opt-16 also meets the
// expectations of arith-asm-invalid.mlir.
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %S/arith-asm.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect --split-input-file %S/arith-asm.mlir > %t.lite
// RUN: diff %t.ref %t.lite
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %t.lite | diff %t.ref -
// RUN: lite-opt --allow-unregistered-dialect --split-input-file %t.ref | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %S/arith-asm.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//' > %t.gref
// RUN: lite-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %S/arith-asm.mlir | sed -e 's/ {fastmath = #arith.fastmath<none>}//' | diff %t.gref -
// RUN: %mlir-opt --split-input-file --verify-diagnostics %S/arith-asm-invalid.mlir

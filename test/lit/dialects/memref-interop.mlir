// REQUIRES: mlir-opt
// Interop for memref: lite-opt prints the custom forms of memref-asm.mlir
// byte for byte as mlir-opt-16 does, each tool reads the other's output
// (custom and generic) back to the same text, the generic forms agree, and
// mlir-opt-16 expects the diagnostics of memref-verify.mlir.
// RUN: %mlir-opt --split-input-file %S/memref-asm.mlir > %t.ref
// RUN: lite-opt --split-input-file %S/memref-asm.mlir > %t.lite
// RUN: diff %t.ref %t.lite
// RUN: %mlir-opt --split-input-file %t.lite | diff %t.ref -
// RUN: lite-opt --split-input-file %t.ref | diff %t.ref -
// RUN: %mlir-opt --split-input-file --mlir-print-op-generic %S/memref-asm.mlir > %t.gref
// RUN: lite-opt --split-input-file --mlir-print-op-generic %S/memref-asm.mlir > %t.glite
// RUN: diff %t.gref %t.glite
// RUN: %mlir-opt --split-input-file %t.glite | diff %t.ref -
// RUN: %mlir-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect %S/memref-verify.mlir

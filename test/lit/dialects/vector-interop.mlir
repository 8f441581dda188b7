// REQUIRES: mlir-opt
// Interop for the vector dialect: mlir-opt-16 reads lite-opt's custom and
// generic output of vector-asm.mlir back to its own output of the source
// (lite prints affine maps inline where mlir-opt makes `#map` aliases, so
// the texts are compared after one mlir-opt pass), lite-opt reads
// mlir-opt's output back, and mlir-opt-16 meets the expectations of
// vector-verify.mlir.
// RUN: %mlir-opt %S/vector-asm.mlir > %t.ref
// RUN: lite-opt %S/vector-asm.mlir | %mlir-opt | diff %t.ref -
// RUN: lite-opt --mlir-print-op-generic %S/vector-asm.mlir | %mlir-opt | diff %t.ref -
// RUN: lite-opt %t.ref | %mlir-opt | diff %t.ref -
// RUN: %mlir-opt --mlir-print-op-generic %S/vector-asm.mlir > %t.gref
// RUN: lite-opt --mlir-print-op-generic %S/vector-asm.mlir | %mlir-opt --mlir-print-op-generic | diff %t.gref -
// RUN: %mlir-opt --split-input-file --verify-diagnostics %S/vector-verify.mlir

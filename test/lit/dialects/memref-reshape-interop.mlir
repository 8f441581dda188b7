// REQUIRES: mlir-opt
// Interop for memref.collapse_shape and memref.expand_shape: lite-opt
// prints the custom forms of memref-reshape-asm.mlir byte for byte as
// mlir-opt-16 does, each tool reads the other's output (custom and generic)
// back to the same text, and mlir-opt-16 expects the diagnostics of
// memref-reshape-verify.mlir (all but lite's own last one).
// RUN: %mlir-opt --split-input-file %S/memref-reshape-asm.mlir > %t.ref
// RUN: lite-opt --split-input-file %S/memref-reshape-asm.mlir > %t.lite
// RUN: diff %t.ref %t.lite
// RUN: %mlir-opt --split-input-file %t.lite | diff %t.ref -
// RUN: lite-opt --split-input-file %t.ref | diff %t.ref -
// RUN: %mlir-opt --split-input-file --mlir-print-op-generic %S/memref-reshape-asm.mlir > %t.gref
// RUN: lite-opt --split-input-file --mlir-print-op-generic %S/memref-reshape-asm.mlir > %t.glite
// RUN: diff %t.gref %t.glite
// RUN: %mlir-opt --split-input-file %t.glite | diff %t.ref -
// RUN: sed '/^\/\/ lite supports identity-layout/,$d' %S/memref-reshape-verify.mlir > %t.verify
// RUN: %mlir-opt --split-input-file --verify-diagnostics %t.verify

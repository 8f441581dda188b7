// REQUIRES: mlir-opt
// Memref types and affine maps as mlir-opt-16 reads and prints them: lite-opt
// prints memref-type.mlir byte for byte as mlir-opt-16 does; the generic
// output of both test files goes through mlir-opt-16 (which prints its
// affine maps as #map aliases) and back unchanged; mlir-opt-16 gives the
// diagnostics that invalid-memref.mlir expects.
// RUN: %mlir-opt --allow-unregistered-dialect %S/memref-type.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/memref-type.mlir | diff %t.ref -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/memref-type.mlir > %t.gen
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.gen | lite-opt --allow-unregistered-dialect --mlir-print-op-generic - | diff %t.gen -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/affine-map.mlir > %t.gen
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.gen | lite-opt --allow-unregistered-dialect --mlir-print-op-generic - | diff %t.gen -
// RUN: %mlir-opt --allow-unregistered-dialect %S/affine-map.mlir | lite-opt --allow-unregistered-dialect | FileCheck %S/affine-map.mlir
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-memref.mlir

// This file holds only RUN lines.

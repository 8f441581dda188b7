// REQUIRES: mlir-opt
// Interop for the inputs of resources.mlir: lite-opt prints them byte for byte as
// mlir-opt-16 does (custom and generic form), and its generic output
// round-trips through mlir-opt-16 unchanged.
// RUN: %mlir-opt --allow-unregistered-dialect %S/resources.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/resources.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %S/resources.mlir > %t.gref
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/resources.mlir | diff %t.gref -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/resources.mlir > %t && %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t | lite-opt --allow-unregistered-dialect --mlir-print-op-generic - | diff %t -

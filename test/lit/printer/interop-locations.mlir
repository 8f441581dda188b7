// REQUIRES: mlir-opt
// Interop for the inputs of locations.mlir: lite-opt prints locations and
// their aliases byte for byte as mlir-opt-16 does, and its output with
// debug info round-trips through mlir-opt-16 unchanged.
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/locations.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/locations.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %S/locations.mlir > %t.gref
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %S/locations.mlir | diff %t.gref -
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %S/locations.mlir > %t.lref
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %S/locations.mlir | diff %t.lref -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %S/locations.mlir > %t && %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %t | lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic - | diff %t -

// REQUIRES: mlir-opt
// The parser reads these inputs as mlir-opt-16 does: for each one lite-opt
// prints byte for byte what mlir-opt-16 prints, and its generic output reads
// back in mlir-opt-16 unchanged. The malformed inputs get the same
// diagnostics from mlir-opt-16 (same wording, same lines).
// RUN: %mlir-opt --allow-unregistered-dialect %S/generic.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/generic.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect %S/attributes.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/attributes.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect %S/types.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/types.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect %S/dense.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/dense.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect %S/custom.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect %S/custom.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/locations.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/locations.mlir | diff %t.ref -
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %S/implicit-module.mlir > %t.ref
// RUN: lite-opt --allow-unregistered-dialect --split-input-file %S/implicit-module.mlir | diff %t.ref -

// Generic output of lite-opt through mlir-opt-16 and back.
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %S/locations.mlir > %t.gen
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.gen | lite-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo - | diff %t.gen -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/dense.mlir > %t.gen
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.gen | lite-opt --allow-unregistered-dialect --mlir-print-op-generic - | diff %t.gen -
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %S/custom.mlir > %t.gen
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.gen | lite-opt --allow-unregistered-dialect --mlir-print-op-generic - | diff %t.gen -

// Upstream agrees with the expected diagnostics.
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-ops.mlir
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-attributes.mlir
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-types.mlir
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-locations.mlir
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-custom.mlir

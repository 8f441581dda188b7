// The IR printing flags reach the output; with --split-input-file the
// locations name lines of the whole file.

// RUN: lite-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// DEBUG:      "test.pure"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> i32 loc(#loc2)
// DEBUG:      #loc2 = loc("{{.*}}print-flags.mlir":27:8)
// DEBUG:      // -----
// DEBUG:      #loc2 = loc("{{.*}}print-flags.mlir":34:3)

// RUN: lite-opt %s --split-input-file --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// LOCAL: "test.pure"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> i32 loc("{{.*}}print-flags.mlir":27:8)

// RUN: lite-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC: "builtin.module"() ({
// GENERIC: "func.func"() ({

// RUN: lite-opt %s --split-input-file --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// ELIDE: {value = dense_resource<__elided__> : tensor<3xi32>}

// RUN: lite-opt %s --split-input-file --mlir-print-elementsattrs-with-hex-if-larger=2 | FileCheck %s --check-prefix=HEX
// HEX: {value = dense<"0x010000000200000003000000"> : tensor<3xi32>}

// RUN: not lite-opt %s --mlir-elide-elementsattrs-if-larger=many 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: lite-opt: for the --mlir-elide-elementsattrs-if-larger option: 'many' value invalid for uint argument!

func.func @f() -> i32 {
  %0 = "test.pure"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> i32
  return %0 : i32
}

// -----

func.func @g() {
  return
}

// A file that is not a single builtin.module gets an implicit one; with
// --no-implicit-module it must be exactly one top-level op.
// RUN: lite-opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: not lite-opt %s --split-input-file --allow-unregistered-dialect --no-implicit-module 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not lite-opt %s --split-input-file --allow-unregistered-dialect --no-implicit-module 2>/dev/null | FileCheck %s --check-prefix=NOIMPLICIT

// CHECK: module {
// CHECK-NEXT: "a"() : () -> ()
// CHECK-NEXT: "b"() : () -> ()
// CHECK-NEXT: }
// ERR: implicit-module.mlir:0:0: error: source must contain a single top-level operation, found: 2
"a"() : () -> ()
"b"() : () -> ()

// -----

// The single module is kept as it is (not wrapped again).
// CHECK-LABEL: {{^//}} {{-----}}
// CHECK-NEXT: module @m {
// CHECK-NEXT: "c"() : () -> ()
// CHECK-NEXT: }
// NOIMPLICIT: module @m {
module @m {
  "c"() : () -> ()
}

// -----

// An empty input is an empty module.
// CHECK-LABEL: {{^//}} {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT: }
// ERR: implicit-module.mlir:0:0: error: source must contain a single top-level operation, found: 0

// -----

// Without the implicit module a single op of any kind is the result.
// CHECK-LABEL: {{^//}} {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT: "d"() : () -> ()
// NOIMPLICIT: "d"() : () -> ()
"d"() : () -> ()

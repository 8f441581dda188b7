// --split-input-file: each chunk between split markers is parsed, run and printed on its
// own; a failing chunk prints nothing, the others still do, the exit status
// is 1, and diagnostics name lines of the whole file. As in MLIR, a marker
// splits even in the middle of a line, so this header spells it with a regex.

// RUN: not lite-opt %s --split-input-file 2>%t.err | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not lite-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// CHECK:      module {
// CHECK-NEXT:   func.func @first() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: {{//}} -----
// CHECK-EMPTY:
// CHECK-NEXT: {{//}} -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third() {
// CHECK:      {{//}} -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @fourth() {
// CHECK-NOT:  {{//}} -----

func.func @first() {
  return
}

// -----

func.func @second(%a: i32) -> i32 {
  // ERR: split-input-file.mlir:[[@LINE+1]]:10: error: use of undeclared SSA value name
  return %b : i32
}

// -----

func.func @third() {
  return
}
// -----
func.func @fourth() {
  return
}

// Without the flag the markers are plain comments and everything is one input
// (which fails at the same line).
// WHOLE: split-input-file.mlir:35:10: error: use of undeclared SSA value name

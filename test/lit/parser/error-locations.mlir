// Diagnostics point at the offending token: file:line:col, then the source
// line and a caret (--verify-diagnostics checks only lines). Tokens that are
// missing are reported right after the previous token, as MLIR does, even
// across line breaks and comment lines.
// RUN: not lite-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s

// CHECK: error-locations.mlir:[[@LINE+3]]:10: error: use of undeclared SSA value name
// CHECK-NEXT: "op"(%a, %b) : (i32, i32) -> ()
// CHECK-NEXT: {{^         \^$}}
"op"(%a, %b) : (i32, i32) -> ()
%a = "def"() : () -> i32

// -----

// CHECK: error-locations.mlir:[[@LINE+1]]:7: error: expected ':' followed by operation type
"op"()
// The missing `:` is reported after `()`, not at this comment or below.

"next"() : () -> ()

// -----

// CHECK: error-locations.mlir:[[@LINE+1]]:17: error: expected '->' in function type
"op"(%v) : (i32) // a comment after the error point

  // more comments
"next"() : () -> ()

// -----

// CHECK: error-locations.mlir:[[@LINE+1]]:31: error: integer constant out of range for attribute
"op"() {a = 1 : i32, b = [1, -300 : i8]} : () -> ()

// -----

// CHECK: error-locations.mlir:[[@LINE+4]]:3: error: redefinition of SSA value '%x'
// CHECK: error-locations.mlir:[[@LINE+2]]:3: note: previously defined here
"region"() ({
  %x = "def"() : () -> i32
  %x = "def"() : () -> i32
}) : () -> ()

// -----

// At the end of the input too: right after the last token.
// CHECK: error-locations.mlir:[[@LINE+1]]:34: error: expected ')' to end region list
"region"() ({ "op"() : () -> () }

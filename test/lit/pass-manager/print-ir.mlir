// --mlir-print-ir-*: dumps to stderr with mlir-opt's headers; a pass nested
// in func.func shows the function it ran on, a module pass the module.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTER-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// AFTER-NEXT:   %1 = arith.muli %0, %0 : i32
// AFTER-NEXT:   return %1 : i32
// AFTER-NEXT: }
// AFTER-EMPTY:
// AFTER-NEXT: // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func @g() {
// AFTER:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT:   func.func @f(%arg0: i32) -> i32 {
// AFTER:      {{^}}}
// AFTER-EMPTY:
// AFTER-EMPTY:
// AFTER-EMPTY:

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFORE-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// BEFORE-NEXT:   %1 = arith.addi %arg0, %arg0 : i32
// BEFORE:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @g() {
// BEFORE-NOT:  IR Dump

// Several passes by name, comma-separated or repeated.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize,symbol-dce)' --mlir-print-ir-after=cse,symbol-dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize,symbol-dce)' --mlir-print-ir-after=cse --mlir-print-ir-after symbol-dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED:     IR Dump After CSE (cse)
// NAMED:     IR Dump After CSE (cse)
// NAMED-NOT: Canonicalizer
// NAMED:     IR Dump After SymbolDCE (symbol-dce)

// RUN: lite-opt %s --cse --mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFOREALL
// BEFOREALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFOREALL-NEXT: module {

// Module scope: the top-level op, and the header names the anchor op.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-before=cse --mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE:      // -----// IR Dump Before CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// SCOPE:      // -----// IR Dump Before CSE (cse) ('func.func' operation: @g) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// SCOPE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SCOPE-NEXT:     %1 = arith.muli %0, %0 : i32

// The output printing flags apply to dumps too.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after=cse --mlir-print-op-generic -o /dev/null 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC:      // -----// IR Dump After CSE (cse) //----- //
// GENERIC-NEXT: "func.func"() ({

// Printing leaves the output alone.
// RUN: lite-opt %s --cse --mlir-print-ir-after-all 2>/dev/null | FileCheck %s --check-prefix=OUT
// OUT:      module {
// OUT-NEXT:   func.func @f(%arg0: i32) -> i32 {

func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
func.func @g() {
  return
}

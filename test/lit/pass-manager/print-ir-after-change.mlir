// --mlir-print-ir-after-change: only dumps after a pass that changed the IR.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after=cse --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s
// The first cse on @f merges the two adds; nothing else changes anything.
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK-NOT:  IR Dump

// Without -after-change every run dumps: two passes on two functions.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after=cse -o /dev/null 2>&1 | grep -c 'IR Dump After CSE' | FileCheck %s --check-prefix=ALL
// ALL: 4

func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
func.func @g() {
  return
}

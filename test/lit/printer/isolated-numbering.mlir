// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=LOC

// Functions are numbered when they are printed, each in a scope of its own,
// yet print as if the whole module had been numbered first: numbers go on
// from the enclosing region's counters, names stay unique against the names
// of enclosing regions (not of sibling functions), and nested isolated ops
// (a module inside a function) see their enclosing function's names. The
// debuginfo run prints everything twice (alias collection, then output).

%c0 = arith.constant 0 : index
%x:2 = "test.two"() : () -> (i32, i32)
func.func @f(%a: i32) -> i32 {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : i32
  %0 = "test.r"() ({
    %c1_0 = arith.constant 1 : i32
    "test.y"(%c1_0) : (i32) -> ()
  }) : () -> i32
  builtin.module {
    func.func @g(%b: i32) -> i32 {
      %q1 = arith.constant 1 : i32
      %q0 = arith.constant 0 : index
      %y = arith.addi %b, %q1 : i32
      return %y : i32
    }
  }
  %1 = arith.addi %a, %k1 : i32
  return %1 : i32
}
func.func @h() {
  %w0 = arith.constant 0 : index
  "test.br"()[^bb1] : () -> ()
  ^bb1:
  "test.use"(%w0) : (index) -> ()
  return
}
%z = "test.after"() : () -> i32

// CHECK: module {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %0:2 = "test.two"() : () -> (i32, i32)
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %2 = "test.r"() ({
// CHECK-NEXT:       %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:       "test.y"(%c1_i32_1) : (i32) -> ()
// CHECK-NEXT:     }) : () -> i32
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @g(%arg1: i32) -> i32 {
// CHECK-NEXT:         %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:         %c0_2 = arith.constant 0 : index
// CHECK-NEXT:         %4 = arith.addi %arg1, %c1_i32_1 : i32
// CHECK-NEXT:         return %4 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @h() {
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     "test.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "test.use"(%c0_0) : (index) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = "test.after"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// LOC: func.func @g(%arg1: i32 loc({{.*}})) -> i32 {
// LOC-NEXT: %c1_i32_1 = arith.constant 1 : i32
// LOC: func.func @h() {
// LOC-NEXT: %c0_0 = arith.constant 0 : index

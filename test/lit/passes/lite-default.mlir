// The lite-default pipeline: builtin.module(symbol-dce, func.func(
// canonicalize, cse)) -- unused private functions go, then each function is
// folded, reassociated and deduplicated.

// RUN: lite-opt %s --lite-default | FileCheck %s
// RUN: lite-opt %s --lite-default --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// PIPELINE: builtin.module(symbol-dce,func.func(canonicalize{{.*}},cse))

// CHECK-NOT: @unused
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C3]] : i32
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32
func.func private @unused(%x: i32) -> i32 {
  return %x : i32
}
func.func @main(%x: i32) -> (i32, i32) {
  %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
  %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
  %a = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %b = "arith.addi"(%a, %c2) : (i32, i32) -> i32
  %d = "arith.addi"(%x, %c2) : (i32, i32) -> i32
  %e = "arith.addi"(%d, %c1) : (i32, i32) -> i32
  return %b, %e : i32, i32
}

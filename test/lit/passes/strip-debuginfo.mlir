// strip-debuginfo: every op and block argument location becomes unknown;
// nothing else changes.

// RUN: lite-opt %s --allow-unregistered-dialect --strip-debuginfo --mlir-print-debuginfo | FileCheck %s --implicit-check-not=a.c --implicit-check-not=fused --implicit-check-not=callsite
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=KEEP

// CHECK: #[[LOC:.*]] = loc(unknown)
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:      %0 = "foo.x"(%arg0) {note = "kept"} : (i32) -> i32 loc(#[[LOC]])
// CHECK-NEXT:      "test.region"() ({
// CHECK-NEXT:      ^bb0(%arg1: i32 loc(unknown)):
// CHECK-NEXT:        "test.terminator"() : () -> () loc(#[[LOC]])
// CHECK-NEXT:      }) : () -> () loc(#[[LOC]])
// CHECK-NEXT:      return %0 : i32 loc(#[[LOC]])
// CHECK-NEXT:    } loc(#[[LOC]])
// CHECK-NEXT:  } loc(#[[LOC]])

// KEEP: "a.c":3:4
// KEEP: fused
func.func @f(%a: i32 loc("x":1:2)) -> i32 {
  %0 = "foo.x"(%a) {note = "kept"} : (i32) -> i32 loc("n"("a.c":3:4))
  "test.region"() ({
  ^bb0(%b: i32 loc("y":5:6)):
    "test.terminator"() : () -> () loc("z":7:8)
  }) : () -> () loc(callsite("c":1:1 at "d":2:2))
  return %0 : i32 loc(fused["a":1:1, "b":2:2])
} loc("f")

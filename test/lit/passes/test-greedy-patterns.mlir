// The greedy driver seen through test-greedy-patterns (test/lib): the visit
// order (pre-order when top-down, reversed when bottom-up), the benefit
// order, replacement and the dead ops it leaves, folding on or off, and the
// rewrite limit. test-greedy-patterns-limits.mlir covers the sweep limit.

// RUN: lite-opt %s --split-input-file --test-greedy-patterns | FileCheck %s
// RUN: lite-opt %s --split-input-file --test-greedy-patterns='top-down=false' | FileCheck %s --check-prefix=BOTTOMUP
// RUN: lite-opt %s --split-input-file --test-greedy-patterns='fold=false' | FileCheck %s --check-prefix=NOFOLD
// RUN: lite-opt %s --split-input-file --test-greedy-patterns='max-num-rewrites=1' | FileCheck %s --check-prefix=ONE

// CHECK-LABEL: func.func @visit_order
// CHECK-NEXT:    "test.effect"() {visit, visited = 0 : i64} : () -> ()
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      "test.effect"() {visit, visited = 1 : i64} : () -> ()
// CHECK-NEXT:      "test.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "test.effect"() {visit, visited = 2 : i64} : () -> ()
// BOTTOMUP-LABEL: func.func @visit_order
// BOTTOMUP-NEXT:    "test.effect"() {visit, visited = 2 : i64} : () -> ()
// BOTTOMUP-NEXT:    "test.region"() ({
// BOTTOMUP-NEXT:      "test.effect"() {visit, visited = 1 : i64} : () -> ()
// BOTTOMUP-NEXT:      "test.terminator"() : () -> ()
// BOTTOMUP-NEXT:    }) : () -> ()
// BOTTOMUP-NEXT:    "test.effect"() {visit, visited = 0 : i64} : () -> ()
// NOFOLD-LABEL: func.func @visit_order
func.func @visit_order() {
  "test.effect"() {visit} : () -> ()
  "test.region"() ({
    "test.effect"() {visit} : () -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  "test.effect"() {visit} : () -> ()
  return
}

// -----

// The benefit-2 pattern wins over the benefit-1 one.
// CHECK-LABEL: func.func @benefit
// CHECK-NEXT:    "test.effect"() {applied = "high", benefit} : () -> ()
func.func @benefit() {
  "test.effect"() {benefit} : () -> ()
  return
}

// -----

// Forwarded ops collapse onto the first producer; folding replaces the
// identity by its operand, unless folding is off.
// CHECK-LABEL: func.func @replace_and_fold
// CHECK-NEXT:    %[[P:.*]] = "test.pure"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.effect"(%arg0, %arg0) : (i32, i32) -> ()
// CHECK-NEXT:    "test.effect"(%[[P]]) : (i32) -> ()
// CHECK-NEXT:    return
// NOFOLD-LABEL: func.func @replace_and_fold
// NOFOLD-NEXT:    %[[P:.*]] = "test.pure"(%arg0) : (i32) -> i32
// NOFOLD-NEXT:    %[[ID:.*]] = "test.identity"(%arg0) : (i32) -> i32
// NOFOLD-NEXT:    "test.effect"(%arg0, %[[ID]]) : (i32, i32) -> ()
// NOFOLD-NEXT:    "test.effect"(%[[P]]) : (i32) -> ()
func.func @replace_and_fold(%x: i32) {
  %p = "test.pure"(%x) : (i32) -> i32
  %f = "test.pure"(%p) {forward} : (i32) -> i32
  %g = "test.pure"(%f) {forward} : (i32) -> i32
  %dead = "test.pure"(%p) : (i32) -> i32
  %id = "test.identity"(%x) : (i32) -> i32
  "test.effect"(%x, %id) : (i32, i32) -> ()
  "test.effect"(%g) : (i32) -> ()
  return
}

// -----

// test.effect {grow = 3} adds one op per application and is revisited at
// once, so one sweep finishes it. A max-num-rewrites of 1 stops after the
// first application.
// CHECK-LABEL: func.func @grow
// CHECK-NEXT:    "test.effect"() {grown} : () -> ()
// CHECK-NEXT:    "test.effect"() {grown} : () -> ()
// CHECK-NEXT:    "test.effect"() {grown} : () -> ()
// CHECK-NEXT:    "test.effect"() {grow = 0 : i64} : () -> ()
// ONE-LABEL: func.func @grow
// ONE-NEXT:    "test.effect"() {grown} : () -> ()
// ONE-NEXT:    "test.effect"() {grow = 2 : i64} : () -> ()
func.func @grow() {
  "test.effect"() {grow = 3} : () -> ()
  return
}


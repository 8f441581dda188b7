// cse: a pure op is replaced by an earlier equivalent one that dominates it;
// ops with side effects, unregistered ops and terminators are never merged;
// nothing is merged across isolated-from-above (or unregistered) region
// boundaries; trivially dead pure ops are erased on the way.

// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[C]] : i32, i32, i32
func.func @simple(%x: i32) -> (i32, i32, i32) {
  %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
  %c1b = "arith.constant"() {value = 1 : i32} : () -> i32
  %a = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %b = "arith.addi"(%x, %c1b) : (i32, i32) -> i32
  return %a, %b, %c1b : i32, i32, i32
}

// -----

// Equal-looking ops that differ in attributes, operand order or result
// types stay apart; side effects and unregistered ops are left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    arith.constant 1 : i32
// CHECK-NEXT:    arith.constant 2 : i32
// CHECK-NEXT:    arith.subi %arg0, %arg1
// CHECK-NEXT:    arith.subi %arg1, %arg0
// CHECK-NEXT:    "test.pure"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.pure"(%arg0) : (i32) -> i64
// CHECK-NEXT:    "test.effect"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.effect"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.effect"
// CHECK-NEXT:    return
func.func @left_alone(%x: i32, %y: i32) {
  %0 = "arith.constant"() {value = 1 : i32} : () -> i32
  %1 = "arith.constant"() {value = 2 : i32} : () -> i32
  %2 = "arith.subi"(%x, %y) : (i32, i32) -> i32
  %3 = "arith.subi"(%y, %x) : (i32, i32) -> i32
  %4 = "test.pure"(%x) : (i32) -> i32
  %5 = "test.pure"(%x) : (i32) -> i64
  %6 = "test.effect"(%x) : (i32) -> i32
  %7 = "test.effect"(%x) : (i32) -> i32
  %8 = "foo.op"(%x) : (i32) -> i32
  %9 = "foo.op"(%x) : (i32) -> i32
  "test.effect"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i32, i32, i32, i32, i32, i64, i32, i32, i32, i32) -> ()
  return
}

// -----

// Commutative ops match with their operands in any order.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT:    %[[A:.*]] = arith.addf %arg0, %arg1
// CHECK-NEXT:    %[[S:.*]] = arith.subf %arg0, %arg1
// CHECK-NEXT:    %[[T:.*]] = arith.subf %arg1, %arg0
// CHECK-NEXT:    "test.effect"(%[[A]], %[[A]], %[[S]], %[[T]])
func.func @commutative(%x: f32, %y: f32) {
  %a = "arith.addf"(%x, %y) : (f32, f32) -> f32
  %b = "arith.addf"(%y, %x) : (f32, f32) -> f32
  %s = "arith.subf"(%x, %y) : (f32, f32) -> f32
  %t = "arith.subf"(%y, %x) : (f32, f32) -> f32
  "test.effect"(%a, %b, %s, %t) : (f32, f32, f32, f32) -> ()
  return
}

// -----

// Only ops already dead when visited are erased: the mul still has a use
// when CSE reaches it (as in MLIR).
// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0
// CHECK-NEXT:    return
func.func @dead(%x: i32) {
  %m = "arith.muli"(%x, %x) : (i32, i32) -> i32
  %a = "arith.addi"(%m, %m) : (i32, i32) -> i32
  return
}

// -----

// An op in a nested region reuses a dominating outer op; an op after the
// region cannot reuse one from inside it.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    %[[A:.*]] = "test.pure"(%arg0) {k = 1 : i64} : (i32) -> i32
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %[[B:.*]] = "test.pure"(%arg0) {k = 2 : i64} : (i32) -> i32
// CHECK-NEXT:      "test.effect"(%[[A]], %[[B]]) : (i32, i32) -> ()
// CHECK-NEXT:      "test.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %[[C:.*]] = "test.pure"(%arg0) {k = 2 : i64} : (i32) -> i32
// CHECK-NEXT:    "test.effect"(%[[A]], %[[C]]) : (i32, i32) -> ()
func.func @nested(%x: i32) {
  %a = "test.pure"(%x) {k = 1} : (i32) -> i32
  "test.region"() ({
    %a2 = "test.pure"(%x) {k = 1} : (i32) -> i32
    %b = "test.pure"(%x) {k = 2} : (i32) -> i32
    "test.effect"(%a2, %b) : (i32, i32) -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  %c = "test.pure"(%x) {k = 2} : (i32) -> i32
  "test.effect"(%a, %c) : (i32, i32) -> ()
  return
}

// -----

// Nothing crosses into an isolated region or an unregistered op's region;
// duplicates inside each are still merged.
// CHECK-LABEL: func.func @isolated
// CHECK-NEXT:    %[[A:.*]] = "test.pure"() : () -> i32
// CHECK-NEXT:    "test.isolated"() ({
// CHECK-NEXT:      %[[I:.*]] = "test.pure"() : () -> i32
// CHECK-NEXT:      "test.effect"(%[[I]], %[[I]]) : (i32, i32) -> ()
// CHECK-NEXT:      "test.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "foo.region"() ({
// CHECK-NEXT:      %[[U:.*]] = "test.pure"() : () -> i32
// CHECK-NEXT:      "test.effect"(%[[U]]) : (i32) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "test.effect"(%[[A]]) : (i32) -> ()
func.func @isolated() {
  %a = "test.pure"() : () -> i32
  "test.isolated"() ({
    %i = "test.pure"() : () -> i32
    %j = "test.pure"() : () -> i32
    "test.effect"(%i, %j) : (i32, i32) -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  "foo.region"() ({
    %u = "test.pure"() : () -> i32
    "test.effect"(%u) : (i32) -> ()
  }) : () -> ()
  "test.effect"(%a) : (i32) -> ()
  return
}

// -----

// Across blocks: the entry dominates both branches, the branches do not
// dominate each other.
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    "test.effect"(%[[A]])
// CHECK-NEXT:    "test.br"()[^bb1, ^bb2]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[M1:.*]] = arith.muli %arg0, %arg0
// CHECK-NEXT:    "test.effect"(%[[A]], %[[M1]])
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[M2:.*]] = arith.muli %arg0, %arg0
// CHECK-NEXT:    "test.effect"(%[[A]], %[[M2]])
func.func @blocks(%x: i32) {
  %a = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.effect"(%a) : (i32) -> ()
  "test.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %a1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %m1 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "test.effect"(%a1, %m1) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %a2 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %m2 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "test.effect"(%a2, %m2) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.terminator"() : () -> ()
}

// -----

// Pure ops with regions merge when their regions are structurally equal.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[R:.*]] = "test.pure_region"(%arg0) ({
// CHECK:         %[[S:.*]] = "test.pure_region"(%arg0) ({
// CHECK:         "test.effect"(%[[R]], %[[R]], %[[S]])
func.func @regions(%x: i32) {
  %r1 = "test.pure_region"(%x) ({
  ^bb0(%a: i32):
    %m = "arith.muli"(%a, %a) : (i32, i32) -> i32
    "test.yield"(%m) : (i32) -> ()
  }) : (i32) -> i32
  %r2 = "test.pure_region"(%x) ({
  ^bb0(%b: i32):
    %m = "arith.muli"(%b, %b) : (i32, i32) -> i32
    "test.yield"(%m) : (i32) -> ()
  }) : (i32) -> i32
  %r3 = "test.pure_region"(%x) ({
  ^bb0(%c: i32):
    %m = "arith.addi"(%c, %c) : (i32, i32) -> i32
    "test.yield"(%m) : (i32) -> ()
  }) : (i32) -> i32
  "test.effect"(%r1, %r2, %r3) : (i32, i32, i32) -> ()
  return
}

// -----

// A graph region is processed like any single-block region.
// CHECK-LABEL: func.func @graph
// CHECK-NEXT:    "test.graph_region"() ({
// CHECK-NEXT:      %[[P:.*]] = "test.pure"(%arg0) : (i32) -> i32
// CHECK-NEXT:      "test.effect"(%[[P]], %[[P]]) : (i32, i32) -> ()
// CHECK-NEXT:    }) : () -> ()
func.func @graph(%x: i32) {
  "test.graph_region"() ({
    %p = "test.pure"(%x) : (i32) -> i32
    %q = "test.pure"(%x) : (i32) -> i32
    "test.effect"(%p, %q) : (i32, i32) -> ()
  }) : () -> ()
  return
}

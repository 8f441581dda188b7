// canonicalize: folding (constants materialized, uniqued and hoisted to the
// entry block of the enclosing isolated region), every op's patterns, and
// trivially dead pure ops erased. Side-effecting and unregistered ops stay,
// used or not.

// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --canonicalize='top-down=false' | FileCheck %s --check-prefix=BOTTOMUP
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --canonicalize='max-iterations=1' | FileCheck %s --check-prefix=ONE
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --canonicalize='max-iterations=1 region-simplify=false' | FileCheck %s --check-prefix=NOSIMPLIFY

// CHECK-LABEL: func.func @fold_and_hoist
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    "test.effect"(%[[C3]]) : (i32) -> ()
// CHECK-NEXT:    %[[ADD:.*]] = arith.addi %arg0, %[[C3]] : i32
// CHECK-NEXT:    return %[[ADD]] : i32
// BOTTOMUP-LABEL: func.func @fold_and_hoist
// BOTTOMUP-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// BOTTOMUP-NEXT:    "test.effect"(%[[C3]]) : (i32) -> ()
// BOTTOMUP-NEXT:    %[[ADD:.*]] = arith.addi %arg0, %[[C3]] : i32
// BOTTOMUP-NEXT:    return %[[ADD]] : i32
func.func @fold_and_hoist(%x: i32) -> i32 {
  %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
  %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
  %sum = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
  "test.effect"(%sum) : (i32) -> ()
  %0 = "arith.addi"(%c1, %x) : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %c2) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// Equal constants become one; unused pure ops go; unregistered and
// side-effecting ops are left alone even when nothing uses them.
// CHECK-LABEL: func.func @dedup_and_dce
// CHECK-NEXT:    %[[C:.*]] = arith.constant 7 : i64
// CHECK-NEXT:    %[[U:.*]] = "foo.unused"(%[[C]]) : (i64) -> i64
// CHECK-NEXT:    %[[E:.*]] = "test.effect"(%[[C]]) : (i64) -> i64
// CHECK-NEXT:    return %[[C]], %[[C]] : i64, i64
func.func @dedup_and_dce(%x: i64) -> (i64, i64) {
  %a = "arith.constant"() {value = 7 : i64} : () -> i64
  %b = "arith.constant"() {value = 7 : i64} : () -> i64
  %dead = "arith.muli"(%x, %x) : (i64, i64) -> i64
  %dead2 = "test.pure"(%dead) : (i64) -> i64
  %u = "foo.unused"(%a) : (i64) -> i64
  %e = "test.effect"(%b) : (i64) -> i64
  return %a, %b : i64, i64
}

// -----

// Folders that answer with an existing value, patterns, and constants moved
// to the right of commutative ops.
// CHECK-LABEL: func.func @folders_and_patterns
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 5 : i64} : () -> i64
// CHECK-NEXT:    %[[COMM:.*]] = "test.commutative"(%arg0, %[[C]]) : (i64, i64) -> i64
// CHECK-NEXT:    "test.effect"(%arg0, %[[COMM]], %arg0) : (i64, i64, i64) -> ()
// CHECK-NEXT:    return
func.func @folders_and_patterns(%x: i64) {
  %c = "test.constant"() {value = 5 : i64} : () -> i64
  %id = "test.identity"(%x) : (i64) -> i64
  %comm = "test.commutative"(%c, %id) : (i64, i64) -> i64
  %n1 = "test.neg"(%x) : (i64) -> i64
  %n2 = "test.neg"(%n1) : (i64) -> i64
  "test.effect"(%id, %comm, %n2) : (i64, i64, i64) -> ()
  return
}

// -----

// A fold result is materialized by the folded op's dialect (test.constant
// for test.fold_add) and shared with an equal existing constant.
// CHECK-LABEL: func.func @materialize
// CHECK-NEXT:    %[[C5:.*]] = "test.constant"() {value = 5 : i64} : () -> i64
// CHECK-NEXT:    "test.effect"(%[[C5]], %[[C5]], %arg0) : (i64, i64, i64) -> ()
func.func @materialize(%x: i64) {
  %c2 = "test.constant"() {value = 2 : i64} : () -> i64
  %c3 = "test.constant"() {value = 3 : i64} : () -> i64
  %c0 = "test.constant"() {value = 0 : i64} : () -> i64
  %c5 = "test.constant"() {value = 5 : i64} : () -> i64
  %sum = "test.fold_add"(%c2, %c3) : (i64, i64) -> i64
  %same = "test.fold_add"(%x, %c0) : (i64, i64) -> i64
  "test.effect"(%sum, %c5, %same) : (i64, i64, i64) -> ()
  return
}

// -----

// Constants in a nested (not isolated) region move to the function's entry;
// inside an isolated region they stay there; an unregistered op's region
// counts as isolated.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      "test.effect"(%[[C]]) : (i32) -> ()
// CHECK-NEXT:      "test.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "test.isolated"() ({
// CHECK-NEXT:      %[[I:.*]] = arith.constant 3 : i32
// CHECK-NEXT:      "test.effect"(%[[I]]) : (i32) -> ()
// CHECK-NEXT:      "test.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "foo.region"() ({
// CHECK-NEXT:      %[[U:.*]] = arith.constant 3 : i32
// CHECK-NEXT:      "test.effect"(%[[U]]) : (i32) -> ()
// CHECK-NEXT:    }) : () -> ()
func.func @regions() {
  "test.region"() ({
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %s = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
    "test.effect"(%s) : (i32) -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  "test.isolated"() ({
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %s = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
    "test.effect"(%s) : (i32) -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  "foo.region"() ({
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %s = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
    "test.effect"(%s) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// Blocks no branch reaches are erased (region-simplify, on by default).
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    "test.terminator"() : () -> ()
// CHECK-NEXT:  }
func.func @unreachable(%x: i32) {
  "test.terminator"() : () -> ()
^bb1(%y: i32):
  "test.effect"(%y) : (i32) -> ()
  "test.br"()[^bb1] : () -> ()
}

// -----

// A dead graph of pure ops goes in one sweep: erasing an op revisits only
// producers left with at most one use, but region simplification also
// erases whatever no live op needs (MLIR's region DCE). Without it, a value
// used twice by one dead op survives the sweep.
// CHECK-LABEL: func.func @dead_graph
// CHECK-NEXT:    return %arg0
// ONE-LABEL: func.func @dead_graph
// ONE-NEXT:    return %arg0
// NOSIMPLIFY-LABEL: func.func @dead_graph
// NOSIMPLIFY-NEXT:    arith.mulf %arg0, %arg0
// NOSIMPLIFY-NEXT:    return %arg0
func.func @dead_graph(%x: f32) -> f32 {
  %a = "arith.mulf"(%x, %x) : (f32, f32) -> f32
  %b = "arith.mulf"(%a, %a) : (f32, f32) -> f32
  %c = "arith.addf"(%b, %a) : (f32, f32) -> f32
  %d = "arith.addf"(%b, %a) : (f32, f32) -> f32
  %e = "arith.addf"(%c, %d) : (f32, f32) -> f32
  return %x : f32
}

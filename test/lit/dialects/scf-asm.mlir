// The custom forms of the scf ops as mlir-opt-16 prints them
// (scf-interop.mlir compares byte for byte): implicit scf.yield left out
// of loops and ifs without results, kept in scf.parallel, and added back
// when parsing. The printed custom form and the generic form both read
// back to the same text.

// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file | lite-opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | lite-opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @loops
// CHECK:         %0 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %arg2) -> (f32) {
// CHECK-NEXT:      %[[X:.*]] = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT:      scf.yield %[[X]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %arg2, %arg5 = %arg0) -> (f32, index) {
// CHECK-NEXT:      scf.yield %arg4, %arg3 : f32, index
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      "foo.use"(%arg3) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    } {foo = 1 : i64}
// CHECK-NEXT:    return %0 : f32

// GENERIC-LABEL: "func.func"
// GENERIC:         %3 = "scf.for"(%0, %2, %1, %arg2) ({
// GENERIC-NEXT:    ^bb0(%arg3: index, %arg4: f32):
// GENERIC:           "scf.yield"(%{{.*}}) : (f32) -> ()
// GENERIC-NEXT:    }) : (index, index, index, f32) -> f32
// GENERIC:         "scf.for"(%0, %2, %1) ({
// GENERIC-NEXT:    ^bb0(%arg3: index):
// GENERIC-NEXT:      "foo.use"(%arg3) : (index) -> ()
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }) : (index, index, index) -> ()
// GENERIC:         "scf.yield"() : () -> ()
// GENERIC-NEXT:    }) {foo = 1 : i64} : (index, index, index) -> ()
func.func @loops(%a: index, %b: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (f32) {
    %x = arith.addf %acc, %acc : f32
    scf.yield %x : f32
  }
  %r2:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init, %k = %a) -> (f32, index) {
    scf.yield %acc, %i : f32, index
  }
  scf.for %i = %c0 to %c4 step %c1 {
    "foo.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %c4 step %c1 {
  } {foo = 1}
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @ifs
// CHECK:         %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:      scf.yield %arg1 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.if %arg0 -> (f32, f32) {
// CHECK-NEXT:      scf.yield %arg1, %arg2 : f32, f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield {tag} %arg2, %arg1 : f32, f32
// CHECK-NEXT:    } {bar}
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      "foo.op"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "foo.op"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// GENERIC:         }) {bar} : (i1) -> (f32, f32)
// GENERIC-NEXT:    "scf.if"(%arg0) ({
// GENERIC-NEXT:      "foo.op"() : () -> ()
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:    }) : (i1) -> ()
// GENERIC-NEXT:    "scf.if"(%arg0) ({
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:      "foo.op"() : () -> ()
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }) : (i1) -> ()
func.func @ifs(%c: i1, %x: f32, %y: f32) {
  %r = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  %r2:2 = scf.if %c -> (f32, f32) {
    scf.yield %x, %y : f32, f32
  } else {
    scf.yield {tag} %y, %x : f32, f32
  } {bar}
  scf.if %c {
    "foo.op"() : () -> ()
  }
  scf.if %c {
  } else {
    "foo.op"() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @parallel
// CHECK:         scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%arg0, %arg1) step (%c1, %c1) {
// CHECK-NEXT:      "foo.use"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) init (%cst) -> f32 {
// CHECK-NEXT:      %[[E:.*]] = "foo.value"(%arg2) : (index) -> f32
// CHECK-NEXT:      scf.reduce(%[[E]])  : f32 {
// CHECK-NEXT:      ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %arg3, %arg4 : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } {tag}
// CHECK-NEXT:    %1:2 = scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) init (%cst, %cst) -> (f32, f32) {

// GENERIC:         "scf.parallel"(%1, %1, %arg0, %arg1, %2, %2) ({
// GENERIC-NEXT:    ^bb0(%arg2: index, %arg3: index):
// GENERIC:         }) {operand_segment_sizes = array<i32: 2, 2, 2, 0>} : (index, index, index, index, index, index) -> ()
// GENERIC:         "scf.reduce"(%{{.*}}) ({
// GENERIC-NEXT:      ^bb0(%arg3: f32, %arg4: f32):
// GENERIC:             "scf.reduce.return"(%{{.*}}) : (f32) -> ()
// GENERIC-NEXT:      }) : (f32) -> ()
// GENERIC:         }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>, tag} : (index, index, index, f32) -> f32
func.func @parallel(%a: index, %b: index) {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%a, %b) step (%c1, %c1) {
    "foo.use"(%i, %j) : (index, index) -> ()
  }
  %p = scf.parallel (%i) = (%c0) to (%a) step (%c1) init (%cst) -> f32 {
    %e = "foo.value"(%i) : (index) -> f32
    scf.reduce(%e) : f32 {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  } {tag}
  %q:2 = scf.parallel (%i) = (%c0) to (%a) step (%c1) init (%cst, %cst) -> (f32, f32) {
    %e = "foo.value"(%i) : (index) -> f32
    scf.reduce(%e) : f32 {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
    scf.reduce(%e) : f32 {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %r : f32
    }
    scf.yield
  }
  return
}

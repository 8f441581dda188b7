// The generic op syntax: results, result groups, operand lists with result
// numbers, successors, regions, labeled blocks with arguments, forward
// references, attribute dictionaries. The generic print must read back to
// the same text.
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.1
// RUN: lite-opt %t.1 --allow-unregistered-dialect --mlir-print-op-generic > %t.2
// RUN: diff %t.1 %t.2
// RUN: FileCheck %s --check-prefix=GENERIC < %t.1

// CHECK-LABEL: "test.results"() ({
// CHECK-NEXT:    %4:2 = "x.pair"() : () -> (i32, f32)
// CHECK-NEXT:    %5:3 = "x.triple"() : () -> (i1, i1, i1)
// CHECK-NEXT:    "x.use"(%4#1, %5#2, %4#0, %5#0) : (f32, i1, i32, i1) -> ()
// CHECK-NEXT:    %6:2 = "x.pair"() : () -> (i32, i32)
// CHECK-NEXT:    "x.use"(%6#1, %6#0) : (i32, i32) -> ()
// CHECK-NEXT:  }) : () -> ()
"test.results"() ({
  %p:2 = "x.pair"() : () -> (i32, f32)
  %a, %b:2 = "x.triple"() : () -> (i1, i1, i1)
  "x.use"(%p#1, %b#1, %p, %a) : (f32, i1, i32, i1) -> ()
  // Names may be reused once the region that defined them has ended.
  %x.y$z, %q-1 = "x.pair"() : () -> (i32, i32)
  "x.use"(%q-1, %x.y$z) : (i32, i32) -> ()
}) : () -> ()

// Blocks, arguments and successors (operands of successors are part of the
// operand list in MLIR 16; successor-operands.mlir has the older form).
// CHECK-LABEL: "test.cfg"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:    "x.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT:  ^bb1(%4: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    "x.cond_br"(%4, %4)[^bb2, ^bb3] : (i32, i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    "x.br"(%4)[^bb1] : (i32) -> ()
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    "x.ret"(%arg1) : (f32) -> ()
// CHECK-NEXT:  }) : () -> ()
"test.cfg"() ({
^entry(%i: i32, %f: f32):
  "x.br"(%i)[^loop] : (i32) -> ()
^loop(%n: i32):
  "x.cond_br"(%n, %n)[^body, ^exit] : (i32, i32) -> ()
^body:
  "x.br"(%n)[^loop] : (i32) -> ()
^exit:
  "x.ret"(%f) : (f32) -> ()
}) : () -> ()

// Several regions, empty ones, nesting, and attribute dictionaries with
// string keys and unit entries (printed sorted).
// CHECK-LABEL: "test.regions"() ({
// CHECK-NEXT:  }, {
// CHECK-NEXT:    "x.inner"() ({
// CHECK-NEXT:      "x.leaf"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) {"a b" = 1 : i64, unit, z = "s"} : () -> ()
"test.regions"() ({}, {
  "x.inner"() ({
    "x.leaf"() : () -> ()
  }) : () -> ()
}) {z = "s", "a b" = 1, "unit"} : () -> ()

// Forward references: a use before its definition parses. The module body
// is a graph region, so this also verifies; elsewhere the verifier reports
// dominance.
// CHECK-LABEL: %0 = "test.graph.a"(%1) : (i32) -> i32
// CHECK-NEXT:  %1 = "test.graph.b"(%0) : (i32) -> i32
// CHECK-NEXT:  "test.graph.use"(%2#1) : (f32) -> ()
// CHECK-NEXT:  %2:2 = "test.graph.pair"() : () -> (i32, f32)
%ga = "test.graph.a"(%gb) : (i32) -> i32
%gb = "test.graph.b"(%ga) : (i32) -> i32
"test.graph.use"(%later#1) : (f32) -> ()
%later:2 = "test.graph.pair"() : () -> (i32, f32)

// Comments and odd spacing are fine anywhere between tokens.
// CHECK-LABEL: "test.spacing"(%3) : (i32) -> ()
"test.spacing"  (  // a comment
    %c0 )
  :
  (i32)->()
%c0 = "x.def"() : () -> i32

// GENERIC: "builtin.module"() ({
// GENERIC: "test.cfg"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// GENERIC: "x.cond_br"(%4, %4)[^bb2, ^bb3] : (i32, i32) -> ()
// GENERIC: "test.graph.use"

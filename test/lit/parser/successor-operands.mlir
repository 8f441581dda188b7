// The pre-2020 successor syntax `^bb(%v : type)` still reads: its operands
// are appended to the op's operand list, which is how MLIR 16 prints them.
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.old"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:    "x.cond_br"(%arg0, %arg0, %arg1, %arg0)[^bb1, ^bb2] : (i32, i32, f32, i32) -> ()
// CHECK-NEXT:  ^bb1(%0: i32, %1: f32):  // pred: ^bb0
// CHECK-NEXT:    "x.br"()[^bb2] : () -> ()
// CHECK-NEXT:  ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb1
"test.old"() ({
^bb0(%i: i32, %f: f32):
  "x.cond_br"(%i)[^bb1(%i, %f : i32, f32), ^bb2(%i : i32)] : (i32) -> ()
^bb1(%a: i32, %b: f32):
  "x.br"()[^bb2()] : () -> ()
^bb2(%c: i32):
  "x.ret"() : () -> ()
}) : () -> ()

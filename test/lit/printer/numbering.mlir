// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

// Values are renumbered per region: a nested region continues after the
// values of the region holding it, sibling regions restart at the same
// number, entry-block arguments are %argN, other block arguments %N.

// CHECK-LABEL: func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "lite.a"() : () -> i32
// CHECK-NEXT:    %1:3 = "lite.b"() ({
// CHECK-NEXT:      %5 = "lite.c"() : () -> i32
// CHECK-NEXT:      "lite.d"() ({
// CHECK-NEXT:        %7 = "lite.e"(%5, %0) : (i32, i32) -> i32
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:      %6 = "lite.f"() : () -> i32
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %5 = "lite.g"() : () -> i32
// CHECK-NEXT:    ^bb1(%6: i32):  // no predecessors
// CHECK-NEXT:      %7 = "lite.i"(%6) : (i32) -> i32
// CHECK-NEXT:    }) : () -> (i32, i32, f32)
// CHECK-NEXT:    "lite.br"(%1#1)[^bb1] : (i32) -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    %2 = "lite.j"(%1#2) : (f32) -> i32
// CHECK-NEXT:    "lite.cbr"(%2)[^bb2, ^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2(%3: i32, %4: f32):  // 2 preds: ^bb1, ^bb3
// CHECK-NEXT:    "lite.br"()[^bb3] : () -> ()
// CHECK-NEXT:  ^bb3:  // 3 preds: ^bb1, ^bb2, ^bb4
// CHECK-NEXT:    "lite.br"()[^bb4, ^bb4, ^bb2] : () -> ()
// CHECK-NEXT:  ^bb4:  // 3 preds: ^bb3, ^bb3, ^bb4
// CHECK-NEXT:    "lite.br"()[^bb3, ^bb4] : () -> ()
// CHECK-NEXT:  ^bb5:  // no predecessors
// CHECK-NEXT:    return %2 : i32
// CHECK-NEXT:  }

// GEN-LABEL: "func.func"() ({
// GEN-NEXT:  ^bb0(%arg0: i32):
// GEN-NEXT:    %0 = "lite.a"() : () -> i32
// GEN:       ^bb5:  // no predecessors
// GEN-NEXT:    "func.return"(%2) : (i32) -> ()
// GEN-NEXT:  }) {function_type = (i32) -> i32, sym_name = "g"} : () -> ()
func.func @g(%x: i32) -> i32 {
  %a = "lite.a"() : () -> i32
  %b:3 = "lite.b"() ({
    %c = "lite.c"() : () -> i32
    "lite.d"() ({
      %e = "lite.e"(%c, %a) : (i32, i32) -> i32
    }) : () -> ()
    %f = "lite.f"() : () -> i32
  }, {
    %g = "lite.g"() : () -> i32
  ^bb1(%h: i32):
    %i = "lite.i"(%h) : (i32) -> i32
  }) : () -> (i32, i32, f32)
  "lite.br"(%b#1)[^bb1] : (i32) -> ()
^bb1:
  %j = "lite.j"(%b#2) : (f32) -> i32
  "lite.cbr"(%j)[^bb2, ^bb3] : (i32) -> ()
^bb2(%k: i32, %l: f32):
  "lite.br"()[^bb3] : () -> ()
^bb3:
  "lite.br"()[^bb4, ^bb4, ^bb2] : () -> ()
^bb4:
  "lite.br"()[^bb3, ^bb4] : () -> ()
^bb5:
  return %j : i32
}

// Entry-block arguments of any region are %argN, numbered on from the
// enclosing region's; the root region of the file starts again at zero.
// CHECK-LABEL: func.func @h(%arg0: i32, %arg1: f32) {
// CHECK-NEXT:    %0:2 = "lite.two"() ({
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:      "lite.use"(%arg0, %arg2, %arg3) : (i32, i32, i32) -> ()
// CHECK-NEXT:    }) : () -> (i32, i32)
// CHECK-NEXT:    "lite.use"(%0#0, %0#1) : (i32, i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @h(%a: i32, %b: f32) {
  %r, %s = "lite.two"() ({
  ^bb0(%p: i32, %q: i32):
    "lite.use"(%a, %p, %q) : (i32, i32, i32) -> ()
  }) : () -> (i32, i32)
  "lite.use"(%r, %s) : (i32, i32) -> ()
  return
}

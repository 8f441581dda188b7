// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

// Custom forms of builtin.module, func.func, func.call and func.return.
// Inside a module `builtin.` is dropped, inside a function `func.`; in the
// region of any other op the full name is printed.

// CHECK:       module @m attributes {a.b, lite.x = 1 : i64} {
// CHECK-NEXT:    func.func private @decl(i32 {lite.a}, f32) -> (i32 {lite.r = 2 : i64})
// CHECK-NEXT:    func.func private @decl2() -> (i32, f32)
// CHECK-NEXT:    func.func @g(%arg0: i32 {lite.p}, %arg1: f32) -> (i32, f32) attributes {lite.q = "s", "quoted key" = 3 : i64} {
// CHECK-NEXT:      %0:2 = call @decl2() {lite.c} : () -> (i32, f32)
// CHECK-NEXT:      %1 = call @decl(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:      "lite.r"() ({
// CHECK-NEXT:        "lite.u"(%arg0) : (i32) -> ()
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:      "lite.s"() ({
// CHECK-NEXT:        builtin.module {
// CHECK-NEXT:          func.func @in() {
// CHECK-NEXT:            return
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        builtin.module {
// CHECK-NEXT:        }
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:        "lite.t"() : () -> ()
// CHECK-NEXT:      }, {
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:      return {lite.k} %0#0, %0#1 : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func nested @h() -> ((i32) -> i32)
// CHECK-NEXT:    func.func @"quoted name"() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    module {
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// GEN:       "builtin.module"() ({
// GEN-NEXT:    "func.func"() ({
// GEN-NEXT:    }) {arg_attrs = [{lite.a}, {}], function_type = (i32, f32) -> i32, res_attrs = [{lite.r = 2 : i64}], sym_name = "decl", sym_visibility = "private"} : () -> ()
// GEN:         %0:2 = "func.call"() {callee = @decl2, lite.c} : () -> (i32, f32)
// GEN:           "builtin.module"() ({
// GEN-NEXT:        "func.func"() ({
// GEN-NEXT:          "func.return"() : () -> ()
// GEN-NEXT:        }) {function_type = () -> (), sym_name = "in"} : () -> ()
// GEN-NEXT:      }) : () -> ()
// GEN-NEXT:      "builtin.module"() ({
// GEN-NEXT:      ^bb0:
// GEN-NEXT:      }) : () -> ()
// GEN:         "func.return"(%0#0, %0#1) {lite.k} : (i32, f32) -> ()
// GEN-NEXT:  }) {arg_attrs = [{lite.p}, {}], function_type = (i32, f32) -> (i32, f32), lite.q = "s", "quoted key" = 3 : i64, sym_name = "g"} : () -> ()
// GEN:       }) {a.b, lite.x = 1 : i64, sym_name = "m"} : () -> ()
module @m attributes {lite.x = 1, a.b} {
  func.func private @decl(i32 {lite.a}, f32) -> (i32 {lite.r = 2})
  func.func private @decl2() -> (i32, f32)
  func.func @g(%x: i32 {lite.p}, %y: f32) -> (i32, f32) attributes {lite.q = "s", "quoted key" = 3} {
    %0:2 = func.call @decl2() {lite.c} : () -> (i32, f32)
    %1 = call @decl(%x, %y) : (i32, f32) -> i32
    "lite.r"() ({
      "lite.u"(%x) : (i32) -> ()
    }) : () -> ()
    "lite.s"() ({
      builtin.module {
        func.func @in() { return }
      }
      "builtin.module"() ({^bb0:}) : () -> ()
    }, {
    ^bb0(%q: i32, %r: i32):
      "lite.t"() : () -> ()
    }, {
    }) : () -> ()
    return {lite.k} %0#0, %0#1 : i32, f32
  }
  func.func nested @h() -> ((i32) -> i32)
  func.func @"quoted name"() -> () { return }
  module {
  }
}

// Custom forms: builtin.module, func.func, func.return and func.call, with
// MLIR's default-dialect rule (short names `return`, `call` inside functions).
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module @outer attributes {lite.version = 2 : i64} {
module @outer attributes {lite.version = 2} {
  // CHECK-NEXT: module {
  // CHECK-NEXT: }
  module {}
  // CHECK-NEXT: module @named {
  // CHECK-NEXT: }
  builtin.module @named {
  }

  // Declarations: types only, with argument and result attributes.
  // CHECK-NEXT: func.func private @decl(i32 {lite.a}, f32) -> (i32 {lite.r = 1 : i64})
  func.func private @decl(i32 {lite.a}, f32) -> (i32 {lite.r = 1})
  // CHECK-NEXT: func.func nested @nested() -> ((i32) -> i32)
  func.func nested @nested() -> ((i32) -> i32)
  // CHECK-NEXT: func.func private @"quoted name"()
  func.func private @"quoted name"()

  // CHECK-LABEL: func.func @body(%arg0: i32 {lite.arg}, %arg1: f32) -> (i32, f32) attributes {lite.entry} {
  // CHECK-NEXT:    %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i32
  // CHECK-NEXT:    %1 = call @decl(%0, %arg1) {lite.note} : (i32, f32) -> i32
  // CHECK-NEXT:    "lite.br"()[^bb1] : () -> ()
  // CHECK-NEXT:  ^bb1:  // pred: ^bb0
  // CHECK-NEXT:    return %1, %arg1 : i32, f32
  // CHECK-NEXT:  }
  func.func @body(%x: i32 {lite.arg}, %y: f32) -> (i32, f32) attributes {lite.entry} {
    %0 = call @decl(%x, %y) : (i32, f32) -> i32
    %1 = func.call @decl(%0, %y) {lite.note} : (i32, f32) -> i32
    "lite.br"()[^next] : () -> ()
  ^next:
    func.return %1, %y : i32, f32
  }

  // The generic form of the same ops reads as well.
  // CHECK-LABEL: func.func @generic(%arg0: i32) -> i32 {
  // CHECK-NEXT:    return %arg0 : i32
  "func.func"() ({
  ^bb0(%a: i32):
    "func.return"(%a) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "generic"} : () -> ()

  // CHECK-LABEL: func.func @empty() {
  // CHECK-NEXT:    return
  func.func @empty() {
    return
  }
}

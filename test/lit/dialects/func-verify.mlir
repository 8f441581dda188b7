// func dialect verification, with MLIR's messages: func.func against its
// function_type, func.return against the enclosing function, func.call
// against its callee (mlir-opt-16 meets this file's expectations too). Valid
// IR is left as is.

// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lite-opt %s --split-input-file --allow-unregistered-dialect 2>/dev/null | FileCheck %s

// CHECK-LABEL: func.func @valid(%arg0: i32) -> (i32, i32)
// CHECK:         %[[R:.*]]:2 = call @valid(%arg0) : (i32) -> (i32, i32)
// CHECK:         return %[[R]]#0, %arg0 : i32, i32
// CHECK:       func.func private @decl(i32) -> i32
func.func @valid(%a: i32) -> (i32, i32) {
  %r:2 = func.call @valid(%a) : (i32) -> (i32, i32)
  return %r#0, %a : i32, i32
}
func.func private @decl(i32) -> i32

// -----

func.func @f(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 2}}
  return %a : i32
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  "func.return"(%a) : (i32) -> ()
}

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "g"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "g"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "g"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {function_type = i32, sym_name = "g"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() ({
}) {function_type = () -> (), sym_name = "g"} : () -> ()

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  func.call @nope() : () -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = func.call @g(%a) : (i64) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  func.call @g(%a) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @g(%a) : (i32) -> i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  %0 = "func.call"(%a) : (i32) -> i64
  return
}

// -----

// A symbol that is not a function is not a callee.
"test.symbol"() {sym_name = "s"} : () -> ()
func.func @f() {
  // expected-error @+1 {{'func.call' op 's' does not reference a valid function}}
  "func.call"() {callee = @s} : () -> ()
  return
}

// -----

"foo.op"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

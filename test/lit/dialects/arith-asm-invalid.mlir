// Malformed custom forms of the arith ops: wording and lines as mlir-opt-16
// reports them (arith-asm-interop.mlir runs this file through mlir-opt-16
// with the same expectations).
// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi bogus, %a, %b : i32
  return
}

// -----

// cmpi predicates are not cmpf predicates.
func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf slt, %x, %x : f32
  return
}

// -----

// The generic form's predicate number is no custom-form spelling.
func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values}}
  %0 = arith.cmpi 2, %a, %b : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "sltx"}}
  %0 = arith.cmpi "sltx", %a, %b : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values}}
  %0 = arith.cmpi %a, %b : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{expected ','}}
  %0 = arith.cmpi slt %a, %b : i32
  return
}

// -----

// The compared type must suit the op: the result type is built from it.
func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi slt, %x, %x : f32
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'tensor<2xi32>'}}
  %0 = arith.cmpf olt, %a, %a : tensor<2xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ','}}
  %0 = arith.addi %a : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %b, %a : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) -> i32 {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %b
}

// -----

func.func @f(%a: i32, %x: f32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = arith.addi %a, %x : i32
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.addi %a, %b : i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{expected '<'}}
  %0 = arith.addf %x, %x fastmath : f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{expected '>'}}
  %0 = arith.addf %x, %x fastmath<fast : f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'arith.extsi' expected 'to'}}
  %0 = arith.extsi %a : i32 i64
  return
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{expected non-function type}}
  %0 = arith.extsi %a : i32 to
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error @+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %a : i32
  return
}

// -----

// A tensor condition needs its type spelled.
func.func @f(%c: tensor<4xi1>, %t: tensor<4xi32>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'tensor<4xi1>'}}
  %0 = arith.select %c, %t, %t : tensor<4xi32>
  return
}

// -----

func.func @f() -> i32 {
  // expected-error @+1 {{expected attribute value}}
  %0 = arith.constant
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant [1]
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant unit
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = arith.constant 1 : i32 : i32
  return
}

// -----

// What parses may still fail to verify.
func.func @f() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : ui32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "s" : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// Malformed custom forms of builtin.module, func.func, func.return and
// func.call, and unknown custom op names (wording from mlir-opt-16).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{custom op 'func.foo' is unknown}}
func.foo

// -----

// Unprefixed names try the default dialect: builtin at the top level...
// expected-error @+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
return

// -----

// ... and func inside a function body.
func.func @f() {
  // expected-error @+1 {{custom op 'foo' is unknown (tried 'func.foo' as well)}}
  foo
}

// -----

// A generic func.func does not change the default dialect.
"func.func"() ({
  // expected-error @+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
  return
}) {function_type = () -> (), sym_name = "f"} : () -> ()

// -----

func.func @f() {
  func
// expected-error @+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
}

// -----

// expected-error @+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @f(i32, %a: f32) {
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, f32) {
  return
}

// -----

// expected-error @+1 {{expected ':'}}
func.func @f(%a i32) {
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {}

// -----

// expected-error @+1 {{custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_name = "x"} {
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid block name in region with named arguments}}
  ^bb0:
  return
}

// -----

// expected-note @+1 {{previously defined here}}
func.func @f(%a: i32) {
  // expected-error @+1 {{redefinition of SSA value '%a'}}
  %a = "def"() : () -> i32
  return
}

// -----

"wrap"() ({
  %a = "def"() : () -> i32
  // expected-error @+2 {{region entry argument '%a' is already in use}}
  // expected-note @-2 {{previously referenced here}}
  func.func @f(%a: i32) {
    return
  }
}) : () -> ()

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
  return %a : f32
  // expected-note @-3 {{prior use here}}
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{custom op 'func.return' 2 operands present, but expected 1}}
  return %a, %a : i32
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'func.call' invalid kind of type specified}}
  call @g(%a) : i32
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'func.call' invalid kind of attribute specified}}
  call "g"(%a) : (i32) -> ()
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'func.call' 2 operands present, but expected 1}}
  %0 = call @g(%a, %a) : (i32) -> i32
}

// -----

// expected-error @+1 {{expected '{' in attribute dictionary}}
module @m attributes [] {
}

// -----

// expected-error @+1 {{expected '{' to begin a region}}
module @m attribute {a = 1} {
}

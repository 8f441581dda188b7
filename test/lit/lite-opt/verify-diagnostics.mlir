// --verify-diagnostics succeeds when every diagnostic is expected and every
// expectation is met; each split chunk is checked on its own.

// RUN: lite-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(cse))'

// expected-error @+1 {{use of undeclared SSA value name}}
func.func @plus_one() -> i32 { return %x : i32 }

// -----

func.func @same_line() -> i32 {
  return %x : i32 // expected-error {{undeclared SSA value}}
}

// -----

func.func @minus_two() -> i32 {
  return %x : i32
}
// expected-error @-2 {{use of undeclared}}

// -----

func.func @above() -> i32 {
  return %x : i32
  // expected-error @above {{undeclared}}
}
// -----

func.func @below() -> i32 {
  // expected-error @below {{undeclared}}
  return %x : i32
}

// -----

// Regular expressions inside -re text; the rest is literal.
func.func @regex() -> i32 {
  // expected-error-re @+1 {{use of {{[a-z]+}} SSA value name}}
  return %x : i32
}

// -----

// Diagnostics from passes are checked too: here the pass manager's warning
// that a nested pipeline found nothing to run on.
// expected-warning @+1 {{pass 'cse' anchored on 'func.func' did not run: no 'func.func' op nested in 'builtin.module'}}
module {
}

// -----

// Notes are matched like diagnostics of their own, at their own location.
func.func @notes() {
  // expected-note @below {{previously defined here}}
  %0 = "test.pure"() : () -> i32
  // expected-error @below {{redefinition of SSA value '%0'}}
  %0 = "test.pure"() : () -> i32
  return
}

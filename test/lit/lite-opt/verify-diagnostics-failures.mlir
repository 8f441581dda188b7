// --verify-diagnostics failure modes, with mlir-opt's messages. Every chunk
// is checked even after one failed; the exit status is 1.

// RUN: not lite-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s

// An expectation nobody met is reported at the directive.
func.func @not_produced() {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+1]]:6: error: expected error "never happens" was not produced
  // expected-error @+1 {{never happens}}
  return
}

// -----

// A diagnostic nobody expected is reported at its location.
func.func @unexpected() -> i32 {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+1]]:10: error: unexpected error: use of undeclared SSA value name
  return %x : i32
}

// -----

// Same line and text but another kind.
func.func @wrong_kind() -> i32 {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+2]]:6: error: 'error' diagnostic emitted when expecting a 'warning'
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+1]]:6: error: expected warning "undeclared" was not produced
  // expected-warning @+1 {{undeclared}}
  return %x : i32
}

// -----

// The right text on the wrong line is both unexpected and not produced.
func.func @wrong_line() -> i32 {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+3]]:10: error: unexpected error: use of undeclared SSA value name
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+1]]:6: error: expected error "undeclared" was not produced
  // expected-error @+2 {{undeclared}}
  return %x : i32
}

// -----

// Matching is case-sensitive.
func.func @case() -> i32 {
  // CHECK: error: unexpected error: use of undeclared SSA value name
  // CHECK: error: expected error "UNDECLARED" was not produced
  // expected-error @+1 {{UNDECLARED}}
  return %x : i32
}

// -----

// A -re directive with an unterminated regex.
func.func @bad_regex() {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+1]]:6: error: found start of regex with no end '}}'
  // expected-error-re @+1 {{oops {{[a-z}}
  return
}

// -----

// A directive without {{...}} is not a directive.
func.func @not_a_directive() -> i32 {
  // CHECK: verify-diagnostics-failures.mlir:[[@LINE+2]]:10: error: unexpected error: use of undeclared SSA value name
  // expected-error @+1 undeclared
  return %x : i32
}

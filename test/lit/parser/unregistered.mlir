// Without --allow-unregistered-dialect, ops of unknown dialects and unknown
// ops of known dialects are rejected while parsing.
// RUN: lite-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.bar"() : () -> ()

// -----

// expected-error @+1 {{operation being parsed with an unregistered dialect}}
"foo"() : () -> ()

// -----

// MLIR's verifier says this; lite's parser says it right away.
// expected-error @+1 {{unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations}}
"func.foo"() : () -> ()

// -----

// expected-error @+1 {{Dialect `foo' not found for custom op 'foo.bar'}}
foo.bar

// -----

// Registered ops parse in both forms.
func.func @f(%a: i32) -> i32 {
  %0 = "func.call"(%a) {callee = @f} : (i32) -> i32
  %1 = call @f(%0) : (i32) -> i32
  "func.return"(%1) : (i32) -> ()
}

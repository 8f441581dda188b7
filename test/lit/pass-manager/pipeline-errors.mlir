// Malformed --pass-pipeline text fails before the input is processed, with
// MLIR's messages and positions (relative to the text inside the outer anchor).
// Checks with a caret use --strict-whitespace: no space after the colon.

// RUN: not lite-opt %s --pass-pipeline='builtin.module(nosuchpass)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --match-full-lines --strict-whitespace
// UNKNOWN:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'nosuchpass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT:nosuchpass
// UNKNOWN-NEXT:^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(cse,func.func(nosuchpass))' 2>&1 | FileCheck %s --check-prefix=NESTED --match-full-lines --strict-whitespace
// NESTED:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:15: error: 'nosuchpass' does not refer to a registered pass or pass pipeline
// NESTED-NEXT:cse,func.func(nosuchpass)
// NESTED-NEXT:              ^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(canonicalize{bogus=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: no such option bogus
// OPTION: error: failed to add `canonicalize` with options `bogus=1`

// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=abc}))' 2>&1 | FileCheck %s --check-prefix=INTVALUE
// INTVALUE: error: for the --max-iterations option: 'abc' value invalid for integer argument!
// INTVALUE: error: failed to add `canonicalize` with options `max-iterations=abc`
// INTVALUE: error: failed to add `func.func` with options `` to inner pipeline

// RUN: not lite-opt %s --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' 2>&1 | FileCheck %s --check-prefix=BOOLVALUE
// BOOLVALUE: error: for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1

// RUN: not lite-opt %s --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not lite-opt %s --pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not lite-opt %s --pass-pipeline='builtin.module(cse))' 2>&1 | FileCheck %s --check-prefix=EXTRA --match-full-lines --strict-whitespace
// EXTRA:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT:cse)
// EXTRA-NEXT:   ^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=UNBALANCED --match-full-lines --strict-whitespace
// UNBALANCED:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT:func.func(cse
// UNBALANCED-NEXT:          ^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(cse)canonicalize)' 2>&1 | FileCheck %s --check-prefix=COMMA --match-full-lines --strict-whitespace
// COMMA:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing pipeline
// COMMA-NEXT:func.func(cse)canonicalize
// COMMA-NEXT:              ^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1)' 2>&1 | FileCheck %s --check-prefix=BRACE --match-full-lines --strict-whitespace
// BRACE:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while processing pass options
// BRACE-NEXT:canonicalize{max-iterations=1
// BRACE-NEXT:            ^

// RUN: not lite-opt %s --pass-pipeline='builtin.module(cse,,canonicalize)' 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// EMPTY:<unknown>:0: error: MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT:cse,,canonicalize
// EMPTY-NEXT:    ^

// The outer anchor must name the top-level op.
// RUN: not lite-opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

// RUN: not lite-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// Per-pass flags report option errors the same way.
// RUN: not lite-opt %s --canonicalize='bogus=1' 2>&1 | FileCheck %s --check-prefix=FLAGOPT
// FLAGOPT: <unknown>:0: error: no such option bogus

// Errors come before the input is read.
// RUN: not lite-opt %t.does-not-exist --pass-pipeline='builtin.module(nosuchpass)' 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: 'nosuchpass' does not refer to a registered pass or pass pipeline
// EARLY-NOT: cannot open input file

func.func @f() {
  return
}

// The command line follows LLVM's cl: `-x` or `--x`, `=value` or a separate
// value, one positional input.

// Command-line errors exit with 2 (tools/common/exit_codes.def): bad flags
// and values, and pipelines that do not parse or name no pass.
// RUN: sh -c 'lite-opt %s --no-such-flag; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: lite-opt: Unknown command line argument '--no-such-flag'.  Try: 'lite-opt --help'
// UNKNOWN-NEXT: exit 2

// RUN: sh -c 'lite-opt %s %s; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=POSITIONAL
// POSITIONAL: lite-opt: Too many positional arguments specified!
// POSITIONAL: exit 2

// RUN: sh -c 'lite-opt %s --verify-each=maybe; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: lite-opt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// BOOL-NEXT: exit 2

// RUN: sh -c 'lite-opt %s --mlir-timing-display=pie; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: lite-opt: for the --mlir-timing-display option: Cannot find option named 'pie'!
// ENUM-NEXT: exit 2

// RUN: sh -c 'lite-opt %s --mlir-print-ir-after=nosuchpass; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=PASSNAME
// PASSNAME: lite-opt: for the --mlir-print-ir-after option: Cannot find option named 'nosuchpass'!
// PASSNAME-NEXT: exit 2

// RUN: sh -c "lite-opt %s --pass-pipeline='builtin.module(cse)' --pass-pipeline='builtin.module(cse)'; echo exit \$?" 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: lite-opt: for the --pass-pipeline option: may only occur zero or one times!
// TWICE-NEXT: exit 2

// RUN: sh -c 'lite-opt %s -o; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: lite-opt: for the -o option: requires a value!
// NOVALUE-NEXT: exit 2

// RUN: sh -c "lite-opt %s --pass-pipeline='builtin.module(nosuchpass)'; echo exit \$?" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: 'nosuchpass' does not refer to a registered pass or pass pipeline
// PIPELINE: exit 2
// RUN: sh -c "lite-opt %s --pass-pipeline='builtin.module(cse)' --cse; echo exit \$?" 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: error: '-pass-pipeline' option can't be used with individual pass options
// MIXED-NEXT: exit 2
// RUN: sh -c "lite-opt %s --canonicalize=bogus=1; echo exit \$?" 2>&1 | FileCheck %s --check-prefix=PASSOPT
// PASSOPT: error: no such option bogus
// PASSOPT-NEXT: exit 2

// Invalid input is a failure: exit 1.
// RUN: echo 'func.func @f( {' > %t.broken.mlir
// RUN: sh -c 'lite-opt %t.broken.mlir; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: broken.mlir:1:14: error: expected non-function type
// BROKEN: exit 1

// An ONNX model is lite-translate's to import: said before any lexing,
// found by its bytes, with the command to run (the .onnx becomes .mlir).
// RUN: printf '\010\007\022\007pytorch\032\0032.1:\000' > %t.model.onnx
// RUN: sh -c 'lite-opt %t.model.onnx; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ONNX
// ONNX: lite-opt: error: '[[FILE:.*]].model.onnx' is an ONNX model, not MLIR text; import it first: lite-translate --import-onnx [[FILE]].model.onnx -o [[FILE]].model.mlir
// ONNX-NEXT: exit 1
// RUN: cp %t.model.onnx %t.model.pb
// RUN: sh -c 'lite-opt - < %t.model.pb; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ONNXSTDIN
// ONNXSTDIN: lite-opt: error: '<stdin>' is an ONNX model, not MLIR text; import it first: lite-translate --import-onnx - -o model.mlir
// ONNXSTDIN-NEXT: exit 1
// RUN: printf 'func\001' > %t.binary
// RUN: sh -c 'lite-opt %t.binary; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BINARY
// BINARY: lite-opt: error: '{{.*}}.binary' is binary data, not MLIR text
// BINARY-NEXT: exit 1
// Text named .onnx is still parsed as text.
// RUN: echo 'func.func @f() { return }' > %t.text.onnx
// RUN: lite-opt %t.text.onnx | FileCheck %s --check-prefix=TEXTONNX
// TEXTONNX: func.func @f()

// Both spellings and both value forms.
// RUN: lite-opt %s -pass-pipeline 'builtin.module(cse)' -mlir-print-op-generic | FileCheck %s --check-prefix=FORMS
// RUN: lite-opt --pass-pipeline='builtin.module(cse)' --mlir-print-op-generic=true -- %s | FileCheck %s --check-prefix=FORMS
// FORMS: "func.func"()

// RUN: lite-opt --help | FileCheck %s --check-prefix=HELP
// HELP: USAGE: lite-opt [options] <input file>
// HELP: General options:
// HELP: --split-input-file
// HELP: Pass pipeline options:
// HELP: --pass-pipeline=<string>
// HELP: --lite-places=<place,...> {{.*}} The Places --lite-compile compiles for
// HELP: Passes:
// HELP: --canonicalize
// HELP: --max-iterations=<int>
// HELP: Pass Pipelines:
// HELP: --lite-compile
// HELP: --lite-default
// HELP: IR printing options:
// HELP: --mlir-print-op-generic
// HELP: Pass instrumentation options:
// HELP: --mlir-print-ir-after-all
// HELP:      Exit codes:
// HELP-NEXT:   0  success
// HELP-NEXT:   1  the input is invalid, a pass or a run failed, or outputs disagree
// HELP-NEXT:   2  bad command line
// HELP-NEXT:   3  the model uses ops or features the importer does not support
// HELP-EMPTY:

// Test-only passes (test-*) are listed only when asked.
// RUN: lite-opt --help | FileCheck %s --check-prefix=SHOWFLAG
// SHOWFLAG: --show-test-passes{{ +}}- Also list the test-only passes (test-*) in --help and --list-passes
// RUN: lite-opt --help | FileCheck %s --check-prefix=NOTEST
// RUN: lite-opt --list-passes | FileCheck %s --check-prefix=NOTEST
// NOTEST-NOT: --test-greedy-patterns
// NOTEST-NOT: --test-lite-
// NOTEST-NOT: --test-fuse-fma
// RUN: lite-opt --help --show-test-passes | FileCheck %s --check-prefix=TEST
// RUN: lite-opt --list-passes --show-test-passes | FileCheck %s --check-prefix=TEST
// TEST: --test-greedy-patterns
// Hidden from the listing, they still run.
// RUN: lite-opt %s --test-greedy-patterns | FileCheck %s --check-prefix=RUNS
// RUNS: func.func @f()

// RUN: lite-opt --list-passes | FileCheck %s --check-prefix=LIST
// LIST: Passes:
// LIST: --canonicalize{{ +}}-{{ +}}Canonicalize operations
// LIST-NEXT: --max-iterations=<int>{{ +}}- {{.*}}(default: 10)
// LIST: --cse
// LIST: Pass Pipelines:
// LIST: --lite-default

// RUN: lite-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: lite-opt version {{[0-9]+\.[0-9]+\.[0-9]+$}}

// RUN: lite-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS:      Available Dialects:
// DIALECTS-NEXT: arith
// DIALECTS-NEXT: builtin
// DIALECTS-NEXT: func

func.func @f() {
  return
}

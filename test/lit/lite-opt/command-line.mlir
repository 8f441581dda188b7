// The command line follows LLVM's cl: `-x` or `--x`, `=value` or a separate
// value, one positional input.

// RUN: not lite-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: lite-opt: Unknown command line argument '--no-such-flag'.  Try: 'lite-opt --help'

// RUN: not lite-opt %s %s 2>&1 | FileCheck %s --check-prefix=POSITIONAL
// POSITIONAL: lite-opt: Too many positional arguments specified!

// RUN: not lite-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: lite-opt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1

// RUN: not lite-opt %s --mlir-timing-display=pie 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: lite-opt: for the --mlir-timing-display option: Cannot find option named 'pie'!

// RUN: not lite-opt %s --mlir-print-ir-after=nosuchpass 2>&1 | FileCheck %s --check-prefix=PASSNAME
// PASSNAME: lite-opt: for the --mlir-print-ir-after option: Cannot find option named 'nosuchpass'!

// RUN: not lite-opt %s --pass-pipeline='builtin.module(cse)' --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: lite-opt: for the --pass-pipeline option: may only occur zero or one times!

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
// HELP: Passes:
// HELP: --canonicalize
// HELP: --max-iterations=<int>
// HELP: Pass Pipelines:
// HELP: --lite-default
// HELP: IR printing options:
// HELP: --mlir-print-op-generic
// HELP: Pass instrumentation options:
// HELP: --mlir-print-ir-after-all

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

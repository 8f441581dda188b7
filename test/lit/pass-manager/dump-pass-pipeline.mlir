// --dump-pass-pipeline prints the pipeline that will run, every option shown
// with its value (defaults included, sorted by name), as mlir-opt does.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3 top-down=false}))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT --match-full-lines
// TEXT:      Pass Manager with 1 passes:
// TEXT-NEXT: builtin.module(func.func(cse,canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=true test-convergence=false top-down=false}))
// TEXT-EMPTY:

// Per-pass flags: flag order is pipeline order, anchored on the top-level op.
// RUN: lite-opt %s --cse --canonicalize='max-iterations=2 top-down' --symbol-dce --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS --match-full-lines
// FLAGS:      Pass Manager with 3 passes:
// FLAGS-NEXT: builtin.module(cse,canonicalize{max-iterations=2 max-num-rewrites=-1 region-simplify=true test-convergence=false top-down=true},symbol-dce)

// Options may be written `-x` or `--x`; values with `=`, quoted or spaced.
// RUN: lite-opt %s -canonicalize="max-iterations=7   region-simplify=0" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPELLING --match-full-lines
// SPELLING: builtin.module(canonicalize{max-iterations=7 max-num-rewrites=-1 region-simplify=false test-convergence=false top-down=true})

// A named pipeline expands into its passes, as a flag or inside pipeline text.
// RUN: lite-opt %s --lite-default --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED --match-full-lines
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-default)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED --match-full-lines
// NAMED: builtin.module(symbol-dce,func.func(canonicalize{{[{].*[}]}},cse))

// Without passes the pipeline is empty; the input is still verified and printed.
// RUN: lite-opt %s --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module()
// EMPTY:      func.func @f() {

// `any` runs on whatever the top-level op is.
// RUN: lite-opt %s --pass-pipeline='any(cse)' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=ANY --match-full-lines
// ANY: any(cse)

func.func @f() {
  return
}

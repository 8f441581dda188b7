// A nested pipeline that finds no op to run on warns (the passes did not
// run), and the input passes through unchanged.

// RUN: lite-opt %s --test-fuse-fma 2>&1 | FileCheck %s
// CHECK: no-match-warning.mlir:[[#@LINE+6]]:1: warning: pass 'test-fuse-fma' anchored on 'func.func' did not run: no 'func.func' op nested in 'builtin.module'
// CHECK: "test.symbol"() {sym_name = "s"} : () -> ()

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: warning: passes 'cse', 'canonicalize' anchored on 'func.func' did not run: no 'func.func' op nested in 'builtin.module'

module {
  "test.symbol"() {sym_name = "s"} : () -> ()
}

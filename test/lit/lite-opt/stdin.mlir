// Input comes from stdin when no file or `-` is given; diagnostics call it
// <stdin>.

// RUN: lite-opt < %s | FileCheck %s
// RUN: lite-opt - < %s | FileCheck %s
// RUN: cat %s | lite-opt --mlir-print-op-generic - | FileCheck %s --check-prefix=GENERIC
// CHECK: func.func @f()
// GENERIC: "func.func"()

// RUN: echo 'func.func @g() { return %%x : i32 }' | not lite-opt 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: <stdin>:1:25: error: use of undeclared SSA value name

// RUN: sh -c 'lite-opt %t.does-not-exist.mlir; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: lite-opt: error: cannot open input file '{{.*}}.does-not-exist.mlir': No such file or directory
// MISSING-NEXT: exit 1

func.func @f() {
  return
}

// -o writes the output file only when everything succeeded.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-opt %s -o %t/out.mlir | count 0
// RUN: FileCheck %s < %t/out.mlir
// RUN: lite-opt %s -o=%t/eq.mlir
// RUN: FileCheck %s < %t/eq.mlir
// RUN: lite-opt %s --o %t/dashes.mlir
// RUN: FileCheck %s < %t/dashes.mlir
// RUN: lite-opt %s -o - | FileCheck %s
// CHECK: func.func @f()

// On failure an existing file is left alone and no new file appears.
// RUN: echo stale > %t/stale.mlir
// RUN: not lite-opt %s --pass-pipeline='func.func(cse)' -o %t/stale.mlir
// RUN: FileCheck %s --check-prefix=STALE < %t/stale.mlir
// STALE: stale
// RUN: not lite-opt %s --pass-pipeline='func.func(cse)' -o %t/none.mlir
// RUN: not test -e %t/none.mlir

// RUN: sh -c 'lite-opt %s -o %t/no/such/dir/out.mlir; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=CANNOT
// CANNOT: lite-opt: error: cannot open output file '{{.*}}/no/such/dir/out.mlir': No such file or directory
// CANNOT-NEXT: exit 1

// RUN: not lite-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: lite-opt: for the -o option: requires a value!

func.func @f() {
  return
}

// --mlir-elide-resource-strings-if-larger=N leaves out of the
// dialect_resources section every blob whose quoted string (`"0x`, the
// alignment, the data, `"`) is longer than N characters, as MLIR does; the
// dense_resource<name> references stay. blob3's string is 14 characters.

// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=20 | FileCheck %s
// CHECK:      arith.constant dense_resource<blob1> : tensor<3xi64>
// CHECK-NEXT: arith.constant dense_resource<blob3> : tensor<1xi8>
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob3: "0x0800000001"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// The limit itself is kept; one below it is not. With nothing left, there
// is no trailer at all.
// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=14 | FileCheck %s
// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=13 | FileCheck %s --check-prefix=NONE
// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=0 | FileCheck %s --check-prefix=NONE
// NONE:     arith.constant dense_resource<blob1> : tensor<3xi64>
// NONE-NOT: {-#
// NONE-NOT: blob{{[0-9]}}:

// Without the flag everything is printed.
// RUN: lite-opt %s | FileCheck %s --check-prefix=ALL
// ALL: blob1: "0x08000000010000000000000002000000000000000300000000000000",
// ALL: blob3: "0x0800000001"

// Elided text still parses and prints (as in MLIR), but passes would meet
// constants without data: lite-opt refuses them once, at the constant, and
// exits 1.
// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=13 | lite-opt | FileCheck %s --check-prefix=NONE
// RUN: lite-opt %s --mlir-elide-resource-strings-if-larger=13 > %t.elided.mlir
// RUN: sh -c 'lite-opt %t.elided.mlir --canonicalize; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=DATALESS
// DATALESS: elided.mlir:3:12: error: dense_resource<blob1> has no data: its blob is not in the file's dialect_resources (left out by --mlir-elide-resource-strings-if-larger?); passes need the data
// DATALESS: exit 1
// RUN: echo 'func.func @f() -> tensor<3xi32> {' > %t.dense.mlir
// RUN: echo '  %%0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>' >> %t.dense.mlir
// RUN: echo '  return %%0 : tensor<3xi32>' >> %t.dense.mlir
// RUN: echo '}' >> %t.dense.mlir
// RUN: lite-opt %t.dense.mlir --mlir-elide-elementsattrs-if-larger=2 > %t.elements.mlir
// RUN: sh -c 'lite-opt %t.elements.mlir --canonicalize; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: error: dense_resource<__elided__> has no data: a constant printed with --mlir-elide-elementsattrs-if-larger; passes need the data
// ELEMENTS: exit 1

// A bad value is a usage error.
// RUN: sh -c 'lite-opt %s --mlir-elide-resource-strings-if-larger=-5; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: lite-opt: for the --mlir-elide-resource-strings-if-larger option: '-5' value invalid for uint argument!
// BAD-NEXT: exit 2

// Megabytes of weights printed to a terminal earn a note (after them) on how
// to keep them out; a file, a pipe or elided blobs do not.
// RUN: %python %S/Inputs/big_resource.py %t.big.mlir
// RUN: %python %S/Inputs/on_tty.py lite-opt %t.big.mlir 2>&1 | FileCheck %s --check-prefix=TTY
// TTY: lite-opt: note: the output held 2.1 MB of resource data as hex; write it to a file with -o FILE, or leave the blobs out with --mlir-elide-resource-strings-if-larger=100
// TTY: terminal received {{[0-9][0-9][0-9][0-9][0-9][0-9][0-9]}} bytes
// RUN: %python %S/Inputs/on_tty.py lite-opt %t.big.mlir --mlir-elide-resource-strings-if-larger=100 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: %python %S/Inputs/on_tty.py lite-opt %t.big.mlir -o %t.big.out.mlir 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: lite-opt %t.big.mlir 2>&1 >/dev/null | count 0
// QUIET-NOT: note
// QUIET: terminal received {{[0-9]+}} bytes

func.func @f() -> (tensor<3xi64>, tensor<1xi8>) {
  %0 = arith.constant dense_resource<blob1> : tensor<3xi64>
  %1 = arith.constant dense_resource<blob3> : tensor<1xi8>
  return %0, %1 : tensor<3xi64>, tensor<1xi8>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      blob3: "0x0800000001"
    }
  }
#-}

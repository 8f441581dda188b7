// --mlir-pass-statistics: counters per pass, summed over every op the pass
// ran on, in mlir-opt's format (--strict-whitespace: the text right after
// the colon is the line).

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// CHECK:===-------------------------------------------------------------------------===
// CHECK-NEXT:                         ... Pass statistics report ...
// CHECK-NEXT:===-------------------------------------------------------------------------===
// CHECK-NEXT:'func.func' Pipeline
// CHECK-NEXT:  CSE
// CHECK-NEXT:    (S) 2 num-cse - Number of operations CSE'd
// CHECK-NEXT:    (S) 1 num-dce - Number of operations DCE'd
// CHECK-NEXT:SymbolDCE
// CHECK-NEXT:  (S) 1 num-dce - Number of symbols DCE'd
// CHECK-EMPTY:

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST --match-full-lines --strict-whitespace
// LIST:===-------------------------------------------------------------------------===
// LIST-NEXT:                         ... Pass statistics report ...
// LIST-NEXT:===-------------------------------------------------------------------------===
// LIST-NEXT:  CSE
// LIST-NEXT:    (S) 2 num-cse - Number of operations CSE'd
// LIST-NEXT:    (S) 1 num-dce - Number of operations DCE'd
// LIST-EMPTY:

// @f: one add merged, the unused mul erased; @g: one sub merged.
func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) : (i32, i32) -> i32
  return %1 : i32
}
func.func private @unused() {
  return
}
func.func @g(%a: i32) -> i32 {
  %0 = "arith.subi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.subi"(%a, %a) : (i32, i32) -> i32
  %2 = "arith.addi"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}

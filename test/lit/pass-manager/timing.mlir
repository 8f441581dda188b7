// --mlir-timing: mlir-opt's execution time report on stderr.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// CHECK:===-------------------------------------------------------------------------===
// CHECK-NEXT:                         ... Execution time report ...
// CHECK-NEXT:===-------------------------------------------------------------------------===
// CHECK-NEXT:  Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:  ----Wall Time----  ----Name----
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    CSE
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    Canonicalizer
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  SymbolDCE
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Verifier
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Output
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Rest
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] }}(100.0%)  Total

// The list display flattens the tree and sorts by time.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// LIST:----Wall Time----  ----Name----
// LIST-DAG: {{%\)  }}Parser
// LIST-DAG: {{%\)  }}CSE
// LIST-DAG: {{%\)  }}Canonicalizer
// LIST-DAG: {{%\)  }}'func.func' Pipeline
// LIST:{{%\)  }}Rest
// LIST-NEXT:(100.0%)  Total

// One report for the whole input, also with --split-input-file.
// RUN: lite-opt %s --split-input-file --cse --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT-COUNT-1: Execution time report
// SPLIT-NOT:     Execution time report

func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  return %1 : i32
}
// -----
func.func @g() {
  return
}

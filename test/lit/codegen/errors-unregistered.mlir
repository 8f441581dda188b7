// REQUIRES: llvm
// RUN: not lite-translate --emit-llvm %s 2>&1 | FileCheck %s

// Kernels are made of registered ops only: the generic form of an op no
// dialect defines is refused when it is parsed, before any translation.
// CHECK: errors-unregistered.mlir:[[@LINE+3]]:{{[0-9]+}}: error: operation being parsed with an unregistered dialect
// CHECK-NOT: LLVM backend
func.func @f(%a: i32) -> i32 {
  %r = "test.unknown"(%a) : (i32) -> i32
  return %r : i32
}

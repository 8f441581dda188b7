// REQUIRES: llvm
// RUN: not lite-translate --emit-llvm %s 2>&1 | FileCheck %s

// CHECK: errors.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'test.unknown' op is not supported by the LLVM backend
func.func @f(%a: i32) -> i32 {
  %r = "test.unknown"(%a) : (i32) -> i32
  return %r : i32
}

// REQUIRES: llvm
// RUN: not lite-translate --emit-llvm %s 2>&1 | FileCheck %s

// A registered op the backend does not translate: named, at its location.
// CHECK: errors.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'memref.copy' op is not supported by the LLVM backend
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}

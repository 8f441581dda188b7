// test-fuse-fma, the worked example of docs/writing-a-pass.md: an addf fed
// by a mulf whose product has no other use becomes one test.fma, whichever
// addf operand the product is; anything else is left alone.

// RUN: lite-opt %s --split-input-file --test-fuse-fma | FileCheck %s
// RUN: lite-opt %s --split-input-file --test-fuse-fma --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK-LABEL: func.func @fused
// CHECK-NEXT:    %[[A:.*]] = "test.fma"(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// CHECK-NEXT:    %[[B:.*]] = "test.fma"(%arg1, %arg2, %arg0) : (f32, f32, f32) -> f32
// CHECK-NEXT:    return %[[A]], %[[B]] : f32, f32
// STATS: (S) 2 num-fused - Number of mulf/addf pairs fused
func.func @fused(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %m = "arith.mulf"(%a, %b) : (f32, f32) -> f32
  %s = "arith.addf"(%m, %c) : (f32, f32) -> f32
  %n = "arith.mulf"(%b, %c) : (f32, f32) -> f32
  %t = "arith.addf"(%a, %n) : (f32, f32) -> f32
  return %s, %t : f32, f32
}

// -----

// The product is used twice: fusing would compute it twice.
// CHECK-LABEL: func.func @shared_product
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %arg1
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[M]], %arg2
// CHECK-NEXT:    return %[[S]], %[[M]]
// STATS: (S) 0 num-fused - Number of mulf/addf pairs fused
func.func @shared_product(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %m = "arith.mulf"(%a, %b) : (f32, f32) -> f32
  %s = "arith.addf"(%m, %c) : (f32, f32) -> f32
  return %s, %m : f32, f32
}

// -----

// Not a mulf feeding an addf.
// CHECK-LABEL: func.func @other_ops
// CHECK-NEXT:    arith.subf
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    arith.subf
func.func @other_ops(%a: f32, %b: f32) -> (f32, f32) {
  %d = "arith.subf"(%a, %b) : (f32, f32) -> f32
  %s = "arith.addf"(%d, %b) : (f32, f32) -> f32
  %m = "arith.mulf"(%a, %b) : (f32, f32) -> f32
  %t = "arith.subf"(%m, %b) : (f32, f32) -> f32
  return %s, %t : f32, f32
}

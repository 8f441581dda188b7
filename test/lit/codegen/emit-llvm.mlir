// REQUIRES: llvm
// RUN: lite-translate --emit-llvm --O0 %s | FileCheck %s --check-prefix=O0
// RUN: lite-translate --emit-llvm --mcpu=haswell %s | FileCheck %s
// RUN: lite-translate --emit-llvm --target=aarch64-linux-gnu %s | FileCheck %s --check-prefix=ARM

// The unoptimized translation: scf.for is a header with the iv and the
// iter_args as phis, an slt exit test and an nsw increment.
// Every module carries the kernel table, empty here.
// O0: @lite_generated_kernels = constant { i32, i32, ptr } { i32 1, i32 0
// O0-LABEL: define i64 @sum(i64 %0)
// O0: for.header:
// O0-NEXT: %iv = phi i64 [ 0, %entry ], [ %iv.next, %for.body ]
// O0-NEXT: %iter = phi i64 [ 0, %entry ], [ {{.*}}, %for.body ]
// O0: icmp slt i64 %iv, %0
// O0: %iv.next = add nsw i64 %iv, 1

// CHECK: target triple = "x86_64
// CHECK-LABEL: define i64 @sum(
// ARM: target triple = "aarch64-linux-gnu"
func.func @sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = "scf.for"(%c0, %n, %c1, %z) ({
  ^bb0(%i: index, %acc: i64):
    %ii = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %ii : i64
    "scf.yield"(%s) : (i64) -> ()
  }) : (index, index, index, i64) -> i64
  return %r : i64
}

// maxf keeps a NaN operand: a compare-select, then a select on `uno`.
// CHECK-LABEL: define <8 x float> @vmax(
// CHECK: fcmp ogt <8 x float>
// CHECK: fcmp uno <8 x float>
func.func @vmax(%a: vector<8xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  %r = "arith.maxf"(%a, %b) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
  return %r : vector<8xf32>
}

// f32 exp is an inline polynomial on the vector (no libm call).
// CHECK-LABEL: define <8 x float> @vexp(
// CHECK-NOT: call {{.*}}@expf
// CHECK: call <8 x float> @llvm.fma.v8f32
// CHECK: ret <8 x float>
func.func @vexp(%a: vector<8xf32>) -> vector<8xf32> {
  %r = "math.exp"(%a) : (vector<8xf32>) -> vector<8xf32>
  return %r : vector<8xf32>
}

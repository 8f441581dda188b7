// REQUIRES: llvm
// A fused add + relu from --lite-lower-to-loops through --emit-llvm, at a
// fixed CPU for reproducible vectors: the model directly (lite-translate
// compiles it with generated kernels), and lite-opt's lowered module.
// RUN: lite-translate --emit-llvm --mcpu=x86-64-v3 --mattr=+avx2,+fma %s | FileCheck %s --implicit-check-not=llvm.trap --implicit-check-not=@abort
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref},lite-infer-places,lite-insert-casts),lite-lower-to-loops)' | lite-translate --emit-llvm --mcpu=x86-64-v3 --mattr=+avx2,+fma | FileCheck %s --implicit-check-not=llvm.trap --implicit-check-not=@abort

// The row loop's task (the scf.parallel split over threads): per row the
// bias is loaded once and splat, then the vector loop over the last dim.
// CHECK:       define internal void @[[K:jit_add_relu_[0-9a-f]{8}]].body.task.{{[0-9]+}}(ptr
// CHECK:       par.body:
// CHECK:         load float, ptr
// CHECK:         %splat = shufflevector <8 x float>
// The vector loop body: <8 x float> loads, the add, the relu's max with 0
// (an ole compare and a select: arith.maxf's NaN rule folds away against
// a constant 0) and the store, all in the one block (the epilogue fused
// into the loop), no call and no branch but the loop's own latch: no
// bounds check, no compare against a size.
// CHECK:       for.body:
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         %vload = load <8 x float>, ptr
// CHECK-NEXT:    [[SUM:%[0-9]+]] = fadd <8 x float> %splat, %vload
// CHECK-NEXT:    [[LE:%.*]] = fcmp ole <8 x float> [[SUM]], zeroinitializer
// CHECK-NEXT:    %max = select <8 x i1> [[LE]], <8 x float> zeroinitializer, <8 x float> [[SUM]]
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         store <8 x float> %max, ptr
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br }}
// CHECK:         icmp ult i64 %iv{{[0-9]*}}, {{[0-9]+}}
// CHECK-NEXT:    br i1 %{{[0-9]+}}, label %for.body, label %for.exit
// CHECK:       for.exit:
// CHECK:       }

// The ABI entry point: lt_status_t NAME(const lk_call_t *), returning NULL.
// CHECK:       define ptr @[[K]](ptr
// CHECK-NOT:   ret ptr %
// CHECK:       ret ptr null
// CHECK-NOT:   ret ptr %
// CHECK:       }
func.func @add_relu(%x: tensor<1x4x16x1000xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x16x1000xf32> {
  %a = "lite.add"(%x, %b) : (tensor<1x4x16x1000xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x16x1000xf32>
  %r = "lite.relu"(%a) : (tensor<1x4x16x1000xf32>) -> tensor<1x4x16x1000xf32>
  return %r : tensor<1x4x16x1000xf32>
}

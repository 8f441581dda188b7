// REQUIRES: llvm
// A softmax over the last dim from --lite-lower-to-loops through
// --emit-llvm at a fixed CPU: per row three vector loops (the max, exp(x -
// max) stored and summed, the scale by 1 / sum), each a single block of
// <8 x float> work with no call but LLVM intrinsics (exp is an inline
// polynomial: fma, floor), no bounds check and no compare but its latch.
// RUN: lite-translate --emit-llvm --mcpu=x86-64-v3 --mattr=+avx2,+fma %s | FileCheck %s --implicit-check-not=llvm.trap --implicit-check-not=@abort --implicit-check-not=@expf
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-pick-kernels{kernel-kinds=jit,ref},lite-infer-places,lite-insert-casts),lite-lower-to-loops)' | lite-translate --emit-llvm --mcpu=x86-64-v3 --mattr=+avx2,+fma | FileCheck %s --implicit-check-not=llvm.trap --implicit-check-not=@abort --implicit-check-not=@expf

// CHECK:       define internal void @[[K:jit_softmax_[0-9a-f]{8}]].body.task.{{[0-9]+}}(ptr
// The max: a vector accumulator from -inf, arith.maxf as compare + select
// with the NaN test (uno).
// CHECK:       for.body:
// CHECK-NEXT:    %iter{{[0-9]*}} = phi <8 x float> [ <float 0xFFF0000000000000,
// CHECK-NEXT:    %iv{{[0-9]*}} = phi i64
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         %vload = load <8 x float>, ptr
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         fcmp uno <8 x float>
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         %max = select <8 x i1>
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br }}
// CHECK:         icmp ult i64 %iv{{[0-9]*}}, {{[0-9]+}}
// CHECK-NEXT:    br i1 %{{[0-9]+}}, label %for.body, label %for.exit
// The vector max folded across lanes by shuffles, not a loop.
// CHECK:       for.exit:
// CHECK-NOT:   {{^[a-z0-9.]+:}}
// CHECK:         shufflevector <8 x float> %max.{{[0-9]+}}, <8 x float> undef, <4 x i32>
// exp(x - max), stored and summed, in one block: the polynomial's fma and
// floor are intrinsics, the only calls.
// CHECK:       [[EXPLOOP:for.body[0-9]+]]:
// CHECK-NOT:   {{^[a-z0-9.]+:|br |icmp|call [^@]*@[^l]}}
// CHECK:         fsub <8 x float> %vload{{[0-9]+}}, %splat
// CHECK-NOT:   {{^[a-z0-9.]+:|br |icmp|call [^@]*@[^l]}}
// CHECK:         call <8 x float> @llvm.fma.v8f32(
// CHECK-NOT:   {{^[a-z0-9.]+:|br |icmp|call [^@]*@[^l]}}
// CHECK:         call <8 x float> @llvm.floor.v8f32(
// CHECK-NOT:   {{^[a-z0-9.]+:|br |icmp|call [^@]*@[^l]}}
// CHECK:         store <8 x float> %exp, ptr
// CHECK-NEXT:    fadd <8 x float> %iter{{[0-9]+}}, %exp
// CHECK-NOT:   {{^[a-z0-9.]+:|br |call}}
// CHECK:         icmp ult i64 %iv{{[0-9]+}}, {{[0-9]+}}
// CHECK-NEXT:    br i1 %{{[0-9]+}}, label %[[EXPLOOP]], label %for.exit{{[0-9]+}}
// The scale: multiply by the splat of 1 / sum, in place.
// CHECK:       [[SCALE:for.body[0-9]+]]:
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br |icmp}}
// CHECK:         [[V:%vload[0-9]+]] = load <8 x float>, ptr [[P:%[0-9]+]]
// CHECK-NEXT:    [[M:%[0-9]+]] = fmul <8 x float> %splat{{[0-9]+}}, [[V]]
// CHECK-NEXT:    store <8 x float> [[M]], ptr [[P]]
// CHECK-NOT:   {{^[a-z0-9.]+:|call|br }}
// CHECK:         br i1 %{{[0-9]+}}, label %[[SCALE]], label %for.exit{{[0-9]+}}

// CHECK:       define ptr @[[K]](ptr
// CHECK-NOT:   ret ptr %
// CHECK:       ret ptr null
func.func @softmax(%x: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
  %s = "lite.softmax"(%x) {axis = -1 : i64} : (tensor<16x1000xf32>) -> tensor<16x1000xf32>
  return %s : tensor<16x1000xf32>
}

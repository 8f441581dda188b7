// REQUIRES: llvm
// A 1x1 conv2d with bias and relu6 from --lite-lower-to-loops through
// --emit-llvm: the microkernel's K loop is one block of loads, broadcasts
// and <W x float> FMAs carried in phis (12 rows x 2 vectors at width 16,
// 6 x 2 at width 8), no select and no masked op in it, only its latch's
// compare; after it the fused epilogue (bias add, relu6 as the compare +
// select pairs of arith.maxf / arith.minf) before the vector store.
// RUN: lite-opt %s --lite-lower-to-loops=vector-width=16 | lite-translate --emit-llvm --mcpu=x86-64-v4 | FileCheck %s --check-prefix=W16
// RUN: lite-opt %s --lite-lower-to-loops=vector-width=8 | lite-translate --emit-llvm --mcpu=x86-64-v3 --mattr=+avx2,+fma | FileCheck %s --check-prefix=W8

// W16:       define internal void @jit_conv2d_{{[0-9a-f]+}}.body.task.{{[0-9]+}}(ptr
// W16:       [[LOOP:for.body[0-9]+]]: {{.*}}preds = {{.*}}%[[LOOP]]{{$|,}}
// W16-NOT:   select
// W16-NOT:   masked
// W16-COUNT-24: call <16 x float> @llvm.fma.v16f32(
// W16-NOT:   select
// W16-NOT:   masked
// W16:       br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]]
// W16:       fadd <16 x float>
// W16:       select <16 x i1> {{.*}} zeroinitializer
// W16:       select <16 x i1> {{.*}} <float 6.000000e+00,
// W16:       store <16 x float>

// W8:        [[LOOP:for.body[0-9]+]]: {{.*}}preds = {{.*}}%[[LOOP]]{{$|,}}
// W8-NOT:    select
// W8-NOT:    masked
// W8-COUNT-12: call <8 x float> @llvm.fma.v8f32(
// W8-NOT:    select
// W8-NOT:    masked
// W8:        br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]]
// W8:        select <8 x i1> {{.*}} <float 6.000000e+00,
// W8:        store <8 x float>
func.func @conv(%x: tensor<1x16x8x8xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<32xf32>) -> tensor<1x32x8x8xf32> {
  %0 = "lite.conv2d"(%x, %w, %b) {activation = "relu6", lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x16x8x8xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<1x32x8x8xf32>
  return %0 : tensor<1x32x8x8xf32>
}

// A mixed-target model: valid places opencl:f16:nchw, x86:f32:nchw8c,
// host:f32:nchw. --test-lite-register-kernels (test/lib/test_kernels.c)
// adds stand-ins to the builtin kernels, among them an opencl f16 conv and
// an x86 nchw8c softmax; lite-pick-kernels, lite-infer-places and
// lite-insert-casts all read that registry.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-infer-places='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-insert-casts | FileCheck %s
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-infer-places='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-insert-casts --mlir-pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS

// The model's interface is host memory in the logical layout. The input
// is copied to the device and calibrated to f16 there; the weight is
// folded into an f16 constant (no calib, the f32 original is gone).
// CHECK-LABEL: func.func @main
// CHECK-SAME:  (%arg0: tensor<1x3x8x8xf32, #lite.place<host, f32, nchw>>) -> tensor<1x4x6x6xf32, #lite.place<host, f32, nchw>>
// CHECK:       %[[XD:.*]] = "lite.io_copy"(%arg0) {{.*}} : (tensor<1x3x8x8xf32, #lite.place<host, f32, nchw>>) -> tensor<1x3x8x8xf32, #lite.place<opencl, f32, nchw>>
// CHECK-NEXT:  %[[X16:.*]] = "lite.calib"(%[[XD]]) {lite.kernel = "ref_calib__any_nchw"} : (tensor<1x3x8x8xf32, #lite.place<opencl, f32, nchw>>) -> tensor<1x3x8x8xf16, #lite.place<opencl, f16, nchw>>
// CHECK-NEXT:  %[[W16:.*]] = "lite.constant"() {value = dense_resource<{{.*}}> : tensor<4x3x3x3xf16>} : () -> tensor<4x3x3x3xf16, #lite.place<opencl, f16, nchw>>
// CHECK-NEXT:  %[[C:.*]] = "lite.conv2d"(%[[X16]], %[[W16]]) {{.*}}"test_cl_conv2d__f16_nchw"{{.*}} -> tensor<1x4x6x6xf16, #lite.place<opencl, f16, nchw>>
// The conv result comes back to host once; relu (an `any` kernel) stays f16.
// CHECK-NEXT:  %[[H:.*]] = "lite.io_copy"(%[[C]]) {lite.kernel = "ref_io_copy__any_nchw"} : ({{.*}}opencl, f16{{.*}}) -> tensor<1x4x6x6xf16, #lite.place<host, f16, nchw>>
// CHECK-NEXT:  %[[R:.*]] = "lite.relu"(%[[H]]) {{.*}} -> tensor<1x4x6x6xf16, #lite.place<host, f16, nchw>>
// One calib of %r serves the softmax region and both adds.
// CHECK-NEXT:  %[[R32:.*]] = "lite.calib"(%[[R]]) {{.*}} -> tensor<1x4x6x6xf32, #lite.place<host, f32, nchw>>
// Layout casts only at the edges of the nchw8c region: none between the
// two softmaxes.
// CHECK-NEXT:  %[[B:.*]] = "lite.layout"(%[[R32]]) {{.*}} -> tensor<1x4x6x6xf32, #lite.place<host, f32, nchw8c>>
// CHECK-NEXT:  %[[S1:.*]] = "lite.softmax"(%[[B]]) {{.*}}"test_x86_softmax__f32_nchw8c"
// CHECK-NEXT:  %[[S2:.*]] = "lite.softmax"(%[[S1]]) {{.*}}"test_x86_softmax__f32_nchw8c"
// CHECK-NEXT:  %[[U:.*]] = "lite.layout"(%[[S2]]) {{.*}} -> tensor<1x4x6x6xf32, #lite.place<x86, f32, nchw>>
// CHECK-NEXT:  %[[A:.*]] = "lite.add"(%[[U]], %[[R32]])
// CHECK-NEXT:  %[[A2:.*]] = "lite.add"(%[[A]], %[[R32]])
// CHECK-NEXT:  return %[[A2]] : tensor<1x4x6x6xf32, #lite.place<host, f32, nchw>>

// STATS-DAG: 2 num-calib
// STATS-DAG: 0 num-cancelled
// STATS-DAG: 1 num-folded
// STATS-DAG: 2 num-io-copy
// STATS-DAG: 2 num-layout
// STATS-DAG: 2 num-shared

// No duplicate casts.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-infer-places='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-insert-casts | FileCheck %s --check-prefix=COUNT
// COUNT-COUNT-2: "lite.calib"
// COUNT-NOT:     "lite.calib"
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-infer-places='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-insert-casts | FileCheck %s --check-prefix=COPY
// COPY-COUNT-2: "lite.io_copy"
// COPY-NOT:     "lite.io_copy"

// Numbers: the reference interpreter computes every op on host, f16 where
// a calib made the value f16. The conv reads f16 inputs and weights, and
// relu/calib round to f16 (2^-11 relative each): within 5e-3 relative +
// 5e-3 absolute, and measurably not exact.
// RUN: lite-opt %s --pass-pipeline='builtin.module(test-lite-register-kernels,func.func(lite-pick-kernels{places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw},lite-insert-casts))' -o %t.placed.mlir
// RUN: lite-run --compare %s --compare-to %t.placed.mlir --rtol 5e-3 --atol 5e-3 | FileCheck %s --check-prefix=CMP
// CMP: output 'output_0': {{.*}}: ok
// RUN: not lite-run --compare %s --compare-to %t.placed.mlir --rtol 1e-7 --atol 0

func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %r = "lite.relu"(%c) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %s = "lite.softmax"(%r) {axis = 1} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %s2 = "lite.softmax"(%s) {axis = 1} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %a = "lite.add"(%s2, %r) : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %b = "lite.add"(%a, %r) : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %b : tensor<1x4x6x6xf32>
}

// lite-infer-places after kernel pick, with the test kernels (opencl f16
// conv, x86 nchw8c softmax): results take their kernel's Place, arguments
// and results the model's interface (host memory, nchw), constants each
// consumer's (duplicated, not cast).
// Precisions stay those of the element types (the IR verifies);
// lite-insert-casts materializes the f16 of the conv.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' --lite-infer-places='places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw' | FileCheck %s
// RUN: lite-opt %s --lite-pick-kernels='places=host:f32:nchw' --lite-infer-places='places=host:f32:nchw' | FileCheck %s --check-prefix=HOST
// RUN: not lite-opt %s --lite-pick-kernels --lite-infer-places='places=gpu' 2>&1 | FileCheck %s --check-prefix=ERR
// Placing changes no number.
// RUN: lite-opt %s --pass-pipeline='builtin.module(test-lite-register-kernels,func.func(lite-pick-kernels{places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=opencl:f16:nchw,x86:f32:nchw8c,host:f32:nchw}))' -o %t.placed.mlir
// RUN: lite-run --compare %s --compare-to %t.placed.mlir --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP

// The argument stays in host memory (lite-insert-casts copies it to the
// device); lite.name stays; the function type follows.
// CHECK-LABEL: func.func @main(%arg0: tensor<1x4x6x6xf32, #lite.place<host, f32, nchw>> {lite.name = "x"}) -> tensor<1x4x4x4xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT:  %[[W:.*]] = "lite.constant"() {{.*}} -> tensor<4x4x3x3xf32, #lite.place<opencl, f32, nchw>>
// %b is read by a host add and by the x86 softmax: two constants.
// CHECK-NEXT:  %[[BH:.*]] = "lite.constant"() {value = dense<2.500000e-01> : tensor<1x4x4x4xf32>} : () -> tensor<1x4x4x4xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT:  %[[BX:.*]] = "lite.constant"() {value = dense<2.500000e-01> : tensor<1x4x4x4xf32>} : () -> tensor<1x4x4x4xf32, #lite.place<x86, f32, nchw8c>>
// CHECK-NEXT:  %[[C:.*]] = "lite.conv2d"(%arg0, %[[W]]) {{.*}} -> tensor<1x4x4x4xf32, #lite.place<opencl, f32, nchw>>
// CHECK-NEXT:  %[[D:.*]] = "lite.conv2d"(%arg0, %[[W]]) {{.*}} -> tensor<1x4x4x4xf32, #lite.place<opencl, f32, nchw>>
// CHECK-NEXT:  %[[S:.*]] = "lite.softmax"(%[[BX]]) {{.*}} -> tensor<1x4x4x4xf32, #lite.place<x86, f32, nchw8c>>
// CHECK-NEXT:  %[[E:.*]] = "lite.add"(%[[C]], %[[BH]]) {{.*}} -> tensor<1x4x4x4xf32, #lite.place<host, f32, nchw>>
// CHECK-COUNT-2: "lite.add"{{.*}} -> tensor<1x4x4x4xf32, #lite.place<host, f32, nchw>>
// CHECK-NOT:   "lite.io_copy"
// CHECK-NOT:   "lite.calib"

// HOST-LABEL: func.func @main(%arg0: tensor<1x4x6x6xf32, #lite.place<host, f32, nchw>> {lite.name = "x"})
// HOST-COUNT-2: "lite.constant"
// HOST-NOT:     "lite.constant"

// ERR: lite-infer-places: bad place 'gpu'
// CMP: output 'output_0': max-abs 0 {{.*}}: ok

func.func @main(%x: tensor<1x4x6x6xf32> {lite.name = "x"}) -> tensor<1x4x4x4xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>
  %b = "lite.constant"() {value = dense<0.25> : tensor<1x4x4x4xf32>} : () -> tensor<1x4x4x4xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x4x4xf32>
  %d = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x4x4xf32>
  %s = "lite.softmax"(%b) {axis = 1} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e = "lite.add"(%c, %b) : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %f = "lite.add"(%e, %d) : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %g = "lite.add"(%f, %s) : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %g : tensor<1x4x4x4xf32>
}

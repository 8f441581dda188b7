// lite.dispatch calls a generated kernel of the module's @lite_kernels
// module: the callee's memref arguments store the dispatch's operands and
// then its results, and result_dims holds the results' shapes.

// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @main
// CHECK: "lite.dispatch"(%arg0, %arg1) {callee = @lite_kernels::@jit_add_relu_0a1b2c3d, lite.kernel = "jit_add_relu_0a1b2c3d", result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32, #lite.place<host, f32, nchw>>, tensor<1x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
// CHECK: module @lite_kernels
// CHECK: func.func @jit_add_relu_0a1b2c3d(%{{.*}}: memref<2x3xf32>, %{{.*}}: memref<1x3xf32>, %{{.*}}: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 2 : i64}}
// GENERIC: "lite.dispatch"(%{{.*}}, %{{.*}}) {callee = @lite_kernels::@jit_add_relu_0a1b2c3d
module {
  func.func @main(%a: tensor<2x3xf32, #lite.place<host, f32, nchw>>, %b: tensor<1x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>> {
    %r = "lite.dispatch"(%a, %b) {callee = @lite_kernels::@jit_add_relu_0a1b2c3d, lite.kernel = "jit_add_relu_0a1b2c3d", result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32, #lite.place<host, f32, nchw>>, tensor<1x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
    return %r : tensor<2x3xf32, #lite.place<host, f32, nchw>>
  }
  module @lite_kernels {
    func.func @jit_add_relu_0a1b2c3d(%a: memref<2x3xf32>, %b: memref<1x3xf32>, %out: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 2 : i64}} {
      return
    }
  }
}

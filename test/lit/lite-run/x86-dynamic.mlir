// REQUIRES: x86-kernels
// Hand-written x86 kernels with scratch of their own (conv2d_transpose,
// attention) under dynamic dims: planned again for the shapes given at run
// time, each gets the workspace its own size function asks for, not only
// the plan step's, and computes what the interpreter does.

// RUN: lite-run %s --input-shape x=2x3x5x6 --input-shape s=2x9x12 --check-reference --profile | FileCheck %s
// CHECK-DAG: lite.conv2d_transpose{{ +}}x86_conv2d_transpose__f32_nchw
// CHECK-DAG: lite.attention{{ +}}x86_attention__f32_nchw
// CHECK-DAG: output 'y (runtime vs interpreter)': {{.*}}: ok
// CHECK-DAG: output 'z (runtime vs interpreter)': {{.*}}: ok
// RUN: lite-run %s --input-shape x=1x3x9x4 --input-shape s=3x17x12 --check-reference | FileCheck %s --check-prefix=OTHER
// OTHER-DAG: output 'y (runtime vs interpreter)': {{.*}}: ok
// OTHER-DAG: output 'z (runtime vs interpreter)': {{.*}}: ok

func.func @main(%x: tensor<?x3x?x?xf32> {lite.name = "x"}, %s: tensor<?x?x12xf32> {lite.name = "s"})
    -> (tensor<?x4x?x?xf32> {lite.name = "y"}, tensor<?x?x16xf32> {lite.name = "z"}) {
  %w = "lite.constant"() {value = dense<0.25> : tensor<3x4x3x3xf32>} : () -> tensor<3x4x3x3xf32>
  %b = "lite.constant"() {value = dense<[0.5, -0.5, 1.0, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = "lite.conv2d_transpose"(%x, %w, %b) {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, activation = "relu"} : (tensor<?x3x?x?xf32>, tensor<3x4x3x3xf32>, tensor<4xf32>) -> tensor<?x4x?x?xf32>
  %wq = "lite.constant"() {value = dense<0.05> : tensor<12x16xf32>} : () -> tensor<12x16xf32>
  %wk = "lite.constant"() {value = dense<-0.03> : tensor<12x16xf32>} : () -> tensor<12x16xf32>
  %wv = "lite.constant"() {value = dense<0.07> : tensor<12x16xf32>} : () -> tensor<12x16xf32>
  %bq = "lite.constant"() {value = dense<0.1> : tensor<16xf32>} : () -> tensor<16xf32>
  %z = "lite.attention"(%s, %wq, %bq, %wk, %bq, %wv, %bq) {num_heads = 4 : i64, scale = 0.5 : f32} : (tensor<?x?x12xf32>, tensor<12x16xf32>, tensor<16xf32>, tensor<12x16xf32>, tensor<16xf32>, tensor<12x16xf32>, tensor<16xf32>) -> tensor<?x?x16xf32>
  return %y, %z : tensor<?x4x?x?xf32>, tensor<?x?x16xf32>
}

// lite-replace-conv-with-fc: a 1x1 conv2d on a 1x1 input (a classifier head
// after global pooling) is flatten + fc with the transposed weight, plus a
// reshape back to [N, Cout, 1, 1] when a user needs the 4-D value. Users
// that flatten the result anyway read the fc directly. Exact conditions:
// group 1, 1x1 kernel, no padding, 1x1 input and output, constant weight,
// no residual. The fused activation moves to the fc.

// RUN: lite-opt %s --lite-replace-conv-with-fc | FileCheck %s
// RUN: lite-opt %s --lite-replace-conv-with-fc --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-replaced - Number of 1x1 conv2d ops on 1x1 inputs replaced by fc

// The same sums of the same products; fc's gemm may add them in another
// order than the conv kernel: 1e-5 relative.
// RUN: lite-run --compare %s --function head --pass-pipeline='builtin.module(func.func(lite-replace-conv-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function head_4d --pass-pipeline='builtin.module(func.func(lite-replace-conv-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function both_users --pass-pipeline='builtin.module(func.func(lite-replace-conv-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM2
// RUN: lite-run --compare %s --function strided_dynamic_batch --input-shape arg0=3x3x1x1 --pass-pipeline='builtin.module(func.func(lite-replace-conv-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok
// NUM2: output 'output_0': {{.*}}: ok
// NUM2: output 'output_1': {{.*}}: ok

// Flattened right after: no reshape back. W [2, 3, 1, 1] becomes [3, 2].
// CHECK-LABEL: func.func @head
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>}
// CHECK:         %[[F:.*]] = "lite.flatten"(%arg0) {axis = 1 : i64} : (tensor<4x3x1x1xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.fc"(%[[F]], %[[W]], %[[B]]) {activation = "relu", in_num_col_dims = 1 : i64} : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @head(%x: tensor<4x3x1x1xf32>) -> tensor<4x2xf32> {
  %w = "lite.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[4.0]], [[5.0]], [[6.0]]]]> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %b = "lite.constant"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.conv2d"(%x, %w, %b) {activation = "relu", kernel_shape = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>} : (tensor<4x3x1x1xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>) -> tensor<4x2x1x1xf32>
  %f = "lite.flatten"(%y) {axis = 1 : i64} : (tensor<4x2x1x1xf32>) -> tensor<4x2xf32>
  return %f : tensor<4x2xf32>
}

// The 4-D result is returned: reshaped back.
// CHECK-LABEL: func.func @head_4d
// CHECK:         %[[F:.*]] = "lite.flatten"(%arg0) {axis = 1 : i64}
// CHECK-NEXT:    %[[Y:.*]] = "lite.fc"(%[[F]], %{{.*}}) {in_num_col_dims = 1 : i64} : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.*]] = "lite.reshape"(%[[Y]]) {shape = array<i64: 2, 3, 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT:    return %[[R]]
func.func @head_4d(%x: tensor<2x4x1x1xf32>) -> tensor<2x3x1x1xf32> {
  %w = "lite.constant"() {value = dense<[[[[0.1]], [[0.2]], [[0.3]], [[0.4]]], [[[-0.1]], [[-0.2]], [[-0.3]], [[-0.4]]], [[[1.0]], [[0.0]], [[-1.0]], [[0.5]]]]> : tensor<3x4x1x1xf32>} : () -> tensor<3x4x1x1xf32>
  %y = "lite.conv2d"(%x, %w) : (tensor<2x4x1x1xf32>, tensor<3x4x1x1xf32>) -> tensor<2x3x1x1xf32>
  return %y : tensor<2x3x1x1xf32>
}

// One user flattens, one needs 4-D: the flatten reads the fc, the other the
// reshape.
// CHECK-LABEL: func.func @both_users
// CHECK:         %[[Y:.*]] = "lite.fc"
// CHECK-NEXT:    %[[R:.*]] = "lite.reshape"(%[[Y]]) {shape = array<i64: 1, 2, 1, 1>}
// CHECK-NEXT:    %[[S:.*]] = "lite.sigmoid"(%[[R]])
// CHECK-NEXT:    return %[[Y]], %[[S]]
func.func @both_users(%x: tensor<1x2x1x1xf32>) -> (tensor<1x2xf32>, tensor<1x2x1x1xf32>) {
  %w = "lite.constant"() {value = dense<[[[[2.0]], [[1.0]]], [[[0.5]], [[-3.0]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %y = "lite.conv2d"(%x, %w) : (tensor<1x2x1x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %f = "lite.reshape"(%y) {shape = array<i64: 1, 2>} : (tensor<1x2x1x1xf32>) -> tensor<1x2xf32>
  %s = "lite.sigmoid"(%y) : (tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %f, %s : tensor<1x2xf32>, tensor<1x2x1x1xf32>
}

// Strides and dilations step over nothing on a 1x1 input; a dynamic batch
// is copied by the reshape (0).
// CHECK-LABEL: func.func @strided_dynamic_batch
// CHECK:         "lite.fc"
// CHECK-NEXT:    "lite.reshape"(%{{.*}}) {shape = array<i64: 0, 2, 1, 1>} : (tensor<?x2xf32>) -> tensor<?x2x1x1xf32>
func.func @strided_dynamic_batch(%x: tensor<?x3x1x1xf32>) -> tensor<?x2x1x1xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %y = "lite.conv2d"(%x, %w) {strides = array<i64: 2, 2>, dilations = array<i64: 3, 3>} : (tensor<?x3x1x1xf32>, tensor<2x3x1x1xf32>) -> tensor<?x2x1x1xf32>
  return %y : tensor<?x2x1x1xf32>
}

// Padding makes the output 3x3: not a dense layer.
// CHECK-LABEL: func.func @padded
// CHECK:         "lite.conv2d"
func.func @padded(%x: tensor<1x3x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %y = "lite.conv2d"(%x, %w) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x1x1xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// A 2x2 input: a per-pixel product, not one dense layer.
// CHECK-LABEL: func.func @spatial
// CHECK:         "lite.conv2d"
func.func @spatial(%x: tensor<1x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %y = "lite.conv2d"(%x, %w) : (tensor<1x3x2x2xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// Grouped: a block-diagonal weight, left alone.
// CHECK-LABEL: func.func @grouped
// CHECK:         "lite.conv2d"
func.func @grouped(%x: tensor<1x4x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %y = "lite.conv2d"(%x, %w) {group = 2 : i64} : (tensor<1x4x1x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// A residual operand (conv + R before the activation): fc has none.
// CHECK-LABEL: func.func @residual
// CHECK:         "lite.conv2d"
func.func @residual(%x: tensor<1x3x1x1xf32>, %r: tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %w = "lite.constant"() {value = dense<0.25> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %b = "lite.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.conv2d"(%x, %w, %b, %r) : (tensor<1x3x1x1xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// The weight is computed at run time.
// CHECK-LABEL: func.func @runtime_weight
// CHECK:         "lite.conv2d"
func.func @runtime_weight(%x: tensor<1x3x1x1xf32>, %w: tensor<2x3x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %y = "lite.conv2d"(%x, %w) : (tensor<1x3x1x1xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

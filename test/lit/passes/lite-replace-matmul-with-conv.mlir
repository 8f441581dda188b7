// lite-replace-matmul-with-conv (a target option, not in the default
// pipeline): matmul or fc by a constant 2-D weight W [K, N] as a 1x1 conv2d,
// for targets whose conv kernels beat their matrix products:
//   reshape(conv2d(reshape(A, [M, K, 1, 1]), W^T [N, K, 1, 1], B?), result)
// M = product of the row dims. fc's bias and activation go to the conv.
// Dynamic shapes, computed weights and biases of rank 2 that are not
// constants stay.

// RUN: lite-opt %s --lite-replace-matmul-with-conv | FileCheck %s
// RUN: lite-opt %s --lite-replace-matmul-with-conv --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-replaced - Number of matmul and fc ops replaced by a 1x1 conv2d

// The same dot products, possibly summed in another order: 1e-5 relative.
// RUN: lite-run --compare %s --function matmul_3d --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function fc_bias_act --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function fc_cols --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function fc_row_bias --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-conv))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok

// [2, 3, 4] x [4, 2]: 6 rows of 4. W^T is [2, 4, 1, 1].
// CHECK-LABEL: func.func @matmul_3d
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[1.000000e+00]], {{\[}}[3.000000e+00]], {{\[}}[5.000000e+00]], {{\[}}[7.000000e+00]]], {{\[}}{{\[}}[2.000000e+00]], {{\[}}[4.000000e+00]], {{\[}}[6.000000e+00]], {{\[}}[8.000000e+00]]]]> : tensor<2x4x1x1xf32>}
// CHECK:         %[[X:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 6, 4, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<6x4x1x1xf32>
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%[[X]], %[[W]]) : (tensor<6x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<6x2x1x1xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.reshape"(%[[C]]) {shape = array<i64: 2, 3, 2>} : (tensor<6x2x1x1xf32>) -> tensor<2x3x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @matmul_3d(%a: tensor<2x3x4xf32>) -> tensor<2x3x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<2x3x4xf32>, tensor<4x2xf32>) -> tensor<2x3x2xf32>
  return %y : tensor<2x3x2xf32>
}

// CHECK-LABEL: func.func @fc_bias_act
// CHECK:         %[[X:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 5, 3, 1, 1>}
// CHECK-NEXT:    %[[C:.*]] = "lite.conv2d"(%[[X]], %{{.*}}, %{{.*}}) {activation = "leaky_relu", activation_alpha = 1.000000e-01 : f32} : (tensor<5x3x1x1xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>) -> tensor<5x2x1x1xf32>
// CHECK-NEXT:    "lite.reshape"(%[[C]]) {shape = array<i64: 5, 2>}
func.func @fc_bias_act(%a: tensor<5x3xf32>) -> tensor<5x2xf32> {
  %w = "lite.constant"() {value = dense<[[0.5, -1.0], [0.25, 2.0], [-0.75, 1.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "lite.constant"() {value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.fc"(%a, %w, %b) {activation = "leaky_relu", activation_alpha = 0.1 : f32} : (tensor<5x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<5x2xf32>
  return %y : tensor<5x2xf32>
}

// in_num_col_dims = 1 on a 4-D input: rows 2, columns 3 * 2 * 2 = 12.
// CHECK-LABEL: func.func @fc_cols
// CHECK:         "lite.reshape"(%arg0) {shape = array<i64: 2, 12, 1, 1>}
// CHECK-NEXT:    "lite.conv2d"
// CHECK-NEXT:    "lite.reshape"(%{{.*}}) {shape = array<i64: 2, 4>}
func.func @fc_cols(%a: tensor<2x3x2x2xf32>) -> tensor<2x4xf32> {
  %w = "lite.constant"() {value = dense<0.125> : tensor<12x4xf32>} : () -> tensor<12x4xf32>
  %y = "lite.fc"(%a, %w) {in_num_col_dims = 1 : i64} : (tensor<2x3x2x2xf32>, tensor<12x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// A [1, N] constant bias becomes the conv's [N].
// CHECK-LABEL: func.func @fc_row_bias
// CHECK:         "lite.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x2x1x1xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<3x2x1x1xf32>
func.func @fc_row_bias(%a: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "lite.constant"() {value = dense<[[0.5, 0.25]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %y = "lite.fc"(%a, %w, %b) : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// Dynamic rows: the reshape to [M, K, 1, 1] needs M.
// CHECK-LABEL: func.func @dynamic
// CHECK:         "lite.matmul"
func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<?x4xf32>, tensor<4x2xf32>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// A computed weight.
// CHECK-LABEL: func.func @runtime_weight
// CHECK:         "lite.fc"
func.func @runtime_weight(%a: tensor<3x2xf32>, %w: tensor<2x2xf32>) -> tensor<3x2xf32> {
  %y = "lite.fc"(%a, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// A computed [1, N] bias would need a reshape of its own.
// CHECK-LABEL: func.func @runtime_row_bias
// CHECK:         "lite.fc"
func.func @runtime_row_bias(%a: tensor<3x2xf32>, %b: tensor<1x2xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %y = "lite.fc"(%a, %w, %b) : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

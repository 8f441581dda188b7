// lite-replace-matmul-with-fc: matmul(A, W) with W a 2-D constant [K, N] is
// fc(A, W){in_num_col_dims = rank(A) - 1}: rows are A's leading dims. A
// computed W, a W with batch dims, a 1-D A or W, and integer matmuls stay.

// RUN: lite-opt %s --lite-replace-matmul-with-fc | FileCheck %s
// RUN: lite-opt %s --lite-replace-matmul-with-fc --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-replaced - Number of matmul ops replaced by fc

// The same dot products in the same order (matmul and fc share the gemm
// engine of the reference kernels): bit-identical here.
// RUN: lite-run --compare %s --function matrix --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function batched --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function dynamic_rows --input-shape arg0=3x5x4 --pass-pipeline='builtin.module(func.func(lite-replace-matmul-with-fc))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok

// CHECK-LABEL: func.func @matrix
// CHECK-NEXT:    %[[W:.*]] = "lite.constant"
// CHECK-NEXT:    %[[Y:.*]] = "lite.fc"(%arg0, %[[W]]) {in_num_col_dims = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @matrix(%a: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %w = "lite.constant"() {value = dense<[[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [-0.9, -1.0, -1.1, -1.2]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// [B, S, K] x [K, N]: in_num_col_dims = 2.
// CHECK-LABEL: func.func @batched
// CHECK:         "lite.fc"(%arg0, %{{.*}}) {in_num_col_dims = 2 : i64} : (tensor<2x5x3xf32>, tensor<3x2xf32>) -> tensor<2x5x2xf32>
func.func @batched(%a: tensor<2x5x3xf32>) -> tensor<2x5x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, -1.0], [0.5, 0.25], [2.0, 0.125]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<2x5x3xf32>, tensor<3x2xf32>) -> tensor<2x5x2xf32>
  return %y : tensor<2x5x2xf32>
}

// Dynamic leading dims carry over.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:         "lite.fc"(%arg0, %{{.*}}) {in_num_col_dims = 2 : i64} : (tensor<?x?x4xf32>, tensor<4x3xf32>) -> tensor<?x?x3xf32>
func.func @dynamic_rows(%a: tensor<?x?x4xf32>) -> tensor<?x?x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<?x?x4xf32>, tensor<4x3xf32>) -> tensor<?x?x3xf32>
  return %y : tensor<?x?x3xf32>
}

// W is an input: fc's weight is meant to be a constant.
// CHECK-LABEL: func.func @runtime_weight
// CHECK:         "lite.matmul"
func.func @runtime_weight(%a: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "lite.matmul"(%a, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// W has a batch dim: a batched product, not one weight matrix.
// CHECK-LABEL: func.func @batched_weight
// CHECK:         "lite.matmul"
func.func @batched_weight(%a: tensor<2x2x3xf32>) -> tensor<2x2x4xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  return %y : tensor<2x2x4xf32>
}

// A vector times a matrix: the result has no row dim, fc's always has.
// CHECK-LABEL: func.func @vector
// CHECK:         "lite.matmul"
func.func @vector(%a: tensor<3xf32>) -> tensor<4xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %y = "lite.matmul"(%a, %w) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Integer matmul: fc is a float layer.
// CHECK-LABEL: func.func @integer
// CHECK:         "lite.matmul"
func.func @integer(%a: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %w = "lite.constant"() {value = dense<2> : tensor<3x4xi32>} : () -> tensor<3x4xi32>
  %y = "lite.matmul"(%a, %w) : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return %y : tensor<2x4xi32>
}

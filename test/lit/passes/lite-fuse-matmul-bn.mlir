// lite-fuse-matmul-bn folds batch_norm into the matmul, fc or gemm before
// it when it normalizes the product's columns, i.e. the product is 2-D
// ([M, N]: batch_norm's channel dim 1 is the last dim). Per column j,
// a = gamma / sqrt(var + eps), W'[:, j] = a[j] W[:, j] and
// B' = (B - mean) a + beta. A matmul becomes an fc. Left alone: a product
// of rank 3 (dim 1 are rows), a second user of the product, statistics that
// are no constants, an fc with an activation.

// RUN: lite-opt %s --lite-fuse-matmul-bn | FileCheck %s
// RUN: lite-opt %s --lite-fuse-matmul-bn --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-fused - Number of matmul/fc/gemm + batch_norm pairs fused

// Before vs after on the reference interpreter (random inputs): W' and B'
// are computed in double and rounded once.
// RUN: lite-run --compare %s --function matmul_bn --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function fc_bn --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function gemm_bn --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-bn))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 2 -> 1
// CMP: : ok

// a = [2 / sqrt(3 + 1), 0.5 / sqrt(15 + 1)] = [1, 0.125];
// B' = beta - mean a = [1 - 1, -1 - 0.25] = [0, -1.25].
// CHECK-LABEL: func.func @matmul_bn
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.500000e-01], [-2.000000e+00, 1.250000e-01]]> : tensor<2x2xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[0.000000e+00, -1.250000e+00]> : tensor<2xf32>}
// CHECK:         %[[Y:.*]] = "lite.fc"(%arg0, %[[W]], %[[B]]) {in_num_col_dims = 1 : i64} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @matmul_bn(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [-2.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "lite.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[3.0, 15.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %p = "lite.matmul"(%x, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %y = "lite.batch_norm"(%p, %g, %be, %m, %v) {epsilon = 1.0 : f32} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// An fc with bias [3, 10]: B' = (B - mean) a + beta = [3, 0].
// CHECK-LABEL: func.func @fc_bn
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[3.000000e+00, 0.000000e+00]> : tensor<2xf32>}
// CHECK:         "lite.fc"(%arg0, %{{.*}}, %[[B]]) : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return
func.func @fc_bn(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [-2.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "lite.constant"() {value = dense<[3.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %g = "lite.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[3.0, 15.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %p = "lite.fc"(%x, %w, %b) : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %y = "lite.batch_norm"(%p, %g, %be, %m, %v) {epsilon = 1.0 : f32} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// A gemm with transB: row j of B is column j of the product; a C appears.
// CHECK-LABEL: func.func @gemm_bn
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [-2.500000e-01, 1.250000e-01]]> : tensor<2x2xf32>}
// CHECK-DAG:     %[[C:.*]] = "lite.constant"() {value = dense<[0.000000e+00, -1.250000e+00]> : tensor<2xf32>}
// CHECK:         "lite.gemm"(%arg0, %[[W]], %[[C]]) {alpha = 5.000000e-01 : f32, transB = 1 : i64}
func.func @gemm_bn(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [-2.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "lite.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[3.0, 15.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %p = "lite.gemm"(%x, %w) {transB = 1 : i64, alpha = 0.5 : f32} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %y = "lite.batch_norm"(%p, %g, %be, %m, %v) {epsilon = 1.0 : f32} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// Left alone: a 3-D product (batch_norm normalizes its rows), a product
// that is also returned, statistics that are arguments, an fc with relu.
// CHECK-LABEL: func.func @left_alone
// CHECK:         "lite.matmul"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    "lite.fc"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    return
func.func @left_alone(%x3: tensor<2x2x2xf32>, %x: tensor<3x2xf32>, %s: tensor<2xf32>)
    -> (tensor<2x2x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0], [-2.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %p0 = "lite.matmul"(%x3, %w) : (tensor<2x2x2xf32>, tensor<2x2xf32>) -> tensor<2x2x2xf32>
  %y0 = "lite.batch_norm"(%p0, %one, %one, %one, %one) : (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2x2xf32>
  %p1 = "lite.matmul"(%x, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %y1 = "lite.batch_norm"(%p1, %one, %one, %one, %one) : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %p2 = "lite.matmul"(%x, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %y2 = "lite.batch_norm"(%p2, %s, %one, %one, %one) : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %p3 = "lite.fc"(%x, %w) {activation = "relu"} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %y3 = "lite.batch_norm"(%p3, %one, %one, %one, %one) : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y0, %y1, %p1, %y2, %y3 : tensor<2x2x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

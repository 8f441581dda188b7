// lite-fuse-matmul-scale folds a scale, or a mul/div by a constant, after a
// matmul, fc or gemm with constant weights into those weights and the bias:
// scale(y) = s y + b gives W' = s W, B' = s B + b; with bias_after_scale = 0
// it is s (y + b), so B' = s (B + b). A constant factor may be a scalar or
// one value per output column. A matmul that gains a bias or an activation
// becomes an fc. Left alone: a product with a second user, weights that are
// no constant, an fc that already has an activation, k / y, a factor per
// row, a bias that a 1-D product cannot take.

// RUN: lite-opt %s --lite-fuse-matmul-scale | FileCheck %s
// RUN: lite-opt %s --lite-fuse-matmul-scale --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 8 num-fused - Number of scale/mul/div ops folded into matmul, fc or gemm weights

// Before vs after on the reference interpreter (random inputs). The folded
// weights are computed in double and rounded once, and y / k becomes a
// product by 1 / k, so results differ from the two-op sequence by float
// rounding only.
// RUN: lite-run --compare %s --function scale_after --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function scale_before --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function scale_only --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function gemm_mul --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function div_columns --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP3
// RUN: lite-run --compare %s --function scale_act --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-scale))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// CMP2: ops: 2 -> 1
// CMP2: : ok
// CMP3: ops: 3 -> 1
// CMP3: : ok

// s y + b on a matmul: an fc with W' = 2 W and a bias of b.
// CHECK-LABEL: func.func @scale_after
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[}}2.000000e+00, -2.000000e+00], [1.000000e+00, 4.000000e+00], [0.000000e+00, 1.000000e+00]]> : tensor<3x2xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<5.000000e-01> : tensor<2xf32>}
// CHECK:         %[[Y:.*]] = "lite.fc"(%arg0, %[[W]], %[[B]]) {in_num_col_dims = 1 : i64} : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scale_after(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, -1.0], [0.5, 2.0], [0.0, 0.5]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y = "lite.scale"(%m) {scale = 2.0 : f32, bias = 0.5 : f32} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// bias_after_scale = 0 on an fc of bias [1, 3]: B' = 2 (B + 0.5), the
// bias shape kept.
// CHECK-LABEL: func.func @scale_before
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<2.000000e+00> : tensor<3x2xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<{{\[\[}}3.000000e+00, -1.000000e+00]]> : tensor<1x2xf32>}
// CHECK:         "lite.fc"(%arg0, %[[W]], %[[B]]) {in_num_col_dims = 2 : i64} : (tensor<2x4x3xf32>, tensor<3x2xf32>, tensor<1x2xf32>) -> tensor<2x4x2xf32>
// CHECK-NEXT:    return
func.func @scale_before(%x: tensor<2x4x3xf32>) -> tensor<2x4x2xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "lite.constant"() {value = dense<[[1.0, -1.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %f = "lite.fc"(%x, %w, %b) {in_num_col_dims = 2 : i64} : (tensor<2x4x3xf32>, tensor<3x2xf32>, tensor<1x2xf32>) -> tensor<2x4x2xf32>
  %y = "lite.scale"(%f) {scale = 2.0 : f32, bias = 0.5 : f32, bias_after_scale = 0 : i64} : (tensor<2x4x2xf32>) -> tensor<2x4x2xf32>
  return %y : tensor<2x4x2xf32>
}

// No bias: the matmul stays a matmul (here one with batched weights).
// CHECK-LABEL: func.func @scale_only
// CHECK:         %[[W:.*]] = "lite.constant"() {value = dense<1.500000e+00> : tensor<2x3x2xf32>}
// CHECK-NEXT:    "lite.matmul"(%arg0, %[[W]]) : (tensor<2x4x3xf32>, tensor<2x3x2xf32>) -> tensor<2x4x2xf32>
// CHECK-NEXT:    return
func.func @scale_only(%x: tensor<2x4x3xf32>) -> tensor<2x4x2xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<2x3x2xf32>} : () -> tensor<2x3x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<2x4x3xf32>, tensor<2x3x2xf32>) -> tensor<2x4x2xf32>
  %y = "lite.scale"(%m) {scale = 3.0 : f32} : (tensor<2x4x2xf32>) -> tensor<2x4x2xf32>
  return %y : tensor<2x4x2xf32>
}

// k * gemm(...), k on the left: B' = k B (transposed), C' = k beta C with
// beta folded away.
// CHECK-LABEL: func.func @gemm_mul
// CHECK-DAG:     %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[}}-1.000000e+00, -2.000000e+00, -3.000000e+00]]> : tensor<1x3xf32>}
// CHECK-DAG:     %[[C:.*]] = "lite.constant"() {value = dense<-4.000000e+00> : tensor<1xf32>}
// CHECK:         "lite.gemm"(%arg0, %[[W]], %[[C]]) {transB = 1 : i64} : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<1xf32>) -> tensor<4x1xf32>
func.func @gemm_mul(%x: tensor<4x3xf32>) -> tensor<4x1xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
  %c = "lite.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %k = "lite.constant"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %g = "lite.gemm"(%x, %w, %c) {transB = 1 : i64, beta = 2.0 : f32} : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<1xf32>) -> tensor<4x1xf32>
  %y = "lite.mul"(%k, %g) : (tensor<f32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return %y : tensor<4x1xf32>
}

// A division by one value per column, then by a scalar: both fold, column
// j of W divided by [2, 4][j] and then by 2.
// CHECK-LABEL: func.func @div_columns
// CHECK:         %[[W:.*]] = "lite.constant"() {value = dense<{{\[\[}}2.500000e-01, 1.250000e-01]]> : tensor<1x2xf32>}
// CHECK:         "lite.matmul"(%arg0, %[[W]]) : (tensor<3x1xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return
func.func @div_columns(%x: tensor<3x1xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %k = "lite.constant"() {value = dense<[[2.0, 4.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %two = "lite.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<3x1xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  %d = "lite.div"(%m, %k) : (tensor<3x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  %y = "lite.div"(%d, %two) : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// The scale's fused activation moves onto the fc that the matmul becomes.
// CHECK-LABEL: func.func @scale_act
// CHECK:         "lite.fc"(%arg0, %{{.*}}) {activation = "relu", in_num_col_dims = 1 : i64}
// CHECK-NEXT:    return
func.func @scale_act(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y = "lite.scale"(%m) {scale = -2.0 : f32, activation = "relu"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// A constant A (matmul's operand 0) takes a scalar factor too.
// CHECK-LABEL: func.func @constant_lhs
// CHECK:         %[[A:.*]] = "lite.constant"() {value = dense<-3.000000e+00> : tensor<2x3xf32>}
// CHECK-NEXT:    "lite.matmul"(%[[A]], %arg0)
// CHECK-NEXT:    return
func.func @constant_lhs(%x: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %a = "lite.constant"() {value = dense<1.5> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %m = "lite.matmul"(%a, %x) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %y = "lite.scale"(%m) {scale = -2.0 : f32} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// The product is also returned: nothing is folded.
// CHECK-LABEL: func.func @second_user
// CHECK:         %[[M:.*]] = "lite.matmul"
// CHECK-NEXT:    %[[Y:.*]] = "lite.scale"(%[[M]])
// CHECK-NEXT:    return %[[Y]], %[[M]]
func.func @second_user(%x: tensor<4x3xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %w = "lite.constant"() {value = dense<0.5> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y = "lite.scale"(%m) {scale = 2.0 : f32} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y, %m : tensor<4x2xf32>, tensor<4x2xf32>
}

// Left alone: weights that are arguments (QK^T / sqrt(d) in attention), an
// fc with an activation before the scale, k / y, a factor per row ([4, 1]),
// a factor that is no constant, a bias after a product of rank 1 (which no
// fc can take).
// CHECK-LABEL: func.func @left_alone
// CHECK:         "lite.matmul"
// CHECK-NEXT:    "lite.div"
// CHECK-NEXT:    "lite.fc"
// CHECK-NEXT:    "lite.scale"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.div"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.mul"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.mul"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.scale"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<4x3xf32>, %w0: tensor<3x2xf32>, %k0: tensor<4x2xf32>, %v: tensor<3xf32>)
    -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<2xf32>) {
  %w = "lite.constant"() {value = dense<0.5> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %rows = "lite.constant"() {value = dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>} : () -> tensor<4x1xf32>
  %k = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %m0 = "lite.matmul"(%x, %w0) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y0 = "lite.div"(%m0, %k) : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  %f = "lite.fc"(%x, %w) {activation = "relu"} : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y1 = "lite.scale"(%f) {scale = 2.0 : f32} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %m2 = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y2 = "lite.div"(%k, %m2) : (tensor<f32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %m3 = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y3 = "lite.mul"(%m3, %rows) : (tensor<4x2xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
  %m4 = "lite.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %y4 = "lite.mul"(%m4, %k0) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %m5 = "lite.matmul"(%v, %w) : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  %y5 = "lite.scale"(%m5) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<2xf32>
}

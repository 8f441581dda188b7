// lite-fuse-attention (Paddle-Lite's transformer_attention_fuse_pass): the
// multi-head self-attention subgraph (Q/K/V projections as matmul + add or
// fc, or one packed projection split into them, views to heads, Q K^T with
// its scale, the mask add, softmax, an inference dropout, times V, views
// back) becomes one lite.attention {num_heads, scale}. Left alone: a scale
// applied after the mask or to V, K projected from another input, the
// probabilities used elsewhere, a softmax over another axis, a packed
// projection whose columns interleave Q, K and V.

// RUN: lite-opt %s --split-input-file --lite-fuse-attention | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-attention --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-attention --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 5 num-fused - Number of multi-head attention subgraphs fused

// Numbers: the fused op computes in double, the graph rounds each f32 step;
// within rtol 1e-5 and atol 1e-6 on random inputs in [-1, 1) (max-abs
// seen about 1.5e-7). test/lit/passes/lite-fuse-attention-models.mlir
// checks the generated transformer models.
// RUN: lite-run --compare %s --function exporter --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-EXPORTER
// NUM-EXPORTER: ops: 20 -> 1
// NUM-EXPORTER-NEXT: cosine 1.000000: ok
// RUN: lite-run --compare %s --function scale_on_q --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-Q
// NUM-Q: ops: 19 -> 1
// NUM-Q-NEXT: cosine 1.000000: ok
// RUN: lite-run --compare %s --function fc_scale_ops --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-FC
// NUM-FC: ops: 18 -> 1
// NUM-FC-NEXT: cosine 1.000000: ok
// RUN: lite-run --compare %s --function pytorch_seq_major --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-TORCH
// NUM-TORCH: ops: 26 -> 4
// NUM-TORCH-NEXT: cosine 1.000000: ok
// RUN: lite-run --compare %s --function pytorch_batch_first --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-TORCH-BF
// NUM-TORCH-BF: ops: 27 -> 3
// NUM-TORCH-BF-NEXT: cosine 1.000000: ok

// The exporters' graph (test/models/gen_models.py's transformer): scores
// divided by sqrt(Dh), a [B, 1, 1, S] mask added, K transposed [0, 1, 3, 2].
// CHECK-LABEL: func.func @exporter
// CHECK-DAG:     %[[WQ:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.020000e+00
// CHECK-DAG:     %[[BQ:.*]] = "lite.constant"() {value = dense<[4.800000e-02
// CHECK-DAG:     %[[WK:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.200000e-02
// CHECK-DAG:     %[[BK:.*]] = "lite.constant"() {value = dense<[-2.830000e-01
// CHECK-DAG:     %[[WV:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.380000e-01
// CHECK-DAG:     %[[BV:.*]] = "lite.constant"() {value = dense<[2.300000e-02
// CHECK:         %[[Y:.*]] = "lite.attention"(%arg0, %[[WQ]], %[[BQ]], %[[WK]], %[[BK]], %[[WV]], %[[BV]], %arg1) {num_heads = 2 : i64, scale = 0.707106769 : f32} : (tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<2x1x1x3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[Y]]
// LOC-LABEL: func.func @exporter
// LOC: "lite.attention"{{.*}} loc(fused["q_matmul", "q_add", "q_reshape", "q_transpose", "k_matmul", "k_add", "k_reshape", "k_transpose", "v_matmul", "v_add", "v_reshape", "v_transpose", "k_t", "qk", "scale", "mask", "softmax", "pv", "out_transpose", "out_reshape"])
func.func @exporter(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[1.020, -1.278, 0.209, -0.284], [-0.226, -0.108, -1.010, -0.116], [-0.433, 1.661, 0.113, -0.176], [-0.141, -0.334, -0.528, -0.195]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[0.048, -0.024, 0.096, -0.020]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.012, 0.773, 0.273, -0.253], [-0.091, 0.270, 0.968, -0.135], [-0.122, 0.501, -0.443, -0.146], [0.441, 0.290, 0.046, 0.335]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[-0.283, 0.102, -0.096, -0.167]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[0.138, 0.350, -0.222, -0.538], [0.013, -0.026, 0.703, 0.374], [0.097, 0.556, -0.103, -0.463], [0.292, 0.291, -0.107, -0.391]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[0.023, -0.249, 0.069, 0.049]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32> loc("q_matmul")
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32> loc("q_add")
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32> loc("q_reshape")
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32> loc("q_transpose")
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32> loc("k_matmul")
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32> loc("k_add")
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32> loc("k_reshape")
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32> loc("k_transpose")
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32> loc("v_matmul")
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32> loc("v_add")
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32> loc("v_reshape")
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32> loc("v_transpose")
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32> loc("k_t")
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32> loc("qk")
  %s1 = "lite.div"(%s0, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32> loc("scale")
  %s2 = "lite.add"(%s1, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32> loc("mask")
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("softmax")
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32> loc("pv")
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32> loc("out_transpose")
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32> loc("out_reshape")
  return %y : tensor<2x3x4xf32>
}

// -----

// The scale as a mul on Q after the head split, K's reshape transposed
// [0, 2, 3, 1] in one step, the bias added first-operand, softmax axis 3, an
// inference dropout, no mask.
// CHECK-LABEL: func.func @scale_on_q
// CHECK:         %[[Y:.*]] = "lite.attention"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {num_heads = 2 : i64, scale = 0.707106769 : f32} : (tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scale_on_q(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[-0.819, 0.031, -0.482, 0.379], [-1.017, -0.457, 0.355, 0.578], [-1.079, -0.249, 0.164, -0.305], [0.795, -0.596, 0.177, -0.524]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[0.141, -0.002, -0.037, -0.172]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.841, 0.376, 0.377, 0.569], [0.175, -0.320, -0.400, -0.400], [0.685, -0.730, -0.298, -0.161], [0.112, 0.288, -0.625, -0.865]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[-0.000, 0.121, 0.076, 0.022]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[-0.159, 0.147, -0.122, 0.409], [-0.397, 0.067, -0.055, 0.272], [0.112, 1.275, 0.749, 0.748], [-1.020, -0.170, -0.304, 0.266]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[-0.228, 0.117, 0.107, -0.130]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %cq = "lite.constant"() {value = dense<0.707106769> : tensor<1xf32>} : () -> tensor<1xf32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%bq, %q0) : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q4 = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %q = "lite.mul"(%cq, %q4) : (tensor<1xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%bk, %k0) : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %kt = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x2x3xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%bv, %v0) : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %a = "lite.softmax"(%s0) {axis = 3 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.dropout"(%a) : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// fc projections with [1, D] biases (reshaped to [D]), Q without bias
// (zeros), lite.scale ops on K's projection (0.5) and on the scores (1.5):
// scale 0.75; a [S, S] mask added first-operand.
// CHECK-LABEL: func.func @fc_scale_ops
// CHECK-DAG:     %[[ZERO:.*]] = "lite.constant"() {value = dense<0.000000e+00> : tensor<4xf32>}
// CHECK-DAG:     %[[BK:.*]] = "lite.constant"() {value = dense<[{{.*}}]> : tensor<4xf32>}
// CHECK:         %[[Y:.*]] = "lite.attention"(%arg0, %{{.*}}, %[[ZERO]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %arg1) {num_heads = 2 : i64, scale = 7.500000e-01 : f32}
// CHECK-NEXT:    return %[[Y]]
func.func @fc_scale_ops(%x: tensor<2x3x4xf32>, %m: tensor<3x3xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[-0.489, -0.401, 0.022, 0.320], [1.024, -0.099, 0.384, 0.078], [0.880, 0.371, 0.684, -0.539], [-0.096, -0.407, 0.752, 0.329]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %wk = "lite.constant"() {value = dense<[[-0.153, -0.226, 0.242, -0.351], [-0.465, 0.241, 1.232, -0.123], [-0.278, -0.586, -0.668, 0.262], [0.425, 0.005, 0.166, 0.058]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[[0.014, -0.153, -0.046, 0.011]]> : tensor<1x4xf32>} : () -> tensor<1x4xf32>
  %wv = "lite.constant"() {value = dense<[[-0.392, -0.238, -0.410, -0.167], [0.427, -0.203, -0.077, 0.407], [0.322, 0.848, -1.045, 0.428], [-0.241, 0.067, 0.419, 0.542]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[[0.104, 0.016, 0.161, -0.028]]> : tensor<1x4xf32>} : () -> tensor<1x4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q1 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k1 = "lite.fc"(%x, %wk, %bk) {in_num_col_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
  %ks = "lite.scale"(%k1) {scale = 5.000000e-01 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%ks, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v1 = "lite.fc"(%x, %wv, %bv) {in_num_col_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.scale"(%s0) {scale = 1.500000e+00 : f32} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.add"(%m, %s1) : (tensor<3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// (Q K^T + mask) / c scales the mask too: not what the op computes.
// CHECK-LABEL: func.func @scale_after_mask
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @scale_after_mask(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[-0.070, 0.400, -0.276, 1.080], [0.510, 1.088, -0.013, -0.192], [0.084, 0.367, -0.294, 0.190], [-0.008, 0.808, -0.331, 0.523]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[-0.064, -0.096, -0.071, -0.119]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.073, 0.516, 0.082, 0.312], [0.816, 0.135, 0.098, -0.138], [-0.804, 0.380, -0.878, 0.326], [-0.007, 0.563, -0.034, -0.412]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[0.036, -0.056, -0.018, 0.004]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[-0.067, -0.094, -0.416, -0.095], [-1.069, -0.079, -0.599, 0.560], [0.635, -0.976, 0.072, -0.063], [-0.523, 0.266, -0.231, -0.884]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[-0.027, -0.015, 0.011, -0.123]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.add"(%s0, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.div"(%s1, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// K is projected from another input (cross-attention).
// CHECK-LABEL: func.func @other_input
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @other_input(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>, %z: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[0.308, 0.368, -0.573, -0.329], [-0.040, -0.283, 0.872, 0.104], [-0.505, -0.394, -0.029, 1.148], [-0.089, 0.064, 0.257, -0.020]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[0.228, -0.053, 0.074, 0.016]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.311, -0.588, 0.884, -0.061], [0.017, -0.467, -0.365, 0.282], [0.493, 0.377, 0.604, 0.357], [0.014, 0.418, 0.297, -0.050]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[0.073, 0.129, 0.023, -0.036]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[0.359, 0.950, -0.105, -0.046], [-0.068, 0.612, -0.919, 0.183], [0.596, -0.407, 0.744, 0.268], [-0.275, 0.102, -0.767, -0.283]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[0.183, -0.089, 0.184, -0.008]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%z, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.div"(%s0, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.add"(%s1, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// The attention probabilities are also returned.
// CHECK-LABEL: func.func @probs_returned
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @probs_returned(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>) -> (tensor<2x3x4xf32>, tensor<2x2x3x3xf32>) {
  %wq = "lite.constant"() {value = dense<[[0.497, 0.022, -1.121, -0.286], [0.095, -0.575, -0.674, 0.183], [-0.325, -0.848, -0.342, 0.430], [-0.237, 0.467, 0.764, 0.016]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[-0.113, -0.130, -0.003, 0.088]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.135, 0.274, -0.222, 0.150], [-0.236, -0.163, -0.646, -0.786], [-0.241, -0.554, -0.479, 0.336], [-0.054, 1.457, 0.463, -0.317]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[0.078, 0.036, -0.069, 0.110]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[-0.388, -1.529, 0.397, -0.309], [0.743, -0.325, -0.591, 0.774], [-0.538, 0.102, 0.725, 0.057], [-0.040, 0.051, 0.420, -0.403]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[0.061, 0.058, 0.233, -0.034]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.div"(%s0, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.add"(%s1, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y, %p : tensor<2x3x4xf32>, tensor<2x2x3x3xf32>
}

// -----

// Softmax over the queries (axis 2) instead of the keys.
// CHECK-LABEL: func.func @softmax_axis
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @softmax_axis(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[-0.457, 0.368, -0.199, 0.145], [0.066, 0.584, -0.328, -0.046], [-1.276, -0.445, 0.768, -0.341], [-0.351, -0.609, 0.290, 0.089]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[-0.119, 0.067, 0.026, 0.075]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[-0.321, 0.869, 0.205, -0.058], [-0.259, -0.122, 0.429, -0.134], [0.539, 0.290, 0.673, 0.407], [-0.031, -0.955, 0.149, 0.395]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[0.016, 0.056, -0.047, -0.038]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[-0.471, 0.681, 0.079, -0.246], [-0.666, -0.077, 0.721, 0.231], [-0.362, 0.715, 0.714, 0.490], [0.394, 0.578, 0.272, 0.388]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[-0.078, 0.150, 0.023, 0.202]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.div"(%s0, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.add"(%s1, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = 2 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// A constant factor on V scales the output, not the scores.
// CHECK-LABEL: func.func @scale_on_v
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @scale_on_v(%x: tensor<2x3x4xf32>, %m: tensor<2x1x1x3xf32>) -> tensor<2x3x4xf32> {
  %wq = "lite.constant"() {value = dense<[[-1.021, 0.353, 0.491, -0.171], [0.226, 0.374, 0.289, -0.270], [-0.071, 0.510, 0.639, 0.049], [0.039, 0.100, 0.519, -0.527]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bq = "lite.constant"() {value = dense<[-0.133, 0.012, -0.111, -0.059]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wk = "lite.constant"() {value = dense<[[0.043, 0.241, -0.536, 0.401], [-0.887, 0.273, -0.789, -0.637], [0.321, -0.203, -0.398, -0.222], [0.233, -0.027, -0.015, 0.527]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bk = "lite.constant"() {value = dense<[-0.072, -0.047, -0.052, 0.117]> : tensor<4xf32>} : () -> tensor<4xf32>
  %wv = "lite.constant"() {value = dense<[[0.496, 0.644, -0.017, -0.078], [0.426, -0.197, 0.415, 0.362], [-0.349, -0.042, -0.060, 0.867], [1.294, -0.050, 0.007, -1.141]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %bv = "lite.constant"() {value = dense<[0.021, -0.001, -0.107, 0.079]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s4 = "lite.constant"() {value = dense<[2, 3, 2, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %s3 = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %c = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %q0 = "lite.matmul"(%x, %wq) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %q1 = "lite.add"(%q0, %bq) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %q2 = "lite.reshape"(%q1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %q = "lite.transpose"(%q2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %k0 = "lite.matmul"(%x, %wk) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %k1 = "lite.add"(%k0, %bk) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %k2 = "lite.reshape"(%k1, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %k = "lite.transpose"(%k2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %v0 = "lite.matmul"(%x, %wv) : (tensor<2x3x4xf32>, tensor<4x4xf32>) -> tensor<2x3x4xf32>
  %v1 = "lite.add"(%v0, %bv) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %v1s = "lite.mul"(%v1, %c) : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3x4xf32>
  %v2 = "lite.reshape"(%v1s, %s4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<2x3x2x2xf32>
  %v = "lite.transpose"(%v2) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>
  %kt = "lite.transpose"(%k) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>
  %s0 = "lite.matmul"(%q, %kt) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>
  %s1 = "lite.div"(%s0, %c) : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %s2 = "lite.add"(%s1, %m) : (tensor<2x2x3x3xf32>, tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>
  %p = "lite.softmax"(%s2) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %o0 = "lite.matmul"(%p, %v) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  %o1 = "lite.transpose"(%o0) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
  %y = "lite.reshape"(%o1, %s3) : (tensor<2x3x2x2xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// PyTorch's nn.MultiheadAttention as torch.onnx.export writes it (the
// default, sequence-major [S, B, D] input; test/models/gen_models.py's
// pytorch_mha): one packed in-projection [D, 3D] whose columns are split by
// reshape [S, B, 3, D], unsqueeze, transpose [3, 1, 2, 0, 4], squeeze and
// gathers, heads as reshape [S, B H, Dh], transpose [1, 0, 2], reshape
// [B, H, S, Dh], sqrt(scale) on Q and on K^T, the output transposed [2, 0,
// 1, 3] and reshaped to [S B, D]. The fused op takes x transposed to
// [B, S, D] and the packed weight's column blocks as Wq, Wk, Wv; its
// result goes back to the root's sequence-major rows.
// CHECK-LABEL: func.func @pytorch_seq_major
// CHECK-DAG:     %[[WQ:.*]] = "lite.constant"() {value = dense<{{\[\[}}-4.010000e-01, -6.620000e-01, -1.240000e-01, 2.100000e-01], [-4.790000e-01
// CHECK-DAG:     %[[BQ:.*]] = "lite.constant"() {value = dense<[-2.300000e-02, -2.600000e-02, 9.600000e-02, -1.180000e-01]>
// CHECK-DAG:     %[[WK:.*]] = "lite.constant"() {value = dense<{{\[\[}}5.680000e-01, 5.500000e-02, -2.760000e-01, -3.920000e-01], [-4.200000e-02
// CHECK-DAG:     %[[BK:.*]] = "lite.constant"() {value = dense<[7.400000e-02, -1.100000e-01, -3.300000e-02, -0.0839999988]>
// CHECK-DAG:     %[[WV:.*]] = "lite.constant"() {value = dense<{{\[\[}}3.740000e-01, 0.816999971, 1.360000e-01, -6.170000e-01], [-3.570000e-01
// CHECK-DAG:     %[[BV:.*]] = "lite.constant"() {value = dense<[1.450000e-01, 5.700000e-02, 2.430000e-01, 6.400000e-02]>
// CHECK:         %[[X:.*]] = "lite.transpose"(%arg0) {perm = array<i64: 1, 0, 2>} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %[[A:.*]] = "lite.attention"(%[[X]], %[[WQ]], %[[BQ]], %[[WK]], %[[BK]], %[[WV]], %[[BV]]) {num_heads = 2 : i64, scale = 0.707106829 : f32} : {{.*}} -> tensor<2x3x4xf32>
// CHECK-NEXT:    %[[T:.*]] = "lite.transpose"(%[[A]]) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.reshape"(%[[T]]) {shape = array<i64: 6, 4>} : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT:    return %[[Y]]
// LOC-LABEL: func.func @pytorch_seq_major
// LOC: "lite.attention"{{.*}} loc(fused["matmul_0", "add_0", "reshape_0", "unsqueeze_0", "transpose_0", "squeeze_0", "gather_0", "reshape_1", "transpose_1", "reshape_2", "gather_1",
func.func @pytorch_seq_major(%arg0: tensor<3x2x4xf32>) -> (tensor<6x4xf32>) {
  %0 = "lite.constant"() {value = dense<[[-0.401, -0.662, -0.124, 0.210, 0.568, 0.055, -0.276, -0.392, 0.374, 0.817, 0.136, -0.617], [-0.479, 0.800, 0.101, -0.866, -0.042, -0.582, -0.315, -0.244, -0.357, 0.277, -0.032, -0.295], [0.205, 0.415, -0.822, -0.128, -0.490, -0.087, -0.645, 0.010, -0.019, -0.152, -0.524, -0.198], [-0.546, -0.678, 0.112, -0.555, 0.585, 0.358, -0.999, 0.136, -0.551, 0.017, 0.022, -0.994]]> : tensor<4x12xf32>} : () -> tensor<4x12xf32>
  %1 = "lite.constant"() {value = dense<[-2.300000e-02, -2.600000e-02, 9.600000e-02, -1.180000e-01, 7.400000e-02, -1.100000e-01, -3.300000e-02, -0.0839999988, 1.450000e-01, 5.700000e-02, 2.430000e-01, 6.400000e-02]> : tensor<12xf32>} : () -> tensor<12xf32>
  %2 = "lite.constant"() {value = dense<[3, 2, 3, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
  %3 = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %4 = "lite.constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %5 = "lite.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %6 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %7 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %8 = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %9 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %10 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %11 = "lite.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %12 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %13 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %14 = "lite.constant"() {value = dense<0.840896427> : tensor<1xf32>} : () -> tensor<1xf32>
  %15 = "lite.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %16 = "lite.matmul"(%arg0, %0) : (tensor<3x2x4xf32>, tensor<4x12xf32>) -> tensor<3x2x12xf32> loc("matmul_0")
  %17 = "lite.add"(%1, %16) : (tensor<12xf32>, tensor<3x2x12xf32>) -> tensor<3x2x12xf32> loc("add_0")
  %18 = "lite.reshape"(%17, %2) : (tensor<3x2x12xf32>, tensor<4xi64>) -> tensor<3x2x3x4xf32> loc("reshape_0")
  %19 = "lite.unsqueeze"(%18, %3) : (tensor<3x2x3x4xf32>, tensor<1xi64>) -> tensor<1x3x2x3x4xf32> loc("unsqueeze_0")
  %20 = "lite.transpose"(%19) {perm = array<i64: 3, 1, 2, 0, 4>} : (tensor<1x3x2x3x4xf32>) -> tensor<3x3x2x1x4xf32> loc("transpose_0")
  %21 = "lite.squeeze"(%20, %4) : (tensor<3x3x2x1x4xf32>, tensor<1xi64>) -> tensor<3x3x2x4xf32> loc("squeeze_0")
  %22 = "lite.gather"(%21, %5) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_0")
  %23 = "lite.reshape"(%22, %6) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_1")
  %24 = "lite.transpose"(%23) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_1")
  %25 = "lite.reshape"(%24, %7) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_2")
  %26 = "lite.gather"(%21, %8) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_1")
  %27 = "lite.reshape"(%26, %9) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_3")
  %28 = "lite.transpose"(%27) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_2")
  %29 = "lite.reshape"(%28, %10) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_4")
  %30 = "lite.gather"(%21, %11) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_2")
  %31 = "lite.reshape"(%30, %12) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_5")
  %32 = "lite.transpose"(%31) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_3")
  %33 = "lite.reshape"(%32, %13) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_6")
  %34 = "lite.mul"(%25, %14) : (tensor<2x2x3x2xf32>, tensor<1xf32>) -> tensor<2x2x3x2xf32> loc("mul_0")
  %35 = "lite.transpose"(%29) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32> loc("transpose_4")
  %36 = "lite.mul"(%35, %14) : (tensor<2x2x2x3xf32>, tensor<1xf32>) -> tensor<2x2x2x3xf32> loc("mul_1")
  %37 = "lite.matmul"(%34, %36) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32> loc("matmul_1")
  %38 = "lite.softmax"(%37) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("softmax_0")
  %39 = "lite.matmul"(%38, %33) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32> loc("matmul_2")
  %40 = "lite.transpose"(%39) {perm = array<i64: 2, 0, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<3x2x2x2xf32> loc("transpose_5")
  %41 = "lite.reshape"(%40, %15) : (tensor<3x2x2x2xf32>, tensor<2xi64>) -> tensor<6x4xf32> loc("reshape_7")
  return %41 : tensor<6x4xf32>
}

// -----

// The same with batch_first=True: x [B, S, D] transposed in; the fused op
// takes it as it was.
// CHECK-LABEL: func.func @pytorch_batch_first
// CHECK:         %[[A:.*]] = "lite.attention"(%arg0, {{.*}}) {num_heads = 2 : i64, scale = 0.707106829 : f32} : {{.*}} -> tensor<2x3x4xf32>
// CHECK-NEXT:    %[[T:.*]] = "lite.transpose"(%[[A]]) {perm = array<i64: 1, 0, 2>}
// CHECK-NEXT:    %[[Y:.*]] = "lite.reshape"(%[[T]]) {shape = array<i64: 6, 4>}
// CHECK-NEXT:    return %[[Y]]
func.func @pytorch_batch_first(%arg0: tensor<2x3x4xf32>) -> (tensor<6x4xf32>) {
  %0 = "lite.constant"() {value = dense<[[-0.401, -0.662, -0.124, 0.210, 0.568, 0.055, -0.276, -0.392, 0.374, 0.817, 0.136, -0.617], [-0.479, 0.800, 0.101, -0.866, -0.042, -0.582, -0.315, -0.244, -0.357, 0.277, -0.032, -0.295], [0.205, 0.415, -0.822, -0.128, -0.490, -0.087, -0.645, 0.010, -0.019, -0.152, -0.524, -0.198], [-0.546, -0.678, 0.112, -0.555, 0.585, 0.358, -0.999, 0.136, -0.551, 0.017, 0.022, -0.994]]> : tensor<4x12xf32>} : () -> tensor<4x12xf32>
  %1 = "lite.constant"() {value = dense<[-2.300000e-02, -2.600000e-02, 9.600000e-02, -1.180000e-01, 7.400000e-02, -1.100000e-01, -3.300000e-02, -0.0839999988, 1.450000e-01, 5.700000e-02, 2.430000e-01, 6.400000e-02]> : tensor<12xf32>} : () -> tensor<12xf32>
  %2 = "lite.constant"() {value = dense<[3, 2, 3, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
  %3 = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %4 = "lite.constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %5 = "lite.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %6 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %7 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %8 = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %9 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %10 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %11 = "lite.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %12 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %13 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %14 = "lite.constant"() {value = dense<0.840896427> : tensor<1xf32>} : () -> tensor<1xf32>
  %15 = "lite.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %16 = "lite.transpose"(%arg0) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32> loc("transpose_0")
  %17 = "lite.matmul"(%16, %0) : (tensor<3x2x4xf32>, tensor<4x12xf32>) -> tensor<3x2x12xf32> loc("matmul_0")
  %18 = "lite.add"(%1, %17) : (tensor<12xf32>, tensor<3x2x12xf32>) -> tensor<3x2x12xf32> loc("add_0")
  %19 = "lite.reshape"(%18, %2) : (tensor<3x2x12xf32>, tensor<4xi64>) -> tensor<3x2x3x4xf32> loc("reshape_0")
  %20 = "lite.unsqueeze"(%19, %3) : (tensor<3x2x3x4xf32>, tensor<1xi64>) -> tensor<1x3x2x3x4xf32> loc("unsqueeze_0")
  %21 = "lite.transpose"(%20) {perm = array<i64: 3, 1, 2, 0, 4>} : (tensor<1x3x2x3x4xf32>) -> tensor<3x3x2x1x4xf32> loc("transpose_1")
  %22 = "lite.squeeze"(%21, %4) : (tensor<3x3x2x1x4xf32>, tensor<1xi64>) -> tensor<3x3x2x4xf32> loc("squeeze_0")
  %23 = "lite.gather"(%22, %5) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_0")
  %24 = "lite.reshape"(%23, %6) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_1")
  %25 = "lite.transpose"(%24) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_2")
  %26 = "lite.reshape"(%25, %7) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_2")
  %27 = "lite.gather"(%22, %8) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_1")
  %28 = "lite.reshape"(%27, %9) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_3")
  %29 = "lite.transpose"(%28) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_3")
  %30 = "lite.reshape"(%29, %10) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_4")
  %31 = "lite.gather"(%22, %11) {axis = 0 : i64} : (tensor<3x3x2x4xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_2")
  %32 = "lite.reshape"(%31, %12) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_5")
  %33 = "lite.transpose"(%32) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_4")
  %34 = "lite.reshape"(%33, %13) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_6")
  %35 = "lite.mul"(%26, %14) : (tensor<2x2x3x2xf32>, tensor<1xf32>) -> tensor<2x2x3x2xf32> loc("mul_0")
  %36 = "lite.transpose"(%30) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32> loc("transpose_5")
  %37 = "lite.mul"(%36, %14) : (tensor<2x2x2x3xf32>, tensor<1xf32>) -> tensor<2x2x2x3xf32> loc("mul_1")
  %38 = "lite.matmul"(%35, %37) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32> loc("matmul_1")
  %39 = "lite.softmax"(%38) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("softmax_0")
  %40 = "lite.matmul"(%39, %34) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32> loc("matmul_2")
  %41 = "lite.transpose"(%40) {perm = array<i64: 2, 0, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<3x2x2x2xf32> loc("transpose_6")
  %42 = "lite.reshape"(%41, %15) : (tensor<3x2x2x2xf32>, tensor<2xi64>) -> tensor<6x4xf32> loc("reshape_7")
  return %42 : tensor<6x4xf32>
}

// -----

// Left alone: the packed projection split the other way (reshape [S, B, D,
// 3], gathers on the last axis), so Q, K and V are interleaved columns, not
// blocks: no weight slice is the fused op's.
// CHECK-LABEL: func.func @packed_interleaved
// CHECK-NOT:     "lite.attention"
// CHECK:         "lite.softmax"
func.func @packed_interleaved(%arg0: tensor<3x2x4xf32>) -> (tensor<6x4xf32>) {
  %0 = "lite.constant"() {value = dense<[[-0.401, -0.662, -0.124, 0.210, 0.568, 0.055, -0.276, -0.392, 0.374, 0.817, 0.136, -0.617], [-0.479, 0.800, 0.101, -0.866, -0.042, -0.582, -0.315, -0.244, -0.357, 0.277, -0.032, -0.295], [0.205, 0.415, -0.822, -0.128, -0.490, -0.087, -0.645, 0.010, -0.019, -0.152, -0.524, -0.198], [-0.546, -0.678, 0.112, -0.555, 0.585, 0.358, -0.999, 0.136, -0.551, 0.017, 0.022, -0.994]]> : tensor<4x12xf32>} : () -> tensor<4x12xf32>
  %1 = "lite.constant"() {value = dense<[-2.300000e-02, -2.600000e-02, 9.600000e-02, -1.180000e-01, 7.400000e-02, -1.100000e-01, -3.300000e-02, -0.0839999988, 1.450000e-01, 5.700000e-02, 2.430000e-01, 6.400000e-02]> : tensor<12xf32>} : () -> tensor<12xf32>
  %2 = "lite.constant"() {value = dense<[3, 2, 4, 3]> : tensor<4xi64>} : () -> tensor<4xi64>
  %3 = "lite.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %4 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %5 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %6 = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %7 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %8 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %9 = "lite.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %10 = "lite.constant"() {value = dense<[3, 4, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %11 = "lite.constant"() {value = dense<[2, 2, 3, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %12 = "lite.constant"() {value = dense<0.840896427> : tensor<1xf32>} : () -> tensor<1xf32>
  %13 = "lite.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %14 = "lite.matmul"(%arg0, %0) : (tensor<3x2x4xf32>, tensor<4x12xf32>) -> tensor<3x2x12xf32> loc("matmul_0")
  %15 = "lite.add"(%1, %14) : (tensor<12xf32>, tensor<3x2x12xf32>) -> tensor<3x2x12xf32> loc("add_0")
  %16 = "lite.reshape"(%15, %2) : (tensor<3x2x12xf32>, tensor<4xi64>) -> tensor<3x2x4x3xf32> loc("reshape_0")
  %17 = "lite.gather"(%16, %3) {axis = 3 : i64} : (tensor<3x2x4x3xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_0")
  %18 = "lite.reshape"(%17, %4) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_1")
  %19 = "lite.transpose"(%18) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_0")
  %20 = "lite.reshape"(%19, %5) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_2")
  %21 = "lite.gather"(%16, %6) {axis = 3 : i64} : (tensor<3x2x4x3xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_1")
  %22 = "lite.reshape"(%21, %7) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_3")
  %23 = "lite.transpose"(%22) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_1")
  %24 = "lite.reshape"(%23, %8) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_4")
  %25 = "lite.gather"(%16, %9) {axis = 3 : i64} : (tensor<3x2x4x3xf32>, tensor<i64>) -> tensor<3x2x4xf32> loc("gather_2")
  %26 = "lite.reshape"(%25, %10) : (tensor<3x2x4xf32>, tensor<3xi64>) -> tensor<3x4x2xf32> loc("reshape_5")
  %27 = "lite.transpose"(%26) {perm = array<i64: 1, 0, 2>} : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32> loc("transpose_2")
  %28 = "lite.reshape"(%27, %11) : (tensor<4x3x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32> loc("reshape_6")
  %29 = "lite.mul"(%20, %12) : (tensor<2x2x3x2xf32>, tensor<1xf32>) -> tensor<2x2x3x2xf32> loc("mul_0")
  %30 = "lite.transpose"(%24) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32> loc("transpose_3")
  %31 = "lite.mul"(%30, %12) : (tensor<2x2x2x3xf32>, tensor<1xf32>) -> tensor<2x2x2x3xf32> loc("mul_1")
  %32 = "lite.matmul"(%29, %31) : (tensor<2x2x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32> loc("matmul_1")
  %33 = "lite.softmax"(%32) {axis = -1 : i64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("softmax_0")
  %34 = "lite.matmul"(%33, %28) : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32> loc("matmul_2")
  %35 = "lite.transpose"(%34) {perm = array<i64: 2, 0, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<3x2x2x2xf32> loc("transpose_4")
  %36 = "lite.reshape"(%35, %13) : (tensor<3x2x2x2xf32>, tensor<2xi64>) -> tensor<6x4xf32> loc("reshape_7")
  return %36 : tensor<6x4xf32>
}

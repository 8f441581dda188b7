// lite-fuse-attention (Paddle-Lite's transformer_attention_fuse_pass): the
// multi-head self-attention subgraph (Q/K/V projections as matmul + add or
// fc, reshape to heads and transpose, Q K^T with its scale, the mask add,
// softmax, an inference dropout, times V, transpose and reshape back)
// becomes one lite.attention {num_heads, scale}. Left alone: a scale applied
// after the mask or to V, K projected from another input, the probabilities
// used elsewhere, a softmax over another axis.

// RUN: lite-opt %s --split-input-file --lite-fuse-attention | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-attention --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-attention --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-fused - Number of multi-head attention subgraphs fused

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

// lite-fuse-scales: scale(scale(x)) becomes one scale, for every
// combination of bias_after_scale (Paddle-Lite's scales_fuse_pass takes
// only bias-after-scale pairs): writing each scale as s x + B with B = b
// (after) or s b (before), s = s1 s2 and b = B1 s2 + B2, as one
// bias-after-scale scale. A chain that composes to the identity goes away.
// A scale after batch_norm goes into its gamma and beta. Left alone: a first
// scale with a second user or an activation, integer tensors (they round
// between the scales), a batch_norm with a second user, a scale with an
// activation after batch_norm, a gamma that is no constant.

// RUN: lite-opt %s --lite-fuse-scales | FileCheck %s
// RUN: lite-opt %s --lite-fuse-scales --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 7 num-fused    - Number of scale+scale pairs fused
// STATS: (S) 2 num-fused-bn - Number of batch_norm+scale pairs fused

// Before vs after on the reference interpreter (random inputs): one
// scale computes s x + b in double where two rounded s1 x + b1 to f32
// first, and s, b are rounded to f32 once.
// RUN: lite-run --compare %s --function pairs --pass-pipeline='builtin.module(func.func(lite-fuse-scales))' --rtol 1e-5 | FileCheck %s --check-prefix=PAIRS
// RUN: lite-run --compare %s --function chain --pass-pipeline='builtin.module(func.func(lite-fuse-scales))' --rtol 1e-5 | FileCheck %s --check-prefix=CHAIN
// RUN: lite-run --compare %s --function bn_scale --pass-pipeline='builtin.module(func.func(lite-fuse-scales))' --rtol 1e-5 | FileCheck %s --check-prefix=BN
// PAIRS: ops: 8 -> 4
// PAIRS-COUNT-4: : ok
// CHAIN: ops: 6 -> 2
// CHAIN-COUNT-2: : ok
// BN: ops: 4 -> 2
// BN-COUNT-2: : ok

// s1 = 2, b1 = 1 then s2 = 3, b2 = 0.5; s = 6 and, by (first, second):
// (after, after) b = 1 * 3 + 0.5; (before, after) b = 1 * 2 * 3 + 0.5;
// (after, before) b = (1 + 0.5) * 3; (before, before) b = (1 * 2 + 0.5) * 3.
// CHECK-LABEL: func.func @pairs
// CHECK-NEXT:    %[[A:.*]] = "lite.scale"(%arg0) {bias = 3.500000e+00 : f32, scale = 6.000000e+00 : f32}
// CHECK-NEXT:    %[[B:.*]] = "lite.scale"(%arg0) {bias = 6.500000e+00 : f32, scale = 6.000000e+00 : f32}
// CHECK-NEXT:    %[[C:.*]] = "lite.scale"(%arg0) {bias = 4.500000e+00 : f32, scale = 6.000000e+00 : f32}
// CHECK-NEXT:    %[[D:.*]] = "lite.scale"(%arg0) {bias = 7.500000e+00 : f32, scale = 6.000000e+00 : f32}
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @pairs(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a1 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a = "lite.scale"(%a1) {scale = 3.0 : f32, bias = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b1 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32, bias_after_scale = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = "lite.scale"(%b1) {scale = 3.0 : f32, bias = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c1 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = "lite.scale"(%c1) {scale = 3.0 : f32, bias = 0.5 : f32, bias_after_scale = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %d1 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32, bias_after_scale = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = "lite.scale"(%d1) {scale = 3.0 : f32, bias = 0.5 : f32, bias_after_scale = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a, %b, %c, %d : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Chains fold pair by pair. 2x + 1, then 0.5 y - 0.5 is x: gone, leaving
// the third scale and its relu. A chain of three: ((x - 1) * 2 + 4) * 0.25
// - 1 = 0.5 x - 0.5, in f64.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[A:.*]] = "lite.scale"(%arg0) {activation = "relu", scale = 4.000000e+00 : f32}
// CHECK-NEXT:    %[[B:.*]] = "lite.scale"(%arg1) {bias = -5.000000e-01 : f32, scale = 5.000000e-01 : f32}
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @chain(%x: tensor<4xf32>, %y: tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf64>) {
  %a1 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %a2 = "lite.scale"(%a1) {scale = 0.5 : f32, bias = -0.5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %a = "lite.scale"(%a2) {scale = 4.0 : f32, activation = "relu"} : (tensor<4xf32>) -> tensor<4xf32>
  %b1 = "lite.scale"(%y) {scale = 2.0 : f32, bias = -1.0 : f32, bias_after_scale = 0 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  %b2 = "lite.scale"(%b1) {bias = 4.0 : f32} : (tensor<4xf64>) -> tensor<4xf64>
  %b = "lite.scale"(%b2) {scale = 0.25 : f32, bias = -1.0 : f32} : (tensor<4xf64>) -> tensor<4xf64>
  return %a, %b : tensor<4xf32>, tensor<4xf64>
}

// batch_norm then scale: gamma' = s gamma, beta' = s beta + B, with
// B = b (after) or s b (before).
// CHECK-LABEL: func.func @bn_scale
// CHECK-DAG:     %[[G:.*]] = "lite.constant"() {value = dense<[2.000000e+00, -4.000000e+00]> : tensor<2xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>}
// CHECK-DAG:     %[[B2:.*]] = "lite.constant"() {value = dense<[4.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK:         %[[Y:.*]] = "lite.batch_norm"(%arg0, %[[G]], %[[B]], %{{.*}}, %{{.*}}) {epsilon = 1.000000e-03 : f32} : (tensor<1x2x3xf32>, {{.*}}
// CHECK:         %[[Z:.*]] = "lite.batch_norm"(%arg0, %{{[0-9]+}}, %[[B2]], %{{.*}}, %{{.*}}) : (tensor<1x2x3xf32>, {{.*}}
// CHECK-NEXT:    return %[[Y]], %[[Z]]
func.func @bn_scale(%x: tensor<1x2x3xf32>) -> (tensor<1x2x3xf32>, tensor<1x2x3xf32>) {
  %g = "lite.constant"() {value = dense<[1.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %be = "lite.constant"() {value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %n = "lite.batch_norm"(%x, %g, %be, %m, %v) {epsilon = 0.001 : f32} : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %y = "lite.scale"(%n) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %n2 = "lite.batch_norm"(%x, %g, %be, %m, %v) : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %z = "lite.scale"(%n2) {scale = 2.0 : f32, bias = 1.0 : f32, bias_after_scale = 0 : i64} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return %y, %z : tensor<1x2x3xf32>, tensor<1x2x3xf32>
}

// Left alone: the first scale is also returned; the first scale has an
// activation (it comes between); i32 tensors; a batch_norm that is also
// returned; a scale with an activation after batch_norm; a gamma that is an
// argument.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: "lite.scale"
// CHECK-NOT:     "lite.scale"
// CHECK-LABEL: func.func @left_alone_bn
// CHECK:         "lite.batch_norm"
// CHECK-NEXT:    "lite.scale"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    "lite.scale"
// CHECK-NEXT:    "lite.batch_norm"
// CHECK-NEXT:    "lite.scale"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %a1 = "lite.scale"(%x) {scale = 2.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %a = "lite.scale"(%a1) {scale = 3.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %b1 = "lite.scale"(%x) {scale = 2.0 : f32, activation = "relu"} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "lite.scale"(%b1) {scale = 3.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %c1 = "lite.scale"(%i) {scale = 0.5 : f32} : (tensor<4xi32>) -> tensor<4xi32>
  %c = "lite.scale"(%c1) {scale = 2.0 : f32} : (tensor<4xi32>) -> tensor<4xi32>
  return %a, %a1, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}
func.func @left_alone_bn(%x: tensor<1x2x3xf32>, %gx: tensor<2xf32>) -> (tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>) {
  %g = "lite.constant"() {value = dense<[1.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %n = "lite.batch_norm"(%x, %g, %g, %g, %g) : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %y = "lite.scale"(%n) {scale = 2.0 : f32} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %n2 = "lite.batch_norm"(%x, %g, %g, %g, %g) : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %z = "lite.scale"(%n2) {scale = 2.0 : f32, activation = "relu"} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %n3 = "lite.batch_norm"(%x, %gx, %g, %g, %g) : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %w = "lite.scale"(%n3) {scale = 2.0 : f32} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return %y, %n, %z, %w : tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>
}

// lite-fuse-layer-norm: the decomposed layer norm of exporters below opset 17
// (reduce_mean, sub, pow 2 or xc * xc, reduce_mean, add eps, sqrt, div or
// mul by 1/std, mul gamma, add beta) over trailing axes becomes one
// lite.layer_norm {axis, epsilon}; a missing gamma becomes ones. Left alone:
// a reduction that is not trailing, reductions over different axes, an
// intermediate with a second user, a power other than 2, an eps that is not
// a scalar, a fused activation. A gamma that varies along a kept axis stays
// a mul after the fused op.

// RUN: lite-opt %s --split-input-file --lite-fuse-layer-norm | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-layer-norm --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-layer-norm --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 7 num-fused - Number of decomposed layer norms fused

// Numbers: the fused op normalizes in double, the decomposed graph rounds
// each f32 step; they agree within rtol 1e-5 and atol 1e-6 (max-abs seen
// about 5e-7) on random inputs in [-1, 1).
// RUN: lite-run --compare %s --function ln_gamma_beta --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function ln_twice_reciprocal --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function ln_trailing_rsqrt --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function ln_beta_only --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function ln_pow_half --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function gamma_per_row --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function ln_dynamic --input-shape arg0=3x5 --pass-pipeline='builtin.module(func.func(lite-fuse-layer-norm))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM
// NUM: cosine 1.000000: ok

// The exporters' form, beta added first-operand, gamma and beta absorbed.
// CHECK-LABEL: func.func @ln_gamma_beta
// CHECK-DAG:     %[[G:.*]] = "lite.constant"() {value = dense<[1.000000e+00, 1.500000e+00
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[0.000000e+00, 1.000000e-01
// CHECK:         %[[Y:.*]] = "lite.layer_norm"(%arg0, %[[G]], %[[B]]) {axis = 2 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT:    return %[[Y]]
// LOC-LABEL: func.func @ln_gamma_beta
// LOC: "lite.layer_norm"{{.*}} loc(fused["mean", "xc", "sq", "var", "ve", "std", "n", "g", "y"])
func.func @ln_gamma_beta(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %axes = "lite.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %gamma = "lite.constant"() {value = dense<[1.0, 1.5, 0.5, 2.0, 1.0, 0.25, 3.0, 1.0]> : tensor<8xf32>} : () -> tensor<8xf32>
  %beta = "lite.constant"() {value = dense<[0.0, 0.1, -0.2, 0.3, 0.0, 1.0, -1.0, 0.5]> : tensor<8xf32>} : () -> tensor<8xf32>
  %mean = "lite.reduce_mean"(%x, %axes) : (tensor<2x4x8xf32>, tensor<1xi64>) -> tensor<2x4x1xf32> loc("mean")
  %xc = "lite.sub"(%x, %mean) : (tensor<2x4x8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32> loc("xc")
  %sq = "lite.pow"(%xc, %two) : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4x8xf32> loc("sq")
  %var = "lite.reduce_mean"(%sq, %axes) : (tensor<2x4x8xf32>, tensor<1xi64>) -> tensor<2x4x1xf32> loc("var")
  %ve = "lite.add"(%var, %eps) : (tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4x1xf32> loc("ve")
  %std = "lite.sqrt"(%ve) : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32> loc("std")
  %n = "lite.div"(%xc, %std) : (tensor<2x4x8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32> loc("n")
  %g = "lite.mul"(%n, %gamma) : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32> loc("g")
  %y = "lite.add"(%beta, %g) : (tensor<8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32> loc("y")
  return %y : tensor<2x4x8xf32>
}

// -----

// x - mean computed twice, the square as xc * xc, the division as a
// multiplication by reciprocal(sqrt(..)); no gamma or beta: Scale is ones.
// CHECK-LABEL: func.func @ln_twice_reciprocal
// CHECK:         %[[ONES:.*]] = "lite.constant"() {value = dense<1.000000e+00> : tensor<6xf32>}
// CHECK-NEXT:    %[[Y:.*]] = "lite.layer_norm"(%arg0, %[[ONES]]) {axis = 1 : i64, epsilon = 9.99999996E-13 : f32} : (tensor<3x6xf32>, tensor<6xf32>) -> tensor<3x6xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @ln_twice_reciprocal(%x: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %eps = "lite.constant"() {value = dense<1.0e-12> : tensor<1xf32>} : () -> tensor<1xf32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %xc1 = "lite.sub"(%x, %mean) : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %xc2 = "lite.sub"(%x, %mean) : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %sq = "lite.mul"(%xc2, %xc2) : (tensor<3x6xf32>, tensor<3x6xf32>) -> tensor<3x6xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: -1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %ve = "lite.add"(%eps, %var) : (tensor<1xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  %inv = "lite.reciprocal"(%std) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  %y = "lite.mul"(%inv, %xc1) : (tensor<3x1xf32>, tensor<3x6xf32>) -> tensor<3x6xf32>
  return %y : tensor<3x6xf32>
}

// -----

// Two trailing axes (axis 1 of a rank-3 tensor), rsqrt, a [4, 5] gamma.
// CHECK-LABEL: func.func @ln_trailing_rsqrt
// CHECK:         "lite.layer_norm"(%arg0, %{{.*}}) {axis = 1 : i64, epsilon = 1.000000e-03 : f32} : (tensor<2x4x5xf32>, tensor<4x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NOT:     "lite.mul"
func.func @ln_trailing_rsqrt(%x: tensor<2x4x5xf32>) -> tensor<2x4x5xf32> {
  %axes = "lite.constant"() {value = dense<[-2, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %two = "lite.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %eps = "lite.constant"() {value = dense<1.0e-3> : tensor<f32>} : () -> tensor<f32>
  %gamma = "lite.constant"() {value = dense<0.5> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %mean = "lite.reduce_mean"(%x, %axes) : (tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<2x4x5xf32>, tensor<2x1x1xf32>) -> tensor<2x4x5xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<2x4x5xf32>, tensor<i64>) -> tensor<2x4x5xf32>
  %var = "lite.reduce_mean"(%sq, %axes) : (tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<2x1x1xf32>, tensor<f32>) -> tensor<2x1x1xf32>
  %inv = "lite.rsqrt"(%ve) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %n = "lite.mul"(%xc, %inv) : (tensor<2x4x5xf32>, tensor<2x1x1xf32>) -> tensor<2x4x5xf32>
  %y = "lite.mul"(%gamma, %n) : (tensor<4x5xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  return %y : tensor<2x4x5xf32>
}

// -----

// 1 / sqrt(..) as a div; beta without gamma.
// CHECK-LABEL: func.func @ln_beta_only
// CHECK:         %[[ONES:.*]] = "lite.constant"() {value = dense<1.000000e+00> : tensor<4xf32>}
// CHECK-NEXT:    "lite.layer_norm"(%arg0, %[[ONES]], %{{.*}}) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<5x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT:    return
func.func @ln_beta_only(%x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %axes = "lite.constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %beta = "lite.constant"() {value = dense<[0.5, -0.5, 1.0, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %mean = "lite.reduce_mean"(%x, %axes) : (tensor<5x4xf32>, tensor<1xi64>) -> tensor<5x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<5x4xf32>, tensor<5x1xf32>) -> tensor<5x4xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<5x4xf32>, tensor<f32>) -> tensor<5x4xf32>
  %var = "lite.reduce_mean"(%sq, %axes) : (tensor<5x4xf32>, tensor<1xi64>) -> tensor<5x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<5x1xf32>, tensor<f32>) -> tensor<5x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<5x1xf32>) -> tensor<5x1xf32>
  %inv = "lite.div"(%one, %std) : (tensor<f32>, tensor<5x1xf32>) -> tensor<5x1xf32>
  %n = "lite.mul"(%xc, %inv) : (tensor<5x4xf32>, tensor<5x1xf32>) -> tensor<5x4xf32>
  %y = "lite.add"(%n, %beta) : (tensor<5x4xf32>, tensor<4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// pow(var + eps, -0.5), axis 0 of a vector.
// CHECK-LABEL: func.func @ln_pow_half
// CHECK:         "lite.layer_norm"(%arg0, %{{.*}}) {axis = 0 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xf32>
// CHECK-NEXT:    return
func.func @ln_pow_half(%x: tensor<7xf32>) -> tensor<7xf32> {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %mhalf = "lite.constant"() {value = dense<-0.5> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 0>} : (tensor<7xf32>) -> tensor<1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<7xf32>, tensor<1xf32>) -> tensor<7xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<7xf32>, tensor<f32>) -> tensor<7xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: 0>} : (tensor<7xf32>) -> tensor<1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
  %inv = "lite.pow"(%ve, %mhalf) : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
  %y = "lite.mul"(%xc, %inv) : (tensor<7xf32>, tensor<1xf32>) -> tensor<7xf32>
  return %y : tensor<7xf32>
}

// -----

// A dynamic normalized dim: Scale is a scalar one.
// CHECK-LABEL: func.func @ln_dynamic
// CHECK:         %[[ONE:.*]] = "lite.constant"() {value = dense<1.000000e+00> : tensor<f32>}
// CHECK-NEXT:    "lite.layer_norm"(%arg0, %[[ONE]]) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
// CHECK-NEXT:    return
func.func @ln_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: -1>} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: -1>} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %n = "lite.div"(%xc, %std) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %n : tensor<?x?xf32>
}

// -----

// A gamma that varies along rows (a kept axis) is no layer-norm scale: the
// normalization fuses, the mul stays.
// CHECK-LABEL: func.func @gamma_per_row
// CHECK:         %[[N:.*]] = "lite.layer_norm"(%arg0, %{{.*}}) {axis = 1 : i64
// CHECK-NEXT:    "lite.mul"(%[[N]], %{{.*}}) : (tensor<3x4xf32>, tensor<3x1xf32>)
func.func @gamma_per_row(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %gamma = "lite.constant"() {value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: 1>} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  %n = "lite.div"(%xc, %std) : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %y = "lite.mul"(%n, %gamma) : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// Normalizing over the middle axis is not a layer norm.
// CHECK-LABEL: func.func @not_trailing
// CHECK-NOT:     "lite.layer_norm"
// CHECK:         "lite.div"
func.func @not_trailing(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<2x4x8xf32>) -> tensor<2x1x8xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<2x4x8xf32>, tensor<2x1x8xf32>) -> tensor<2x4x8xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: 1>} : (tensor<2x4x8xf32>) -> tensor<2x1x8xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<2x1x8xf32>, tensor<f32>) -> tensor<2x1x8xf32>
  %std = "lite.sqrt"(%ve) : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
  %n = "lite.div"(%xc, %std) : (tensor<2x4x8xf32>, tensor<2x1x8xf32>) -> tensor<2x4x8xf32>
  return %n : tensor<2x4x8xf32>
}

// -----

// Mean over the last axis, variance over the last two: no single axis.
// CHECK-LABEL: func.func @different_axes
// CHECK-NOT:     "lite.layer_norm"
// CHECK:         "lite.div"
func.func @different_axes(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: -1>} : (tensor<2x4x8xf32>) -> tensor<2x4x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<2x4x8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: 1, 2>} : (tensor<2x4x8xf32>) -> tensor<2x1x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<2x1x1xf32>, tensor<f32>) -> tensor<2x1x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %n = "lite.div"(%xc, %std) : (tensor<2x4x8xf32>, tensor<2x1x1xf32>) -> tensor<2x4x8xf32>
  return %n : tensor<2x4x8xf32>
}

// -----

// The centered x is also returned: fusing would compute it twice.
// CHECK-LABEL: func.func @second_user
// CHECK-NOT:     "lite.layer_norm"
// CHECK:         "lite.div"
func.func @second_user(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = "lite.pow"(%xc, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %var = "lite.reduce_mean"(%sq) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve = "lite.add"(%var, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %std = "lite.sqrt"(%ve) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = "lite.div"(%xc, %std) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n, %xc : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A cube is not a variance; an eps vector widens the variance; a relu fused
// into the sub changes the centering.
// CHECK-LABEL: func.func @wrong_math
// CHECK-NOT:     "lite.layer_norm"
// CHECK-COUNT-3: "lite.div"
func.func @wrong_math(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %eps = "lite.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %epsv = "lite.constant"() {value = dense<1.0e-5> : tensor<8xf32>} : () -> tensor<8xf32>
  %mean = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %xc = "lite.sub"(%x, %mean) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %cube = "lite.pow"(%xc, %three) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %var3 = "lite.reduce_mean"(%cube) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve3 = "lite.add"(%var3, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %std3 = "lite.sqrt"(%ve3) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n3 = "lite.div"(%xc, %std3) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %mean2 = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %xc2 = "lite.sub"(%x, %mean2) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq2 = "lite.pow"(%xc2, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %var2 = "lite.reduce_mean"(%sq2) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve2 = "lite.add"(%var2, %epsv) : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %std2 = "lite.sqrt"(%ve2) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %n2 = "lite.div"(%xc2, %std2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %mean1 = "lite.reduce_mean"(%x) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %xc1 = "lite.sub"(%x, %mean1) {activation = "relu"} : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq1 = "lite.pow"(%xc1, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %var1 = "lite.reduce_mean"(%sq1) {axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve1 = "lite.add"(%var1, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %std1 = "lite.sqrt"(%ve1) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n1 = "lite.div"(%xc1, %std1) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n3, %n2, %n1 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

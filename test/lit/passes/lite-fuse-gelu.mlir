// lite-fuse-gelu: x * 0.5 * (1 + erf(x / sqrt(2))) becomes lite.gelu, and
// 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))) becomes lite.gelu
// {approximate = "tanh"}, whatever the order and grouping of the factors,
// x / sqrt(2) or x * (1 / sqrt(2)), pow(x, 3) or x * x * x. Left alone:
// wrong constants (0.6 for 0.5, 1.5 for sqrt(2), 0.05 for 0.044715), an
// intermediate with a second user, an erf of another value, a constant that
// widens x, a fused activation.

// RUN: lite-opt %s --split-input-file --lite-fuse-gelu | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-fuse-gelu --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-gelu --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 5 num-fused - Number of decomposed GELUs fused

// Numbers: gelu is computed in double, the graph in f32 steps; within rtol
// 1e-5 and atol 1e-6 on random inputs in [-1, 1) (max-abs seen about 1e-7).
// RUN: lite-run --compare %s --function erf_forms --pass-pipeline='builtin.module(func.func(lite-fuse-gelu))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-ERF
// NUM-ERF: ops: 15 -> 3
// NUM-ERF-COUNT-3: cosine 1.000000: ok
// RUN: lite-run --compare %s --function tanh_forms --pass-pipeline='builtin.module(func.func(lite-fuse-gelu))' --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NUM-TANH
// NUM-TANH: ops: 17 -> 2
// NUM-TANH-COUNT-2: cosine 1.000000: ok

// The Erf form as exporters write it: ((x * (1 + erf(x / sqrt2))) * 0.5);
// 0.5 first: (x * 0.5) * (erf(x * (1/sqrt2)) + 1); and 0.5 * (x * e).
// CHECK-LABEL: func.func @erf_forms
// CHECK-NEXT:    %[[A:.*]] = "lite.gelu"(%arg0) {approximate = "none"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.gelu"(%arg1) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = "lite.gelu"(%arg0) {approximate = "none"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
// LOC-LABEL: func.func @erf_forms
// LOC: "lite.gelu"(%arg0) {{.*}} loc(fused["div", "erf", "add", "mul", "half"])
func.func @erf_forms(%x: tensor<2x8xf32>, %z: tensor<4xf32>) -> (tensor<2x8xf32>, tensor<4xf32>, tensor<2x8xf32>) {
  %sqrt2 = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %rsqrt2 = "lite.constant"() {value = dense<0.707106769> : tensor<1xf32>} : () -> tensor<1xf32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.div"(%x, %sqrt2) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32> loc("div")
  %e = "lite.erf"(%d) : (tensor<2x8xf32>) -> tensor<2x8xf32> loc("erf")
  %e1 = "lite.add"(%e, %one) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32> loc("add")
  %m = "lite.mul"(%x, %e1) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32> loc("mul")
  %a = "lite.mul"(%m, %half) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32> loc("half")
  %zd = "lite.mul"(%rsqrt2, %z) : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  %ze = "lite.erf"(%zd) : (tensor<4xf32>) -> tensor<4xf32>
  %ze1 = "lite.add"(%one, %ze) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %zh = "lite.mul"(%z, %half) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %b = "lite.mul"(%zh, %ze1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d2 = "lite.div"(%x, %sqrt2) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %e2 = "lite.erf"(%d2) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %e21 = "lite.add"(%e2, %one) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %m2 = "lite.mul"(%e21, %x) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %c = "lite.mul"(%half, %m2) : (tensor<f32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %a, %b, %c : tensor<2x8xf32>, tensor<4xf32>, tensor<2x8xf32>
}

// -----

// The tanh form with pow(x, 3) and 0.5 * x first; then with x * (x * x),
// the coefficient on the other side and 0.5 grouped with the tanh term.
// CHECK-LABEL: func.func @tanh_forms
// CHECK-NEXT:    %[[A:.*]] = "lite.gelu"(%arg0) {approximate = "tanh"} : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.gelu"(%arg0) {approximate = "tanh"} : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @tanh_forms(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %k = "lite.constant"() {value = dense<0.044715> : tensor<f32>} : () -> tensor<f32>
  %c = "lite.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %p = "lite.pow"(%x, %three) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %kp = "lite.mul"(%k, %p) : (tensor<f32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %in = "lite.add"(%x, %kp) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %u = "lite.mul"(%c, %in) : (tensor<f32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %t = "lite.tanh"(%u) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %t1 = "lite.add"(%t, %one) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %hx = "lite.mul"(%half, %x) : (tensor<f32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %a = "lite.mul"(%hx, %t1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %sq = "lite.mul"(%x, %x) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %cu = "lite.mul"(%x, %sq) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %kc = "lite.mul"(%cu, %k) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %in2 = "lite.add"(%kc, %x) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %u2 = "lite.mul"(%in2, %c) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %t2 = "lite.tanh"(%u2) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %t21 = "lite.add"(%one, %t2) : (tensor<f32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %ht = "lite.mul"(%t21, %half) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %b = "lite.mul"(%x, %ht) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %a, %b : tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// 0.6 instead of 0.5; 1.5 instead of sqrt(2); 2 instead of 1.
// CHECK-LABEL: func.func @wrong_constants
// CHECK-NOT:     "lite.gelu"
// CHECK-COUNT-3: "lite.erf"
func.func @wrong_constants(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %sqrt2 = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %bad = "lite.constant"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %six = "lite.constant"() {value = dense<0.6> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e = "lite.erf"(%d) : (tensor<8xf32>) -> tensor<8xf32>
  %e1 = "lite.add"(%e, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m = "lite.mul"(%x, %e1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %a = "lite.mul"(%m, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %db = "lite.div"(%x, %bad) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %eb = "lite.erf"(%db) : (tensor<8xf32>) -> tensor<8xf32>
  %eb1 = "lite.add"(%eb, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = "lite.mul"(%x, %eb1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %b = "lite.mul"(%mb, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %dc = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %ec = "lite.erf"(%dc) : (tensor<8xf32>) -> tensor<8xf32>
  %ec1 = "lite.add"(%ec, %two) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %mc = "lite.mul"(%x, %ec1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %c = "lite.mul"(%mc, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %a, %b, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// A wrong cubic coefficient (0.05) in the tanh form.
// CHECK-LABEL: func.func @wrong_cubic
// CHECK-NOT:     "lite.gelu"
// CHECK:         "lite.tanh"
func.func @wrong_cubic(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %k = "lite.constant"() {value = dense<0.05> : tensor<f32>} : () -> tensor<f32>
  %c = "lite.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %p = "lite.pow"(%x, %three) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %kp = "lite.mul"(%k, %p) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %in = "lite.add"(%x, %kp) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %u = "lite.mul"(%c, %in) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %t = "lite.tanh"(%u) : (tensor<8xf32>) -> tensor<8xf32>
  %t1 = "lite.add"(%t, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %hx = "lite.mul"(%half, %x) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %a = "lite.mul"(%hx, %t1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %a : tensor<8xf32>
}

// -----

// The erf term is also returned; x * 0.5 is also returned.
// CHECK-LABEL: func.func @second_users
// CHECK-NOT:     "lite.gelu"
// CHECK-COUNT-2: "lite.erf"
func.func @second_users(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %sqrt2 = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e = "lite.erf"(%d) : (tensor<8xf32>) -> tensor<8xf32>
  %e1 = "lite.add"(%e, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m = "lite.mul"(%x, %e1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %a = "lite.mul"(%m, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d2 = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e2 = "lite.erf"(%d2) : (tensor<8xf32>) -> tensor<8xf32>
  %e21 = "lite.add"(%e2, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %hx = "lite.mul"(%x, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %b = "lite.mul"(%hx, %e21) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %a, %e, %b, %hx : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// erf of y, times x; a 0.5 of shape [2, 8] widens x [8]; a relu fused into
// the inner mul.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT:     "lite.gelu"
// CHECK-COUNT-3: "lite.erf"
func.func @not_gelu(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<2x8xf32>, tensor<8xf32>) {
  %sqrt2 = "lite.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %half = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %halfs = "lite.constant"() {value = dense<0.5> : tensor<2x8xf32>} : () -> tensor<2x8xf32>
  %d = "lite.div"(%y, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e = "lite.erf"(%d) : (tensor<8xf32>) -> tensor<8xf32>
  %e1 = "lite.add"(%e, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m = "lite.mul"(%x, %e1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %a = "lite.mul"(%m, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d2 = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e2 = "lite.erf"(%d2) : (tensor<8xf32>) -> tensor<8xf32>
  %e21 = "lite.add"(%e2, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m2 = "lite.mul"(%x, %e21) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %b = "lite.mul"(%m2, %halfs) : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %d3 = "lite.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e3 = "lite.erf"(%d3) : (tensor<8xf32>) -> tensor<8xf32>
  %e31 = "lite.add"(%e3, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m3 = "lite.mul"(%x, %e31) {activation = "relu"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %c = "lite.mul"(%m3, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %a, %b, %c : tensor<8xf32>, tensor<2x8xf32>, tensor<8xf32>
}

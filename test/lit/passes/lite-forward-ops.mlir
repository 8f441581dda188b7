// lite-forward-ops: elementwise work moved to where it touches fewer
// elements, only when a count of elements (computed by the moved op plus
// copied by run-time slices, transposes and reshapes; ops on constants fold
// away) strictly drops:
//   1. slice(E(x, c)) -> E(slice(x), slice(c)) when every user of E is a
//      slice; operands broadcast along the sliced axes are not sliced;
//   2. T(E(T'(y), c)) -> E(T''(y), T(c)) for transposes or reshape-likes T,
//      T' that merge (T'' their composition, nothing if the identity);
//   3. reduce(E(x, c)) -> E(reduce(x), c') for linear E and c constant along
//      the reduced axes: reduce_sum/mean across mul, div, neg, bias-free
//      scale; reduce_mean also across add, sub.

// RUN: lite-opt %s --lite-forward-ops | FileCheck %s
// RUN: lite-opt %s --lite-forward-ops --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 5 num-forwarded-layout - Number of elementwise ops moved across a transpose or reshape that then merged
// STATS: (S) 4 num-forwarded-reduce - Number of linear ops moved after a reduction
// STATS: (S) 7 num-forwarded-slice  - Number of elementwise ops moved after a slice

// Numbers. Slices, transposes and reshapes only move data: bit-identical.
// RUN: lite-run --compare %s --function slice_const --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function slice_broadcast --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function slice_unary_steps --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function two_slices --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM2
// RUN: lite-run --compare %s --function slice_two_inputs --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function slice_of_broadcast --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function transposes_cancel --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function transposes_both --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function reshapes_merge --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function reshapes_cancel --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// Reductions reassociate: sum(c * x) vs c * sum(x) differ by rounding
// (1e-5 relative, 1e-6 absolute for sums near 0).
// RUN: lite-run --compare %s --function sum_scaled --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function mean_bias --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function mean_gate --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function mean_gate_flat --pass-pipeline='builtin.module(func.func(lite-forward-ops))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok
// NUM2: output 'output_0': {{.*}}: ok
// NUM2: output 'output_1': {{.*}}: ok

// ---- 1. slices ----------------------------------------------------------------

// The constant is sliced at compile time (the slice of it folds).
// CHECK-LABEL: func.func @slice_const
// CHECK-DAG:     %[[C:.*]] = "lite.constant"() {value = dense<{{\[}}[3.000000e+00, 4.000000e+00]]> : tensor<1x2xf32>}
// CHECK-DAG:     %[[S:.*]] = "lite.slice"(%arg0) {axes = array<i64: 0>, ends = array<i64: 2>, starts = array<i64: 1>, steps = array<i64: 1>} : (tensor<3x2xf32>) -> tensor<1x2xf32>
// CHECK:         %[[Y:.*]] = "lite.mul"(%[[S]], %[[C]]) : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_const(%x: tensor<3x2xf32>) -> tensor<1x2xf32> {
  %c = "lite.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %m = "lite.mul"(%x, %c) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %s = "lite.slice"(%m) {starts = array<i64: 1>, ends = array<i64: 2>} : (tensor<3x2xf32>) -> tensor<1x2xf32>
  return %s : tensor<1x2xf32>
}

// A per-channel bias under a spatial slice is not sliced; the activation
// of the add comes along.
// CHECK-LABEL: func.func @slice_broadcast
// CHECK:         %[[S:.*]] = "lite.slice"(%arg0) {axes = array<i64: 2, 3>, ends = array<i64: 3, 3>, starts = array<i64: 1, 1>, steps = array<i64: 1, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.add"(%[[S]], %{{.*}}) {activation = "relu"} : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_broadcast(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32> {
  %b = "lite.constant"() {value = dense<[[[0.1]], [[0.2]], [[-0.3]]]> : tensor<3x1x1xf32>} : () -> tensor<3x1x1xf32>
  %a = "lite.add"(%x, %b) {activation = "relu"} : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %s = "lite.slice"(%a) {starts = array<i64: 1, 1>, ends = array<i64: 3, 3>, axes = array<i64: -2, -1>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
  return %s : tensor<1x3x2x2xf32>
}

// Unary ops too; starts/ends/axes/steps as constant operands, a step of 2.
// CHECK-LABEL: func.func @slice_unary_steps
// CHECK:         %[[S:.*]] = "lite.slice"(%arg0) {axes = array<i64: 1>, ends = array<i64: 8>, starts = array<i64: 0>, steps = array<i64: 2>} : (tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.tanh"(%[[S]])
// CHECK-NEXT:    return %[[Y]]
func.func @slice_unary_steps(%x: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %t = "lite.tanh"(%x) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %st = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %en = "lite.constant"() {value = dense<8> : tensor<1xi64>} : () -> tensor<1xi64>
  %ax = "lite.constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %sp = "lite.constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %s = "lite.slice"(%t, %st, %en, %ax, %sp) : (tensor<2x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

// Two slices of a quarter each: both move, the full sigmoid goes.
// CHECK-LABEL: func.func @two_slices
// CHECK-NOT:     "lite.sigmoid"(%arg0)
// CHECK:         "lite.slice"(%arg0) {{.*}} -> tensor<1x8xf32>
// CHECK-NEXT:    "lite.sigmoid"(%{{.*}}) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK:         "lite.slice"(%arg0) {{.*}} -> tensor<1x8xf32>
// CHECK-NEXT:    "lite.sigmoid"(%{{.*}}) : (tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @two_slices(%x: tensor<4x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %t = "lite.sigmoid"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = "lite.slice"(%t) {starts = array<i64: 0>, ends = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %b = "lite.slice"(%t) {starts = array<i64: 3>, ends = array<i64: 4>} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  return %a, %b : tensor<1x8xf32>, tensor<1x8xf32>
}

// Two computed operands: each is sliced (a quarter: 4 + 2 * 4 < 16 + 4).
// CHECK-LABEL: func.func @slice_two_inputs
// CHECK:         %[[A:.*]] = "lite.slice"(%arg0)
// CHECK-NEXT:    %[[B:.*]] = "lite.slice"(%arg1)
// CHECK-NEXT:    "lite.sub"(%[[A]], %[[B]]) : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
func.func @slice_two_inputs(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>) -> tensor<1x4xf32> {
  %d = "lite.sub"(%x, %y) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = "lite.slice"(%d) {starts = array<i64: 2>, ends = array<i64: 3>} : (tensor<4x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}

// Half of two computed operands: 2 + 2 * 2 is not less than 4 + 2.
// CHECK-LABEL: func.func @slice_two_inputs_half
// CHECK:         %[[D:.*]] = "lite.sub"(%arg0, %arg1)
// CHECK-NEXT:    "lite.slice"(%[[D]])
func.func @slice_two_inputs_half(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<2xf32> {
  %d = "lite.sub"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "lite.slice"(%d) {starts = array<i64: 0>, ends = array<i64: 2>} : (tensor<4xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// The whole tensor is "sliced": nothing saved.
// CHECK-LABEL: func.func @slice_everything
// CHECK:         %[[R:.*]] = "lite.relu"(%arg0)
// CHECK-NEXT:    "lite.slice"(%[[R]])
func.func @slice_everything(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "lite.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "lite.slice"(%r) {starts = array<i64: 0>, ends = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// E has another user: it is computed in full anyway.
// CHECK-LABEL: func.func @slice_shared
// CHECK:         %[[R:.*]] = "lite.relu"(%arg0)
// CHECK-NEXT:    %[[S:.*]] = "lite.slice"(%[[R]])
// CHECK-NEXT:    return %[[S]], %[[R]]
func.func @slice_shared(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<4xf32>) {
  %r = "lite.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "lite.slice"(%r) {starts = array<i64: 0>, ends = array<i64: 1>} : (tensor<4xf32>) -> tensor<1xf32>
  return %s, %r : tensor<1xf32>, tensor<4xf32>
}

// x is broadcast along the sliced axis: it stays whole, y is sliced.
// CHECK-LABEL: func.func @slice_of_broadcast
// CHECK:         %[[S:.*]] = "lite.slice"(%arg1) {axes = array<i64: 0>, ends = array<i64: 3>, starts = array<i64: -1>, steps = array<i64: 1>} : (tensor<3x1xf32>) -> tensor<1x1xf32>
// CHECK-NEXT:    "lite.add"(%arg0, %[[S]]) : (tensor<1x4xf32>, tensor<1x1xf32>) -> tensor<1x4xf32>
func.func @slice_of_broadcast(%x: tensor<1x4xf32>, %y: tensor<3x1xf32>) -> tensor<1x4xf32> {
  %a = "lite.add"(%x, %y) : (tensor<1x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %s = "lite.slice"(%a) {starts = array<i64: -1>, ends = array<i64: 3>} : (tensor<3x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}

// ---- 2. transposes and reshapes ------------------------------------------------

// NHWC -> NCHW, per-channel add, back to NHWC: the transposes cancel and
// the bias is laid out as [1, 1, 1, C].
// CHECK-LABEL: func.func @transposes_cancel
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00]]]]> : tensor<1x1x1x3xf32>}
// CHECK:         %[[Y:.*]] = "lite.add"(%arg0, %[[B]]) : (tensor<1x2x2x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transposes_cancel(%x: tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %t = "lite.transpose"(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x2x2x3xf32>) -> tensor<1x3x2x2xf32>
  %b = "lite.constant"() {value = dense<[[[1.0]], [[2.0]], [[3.0]]]> : tensor<3x1x1xf32>} : () -> tensor<3x1x1xf32>
  %a = "lite.add"(%t, %b) : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
  %u = "lite.transpose"(%a) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x2x2xf32>) -> tensor<1x2x2x3xf32>
  return %u : tensor<1x2x2x3xf32>
}

// Both operands come through transposes (default perms reverse): all
// three transposes go.
// CHECK-LABEL: func.func @transposes_both
// CHECK-NEXT:    %[[Y:.*]] = "lite.mul"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transposes_both(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %tx = "lite.transpose"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %ty = "lite.transpose"(%y) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %m = "lite.mul"(%tx, %ty) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = "lite.transpose"(%m) : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %u : tensor<2x3xf32>
}

// reshape, scale by a scalar, flatten: one reshape left.
// CHECK-LABEL: func.func @reshapes_merge
// CHECK-NEXT:    %[[C:.*]] = "lite.constant"
// CHECK-NEXT:    %[[R:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 2, 6>} : (tensor<2x3x2xf32>) -> tensor<2x6xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.mul"(%[[R]], %[[C]]) : (tensor<2x6xf32>, tensor<f32>) -> tensor<2x6xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reshapes_merge(%x: tensor<2x3x2xf32>) -> tensor<2x6xf32> {
  %r = "lite.reshape"(%x) {shape = array<i64: 6, 2>} : (tensor<2x3x2xf32>) -> tensor<6x2xf32>
  %c = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %m = "lite.mul"(%r, %c) : (tensor<6x2xf32>, tensor<f32>) -> tensor<6x2xf32>
  %f = "lite.flatten"(%m) {axis = 0 : i64} : (tensor<6x2xf32>) -> tensor<1x12xf32>
  %g = "lite.reshape"(%f) {shape = array<i64: 2, 6>} : (tensor<1x12xf32>) -> tensor<2x6xf32>
  return %g : tensor<2x6xf32>
}

// unsqueeze, add a full constant, squeeze: back to x's shape, no reshape
// left; the constant takes the result's shape.
// CHECK-LABEL: func.func @reshapes_cancel
// CHECK-DAG:     %[[C:.*]] = "lite.constant"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}
// CHECK:         %[[Y:.*]] = "lite.add"(%arg0, %[[C]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reshapes_cancel(%x: tensor<3xf32>) -> tensor<3xf32> {
  %u = "lite.unsqueeze"(%x) {axes = array<i64: 0>} : (tensor<3xf32>) -> tensor<1x3xf32>
  %c = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
  %a = "lite.add"(%u, %c) : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  %s = "lite.squeeze"(%a) {axes = array<i64: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// A lone transpose after an op: as many elements either way, left alone.
// CHECK-LABEL: func.func @transpose_alone
// CHECK:         %[[R:.*]] = "lite.relu"(%arg0)
// CHECK-NEXT:    "lite.transpose"(%[[R]])
func.func @transpose_alone(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = "lite.transpose"(%r) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// The inner transpose has another user: it stays, so nothing is saved.
// CHECK-LABEL: func.func @transpose_shared
// CHECK:         %[[T:.*]] = "lite.transpose"(%arg0)
// CHECK-NEXT:    %[[R:.*]] = "lite.relu"(%[[T]])
// CHECK-NEXT:    "lite.transpose"(%[[R]])
func.func @transpose_shared(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  %t = "lite.transpose"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "lite.relu"(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = "lite.transpose"(%r) : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %u, %t : tensor<2x3xf32>, tensor<3x2xf32>
}

// A per-channel constant under a reshape would have to be broadcast first.
// CHECK-LABEL: func.func @reshape_broadcast_const
// CHECK:         "lite.add"
// CHECK-NEXT:    "lite.reshape"
func.func @reshape_broadcast_const(%x: tensor<6xf32>) -> tensor<6xf32> {
  %r = "lite.reshape"(%x) {shape = array<i64: 2, 3>} : (tensor<6xf32>) -> tensor<2x3xf32>
  %c = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %a = "lite.add"(%r, %c) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %b = "lite.reshape"(%a) {shape = array<i64: 6>} : (tensor<2x3xf32>) -> tensor<6xf32>
  return %b : tensor<6xf32>
}

// ---- 3. reductions -------------------------------------------------------------

// CHECK-LABEL: func.func @sum_scaled
// CHECK:         %[[S:.*]] = "lite.reduce_sum"(%arg0) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<3x16xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.mul"(%[[S]], %{{.*}}) : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @sum_scaled(%x: tensor<3x16xf32>) -> tensor<3xf32> {
  %c = "lite.constant"() {value = dense<0.3> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "lite.mul"(%c, %x) : (tensor<1xf32>, tensor<3x16xf32>) -> tensor<3x16xf32>
  %s = "lite.reduce_sum"(%m) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<3x16xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// The mean of x + b[C, 1, 1] over H, W without keepdims: b becomes [C].
// CHECK-LABEL: func.func @mean_bias
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>}
// CHECK:         %[[M:.*]] = "lite.reduce_mean"(%arg0, %{{.*}}) {keepdims = 0 : i64} : (tensor<2x2x4x4xf32>, tensor<2xi64>) -> tensor<2x2xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.add"(%[[M]], %[[B]]) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
func.func @mean_bias(%x: tensor<2x2x4x4xf32>) -> tensor<2x2xf32> {
  %b = "lite.constant"() {value = dense<[[[1.0]], [[-2.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %a = "lite.add"(%x, %b) : (tensor<2x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<2x2x4x4xf32>
  %ax = "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %m = "lite.reduce_mean"(%a, %ax) {keepdims = 0 : i64} : (tensor<2x2x4x4xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// A computed per-channel gate (squeeze-and-excitation): mean(x * s) =
// mean(x) * s.
// CHECK-LABEL: func.func @mean_gate
// CHECK:         %[[M:.*]] = "lite.reduce_mean"(%arg0) {axes = array<i64: 2, 3>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.mul"(%arg1, %[[M]]) : (tensor<2x3x1x1xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
func.func @mean_gate(%x: tensor<2x3x4x4xf32>, %s: tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32> {
  %m = "lite.mul"(%s, %x) : (tensor<2x3x1x1xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %r = "lite.reduce_mean"(%m) {axes = array<i64: 2, 3>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x1xf32>
  return %r : tensor<2x3x1x1xf32>
}

// The same without keepdims: the gate is reshaped to [N, C].
// CHECK-LABEL: func.func @mean_gate_flat
// CHECK:         %[[M:.*]] = "lite.reduce_mean"(%arg0) {axes = array<i64: 2, 3>, keepdims = 0 : i64} : (tensor<2x3x4x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[G:.*]] = "lite.reshape"(%arg1) {shape = array<i64: 2, 3>} : (tensor<2x3x1x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.div"(%[[M]], %[[G]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @mean_gate_flat(%x: tensor<2x3x4x4xf32>, %s: tensor<2x3x1x1xf32>) -> tensor<2x3xf32> {
  %m = "lite.div"(%x, %s) : (tensor<2x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x4x4xf32>
  %r = "lite.reduce_mean"(%m) {axes = array<i64: 2, 3>, keepdims = 0 : i64} : (tensor<2x3x4x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// sum(x + c) is sum(x) + n * c, not sum(x) + c.
// CHECK-LABEL: func.func @sum_of_add
// CHECK:         "lite.add"
// CHECK-NEXT:    "lite.reduce_sum"
func.func @sum_of_add(%x: tensor<4xf32>) -> tensor<1xf32> {
  %c = "lite.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %a = "lite.add"(%x, %c) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %s = "lite.reduce_sum"(%a) : (tensor<4xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// c varies along the reduced axis.
// CHECK-LABEL: func.func @sum_varying
// CHECK:         "lite.mul"
// CHECK-NEXT:    "lite.reduce_sum"
func.func @sum_varying(%x: tensor<2x4xf32>) -> tensor<2x1xf32> {
  %c = "lite.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %m = "lite.mul"(%x, %c) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %s = "lite.reduce_sum"(%m) {axes = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  return %s : tensor<2x1xf32>
}

// c / x is not linear in x; a fused activation is not linear either.
// CHECK-LABEL: func.func @not_linear
// CHECK:         "lite.div"(%{{.*}}, %arg0)
// CHECK-NEXT:    "lite.reduce_mean"
// CHECK:         "lite.mul"(%arg0, %{{.*}}) {activation = "relu"}
// CHECK-NEXT:    "lite.reduce_mean"
func.func @not_linear(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<1xf32>) {
  %c = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.div"(%c, %x) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %r = "lite.reduce_mean"(%d) : (tensor<4xf32>) -> tensor<1xf32>
  %m = "lite.mul"(%x, %c) {activation = "relu"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %s = "lite.reduce_mean"(%m) : (tensor<4xf32>) -> tensor<1xf32>
  return %r, %s : tensor<1xf32>, tensor<1xf32>
}

// noop_with_empty_axes and no axes: reduce_mean is the identity.
// CHECK-LABEL: func.func @noop_reduce
// CHECK:         "lite.neg"
// CHECK-NEXT:    "lite.reduce_mean"
func.func @noop_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = "lite.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %r = "lite.reduce_mean"(%n) {noop_with_empty_axes = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

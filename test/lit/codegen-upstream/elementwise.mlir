// The elementwise kernels of --lite-lower-to-loops, run by upstream MLIR 16
// (mlir-opt-16's LLVM lowering, mlir-cpu-runner-16) on seeded random
// inputs and compared with numpy: every op of the family with its
// attributes, broadcasting, fused activations, and the shapes at the edges
// (no whole vector, a last dim of 1, rank 0).
// REQUIRES: mlir-opt, mlir-cpu-runner
// RUN: %python %S/../../codegen/upstream_check.py %s | FileCheck %s
// RUN: %python %S/../../codegen/upstream_check.py %s --pass-option=vector-width=16 --seed 1 | FileCheck %s

// CHECK: PASS @add_relu: 1 kernels, 1 dispatches
func.func @add_relu(%x: tensor<1x4x8x20xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32> {
  %a = "lite.add"(%x, %b) {lite.kernel = "jit_add__f32_nchw"} : (tensor<1x4x8x20xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32>
  %r = "lite.relu"(%a) {lite.kernel = "jit_relu__f32_nchw"} : (tensor<1x4x8x20xf32>) -> tensor<1x4x8x20xf32>
  return %r : tensor<1x4x8x20xf32>
}

// -----

// Every elementwise op in one chain: one kernel.
// CHECK: PASS @chain: 1 kernels, 1 dispatches
func.func @chain(%x: tensor<2x3x5x19xf32>, %b: tensor<3x1x1xf32>, %y: tensor<19xf32>) -> tensor<2x3x5x19xf32> {
  %a = "lite.mul"(%x, %b) {lite.kernel = "jit_mul__f32_nchw", activation = "leaky_relu"} : (tensor<2x3x5x19xf32>, tensor<3x1x1xf32>) -> tensor<2x3x5x19xf32>
  %s = "lite.sigmoid"(%b) {lite.kernel = "jit_sigmoid__f32_nchw"} : (tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
  %c = "lite.sub"(%a, %s) {lite.kernel = "jit_sub__f32_nchw"} : (tensor<2x3x5x19xf32>, tensor<3x1x1xf32>) -> tensor<2x3x5x19xf32>
  %h = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.add"(%c, %h) {lite.kernel = "jit_add__f32_nchw", activation = "hard_swish"} : (tensor<2x3x5x19xf32>, tensor<f32>) -> tensor<2x3x5x19xf32>
  %e = "lite.div"(%d, %y) {lite.kernel = "jit_div__f32_nchw", activation = "gelu"} : (tensor<2x3x5x19xf32>, tensor<19xf32>) -> tensor<2x3x5x19xf32>
  %f = "lite.tanh"(%e) {lite.kernel = "jit_tanh__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %g = "lite.elu"(%f) {lite.kernel = "jit_elu__f32_nchw", alpha = 0.7 : f32} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %i = "lite.softplus"(%g) {lite.kernel = "jit_softplus__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %j = "lite.clip"(%i) {lite.kernel = "jit_clip__f32_nchw", min = 0.1 : f32, max = 0.9 : f32} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %k = "lite.scale"(%j) {lite.kernel = "jit_scale__f32_nchw", scale = 2.0 : f32, bias = 0.5 : f32, bias_after_scale = 0 : i64, activation = "swish"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %l = "lite.max"(%k, %x, %y) {lite.kernel = "jit_max__f32_nchw"} : (tensor<2x3x5x19xf32>, tensor<2x3x5x19xf32>, tensor<19xf32>) -> tensor<2x3x5x19xf32>
  %m = "lite.erf"(%l) {lite.kernel = "jit_erf__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %n = "lite.hard_sigmoid"(%m) {lite.kernel = "jit_hard_sigmoid__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %o = "lite.prelu"(%n, %b) {lite.kernel = "jit_prelu__f32_nchw"} : (tensor<2x3x5x19xf32>, tensor<3x1x1xf32>) -> tensor<2x3x5x19xf32>
  %p = "lite.gelu"(%o) {lite.kernel = "jit_gelu__f32_nchw", approximate = "tanh"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %q = "lite.abs"(%p) {lite.kernel = "jit_abs__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %r = "lite.neg"(%q) {lite.kernel = "jit_neg__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %t = "lite.exp"(%r) {lite.kernel = "jit_exp__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %u = "lite.sqrt"(%t) {lite.kernel = "jit_sqrt__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %v = "lite.rsqrt"(%u) {lite.kernel = "jit_rsqrt__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %w = "lite.log"(%v) {lite.kernel = "jit_log__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %z = "lite.reciprocal"(%v) {lite.kernel = "jit_reciprocal__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %zz = "lite.swish"(%z) {lite.kernel = "jit_swish__f32_nchw", beta = 1.5 : f32} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %z2 = "lite.hard_swish"(%zz) {lite.kernel = "jit_hard_swish__f32_nchw"} : (tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  %z3 = "lite.pow"(%z2, %w) {lite.kernel = "jit_pow__f32_nchw"} : (tensor<2x3x5x19xf32>, tensor<2x3x5x19xf32>) -> tensor<2x3x5x19xf32>
  return %z3 : tensor<2x3x5x19xf32>
}

// -----

// %a has a second use outside the chain: it is a kernel's output, and the
// chain after it another kernel reading it.
// CHECK: PASS @boundary: 2 kernels, 2 dispatches
func.func @boundary(%x: tensor<3x33xf32>, %y: tensor<3x33xf32>) -> (tensor<3x33xf32>, tensor<3x33xf32>) {
  %a = "lite.sub"(%x, %y) {lite.kernel = "jit_sub__f32_nchw"} : (tensor<3x33xf32>, tensor<3x33xf32>) -> tensor<3x33xf32>
  %e = "lite.exp"(%a) {lite.kernel = "jit_exp__f32_nchw"} : (tensor<3x33xf32>) -> tensor<3x33xf32>
  %m = "lite.mul"(%e, %a) {lite.kernel = "jit_mul__f32_nchw", activation = "sigmoid"} : (tensor<3x33xf32>, tensor<3x33xf32>) -> tensor<3x33xf32>
  return %m, %a : tensor<3x33xf32>, tensor<3x33xf32>
}

// -----

// A diamond: %s feeds both %t and %u, all inside the group.
// CHECK: PASS @diamond: 1 kernels, 1 dispatches
func.func @diamond(%x: tensor<5x1x9xf32>, %y: tensor<4x1xf32>) -> tensor<5x4x9xf32> {
  %s = "lite.add"(%x, %y) {lite.kernel = "jit_add__f32_nchw"} : (tensor<5x1x9xf32>, tensor<4x1xf32>) -> tensor<5x4x9xf32>
  %t = "lite.tanh"(%s) {lite.kernel = "jit_tanh__f32_nchw"} : (tensor<5x4x9xf32>) -> tensor<5x4x9xf32>
  %u = "lite.leaky_relu"(%s) {lite.kernel = "jit_leaky_relu__f32_nchw", alpha = 0.2 : f32} : (tensor<5x4x9xf32>) -> tensor<5x4x9xf32>
  %v = "lite.min"(%t, %u) {lite.kernel = "jit_min__f32_nchw"} : (tensor<5x4x9xf32>, tensor<5x4x9xf32>) -> tensor<5x4x9xf32>
  return %v : tensor<5x4x9xf32>
}

// -----

// Shapes at the edges: fewer elements than a vector, a last dim of 1 (an
// input broadcast along a longer one), rank 0, and variadic sum and mean.
// CHECK: PASS @edges: 4 kernels, 4 dispatches
func.func @edges(%x: tensor<3xf32>, %c: tensor<6x1xf32>, %s: tensor<f32>, %r: tensor<2x6x5xf32>) -> (tensor<3xf32>, tensor<6x1xf32>, tensor<f32>, tensor<2x6x5xf32>) {
  %a = "lite.sigmoid"(%x) {lite.kernel = "jit_sigmoid__f32_nchw"} : (tensor<3xf32>) -> tensor<3xf32>
  %b = "lite.swish"(%c) {lite.kernel = "jit_swish__f32_nchw"} : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %d = "lite.exp"(%s) {lite.kernel = "jit_exp__f32_nchw"} : (tensor<f32>) -> tensor<f32>
  %e = "lite.sum"(%r, %c, %s) {lite.kernel = "jit_sum__f32_nchw"} : (tensor<2x6x5xf32>, tensor<6x1xf32>, tensor<f32>) -> tensor<2x6x5xf32>
  %f = "lite.mean"(%e, %r) {lite.kernel = "jit_mean__f32_nchw"} : (tensor<2x6x5xf32>, tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return %a, %b, %d, %f : tensor<3xf32>, tensor<6x1xf32>, tensor<f32>, tensor<2x6x5xf32>
}

// -----

// 17 muls of 18 inputs: past 16 inputs the root is a kernel alone, and
// the chain before it another group.
// CHECK: PASS @wide: 2 kernels, 3 dispatches
func.func @wide(%a0: tensor<9xf32>, %a1: tensor<9xf32>, %a2: tensor<9xf32>, %a3: tensor<9xf32>, %a4: tensor<9xf32>, %a5: tensor<9xf32>, %a6: tensor<9xf32>, %a7: tensor<9xf32>, %a8: tensor<9xf32>, %a9: tensor<9xf32>, %a10: tensor<9xf32>, %a11: tensor<9xf32>, %a12: tensor<9xf32>, %a13: tensor<9xf32>, %a14: tensor<9xf32>, %a15: tensor<9xf32>, %a16: tensor<9xf32>, %a17: tensor<9xf32>) -> tensor<9xf32> {
  %m1 = "lite.mul"(%a0, %a1) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m2 = "lite.mul"(%m1, %a2) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m3 = "lite.mul"(%m2, %a3) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m4 = "lite.mul"(%m3, %a4) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m5 = "lite.mul"(%m4, %a5) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m6 = "lite.mul"(%m5, %a6) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m7 = "lite.mul"(%m6, %a7) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m8 = "lite.mul"(%m7, %a8) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m9 = "lite.mul"(%m8, %a9) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m10 = "lite.mul"(%m9, %a10) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m11 = "lite.mul"(%m10, %a11) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m12 = "lite.mul"(%m11, %a12) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m13 = "lite.mul"(%m12, %a13) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m14 = "lite.mul"(%m13, %a14) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m15 = "lite.mul"(%m14, %a15) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m16 = "lite.mul"(%m15, %a16) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  %m17 = "lite.mul"(%m16, %a17) {lite.kernel = "jit_x"} : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
  return %m17 : tensor<9xf32>
}

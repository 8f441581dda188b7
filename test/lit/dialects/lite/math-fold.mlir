// The math ops evaluate on the reference kernels: with constant operands
// --canonicalize folds them into constants whose values are checked here
// (rounding, integer semantics, broadcasting, fused activations, axes).

// RUN: lite-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_unary
// CHECK-DAG: dense<[-2.000000e+00, -0.000000e+00, 0.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<5xf32>
// CHECK-DAG: dense<[-1.250000e+00, -2.500000e-01, 5.000000e-01, 1.500000e+00, 2.500000e+00]> : tensor<5xf32>
// CHECK-DAG: dense<[-2.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<5xf32>
// CHECK-DAG: dense<[-128, 3, 0, 7]> : tensor<4xi8>
// CHECK-DAG: dense<[false, true, false]> : tensor<3xi1>
// CHECK-DAG: dense<[0.000000e+00, 4.000000e-01, 6.000000e-01, 8.000000e-01, 1.000000e+00]> : tensor<5xf32>
// CHECK-DAG: dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf64>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_unary() -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xi8>, tensor<3xi1>, tensor<3xi1>, tensor<5xf32>, tensor<4xf64>) {
  %x = "lite.constant"() {value = dense<[-2.5, -0.5, 0.5, 1.5, 2.5]> : tensor<5xf32>} : () -> tensor<5xf32>
  // round is half to even
  %0 = "lite.round"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %1 = "lite.leaky_relu"(%x) {alpha = 0.5 : f32} : (tensor<5xf32>) -> tensor<5xf32>
  %2 = "lite.shrink"(%x) {lambd = 1.0 : f32, bias = 0.5 : f32} : (tensor<5xf32>) -> tensor<5xf32>
  // abs wraps for the most negative integer
  %i = "lite.constant"() {value = dense<[-128, -3, 0, 7]> : tensor<4xi8>} : () -> tensor<4xi8>
  %3 = "lite.abs"(%i) : (tensor<4xi8>) -> tensor<4xi8>
  %b = "lite.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %4 = "lite.not"(%b) : (tensor<3xi1>) -> tensor<3xi1>
  %f = "lite.constant"() {value = dense<[0x7FC00000, 0xFF800000, 1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %5 = "lite.is_inf"(%f) {detect_positive = 0 : i64} : (tensor<3xf32>) -> tensor<3xi1>
  // hard_sigmoid's ONNX defaults: alpha 0.2, beta 0.5
  %6 = "lite.hard_sigmoid"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %d = "lite.constant"() {value = dense<[0.0, 1.0, 4.0, 9.0]> : tensor<4xf64>} : () -> tensor<4xf64>
  %7 = "lite.sqrt"(%d) : (tensor<4xf64>) -> tensor<4xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xi8>, tensor<3xi1>, tensor<3xi1>, tensor<5xf32>, tensor<4xf64>
}

// CHECK-LABEL: func.func @fold_binary
// CHECK-DAG: dense<{{\[}}[1.100000e+01, 0.000000e+00, 3.300000e+01], [1.400000e+01, 5.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: dense<{{\[}}[6.000000e+00, 0.000000e+00, 6.000000e+00], [6.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: dense<[3, -3, -3, 3]> : tensor<4xi32>
// CHECK-DAG: dense<[1, 1, -1, -1]> : tensor<4xi32>
// CHECK-DAG: dense<[1, -1, 1, -1]> : tensor<4xi32>
// CHECK-DAG: dense<[240, 254]> : tensor<2xui8>
// CHECK-DAG: dense<[8, 1, 4]> : tensor<3xi64>
// CHECK-DAG: dense<[32, 32, 0]> : tensor<3xui8>
// CHECK-DAG: dense<{{\[}}[-5.000000e-01, 1.000000e+00], [-4.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_binary() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xui8>, tensor<3xi64>, tensor<3xui8>, tensor<2x2xf32>) {
  %a = "lite.constant"() {value = dense<[[1.0, -22.0, 3.0], [4.0, -15.0, -36.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "lite.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  // [2,3] + [3], then the fused relu
  %0 = "lite.add"(%a, %b) {activation = "relu"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // relu6 clamps to its alpha (6 by default)
  %1 = "lite.mul"(%a, %b) {activation = "relu6"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // integer division truncates; mod follows the divisor's sign, fmod the dividend's
  %n = "lite.constant"() {value = dense<[7, -7, 7, -7]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "lite.constant"() {value = dense<[2, 2, -2, -2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %2 = "lite.div"(%n, %m) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "lite.mod"(%n, %m) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4 = "lite.mod"(%n, %m) {fmod = 1 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // uint8 wraps around
  %u = "lite.constant"() {value = dense<[250, 3]> : tensor<2xui8>} : () -> tensor<2xui8>
  %v = "lite.constant"() {value = dense<[10, 5]> : tensor<2xui8>} : () -> tensor<2xui8>
  %5 = "lite.sub"(%u, %v) {activation = "none"} : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  %6 = "lite.add"(%u, %v) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  // pow with an integer base and a float exponent keeps the base's type
  %pb = "lite.constant"() {value = dense<[2, 3, -2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %pe = "lite.constant"() {value = dense<[3.0, 0.5, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %7 = "lite.pow"(%pb, %pe) : (tensor<3xi64>, tensor<3xf32>) -> tensor<3xi64>
  %sx = "lite.constant"() {value = dense<[16, 4, 1]> : tensor<3xui8>} : () -> tensor<3xui8>
  %sa = "lite.constant"() {value = dense<[1, 3, 8]> : tensor<3xui8>} : () -> tensor<3xui8>
  %8 = "lite.bit_shift"(%sx, %sa) {direction = "LEFT"} : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  // prelu with a per-row slope
  %px = "lite.constant"() {value = dense<[[-1.0, 1.0], [-2.0, 2.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %ps = "lite.constant"() {value = dense<[[0.5], [2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %9 = "lite.prelu"(%px, %ps) : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3, %4, %5, %7, %8, %9 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xui8>, tensor<3xi64>, tensor<3xui8>, tensor<2x2xf32>
}

// An integer division by zero is reported, never folded.
// CHECK-LABEL: func.func @no_fold_div_by_zero
// CHECK: "lite.div"
func.func @no_fold_div_by_zero() -> tensor<2xi32> {
  %n = "lite.constant"() {value = dense<[7, 8]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "lite.constant"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "lite.div"(%n, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// CHECK-LABEL: func.func @fold_compare
// CHECK-DAG: dense<{{\[}}[false, false, true], [true, true, false]]> : tensor<2x3xi1>
// CHECK-DAG: dense<{{\[}}[true, true, false], [false, false, true]]> : tensor<2x3xi1>
// CHECK-DAG: dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-DAG: dense<{{\[}}[7, 8], [-1, -1]]> : tensor<2x2xi64>
// CHECK-DAG: dense<[5.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-DAG: dense<[-5, 120]> : tensor<2xi8>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_compare() -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<2x2xi64>, tensor<3xf32>, tensor<2xi8>) {
  %a = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "lite.constant"() {value = dense<[2.0, 2.0, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "lite.greater"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "lite.less_equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %p = "lite.constant"() {value = dense<[true, true, false, false]> : tensor<4xi1>} : () -> tensor<4xi1>
  %q = "lite.constant"() {value = dense<[true, false, true, false]> : tensor<4xi1>} : () -> tensor<4xi1>
  %2 = "lite.xor"(%p, %q) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %c = "lite.constant"() {value = dense<[[true], [false]]> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
  %x = "lite.constant"() {value = dense<[7, 8]> : tensor<2xi64>} : () -> tensor<2xi64>
  %y = "lite.constant"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %3 = "lite.where"(%c, %x, %y) : (tensor<2x1xi1>, tensor<2xi64>, tensor<i64>) -> tensor<2x2xi64>
  %s1 = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %s2 = "lite.constant"() {value = dense<[3.0, -1.0, 1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %s3 = "lite.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // mean of [1,2,3], [3,-1,1] and [2]: [2, 1, 2]; then sum with the mean of three
  %m = "lite.mean"(%s1, %s2, %s3) : (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
  %4 = "lite.sum"(%m, %s1, %s3) : (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
  %i1 = "lite.constant"() {value = dense<[-5, 100]> : tensor<2xi8>} : () -> tensor<2xi8>
  %i2 = "lite.constant"() {value = dense<[-6, 120]> : tensor<2xi8>} : () -> tensor<2xi8>
  %5 = "lite.max"(%i1, %i2) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<2x2xi64>, tensor<3xf32>, tensor<2xi8>
}

// CHECK-LABEL: func.func @fold_misc
// CHECK-DAG: dense<[-1.000000e+00, -1.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-DAG: dense<[-10, 0, 127]> : tensor<3xi8>
// CHECK-DAG: dense<[-1.000000e+00, -7.000000e+00, 1.000000e+00, 5.000000e+00]> : tensor<4xf32>
// CHECK-DAG: dense<[5.000000e-01, 0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-DAG: dense<[-2, -1, 0, 2]> : tensor<4xi32>
// CHECK-DAG: dense<[true, true, false, true]> : tensor<4xi1>
// CHECK-DAG: dense<[128, 128, 130, 255]> : tensor<4xui8>
// CHECK-DAG: dense<{{\[}}[1, -1], [2, 0], [0, -2]]> : tensor<3x2xi8>
// CHECK-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00], [2.000000e+01, 3.000000e+01], [6.000000e+02, 7.000000e+02]]> : tensor<3x2xf32>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_misc() -> (tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xui8>, tensor<3x2xi8>, tensor<3x2xf32>) {
  %x = "lite.constant"() {value = dense<[-2.7, -1.0, 0.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %lo = "lite.constant"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %hi = "lite.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "lite.clip"(%x, %lo, %hi) : (tensor<4xf32>, tensor<f32>, tensor<1xf32>) -> tensor<4xf32>
  %i = "lite.constant"() {value = dense<[-128, 0, 127]> : tensor<3xi8>} : () -> tensor<3xi8>
  %ilo = "lite.constant"() {value = dense<-10> : tensor<i8>} : () -> tensor<i8>
  %1 = "lite.clip"(%i, %ilo) : (tensor<3xi8>, tensor<i8>) -> tensor<3xi8>
  // Paddle's scale: x * 2 + 1 by default, (x + 1) * 2 with bias_after_scale = 0
  %y = "lite.constant"() {value = dense<[-1.0, -4.0, 0.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %2 = "lite.scale"(%y) {scale = 2.0 : f32, bias = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "lite.scale"(%y) {scale = 0.5 : f32, bias = 2.0 : f32, bias_after_scale = 0 : i64, activation = "relu"} : (tensor<4xf32>) -> tensor<4xf32>
  // float to int truncates, to bool is x != 0
  %4 = "lite.cast"(%x) {to = i32} : (tensor<4xf32>) -> tensor<4xi32>
  %5 = "lite.cast"(%x) {to = i1} : (tensor<4xf32>) -> tensor<4xi1>
  // quantize: round half to even, then the zero point, then saturate
  %q = "lite.constant"() {value = dense<[0.0, -1.0, 3.0, 1000.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %s = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %z = "lite.constant"() {value = dense<128> : tensor<ui8>} : () -> tensor<ui8>
  %6 = "lite.quantize"(%q, %s, %z) : (tensor<4xf32>, tensor<f32>, tensor<ui8>) -> tensor<4xui8>
  // per axis (axis 0 of a 3x2 tensor)
  %px = "lite.constant"() {value = dense<[[1.0, -1.0], [10.0, -10.0], [100.0, -100.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %ps = "lite.constant"() {value = dense<[1.0, 10.0, 100.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %pz = "lite.constant"() {value = dense<[0, 1, -1]> : tensor<3xi8>} : () -> tensor<3xi8>
  %7 = "lite.quantize"(%px, %ps, %pz) {axis = 0 : i64} : (tensor<3x2xf32>, tensor<3xf32>, tensor<3xi8>) -> tensor<3x2xi8>
  %dx = "lite.constant"() {value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>} : () -> tensor<3x2xi8>
  %8 = "lite.dequantize"(%dx, %ps, %pz) {axis = 0 : i64} : (tensor<3x2xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<3x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xui8>, tensor<3x2xi8>, tensor<3x2xf32>
}

// CHECK-LABEL: func.func @fold_reduce
// CHECK-DAG: dense<{{\[}}[4.000000e+00, 6.000000e+00], [1.200000e+01, 1.400000e+01]]> : tensor<2x2xf32>
// CHECK-DAG: dense<[3.500000e+00, 5.500000e+00]> : tensor<2xf32>
// CHECK-DAG: dense<8.000000e+00> : tensor<1x1x1xf32>
// CHECK-DAG: dense<2.040000e+02> : tensor<f32>
// CHECK-DAG: dense<[0, 2]> : tensor<2xi64>
// CHECK-DAG: dense<{{\[}}[2], [1]]> : tensor<2x1xi64>
// CHECK-DAG: dense<{{\[}}[1, 3, 6], [4, 9, 15]]> : tensor<2x3xi32>
// CHECK-DAG: dense<{{\[}}[5, 3, 0], [11, 6, 0]]> : tensor<2x3xi32>
// CHECK-DAG: dense<[2147483647, -2147483648]> : tensor<2xi32>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_reduce() -> (tensor<2x2xf32>, tensor<2xf32>, tensor<1x1x1xf32>, tensor<f32>, tensor<2x2x2xf32>, tensor<2xi64>, tensor<2x1xi64>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>) {
  %x = "lite.constant"() {value = dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %a1 = "lite.constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "lite.reduce_sum"(%x, %a1) {keepdims = 0 : i64} : (tensor<2x2x2xf32>, tensor<1xi64>) -> tensor<2x2xf32>
  %a02 = "lite.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %1 = "lite.reduce_mean"(%x, %a02) {keepdims = 0 : i64} : (tensor<2x2x2xf32>, tensor<2xi64>) -> tensor<2xf32>
  %2 = "lite.reduce_max"(%x) : (tensor<2x2x2xf32>) -> tensor<1x1x1xf32>
  %3 = "lite.reduce_sum_square"(%x) {keepdims = 0 : i64} : (tensor<2x2x2xf32>) -> tensor<f32>
  // empty axes with noop_with_empty_axes: the identity
  %e = "lite.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %4 = "lite.reduce_prod"(%x, %e) {noop_with_empty_axes = 1 : i64} : (tensor<2x2x2xf32>, tensor<0xi64>) -> tensor<2x2x2xf32>
  %m = "lite.constant"() {value = dense<[[2.0, 9.0, 9.0], [4.0, 4.0, 1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %5 = "lite.argmin"(%m) {axis = 1 : i64, keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>
  %6 = "lite.argmax"(%m) {axis = -1 : i64, select_last_index = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x1xi64>
  %c = "lite.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %ax = "lite.constant"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %7 = "lite.cumsum"(%c, %ax) : (tensor<2x3xi32>, tensor<i64>) -> tensor<2x3xi32>
  %8 = "lite.cumsum"(%c, %ax) {exclusive = 1 : i64, reverse = 1 : i64} : (tensor<2x3xi32>, tensor<i64>) -> tensor<2x3xi32>
  // integer sums wrap around
  %w = "lite.constant"() {value = dense<[2147483647, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %a0 = "lite.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %9 = "lite.cumsum"(%w, %a0) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2x2xf32>, tensor<2xf32>, tensor<1x1x1xf32>, tensor<f32>, tensor<2x2x2xf32>, tensor<2xi64>, tensor<2x1xi64>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @fold_softmax
// CHECK-DAG: dense<{{\[}}[2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01], [0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK-DAG: dense<{{\[}}[1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK-DAG: dense<{{\[}}[6.000000e-01, 8.000000e-01], [-1.000000e+00, 0.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: dense<{{\[}}[7.500000e-01, 8.000000e-01], [-2.500000e-01, 2.000000e-01]]> : tensor<2x2xf32>
// CHECK-NOT: "lite.
// CHECK: return
func.func @fold_softmax() -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  // equal inputs share evenly; a huge input takes everything without overflow
  %x = "lite.constant"() {value = dense<[[5.0, 5.0, 5.0, 5.0], [0.0, 0.0, 1.0e+30, 0.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "lite.softmax"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // hardmax picks the first maximum
  %1 = "lite.hardmax"(%x) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %l = "lite.constant"() {value = dense<[[3.0, 4.0], [-1.0, 0.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %2 = "lite.lp_normalization"(%l) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %l2 = "lite.constant"() {value = dense<[[3.0, 4.0], [-1.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %3 = "lite.lp_normalization"(%l2) {axis = 0 : i64, p = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

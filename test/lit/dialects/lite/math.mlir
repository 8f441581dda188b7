// The math ops (unary, binary, compare, where, variadic, clip, scale, cast,
// calib, quantize, reductions, arg, cumsum, softmax, lp_normalization):
// generic form round-trips, and the verifier accepts the result types that
// shape inference gives (broadcasting, dynamic dims, unranked operands,
// axes known or not).

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
// CHECK-NEXT: "lite.relu"(%arg0) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK-NEXT: "lite.leaky_relu"(%arg0) {alpha = 2.000000e-01 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK-NEXT: "lite.thresholded_relu"(%arg0) {alpha = 1.500000e+00 : f32}
// CHECK-NEXT: "lite.elu"(%arg0) {alpha = 5.000000e-01 : f32}
// CHECK-NEXT: "lite.selu"(%arg0) {alpha = 2.000000e+00 : f32, gamma = 3.000000e+00 : f32}
// CHECK-NEXT: "lite.celu"(%arg0) {alpha = 2.000000e+00 : f32}
// CHECK-NEXT: "lite.sigmoid"(%arg0)
// CHECK-NEXT: "lite.hard_sigmoid"(%arg0) {alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32}
// CHECK-NEXT: "lite.hard_swish"(%arg0)
// CHECK-NEXT: "lite.swish"(%arg0) {beta = 2.000000e+00 : f32}
// CHECK-NEXT: "lite.mish"(%arg0)
// CHECK-NEXT: "lite.gelu"(%arg0) {approximate = "tanh"}
// CHECK-NEXT: "lite.gelu"(%arg0) {approximate = "none"}
// CHECK-NEXT: "lite.softplus"(%arg0)
// CHECK-NEXT: "lite.softsign"(%arg0)
// CHECK-NEXT: "lite.shrink"(%arg0) {bias = 1.000000e+00 : f32, lambd = 2.000000e+00 : f32}
// CHECK-NEXT: "lite.tanh"(%arg0)
// CHECK-NEXT: "lite.erf"(%arg0)
// CHECK-NEXT: "lite.exp"(%arg0)
// CHECK-NEXT: "lite.log"(%arg0)
// CHECK-NEXT: "lite.sqrt"(%arg0)
// CHECK-NEXT: "lite.rsqrt"(%arg0)
// CHECK-NEXT: "lite.abs"(%arg0)
// CHECK-NEXT: "lite.neg"(%arg0)
// CHECK-NEXT: "lite.reciprocal"(%arg0)
// CHECK-NEXT: "lite.floor"(%arg0)
// CHECK-NEXT: "lite.ceil"(%arg0)
// CHECK-NEXT: "lite.round"(%arg0)
// CHECK-NEXT: "lite.sign"(%arg0)
// CHECK-NEXT: "lite.sin"(%arg0)
// CHECK-NEXT: "lite.cos"(%arg0)
// CHECK-NEXT: "lite.tan"(%arg0)
// CHECK-NEXT: "lite.asin"(%arg0)
// CHECK-NEXT: "lite.acos"(%arg0)
// CHECK-NEXT: "lite.atan"(%arg0)
// CHECK-NEXT: "lite.sinh"(%arg0)
// CHECK-NEXT: "lite.cosh"(%arg0)
// CHECK-NEXT: "lite.asinh"(%arg0)
// CHECK-NEXT: "lite.acosh"(%arg0)
// CHECK-NEXT: "lite.atanh"(%arg0)
// CHECK-NEXT: "lite.is_nan"(%arg0) : (tensor<2x?xf32>) -> tensor<2x?xi1>
// CHECK-NEXT: "lite.is_inf"(%arg0) {detect_negative = 0 : i64} : (tensor<2x?xf32>) -> tensor<2x?xi1>
// CHECK-NEXT: "lite.not"(%arg1) : (tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "lite.relu"(%arg2) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "lite.abs"(%arg3) : (tensor<ui8>) -> tensor<ui8>
// CHECK-NEXT: "lite.sign"(%arg2) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "lite.exp"(%arg4) : (tensor<*xf16>) -> tensor<*xf16>
// CHECK-NEXT: "lite.sqrt"(%arg5) : (tensor<2xbf16>) -> tensor<2xbf16>
// CHECK-NEXT: "lite.relu"(%arg6) : (tensor<2xf32, #lite.place<x86, f32, nchw>>) -> tensor<2xf32, #lite.place<x86, f32, nchw>>
func.func @unary(%x: tensor<2x?xf32>, %b: tensor<3xi1>, %i: tensor<4xi32>, %u: tensor<ui8>,
                 %h: tensor<*xf16>, %bf: tensor<2xbf16>, %p: tensor<2xf32, #lite.place<x86, f32, nchw>>) {
  %0 = "lite.relu"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %1 = "lite.leaky_relu"(%x) {alpha = 0.2 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %2 = "lite.thresholded_relu"(%x) {alpha = 1.5 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %3 = "lite.elu"(%x) {alpha = 0.5 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %4 = "lite.selu"(%x) {alpha = 2.0 : f32, gamma = 3.0 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %5 = "lite.celu"(%x) {alpha = 2.0 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %6 = "lite.sigmoid"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %7 = "lite.hard_sigmoid"(%x) {alpha = 0.5 : f32, beta = 0.6 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %8 = "lite.hard_swish"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %9 = "lite.swish"(%x) {beta = 2.0 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %10 = "lite.mish"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %11 = "lite.gelu"(%x) {approximate = "tanh"} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %12 = "lite.gelu"(%x) {approximate = "none"} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %13 = "lite.softplus"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %14 = "lite.softsign"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %15 = "lite.shrink"(%x) {bias = 1.0 : f32, lambd = 2.0 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %16 = "lite.tanh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %17 = "lite.erf"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %18 = "lite.exp"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %19 = "lite.log"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %20 = "lite.sqrt"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %21 = "lite.rsqrt"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %22 = "lite.abs"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %23 = "lite.neg"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %24 = "lite.reciprocal"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %25 = "lite.floor"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %26 = "lite.ceil"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %27 = "lite.round"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %28 = "lite.sign"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %29 = "lite.sin"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %30 = "lite.cos"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %31 = "lite.tan"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %32 = "lite.asin"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %33 = "lite.acos"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %34 = "lite.atan"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %35 = "lite.sinh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %36 = "lite.cosh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %37 = "lite.asinh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %38 = "lite.acosh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %39 = "lite.atanh"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %40 = "lite.is_nan"(%x) : (tensor<2x?xf32>) -> tensor<2x?xi1>
  %41 = "lite.is_inf"(%x) {detect_negative = 0 : i64} : (tensor<2x?xf32>) -> tensor<2x?xi1>
  %42 = "lite.not"(%b) : (tensor<3xi1>) -> tensor<3xi1>
  %43 = "lite.relu"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %44 = "lite.abs"(%u) : (tensor<ui8>) -> tensor<ui8>
  %45 = "lite.sign"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %46 = "lite.exp"(%h) : (tensor<*xf16>) -> tensor<*xf16>
  %47 = "lite.sqrt"(%bf) : (tensor<2xbf16>) -> tensor<2xbf16>
  %48 = "lite.relu"(%p) : (tensor<2xf32, #lite.place<x86, f32, nchw>>) -> tensor<2xf32, #lite.place<x86, f32, nchw>>
  return
}

// CHECK-LABEL: func.func @binary
// CHECK-NEXT: "lite.add"(%arg0, %arg1) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.sub"(%arg0, %arg1) {activation = "relu6"} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.mul"(%arg1, %arg0) {activation = "leaky_relu", activation_alpha = 1.000000e-01 : f32}
// CHECK-NEXT: "lite.div"(%arg0, %arg1) {activation = "hard_swish", activation_alpha = 2.000000e-01 : f32, activation_beta = 5.000000e-01 : f32}
// CHECK-NEXT: "lite.add"(%arg2, %arg3) : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: "lite.add"(%arg2, %arg4) : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
// CHECK-NEXT: "lite.add"(%arg2, %arg2) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: "lite.add"(%arg2, %arg8) : (tensor<?x3xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT: "lite.pow"(%arg0, %arg5) : (tensor<2x1x4xf32>, tensor<4xi64>) -> tensor<2x1x4xf32>
// CHECK-NEXT: "lite.pow"(%arg5, %arg4) : (tensor<4xi64>, tensor<f32>) -> tensor<4xi64>
// CHECK-NEXT: "lite.mod"(%arg5, %arg5) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: "lite.mod"(%arg0, %arg1) {fmod = 1 : i64} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.prelu"(%arg6, %arg7) : (tensor<1x3x5x5xf32>, tensor<3x1x1xf32>) -> tensor<1x3x5x5xf32>
// CHECK-NEXT: "lite.bit_shift"(%arg9, %arg9) {direction = "LEFT"} : (tensor<3xui16>, tensor<3xui16>) -> tensor<3xui16>
// CHECK-NEXT: "lite.sub"(%arg5, %arg5) {activation = "relu"} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
func.func @binary(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %d: tensor<?x3xf32>, %r: tensor<1x3xf32>,
                  %s: tensor<f32>, %i: tensor<4xi64>, %x: tensor<1x3x5x5xf32>, %slope: tensor<3x1x1xf32>,
                  %un: tensor<*xf32>, %u: tensor<3xui16>) {
  %0 = "lite.add"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "lite.sub"(%a, %b) {activation = "relu6"} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %2 = "lite.mul"(%b, %a) {activation = "leaky_relu", activation_alpha = 0.1 : f32} : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %3 = "lite.div"(%a, %b) {activation = "hard_swish", activation_alpha = 0.2 : f32, activation_beta = 0.5 : f32} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %4 = "lite.add"(%d, %r) : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  %5 = "lite.add"(%d, %s) : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  %6 = "lite.add"(%d, %d) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %7 = "lite.add"(%d, %un) : (tensor<?x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  %8 = "lite.pow"(%a, %i) : (tensor<2x1x4xf32>, tensor<4xi64>) -> tensor<2x1x4xf32>
  %9 = "lite.pow"(%i, %s) : (tensor<4xi64>, tensor<f32>) -> tensor<4xi64>
  %10 = "lite.mod"(%i, %i) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %11 = "lite.mod"(%a, %b) {fmod = 1 : i64} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %12 = "lite.prelu"(%x, %slope) : (tensor<1x3x5x5xf32>, tensor<3x1x1xf32>) -> tensor<1x3x5x5xf32>
  %13 = "lite.bit_shift"(%u, %u) {direction = "LEFT"} : (tensor<3xui16>, tensor<3xui16>) -> tensor<3xui16>
  %14 = "lite.sub"(%i, %i) {activation = "relu"} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return
}

// CHECK-LABEL: func.func @compare
// CHECK-NEXT: "lite.equal"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "lite.greater"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "lite.greater_equal"(%arg0, %arg1)
// CHECK-NEXT: "lite.less"(%arg0, %arg1)
// CHECK-NEXT: "lite.less_equal"(%arg0, %arg1)
// CHECK-NEXT: "lite.equal"(%arg2, %arg2) : (tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
// CHECK-NEXT: "lite.and"(%arg2, %arg3) : (tensor<?xi1>, tensor<4x1xi1>) -> tensor<4x?xi1>
// CHECK-NEXT: "lite.or"(%arg2, %arg3)
// CHECK-NEXT: "lite.xor"(%arg2, %arg3)
// CHECK-NEXT: "lite.less"(%arg4, %arg4) : (tensor<5xui64>, tensor<5xui64>) -> tensor<5xi1>
// CHECK-NEXT: "lite.where"(%arg3, %arg1, %arg1) : (tensor<4x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: "lite.where"(%arg2, %arg4, %arg4) : (tensor<?xi1>, tensor<5xui64>, tensor<5xui64>) -> tensor<5xui64>
func.func @compare(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %p: tensor<?xi1>, %q: tensor<4x1xi1>, %u: tensor<5xui64>) {
  %0 = "lite.equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "lite.greater"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %2 = "lite.greater_equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %3 = "lite.less"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %4 = "lite.less_equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %5 = "lite.equal"(%p, %p) : (tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %6 = "lite.and"(%p, %q) : (tensor<?xi1>, tensor<4x1xi1>) -> tensor<4x?xi1>
  %7 = "lite.or"(%p, %q) : (tensor<?xi1>, tensor<4x1xi1>) -> tensor<4x?xi1>
  %8 = "lite.xor"(%p, %q) : (tensor<?xi1>, tensor<4x1xi1>) -> tensor<4x?xi1>
  %9 = "lite.less"(%u, %u) : (tensor<5xui64>, tensor<5xui64>) -> tensor<5xi1>
  %10 = "lite.where"(%q, %b, %b) : (tensor<4x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %11 = "lite.where"(%p, %u, %u) : (tensor<?xi1>, tensor<5xui64>, tensor<5xui64>) -> tensor<5xui64>
  return
}

// CHECK-LABEL: func.func @variadic
// CHECK-NEXT: "lite.sum"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.sum"(%arg0, %arg1, %arg2) : (tensor<2x3xf32>, tensor<3xf32>, tensor<4x1x1xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: "lite.mean"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.max"(%arg3, %arg3) : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
// CHECK-NEXT: "lite.min"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @variadic(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<4x1x1xf32>, %i: tensor<?xi8>) {
  %0 = "lite.sum"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.sum"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<4x1x1xf32>) -> tensor<4x2x3xf32>
  %2 = "lite.mean"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "lite.max"(%i, %i) : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %4 = "lite.min"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @misc
// CHECK-NEXT: "lite.clip"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.clip"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[NONE:.*]] = "lite.none"() : () -> none
// CHECK-NEXT: "lite.clip"(%arg0, %[[NONE]], %arg2) : (tensor<2x3xf32>, none, tensor<1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.clip"(%arg3, %arg4, %arg4) : (tensor<?xi8>, tensor<i8>, tensor<i8>) -> tensor<?xi8>
// CHECK-NEXT: "lite.scale"(%arg0) {bias = 1.000000e+00 : f32, bias_after_scale = 0 : i64, scale = 2.000000e+00 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.scale"(%arg0) {activation = "swish", activation_beta = 2.000000e+00 : f32}
// CHECK-NEXT: "lite.cast"(%arg0) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK-NEXT: "lite.cast"(%arg3) {saturate = 1 : i64, to = i1} : (tensor<?xi8>) -> tensor<?xi1>
// CHECK-NEXT: "lite.cast"(%arg0) {to = ui64} : (tensor<2x3xf32>) -> tensor<2x3xui64>
// CHECK-NEXT: "lite.calib"(%arg0) {scale = 5.000000e-01 : f32} : (tensor<2x3xf32>) -> tensor<2x3xi8, #lite.place<x86, i8, nchw>>
// CHECK-NEXT: "lite.calib"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK-NEXT: "lite.quantize"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xui8>
// CHECK-NEXT: "lite.quantize"(%arg0, %arg5, %arg6) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: "lite.quantize"(%arg0, %arg2, %arg7) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<1xf32>, tensor<1xui8>) -> tensor<2x3xui8>
// CHECK-NEXT: "lite.dequantize"(%arg8, %arg5, %arg6) {axis = -1 : i64} : (tensor<2x3xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<2x3xf32>
// CHECK-NEXT: "lite.dequantize"(%arg9, %arg1) : (tensor<?x?xi32>, tensor<f32>) -> tensor<?x?xf32>
func.func @misc(%x: tensor<2x3xf32>, %lo: tensor<f32>, %hi: tensor<1xf32>, %i: tensor<?xi8>, %ib: tensor<i8>,
                %s3: tensor<3xf32>, %z3: tensor<3xi8>, %z1: tensor<1xui8>, %q: tensor<2x3xi8>, %q32: tensor<?x?xi32>) {
  %0 = "lite.clip"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.clip"(%x, %lo) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %none = "lite.none"() : () -> none
  %2 = "lite.clip"(%x, %none, %hi) : (tensor<2x3xf32>, none, tensor<1xf32>) -> tensor<2x3xf32>
  %3 = "lite.clip"(%i, %ib, %ib) : (tensor<?xi8>, tensor<i8>, tensor<i8>) -> tensor<?xi8>
  %4 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 1.0 : f32, bias_after_scale = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "lite.scale"(%x) {activation = "swish", activation_beta = 2.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "lite.cast"(%x) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %7 = "lite.cast"(%i) {to = i1, saturate = 1 : i64} : (tensor<?xi8>) -> tensor<?xi1>
  %8 = "lite.cast"(%x) {to = ui64} : (tensor<2x3xf32>) -> tensor<2x3xui64>
  %9 = "lite.calib"(%x) {scale = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xi8, #lite.place<x86, i8, nchw>>
  %10 = "lite.calib"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %11 = "lite.quantize"(%x, %lo) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xui8>
  %12 = "lite.quantize"(%x, %s3, %z3) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi8>) -> tensor<2x3xi8>
  %13 = "lite.quantize"(%x, %hi, %z1) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<1xf32>, tensor<1xui8>) -> tensor<2x3xui8>
  %14 = "lite.dequantize"(%q, %s3, %z3) {axis = -1 : i64} : (tensor<2x3xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<2x3xf32>
  %15 = "lite.dequantize"(%q32, %lo) : (tensor<?x?xi32>, tensor<f32>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @reduce
// CHECK-NEXT: %[[AX:.*]] = "lite.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: "lite.reduce_sum"(%arg0, %[[AX]]) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<1x3x1xf32>
// CHECK-NEXT: "lite.reduce_mean"(%arg0, %[[AX]]) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
// CHECK-NEXT: "lite.reduce_max"(%arg0) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK-NEXT: "lite.reduce_min"(%arg0) {keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK-NEXT: %[[EMPTY:.*]] = "lite.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
// CHECK-NEXT: "lite.reduce_prod"(%arg0, %[[EMPTY]]) {noop_with_empty_axes = 1 : i64} : (tensor<2x3x4xf32>, tensor<0xi64>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.reduce_l1"(%arg0, %[[EMPTY]]) : (tensor<2x3x4xf32>, tensor<0xi64>) -> tensor<1x1x1xf32>
// CHECK-NEXT: "lite.reduce_l2"(%arg0, %arg1) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
// CHECK-NEXT: "lite.reduce_log_sum"(%arg0, %arg1) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
// CHECK-NEXT: "lite.reduce_log_sum_exp"(%arg2, %arg1) : (tensor<1x?xf32>, tensor<1xi64>) -> tensor<1x?xf32>
// CHECK-NEXT: "lite.reduce_sum_square"(%arg3, %[[AX]]) : (tensor<*xf32>, tensor<2xi64>) -> tensor<*xf32>
// CHECK-NEXT: "lite.reduce_sum"(%arg4) {keepdims = 0 : i64} : (tensor<5x?xi32>) -> tensor<i32>
// CHECK-NEXT: %[[NONE:.*]] = "lite.none"() : () -> none
// CHECK-NEXT: "lite.reduce_sum"(%arg4, %[[NONE]]) : (tensor<5x?xi32>, none) -> tensor<1x1xi32>
// CHECK-NEXT: "lite.argmax"(%arg0) : (tensor<2x3x4xf32>) -> tensor<1x3x4xi64>
// CHECK-NEXT: "lite.argmin"(%arg0) {axis = -1 : i64, keepdims = 0 : i64, select_last_index = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
// CHECK-NEXT: "lite.argmax"(%arg4) {axis = 1 : i64} : (tensor<5x?xi32>) -> tensor<5x1xi64>
// CHECK-NEXT: %[[A1:.*]] = "lite.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
// CHECK-NEXT: "lite.cumsum"(%arg0, %[[A1]]) {exclusive = 1 : i64, reverse = 1 : i64} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.cumsum"(%arg4, %arg1) : (tensor<5x?xi32>, tensor<1xi64>) -> tensor<5x?xi32>
func.func @reduce(%x: tensor<2x3x4xf32>, %axes: tensor<1xi64>, %d: tensor<1x?xf32>, %u: tensor<*xf32>, %i: tensor<5x?xi32>) {
  %ax = "lite.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "lite.reduce_sum"(%x, %ax) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<1x3x1xf32>
  %1 = "lite.reduce_mean"(%x, %ax) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
  %2 = "lite.reduce_max"(%x) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %3 = "lite.reduce_min"(%x) {keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<f32>
  %empty = "lite.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %4 = "lite.reduce_prod"(%x, %empty) {noop_with_empty_axes = 1 : i64} : (tensor<2x3x4xf32>, tensor<0xi64>) -> tensor<2x3x4xf32>
  %5 = "lite.reduce_l1"(%x, %empty) : (tensor<2x3x4xf32>, tensor<0xi64>) -> tensor<1x1x1xf32>
  %6 = "lite.reduce_l2"(%x, %axes) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  %7 = "lite.reduce_log_sum"(%x, %axes) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %8 = "lite.reduce_log_sum_exp"(%d, %axes) : (tensor<1x?xf32>, tensor<1xi64>) -> tensor<1x?xf32>
  %9 = "lite.reduce_sum_square"(%u, %ax) : (tensor<*xf32>, tensor<2xi64>) -> tensor<*xf32>
  %10 = "lite.reduce_sum"(%i) {keepdims = 0 : i64} : (tensor<5x?xi32>) -> tensor<i32>
  %none = "lite.none"() : () -> none
  %11 = "lite.reduce_sum"(%i, %none) : (tensor<5x?xi32>, none) -> tensor<1x1xi32>
  %12 = "lite.argmax"(%x) : (tensor<2x3x4xf32>) -> tensor<1x3x4xi64>
  %13 = "lite.argmin"(%x) {axis = -1 : i64, keepdims = 0 : i64, select_last_index = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  %14 = "lite.argmax"(%i) {axis = 1 : i64} : (tensor<5x?xi32>) -> tensor<5x1xi64>
  %a1 = "lite.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %15 = "lite.cumsum"(%x, %a1) {exclusive = 1 : i64, reverse = 1 : i64} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3x4xf32>
  %16 = "lite.cumsum"(%i, %axes) : (tensor<5x?xi32>, tensor<1xi64>) -> tensor<5x?xi32>
  return
}

// CHECK-LABEL: func.func @softmax
// CHECK-NEXT: "lite.softmax"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.log_softmax"(%arg0) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.hardmax"(%arg0) {axis = -2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.softmax"(%arg1) {axis = 5 : i64} : (tensor<*xf16>) -> tensor<*xf16>
// CHECK-NEXT: "lite.lp_normalization"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: "lite.lp_normalization"(%arg2) {axis = 0 : i64, p = 1 : i64} : (tensor<?x3xf64>) -> tensor<?x3xf64>
func.func @softmax(%x: tensor<2x3x4xf32>, %u: tensor<*xf16>, %d: tensor<?x3xf64>) {
  %0 = "lite.softmax"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "lite.log_softmax"(%x) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %2 = "lite.hardmax"(%x) {axis = -2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %3 = "lite.softmax"(%u) {axis = 5 : i64} : (tensor<*xf16>) -> tensor<*xf16>
  %4 = "lite.lp_normalization"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = "lite.lp_normalization"(%d) {axis = 0 : i64, p = 1 : i64} : (tensor<?x3xf64>) -> tensor<?x3xf64>
  return
}

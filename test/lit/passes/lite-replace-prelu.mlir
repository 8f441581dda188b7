// lite-replace-prelu: prelu whose slope is a constant of one element is
// leaky_relu(alpha = slope). A per-channel or computed slope and an f64
// slope that f32 cannot hold stay prelu.

// RUN: lite-opt %s --lite-replace-prelu | FileCheck %s
// RUN: lite-opt %s --lite-replace-prelu --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 3 num-replaced - Number of prelu ops replaced by leaky_relu

// Before and after agree on random inputs (the same math: exact).
// RUN: lite-run --compare %s --function scalar_slope --pass-pipeline='builtin.module(func.func(lite-replace-prelu))' --rtol 1e-5 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function f64_slope --pass-pipeline='builtin.module(func.func(lite-replace-prelu))' --rtol 1e-5 --atol 0 | FileCheck %s --check-prefix=NUM
// NUM: ops: 1 -> 1
// NUM: max-abs 0 max-rel 0 cosine 1.000000: ok

// CHECK-LABEL: func.func @scalar_slope
// CHECK-NEXT:    %[[Y:.*]] = "lite.leaky_relu"(%arg0) {alpha = 2.500000e-01 : f32} : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scalar_slope(%x: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %s = "lite.constant"() {value = dense<0.25> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = "lite.prelu"(%x, %s) : (tensor<2x3x4x4xf32>, tensor<1xf32>) -> tensor<2x3x4x4xf32>
  return %y : tensor<2x3x4x4xf32>
}

// A rank-0 slope (here f16).
// CHECK-LABEL: func.func @rank0_slope
// CHECK-NEXT:    "lite.leaky_relu"(%arg0) {alpha = -1.500000e+00 : f32} : (tensor<5xf16>) -> tensor<5xf16>
// CHECK-NOT:     lite.prelu
func.func @rank0_slope(%x: tensor<5xf16>) -> tensor<5xf16> {
  %s = "lite.constant"() {value = dense<-1.5> : tensor<f16>} : () -> tensor<f16>
  %y = "lite.prelu"(%x, %s) : (tensor<5xf16>, tensor<f16>) -> tensor<5xf16>
  return %y : tensor<5xf16>
}

// A [1, 1, 1] slope, f64.
// CHECK-LABEL: func.func @f64_slope
// CHECK-NEXT:    "lite.leaky_relu"(%arg0) {alpha = 1.250000e-01 : f32} : (tensor<2x2x3xf64>) -> tensor<2x2x3xf64>
func.func @f64_slope(%x: tensor<2x2x3xf64>) -> tensor<2x2x3xf64> {
  %s = "lite.constant"() {value = dense<0.125> : tensor<1x1x1xf64>} : () -> tensor<1x1x1xf64>
  %y = "lite.prelu"(%x, %s) : (tensor<2x2x3xf64>, tensor<1x1x1xf64>) -> tensor<2x2x3xf64>
  return %y : tensor<2x2x3xf64>
}

// 0.1 in f64 is not an f32 number: alpha would change the result.
// CHECK-LABEL: func.func @f64_inexact
// CHECK:         "lite.prelu"
func.func @f64_inexact(%x: tensor<4xf64>) -> tensor<4xf64> {
  %s = "lite.constant"() {value = dense<0.1> : tensor<1xf64>} : () -> tensor<1xf64>
  %y = "lite.prelu"(%x, %s) : (tensor<4xf64>, tensor<1xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// Per-channel slope: not one alpha.
// CHECK-LABEL: func.func @per_channel
// CHECK:         "lite.prelu"
func.func @per_channel(%x: tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  %s = "lite.constant"() {value = dense<[[[0.1]], [[0.2]], [[0.3]]]> : tensor<3x1x1xf32>} : () -> tensor<3x1x1xf32>
  %y = "lite.prelu"(%x, %s) : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
  return %y : tensor<1x3x2x2xf32>
}

// A slope computed at run time.
// CHECK-LABEL: func.func @dynamic_slope
// CHECK:         "lite.prelu"
func.func @dynamic_slope(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %y = "lite.prelu"(%x, %s) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

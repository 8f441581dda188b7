// lite-replace-batch-norm: an inference batch_norm with constant scale, B,
// mean and var is x * a + b per channel, a = scale / sqrt(var + epsilon),
// b = B - mean * a (computed in f64). It becomes
//   - lite.scale(x){scale = a, bias = b} when all channels share a and b
//     (f32 only: the attributes are f32);
//   - lite.mul(x, A) then lite.add(_, B'), A and B' constants [C, 1, ...]
//     (rank(x) - 1 dims); no mul when every a is 1, no add when every b is 0.
// Left alone: statistics that are not constants, f16/bf16 (a and b would be
// rounded to 11 or 8 bits), an unknown channel count, a variance below
// -epsilon (the reference gives NaN).

// RUN: lite-opt %s --lite-replace-batch-norm | FileCheck %s
// RUN: lite-opt %s --lite-replace-batch-norm --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 6 num-replaced - Number of batch_norm ops replaced by scale or mul/add

// Numbers: a and b are rounded to f32 and x * a is rounded before the add
// (the reference rounds once): within 1e-5 relative plus 1e-6 absolute.
// RUN: lite-run --compare %s --function per_channel --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function uniform --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function matrix --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function f64 --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-12 --atol 1e-12 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function unit_scale --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function dynamic_batch --input-shape arg0=3x3x2x2 --pass-pipeline='builtin.module(func.func(lite-replace-batch-norm))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok

// a = [2, 0.5, 1], b = [1 - 0.5 * 2, -1 - 0 * 0.5, 0.25 - (-1) * 1].
// CHECK-LABEL: func.func @per_channel
// CHECK-DAG:     %[[A:.*]] = "lite.constant"() {value = dense<{{\[}}{{\[}}[2.000000e+00]], {{\[}}[5.000000e-01]], {{\[}}[1.000000e+00]]]> : tensor<3x1x1xf32>}
// CHECK-DAG:     %[[B:.*]] = "lite.constant"() {value = dense<{{\[}}{{\[}}[0.000000e+00]], {{\[}}[-1.000000e+00]], {{\[}}[1.250000e+00]]]> : tensor<3x1x1xf32>}
// CHECK:         %[[M:.*]] = "lite.mul"(%arg0, %[[A]]) : (tensor<2x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.add"(%[[M]], %[[B]]) : (tensor<2x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @per_channel(%x: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %s = "lite.constant"() {value = dense<[4.0, 1.0, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "lite.constant"() {value = dense<[1.0, -1.0, 0.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "lite.constant"() {value = dense<[0.5, 0.0, -1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v = "lite.constant"() {value = dense<[4.0, 4.0, 4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 0.0 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return %y : tensor<2x3x4x4xf32>
}

// Every channel the same: one scale op.
// CHECK-LABEL: func.func @uniform
// CHECK-NEXT:    %[[Y:.*]] = "lite.scale"(%arg0) {bias = -1.500000e+00 : f32, bias_after_scale = 1 : i64, scale = 5.000000e-01 : f32} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @uniform(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<-1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<4.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 0.0 : f32} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// [N, C]: the constants are [C]. Default epsilon (1e-5).
// CHECK-LABEL: func.func @matrix
// CHECK:         "lite.mul"(%arg0, %{{.*}}) : (tensor<4x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    "lite.add"(%{{.*}}, %{{.*}}) : (tensor<4x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
func.func @matrix(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %s = "lite.constant"() {value = dense<[0.7, -1.3]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<[0.1, 0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<[0.3, -0.4]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[0.9, 2.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// f64: mul + add even when uniform (scale's attributes are f32).
// CHECK-LABEL: func.func @f64
// CHECK:         "lite.mul"(%arg0, %{{.*}}) : (tensor<2x2x3xf64>, tensor<2x1xf64>) -> tensor<2x2x3xf64>
// CHECK-NEXT:    "lite.add"
func.func @f64(%x: tensor<2x2x3xf64>) -> tensor<2x2x3xf64> {
  %s = "lite.constant"() {value = dense<0.3> : tensor<2xf64>} : () -> tensor<2xf64>
  %b = "lite.constant"() {value = dense<0.1> : tensor<2xf64>} : () -> tensor<2xf64>
  %m = "lite.constant"() {value = dense<0.2> : tensor<2xf64>} : () -> tensor<2xf64>
  %v = "lite.constant"() {value = dense<0.7> : tensor<2xf64>} : () -> tensor<2xf64>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<2x2x3xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x3xf64>
  return %y : tensor<2x2x3xf64>
}

// a = 1 everywhere: only the add.
// CHECK-LABEL: func.func @unit_scale
// CHECK-NOT:     lite.mul
// CHECK:         "lite.add"(%arg0, %{{.*}}) : (tensor<1x2x2xf32>, tensor<2x1xf32>) -> tensor<1x2x2xf32>
func.func @unit_scale(%x: tensor<1x2x2xf32>) -> tensor<1x2x2xf32> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 0.0 : f32} : (tensor<1x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>
  return %y : tensor<1x2x2xf32>
}

// A dynamic batch is fine: only C must be known.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK:         "lite.mul"(%arg0, %{{.*}}) : (tensor<?x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<?x3x2x2xf32>
// CHECK-NEXT:    "lite.add"
func.func @dynamic_batch(%x: tensor<?x3x2x2xf32>) -> tensor<?x3x2x2xf32> {
  %s = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "lite.constant"() {value = dense<[0.5, 0.25, 0.125]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "lite.constant"() {value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v = "lite.constant"() {value = dense<[1.0, 0.5, 0.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<?x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?x3x2x2xf32>
  return %y : tensor<?x3x2x2xf32>
}

// The mean is computed at run time (a training-style graph).
// CHECK-LABEL: func.func @runtime_mean
// CHECK:         "lite.batch_norm"
func.func @runtime_mean(%x: tensor<1x2x2x2xf32>, %m: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// f16: left to a kernel that computes in f32.
// CHECK-LABEL: func.func @half
// CHECK:         "lite.batch_norm"
func.func @half(%x: tensor<1x2x2x2xf16>) -> tensor<1x2x2x2xf16> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf16>} : () -> tensor<2xf16>
  %b = "lite.constant"() {value = dense<0.0> : tensor<2xf16>} : () -> tensor<2xf16>
  %m = "lite.constant"() {value = dense<0.5> : tensor<2xf16>} : () -> tensor<2xf16>
  %v = "lite.constant"() {value = dense<2.0> : tensor<2xf16>} : () -> tensor<2xf16>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<1x2x2x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x2x2xf16>
  return %y : tensor<1x2x2x2xf16>
}

// The channel count is not known.
// CHECK-LABEL: func.func @dynamic_channels
// CHECK:         "lite.batch_norm"
func.func @dynamic_channels(%x: tensor<1x?x2x2xf32>) -> tensor<1x?x2x2xf32> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<0.5> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<2.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<1x?x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x?x2x2xf32>
  return %y : tensor<1x?x2x2xf32>
}

// var + epsilon < 0: sqrt of a negative number, which the reference
// reports as NaN; the pass does not pretend otherwise.
// CHECK-LABEL: func.func @negative_variance
// CHECK:         "lite.batch_norm"
func.func @negative_variance(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %s = "lite.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.constant"() {value = dense<0.5> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "lite.constant"() {value = dense<[1.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "lite.batch_norm"(%x, %s, %b, %m, %v) : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

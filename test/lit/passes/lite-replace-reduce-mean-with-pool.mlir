// lite-replace-reduce-mean-with-pool: reduce_mean over exactly the spatial
// axes (2, 3 of a 4-D tensor; 2, 3, 4 of 5-D) is a global average pool;
// with keepdims = 0 a flatten(axis 1) drops the 1x1. Axes may be an
// attribute or a constant operand, negative, in any order. Other axes,
// computed axes, 3-D tensors (a transformer's [B, S, D] far more often
// than a signal) and integer tensors stay.

// RUN: lite-opt %s --lite-replace-reduce-mean-with-pool | FileCheck %s
// RUN: lite-opt %s --lite-replace-reduce-mean-with-pool --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-replaced - Number of spatial reduce_mean ops replaced by global average pooling

// Both kernels sum the same elements in f64 and divide by the count.
// RUN: lite-run --compare %s --function keepdims --pass-pipeline='builtin.module(func.func(lite-replace-reduce-mean-with-pool))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function no_keepdims --pass-pipeline='builtin.module(func.func(lite-replace-reduce-mean-with-pool))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function axes_operand --input-shape arg0=2x4x5x3 --pass-pipeline='builtin.module(func.func(lite-replace-reduce-mean-with-pool))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function volume --pass-pipeline='builtin.module(func.func(lite-replace-reduce-mean-with-pool))' --rtol 1e-5 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': {{.*}}: ok

// CHECK-LABEL: func.func @keepdims
// CHECK-NEXT:    %[[Y:.*]] = "lite.pool2d"(%arg0) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @keepdims(%x: tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 2, 3>} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  return %y : tensor<2x3x1x1xf32>
}

// CHECK-LABEL: func.func @no_keepdims
// CHECK-NEXT:    %[[P:.*]] = "lite.pool2d"(%arg0) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT:    %[[Y:.*]] = "lite.flatten"(%[[P]]) {axis = 1 : i64} : (tensor<2x3x1x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @no_keepdims(%x: tensor<2x3x4x4xf32>) -> tensor<2x3xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: -1, 2>, keepdims = 0 : i64} : (tensor<2x3x4x4xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// Axes as a constant operand; dynamic dims are fine.
// CHECK-LABEL: func.func @axes_operand
// CHECK:         "lite.pool2d"(%arg0) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<?x4x?x3xf32>) -> tensor<?x4x1x1xf32>
// CHECK-NOT:     lite.reduce_mean
func.func @axes_operand(%x: tensor<?x4x?x3xf32>) -> tensor<?x4x1x1xf32> {
  %a = "lite.constant"() {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %y = "lite.reduce_mean"(%x, %a) : (tensor<?x4x?x3xf32>, tensor<2xi64>) -> tensor<?x4x1x1xf32>
  return %y : tensor<?x4x1x1xf32>
}

// 5-D: every spatial axis of a volume.
// CHECK-LABEL: func.func @volume
// CHECK:         "lite.pool2d"(%arg0) {global_pooling = 1 : i64, pooling_type = "avg"} : (tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32>
func.func @volume(%x: tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 2, 3, 4>} : (tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32>
  return %y : tensor<1x2x1x1x1xf32>
}

// Only one spatial axis: not a global pool.
// CHECK-LABEL: func.func @one_axis
// CHECK:         "lite.reduce_mean"
func.func @one_axis(%x: tensor<2x3x4x4xf32>) -> tensor<2x3x1x4xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 2>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x4xf32>
  return %y : tensor<2x3x1x4xf32>
}

// Over channels too.
// CHECK-LABEL: func.func @with_channels
// CHECK:         "lite.reduce_mean"
func.func @with_channels(%x: tensor<2x3x4x4xf32>) -> tensor<2x1x1x1xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 1, 2, 3>} : (tensor<2x3x4x4xf32>) -> tensor<2x1x1x1xf32>
  return %y : tensor<2x1x1x1xf32>
}

// No axes: the mean of everything.
// CHECK-LABEL: func.func @all_axes
// CHECK:         "lite.reduce_mean"
func.func @all_axes(%x: tensor<2x3x4x4xf32>) -> tensor<1x1x1x1xf32> {
  %y = "lite.reduce_mean"(%x) : (tensor<2x3x4x4xf32>) -> tensor<1x1x1x1xf32>
  return %y : tensor<1x1x1x1xf32>
}

// Axes computed at run time.
// CHECK-LABEL: func.func @runtime_axes
// CHECK:         "lite.reduce_mean"
func.func @runtime_axes(%x: tensor<2x3x4x4xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = "lite.reduce_mean"(%x, %a) : (tensor<2x3x4x4xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// [B, S, D]: the mean over features of a layer norm, left to its fusion.
// CHECK-LABEL: func.func @sequence
// CHECK:         "lite.reduce_mean"
func.func @sequence(%x: tensor<2x5x8xf32>) -> tensor<2x5x1xf32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 2>} : (tensor<2x5x8xf32>) -> tensor<2x5x1xf32>
  return %y : tensor<2x5x1xf32>
}

// Integers: average pooling is for floats (an integer mean truncates).
// CHECK-LABEL: func.func @integer
// CHECK:         "lite.reduce_mean"
func.func @integer(%x: tensor<1x2x2x2xi32>) -> tensor<1x2x1x1xi32> {
  %y = "lite.reduce_mean"(%x) {axes = array<i64: 2, 3>} : (tensor<1x2x2x2xi32>) -> tensor<1x2x1x1xi32>
  return %y : tensor<1x2x1x1xi32>
}

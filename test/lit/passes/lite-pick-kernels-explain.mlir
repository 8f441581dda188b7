// explain=true: one remark per op with every candidate and its score
// (Paddle-Lite's: 255 target + 127 precision + 63 layout, weighted by
// (N - i) / N for place i of N, +1 per compatible operand, x2 when all
// are) or why it was rejected. An op no kernel takes is an error naming
// the op, its location and the places tried, with a note per rejected
// candidate; every such op is reported.

// RUN: lite-opt %s --split-input-file --verify-diagnostics --test-lite-register-kernels --lite-pick-kernels='places=x86:f32:nchw8c,host:f32:nchw explain=true' -o /dev/null
// RUN: not lite-opt %s --split-input-file --lite-pick-kernels='places=x86:f32:nchw8c' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not lite-opt %s --lite-pick-kernels='places=x86:f32' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not lite-opt %s --lite-pick-kernels='places=x86:f32:nchw8c,' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD2

// NONE:      lite-pick-kernels-explain.mlir:28:8: error: no kernel for 'lite.conv2d' at places x86:f32:nchw8c
// NONE:      lite-pick-kernels-explain.mlir:30:8: error: no kernel for 'lite.softmax' at places x86:f32:nchw8c
// NONE:      lite-pick-kernels-explain.mlir:40:8: error: no kernel for 'lite.conv2d' at places x86:f32:nchw8c
// NONE:      lite-pick-kernels-explain.mlir:49:8: error: no kernel for 'lite.add' at places x86:f32:nchw8c
// RUN: not lite-opt %s --split-input-file --test-lite-register-kernels --lite-pick-kernels='places=x86:f32:nchw8c' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTE
// NOTE:      lite-pick-kernels-explain.mlir:28:8: error: no kernel for 'lite.conv2d' at places x86:f32:nchw8c
// NOTE:      lite-pick-kernels-explain.mlir:28:8: note: kernel test_x86_conv2d_3x3s1__f32_nchw8c rejected: needs kernel_shape each in {3}
// NOTE-NOT:  error: no kernel for 'lite.softmax'
// NOTE:      lite-pick-kernels-explain.mlir:40:8: note: kernel test_x86_conv2d_3x3s1__f32_nchw8c rejected: needs strides each in {1} or absent
// BAD: error: 'func.func' op lite-pick-kernels: bad place 'x86:f32' in places='x86:f32': expected target:precision:layout
// BAD2: error: 'func.func' op lite-pick-kernels: bad place '' in places='x86:f32:nchw8c,'

func.func @scores(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3x5x5xf32>} : () -> tensor<4x3x5x5xf32>
  // expected-remark @below {{kernel ref_conv2d__f32_nchw; ref_conv2d__f32_nchw = 449, ref_conv2d__any_nchw = 449, test_x86_conv2d_3x3s1__f32_nchw8c rejected (needs kernel_shape each in {3})}}
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 5, 5>} : (tensor<1x3x8x8xf32>, tensor<4x3x5x5xf32>) -> tensor<1x4x4x4xf32>
  // expected-remark @below {{kernel test_x86_softmax__f32_nchw8c; ref_softmax__f32_nchw = 447, ref_softmax__any_nchw = 447, test_x86_softmax__f32_nchw8c = 892}}
  %s = "lite.softmax"(%c) {axis = 1} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %s : tensor<1x4x4x4xf32>
}

// -----

// The 3x3 kernel takes strides 1 only; an absent group is the default 1.
func.func @strided(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  // expected-remark @below {{kernel ref_conv2d__f32_nchw; ref_conv2d__f32_nchw = 449, ref_conv2d__any_nchw = 449, test_x86_conv2d_3x3s1__f32_nchw8c rejected (needs strides each in {1} or absent)}}
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %c : tensor<1x4x3x3xf32>
}

// -----

// An i64 add cannot take the f32 kernel: its result is not f32.
func.func @int_add(%i: tensor<4xi64>) -> tensor<4xi64> {
  // expected-remark @below {{kernel ref_add__any_nchw; ref_add__f32_nchw rejected (result 0 is i64, the kernel writes f32), ref_add__any_nchw = 449}}
  %a = "lite.add"(%i, %i) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %a : tensor<4xi64>
}

// -----

// An i32 equal has a bool result both rows declare, but the f32 row
// computes in f32 and no operand is a float: the any row takes it.
func.func @int_equal(%i: tensor<4xi32>) -> tensor<4xi1> {
  // expected-remark @below {{kernel ref_equal__any_nchw; ref_equal__f32_nchw rejected (no operand is a float: the kernel computes in f32), ref_equal__any_nchw = 449}}
  %e = "lite.equal"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %e : tensor<4xi1>
}

// lite-pick-kernels chooses a kernel for every lite op (lite.constant and
// lite.none excepted) from the builtin registry (docs/kernels.md) and
// records its stable name as `lite.kernel`. With the builtin table every
// op gets a host reference kernel: the f32 one for f32 tensors (it ties
// with the `any` one and comes first), the `any` one for other element
// types, and never a kernel whose declared result precision the op's
// results cannot have (an i64 add does not get the f32 kernel; a compare's
// f32 kernel writes bool).

// RUN: lite-opt %s --split-input-file --lite-pick-kernels | FileCheck %s
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw8c,host:f32:nchw}))' | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-pick-kernels --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 4 num-picked - Number of ops given a kernel
// STATS: (S) 2 num-picked - Number of ops given a kernel

// The pass is idempotent: a second run picks the same kernels.
// RUN: lite-opt %s --split-input-file --lite-pick-kernels --lite-pick-kernels | FileCheck %s

// CHECK-LABEL: func.func @small_cnn
// CHECK:       "lite.constant"() {value = dense<5.000000e-01> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>{{$}}
// CHECK-NEXT:  "lite.conv2d"(%arg0, %{{.*}}) {kernel_shape = array<i64: 3, 3>, lite.kernel = "ref_conv2d__f32_nchw"}
// CHECK-NEXT:  "lite.relu"(%{{.*}}) {lite.kernel = "ref_relu__f32_nchw"}
// CHECK-NEXT:  "lite.pool2d"(%{{.*}}) {{{.*}}lite.kernel = "ref_pool2d__f32_nchw"
// CHECK-NEXT:  "lite.softmax"(%{{.*}}) {axis = 1 : i64, lite.kernel = "ref_softmax__f32_nchw"}
func.func @small_cnn(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x1x1xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %r = "lite.relu"(%c) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %p = "lite.pool2d"(%r) {pooling_type = "avg", global_pooling = 1} : (tensor<1x4x6x6xf32>) -> tensor<1x4x1x1xf32>
  %s = "lite.softmax"(%p) {axis = 1} : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return %s : tensor<1x4x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @other_types
// CHECK:       "lite.add"(%arg0, %arg0) {lite.kernel = "ref_add__any_nchw"} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT:  "lite.equal"(%arg1, %arg1) {lite.kernel = "ref_equal__f32_nchw"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @other_types(%i: tensor<4xi64>, %f: tensor<4xf32>) -> (tensor<4xi64>, tensor<4xi1>) {
  %a = "lite.add"(%i, %i) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %e = "lite.equal"(%f, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %a, %e : tensor<4xi64>, tensor<4xi1>
}

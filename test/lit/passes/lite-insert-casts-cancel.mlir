// lite-insert-casts over the builtin kernels on IR that is placed already:
// inverse casts cancel, casts of constants fold, and one value read at the
// same destination by two consumers is cast once.
// RUN: lite-opt %s --lite-insert-casts | FileCheck %s
// RUN: lite-opt %s --lite-insert-casts --mlir-pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(lite-insert-casts))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP

// %d = io_copy(%x) to opencl is read on host by relu: the copy back cancels
// against it, so relu and mul read %x, and the now unused io_copy is
// erased. The opencl constant read on host folds into a host constant.
// CHECK-LABEL: func.func @main
// CHECK-NEXT:  %[[K:.*]] = "lite.constant"() {value = dense<1.500000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT:  %[[R:.*]] = "lite.relu"(%arg0)
// CHECK-NEXT:  %[[A:.*]] = "lite.add"(%[[R]], %[[K]])
// CHECK-NEXT:  %[[M:.*]] = "lite.mul"(%arg0, %[[A]])
// CHECK-NEXT:  return %[[M]]
// CHECK-NOT:   lite.io_copy

// STATS-DAG: 1 num-cancelled
// STATS-DAG: 1 num-folded
// STATS-DAG: 1 num-shared
// STATS-DAG: 0 num-io-copy
// STATS-DAG: 0 num-calib
// STATS-DAG: 0 num-layout

// CMP: output 'output_0': max-abs 0 {{.*}}: ok

func.func @main(%x: tensor<2x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>> {
  %k = "lite.constant"() {value = dense<1.5> : tensor<2x3xf32>} : () -> tensor<2x3xf32, #lite.place<opencl, f32, nchw>>
  %d = "lite.io_copy"(%x) {lite.kernel = "ref_io_copy__f32_nchw"} : (tensor<2x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<opencl, f32, nchw>>
  %r = "lite.relu"(%d) {lite.kernel = "ref_relu__f32_nchw"} : (tensor<2x3xf32, #lite.place<opencl, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
  %a = "lite.add"(%r, %k) {lite.kernel = "ref_add__f32_nchw"} : (tensor<2x3xf32, #lite.place<host, f32, nchw>>, tensor<2x3xf32, #lite.place<opencl, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
  %m = "lite.mul"(%d, %a) {lite.kernel = "ref_mul__f32_nchw"} : (tensor<2x3xf32, #lite.place<opencl, f32, nchw>>, tensor<2x3xf32, #lite.place<host, f32, nchw>>) -> tensor<2x3xf32, #lite.place<host, f32, nchw>>
  return %m : tensor<2x3xf32, #lite.place<host, f32, nchw>>
}

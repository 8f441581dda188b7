// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The Place is the encoding of a ranked tensor: parsed, printed with `, `
// separators, `device = N` only when N is not 0, and uniqued.

// CHECK-LABEL: func.func @places
// CHECK-SAME: tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>
// CHECK-SAME: tensor<1x8x4x4xf16, #lite.place<opencl, f16, nchw, device = 1>>
// CHECK-SAME: tensor<2xi64, #lite.place<host, i64, any>>
// CHECK-SAME: tensor<?x3xf32, #lite.place<any, any, any>>
// GENERIC: "func.func"()
// GENERIC: #lite.place<x86, f32, nchw8c>
func.func @places(%a: tensor<1x8x4x4xf32, #lite.place<x86,f32,nchw8c>>,
                  %b: tensor<1x8x4x4xf16, #lite.place<opencl, f16, nchw, device = 1>>,
                  %c: tensor<2xi64, #lite.place< host , i64 , any >>,
                  %d: tensor<?x3xf32, #lite.place<any, any, any, device = 0>>) {
  return
}

// CHECK-LABEL: func.func @relu_placed
// CHECK: "lite.relu"(%{{.*}}) : (tensor<2x3xf32, #lite.place<arm, f32, nchw>>) -> tensor<2x3xf32, #lite.place<arm, f32, nchw>>
func.func @relu_placed(%a: tensor<2x3xf32, #lite.place<arm, f32, nchw>>) -> tensor<2x3xf32, #lite.place<arm, f32, nchw>> {
  %0 = "lite.relu"(%a) : (tensor<2x3xf32, #lite.place<arm, f32, nchw>>) -> tensor<2x3xf32, #lite.place<arm, f32, nchw>>
  return %0 : tensor<2x3xf32, #lite.place<arm, f32, nchw>>
}

// A Place attribute may also stand alone.
// CHECK-LABEL: func.func @standalone
// CHECK-SAME: attributes {where = #lite.place<vulkan, bf16, nhwc>}
func.func @standalone() attributes {where = #lite.place<vulkan, bf16, nhwc>} {
  return
}

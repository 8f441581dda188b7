// REQUIRES: mlir-opt
// Upstream mlir-opt reads our generic output, Places included, and prints it
// back unchanged.
// RUN: lite-opt --mlir-print-op-generic %s > %t.lite
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.lite > %t.mlir
// RUN: diff %t.lite %t.mlir

func.func @f(%a: tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>,
             %b: tensor<1x8x4x4xf16, #lite.place<opencl, f16, nchw, device = 1>>)
    -> tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>> {
  %0 = "lite.relu"(%a) : (tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>
  return %0 : tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>
}

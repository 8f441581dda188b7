// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: "ext.types"() {
// CHECK-SAME: t1 = tensor<?x4xf32>, t2 = (i32, i32) -> (f32, f32), t3 = () -> (),
// CHECK-SAME: t4 = (i32) -> ((i32) -> i32), t5 = (i32) -> f32, t6 = !ext.qint<8, sym>,
// CHECK-SAME: t7 = !ext<"weird type">, t8 = tensor<*xf32>, t9 = vector<4x8xf16>,
// CHECK-SAME: ta = tensor<1x?xf32, #ext.place<x86, f32, nchw>>, tb = none, tc = tensor<f32>,
// CHECK-SAME: td = tensor<2xsi8>, te = tensor<0x3xui16>, tf = index, tg = bf16, th = f64} : () -> ()
"ext.types"() {t1 = tensor<?x4xf32>, t2 = (i32, i32) -> (f32, f32), t3 = () -> (),
  t4 = (i32) -> ((i32) -> i32), t5 = (i32) -> (f32), t6 = !ext.qint<8, sym>,
  t7 = !ext<"weird type">, t8 = tensor<*xf32>, t9 = vector<4x8xf16>,
  ta = tensor<1x?xf32, #ext.place<x86, f32, nchw>>, tb = none, tc = tensor<f32>,
  td = tensor<2xsi8>, te = tensor<0x3xui16>, tf = index, tg = bf16, th = f64} : () -> ()

// Result lists are parenthesized unless they are one non-function type.
// CHECK-LABEL: func.func @sig(%arg0: tensor<1x3x224x224xf32, #ext.place<x86, f32, nchw>>)
// CHECK-SAME: -> tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>> {
// CHECK-NEXT:    %0 = "ext.conv2d"(%arg0) {pads = [1, 1, 1, 1], strides = [1, 1]} : (tensor<1x3x224x224xf32, #ext.place<x86, f32, nchw>>) -> tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>>
// CHECK-NEXT:    %1:2 = "ext.split"(%0) : (tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>>) -> (tensor<1x8x224x224xf32>, tensor<1x8x224x224xf32>)
// CHECK-NEXT:    %2 = "ext.fn"() : () -> ((i32) -> i32)
func.func @sig(%a: tensor<1x3x224x224xf32, #ext.place<x86, f32, nchw>>) -> tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>> {
  %0 = "ext.conv2d"(%a) {strides = [1, 1], pads = [1, 1, 1, 1]} : (tensor<1x3x224x224xf32, #ext.place<x86, f32, nchw>>) -> tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>>
  %1:2 = "ext.split"(%0) : (tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>>) -> (tensor<1x8x224x224xf32>, tensor<1x8x224x224xf32>)
  %2 = "ext.fn"() : () -> ((i32) -> i32)
  return %0 : tensor<1x16x224x224xf32, #ext.place<x86, f32, nchw>>
}

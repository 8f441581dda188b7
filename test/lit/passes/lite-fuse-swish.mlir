// lite-fuse-swish: x * sigmoid(x) becomes swish(x); x * sigmoid(k x) with a
// constant k becomes swish(x) {beta = k}; x * hard_sigmoid(x) with alpha 1/6
// and beta 0.5 becomes hard_swish(x), and so do x * relu6(x + 3) / 6 and
// its variants (relu6 as clip(0, 6) or as the add's fused activation; / 6
// or * (1/6), before or after the product). Left alone: intermediates with
// a second user, a sigmoid of another value, other hard_sigmoid
// parameters, x + 2, / 5, a product with its own activation, a per-element
// beta.

// RUN: lite-opt %s --lite-fuse-swish | FileCheck %s
// RUN: lite-opt %s --lite-fuse-swish --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 11 num-fused - Number of swish and hard_swish forms fused

// Before vs after on the reference interpreter (random inputs): the fused
// ops compute the same functions in double without rounding the
// intermediates to f32, and hard_swish uses 1/6 exactly where the forms
// have the f32 nearest to it.
// RUN: lite-run --compare %s --function swish --pass-pipeline='builtin.module(func.func(lite-fuse-swish))' --rtol 1e-5 | FileCheck %s --check-prefix=SWISH
// RUN: lite-run --compare %s --function hard_swish --pass-pipeline='builtin.module(func.func(lite-fuse-swish))' --rtol 1e-5 | FileCheck %s --check-prefix=HSWISH
// SWISH: ops: 10 -> 4
// SWISH-COUNT-4: : ok
// HSWISH: ops: 24 -> 7
// HSWISH-COUNT-7: : ok

// CHECK-LABEL: func.func @swish
// CHECK-NEXT:    %[[A:.*]] = "lite.swish"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.swish"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = "lite.swish"(%arg0) {beta = 1.500000e+00 : f32}
// CHECK-NEXT:    %[[D:.*]] = "lite.swish"(%arg0) {beta = -2.000000e+00 : f32}
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @swish(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %s0 = "lite.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y0 = "lite.mul"(%x, %s0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %s1 = "lite.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y1 = "lite.mul"(%s1, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %k = "lite.constant"() {value = dense<1.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %kx = "lite.mul"(%k, %x) : (tensor<1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %s2 = "lite.sigmoid"(%kx) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y2 = "lite.mul"(%x, %s2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %sx = "lite.scale"(%x) {scale = -2.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %s3 = "lite.sigmoid"(%sx) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y3 = "lite.mul"(%s3, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y0, %y1, %y2, %y3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Seven spellings of hard_swish.
// CHECK-LABEL: func.func @hard_swish
// CHECK-COUNT-7: "lite.hard_swish"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return
func.func @hard_swish(%x: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %six = "lite.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %sixth = "lite.constant"() {value = dense<0.166666672> : tensor<f32>} : () -> tensor<f32>
  %zero = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // x * hard_sigmoid(x) {alpha = 1/6}
  %h0 = "lite.hard_sigmoid"(%x) {alpha = 0.166666672 : f32, beta = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y0 = "lite.mul"(%x, %h0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // (x * clip(x + 3, 0, 6)) / 6, the form of ONNX exports before opset 14
  %a1 = "lite.add"(%x, %three) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %c1 = "lite.clip"(%a1, %zero, %six) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %m1 = "lite.mul"(%x, %c1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %y1 = "lite.div"(%m1, %six) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // x * (clip(3 + x) / 6), clip bounds as attributes
  %a2 = "lite.add"(%three, %x) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %c2 = "lite.clip"(%a2) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %d2 = "lite.div"(%c2, %six) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %y2 = "lite.mul"(%x, %d2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // (clip(x + 3) * x) * (1/6)
  %a3 = "lite.add"(%x, %three) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %c3 = "lite.clip"(%a3, %zero, %six) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %m3 = "lite.mul"(%c3, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %y3 = "lite.mul"(%m3, %sixth) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // x * ((1/6) * clip(x + 3))
  %a4 = "lite.add"(%x, %three) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %c4 = "lite.clip"(%a4, %zero, %six) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %d4 = "lite.mul"(%sixth, %c4) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %y4 = "lite.mul"(%x, %d4) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // relu6 fused into the add (after lite-fuse-elementwise-activation)
  %a5 = "lite.add"(%x, %three) {activation = "relu6"} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %m5 = "lite.mul"(%a5, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %y5 = "lite.div"(%m5, %six) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // x + 3 as a scale carrying relu6
  %a6 = "lite.scale"(%x) {bias = 3.0 : f32, activation = "relu6"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %m6 = "lite.mul"(%x, %a6) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %y6 = "lite.div"(%m6, %six) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     "lite.swish"
// CHECK-NOT:     "lite.hard_swish"
// CHECK:         return
func.func @left_alone(%x: tensor<4xf32>, %y: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %two = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %five = "lite.constant"() {value = dense<5.0> : tensor<f32>} : () -> tensor<f32>
  %six = "lite.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %kv = "lite.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  // the sigmoid is also returned
  %s0 = "lite.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %y0 = "lite.mul"(%x, %s0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // y * sigmoid(x)
  %s1 = "lite.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %y1 = "lite.mul"(%y, %s1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // hard_sigmoid with ONNX's default alpha 0.2
  %h2 = "lite.hard_sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %y2 = "lite.mul"(%x, %h2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // x * relu6(x + 2) / 6
  %a3 = "lite.add"(%x, %two) {activation = "relu6"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %m3 = "lite.mul"(%x, %a3) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y3 = "lite.div"(%m3, %six) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // x * relu6(x + 3) / 5
  %a4 = "lite.add"(%x, %three) {activation = "relu6"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %m4 = "lite.mul"(%x, %a4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y4 = "lite.div"(%m4, %five) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // the product has an activation of its own
  %s5 = "lite.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %y5 = "lite.mul"(%x, %s5) {activation = "relu"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // a beta per element
  %kx = "lite.mul"(%x, %kv) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s6 = "lite.sigmoid"(%kx) : (tensor<4xf32>) -> tensor<4xf32>
  %y6 = "lite.mul"(%x, %s6) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y0, %s0, %y1, %y2, %y3, %y4, %y5, %y6, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

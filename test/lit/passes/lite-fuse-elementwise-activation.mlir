// lite-fuse-elementwise-activation: an activation op after add, sub, mul or
// div becomes the binary op's fused activation attributes: relu, relu6
// (clip with min 0 and a positive max, as attributes or constant operands),
// leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, gelu. Left
// alone: a binary result with a second user, a binary op that has an
// activation already, clip bounds other than [0, max], gelu's tanh form,
// integer tensors, activations that no op can fuse (elu).

// RUN: lite-opt %s --lite-fuse-elementwise-activation | FileCheck %s
// RUN: lite-opt %s --lite-fuse-elementwise-activation --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-elementwise-activation --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 11 num-fused - Number of add/sub/mul/div + activation pairs fused

// Before vs after on the reference interpreter (random inputs): the same
// functions on the same values; the fused form skips rounding the binary
// result to f32 before the activation.
// RUN: lite-run --compare %s --function each --pass-pipeline='builtin.module(func.func(lite-fuse-elementwise-activation))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// CMP: ops: 22 -> 11
// CMP-COUNT-11: : ok

// CHECK-LABEL: func.func @each
// CHECK-NEXT:    "lite.add"(%arg0, %arg1) {activation = "relu"}
// CHECK-NEXT:    "lite.sub"(%arg0, %arg1) {activation = "relu6"}
// CHECK-NEXT:    "lite.mul"(%arg0, %arg1) {activation = "leaky_relu", activation_alpha = 1.000000e-01 : f32}
// CHECK-NEXT:    "lite.div"(%arg0, %arg2) {activation = "sigmoid"}
// CHECK-NEXT:    "lite.add"(%arg0, %arg2) {activation = "tanh"}
// CHECK-NEXT:    "lite.sub"(%arg0, %arg1) {activation = "hard_swish"}
// CHECK-NEXT:    "lite.mul"(%arg0, %arg1) {activation = "hard_sigmoid", activation_alpha = 2.500000e-01 : f32, activation_beta = 4.000000e-01 : f32}
// CHECK-NEXT:    "lite.div"(%arg0, %arg2) {activation = "swish", activation_beta = 2.000000e+00 : f32}
// CHECK-NEXT:    "lite.add"(%arg0, %arg1) {activation = "gelu"}
// CHECK-NEXT:    "lite.add"(%arg0, %arg1) {activation = "relu6", activation_alpha = 4.000000e+00 : f32}
// CHECK-NEXT:    "lite.sub"(%arg0, %arg1) {activation = "relu"}
// CHECK-NEXT:    return
func.func @each(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %z: tensor<3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a0 = "lite.add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc("add_0")
  %r0 = "lite.relu"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("relu_0")
  %a1 = "lite.sub"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r1 = "lite.clip"(%a1) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a2 = "lite.mul"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r2 = "lite.leaky_relu"(%a2) {alpha = 0.1 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a3 = "lite.div"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r3 = "lite.sigmoid"(%a3) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a4 = "lite.add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r4 = "lite.tanh"(%a4) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a5 = "lite.sub"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r5 = "lite.hard_swish"(%a5) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a6 = "lite.mul"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r6 = "lite.hard_sigmoid"(%a6) {alpha = 0.25 : f32, beta = 0.4 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a7 = "lite.div"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r7 = "lite.swish"(%a7) {beta = 2.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a8 = "lite.add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r8 = "lite.gelu"(%a8) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %zero = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %four = "lite.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  %a9 = "lite.add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r9 = "lite.clip"(%a9, %zero, %four) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %a10 = "lite.sub"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r10 = "lite.clip"(%a10, %zero) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
      tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
// The fused op names both ONNX nodes.
// LOC-LABEL: func.func @each
// LOC:         "lite.add"{{.*}} loc(#[[F:loc[0-9]+]])
// LOC:       #[[A:loc[0-9]+]] = loc("add_0")
// LOC-NEXT:  #[[R:loc[0-9]+]] = loc("relu_0")
// LOC:       #[[F]] = loc(fused[#[[A]], #[[R]]])

// Left alone: the sum is also returned; the sum has an activation
// already; clip(-1, 1); gelu's tanh form; i32; elu.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: "lite.constant"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.relu"
// CHECK-NEXT:    "lite.add"{{.*}}activation = "relu"
// CHECK-NEXT:    "lite.sigmoid"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.clip"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.gelu"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.relu"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.elu"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %a0 = "lite.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r0 = "lite.relu"(%a0) : (tensor<4xf32>) -> tensor<4xf32>
  %a1 = "lite.add"(%x, %x) {activation = "relu"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r1 = "lite.sigmoid"(%a1) : (tensor<4xf32>) -> tensor<4xf32>
  %lo = "lite.constant"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %hi = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %a2 = "lite.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r2 = "lite.clip"(%a2, %lo, %hi) : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  %a3 = "lite.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r3 = "lite.gelu"(%a3) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %a4 = "lite.add"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %r4 = "lite.relu"(%a4) : (tensor<4xi32>) -> tensor<4xi32>
  %a5 = "lite.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r5 = "lite.elu"(%a5) : (tensor<4xf32>) -> tensor<4xf32>
  return %r0, %a0, %r1, %r2, %r3, %r4, %r5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}

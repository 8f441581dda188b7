// lite-fold-constants evaluates ops whose operands are all constant (on the
// reference kernels: results up to 65536 elements, larger ones when no
// larger than their largest operand, e.g. a transposed weight, which then
// becomes a dense_resource blob), folds shape/size of static shapes, turns
// constant shape-like operands into their attribute form, and scalar
// constants of add/sub/mul/div into a scale op (prelu's into leaky_relu's
// alpha). Left alone: ops with a non-constant operand, results that would
// grow the model (an expand of a scalar to 90000 elements), shape-like
// operands that are not all constant or have no exact attribute form,
// constants that broadcast x to another shape, integer arithmetic, c / x,
// and f64 division by a constant whose reciprocal is inexact.

// RUN: lite-opt %s --lite-fold-constants | FileCheck %s
// RUN: lite-opt %s --lite-fold-constants --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// binary-to-scale=false keeps the binary forms for fusions that match them.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fold-constants{binary-to-scale=false}))' | FileCheck %s --check-prefix=NOSCALE
// NOSCALE-LABEL: func.func @scales
// NOSCALE-NOT: "lite.scale"
// NOSCALE: "lite.mul"
// NOSCALE-LABEL: func.func @prelu
// NOSCALE-NOT: "lite.leaky_relu"
// STATS-DAG: (S) 19 num-attrs  - Number of ops whose constant operands became attributes (or a scale op)
// STATS-DAG: (S)  4 num-folded - Number of ops evaluated into constants

// Before vs after on the reference interpreter (random inputs). Folding
// evaluates exactly what the interpreter evaluates, the attribute forms
// read the same values, and scale computes x*s + b in double, which rounds
// like the f32 op (x / c as x * (1/c) included: double's error is far below
// the distance of any f32 quotient to a rounding boundary): bit-exact.
// RUN: lite-run --compare %s --function fold --pass-pipeline='builtin.module(func.func(lite-fold-constants))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function attrs --pass-pipeline='builtin.module(func.func(lite-fold-constants))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function scales --pass-pipeline='builtin.module(func.func(lite-fold-constants))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function prelu --pass-pipeline='builtin.module(func.func(lite-fold-constants))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// CMP-NOT: MISMATCH
// CMP: : ok

// CHECK-LABEL: func.func @fold
// CHECK-DAG: "lite.constant"() {value = dense<[4.000000e+00, 6.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>}
// CHECK-DAG: "lite.constant"() {value = dense<6> : tensor<i64>}
// CHECK-DAG: "lite.constant"() {value = dense_resource<transposed_weight> : tensor<250x300xi8>}
// CHECK-NOT: "lite.add"
// CHECK-NOT: "lite.transpose"
// CHECK-NOT: "lite.shape"
// CHECK-NOT: "lite.size"
// CHECK: return
func.func @fold(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>, tensor<i64>, tensor<250x300xi8>) {
  %a = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "lite.constant"() {value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "lite.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "lite.shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi64>
  %2 = "lite.size"(%x) : (tensor<2x3xf32>) -> tensor<i64>
  // 75000 elements: past the dialect's folding limit, but no larger than
  // the weight it transposes.
  %w = "lite.constant"() {value = dense<3> : tensor<300x250xi8>} : () -> tensor<300x250xi8>
  %3 = "lite.transpose"(%w) : (tensor<300x250xi8>) -> tensor<250x300xi8> loc("transposed_weight")
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xi64>, tensor<i64>, tensor<250x300xi8>
}

// CHECK-LABEL: func.func @fold_keep
// CHECK: "lite.expand"
// CHECK: "lite.add"(%arg0
// CHECK: "lite.shape"(%arg1)
func.func @fold_keep(%x: tensor<2xf32>, %d: tensor<?x3xf32>) -> (tensor<300x300xf32>, tensor<2xf32>, tensor<2xi64>) {
  %one = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %s = "lite.constant"() {value = dense<[300, 300]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "lite.expand"(%one, %s) : (tensor<f32>, tensor<2xi64>) -> tensor<300x300xf32>
  %b = "lite.constant"() {value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "lite.add"(%x, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "lite.shape"(%d) : (tensor<?x3xf32>) -> tensor<2xi64>
  return %0, %1, %2 : tensor<300x300xf32>, tensor<2xf32>, tensor<2xi64>
}

// CHECK-LABEL: func.func @attrs
// CHECK-NEXT: %[[R:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 4, 6>} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %[[U:.*]] = "lite.unsqueeze"(%arg0) {axes = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[Q:.*]] = "lite.squeeze"(%[[U]]) {axes = array<i64: 0>} : (tensor<1x2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[S:.*]] = "lite.slice"(%arg0) {axes = array<i64: 2>, ends = array<i64: -1>, starts = array<i64: 1>, steps = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
// CHECK-NEXT: %[[P:.*]] = "lite.pad"(%arg0) {constant_value = 2.500000e+00 : f32, mode = "constant", pads = array<i64: 0, 0, 1, 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
// CHECK-NEXT: %[[PI:.*]] = "lite.pad"(%arg1) {constant_value = -3 : i64, pads = array<i64: 1, 0>} : (tensor<3xi32>) -> tensor<4xi32>
// CHECK-NEXT: %[[RS:.*]] = "lite.resize"(%arg2) {scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x3xf32>
// CHECK-NEXT: %[[RZ:.*]] = "lite.resize"(%arg2) {mode = "linear", sizes = array<i64: 1, 1, 3, 3>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[RD:.*]] = "lite.reduce_mean"(%arg0) {axes = array<i64: -1>, keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[SP:.*]]:2 = "lite.split"(%arg0) {axis = 1 : i64, split = array<i64: 2, 1>} : (tensor<2x3x4xf32>) -> (tensor<2x2x4xf32>, tensor<2x1x4xf32>)
// CHECK-NEXT: %[[C:.*]] = "lite.clip"(%arg0) {max = 5.000000e-01 : f32, min = -5.000000e-01 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[CI:.*]] = "lite.clip"(%arg1) {max = 4 : i64} : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: return
func.func @attrs(%x: tensor<2x3x4xf32>, %i: tensor<3xi32>, %r: tensor<1x1x2x2xf32>) -> (tensor<4x6xf32>, tensor<2x3x4xf32>, tensor<2x3x2xf32>, tensor<2x3x6xf32>, tensor<4xi32>, tensor<1x1x4x3xf32>, tensor<1x1x3x3xf32>, tensor<2x3xf32>, tensor<2x2x4xf32>, tensor<2x1x4xf32>, tensor<2x3x4xf32>, tensor<3xi32>) {
  %n = "lite.none"() : () -> none
  %shape = "lite.constant"() {value = dense<[4, 6]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "lite.reshape"(%x, %shape) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
  %a0 = "lite.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %u = "lite.unsqueeze"(%x, %a0) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
  %1 = "lite.squeeze"(%u, %a0) : (tensor<1x2x3x4xf32>, tensor<1xi64>) -> tensor<2x3x4xf32>
  %st = "lite.constant"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %en = "lite.constant"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %ax = "lite.constant"() {value = dense<[2]> : tensor<1xi32>} : () -> tensor<1xi32>
  %sp = "lite.constant"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %2 = "lite.slice"(%x, %st, %en, %ax, %sp) : (tensor<2x3x4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x3x2xf32>
  %pads = "lite.constant"() {value = dense<[0, 0, 1, 0, 0, 1]> : tensor<6xi64>} : () -> tensor<6xi64>
  %cv = "lite.constant"() {value = dense<2.5> : tensor<f32>} : () -> tensor<f32>
  %3 = "lite.pad"(%x, %pads, %cv) {mode = "constant"} : (tensor<2x3x4xf32>, tensor<6xi64>, tensor<f32>) -> tensor<2x3x6xf32>
  %ipads = "lite.constant"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %icv = "lite.constant"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %4 = "lite.pad"(%i, %ipads, %icv) : (tensor<3xi32>, tensor<2xi64>, tensor<i32>) -> tensor<4xi32>
  %scales = "lite.constant"() {value = dense<[1.0, 1.0, 2.0, 1.5]> : tensor<4xf32>} : () -> tensor<4xf32>
  %5 = "lite.resize"(%r, %n, %scales) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<1x1x4x3xf32>
  // an empty scales operand means "absent", as in ONNX
  %empty = "lite.constant"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
  %sizes = "lite.constant"() {value = dense<[1, 1, 3, 3]> : tensor<4xi64>} : () -> tensor<4xi64>
  %6 = "lite.resize"(%r, %n, %empty, %sizes) {mode = "linear"} : (tensor<1x1x2x2xf32>, none, tensor<0xf32>, tensor<4xi64>) -> tensor<1x1x3x3xf32>
  %am1 = "lite.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %7 = "lite.reduce_mean"(%x, %am1) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x3xf32>
  %sizes2 = "lite.constant"() {value = dense<[2, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %8:2 = "lite.split"(%x, %sizes2) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> (tensor<2x2x4xf32>, tensor<2x1x4xf32>)
  %lo = "lite.constant"() {value = dense<-0.5> : tensor<f32>} : () -> tensor<f32>
  %hi = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %9 = "lite.clip"(%x, %lo, %hi) : (tensor<2x3x4xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3x4xf32>
  %ihi = "lite.constant"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %10 = "lite.clip"(%i, %n, %ihi) : (tensor<3xi32>, none, tensor<i32>) -> tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8#0, %8#1, %9, %10 : tensor<4x6xf32>, tensor<2x3x4xf32>, tensor<2x3x2xf32>, tensor<2x3x6xf32>, tensor<4xi32>, tensor<1x1x4x3xf32>, tensor<1x1x3x3xf32>, tensor<2x3xf32>, tensor<2x2x4xf32>, tensor<2x1x4xf32>, tensor<2x3x4xf32>, tensor<3xi32>
}

// Not all shape-like operands constant, or no exact attribute form (scales
// of 0.1 in f64 are not f32 values).
// CHECK-LABEL: func.func @attrs_keep
// CHECK: "lite.slice"(%arg0, %{{.*}}, %arg1, %{{.*}}) :
// CHECK: "lite.clip"(%arg0, %{{.*}}, %arg2) :
// CHECK: "lite.resize"(%arg3, %{{.*}}, %{{.*}}) :
func.func @attrs_keep(%x: tensor<2x3xf32>, %e: tensor<1xi64>, %m: tensor<f32>, %r: tensor<1x1x10x10xf64>) -> (tensor<2x?xf32>, tensor<2x3xf32>, tensor<1x1x1x1xf64>) {
  %z = "lite.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %ax = "lite.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "lite.slice"(%x, %z, %e, %ax) : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x?xf32>
  %lo = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "lite.clip"(%x, %lo, %m) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<[1.0, 1.0, 0.1, 0.1]> : tensor<4xf64>} : () -> tensor<4xf64>
  %2 = "lite.resize"(%r, %n, %s) : (tensor<1x1x10x10xf64>, none, tensor<4xf64>) -> tensor<1x1x1x1xf64>
  return %0, %1, %2 : tensor<2x?xf32>, tensor<2x3xf32>, tensor<1x1x1x1xf64>
}

// CHECK-LABEL: func.func @scales
// CHECK-NEXT: "lite.scale"(%arg0) {bias = 0.000000e+00 : f32, scale = 2.500000e+00 : f32}
// CHECK-NEXT: "lite.scale"(%arg0) {activation = "relu", bias = 2.500000e+00 : f32, scale = 1.000000e+00 : f32}
// CHECK-NEXT: "lite.scale"(%arg0) {bias = -2.500000e+00 : f32, scale = 1.000000e+00 : f32}
// CHECK-NEXT: "lite.scale"(%arg0) {bias = 2.500000e+00 : f32, scale = -1.000000e+00 : f32}
// CHECK-NEXT: "lite.scale"(%arg0) {bias = 0.000000e+00 : f32, scale = 0.33333333333333331 : f64}
// CHECK-NEXT: "lite.scale"(%arg1) {bias = 0.000000e+00 : f32, scale = 2.500000e-01 : f32}
// CHECK-NEXT: return
func.func @scales(%x: tensor<2x3xf32>, %y: tensor<3xf64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf64>) {
  %c = "lite.constant"() {value = dense<2.5> : tensor<f32>} : () -> tensor<f32>
  %c1 = "lite.constant"() {value = dense<2.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %0 = "lite.mul"(%c, %x) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.add"(%x, %c1) {activation = "relu"} : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
  %2 = "lite.sub"(%x, %c) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %3 = "lite.sub"(%c, %x) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %three = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "lite.div"(%x, %three) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %four = "lite.constant"() {value = dense<4.0> : tensor<f64>} : () -> tensor<f64>
  %5 = "lite.div"(%y, %four) : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf64>
}

// CHECK-LABEL: func.func @scales_keep
// CHECK: "lite.div"(%{{.*}}, %arg0)
// CHECK: "lite.add"(%arg1, %{{.*}})
// CHECK: "lite.add"(%arg2, %{{.*}})
// CHECK: "lite.mul"(%arg0, %{{.*}})
// CHECK: "lite.div"(%arg3, %{{.*}})
// CHECK-NOT: "lite.scale"
func.func @scales_keep(%x: tensor<3xf32>, %v: tensor<3xf32>, %i: tensor<3xi32>, %y: tensor<3xf64>) -> (tensor<3xf32>, tensor<1x3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf64>) {
  %c = "lite.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  // c / x is a reciprocal, not a scale
  %0 = "lite.div"(%c, %x) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  // the constant broadcasts v to another shape
  %c11 = "lite.constant"() {value = dense<2.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %1 = "lite.add"(%v, %c11) : (tensor<3xf32>, tensor<1x1xf32>) -> tensor<1x3xf32>
  // integers
  %ci = "lite.constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %2 = "lite.add"(%i, %ci) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  // not one element
  %cv = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %3 = "lite.mul"(%x, %cv) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  // f64 computes in double already: 1/3 would round once more
  %three = "lite.constant"() {value = dense<3.0> : tensor<f64>} : () -> tensor<f64>
  %4 = "lite.div"(%y, %three) : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
  return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<1x3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf64>
}

// CHECK-LABEL: func.func @prelu
// CHECK-NEXT: "lite.leaky_relu"(%arg0) {alpha = 2.500000e-01 : f32}
// CHECK-NEXT: "lite.constant"
// CHECK-NEXT: "lite.prelu"(%arg0
func.func @prelu(%x: tensor<1x2x3xf32>) -> (tensor<1x2x3xf32>, tensor<1x2x3xf32>) {
  %s = "lite.constant"() {value = dense<0.25> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "lite.prelu"(%x, %s) : (tensor<1x2x3xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
  %pc = "lite.constant"() {value = dense<[[0.25], [0.5]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %1 = "lite.prelu"(%x, %pc) : (tensor<1x2x3xf32>, tensor<2x1xf32>) -> tensor<1x2x3xf32>
  return %0, %1 : tensor<1x2x3xf32>, tensor<1x2x3xf32>
}

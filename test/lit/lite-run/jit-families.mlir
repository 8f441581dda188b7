// REQUIRES: llvm
// Every family of generated kernels against the reference kernels, on odd
// and edge shapes: one-element tensors, vector tails (7, 17, 33 against 8
// lanes), broadcasts both ways, reductions and softmax along the first and
// the last axis, layer norm, global pooling, transposes that move the last
// dim and that keep it. --check-reference runs the interpreter on the model
// before compiling and requires every output within its tolerances.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --jit --check-reference --profile --seed 11 | FileCheck %s
// CHECK: jit: {{[0-9]+}} kernels
// CHECK-NOT: ref_{{(add|mul|sub|div|relu|sigmoid|tanh|erf|gelu|exp|softmax|reduce_mean|reduce_max|layer_norm|pool2d|transpose|clip|max)}}__
// CHECK: by op type:
// CHECK-COUNT-14: (runtime vs interpreter)': {{.*}}: ok
// Another data set, from the cache.
// RUN: env LITE_CACHE_DIR=%t/cache lite-run %s --jit --check-reference --seed 12 | FileCheck %s --check-prefix=AGAIN
// AGAIN-COUNT-14: (runtime vs interpreter)': {{.*}}: ok

func.func @main(%one: tensor<1x1x1x1xf32> {lite.name = "one"}, %odd: tensor<3x7xf32> {lite.name = "odd"},
                %tail: tensor<1x17xf32> {lite.name = "tail"}, %a: tensor<2x1x5xf32> {lite.name = "a"},
                %b: tensor<1x3x1xf32> {lite.name = "b"}, %m: tensor<3x5xf32> {lite.name = "m"},
                %ln: tensor<2x9xf32> {lite.name = "ln"}, %g: tensor<9xf32> {lite.name = "g"},
                %img: tensor<1x3x5x7xf32> {lite.name = "img"}, %t: tensor<2x3x17xf32> {lite.name = "t"},
                %wide: tensor<1x33xf32> {lite.name = "wide"})
    -> (tensor<1x1x1x1xf32>, tensor<3x7xf32>, tensor<1x17xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>,
        tensor<3x5xf32>, tensor<3xf32>, tensor<1x5xf32>, tensor<2x9xf32>, tensor<1x3x1x1xf32>,
        tensor<1x3x1x1xf32>, tensor<2x17x3xf32>, tensor<3x2x17xf32>, tensor<1x33xf32>) {
  %0 = "lite.sigmoid"(%one) : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %1 = "lite.tanh"(%odd) : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %2 = "lite.mul"(%tail, %tail) : (tensor<1x17xf32>, tensor<1x17xf32>) -> tensor<1x17xf32>
  %3 = "lite.sub"(%a, %b) : (tensor<2x1x5xf32>, tensor<1x3x1xf32>) -> tensor<2x3x5xf32>
  %4 = "lite.softmax"(%m) {axis = 0 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %5 = "lite.log_softmax"(%m) {axis = 1 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %6 = "lite.reduce_mean"(%m) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<3x5xf32>) -> tensor<3xf32>
  %7 = "lite.reduce_max"(%m) {axes = array<i64: 0>, keepdims = 1 : i64} : (tensor<3x5xf32>) -> tensor<1x5xf32>
  %8 = "lite.layer_norm"(%ln, %g, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f32} : (tensor<2x9xf32>, tensor<9xf32>, tensor<9xf32>) -> tensor<2x9xf32>
  %9 = "lite.pool2d"(%img) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<1x3x5x7xf32>) -> tensor<1x3x1x1xf32>
  %10 = "lite.pool2d"(%img) {pooling_type = "max", global_pooling = 1 : i64} : (tensor<1x3x5x7xf32>) -> tensor<1x3x1x1xf32>
  %11 = "lite.transpose"(%t) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x17xf32>) -> tensor<2x17x3xf32>
  %12 = "lite.transpose"(%t) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x17xf32>) -> tensor<3x2x17xf32>
  %e = "lite.erf"(%wide) : (tensor<1x33xf32>) -> tensor<1x33xf32>
  %x = "lite.exp"(%wide) : (tensor<1x33xf32>) -> tensor<1x33xf32>
  %c = "lite.clip"(%x) {min = 0.5 : f32, max = 2.0 : f32} : (tensor<1x33xf32>) -> tensor<1x33xf32>
  %13 = "lite.add"(%e, %c) : (tensor<1x33xf32>, tensor<1x33xf32>) -> tensor<1x33xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<1x1x1x1xf32>, tensor<3x7xf32>, tensor<1x17xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3xf32>, tensor<1x5xf32>, tensor<2x9xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<2x17x3xf32>, tensor<3x2x17xf32>, tensor<1x33xf32>
}

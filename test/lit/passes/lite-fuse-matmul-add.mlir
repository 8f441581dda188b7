// lite-fuse-matmul-add: add(matmul(X, W), b) becomes fc(X, W, b) when W is a
// constant [K, N] and b runs along the last dim (in_num_col_dims = rank(X)
// - 1 keeps X's leading dims as rows), gemm(X, W, b) when X and W are 2-D
// and b broadcasts to the result some other way or W is no constant; a
// bias after an fc or gemm with constant weights is folded into its bias
// constant; an activation after an fc or gemm becomes its fused
// activation. Left alone: a product with a second user, a bias that widens
// the product, a bias along other dims of a product of rank > 2, a
// non-constant W on a product of rank > 2, an fc that has an activation.

// RUN: lite-opt %s --lite-fuse-matmul-add | FileCheck %s
// RUN: lite-opt %s --lite-fuse-matmul-add --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: lite-opt %s --lite-fuse-matmul-add --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 5 num-activations - Number of activations fused into fc or gemm
// STATS: (S) 10 num-fused       - Number of matmul/fc/gemm + add pairs fused

// Before vs after on the reference interpreter (random inputs). fc and gemm
// run the same accumulation as matmul and add the bias once, so the results
// agree to float rounding (here mostly bit for bit).
// RUN: lite-run --compare %s --function fc3d --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function fc_relu --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP3
// RUN: lite-run --compare %s --function scalar_bias --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function gemm_args --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP3
// RUN: lite-run --compare %s --function gemm_row_bias --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP2
// RUN: lite-run --compare %s --function fold_into_bias --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP4
// RUN: lite-run --compare %s --function empty_bias --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP4
// RUN: lite-run --compare %s --function activations --pass-pipeline='builtin.module(func.func(lite-fuse-matmul-add))' --rtol 1e-5 | FileCheck %s --check-prefix=CMP-ACT
// CMP2: ops: 2 -> 1
// CMP2: : ok
// CMP3: ops: 3 -> 1
// CMP3: : ok
// CMP4: ops: 4 -> 2
// CMP4: : ok
// CMP-ACT: ops: 6 -> 3
// CMP-ACT-COUNT-3: : ok

// A 3-D product: in_num_col_dims 2, the bias operand used as it is, the
// fused location naming both ops.
// CHECK-LABEL: func.func @fc3d
// CHECK:         %[[Y:.*]] = "lite.fc"(%arg0, %{{.*}}, %arg1) {in_num_col_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3x3xf32>
// CHECK-NEXT:    return %[[Y]]
// LOC-LABEL:   func.func @fc3d
// LOC:           "lite.fc"{{.*}} loc(#[[F:loc[0-9]+]])
// LOC:         #[[M:loc[0-9]+]] = loc("matmul_0")
// LOC-NEXT:    #[[A:loc[0-9]+]] = loc("add_0")
// LOC:         #[[F]] = loc(fused[#[[M]], #[[A]]])
func.func @fc3d(%x: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3x3xf32> {
  %w = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25], [2.0, -2.0, 1.0], [0.0, 1.0, -1.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x3xf32> loc("matmul_0")
  %y = "lite.add"(%m, %b) : (tensor<2x3x3xf32>, tensor<3xf32>) -> tensor<2x3x3xf32> loc("add_0")
  return %y : tensor<2x3x3xf32>
}

// The bias on the left of the add, a [1, N] constant, relu after: one fc.
// CHECK-LABEL: func.func @fc_relu
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<{{\[\[}}1.000000e+00, -1.000000e+00, 5.000000e-01]]> : tensor<1x3xf32>}
// CHECK:         %[[Y:.*]] = "lite.fc"(%arg0, %{{.*}}, %[[B]]) {activation = "relu", in_num_col_dims = 1 : i64} : (tensor<5x4xf32>, tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @fc_relu(%x: tensor<5x4xf32>) -> tensor<5x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %b = "lite.constant"() {value = dense<[[1.0, -1.0, 0.5]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  %a = "lite.add"(%b, %m) : (tensor<1x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %y = "lite.relu"(%a) : (tensor<5x3xf32>) -> tensor<5x3xf32>
  return %y : tensor<5x3xf32>
}

// A [1, 1, 1] constant bias broadcasts along the last dim too: it becomes
// an fc bias of N values.
// CHECK-LABEL: func.func @scalar_bias
// CHECK:         %[[B:.*]] = "lite.constant"() {value = dense<2.500000e-01> : tensor<3xf32>}
// CHECK:         "lite.fc"(%arg0, %{{.*}}, %[[B]]) {in_num_col_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3x3xf32>
// CHECK-NOT:     "lite.add"
func.func @scalar_bias(%x: tensor<2x3x4xf32>) -> tensor<2x3x3xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %b = "lite.constant"() {value = dense<0.25> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x3xf32>
  %y = "lite.add"(%m, %b) : (tensor<2x3x3xf32>, tensor<1x1x1xf32>) -> tensor<2x3x3xf32>
  return %y : tensor<2x3x3xf32>
}

// Weights that are no constant: gemm when 2-D, and the add's own fused
// activation carries over.
// CHECK-LABEL: func.func @gemm_args
// CHECK-NEXT:    %[[Y:.*]] = "lite.gemm"(%arg0, %arg1, %arg2) {activation = "tanh"} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gemm_args(%x: tensor<3x4xf32>, %w: tensor<4x5xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %m = "lite.matmul"(%x, %w) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %a = "lite.add"(%m, %b) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  %y = "lite.tanh"(%a) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// A bias per row ([M, 1]) does not run along the last dim: no fc, but a
// 2-D gemm takes it as C.
// CHECK-LABEL: func.func @gemm_row_bias
// CHECK:         "lite.gemm"(%arg0, %{{.*}}, %arg1) : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
func.func @gemm_row_bias(%x: tensor<3x4xf32>, %b: tensor<3x1xf32>) -> tensor<3x2xf32> {
  %w = "lite.constant"() {value = dense<1.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %y = "lite.add"(%b, %m) : (tensor<3x1xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// A constant bias after an fc or a gemm that has constant weights goes into
// their bias constant: fc B' = B + k; gemm C' = beta C + k with beta 1.
// CHECK-LABEL: func.func @fold_into_bias
// CHECK-DAG:     %[[FB:.*]] = "lite.constant"() {value = dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf32>}
// CHECK-DAG:     %[[GC:.*]] = "lite.constant"() {value = dense<{{\[\[}}2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00], [6.000000e+00, 7.000000e+00]]> : tensor<3x2xf32>}
// CHECK-DAG:     "lite.fc"(%arg0, %{{.*}}, %[[FB]]) : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-DAG:     "lite.gemm"(%arg0, %{{.*}}, %[[GC]]) {transB = 1 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NOT:     "lite.add"
func.func @fold_into_bias(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %wt = "lite.constant"() {value = dense<0.25> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "lite.constant"() {value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %k = "lite.constant"() {value = dense<[0.5, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k2 = "lite.constant"() {value = dense<[[0.0, 1.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %f = "lite.fc"(%x, %w, %b) : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %y = "lite.add"(%f, %k) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %g = "lite.gemm"(%x, %wt, %c) {transB = 1 : i64, beta = 2.0 : f32} : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  %z = "lite.add"(%g, %k2) : (tensor<3x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %y, %z : tensor<3x2xf32>, tensor<3x2xf32>
}

// An fc or gemm without a bias takes the add's operand as it is; gemm's
// beta goes (it scaled a C that was not there).
// CHECK-LABEL: func.func @empty_bias
// CHECK:         %[[F:.*]] = "lite.fc"(%arg0, %{{.*}}, %arg1) : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %[[G:.*]] = "lite.gemm"(%arg0, %{{.*}}, %arg2) {transB = 1 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[F]], %[[G]]
func.func @empty_bias(%x: tensor<3x4xf32>, %b: tensor<2xf32>, %c: tensor<3x1xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %wt = "lite.constant"() {value = dense<0.25> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %f = "lite.fc"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %y = "lite.add"(%b, %f) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %g = "lite.gemm"(%x, %wt) {transB = 1 : i64, beta = 0.5 : f32} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x2xf32>
  %z = "lite.add"(%g, %c) : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  return %y, %z : tensor<3x2xf32>, tensor<3x2xf32>
}

// Activations after an fc or gemm (ONNX's Gemm + Relu, as the importer
// writes them): clip(0, 6) is relu6, leaky_relu keeps its alpha.
// CHECK-LABEL: func.func @activations
// CHECK:         "lite.gemm"(%arg0, %{{.*}}) {activation = "relu6", transB = 1 : i64}
// CHECK:         "lite.fc"(%arg0, %{{.*}}) {activation = "leaky_relu", activation_alpha = 2.000000e-01 : f32}
// CHECK:         "lite.gemm"(%arg0, %{{.*}}) {activation = "sigmoid"}
// CHECK-NEXT:    return
func.func @activations(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<1.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %wt = "lite.constant"() {value = dense<1.5> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %g = "lite.gemm"(%x, %wt) {transB = 1 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x2xf32>
  %r = "lite.clip"(%g) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %f = "lite.fc"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %l = "lite.leaky_relu"(%f) {alpha = 0.2 : f32} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %g2 = "lite.gemm"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %s = "lite.sigmoid"(%g2) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r, %l, %s : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

// The product is also returned: it must survive, so nothing is fused.
// CHECK-LABEL: func.func @second_user
// CHECK:         %[[M:.*]] = "lite.matmul"
// CHECK-NEXT:    %[[Y:.*]] = "lite.add"(%[[M]], %arg1)
// CHECK-NEXT:    return %[[Y]], %[[M]]
func.func @second_user(%x: tensor<3x4xf32>, %b: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<1.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %y = "lite.add"(%m, %b) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y, %m : tensor<3x2xf32>, tensor<3x2xf32>
}

// Left alone: a bias along dim 1 of a 3-D product ([3, 1]), a bias that
// widens the product ([2, 1, 2] on [3, 2]), weights that are no constant
// on a 3-D product, an fc whose result has a second user before relu.
// CHECK-LABEL: func.func @left_alone
// CHECK:         "lite.matmul"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.matmul"
// CHECK-NEXT:    "lite.add"
// CHECK-NEXT:    "lite.fc"
// CHECK-NEXT:    "lite.relu"
// CHECK-NEXT:    return
func.func @left_alone(%x: tensor<2x3x4xf32>, %x2: tensor<3x4xf32>, %w3: tensor<4x2xf32>, %b: tensor<2xf32>)
    -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "lite.constant"() {value = dense<1.5> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %rows = "lite.constant"() {value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %wide = "lite.constant"() {value = dense<1.0> : tensor<2x1x2xf32>} : () -> tensor<2x1x2xf32>
  %m1 = "lite.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x2xf32>) -> tensor<2x3x2xf32>
  %y1 = "lite.add"(%m1, %rows) : (tensor<2x3x2xf32>, tensor<3x1xf32>) -> tensor<2x3x2xf32>
  %m2 = "lite.matmul"(%x2, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %y2 = "lite.add"(%m2, %wide) : (tensor<3x2xf32>, tensor<2x1x2xf32>) -> tensor<2x3x2xf32>
  %m3 = "lite.matmul"(%x, %w3) : (tensor<2x3x4xf32>, tensor<4x2xf32>) -> tensor<2x3x2xf32>
  %y3 = "lite.add"(%m3, %b) : (tensor<2x3x2xf32>, tensor<2xf32>) -> tensor<2x3x2xf32>
  %f = "lite.fc"(%x2, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %r = "lite.relu"(%f) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %y1, %y2, %y3, %f, %r : tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

// A dynamic batch dim is fine (K and N are the weights'); an unranked X is
// left alone.
// CHECK-LABEL: func.func @dynamic
// CHECK:         "lite.fc"(%arg0, %{{.*}}, %{{.*}}) {in_num_col_dims = 2 : i64} : (tensor<?x4x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<?x4x2xf32>
// CHECK-NEXT:    "lite.matmul"(%arg1,
// CHECK-NEXT:    "lite.add"
func.func @dynamic(%x: tensor<?x4x3xf32>, %u: tensor<*xf32>) -> (tensor<?x4x2xf32>, tensor<*xf32>) {
  %w = "lite.constant"() {value = dense<0.5> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "lite.matmul"(%x, %w) : (tensor<?x4x3xf32>, tensor<3x2xf32>) -> tensor<?x4x2xf32>
  %y = "lite.add"(%m, %b) : (tensor<?x4x2xf32>, tensor<2xf32>) -> tensor<?x4x2xf32>
  %m2 = "lite.matmul"(%u, %w) : (tensor<*xf32>, tensor<3x2xf32>) -> tensor<*xf32>
  %y2 = "lite.add"(%m2, %b) : (tensor<*xf32>, tensor<2xf32>) -> tensor<*xf32>
  return %y, %y2 : tensor<?x4x2xf32>, tensor<*xf32>
}

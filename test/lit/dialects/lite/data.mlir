// The shape and data movement ops: generic form round-trips, shape
// inference accepts the declared types (dynamic dims where operand values
// are unknown), and ops on constants fold through the reference kernels.

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @round_trip
// CHECK: "lite.identity"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "lite.dropout"(%arg0) {seed = 3 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi1>)
// CHECK: "lite.io_copy"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32, #lite.place<x86, f32, nchw>>
// CHECK: "lite.layout"(%{{.*}}) : (tensor<2x3x4xf32, #lite.place<x86, f32, nchw>>) -> tensor<2x3x4xf32, #lite.place<x86, f32, nchw8c>>
// CHECK: "lite.reshape"(%arg0, %arg1) {allowzero = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK: "lite.flatten"(%arg0) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: "lite.squeeze"(%arg3) : (tensor<1x?x1xf32>) -> tensor<*xf32>
// CHECK: "lite.unsqueeze"(%arg0, %arg2) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
// CHECK: "lite.transpose"(%arg0) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK: "lite.transpose"(%arg3) {perm = array<i64: 1, 0, 2>} : (tensor<1x?x1xf32>) -> tensor<?x1x1xf32>
// CHECK: "lite.concat"(%arg0, %arg0) {axis = -2 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
// CHECK: "lite.split"(%arg0) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>)
// CHECK: "lite.split"(%arg0) {axis = 1 : i64, num_outputs = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x2x4xf32>, tensor<2x1x4xf32>)
// CHECK: "lite.slice"(%arg0, %arg2, %arg2) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?x?xf32>
// CHECK: "lite.pad"(%arg0, %{{.*}}) {mode = "reflect"} : (tensor<2x3x4xf32>, tensor<6xi64>) -> tensor<2x5x7xf32>
// CHECK: "lite.shape"(%arg3) {start = 1 : i64} : (tensor<1x?x1xf32>) -> tensor<2xi64>
// CHECK: "lite.size"(%arg3) : (tensor<1x?x1xf32>) -> tensor<i64>
func.func @round_trip(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>, %a: tensor<1xi64>, %d: tensor<1x?x1xf32>) {
  %0 = "lite.identity"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1:2 = "lite.dropout"(%x) {seed = 3 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi1>)
  %2 = "lite.io_copy"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32, #lite.place<x86, f32, nchw>>
  %3 = "lite.layout"(%2) : (tensor<2x3x4xf32, #lite.place<x86, f32, nchw>>) -> tensor<2x3x4xf32, #lite.place<x86, f32, nchw8c>>
  %4 = "lite.reshape"(%x, %s) {allowzero = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %5 = "lite.flatten"(%x) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %6 = "lite.squeeze"(%d) : (tensor<1x?x1xf32>) -> tensor<*xf32>
  %7 = "lite.unsqueeze"(%x, %a) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
  %8 = "lite.transpose"(%x) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %9 = "lite.transpose"(%d) {perm = array<i64: 1, 0, 2>} : (tensor<1x?x1xf32>) -> tensor<?x1x1xf32>
  %10 = "lite.concat"(%x, %x) {axis = -2 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %11:2 = "lite.split"(%x) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>)
  %12:2 = "lite.split"(%x) {axis = 1 : i64, num_outputs = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x2x4xf32>, tensor<2x1x4xf32>)
  %13 = "lite.slice"(%x, %a, %a) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?x?xf32>
  %p = "lite.constant"() {value = dense<[0, 1, 2, 0, 1, 1]> : tensor<6xi64>} : () -> tensor<6xi64>
  %14 = "lite.pad"(%x, %p) {mode = "reflect"} : (tensor<2x3x4xf32>, tensor<6xi64>) -> tensor<2x5x7xf32>
  %15 = "lite.shape"(%d) {start = 1 : i64} : (tensor<1x?x1xf32>) -> tensor<2xi64>
  %16 = "lite.size"(%d) : (tensor<1x?x1xf32>) -> tensor<i64>
  return
}

// CHECK-LABEL: func.func @round_trip_index
// CHECK: "lite.gather"(%arg0, %arg1) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<5x6xi32>) -> tensor<2x5x6x4xf32>
// CHECK: "lite.gather_elements"(%arg0, %arg2) {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<1x3x4xi64>) -> tensor<1x3x4xf32>
// CHECK: "lite.gather_nd"(%arg0, %arg3) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>) -> tensor<2x5x4xf32>
// CHECK: "lite.scatter_elements"(%arg0, %arg2, %arg4) {axis = 0 : i64, reduction = "add"} : (tensor<2x3x4xf32>, tensor<1x3x4xi64>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "lite.scatter_nd"(%arg0, %arg5, %arg6) {reduction = "max"} : (tensor<2x3x4xf32>, tensor<7x2xi64>, tensor<7x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "lite.expand"(%arg7, %arg8) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
// CHECK: "lite.tile"(%arg7, %arg9) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK: "lite.one_hot"(%arg1, %arg10, %arg11) {axis = 1 : i64} : (tensor<5x6xi32>, tensor<i64>, tensor<2xf32>) -> tensor<5x?x6xf32>
// CHECK: "lite.non_zero"(%arg0) : (tensor<2x3x4xf32>) -> tensor<3x?xi64>
// CHECK: "lite.compress"(%arg0, %arg12) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xi1>) -> tensor<2x?x4xf32>
// CHECK: "lite.compress"(%arg0, %arg12) : (tensor<2x3x4xf32>, tensor<3xi1>) -> tensor<?xf32>
// CHECK: "lite.trilu"(%arg0, %arg10) {upper = 0 : i64} : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x3x4xf32>
// CHECK: "lite.constant_of_shape"(%arg8) {value = dense<7> : tensor<1xi32>} : (tensor<3xi64>) -> tensor<?x?x?xi32>
// CHECK: "lite.range"(%arg10, %arg10, %arg10) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
// CHECK: "lite.depth_to_space"(%arg13) {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
// CHECK: "lite.space_to_depth"(%{{.*}}) {blocksize = 2 : i64} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32>
// CHECK: "lite.shuffle_channel"(%arg13) {group = 4 : i64} : (tensor<1x8x2x3xf32>) -> tensor<1x8x2x3xf32>
func.func @round_trip_index(%x: tensor<2x3x4xf32>, %i: tensor<5x6xi32>, %e: tensor<1x3x4xi64>,
                            %n: tensor<2x5x1xi64>, %u: tensor<1x3x4xf32>, %ni: tensor<7x2xi64>,
                            %nu: tensor<7x4xf32>, %b: tensor<3x1xf32>, %s3: tensor<3xi64>,
                            %s2: tensor<2xi64>, %k: tensor<i64>, %v: tensor<2xf32>, %m: tensor<3xi1>,
                            %img: tensor<1x8x2x3xf32>) {
  %0 = "lite.gather"(%x, %i) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<5x6xi32>) -> tensor<2x5x6x4xf32>
  %1 = "lite.gather_elements"(%x, %e) {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<1x3x4xi64>) -> tensor<1x3x4xf32>
  %2 = "lite.gather_nd"(%x, %n) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>) -> tensor<2x5x4xf32>
  %3 = "lite.scatter_elements"(%x, %e, %u) {axis = 0 : i64, reduction = "add"} : (tensor<2x3x4xf32>, tensor<1x3x4xi64>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = "lite.scatter_nd"(%x, %ni, %nu) {reduction = "max"} : (tensor<2x3x4xf32>, tensor<7x2xi64>, tensor<7x4xf32>) -> tensor<2x3x4xf32>
  %5 = "lite.expand"(%b, %s3) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  %6 = "lite.tile"(%b, %s2) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %7 = "lite.one_hot"(%i, %k, %v) {axis = 1 : i64} : (tensor<5x6xi32>, tensor<i64>, tensor<2xf32>) -> tensor<5x?x6xf32>
  %8 = "lite.non_zero"(%x) : (tensor<2x3x4xf32>) -> tensor<3x?xi64>
  %9 = "lite.compress"(%x, %m) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xi1>) -> tensor<2x?x4xf32>
  %10 = "lite.compress"(%x, %m) : (tensor<2x3x4xf32>, tensor<3xi1>) -> tensor<?xf32>
  %11 = "lite.trilu"(%x, %k) {upper = 0 : i64} : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x3x4xf32>
  %12 = "lite.constant_of_shape"(%s3) {value = dense<7> : tensor<1xi32>} : (tensor<3xi64>) -> tensor<?x?x?xi32>
  %13 = "lite.range"(%k, %k, %k) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %14 = "lite.depth_to_space"(%img) {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  %15 = "lite.space_to_depth"(%14) {blocksize = 2 : i64} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32>
  %16 = "lite.shuffle_channel"(%img) {group = 4 : i64} : (tensor<1x8x2x3xf32>) -> tensor<1x8x2x3xf32>
  return
}

// Shape operands that are constants give static result types, and the
// Shape -> Gather -> Concat -> Reshape chain of exported models folds once
// its input shape is known.
// FOLD-LABEL: func.func @fold_shape_chain
// FOLD-NEXT: %[[S:.*]] = "lite.constant"() {value = dense<[-1, 4]> : tensor<2xi64>}
// FOLD-NEXT: %[[R:.*]] = "lite.reshape"(%arg0, %[[S]]) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
// FOLD-NEXT: return %[[R]]
func.func @fold_shape_chain(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %c = "lite.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %shape = "lite.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %last = "lite.gather"(%shape, %c) {axis = 0 : i64} : (tensor<3xi64>, tensor<2xi64>) -> tensor<2xi64>
  %m1 = "lite.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %end = "lite.constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %one = "lite.slice"(%last, %m1, %end) : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %new = "lite.concat"(%m1, %one) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %r = "lite.reshape"(%x, %new) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// FOLD-LABEL: func.func @fold_move
// FOLD-DAG: dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// FOLD-DAG: dense<[3, 6]> : tensor<2xi32>
// FOLD-DAG: dense<{{\[}}[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
// FOLD-DAG: dense<{{\[}}[2, 1, 2, 3, 2], [5, 4, 5, 6, 5]]> : tensor<2x5xi32>
// FOLD-DAG: dense<{{\[}}[9, 9, 9], [1, 2, 3], [4, 5, 6]]> : tensor<3x3xi32>
// FOLD-DAG: dense<{{\[}}[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]]> : tensor<2x6xi32>
// FOLD-DAG: dense<{{\[}}[1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
// FOLD-NOT: "lite.{{[a-z_]+}}"(
func.func @fold_move() -> (tensor<3x2xi32>, tensor<2xi32>, tensor<2x3xi32>, tensor<2x5xi32>, tensor<3x3xi32>, tensor<2x6xi32>, tensor<3x2xi32>) {
  %c = "lite.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %t = "lite.transpose"(%c) : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %s:3 = "lite.split"(%t) {axis = 0 : i64} : (tensor<3x2xi32>) -> (tensor<1x2xi32>, tensor<1x2xi32>, tensor<1x2xi32>)
  %m = "lite.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %z = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %sq = "lite.squeeze"(%s#2, %z) : (tensor<1x2xi32>, tensor<1xi64>) -> tensor<2xi32>
  %big = "lite.constant"() {value = dense<9223372036854775807> : tensor<2xi64>} : () -> tensor<2xi64>
  %min = "lite.constant"() {value = dense<-9223372036854775808> : tensor<2xi64>} : () -> tensor<2xi64>
  %steps = "lite.constant"() {value = dense<-1> : tensor<2xi64>} : () -> tensor<2xi64>
  %axes = "lite.constant"() {value = dense<[-2, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %rev = "lite.slice"(%c, %big, %min, %axes, %steps) : (tensor<2x3xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xi32>
  %pads = "lite.constant"() {value = dense<[0, 1, 0, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
  %refl = "lite.pad"(%c, %pads) {mode = "reflect"} : (tensor<2x3xi32>, tensor<4xi64>) -> tensor<2x5xi32>
  %pads2 = "lite.constant"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %nine = "lite.constant"() {value = dense<9> : tensor<i32>} : () -> tensor<i32>
  %ax = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %cpad = "lite.pad"(%c, %pads2, %nine, %ax) : (tensor<2x3xi32>, tensor<2xi64>, tensor<i32>, tensor<1xi64>) -> tensor<3x3xi32>
  %reps = "lite.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %tile = "lite.tile"(%c, %reps) : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x6xi32>
  %col = "lite.constant"() {value = dense<[[1], [2], [3]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %shp = "lite.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %exp = "lite.expand"(%col, %shp) : (tensor<3x1xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  return %t, %sq, %rev, %refl, %cpad, %tile, %exp : tensor<3x2xi32>, tensor<2xi32>, tensor<2x3xi32>, tensor<2x5xi32>, tensor<3x3xi32>, tensor<2x6xi32>, tensor<3x2xi32>
}

// FOLD-LABEL: func.func @fold_index
// FOLD-DAG: dense<{{\[}}[3.000000e+00, 1.000000e+00], [6.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// FOLD-DAG: dense<{{\[}}[1.000000e+00, 5.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>
// FOLD-DAG: dense<{{\[}}[0, 1, 1], [0, 0, 1]]> : tensor<2x3xi64>
// FOLD-DAG: dense<[2, 4, 6]> : tensor<3xi64>
// FOLD-DAG: dense<[2, 3]> : tensor<2xi64>
// FOLD-DAG: dense<{{\[}}[1, 2, 3], [0, 5, 6]]> : tensor<2x3xi64>
// FOLD-DAG: dense<[1.000000e+00, 8.000000e+00, 3.000000e+00]> : tensor<3xf32>
// FOLD-NOT: "lite.{{[a-z_]+}}"(
func.func @fold_index() -> (tensor<2x2xf32>, tensor<2x3xf32>, tensor<2x3xi64>, tensor<3xi64>, tensor<2xi64>, tensor<2x3xi64>, tensor<3xf32>) {
  %x = "lite.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %i = "lite.constant"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %g = "lite.gather"(%x, %i) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %oi = "lite.constant"() {value = dense<[1, -5]> : tensor<2xi64>} : () -> tensor<2xi64>
  %d = "lite.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %v = "lite.constant"() {value = dense<[1.0, 5.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %oh = "lite.one_hot"(%oi, %d, %v) : (tensor<2xi64>, tensor<f32>, tensor<2xf32>) -> tensor<2x3xf32>
  %nzi = "lite.constant"() {value = dense<[[1, 0], [1, 1]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %nz = "lite.non_zero"(%nzi) : (tensor<2x2xi8>) -> tensor<2x3xi64>
  %s = "lite.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %l = "lite.constant"() {value = dense<7> : tensor<i64>} : () -> tensor<i64>
  %r = "lite.range"(%s, %l, %s) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
  %cnd = "lite.constant"() {value = dense<[false, true, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %ci = "lite.constant"() {value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>} : () -> tensor<6xi64>
  %cmp = "lite.compress"(%ci, %cnd) : (tensor<6xi64>, tensor<3xi1>) -> tensor<2xi64>
  %sh = "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %ci2 = "lite.reshape"(%ci, %sh) : (tensor<6xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  %tu = "lite.trilu"(%ci2) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  %sc = "lite.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %si = "lite.constant"() {value = dense<[1, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %su = "lite.constant"() {value = dense<[2.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %sca = "lite.scatter_elements"(%sc, %si, %su) {reduction = "add"} : (tensor<3xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<3xf32>
  return %g, %oh, %nz, %r, %cmp, %tu, %sca : tensor<2x2xf32>, tensor<2x3xf32>, tensor<2x3xi64>, tensor<3xi64>, tensor<2xi64>, tensor<2x3xi64>, tensor<3xf32>
}

// Unranked operands infer what they can and never fail for lack of shapes.
// CHECK-LABEL: func.func @unranked
// CHECK: "lite.flatten"(%arg0) : (tensor<*xf32>) -> tensor<?x?xf32>
// CHECK: "lite.transpose"(%arg0) {perm = array<i64: 1, 0>} : (tensor<*xf32>) -> tensor<?x?xf32>
// CHECK: "lite.depth_to_space"(%arg0) {blocksize = 2 : i64} : (tensor<*xf32>) -> tensor<?x?x?x?xf32>
// CHECK: "lite.non_zero"(%arg0) : (tensor<*xf32>) -> tensor<?x?xi64>
func.func @unranked(%x: tensor<*xf32>, %i: tensor<*xi64>, %b: tensor<*xi1>, %s: tensor<?xi64>, %k: tensor<*xi64>) {
  %n = "lite.none"() : () -> none
  %0 = "lite.identity"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  %1:2 = "lite.dropout"(%x, %x, %b) : (tensor<*xf32>, tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi1>)
  %2 = "lite.reshape"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %3 = "lite.flatten"(%x) : (tensor<*xf32>) -> tensor<?x?xf32>
  %4 = "lite.squeeze"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %5 = "lite.unsqueeze"(%x, %s) : (tensor<*xf32>, tensor<?xi64>) -> tensor<*xf32>
  %6 = "lite.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<*xf32>) -> tensor<?x?xf32>
  %7 = "lite.concat"(%x, %x) {axis = 1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %8:2 = "lite.split"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>, tensor<*xf32>)
  %9 = "lite.slice"(%x, %i, %i, %i, %i) : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>) -> tensor<*xf32>
  %10 = "lite.pad"(%x, %i, %x, %i) {mode = "edge"} : (tensor<*xf32>, tensor<*xi64>, tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %11 = "lite.gather"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %12 = "lite.gather_elements"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %13 = "lite.gather_nd"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %14 = "lite.scatter_elements"(%x, %i, %x) : (tensor<*xf32>, tensor<*xi64>, tensor<*xf32>) -> tensor<*xf32>
  %15 = "lite.scatter_nd"(%x, %i, %x) : (tensor<*xf32>, tensor<*xi64>, tensor<*xf32>) -> tensor<*xf32>
  %16 = "lite.expand"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %17 = "lite.tile"(%x, %i) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %18 = "lite.shape"(%x) : (tensor<*xf32>) -> tensor<?xi64>
  %19 = "lite.size"(%x) : (tensor<*xf32>) -> tensor<i64>
  %20 = "lite.depth_to_space"(%x) {blocksize = 2 : i64} : (tensor<*xf32>) -> tensor<?x?x?x?xf32>
  %21 = "lite.shuffle_channel"(%x) {group = 2 : i64} : (tensor<*xf32>) -> tensor<?x?x?x?xf32>
  %22 = "lite.constant_of_shape"(%i) : (tensor<*xi64>) -> tensor<*xf32>
  %23 = "lite.range"(%k, %k, %k) : (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>) -> tensor<?xi64>
  %24 = "lite.one_hot"(%i, %k, %x) : (tensor<*xi64>, tensor<*xi64>, tensor<*xf32>) -> tensor<*xf32>
  %25 = "lite.non_zero"(%x) : (tensor<*xf32>) -> tensor<?x?xi64>
  %26 = "lite.compress"(%x, %b) : (tensor<*xf32>, tensor<*xi1>) -> tensor<?xf32>
  %27 = "lite.compress"(%x, %b) {axis = 2 : i64} : (tensor<*xf32>, tensor<*xi1>) -> tensor<*xf32>
  %28 = "lite.trilu"(%x, %k) : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %29 = "lite.slice"(%x, %s, %s, %n, %s) : (tensor<*xf32>, tensor<?xi64>, tensor<?xi64>, none, tensor<?xi64>) -> tensor<*xf32>
  return
}

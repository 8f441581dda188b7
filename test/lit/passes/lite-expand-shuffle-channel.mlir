// lite-expand-shuffle-channel (a target option, not in the default
// pipeline): shuffle_channel(x [N, C, H, W]){group = g} as
//   reshape [N, g, C/g, H, W] -> transpose [0, 2, 1, 3, 4] -> reshape [N, C, H, W]
// the form lite-fuse-shuffle-channel turns back. A dynamic N is copied
// (shape 0); unknown C, H or W stay.

// RUN: lite-opt %s --lite-expand-shuffle-channel | FileCheck %s
// RUN: lite-opt %s --lite-expand-shuffle-channel --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 2 num-replaced - Number of shuffle_channel ops expanded to reshape/transpose/reshape

// Round trip through the fusion.
// RUN: lite-opt %s --lite-expand-shuffle-channel --lite-fuse-shuffle-channel | FileCheck %s --check-prefix=ROUND
// ROUND-LABEL: func.func @shuffle
// ROUND-NEXT:    "lite.shuffle_channel"(%arg0) {group = 3 : i64} : (tensor<1x6x2x2xf32>) -> tensor<1x6x2x2xf32>
// ROUND-NEXT:    return

// Data movement only: bit-identical.
// RUN: lite-run --compare %s --function shuffle --pass-pipeline='builtin.module(func.func(lite-expand-shuffle-channel))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// RUN: lite-run --compare %s --function dynamic_batch --input-shape arg0=2x6x1x3 --pass-pipeline='builtin.module(func.func(lite-expand-shuffle-channel))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=NUM
// NUM: output 'output_0': max-abs 0 max-rel 0 cosine 1.000000: ok

// CHECK-LABEL: func.func @shuffle
// CHECK-NEXT:    %[[A:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 1, 3, 2, 2, 2>} : (tensor<1x6x2x2xf32>) -> tensor<1x3x2x2x2xf32>
// CHECK-NEXT:    %[[B:.*]] = "lite.transpose"(%[[A]]) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x3x2x2x2xf32>) -> tensor<1x2x3x2x2xf32>
// CHECK-NEXT:    %[[C:.*]] = "lite.reshape"(%[[B]]) {shape = array<i64: 1, 6, 2, 2>} : (tensor<1x2x3x2x2xf32>) -> tensor<1x6x2x2xf32>
// CHECK-NEXT:    return %[[C]]
func.func @shuffle(%x: tensor<1x6x2x2xf32>) -> tensor<1x6x2x2xf32> {
  %y = "lite.shuffle_channel"(%x) {group = 3 : i64} : (tensor<1x6x2x2xf32>) -> tensor<1x6x2x2xf32>
  return %y : tensor<1x6x2x2xf32>
}

// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NEXT:    "lite.reshape"(%arg0) {shape = array<i64: 0, 2, 3, 1, 3>} : (tensor<?x6x1x3xi64>) -> tensor<?x2x3x1x3xi64>
// CHECK-NEXT:    "lite.transpose"
// CHECK-NEXT:    "lite.reshape"(%{{.*}}) {shape = array<i64: 0, 6, 1, 3>}
func.func @dynamic_batch(%x: tensor<?x6x1x3xi64>) -> tensor<?x6x1x3xi64> {
  %y = "lite.shuffle_channel"(%x) {group = 2 : i64} : (tensor<?x6x1x3xi64>) -> tensor<?x6x1x3xi64>
  return %y : tensor<?x6x1x3xi64>
}

// CHECK-LABEL: func.func @dynamic_spatial
// CHECK-NEXT:    "lite.shuffle_channel"
func.func @dynamic_spatial(%x: tensor<1x6x?x2xf32>) -> tensor<1x6x?x2xf32> {
  %y = "lite.shuffle_channel"(%x) {group = 3 : i64} : (tensor<1x6x?x2xf32>) -> tensor<1x6x?x2xf32>
  return %y : tensor<1x6x?x2xf32>
}

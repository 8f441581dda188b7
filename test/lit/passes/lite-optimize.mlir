// lite-optimize: the graph optimizations of the lite dialect, run round
// after round by lite-fixed-point until a round changes nothing (at most 8).
// Here the conv absorbs its batch_norm and relu in round 1; the
// batch_norm after the pool is replaced by a per-channel mul and add late
// in round 1, and round 2 fuses the relu into that add; round 3 changes
// nothing. The outputs agree with the unoptimized model within 1e-5.

// RUN: lite-opt %s --lite-optimize | FileCheck %s
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-optimize)' | FileCheck %s
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-optimize))' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK-NOT:     lite.batch_norm
// CHECK-NOT:     lite.relu
// CHECK:         %[[CONV:.*]] = "lite.conv2d"(%arg0, %{{.*}}, %{{.*}}) {activation = "relu"}
// CHECK:         %[[POOL:.*]] = "lite.pool2d"(%arg0)
// CHECK-NEXT:    %[[MUL:.*]] = "lite.mul"(%[[POOL]], %{{.*}})
// CHECK-NEXT:    %[[ADD:.*]] = "lite.add"(%[[MUL]], %{{.*}}) {activation = "relu"}
// CHECK-NEXT:    return %[[CONV]], %[[ADD]]

// The statistics show the rounds, then every pass of a round with its own
// counters (summed over the rounds), in pipeline order.
// RUN: lite-opt %s --lite-optimize --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS:      'func.func' Pipeline
// STATS-NEXT:   LiteFixedPoint
// STATS-NEXT:     (S) 3 num-rounds
// STATS-NEXT:     (S) 0 num-unconverged
// STATS-NEXT:     LiteFuseLayerNorm
// STATS:          LiteFuseConvBn
// STATS-NEXT:       (S) 1 num-fused
// STATS:          LiteFuseConvActivation
// STATS-NEXT:       (S) 1 num-fused
// STATS:          LiteFuseElementwiseActivation
// STATS-NEXT:       (S) 1 num-fused
// STATS-NEXT:     LiteReplaceBatchNorm
// STATS-NEXT:       (S) 1 num-replaced
// STATS:          LiteForwardOps

// The pipeline: one lite-fixed-point over the passes, in order.
// RUN: lite-opt %s --lite-optimize --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: builtin.module(func.func(lite-fixed-point{max-rounds=8 pipeline={{.*}}cse,{{.*}}lite-fuse-conv-bn,{{.*}}lite-replace-batch-norm,{{.*}}}))
// RUN: lite-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --lite-fixed-point
// HELP: --lite-optimize

// RUN: lite-run --compare %s | FileCheck %s --check-prefix=NUMBERS
// NUMBERS:      ops: 6 -> 4
// NUMBERS-NEXT: output 'y': {{.*}}: ok
// NUMBERS-NEXT: output 'p': {{.*}}: ok

func.func @main(%x: tensor<1x3x8x8xf32> {lite.name = "x"}) -> (tensor<1x4x8x8xf32> {lite.name = "y"}, tensor<1x3x4x4xf32> {lite.name = "p"}) {
  %w = "lite.constant"() {value = dense<[[[[0.5]], [[-0.25]], [[1.0]]], [[[0.125]], [[0.75]], [[-1.5]]], [[[2.0]], [[0.0]], [[-0.5]]], [[[1.0]], [[1.0]], [[1.0]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %g = "lite.constant"() {value = dense<[1.5, 0.5, 2.0, 1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %b = "lite.constant"() {value = dense<[0.1, -0.2, 0.3, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %m = "lite.constant"() {value = dense<[0.0, 0.5, -0.5, 0.25]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v = "lite.constant"() {value = dense<[1.0, 2.0, 0.5, 1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32>
  %1 = "lite.batch_norm"(%0, %g, %b, %m, %v) : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %2 = "lite.relu"(%1) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %g3 = "lite.constant"() {value = dense<[1.5, 0.5, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b3 = "lite.constant"() {value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m3 = "lite.constant"() {value = dense<[0.0, 0.5, -0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v3 = "lite.constant"() {value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %3 = "lite.pool2d"(%x) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  %4 = "lite.batch_norm"(%3, %g3, %b3, %m3, %v3) : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  %5 = "lite.relu"(%4) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %2, %5 : tensor<1x4x8x8xf32>, tensor<1x3x4x4xf32>
}

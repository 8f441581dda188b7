// lite-fixed-point judges a pass that does not say whether it changed the
// IR by a fingerprint of the function before and after it: here one round
// removes the relu (a wrong rewrite, for tests), the second changes
// nothing. Were the fingerprint blind, it would stop after one round; were
// it always "changed", it would run eight and report the function as
// unconverged.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=test-lite-break-numbers{report-changed=false}}))' | FileCheck %s
// CHECK-NOT: lite.relu
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=test-lite-break-numbers{report-changed=false}}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 2 num-rounds
// STATS: (S) 0 num-unconverged

func.func @relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "lite.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

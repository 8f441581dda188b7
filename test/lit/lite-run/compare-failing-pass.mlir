// A pass that leaves invalid IR fails the pipeline (the pass manager
// verifies after every pass): the verifier's error, then a line naming the
// pass, exit 1, and no second run. -o keeps the module as the failure left
// it.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(cse,test-lite-break-ir))' -o %t/failed.mlir > %t/out.txt 2>&1; echo "exit $?" >> %t/out.txt
// RUN: FileCheck %s < %t/out.txt
// CHECK:      compare-failing-pass.mlir:[[# @LINE + 20]]:8: error: 'lite.relu' op result #0 has type tensor<2x3x1xf32>, but its operands and attributes give tensor<2x3xf32>
// CHECK:      lite-run: '{{.*}}compare-failing-pass.mlir': pass 'test-lite-break-ir' failed
// CHECK-NEXT: lite-run: the module as the failure left it is in '{{.*}}failed.mlir'
// CHECK-NOT:  output '
// CHECK:      exit 1
// RUN: FileCheck %s --check-prefix=KEPT < %t/failed.mlir
// KEPT: "lite.relu"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3x1xf32>

// Inside lite-fixed-point, the driver names the inner pass and the round.
// RUN: not lite-run --compare %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,test-lite-break-ir}))' 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: error: 'lite.relu' op result #0 has type tensor<2x3x1xf32>
// FIXED: error: 'func.func' op pass 'test-lite-break-ir' failed in round 1 of lite-fixed-point
// FIXED: lite-run: '{{.*}}': pass 'lite-fixed-point' failed

// Options no function could run with are refused before anything runs.
// RUN: not lite-run --compare %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=0}))' 2>&1 | FileCheck %s --check-prefix=ROUNDS
// ROUNDS: error: lite-fixed-point: max-rounds must be at least 1, not 0
// ROUNDS: lite-run: --pass-pipeline: cannot build

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}) {
  %0 = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.add"(%0, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

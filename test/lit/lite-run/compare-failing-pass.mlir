// A pass that fails stops the comparison: its diagnostics, then a line
// naming the pass, exit 1, and no second run. -o keeps the module as the
// failure left it.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(cse,lite-pick-kernels{places=opencl:f16:nchw}))' -o %t/failed.mlir > %t/out.txt 2>&1; echo "exit $?" >> %t/out.txt
// RUN: FileCheck %s < %t/out.txt
// CHECK:      error: no kernel for 'lite.relu' at places opencl:f16:nchw
// CHECK:      lite-run: error: '{{.*}}compare-failing-pass.mlir': pass 'lite-pick-kernels' failed
// CHECK-NEXT: lite-run: note: the module as the failure left it is in '{{.*}}failed.mlir'
// CHECK-NOT:  output '
// CHECK:      exit 1
// RUN: FileCheck %s --check-prefix=KEPT < %t/failed.mlir
// KEPT: "lite.relu"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>

// Inside lite-fixed-point, the driver names the inner pass and the round.
// RUN: not lite-run --compare %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,symbol-dce}))' 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: error: 'func.func' op pass 'symbol-dce' failed in round 1 of lite-fixed-point
// FIXED: lite-run: error: '{{.*}}': pass 'lite-fixed-point' failed

// Options no function could run with are refused before anything runs.
// RUN: not lite-run --compare %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=0}))' 2>&1 | FileCheck %s --check-prefix=ROUNDS
// ROUNDS: error: lite-fixed-point: max-rounds must be at least 1, not 0
// ROUNDS: lite-run: error: --pass-pipeline: cannot build

// A rewrite that leaves invalid IR: lite-opt stops it (the pass manager
// verifies after every pass); written out without that check, the
// module's verifier refuses it in --compare-to, at its line.
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(test-lite-break-ir))' -o %t/broken.mlir 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: compare-failing-pass.mlir:[[# @LINE + 9]]:8: error: 'lite.relu' op result #0 has type tensor<2x3x1xf32>, but its operands and attributes give tensor<2x3xf32>
// RUN: lite-opt %s --verify-each=false --pass-pipeline='builtin.module(func.func(test-lite-break-ir))' -o %t/broken.mlir
// RUN: lite-run --compare %s --compare-to %t/broken.mlir > %t/broken.txt 2>&1; echo "exit $?" >> %t/broken.txt
// RUN: FileCheck %s --check-prefix=BROKEN < %t/broken.txt
// BROKEN:     broken.mlir:3:10: error: 'lite.relu' op result #0 has type tensor<2x3x1xf32>
// BROKEN-NOT: output '
// BROKEN:     exit 1

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}) {
  %0 = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.add"(%0, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

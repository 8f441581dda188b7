// A failing pass stops the pipeline: later passes do not run, nothing is
// printed, the exit status is 1. --mlir-print-ir-after-failure dumps the IR
// the failed pass left behind.

// RUN: not lite-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-iterations=2 max-num-rewrites=10},cse))' --mlir-print-ir-before=cse 2>&1 | FileCheck %s
// CHECK:     error: 'func.func' op canonicalizer failed to converge within 2 iterations
// CHECK-NOT: IR Dump Before CSE
// CHECK-NOT: module

// RUN: not lite-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-iterations=2 max-num-rewrites=10},cse))' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAILURE
// FAILURE:      // -----// IR Dump After Canonicalizer Failed (canonicalize) //----- //
// FAILURE-NEXT: func.func @never_converges() {
// FAILURE-NEXT:   "test.flip"()
// FAILURE-NOT:  IR Dump After CSE

// RUN: not lite-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-iterations=2 max-num-rewrites=10},cse))' --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=ALL
// ALL:     IR Dump After Canonicalizer Failed (canonicalize)
// ALL-NOT: IR Dump After CSE

func.func @never_converges() {
  "test.flip"() : () -> ()
  return
}

// canonicalize's limits: a pattern that changes the IR in every sweep
// (test.flip) never converges. That is not an error unless
// test-convergence is set; max-iterations bounds the sweeps either way.

// RUN: lite-opt %s --canonicalize | FileCheck %s
// RUN: lite-opt %s --canonicalize='max-iterations=3' | FileCheck %s --check-prefix=ODD
// RUN: not lite-opt %s --canonicalize='test-convergence max-iterations=4' 2>&1 | FileCheck %s --check-prefix=ERR

// Ten sweeps flip it an even number of times.
// CHECK-LABEL: func.func @flip
// CHECK-NEXT:    "test.flip"() : () -> ()
// ODD-LABEL: func.func @flip
// ODD-NEXT:    "test.flip"() {flipped} : () -> ()
// ERR: error: 'builtin.module' op canonicalizer failed to converge within 4 iterations
func.func @flip() {
  "test.flip"() : () -> ()
  return
}

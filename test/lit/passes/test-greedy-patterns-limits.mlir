// The sweep limit: a run that still changed the IR in its last allowed sweep
// did not converge, and test-greedy-patterns says so with a remark on the op
// it ran on. A sweep that changes nothing ends the run early.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(test-greedy-patterns{max-iterations=1}))' --verify-diagnostics -o /dev/null
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(test-greedy-patterns{max-iterations=2}))' -o /dev/null 2>&1 | count 0
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(test-greedy-patterns{max-iterations=1}))' 2>/dev/null | FileCheck %s

// One sweep grows all three ops but must report non-convergence: only the
// next sweep could tell that nothing is left to do.
// CHECK-LABEL: func.func @grow
// CHECK-COUNT-3: "test.effect"() {grown} : () -> ()
// CHECK-NEXT:    "test.effect"() {grow = 0 : i64} : () -> ()
// expected-remark @+1 {{greedy rewrite did not converge}}
func.func @grow() {
  "test.effect"() {grow = 3} : () -> ()
  return
}

// Nothing to do: converged in the first sweep.
// CHECK-LABEL: func.func @quiet
func.func @quiet() {
  "test.effect"() : () -> ()
  return
}

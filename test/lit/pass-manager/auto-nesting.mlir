// A pass anchored on an op (test-fuse-fma runs on func.func) given where
// another op is anchored is nested into that op's pipeline; consecutive ones
// share it.

// RUN: lite-opt %s --split-input-file --test-fuse-fma --test-fuse-fma --cse --test-fuse-fma --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS --match-full-lines
// FLAGS:      Pass Manager with 3 passes:
// FLAGS-NEXT: builtin.module(func.func(test-fuse-fma,test-fuse-fma),cse,func.func(test-fuse-fma))

// The same in pipeline text; explicit nesting stays as written.
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(test-fuse-fma,func.func(test-fuse-fma))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT --match-full-lines
// TEXT: builtin.module(func.func(test-fuse-fma),func.func(test-fuse-fma))

// The nested pass runs on every function, one after the other.
// RUN: lite-opt %s --split-input-file --test-fuse-fma --mlir-print-ir-before=test-fuse-fma -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS:      IR Dump Before TestFuseFma (test-fuse-fma)
// RUNS-NEXT: func.func @one(
// RUNS:      IR Dump Before TestFuseFma (test-fuse-fma)
// RUNS-NEXT: func.func @two(

// RUN: lite-opt %s --split-input-file --test-fuse-fma | FileCheck %s --check-prefix=FUSED
// FUSED-LABEL: func.func @one
// FUSED: "test.fma"
// FUSED-LABEL: func.func @two
// FUSED: "test.fma"

// With --no-implicit-module the pipeline is anchored on the single top-level
// op, so a func.func pass runs on it directly.
// RUN: lite-opt %s --split-input-file --no-implicit-module --test-fuse-fma --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=TOPLEVEL
// TOPLEVEL: Pass Manager with 1 passes:
// TOPLEVEL-NEXT: builtin.module(func.func(test-fuse-fma))
// TOPLEVEL: Pass Manager with 1 passes:
// TOPLEVEL-NEXT: func.func(test-fuse-fma)

module {
  func.func @one(%a: f32, %b: f32, %c: f32) -> f32 {
    %0 = "arith.mulf"(%a, %b) : (f32, f32) -> f32
    %1 = "arith.addf"(%0, %c) : (f32, f32) -> f32
    return %1 : f32
  }
  func.func @two(%a: f32, %b: f32, %c: f32) -> f32 {
    %0 = "arith.mulf"(%a, %b) : (f32, f32) -> f32
    %1 = "arith.addf"(%0, %c) : (f32, f32) -> f32
    return %1 : f32
  }
}
// -----
func.func @alone(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = "arith.mulf"(%a, %b) : (f32, f32) -> f32
  %1 = "arith.addf"(%0, %c) : (f32, f32) -> f32
  return %1 : f32
}

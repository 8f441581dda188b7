// lite-fixed-point, the driver of lite-optimize: runs its passes in order,
// round after round, until a round changes nothing or max-rounds is
// reached. Here canonicalize folds 1 + 1 into the constant 2, which makes
// the two addi equal, which cse merges in the next round: three rounds,
// the last one changing nothing.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize}))' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C2]] : i32
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS:      'func.func' Pipeline
// STATS-NEXT:   LiteFixedPoint
// STATS-NEXT:     (S) 1 cse.num-cse
// STATS-NEXT:     (S) 0 cse.num-dce
// STATS:          (S) 3 num-rounds
// STATS-NEXT:     (S) 0 num-unconverged

// One round folds only; the function was still changing, which the
// statistics say (not an error: the pipeline is best effort).
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=1}))' | FileCheck %s --check-prefix=ONE
// ONE-COUNT-2: arith.addi %arg0
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=1}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE-STATS
// ONE-STATS: (S) 1 num-rounds
// ONE-STATS: (S) 1 num-unconverged

// The pipeline prints back in a form that parses again.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize{max-iterations=2}}))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: builtin.module(func.func(lite-fixed-point{max-rounds=8 pipeline=cse,canonicalize{max-iterations=2}}))
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=8 pipeline=cse,canonicalize{max-iterations=2}}))' | FileCheck %s

// An empty list does nothing.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point))' | FileCheck %s --check-prefix=EMPTY
// EMPTY-COUNT-2: arith.addi %arg0
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY-STATS
// EMPTY-STATS: (S) 0 num-rounds

// Errors name the element and the function.
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,lite-default}))' 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: error: 'func.func' op lite-fixed-point: 'lite-default' is not a registered pass (it is a pass pipeline; list its passes)
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=no-such-pass}))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: 'func.func' op lite-fixed-point: 'no-such-pass' is not a registered pass
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=func.func(cse)}))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: 'func.func' op lite-fixed-point runs a flat list of passes; 'func.func(cse)' is a nested pipeline
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=canonicalize{no-such-option=1}}))' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: no such option no-such-option
// OPTION: error: 'func.func' op lite-fixed-point: cannot add pass 'canonicalize{no-such-option=1}'
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=0 pipeline=cse}))' 2>&1 | FileCheck %s --check-prefix=ROUNDS
// ROUNDS: error: 'func.func' op lite-fixed-point: max-rounds must be at least 1
// A failing inner pass is named with its round.
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,symbol-dce}))' 2>&1 | FileCheck %s --check-prefix=FAILING
// FAILING: error: 'func.func' op pass 'symbol-dce' failed in round 1 of lite-fixed-point

func.func @main(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c1 : i32
  %a = arith.addi %x, %s : i32
  %b = arith.addi %x, %c2 : i32
  return %a, %b : i32, i32
}

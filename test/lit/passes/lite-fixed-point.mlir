// lite-fixed-point, the driver of lite-optimize: runs its passes in order,
// round after round, until a round changes nothing or max-rounds is
// reached. Here canonicalize folds 1 + 1 into the constant 2, which makes
// the two addi equal, which cse merges in the next round: three rounds,
// the last one changing nothing.

// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize}))' | FileCheck %s
// RUN: lite-opt %s --lite-fixed-point='pipeline=cse,canonicalize' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C2]] : i32
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32

// Converged: the rounds are counted, and every inner pass shows its own
// counters under the driver, summed over rounds and functions.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS --match-full-lines
// STATS:      'func.func' Pipeline
// STATS-NEXT:   LiteFixedPoint
// STATS-NEXT:     (S) 3 num-rounds      - Rounds run, summed over the functions
// STATS-NEXT:     (S) 0 num-unconverged - Functions still changing when max-rounds was reached
// STATS-NEXT:     CSE
// STATS-NEXT:       (S) 1 num-cse - Number of operations CSE'd
// STATS-NEXT:       (S) 0 num-dce - Number of operations DCE'd
// STATS-NEXT:     Canonicalizer
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize}))' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// LIST:      CSE
// LIST-NEXT:   (S) 1 num-cse
// LIST:      LiteFixedPoint
// LIST-NEXT:   (S) 3 num-rounds

// max-rounds is honoured: one round folds only; the function was still
// changing, which the statistics say (not an error: the pipeline is best
// effort).
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=1}))' | FileCheck %s --check-prefix=ONE
// ONE-COUNT-2: arith.addi %arg0
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=1}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE-STATS
// ONE-STATS: (S) 1 num-rounds
// ONE-STATS: (S) 1 num-unconverged
// Two rounds merge the adds but have not yet seen a round change nothing.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=2}))' | FileCheck %s
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize max-rounds=2}))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: (S) 2 num-rounds
// TWO: (S) 1 num-unconverged

// The pipeline prints back in a form that parses again.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize{max-iterations=2}}))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: builtin.module(func.func(lite-fixed-point{max-rounds=8 pipeline=cse,canonicalize{max-iterations=2 max-num-rewrites=-1 region-simplify=true test-convergence=false top-down=true}}))
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=8 pipeline=cse,canonicalize{max-iterations=2 max-num-rewrites=-1 region-simplify=true test-convergence=false top-down=true}}))' | FileCheck %s
// The list may be braced, and may name a pipeline whose passes run on the
// function itself (lite-optimize is one lite-fixed-point).
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline={cse,canonicalize}}))' | FileCheck %s
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=lite-optimize,canonicalize}))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED-OK
// NAMED-OK: lite-fixed-point{max-rounds=8 pipeline=lite-fixed-point{max-rounds=8 pipeline=lite-fuse-layer-norm,

// An empty list does nothing.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point))' | FileCheck %s --check-prefix=EMPTY
// EMPTY-COUNT-2: arith.addi %arg0
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY-STATS
// EMPTY-STATS: (S) 0 num-rounds

// A bad list is refused when the pipeline is built, before anything runs,
// by the pass manager's own pipeline parser.
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,no-such-pass}))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN:      error: MLIR Textual PassPipeline Parser:1:5: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: cse,no-such-pass
// UNKNOWN-NEXT:     ^
// UNKNOWN:      error: for the --pipeline option: 'cse,no-such-pass' is not a valid pass pipeline
// UNKNOWN-NEXT: error: failed to add `lite-fixed-point` with options `pipeline=cse,no-such-pass`
// UNKNOWN-NOT:  func.func @main
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=func.func(cse)}))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: lite-fixed-point runs a flat list of passes on the 'func.func' it is anchored on; 'func.func(cse)' is a nested pipeline
// NESTED: error: failed to add `lite-fixed-point` with options `pipeline=func.func(cse)`
// lite-default nests its cleanup into func.func: not a flat list either.
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,lite-default}))' 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: error: lite-fixed-point runs a flat list of passes on the 'func.func' it is anchored on; 'func.func(canonicalize{{.*}},cse)' is a nested pipeline
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize{no-such-option=1}}))' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION:      error: no such option no-such-option
// OPTION-NEXT: error: failed to add `canonicalize` with options `no-such-option=1`
// OPTION-NEXT: error: for the --pipeline option: 'cse,canonicalize{no-such-option=1}' is not a valid pass pipeline
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,canonicalize{top-down=false))' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: error: MLIR Textual PassPipeline Parser:1:27: error: missing closing '}' while processing pass options
// RUN: not lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{max-rounds=0 pipeline=cse}))' 2>&1 | FileCheck %s --check-prefix=ROUNDS
// ROUNDS: error: lite-fixed-point: max-rounds must be at least 1, not 0

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

// scf verification, with MLIR 16's messages (scf-interop.mlir checks that
// mlir-opt-16 expects the same diagnostics).

// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f(%a: index) {
  %cm = arith.constant -1 : index
  // expected-error @+1 {{'scf.for' op constant step operand must be positive}}
  scf.for %i = %a to %a step %cm {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r = "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.for' op expected body first argument to be an index argument for the induction variable}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: f32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op  region control flow edge from parent operands to Region #0: source has 1 operands, but target successor needs 0}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.for' op  along control flow edge from parent operands to Region #0: source type #0 'f32' should match input type #0 'i32'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.for' op  along control flow edge from Region #0 to Region #0: source type #0 'i32' should match input type #0 'f32'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: f32):
    "scf.yield"(%y) : (i32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: f32):
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op  along control flow edge from Region #0 to parent results: source type #0 'f32' should match input type #0 'i32'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: f32):
    "scf.yield"(%v) : (f32) -> ()
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'scf.for' op operand #0 must be index, but got 'i32'}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'foo.term'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "foo.term"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.for' op expected 3 or more operands, but found 2}}
  "scf.for"(%a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.parallel, scf.while'}}
  "scf.yield"() : () -> ()
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%x) : (f32) -> ()
  }, {
  }) : (i1) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.if' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%y) : (i32) -> ()
  }, {
    "scf.yield"(%x) : (f32) -> ()
  }) : (i1) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #1 to parent results: source has 0 operands, but target successor needs 1}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%x) : (f32) -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (i1) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0}}
  scf.if %c {
    "scf.yield"(%x) : (f32) -> ()
  }
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%z: f32):
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  ^bb0(%z: f32):
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'foo.t'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
    "foo.t"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%a: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  "scf.parallel"(%a, %a, %c0) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op requires dense i32 array attribute 'operand_segment_sizes'}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op requires dense i32 array attribute 'operand_segment_sizes'}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (4) specified in attribute 'operand_segment_sizes'}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op 'operand_segment_sizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op 'operand_segment_sizes' attribute cannot have negative elements}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 2, -1>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op operand #0 must be index, but got 'f32'}}
  "scf.parallel"(%x, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (f32, index, index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() ({
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: f32):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index, %j: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      "scf.reduce.return"(%l) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op expects type of reduce: 'f32' to be the same as result type: 'i32'}}
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      "scf.reduce.return"(%l) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> i32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.yield' op not allowed to have operands inside 'scf.parallel'}}
    "scf.yield"(%x) : (f32) -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.yield'}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    "foo.t"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  "scf.reduce"(%x) ({
  ^bb0(%l: f32, %r: f32):
    "scf.reduce.return"(%l) : (f32) -> ()
  }) : (f32) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op expects two arguments to reduce block of type 'f32'}}
    "scf.reduce"(%x) ({
    ^bb0(%l: f32):
      "scf.reduce.return"(%l) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32, %y: i32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      // expected-error @+1 {{'scf.reduce.return' op needs to have type 'f32' (the type of the enclosing ReduceOp)}}
      "scf.reduce.return"(%y) : (i32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.parallel, scf.while'}}
      "scf.yield"(%l) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op the block inside reduce should be terminated with a 'scf.reduce.return' op}}
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      "foo.t"(%l) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = "scf.parallel"(%a, %a, %a, %x) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op region #0 ('reductionOperator') failed to verify constraint: region with 1 blocks}}
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      "scf.reduce.return"(%l) : (f32) -> ()
    ^bb1:
      "scf.reduce.return"(%x) : (f32) -> ()
    }) : (f32) -> ()
    "scf.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  "scf.reduce.return"(%x) : (f32) -> ()
}

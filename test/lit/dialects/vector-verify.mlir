// vector verification, with MLIR 16's messages (mlir-opt-16 meets these
// expectations too: vector-interop.mlir).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%m: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %0 = "vector.load"(%m, %i) : (memref<4x8xf32>, index) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %0 = "vector.load"(%m, %i, %i) : (memref<4x8xf32>, index, index) -> vector<8xf16>
  return
}

// -----

func.func @f(%m: memref<4x8xf32, strided<[1, 4]>>, %i: index) {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %0 = "vector.load"(%m, %i, %i) : (memref<4x8xf32, strided<[1, 4]>>, index, index) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.load"(%m, %i, %i) : (memref<4x8xf32>, index, index) -> f32
  return
}

// -----

func.func @f(%m: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'tensor<4x8xf32>'}}
  %0 = "vector.load"(%m, %i, %i) : (tensor<4x8xf32>, index, index) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>, %i: i32) {
  // expected-error @+1 {{'vector.load' op operand #1 must be index, but got 'i32'}}
  %0 = "vector.load"(%m, %i, %i) : (memref<4x8xf32>, i32, i32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>, %i: index, %v: vector<8xi32>) {
  // expected-error @+1 {{'vector.store' op base and valueToStore element type should match}}
  "vector.store"(%v, %m, %i, %i) : (vector<8xi32>, memref<4x8xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4x8xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.store' op requires 2 indices}}
  "vector.store"(%v, %m, %i) : (vector<8xf32>, memref<4x8xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xvector<8xf32>>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.store' op base memref and valueToStore vector types should match}}
  "vector.store"(%v, %m, %i) : (vector<4xf32>, memref<4xvector<8xf32>>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xvector<8xf32>>, %i: index) {
  // expected-error @+1 {{'vector.load' op base memref and result vector types should match}}
  %0 = "vector.load"(%m, %i) : (memref<4xvector<8xf32>>, index) -> vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = "vector.broadcast"(%v) : (vector<4x8xf32>) -> vector<8xf32>
  return
}

// -----

func.func @f(%v: vector<3xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (3 vs. 8)}}
  %0 = "vector.broadcast"(%v) : (vector<3xf32>) -> vector<4x8xf32>
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = "vector.broadcast"(%v) : (f32) -> vector<4x8xf64>
  return
}

// -----

func.func @f(%v: tensor<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source type is not a vector}}
  %0 = "vector.broadcast"(%v) : (tensor<4xf32>) -> vector<4x4xf32>
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'vector.broadcast' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.broadcast"(%v) : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %0 = "vector.splat"(%v) : (f32) -> vector<4xf64>
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'vector.splat' op result #0 must be vector of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.splat"(%v) : (f32) -> tensor<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %w: vector<4xf64>) {
  // expected-error @+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%v, %v, %w) : (vector<4xf32>, vector<4xf32>, vector<4xf64>) -> vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = "vector.fma"(%v, %v, %v) : (vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = "vector.reduction"(%v) {kind = #vector.kind<add>} : (vector<4x4xf32>) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = "vector.reduction"(%v) {kind = #vector.kind<xor>} : (vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maxf'}}
  %0 = "vector.reduction"(%v) {kind = #vector.kind<maxf>} : (vector<4xi32>) -> i32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = "vector.reduction"(%v) {kind = #vector.kind<add>} : (vector<4xf32>) -> f64
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op attribute 'kind' failed to satisfy constraint: Kind of combining function for contractions and reductions}}
  %0 = "vector.reduction"(%v) {kind = 1 : i32} : (vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op requires attribute 'kind'}}
  %0 = "vector.reduction"(%v) : (vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'vector.reduction' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.reduction"(%v) {kind = #vector.kind<add>} : (f32) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>, %i: index) {
  // expected-error @+1 {{'vector.extractelement' op expected position for 1-D vector}}
  %0 = "vector.extractelement"(%v) : (vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%v: vector<4x4xf32>, %i: index) {
  // expected-error @+1 {{'vector.extractelement' op unexpected >1 vector rank}}
  %0 = "vector.extractelement"(%v, %i) : (vector<4x4xf32>, index) -> f32
  return
}

// -----

func.func @f(%v: vector<f32>, %i: index) {
  // expected-error @+1 {{'vector.extractelement' op expected position to be empty with 0-D vector}}
  %0 = "vector.extractelement"(%v, %i) : (vector<f32>, index) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>, %i: index) {
  // expected-error @+1 {{'vector.extractelement' op failed to verify that result type matches element type of vector operand}}
  %0 = "vector.extractelement"(%v, %i) : (vector<4xf32>, index) -> f64
  return
}

// -----

func.func @f(%v: vector<4xf32>, %i: f32) {
  // expected-error @+1 {{'vector.extractelement' op operand #1 must be signless integer or index, but got 'f32'}}
  %0 = "vector.extractelement"(%v, %i) : (vector<4xf32>, f32) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: f64, %i: index) {
  // expected-error @+1 {{'vector.insertelement' op failed to verify that source operand type matches element type of result}}
  %0 = "vector.insertelement"(%s, %v, %i) : (f64, vector<4xf32>, index) -> vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: f32, %i: index) {
  // expected-error @+1 {{'vector.insertelement' op failed to verify that all of {dest, result} have same type}}
  %0 = "vector.insertelement"(%s, %v, %i) : (f32, vector<4xf32>, index) -> vector<8xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: f32, %i: index) {
  // expected-error @+1 {{'vector.insertelement' op expected position for 1-D vector}}
  %0 = "vector.insertelement"(%s, %v) : (f32, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = "vector.transfer_read"(%m, %i, %p) {operand_segment_sizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f64) {
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f64) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the optional in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {in_bounds = [true, false], operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires broadcast dimensions to be in-bounds}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {in_bounds = [false], operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (0)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32, %k: vector<4xi1>) {
  // expected-error @+1 {{'vector.transfer_read' op inferred mask type ('vector<8xi1>') and mask operand type ('vector<4xi1>') don't match}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p, %k) {operand_segment_sizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32, vector<4xi1>) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires attribute 'permutation_map'}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1, 0>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires dense i32 array attribute 'operand_segment_sizes'}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op 'operand_segment_sizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op operand count (4) does not match with the total size (5) specified in attribute 'operand_segment_sizes'}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 3, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op attribute 'in_bounds' failed to satisfy constraint: 1-bit boolean array attribute}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {in_bounds = [1], operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32>, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: f32, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op operand #0 must be shaped of any type values, but got 'f32'}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (f32, index, index, f32) -> vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  "vector.transfer_write"(%v, %m, %i, %i) {operand_segment_sizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (0)>} : (vector<8xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op requires 2 indices}}
  "vector.transfer_write"(%v, %m, %i) {operand_segment_sizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>} : (vector<8xf32>, memref<?x?xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %v: vector<4x8xf32>, %k: vector<4x8xi1>) {
  // expected-error @+1 {{'vector.transfer_write' op inferred mask type ('vector<8x4xi1>') and mask operand type ('vector<4x8xi1>') don't match}}
  "vector.transfer_write"(%v, %m, %i, %i, %k) {operand_segment_sizes = array<i32: 1, 1, 2, 1>, permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : (vector<4x8xf32>, memref<?x?xf32>, index, index, vector<4x8xi1>) -> ()
  return
}

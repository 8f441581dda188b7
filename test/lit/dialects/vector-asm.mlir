// Custom forms of the vector ops as mlir-opt-16 prints them (but for the
// `#map` aliases MLIR gives affine maps), read back by lite-opt; the generic
// form spells operand_segment_sizes and the permutation_map of the
// transfers. vector-interop.mlir runs both forms through mlir-opt-16.

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lite-opt %s --mlir-print-op-generic | lite-opt | FileCheck %s

// CHECK: %0 = vector.load %arg0[%arg2, %arg3] : memref<4x8xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %arg5, %arg0[%arg2, %arg3] : memref<4x8xf32>, vector<8xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg4 : f32 to vector<8xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg5 : vector<8xf32> to vector<4x8xf32>
// CHECK-NEXT: %3 = vector.splat %arg4 : vector<8xf32>
// CHECK-NEXT: %4 = vector.fma %arg5, %arg5, %arg5 : vector<8xf32>
// CHECK-NEXT: %5 = vector.reduction <add>, %arg5 : vector<8xf32> into f32
// CHECK-NEXT: %6 = vector.reduction <maxf>, %arg5, %arg4 : vector<8xf32> into f32
// CHECK-NEXT: %7 = vector.transfer_read %arg1[%arg2], %arg4 {in_bounds = [true]} : memref<?xf32>, vector<8xf32>
// CHECK-NEXT: %8 = vector.transfer_read %arg1[%arg2], %arg4, %arg7 : memref<?xf32>, vector<8xf32>
// CHECK-NEXT: %9 = vector.transfer_read %arg0[%arg2, %arg3], %arg4 {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
// CHECK-NEXT: %10 = vector.transfer_read %arg0[%arg2, %arg3], %arg4 {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<4x8xf32>, vector<4xf32>
// CHECK-NEXT: vector.transfer_write %arg5, %arg1[%arg2] : vector<8xf32>, memref<?xf32>
// CHECK-NEXT: vector.transfer_write %arg5, %arg1[%arg2], %arg7 : vector<8xf32>, memref<?xf32>
// CHECK-NEXT: %11 = vector.extractelement %arg5[%arg2 : index] : vector<8xf32>
// CHECK-NEXT: %12 = vector.insertelement %arg4, %arg5[%arg2 : index] : vector<8xf32>
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %13 = vector.extractelement %arg5[%c3_i32 : i32] : vector<8xf32>
// CHECK-NEXT: %14 = vector.transfer_read %arg8[%arg2, %arg3], %arg4 : tensor<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: %15 = vector.transfer_write %arg6, %arg8[%arg2, %arg3] : vector<4x8xf32>, tensor<4x8xf32>
// GENERIC: %5 = "vector.reduction"(%arg5) {kind = #vector.kind<add>} : (vector<8xf32>) -> f32
// GENERIC: %6 = "vector.reduction"(%arg5, %arg4) {kind = #vector.kind<maxf>} : (vector<8xf32>, f32) -> f32
// GENERIC: %7 = "vector.transfer_read"(%arg1, %arg2, %arg4) {in_bounds = [true], operand_segment_sizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>} : (memref<?xf32>, index, f32) -> vector<8xf32>
// GENERIC: %8 = "vector.transfer_read"(%arg1, %arg2, %arg4, %arg7) {operand_segment_sizes = array<i32: 1, 1, 1, 1>, permutation_map = affine_map<(d0) -> (d0)>} : (memref<?xf32>, index, f32, vector<8xi1>) -> vector<8xf32>
// GENERIC: %9 = "vector.transfer_read"(%arg0, %arg2, %arg3, %arg4) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d0)>} : (memref<4x8xf32>, index, index, f32) -> vector<4xf32>
// GENERIC: %10 = "vector.transfer_read"(%arg0, %arg2, %arg3, %arg4) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (0)>} : (memref<4x8xf32>, index, index, f32) -> vector<4xf32>
// GENERIC: "vector.transfer_write"(%arg5, %arg1, %arg2) {in_bounds = [false], operand_segment_sizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>} : (vector<8xf32>, memref<?xf32>, index) -> ()
// GENERIC: "vector.transfer_write"(%arg5, %arg1, %arg2, %arg7) {operand_segment_sizes = array<i32: 1, 1, 1, 1>, permutation_map = affine_map<(d0) -> (d0)>} : (vector<8xf32>, memref<?xf32>, index, vector<8xi1>) -> ()
// GENERIC: %15 = "vector.transfer_read"(%arg8, %arg2, %arg3, %arg4) {operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : (tensor<4x8xf32>, index, index, f32) -> vector<4x8xf32>
// GENERIC: %16 = "vector.transfer_write"(%arg6, %arg8, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : (vector<4x8xf32>, tensor<4x8xf32>, index, index) -> tensor<4x8xf32>

func.func @f(%m: memref<4x8xf32>, %d: memref<?xf32>, %i: index, %j: index, %s: f32, %v: vector<8xf32>, %v2: vector<4x8xf32>, %mask: vector<8xi1>, %t: tensor<4x8xf32>) {
  %0 = vector.load %m[%i, %j] : memref<4x8xf32>, vector<8xf32>
  vector.store %v, %m[%i, %j] : memref<4x8xf32>, vector<8xf32>
  %1 = vector.broadcast %s : f32 to vector<8xf32>
  %2 = vector.broadcast %v : vector<8xf32> to vector<4x8xf32>
  %3 = vector.splat %s : vector<8xf32>
  %4 = vector.fma %v, %v, %v : vector<8xf32>
  %5 = vector.reduction <add>, %v : vector<8xf32> into f32
  %6 = vector.reduction <maxf>, %v, %s : vector<8xf32> into f32
  %7 = vector.transfer_read %d[%i], %s {in_bounds = [true]} : memref<?xf32>, vector<8xf32>
  %8 = vector.transfer_read %d[%i], %s, %mask : memref<?xf32>, vector<8xf32>
  %9 = vector.transfer_read %m[%i, %j], %s {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
  %10 = vector.transfer_read %m[%i, %j], %s {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<4x8xf32>, vector<4xf32>
  vector.transfer_write %v, %d[%i] {in_bounds = [false]} : vector<8xf32>, memref<?xf32>
  vector.transfer_write %v, %d[%i], %mask : vector<8xf32>, memref<?xf32>
  %11 = vector.extractelement %v[%i : index] : vector<8xf32>
  %12 = vector.insertelement %s, %v[%i : index] : vector<8xf32>
  %c = arith.constant 3 : i32
  %13 = vector.extractelement %v[%c : i32] : vector<8xf32>
  %14 = vector.transfer_read %t[%i, %j], %s : tensor<4x8xf32>, vector<4x8xf32>
  %15 = vector.transfer_write %v2, %t[%i, %j] : vector<4x8xf32>, tensor<4x8xf32>
  return
}

// CHECK-LABEL: func.func @zero_d(
// CHECK-NEXT: %0 = vector.extractelement %arg0[] : vector<f32>
// CHECK-NEXT: %1 = vector.insertelement %0, %arg0[] : vector<f32>
// CHECK-NEXT: %2 = vector.reduction <xor>, %arg1, %arg2 : vector<4xi32> into i32
func.func @zero_d(%v: vector<f32>, %w: vector<4xi32>, %a: i32) -> (vector<f32>, i32) {
  %0 = vector.extractelement %v[] : vector<f32>
  %1 = vector.insertelement %0, %v[] : vector<f32>
  %2 = vector.reduction <xor>, %w, %a : vector<4xi32> into i32
  return %1, %2 : vector<f32>, i32
}

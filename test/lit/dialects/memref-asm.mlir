// The custom forms of the memref ops and their result names, as mlir-opt-16
// prints them (memref-interop.mlir compares byte for byte). The printed
// custom form and the generic form both read back to the same text.

// RUN: lite-opt %s --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file | lite-opt --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file --mlir-print-op-generic | lite-opt --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @alloc
// CHECK-NEXT:    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<4x?xf32>
// CHECK-NEXT:    %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %alloc_0 = memref.alloc(%arg0, %arg1) : memref<?x?xf32, 1>
// CHECK-NEXT:    %alloc_1 = memref.alloc()[%arg0, %arg1] : memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %alloca_2 = memref.alloca(%arg0) {foo} : memref<?xi8>
// CHECK-NEXT:    memref.dealloc %alloc : memref<4x?xf32>
// CHECK-NEXT:    memref.dealloc %alloc_0 {foo} : memref<?x?xf32, 1>
// CHECK-NEXT:    return

// GENERIC-DAG: %0 = "memref.alloc"(%arg0) {alignment = 64 : i64, operand_segment_sizes = array<i32: 1, 0>} : (index) -> memref<4x?xf32>
// GENERIC-DAG: %1 = "memref.alloca"() {operand_segment_sizes = array<i32: 0, 0>} : () -> memref<4xf32>
// GENERIC-DAG: "memref.dealloc"(%0) : (memref<4x?xf32>) -> ()
// GENERIC-DAG: %0 = "memref.load"(%arg0, %arg1, %arg2) : (memref<4x?xf32>, index, index) -> f32
// GENERIC-DAG: "memref.store"(%0, %arg0, %arg1, %arg2) : (f32, memref<4x?xf32>, index, index) -> ()
// GENERIC-DAG: %0 = "memref.subview"(%arg0, %arg1, %arg2) {operand_segment_sizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 1, 2>} : (memref<8x?xf32>, index, index) -> memref<4x?xf32, strided<[?, 2], offset: ?>>
// GENERIC-DAG: %2 = "memref.dim"(%arg0, %arg1) : (memref<8x?xf32>, index) -> index
// GENERIC-DAG: %4 = "memref.cast"(%arg0) : (memref<8x?xf32>) -> memref<?x?xf32>
// GENERIC-DAG: "memref.copy"(%arg0, %4) : (memref<8x?xf32>, memref<?x?xf32>) -> ()
func.func @alloc(%n: index, %m: index) {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<4x?xf32>
  %b = memref.alloca() : memref<4xf32>
  %c = memref.alloc(%n, %m) : memref<?x?xf32, 1>
  %d = memref.alloc()[%n, %m] : memref<4x4xf32, strided<[?, 1], offset: ?>>
  %e = memref.alloca(%n) {foo} : memref<?xi8>
  memref.dealloc %a : memref<4x?xf32>
  memref.dealloc %c {foo} : memref<?x?xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @access
// CHECK-NEXT:    %0 = memref.load %arg0[%arg1, %arg2] : memref<4x?xf32>
// CHECK-NEXT:    %1 = memref.load %arg0[%arg1, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:    memref.store %0, %arg0[%arg1, %arg2] : memref<4x?xf32>
// CHECK-NEXT:    memref.store %1, %arg0[%arg2, %arg1] {nontemporal = false} : memref<4x?xf32>
// CHECK-NEXT:    %2 = memref.load %arg3[] : memref<f32>
// CHECK-NEXT:    memref.store %2, %arg3[] : memref<f32>
// CHECK-NEXT:    return %0 : f32
func.func @access(%m: memref<4x?xf32>, %i: index, %j: index, %s: memref<f32>) -> f32 {
  %v = memref.load %m[%i, %j] : memref<4x?xf32>
  %w = memref.load %m[%i, %j] {nontemporal = true} : memref<4x?xf32>
  memref.store %v, %m[%i, %j] : memref<4x?xf32>
  memref.store %w, %m[%j, %i] {nontemporal = false} : memref<4x?xf32>
  %x = memref.load %s[] : memref<f32>
  memref.store %x, %s[] : memref<f32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @views
// CHECK-NEXT:    %subview = memref.subview %arg0[0, %arg1] [4, %arg2] [1, 2] : memref<8x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT:    %subview_0 = memref.subview %arg0[2, 0] [1, 4] [1, 1] {foo} : memref<8x?xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %dim = memref.dim %arg0, %arg1 : memref<8x?xf32>
// CHECK-NEXT:    %dim_1 = memref.dim {foo} %arg0, %arg2 : memref<8x?xf32>
// CHECK-NEXT:    %cast = memref.cast %arg0 : memref<8x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    %cast_2 = memref.cast %subview {foo} : memref<4x?xf32, strided<[?, 2], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    memref.copy %arg0, %cast : memref<8x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    memref.copy %subview, %subview {foo} : memref<4x?xf32, strided<[?, 2], offset: ?>> to memref<4x?xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT:    return
func.func @views(%m: memref<8x?xf32>, %i: index, %n: index) {
  %s0 = memref.subview %m[0, %i] [4, %n] [1, 2] : memref<8x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
  %s1 = memref.subview %m[2, 0] [1, 4] [1, 1] {foo} : memref<8x?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %d0 = memref.dim %m, %i : memref<8x?xf32>
  %d1 = memref.dim {foo} %m, %n : memref<8x?xf32>
  %c = memref.cast %m : memref<8x?xf32> to memref<?x?xf32>
  %c2 = memref.cast %s0 {foo} : memref<4x?xf32, strided<[?, 2], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  memref.copy %m, %c : memref<8x?xf32> to memref<?x?xf32>
  memref.copy %s0, %s0 {foo} : memref<4x?xf32, strided<[?, 2], offset: ?>> to memref<4x?xf32, strided<[?, 2], offset: ?>>
  return
}

// -----

// CHECK-LABEL: func.func @static_views
// CHECK-NEXT:    %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
// CHECK-NEXT:    %subview_0 = memref.subview %arg0[2, 3] [4, 4] [2, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 19>>
// CHECK-NEXT:    %subview_1 = memref.subview %arg0[1, 1] [1, 1] [1, 1] : memref<8x8xf32> to memref<f32, strided<[], offset: 9>>
// CHECK-NEXT:    %subview_2 = memref.subview %arg0[0, 0] [4, 1] [1, 1] : memref<8x8xf32> to memref<4xf32, strided<[8]>>
// CHECK-NEXT:    %subview_3 = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
// CHECK-NEXT:    return
func.func @static_views(%m: memref<8x8xf32>) {
  %a = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %b = memref.subview %m[2, 3] [4, 4] [2, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 19>>
  %c = memref.subview %m[1, 1] [1, 1] [1, 1] : memref<8x8xf32> to memref<f32, strided<[], offset: 9>>
  %d = memref.subview %m[0, 0] [4, 1] [1, 1] : memref<8x8xf32> to memref<4xf32, strided<[8]>>
  %e = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @loop_nest
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT:    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK-NEXT:    scf.parallel (%arg2) = (%c0) to (%dim) step (%c1) {
// CHECK-NEXT:      %alloca = memref.alloca() : memref<1xf32>
// CHECK-NEXT:      scf.for %arg3 = %c0 to %dim_0 step %c1 {
// CHECK-NEXT:        %0 = memref.load %arg0[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT:        memref.store %0, %arg1[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_nest(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf32>
  %m = memref.dim %A, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloca() : memref<1xf32>
    scf.for %j = %c0 to %m step %c1 {
      %x = memref.load %A[%i, %j] : memref<?x?xf32>
      memref.store %x, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// The custom forms of memref.collapse_shape and memref.expand_shape and
// their result names, as mlir-opt-16 prints them
// (memref-reshape-interop.mlir compares byte for byte).

// RUN: lite-opt %s --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file | lite-opt --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file --mlir-print-op-generic | lite-opt --split-input-file | FileCheck %s
// RUN: lite-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @reshape
// CHECK-NEXT:    %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
// CHECK-NEXT:    %expand_shape = memref.expand_shape %arg1 {{\[\[}}0, 1]] : memref<6xf32> into memref<2x3xf32>
// CHECK-NEXT:    %collapse_shape_0 = memref.collapse_shape %arg2 [] : memref<1x1xf32> into memref<f32>
// CHECK-NEXT:    %collapse_shape_1 = memref.collapse_shape %arg3 {{\[\[}}0, 1], [2]] : memref<2x?x4xf32> into memref<?x4xf32>
// CHECK-NEXT:    %expand_shape_2 = memref.expand_shape %arg4 {{\[\[}}0, 1], [2]] : memref<?x4xf32> into memref<2x?x4xf32>
// GENERIC: "memref.collapse_shape"(%arg0) {reassociation = {{\[\[}}0, 1], [2, 3]]} : (memref<2x3x4x5xf32>) -> memref<6x20xf32>
// GENERIC: "memref.expand_shape"(%arg1) {reassociation = {{\[\[}}0, 1]]} : (memref<6xf32>) -> memref<2x3xf32>
func.func @reshape(%m: memref<2x3x4x5xf32>, %n: memref<6xf32>, %s: memref<1x1xf32>, %d: memref<2x?x4xf32>, %e: memref<?x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
  %1 = memref.expand_shape %n [[0, 1]] : memref<6xf32> into memref<2x3xf32>
  %2 = memref.collapse_shape %s [] : memref<1x1xf32> into memref<f32>
  %3 = memref.collapse_shape %d [[0, 1], [2]] : memref<2x?x4xf32> into memref<?x4xf32>
  %4 = memref.expand_shape %e [[0, 1], [2]] : memref<?x4xf32> into memref<2x?x4xf32>
  return
}

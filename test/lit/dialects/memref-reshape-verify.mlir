// memref.collapse_shape and memref.expand_shape verification, with MLIR
// 16's messages (memref-reshape-interop.mlir checks that mlir-opt-16
// expects the same diagnostics).

// RUN: lite-opt %s --split-input-file --verify-diagnostics

// -----

func.func @rank(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected rank reduction, but found source rank 2 <= result rank 2}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6x1xf32>
  return
}

// -----

func.func @groups(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<6x4xf32>
  return
}

// -----

func.func @contig(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[0, 2], [1]] : memref<2x3x4xf32> into memref<8x3xf32>
  return
}

// -----

func.func @size(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (7) must equal reassociation group size (6)}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<7x4xf32>
  return
}

// -----

func.func @oob(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op reassociation index 3 is out of bounds}}
  %0 = memref.collapse_shape %m [[0, 1], [2, 3]] : memref<2x3x4xf32> into memref<6x4xf32>
  return
}

// -----

func.func @cover(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<2x3x4xf32> into memref<2x3xf32>
  return
}

// -----

func.func @dyn(%m: memref<2x?x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x?x4xf32> into memref<6x4xf32>
  return
}

// -----

func.func @type(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<6x4xf32>' but found 'memref<6x4xf32, strided<[4, 1]>>'}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @erank(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op expected rank expansion, but found source rank 1 >= result rank 1}}
  %0 = memref.expand_shape %m [[0]] : memref<6xf32> into memref<6xf32>
  return
}

// -----

func.func @edyn(%m: memref<?xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op at most one dimension in a reassociation group may be dynamic}}
  %0 = memref.expand_shape %m [[0, 1]] : memref<?xf32> into memref<?x?xf32>
  return
}

// -----

func.func @etype(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x3xf32>' but found 'memref<2x3xf32, strided<[3, 1], offset: 1>>'}}
  %0 = memref.expand_shape %m [[0, 1]] : memref<6xf32> into memref<2x3xf32, strided<[3, 1], offset: 1>>
  return
}

// -----

func.func @attr(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.expand_shape"(%m) {reassociation = [1]} : (memref<6xf32>) -> memref<2x3xf32>
  return
}

// -----

func.func @noattr(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op requires attribute 'reassociation'}}
  %0 = "memref.expand_shape"(%m) : (memref<6xf32>) -> memref<2x3xf32>
  return
}

// -----

// lite supports identity-layout sources only.
func.func @strided(%m: memref<2x3xf32, strided<[6, 2]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op supports sources of the identity layout only (a strided source need not be contiguous)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, strided<[6, 2]>> into memref<6xf32>
  return
}

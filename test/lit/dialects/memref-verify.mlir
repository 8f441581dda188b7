// memref verification, with MLIR 16's messages (memref-interop.mlir checks
// that mlir-opt-16 expects the same diagnostics).

// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %m = memref.alloc() : memref<4x?xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %m = "memref.alloc"(%n) {operand_segment_sizes = array<i32: 1, 0>} : (index) -> memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %m = "memref.alloc"(%n) {operand_segment_sizes = array<i32: 0, 1>} : (index) -> memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 1}}
  %m = memref.alloc(%n)[%n] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @f(%n: i32) {
  // expected-error @+1 {{'memref.alloc' op operand #0 must be index, but got 'i32'}}
  %m = "memref.alloc"(%n) {operand_segment_sizes = array<i32: 1, 0>} : (i32) -> memref<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %m = "memref.alloc"() {operand_segment_sizes = array<i32: 0, 0>} : () -> tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %m = memref.alloc() {alignment = -1 : i64} : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %m = memref.alloc() {alignment = 1 : i32} : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op requires dense i32 array attribute 'operand_segment_sizes'}}
  %m = "memref.alloc"() : () -> memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operand_segment_sizes'}}
  %m = "memref.alloc"(%n) {operand_segment_sizes = array<i32: 1, 1>} : (index) -> memref<?xf32>
  return
}

// -----

"foo.region"() ({
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %m = memref.alloca() : memref<4xf32>
}) : () -> ()

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error @+1 {{'memref.dealloc' op operand #0 must be unranked.memref of any type values or memref of any type values, but got 'tensor<4xf32>'}}
  "memref.dealloc"(%m) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load}}
  %v = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: i32) {
  // expected-error @+1 {{'memref.load' op operand #1 must be index, but got 'i32'}}
  %v = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, i32, i32) -> f32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %v = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, index, index) -> f16
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.load' op expected 1 or more operands, but found 0}}
  %v = "memref.load"() : () -> f32
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %v = "memref.load"(%m, %i) : (tensor<4xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %x: f16) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%x, %m, %i, %i) : (f16, memref<4x4xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  "memref.store"(%x, %m, %i) : (f32, memref<4x4xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: tensor<4x4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'memref.store' op operand #1 must be memref of any type values, but got 'tensor<4x4xf32>'}}
  "memref.store"(%x, %m, %i) : (f32, tensor<4x4xf32>, index) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'memref.store' op expected 2 or more operands, but found 1}}
  "memref.store"(%x) : (f32) -> ()
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: i32) {
  // expected-error @+1 {{'memref.dim' op operand #1 must be index, but got 'i32'}}
  %d = "memref.dim"(%m, %i) : (memref<4x4xf32>, i32) -> index
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.dim' op result #0 must be index, but got 'i32'}}
  %d = "memref.dim"(%m, %i) : (memref<4x4xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'memref.dim' op index is out of range}}
  %d = memref.dim %m, %c2 : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: f32, %i: index) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or memref of any type values, but got 'f32'}}
  %d = "memref.dim"(%m, %i) : (f32, index) -> index
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x5xf32>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4x5xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf16>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4x4xf16>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4xf32>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, 1>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, 1>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[4, 2]>>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 2]>>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[4, 1], offset: 1>>' are cast incompatible}}
  %d = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 1>>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op result #0 must be unranked.memref of any type values or memref of any type values, but got 'tensor<4x4xf32>'}}
  %d = "memref.cast"(%m) : (memref<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %n: memref<4x4xf16>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4x4xf32> to memref<4x4xf16>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %n: memref<4x5xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %n : memref<4x4xf32> to memref<4x5xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %n: tensor<4x4xf32>) {
  // expected-error @+1 {{'memref.copy' op operand #1 must be unranked.memref of any type values or memref of any type values, but got 'tensor<4x4xf32>'}}
  "memref.copy"(%m, %n) : (memref<4x4xf32>, tensor<4x4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 8>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[1, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes)}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf16, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>, 1>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank.}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x1xf32, strided<[8, 1, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<8x8xf32> to memref<1xf32, strided<[2]>>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[?, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 4, 4, 4>, static_strides = array<i64: 1, 1, 1>} : (memref<8x8xf32>) -> memref<4x4x4xf32, strided<[8, 1, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 1 dynamic offset values}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.subview' op requires dense i32 array attribute 'operand_segment_sizes'}}
  %0 = "memref.subview"(%m) {static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.subview' op requires attribute 'static_offsets'}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.subview' op attribute 'static_offsets' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "memref.subview"(%m) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i32: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: i32) {
  // expected-error @+1 {{'memref.subview' op operand #1 must be index, but got 'i32'}}
  %0 = "memref.subview"(%m, %i) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>, i32) -> memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

func.func @f(%x: f32, %i: index) {
  // expected-error @+1 {{custom op 'memref.load' invalid kind of type specified}}
  %v = memref.load %x[%i] : f32
  return
}

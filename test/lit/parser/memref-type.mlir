// The builtin memref type: shapes, strided layouts, memory spaces, printed
// as mlir-opt-16 prints them (memref-interop.mlir compares byte for byte).
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect | lite-opt --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

!strided = memref<?x4xf32, strided<[4, 1], offset: ?>>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func private @shapes(memref<4x?xf32>, memref<f32>, memref<0x4xi8>, memref<?x?xi1>, memref<2x3xvector<4xi8>>, memref<8xindex>, memref<2xf16>, memref<2xbf16>, memref<2xf64>, memref<3xsi8>, memref<3xui16>)
func.func private @shapes(memref<4x?xf32>, memref<f32>, memref<0x4xi8>, memref<?x?xi1>, memref<2x3xvector<4xi8>>, memref<8xindex>, memref<2xf16>, memref<2xbf16>, memref<2xf64>, memref<3xsi8>, memref<3xui16>)

// An explicit row-major layout is kept; offset 0 is left out; an identity
// affine_map layout is no layout at all.
// CHECK-LABEL: func.func private @layouts(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1]>>, memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: 5>>, memref<4xindex, strided<[-2]>>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: 3>>, memref<?x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32>, memref<4x4xf32>, memref<4xf32, strided<[9223372036854775807], offset: -3>>)
func.func private @layouts(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1], offset: 0>>, memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: 5>>, memref<4xindex, strided<[-2]>>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: 3>>, !strided, memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<4x4xf32, #id2>, memref<4xf32, strided<[9223372036854775807], offset: -3>>)

// Memory spaces: an integer 0 is the default one; i64 prints without type.
// CHECK-LABEL: func.func private @spaces(memref<4xf32, 1>, memref<4xf32>, memref<4xf32>, memref<4xf32, 1 : i32>, memref<4xf32, 2 : index>, memref<4xf32, strided<[1]>, 3>, memref<4xf32, -1>, memref<4xf32, "gpu">, memref<4xf32, {kind = 1 : i64}>, memref<4xf32, true>)
func.func private @spaces(memref<4xf32, 1>, memref<4xf32, 0>, memref<4xf32, 0 : i32>, memref<4xf32, 1 : i32>, memref<4xf32, 2 : index>, memref<4xf32, strided<[1]>, 3>, memref<4xf32, -1>, memref<4xf32, "gpu">, memref<4xf32, {kind = 1}>, memref<4xf32, true>)

// A later layout replaces an earlier one, as in MLIR.
// CHECK-LABEL: func.func private @last_layout(memref<4xf32, strided<[2]>>, memref<4xf32>)
func.func private @last_layout(memref<4xf32, strided<[1]>, strided<[2]>>, memref<4xf32, strided<[1]>, affine_map<(d0) -> (d0)>>)

// Memrefs in block arguments and unregistered ops' generic forms.
// CHECK-LABEL: func.func @kernel(%arg0: memref<4x?xf32>, %arg1: memref<4x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT:    %0 = "test.load"(%arg0) : (memref<4x?xf32>) -> f32
// CHECK-NEXT:    %1 = "test.alloc"() : () -> memref<4xvector<8xf32>, 1>
// CHECK-NEXT:    "test.store"(%0, %arg1) : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> ()
// CHECK-NEXT:    "test.use"(%1) {t = memref<2xf32, strided<[3], offset: 1>>} : (memref<4xvector<8xf32>, 1>) -> ()
func.func @kernel(%in: memref<4x?xf32>, %out: memref<4x?xf32, strided<[?, 1], offset: ?>>) attributes {lite.kernel = {num_inputs = 1 : i64}} {
  %0 = "test.load"(%in) : (memref<4x?xf32>) -> f32
  %1 = "test.alloc"() : () -> memref<4xvector<8xf32>, 1>
  "test.store"(%0, %out) : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> ()
  "test.use"(%1) {t = memref<2xf32, strided<[3], offset: 1>>} : (memref<4xvector<8xf32>, 1>) -> ()
  return
}

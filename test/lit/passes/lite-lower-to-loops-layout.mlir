// Layout casts as loops: the memrefs are the stored shapes (nchw8c's
// 1x17x3x5 is memref<1x3x3x5x8xf32>, nhwc's memref<1x3x5x17xf32>); the
// result's innermost dim goes by vectors, gathered from the operand along
// the same logical dim (permutation_map), the cut block or vector masked
// (no in_bounds); between two blocked layouts channel by channel, the
// padding zeroed.
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops=vector-width=16 | FileCheck %s --check-prefix=W16
// RUN: lite-opt %s --split-input-file --verify-diagnostics --lite-lower-to-loops='explain=true' -o /dev/null

#nchw = #lite.place<host, f32, nchw>
#b8 = #lite.place<host, f32, nchw8c>
#b16 = #lite.place<host, f32, nchw16c>
#nhwc = #lite.place<host, f32, nhwc>
// CHECK-LABEL: func.func @casts
// CHECK: lite.dispatch{{.*}}-> tensor<1x17x3x5xf32, #lite.place<host, f32, nchw8c>>
// CHECK-COUNT-6: lite.dispatch
// CHECK-NOT: "lite.layout"
// W16-NOT: "lite.layout"
func.func @casts(%x: tensor<1x17x3x5xf32, #nchw>) -> tensor<1x17x3x5xf32, #nchw> {
  %0 = "lite.layout"(%x) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #nchw>) -> tensor<1x17x3x5xf32, #b8>
  %1 = "lite.layout"(%0) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #b8>) -> tensor<1x17x3x5xf32, #nhwc>
  %2 = "lite.layout"(%1) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #nhwc>) -> tensor<1x17x3x5xf32, #b16>
  %3 = "lite.layout"(%2) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #b16>) -> tensor<1x17x3x5xf32, #b8>
  %4 = "lite.layout"(%3) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #b8>) -> tensor<1x17x3x5xf32, #nchw>
  %5 = "lite.layout"(%4) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #nchw>) -> tensor<1x17x3x5xf32, #nhwc>
  %6 = "lite.layout"(%5) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xf32, #nhwc>) -> tensor<1x17x3x5xf32, #nchw>
  return %6 : tensor<1x17x3x5xf32, #nchw>
}
// The kernels, in module order (the pass walks from the last op).
// nhwc -> nchw: per (h, c), the 5 of w gathered at stride C, masked.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x3x5x17xf32>, %arg1: memref<1x17x3x5xf32>)
// CHECK:       scf.parallel (%[[H:.*]]) = (%c0) to (%c3)
// CHECK-NEXT:    scf.for %[[C:.*]] = %c0 to %c17
// CHECK-NEXT:      %[[V:.*]] = vector.transfer_read %arg0[%c0, %[[H]], %c0, %[[C]]], %cst {permutation_map = affine_map<(d0, d1, d2, d3) -> (d2)>} : memref<1x3x5x17xf32>, vector<8xf32>
// CHECK-NEXT:      vector.transfer_write %[[V]], %arg1[%c0, %[[C]], %[[H]], %c0] : vector<8xf32>, memref<1x17x3x5xf32>
// nchw -> nhwc: channels by vectors of the pass's width, the 17th masked.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x17x3x5xf32>, %arg1: memref<1x3x5x17xf32>)
// CHECK:       scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:       vector.transfer_read %arg0[%c0, %c16, {{.*}} : memref<1x17x3x5xf32>, vector<8xf32>
// nchw8c -> nchw: per channel of the row's block, w gathered at stride 8.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x3x3x5x8xf32>, %arg1: memref<1x17x3x5xf32>)
// CHECK:       vector.transfer_read %arg0{{.*}} {permutation_map = affine_map<(d0, d1, d2, d3, d4) -> (d3)>} : memref<1x3x3x5x8xf32>, vector<8xf32>
// nchw16c -> nchw8c: channel by channel, then the padding of the last block.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x2x3x5x16xf32>, %arg1: memref<1x3x3x5x8xf32>)
// CHECK:       %[[N:.*]] = arith.minui %{{.*}}, %c8 : index
// CHECK-NEXT:  scf.for %{{.*}} = %c0 to %[[N]] step %c1
// CHECK:         memref.load %arg0
// CHECK-NEXT:    memref.store
// CHECK:       scf.for %[[P:.*]] = %[[N]] to %c8 step %c1
// CHECK-NEXT:    memref.store %cst, %arg1[{{.*}}, %[[P]]]
// nhwc -> nchw16c: the block's channels, contiguous in nhwc, masked past C.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x3x5x17xf32>, %arg1: memref<1x2x3x5x16xf32>)
// CHECK:       %[[V:.*]] = vector.transfer_read %arg0[%c0, %{{.*}}, %{{.*}}, %{{.*}}], %cst : memref<1x3x5x17xf32>, vector<16xf32>
// CHECK-NEXT:  vector.transfer_write %[[V]], %arg1[%c0, %{{.*}}, %{{.*}}, %{{.*}}, %c0] : vector<16xf32>, memref<1x2x3x5x16xf32>
// nchw8c -> nhwc: whole blocks in bounds, the cut one masked on the nhwc side.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x3x3x5x8xf32>, %arg1: memref<1x3x5x17xf32>)
// CHECK:       vector.transfer_read {{.*}} {in_bounds = [true]} : memref<1x3x3x5x8xf32>, vector<8xf32>
// CHECK-NEXT:  vector.transfer_write {{.*}} {in_bounds = [true]} : vector<8xf32>, memref<1x3x5x17xf32>
// CHECK:       vector.transfer_read {{.*}} {in_bounds = [true]} : memref<1x3x3x5x8xf32>, vector<8xf32>
// CHECK-NEXT:  vector.transfer_write %{{.*}}, %arg1[%c0, %arg2, %arg3, %c16] : vector<8xf32>, memref<1x3x5x17xf32>
// nchw -> nchw8c: rows (n, block, h); per w the 8 channels gathered at stride H*W.
// CHECK-LABEL: func.func @jit_layout_{{[0-9a-f]+}}(%arg0: memref<1x17x3x5xf32>, %arg1: memref<1x3x3x5x8xf32>)
// CHECK:       scf.parallel (%[[R:.*]]) = (%c0) to (%c9)
// CHECK:         scf.for %[[W:.*]] = %c0 to %c5
// CHECK:           %[[V:.*]] = vector.transfer_read %arg0[%c0, %{{.*}}, %{{.*}}, %[[W]]], %cst {permutation_map = affine_map<(d0, d1, d2, d3) -> (d1)>} : memref<1x17x3x5xf32>, vector<8xf32>
// CHECK-NEXT:      vector.transfer_write %[[V]], %arg1[%c0, %{{.*}}, %{{.*}}, %[[W]], %c0] : vector<8xf32>, memref<1x3x3x5x8xf32>
// W16-LABEL:   func.func @jit_layout_{{.*}}(%arg0: memref<1x17x3x5xf32>, %arg1: memref<1x3x5x17xf32>)
// W16:         vector.transfer_read %arg0[%c0, %c0, {{.*}} {in_bounds = [true], {{.*}} vector<16xf32>
// W16:         vector.transfer_read %arg0[%c0, %c16, {{.*}} vector<16xf32>

// -----

// Left alone, with the reason under explain=true: they run ref_layout.
// CHECK-LABEL: func.func @left
// CHECK-COUNT-4: "lite.layout"{{.*}}lite.kernel = "ref_layout__f32_nchw"
// CHECK-NOT: lite.dispatch
func.func @left(%d: tensor<1x?x3x5xf32, #lite.place<host, f32, nchw>>, %i: tensor<1x17x3x5xi32, #lite.place<host, i32, nchw>>, %r: tensor<4x17xf32, #lite.place<host, f32, nchw>>, %a: tensor<1x8x2x2xf32, #lite.place<host, f32, any>>) {
  // expected-remark @+1 {{not lowered to loops: an operand or result has a dynamic shape}}
  %0 = "lite.layout"(%d) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x?x3x5xf32, #lite.place<host, f32, nchw>>) -> tensor<1x?x3x5xf32, #lite.place<host, f32, nchw8c>>
  // expected-remark @+1 {{not lowered to loops: an operand or result is not f32}}
  %1 = "lite.layout"(%i) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x17x3x5xi32, #lite.place<host, i32, nchw>>) -> tensor<1x17x3x5xi32, #lite.place<host, i32, nchw8c>>
  // expected-remark @+1 {{not lowered to loops: a layout cast below rank 3 (no spatial dim)}}
  %2 = "lite.layout"(%r) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<4x17xf32, #lite.place<host, f32, nchw>>) -> tensor<4x17xf32, #lite.place<host, f32, nchw8c>>
  // expected-remark @+1 {{not lowered to loops: an operand or result in the `any` layout}}
  %3 = "lite.layout"(%a) {lite.kernel = "jit_layout__f32_nchw"} : (tensor<1x8x2x2xf32, #lite.place<host, f32, any>>) -> tensor<1x8x2x2xf32, #lite.place<host, f32, nchw8c>>
  return
}

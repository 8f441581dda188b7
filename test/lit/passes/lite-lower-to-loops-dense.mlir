// The dense families' kernels (matmul, gemm, fc, conv2d of group 1): the
// microkernel is one scf.for over K carrying the MR x NR/width accumulators
// (12 x 2 vectors at width 16, 6 x 2 at width 8), its body the loads of B's
// row, one broadcast of A per row and the FMAs, nothing else; the epilogue
// (bias, activation) works on the loop's results before the stores. What
// the families leave alone (grouped conv, dynamic shapes, non-f32) runs the
// reference kernel, with a remark saying why.

// RUN: lite-opt %s --split-input-file --lite-lower-to-loops='vector-width=16' | FileCheck %s --check-prefix=W16
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops='vector-width=8' | FileCheck %s --check-prefix=W8
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops='explain=true' --verify-diagnostics -o /dev/null

// W16-LABEL: func.func @jit_fc_
// W16:         scf.parallel
// W16:         {{%[0-9]+}}:24 = scf.for %[[K:arg[0-9]+]] = %c0 to %c64 step %c1 iter_args(%arg{{[0-9]+}} = %cst,
// W16-NEXT:      vector.load %arg1[%[[K]], %{{.*}}] : memref<64x32xf32>, vector<16xf32>
// W16-NEXT:      vector.load %arg1[%[[K]], %{{.*}}] : memref<64x32xf32>, vector<16xf32>
// W16-NEXT:      memref.load %arg0[%arg{{[0-9]+}}, %[[K]]] : memref<12x64xf32>
// W16-NEXT:      vector.broadcast
// W16-NEXT:      vector.fma
// W16-NEXT:      vector.fma
// W16-COUNT-22:  vector.fma
// W16-NEXT:      scf.yield
// W16-NOT:       vector.fma
// W16:           vector.load %arg2
// W16-NEXT:      arith.addf
// W16-NEXT:      arith.maxf
// W16-NEXT:      arith.minf
// W16-NEXT:      vector.store
// W8-LABEL:  func.func @jit_fc_
// W8:          {{%[0-9]+}}:12 = scf.for %[[K:arg[0-9]+]] = %c0 to %c64 step %c1 iter_args(%arg{{[0-9]+}} = %cst,
// W8-COUNT-12:   vector.fma
// W8-NEXT:       scf.yield
func.func @fc(%x: tensor<12x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<12x32xf32> {
  %0 = "lite.fc"(%x, %w, %b) {activation = "relu6", lite.kernel = "jit_fc__f32_nchw"} : (tensor<12x64xf32>, tensor<64x32xf32>, tensor<32xf32>) -> tensor<12x32xf32>
  return %0 : tensor<12x32xf32>
}

// -----

// Edges: M = 17 is one block of 12 and one of 5 rows (at width 16), N = 7
// one masked vector (transfer_read/write, in_bounds = [false], elided in
// the custom form); a conv of 3x3 packs im2col panels into an alloca.
// W16-LABEL: func.func @edges
// W16:       func.func @jit_conv2d_
// W16:         memref.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : memref<17x5x3x3xf32> into memref<17x45xf32>
// W16:         memref.collapse_shape %arg2 {{\[\[}}0], [1], [2, 3]] : memref<1x17x9x11xf32> into memref<1x17x99xf32>
// W16:         scf.parallel
// W16:         memref.alloca() {alignment = 64 : i64} : memref<45x128xf32>
// W16:         {{%[0-9]+}}:24 = scf.for
// W16:         {{%[0-9]+}}:10 = scf.for
// W16:         vector.transfer_write {{.*}} : vector<16xf32>, memref<1x17x99xf32>
// W16:       func.func @jit_matmul_
// W16:         {{%[0-9]+}}:12 = scf.for
// W16-NEXT:      vector.transfer_read %arg1{{.*}} : memref<33x7xf32>, vector<16xf32>
// W16:         {{%[0-9]+}}:5 = scf.for
func.func @edges(%a: tensor<17x33xf32>, %b: tensor<33x7xf32>, %x: tensor<1x5x9x11xf32>, %w: tensor<17x5x3x3xf32>) -> (tensor<17x7xf32>, tensor<1x17x9x11xf32>) {
  %0 = "lite.matmul"(%a, %b) {lite.kernel = "jit_matmul__f32_nchw"} : (tensor<17x33xf32>, tensor<33x7xf32>) -> tensor<17x7xf32>
  %1 = "lite.conv2d"(%x, %w) {pads = array<i64: 1, 1, 1, 1>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x5x9x11xf32>, tensor<17x5x3x3xf32>) -> tensor<1x17x9x11xf32>
  return %0, %1 : tensor<17x7xf32>, tensor<1x17x9x11xf32>
}

// -----

// Left alone: a grouped conv, dynamic shapes, f16, a 1-D B.
// W16-LABEL: func.func @left_alone
// W16:         "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// W16:         "lite.matmul"{{.*}}lite.kernel = "ref_matmul__f32_nchw"
// W16:         "lite.gemm"{{.*}}lite.kernel = "ref_gemm__any_nchw"
// W16:         "lite.matmul"{{.*}}lite.kernel = "ref_matmul__f32_nchw"
// W16-NOT:     lite_kernels
func.func @left_alone(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>, %d: tensor<?x4xf32>, %e: tensor<4x4xf32>, %h: tensor<4x4xf16>, %v: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<?x4xf32>, tensor<4x4xf16>, tensor<4xf32>) {
  // expected-remark @+1 {{not lowered to loops: group 2 of 4 channels: neither 1 nor depthwise}}
  %0 = "lite.conv2d"(%x, %w) {group = 2 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x3x3xf32>
  // expected-remark @+1 {{not lowered to loops: an operand or result has a dynamic shape}}
  %1 = "lite.matmul"(%d, %e) {lite.kernel = "jit_matmul__f32_nchw"} : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  // expected-remark @+1 {{not lowered to loops: an operand or result is not f32}}
  %2 = "lite.gemm"(%h, %h) {lite.kernel = "jit_gemm__any_nchw"} : (tensor<4x4xf16>, tensor<4x4xf16>) -> tensor<4x4xf16>
  // expected-remark @+1 {{not lowered to loops: a 1-D B (a matrix-vector product)}}
  %3 = "lite.matmul"(%e, %v) {lite.kernel = "jit_matmul__f32_nchw"} : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<1x4x3x3xf32>, tensor<?x4xf32>, tensor<4x4xf16>, tensor<4xf32>
}

// Depthwise conv2d under --lite-lower-to-loops: one scf.parallel over the
// (n, c) planes; each copies its plane into a zero-padded stack buffer of
// `stride` phase planes along W (phase p: padded columns p, p + 2, ...),
// then sweeps the output rows two at a time by vectors, one vector.fma per
// tap (the first a mulf) on contiguous buffer reads, then bias, residual,
// activation and store; the row's last vector is a masked transfer.
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops='vector-width=16' | FileCheck %s --check-prefix=W16
// RUN: lite-opt %s --split-input-file --verify-diagnostics --lite-lower-to-loops='explain=true' -o /dev/null

// 20x20 -> 10x10 at stride 2, pad 1: buffer rows (10 - 1) * 2 + 3 = 21 from
// the top pad, columns per phase 16 (two vectors of 8) + 2 / 2 = 17.
// CHECK-LABEL: func.func @stride2
// CHECK: lite.dispatch{{.*}}@lite_kernels::@jit_dwconv_
// CHECK: func.func @jit_dwconv_{{[0-9a-f]+}}(%[[X:.*]]: memref<1x2x20x20xf32>, %[[W:.*]]: memref<2x1x3x3xf32>, %[[B:.*]]: memref<2xf32>, %[[R:.*]]: memref<1x2x10x10xf32>, %[[Y:.*]]: memref<1x2x10x10xf32>)
// CHECK: scf.parallel (%[[C:.*]]) = (%c0) to (%c2) step (%c1) {
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x21x17xf32>
// The top pad row: zeros in both phases.
// CHECK: memref.store %cst, %[[BUF]][%c0, %{{.*}}, %{{.*}}] : memref<2x21x17xf32>
// CHECK: memref.store %cst, %[[BUF]][%c1, %{{.*}}, %{{.*}}] : memref<2x21x17xf32>
// The input rows: where both phases are inside the row, one loop copies
// input columns 2j - 1 (phase 0) and 2j (phase 1).
// CHECK: scf.for %[[J:.*]] = %c1 to %c10 step %c1 {
// CHECK-NEXT: %[[C2J:.*]] = arith.muli %[[J]], %c2 : index
// CHECK-NEXT: %[[C2JM1:.*]] = arith.addi %[[C2J]], %c-1 : index
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[X]][%c0, %[[C]], %{{.*}}, %[[C2JM1]]]
// CHECK-NEXT: memref.store %[[V0]], %[[BUF]][%c0, %{{.*}}, %[[J]]]
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[X]][%c0, %[[C]], %{{.*}}, %[[C2J]]]
// CHECK-NEXT: memref.store %[[V1]], %[[BUF]][%c1, %{{.*}}, %[[J]]]
// The weights, broadcast once per plane, and the bias.
// CHECK: memref.load %[[W]][%[[C]], %c0, %c0, %c0]
// CHECK-NEXT: %[[W00:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// CHECK-NEXT: memref.load %[[W]][%[[C]], %c0, %c0, %c1]
// CHECK-NEXT: %[[W01:.*]] = vector.broadcast
// CHECK-NEXT: memref.load %[[W]][%[[C]], %c0, %c0, %c2]
// CHECK-NEXT: %[[W02:.*]] = vector.broadcast
// CHECK: memref.load %[[B]][%[[C]]] : memref<2xf32>
// CHECK-NEXT: %[[BIAS:.*]] = vector.broadcast
// Two output rows per step; taps kw = 0, 1, 2 of row oh * 2 read phase 0
// at ow, phase 1 at ow, phase 0 at ow + 1.
// CHECK: scf.for %[[OH:.*]] = %c0 to %c10 step %c2 {
// CHECK-NEXT: %[[RB:.*]] = arith.muli %[[OH]], %c2 : index
// CHECK-NEXT: scf.for %[[OW:.*]] = %c0 to %c8 step %c8 {
// CHECK-NEXT: %[[T0:.*]] = vector.load %[[BUF]][%c0, %[[RB]], %[[OW]]] : memref<2x21x17xf32>, vector<8xf32>
// CHECK-NEXT: %[[A0:.*]] = arith.mulf %[[T0]], %[[W00]] : vector<8xf32>
// CHECK-NEXT: %[[T1:.*]] = vector.load %[[BUF]][%c1, %[[RB]], %[[OW]]]
// CHECK-NEXT: %[[A1:.*]] = vector.fma %[[T1]], %[[W01]], %[[A0]] : vector<8xf32>
// CHECK-NEXT: %[[OW1:.*]] = arith.addi %[[OW]], %c1 : index
// CHECK-NEXT: %[[T2:.*]] = vector.load %[[BUF]][%c0, %[[RB]], %[[OW1]]]
// CHECK-NEXT: vector.fma %[[T2]], %[[W02]], %[[A1]] : vector<8xf32>
// CHECK-COUNT-14: vector.fma
// The epilogue of each row: bias, residual, relu6, store.
// CHECK-NEXT: %[[S0:.*]] = arith.addf %{{.*}}, %[[BIAS]] : vector<8xf32>
// CHECK-NEXT: %[[RV:.*]] = vector.load %[[R]][%c0, %[[C]], %[[OH]], %[[OW]]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[S0]], %[[RV]]
// CHECK-NEXT: %[[S2:.*]] = arith.maxf %[[S1]], %cst_0
// CHECK-NEXT: %[[S3:.*]] = arith.minf %[[S2]], %cst_1
// CHECK-NEXT: vector.store %[[S3]], %[[Y]][%c0, %[[C]], %[[OH]], %[[OW]]]
// CHECK: vector.store
// CHECK-NEXT: }
// The last vector of the row (columns 8, 9): masked residual and store.
// CHECK: vector.load %[[BUF]][%c0, %[[RB]], %c8]
// CHECK: vector.transfer_read %[[R]][%c0, %[[C]], %[[OH]], %c8], %cst : memref<1x2x10x10xf32>, vector<8xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[Y]][%c0, %[[C]], %[[OH]], %c8] : vector<8xf32>, memref<1x2x10x10xf32>
// At 16 lanes a row of 10 is one masked vector.
// W16-LABEL: func.func @stride2
// W16: memref.alloca() {alignment = 64 : i64} : memref<2x21x17xf32>
// W16-NOT: vector.store
// W16: vector.fma {{.*}} : vector<16xf32>
// W16: vector.transfer_write %{{.*}} : vector<16xf32>, memref<1x2x10x10xf32>
func.func @stride2(%x: tensor<1x2x20x20xf32>, %w: tensor<2x1x3x3xf32>, %b: tensor<2xf32>, %r: tensor<1x2x10x10xf32>) -> tensor<1x2x10x10xf32> {
  %y = "lite.conv2d"(%x, %w, %b, %r) {activation = "relu6", group = 2 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x2x20x20xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>, tensor<1x2x10x10xf32>) -> tensor<1x2x10x10xf32>
  return %y : tensor<1x2x10x10xf32>
}

// -----

// Stride 1: one phase; channel multiplier 2 loops over the plane's two
// output channels, reusing its buffer; an odd row count ends with one row
// by itself.
// CHECK-LABEL: func.func @multiplier
// CHECK: scf.parallel (%[[C:.*]]) = (%c0) to (%c3) step (%c1) {
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64} : memref<1x7x10xf32>
// CHECK: %[[C2:.*]] = arith.muli %[[C]], %c2 : index
// CHECK-NEXT: scf.for %[[M:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: %[[CO:.*]] = arith.addi %[[C2]], %[[M]] : index
// CHECK: memref.load %{{.*}}[%[[CO]], %c0, %c0, %c0] : memref<6x1x3x3xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c2 {
// CHECK: scf.for %{{.*}} = %c4 to %c5 step %c1 {
// CHECK: vector.transfer_write %{{.*}}[%c0, %[[CO]], %{{.*}}, %c0] : vector<8xf32>, memref<1x6x5x5xf32>
func.func @multiplier(%x: tensor<1x3x7x7xf32>, %w: tensor<6x1x3x3xf32>) -> tensor<1x6x5x5xf32> {
  %y = "lite.conv2d"(%x, %w) {group = 3 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x3x7x7xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x5x5xf32>
  return %y : tensor<1x6x5x5xf32>
}

// -----

// What keeps its op (and falls back to the reference kernel).
// CHECK-LABEL: func.func @left_alone
// CHECK: "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// CHECK: "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// CHECK: "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// CHECK: "lite.conv2d"{{.*}}lite.kernel = "ref_conv2d__f32_nchw"
// CHECK-NOT: lite.dispatch
func.func @left_alone(%x: tensor<1x8x5x5xf32>, %w: tensor<8x4x3x3xf32>, %d: tensor<?x4x5x5xf32>, %wd: tensor<4x1x3x3xf32>, %big: tensor<1x2x1024x1024xf32>, %wb: tensor<2x1x3x3xf32>, %x5: tensor<1x4x5x5x5xf32>, %w5: tensor<4x1x3x3x3xf32>) {
  // expected-remark @+1 {{not lowered to loops: group 2 of 8 channels: neither 1 nor depthwise}}
  %0 = "lite.conv2d"(%x, %w) {group = 2 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x8x5x5xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x3x3xf32>
  // expected-remark @+1 {{not lowered to loops: an operand or result has a dynamic shape}}
  %1 = "lite.conv2d"(%d, %wd) {group = 4 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<?x4x5x5xf32>, tensor<4x1x3x3xf32>) -> tensor<?x4x3x3xf32>
  // expected-remark @+1 {{not lowered to loops: the padded input plane needs more than 1024 KiB}}
  %2 = "lite.conv2d"(%big, %wb) {group = 2 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x2x1024x1024xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x1022x1022xf32>
  // expected-remark @+1 {{not lowered to loops: not 2 spatial dims}}
  %3 = "lite.conv2d"(%x5, %w5) {group = 4 : i64, lite.kernel = "jit_conv2d__f32_nchw"} : (tensor<1x4x5x5x5xf32>, tensor<4x1x3x3x3xf32>) -> tensor<1x4x3x3x3xf32>
  return
}

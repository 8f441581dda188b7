// lite-eliminate-redundant removes ops that compute nothing, work a
// consumer does anyway, pairs of ops that undo each other, and ops left
// without users (DCE). A value is only ever replaced by one of the same
// type holding the same numbers; everything below that is "kept" is a case
// where that cannot be shown.

// RUN: lite-opt %s --lite-eliminate-redundant | FileCheck %s
// RUN: lite-opt %s --lite-eliminate-redundant --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 64 num-removed - Number of ops removed (no-ops, inverse pairs, dead ops)

// The lite ops are pure: cse merges equal ones (commutative operands in
// either order) and drops the dead.
// RUN: lite-opt %s --cse | FileCheck %s --check-prefix=CSE

// Before vs after on the reference interpreter (random inputs): every rule
// is exact, so the outputs are bit-identical.
// RUN: lite-run --compare %s --function noops --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function noops_keep --input-shape arg4=4x2 --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function pairs --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function pairs_keep --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function round_trip_all --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function fc_flatten --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// RUN: lite-run --compare %s --function dynamic --input-shape arg0=5x4 --pass-pipeline='builtin.module(func.func(lite-eliminate-redundant))' --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP
// CMP-NOT: MISMATCH
// CMP: : ok

// ---- ops that do nothing ---------------------------------------------------

// CHECK-LABEL: func.func @noops
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg1, %arg1, %arg2, %arg0, %arg0, %arg0
#x86 = #lite.place<x86, f32, nchw>
func.func @noops(%x: tensor<2x3x4xf32>, %p: tensor<1x3x1x1xf32>, %t: tensor<1x1x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1x1x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "lite.identity"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "lite.dropout"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %f = "lite.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %r = "lite.constant"() {value = dense<0.3> : tensor<f32>} : () -> tensor<f32>
  %2:2 = "lite.dropout"(%x, %r, %f) : (tensor<2x3x4xf32>, tensor<f32>, tensor<i1>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi1>)
  %3 = "lite.cast"(%x) {to = f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = "lite.concat"(%x) {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = "lite.scale"(%x) {scale = 1.0 : f32, bias = 0.0 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %6 = "lite.reshape"(%x) {shape = array<i64: 2, -1, 4>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %es = "lite.constant"() {value = dense<[3, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %7 = "lite.expand"(%x, %es) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x4xf32>
  %8 = "lite.slice"(%x) {starts = array<i64: 0, -100>, ends = array<i64: 100, 4>, axes = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %9 = "lite.transpose"(%x) {perm = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %10 = "lite.pad"(%x) {mode = "reflect", pads = array<i64: 0, 0, 0, 0, 0, 0>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %11 = "lite.pool2d"(%p) {pooling_type = "max", kernel_shape = array<i64: 1, 1>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %12 = "lite.pool2d"(%p) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  // size-1 dims trade places: the data order stays
  %13 = "lite.transpose"(%t) {perm = array<i64: 1, 0, 2>} : (tensor<1x1x4xf32>) -> tensor<1x1x4xf32>
  %14:1 = "lite.split"(%x) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %15 = "lite.io_copy"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %16 = "lite.squeeze"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2#0, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1x1x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @noops_keep
// a reshape to another shape
// CHECK: "lite.reshape"(%arg0) {shape = array<i64: 3, 8>}
// scale with an activation, scale by 2
// CHECK: "lite.scale"(%arg0) {activation = "relu"
// CHECK: "lite.scale"(%arg0) {bias = 0.000000e+00 : f32, scale = 2.000000e+00 : f32}
// a full slice with step -1 reverses
// CHECK: "lite.slice"(%arg0) {{.*}}steps = array<i64: -1>
// a transpose of a square matrix has the same type and other data
// CHECK: "lite.transpose"(%arg1) {perm = array<i64: 1, 0>}
// lp pooling of one element is |x|
// CHECK: "lite.pool2d"(%arg2) {kernel_shape = array<i64: 1, 1>, p = 1 : i64, pooling_type = "lp"}
// dropout whose training_mode is not known, or whose mask is used
// CHECK: "lite.dropout"(%arg0, %{{.*}}, %{{.*}})
// CHECK: "lite.dropout"(%arg0)
// a pad by one
// CHECK: "lite.pad"(%arg0)
// a cast that changes the type
// CHECK: "lite.cast"(%arg0) {to = f16}
// a reshape to the same type with a dynamic dim
// CHECK: "lite.reshape"(%arg4) {shape = array<i64: 4, -1>}
func.func @noops_keep(%x: tensor<2x3x4xf32>, %m: tensor<3x3xf32>, %p: tensor<1x3x1x1xf32>, %g: tensor<f32>, %d: tensor<4x?xf32>) -> (tensor<3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<3x3xf32>, tensor<1x3x1x1xf32>, tensor<2x3x4xf32>, tensor<2x3x4xi1>, tensor<2x3x6xf32>, tensor<2x3x4xf16>, tensor<4x?xf32>) {
  %0 = "lite.reshape"(%x) {shape = array<i64: 3, 8>} : (tensor<2x3x4xf32>) -> tensor<3x8xf32>
  %1 = "lite.scale"(%x) {activation = "relu"} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %2 = "lite.scale"(%x) {scale = 2.0 : f32, bias = 0.0 : f32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %3 = "lite.slice"(%x) {starts = array<i64: -1>, ends = array<i64: -100>, axes = array<i64: 2>, steps = array<i64: -1>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = "lite.transpose"(%m) {perm = array<i64: 1, 0>} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %5 = "lite.pool2d"(%p) {pooling_type = "lp", p = 1 : i64, kernel_shape = array<i64: 1, 1>} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %r = "lite.constant"() {value = dense<0.3> : tensor<f32>} : () -> tensor<f32>
  // false at run time, but not a constant
  %tm = "lite.greater"(%g, %g) : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %6 = "lite.dropout"(%x, %r, %tm) : (tensor<2x3x4xf32>, tensor<f32>, tensor<i1>) -> tensor<2x3x4xf32>
  %7:2 = "lite.dropout"(%x) : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi1>)
  %8 = "lite.pad"(%x) {pads = array<i64: 0, 0, 1, 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  %9 = "lite.cast"(%x) {to = f16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf16>
  %10 = "lite.reshape"(%d) {shape = array<i64: 4, -1>} : (tensor<4x?xf32>) -> tensor<4x?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7#1, %8, %9, %10 : tensor<3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<3x3xf32>, tensor<1x3x1x1xf32>, tensor<2x3x4xf32>, tensor<2x3x4xi1>, tensor<2x3x6xf32>, tensor<2x3x4xf16>, tensor<4x?xf32>
}

// ---- pairs that undo each other ----------------------------------------------

// CHECK-LABEL: func.func @pairs
// CHECK-NEXT: %[[R:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 4, 6>} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %[[T:.*]] = "lite.transpose"(%arg0) {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: return %arg0, %[[R]], %arg1, %arg2, %arg0, %[[T]], %arg0, %arg0, %arg4, %arg1, %arg5, %arg0
func.func @pairs(%x: tensor<2x3x4xf32>, %h: tensor<2x3xf16>, %s: tensor<2x3xi16>, %y: tensor<2x3x4xf32, #x86>, %q: tensor<2x3xui8>, %b: tensor<2x3xi1>) -> (tensor<2x3x4xf32>, tensor<4x6xf32>, tensor<2x3xf16>, tensor<2x3xi16>, tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3xui8>, tensor<2x3xf16>, tensor<2x3xi1>, tensor<2x3x4xf32>) {
  %u = "lite.unsqueeze"(%x) {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  %0 = "lite.squeeze"(%u) {axes = array<i64: 1>} : (tensor<2x1x3x4xf32>) -> tensor<2x3x4xf32>
  // reshape -> reshape collapses into one
  %r1 = "lite.reshape"(%x) {shape = array<i64: 6, 4>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "lite.reshape"(%r1) {shape = array<i64: 4, 6>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  // casts through a wider type
  %c1 = "lite.cast"(%h) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %2 = "lite.cast"(%c1) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %c2 = "lite.cast"(%s) {to = f32} : (tensor<2x3xi16>) -> tensor<2x3xf32>
  %3 = "lite.cast"(%c2) {to = i16} : (tensor<2x3xf32>) -> tensor<2x3xi16>
  // transposes: inverse, and composed into one
  %t1 = "lite.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %4 = "lite.transpose"(%t1) {perm = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %t2 = "lite.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %5 = "lite.transpose"(%t2) {perm = array<i64: 0, 2, 1>} : (tensor<3x2x4xf32>) -> tensor<3x4x2xf32>
  // Place casts that come back
  %l1 = "lite.io_copy"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32, #x86>
  %l2 = "lite.layout"(%l1) : (tensor<2x3x4xf32, #x86>) -> tensor<2x3x4xf32, #lite.place<x86, f32, nchw8c>>
  %l3 = "lite.layout"(%l2) : (tensor<2x3x4xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<2x3x4xf32, #x86>
  %6 = "lite.io_copy"(%l3) : (tensor<2x3x4xf32, #x86>) -> tensor<2x3x4xf32>
  // concat -> slice taking back the second input
  %cat = "lite.concat"(%x, %0) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %7 = "lite.slice"(%cat) {starts = array<i64: 3>, ends = array<i64: 100>, axes = array<i64: -2>} : (tensor<2x6x4xf32>) -> tensor<2x3x4xf32>
  // dequantize -> quantize: exact for 8-bit values with an f32 scale
  %sc = "lite.constant"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %zp = "lite.constant"() {value = dense<7> : tensor<ui8>} : () -> tensor<ui8>
  %dq = "lite.dequantize"(%q, %sc, %zp) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>) -> tensor<2x3xf32>
  %8 = "lite.quantize"(%dq, %sc, %zp) : (tensor<2x3xf32>, tensor<f32>, tensor<ui8>) -> tensor<2x3xui8>
  // calib between float types through a wider one
  %k1 = "lite.calib"(%h) : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %9 = "lite.calib"(%k1) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  // bool through any type
  %b1 = "lite.cast"(%b) {to = i8} : (tensor<2x3xi1>) -> tensor<2x3xi8>
  %10 = "lite.cast"(%b1) {to = i1} : (tensor<2x3xi8>) -> tensor<2x3xi1>
  // split -> concat of every part in order
  %sp:2 = "lite.split"(%x) {axis = 2 : i64, split = array<i64: 1, 3>} : (tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x3xf32>)
  %11 = "lite.concat"(%sp#0, %sp#1) {axis = -1 : i64} : (tensor<2x3x1xf32>, tensor<2x3x3xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<2x3x4xf32>, tensor<4x6xf32>, tensor<2x3xf16>, tensor<2x3xi16>, tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3xui8>, tensor<2x3xf16>, tensor<2x3xi1>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @pairs_keep
// narrowing first: f32 -> f16 -> f32 rounds, i32 -> f32 -> i32 rounds past
// 2^24, ui8 -> i8 -> ui8 wraps
// CHECK: "lite.cast"(%arg0) {to = f16}
// CHECK: "lite.cast"(%{{.*}}) {to = f32}
// CHECK: "lite.cast"(%arg1) {to = f32}
// CHECK: "lite.cast"(%{{.*}}) {to = i32}
// CHECK: "lite.cast"(%arg2) {to = i8}
// CHECK: "lite.cast"(%{{.*}}) {to = ui8}
// quantize -> dequantize rounds x
// CHECK: "lite.quantize"(%arg0
// CHECK: "lite.dequantize"
// dequantize -> quantize with another zero point; with a bf16 scale (8
// significand bits cannot carry 8-bit differences back)
// CHECK: "lite.dequantize"(%arg3
// CHECK: "lite.quantize"
// CHECK: "lite.dequantize"(%arg3
// CHECK: "lite.quantize"
// calib f32 -> i8 -> f32 quantizes
// CHECK: "lite.calib"(%arg0) {scale = 1.000000e-01 : f32}
// CHECK: "lite.calib"
// a slice across two concatenated inputs
// CHECK: "lite.concat"
// CHECK: "lite.slice"
// the first reshape has another user: both stay
// CHECK: "lite.reshape"(%arg0) {shape = array<i64: 3, 2>}
// CHECK: "lite.reshape"(%{{.*}}) {shape = array<i64: 6>}
// CHECK: return
func.func @pairs_keep(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>, %u: tensor<2x3xui8>, %q: tensor<2x3xui8>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf32>, tensor<2x3xui8>, tensor<2x3xui8>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<3x2xf32>, tensor<6xf32>) {
  %a = "lite.cast"(%x) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %0 = "lite.cast"(%a) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %b = "lite.cast"(%i) {to = f32} : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %1 = "lite.cast"(%b) {to = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %c = "lite.cast"(%u) {to = i8} : (tensor<2x3xui8>) -> tensor<2x3xi8>
  %2 = "lite.cast"(%c) {to = ui8} : (tensor<2x3xi8>) -> tensor<2x3xui8>
  %sc = "lite.constant"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %zp = "lite.constant"() {value = dense<7> : tensor<ui8>} : () -> tensor<ui8>
  %qx = "lite.quantize"(%x, %sc, %zp) : (tensor<2x3xf32>, tensor<f32>, tensor<ui8>) -> tensor<2x3xui8>
  %3 = "lite.dequantize"(%qx, %sc, %zp) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>) -> tensor<2x3xf32>
  %zp2 = "lite.constant"() {value = dense<9> : tensor<ui8>} : () -> tensor<ui8>
  %d1 = "lite.dequantize"(%q, %sc, %zp) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>) -> tensor<2x3xf32>
  %4 = "lite.quantize"(%d1, %sc, %zp2) : (tensor<2x3xf32>, tensor<f32>, tensor<ui8>) -> tensor<2x3xui8>
  %sb = "lite.constant"() {value = dense<0.1> : tensor<bf16>} : () -> tensor<bf16>
  %d2 = "lite.dequantize"(%q, %sb, %zp) : (tensor<2x3xui8>, tensor<bf16>, tensor<ui8>) -> tensor<2x3xbf16>
  %5 = "lite.quantize"(%d2, %sb, %zp) : (tensor<2x3xbf16>, tensor<bf16>, tensor<ui8>) -> tensor<2x3xui8>
  %k = "lite.calib"(%x) {scale = 0.1 : f32} : (tensor<2x3xf32>) -> tensor<2x3xi8>
  %6 = "lite.calib"(%k) {scale = 0.1 : f32} : (tensor<2x3xi8>) -> tensor<2x3xf32>
  %cat = "lite.concat"(%x, %x) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %7 = "lite.slice"(%cat) {starts = array<i64: 2>, ends = array<i64: 4>, axes = array<i64: 1>} : (tensor<2x6xf32>) -> tensor<2x2xf32>
  %r = "lite.reshape"(%x) {shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %8 = "lite.reshape"(%r) {shape = array<i64: 6>} : (tensor<3x2xf32>) -> tensor<6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %r, %8 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf32>, tensor<2x3xui8>, tensor<2x3xui8>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<3x2xf32>, tensor<6xf32>
}

// dequantize -> quantize over every 8-bit value, with awkward scales: the
// round trip is exact (the numeric check compares bit for bit).
// CHECK-LABEL: func.func @round_trip_all
// CHECK-NEXT: "lite.constant"
// CHECK-NEXT: "lite.constant"
// CHECK-NEXT: return
func.func @round_trip_all() -> (tensor<256xui8>, tensor<256xi8>, tensor<256xui8>) {
  %u = "lite.constant"() {value = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBFC0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF"> : tensor<256xui8>} : () -> tensor<256xui8>
  %i = "lite.constant"() {value = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBFC0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF"> : tensor<256xi8>} : () -> tensor<256xi8>
  %s1 = "lite.constant"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %z1 = "lite.constant"() {value = dense<255> : tensor<ui8>} : () -> tensor<ui8>
  %d1 = "lite.dequantize"(%u, %s1, %z1) : (tensor<256xui8>, tensor<f32>, tensor<ui8>) -> tensor<256xf32>
  %0 = "lite.quantize"(%d1, %s1, %z1) : (tensor<256xf32>, tensor<f32>, tensor<ui8>) -> tensor<256xui8>
  %s2 = "lite.constant"() {value = dense<3.3333334e-07> : tensor<f32>} : () -> tensor<f32>
  %z2 = "lite.constant"() {value = dense<-128> : tensor<i8>} : () -> tensor<i8>
  %d2 = "lite.dequantize"(%i, %s2, %z2) : (tensor<256xi8>, tensor<f32>, tensor<i8>) -> tensor<256xf32>
  %1 = "lite.quantize"(%d2, %s2, %z2) : (tensor<256xf32>, tensor<f32>, tensor<i8>) -> tensor<256xi8>
  %s3 = "lite.constant"() {value = dense<0.0999755859> : tensor<f16>} : () -> tensor<f16>
  %z3 = "lite.constant"() {value = dense<0> : tensor<ui8>} : () -> tensor<ui8>
  %d3 = "lite.dequantize"(%u, %s3, %z3) : (tensor<256xui8>, tensor<f16>, tensor<ui8>) -> tensor<256xf16>
  %2 = "lite.quantize"(%d3, %s3, %z3) : (tensor<256xf16>, tensor<f16>, tensor<ui8>) -> tensor<256xui8>
  return %0, %1, %2 : tensor<256xui8>, tensor<256xi8>, tensor<256xui8>
}

// ---- work a consumer does anyway ------------------------------------------------

// fc flattens at in_num_col_dims itself: the flatten after global pooling
// goes. gemm needs its 2-D operand: that flatten stays, and so does a
// reshape that changes the dims fc keeps.
// CHECK-LABEL: func.func @fc_flatten
// CHECK-NEXT: %[[P:.*]] = "lite.pool2d"(%arg0)
// CHECK-NEXT: %[[G:.*]] = "lite.flatten"(%[[P]])
// CHECK-NEXT: %[[F:.*]] = "lite.fc"(%[[P]], %arg1) : (tensor<2x8x1x1xf32>, tensor<8x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[M:.*]] = "lite.gemm"(%[[G]], %arg1)
// CHECK-NEXT: %[[R:.*]] = "lite.reshape"(%[[P]]) {shape = array<i64: 4, 4>}
// CHECK-NEXT: %[[F2:.*]] = "lite.fc"(%[[R]], %arg2)
// CHECK-NEXT: return %[[F]], %[[M]], %[[F2]]
func.func @fc_flatten(%x: tensor<2x8x3x3xf32>, %w: tensor<8x5xf32>, %w4: tensor<4x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<4x5xf32>) {
  %p = "lite.pool2d"(%x) {pooling_type = "avg", global_pooling = 1 : i64} : (tensor<2x8x3x3xf32>) -> tensor<2x8x1x1xf32>
  %f = "lite.flatten"(%p) : (tensor<2x8x1x1xf32>) -> tensor<2x8xf32>
  %0 = "lite.fc"(%f, %w) : (tensor<2x8xf32>, tensor<8x5xf32>) -> tensor<2x5xf32>
  %1 = "lite.gemm"(%f, %w) : (tensor<2x8xf32>, tensor<8x5xf32>) -> tensor<2x5xf32>
  %r = "lite.reshape"(%p) {shape = array<i64: 4, 4>} : (tensor<2x8x1x1xf32>) -> tensor<4x4xf32>
  %2 = "lite.fc"(%r, %w4) : (tensor<4x4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0, %1, %2 : tensor<2x5xf32>, tensor<2x5xf32>, tensor<4x5xf32>
}

// ---- dynamic dims and dead ops ------------------------------------------------------

// squeeze/unsqueeze of the same axes cancel whatever the dims; a reshape of
// a reshape with no 0 (copy) entry depends on the element count only; a
// reshape that copies a dim of its input stays. Unused ops go.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %[[A:.*]] = "lite.reshape"(%arg0) {shape = array<i64: -1, 2>} : (tensor<?x4xf32>) -> tensor<?x2xf32>
// CHECK-NEXT: %[[B:.*]] = "lite.reshape"(%arg0) {shape = array<i64: 2, -1>} : (tensor<?x4xf32>) -> tensor<2x?xf32>
// CHECK-NEXT: %[[C:.*]] = "lite.reshape"(%[[B]]) {shape = array<i64: 0, 2, -1>}
// CHECK-NEXT: return %arg0, %[[A]], %[[C]]
func.func @dynamic(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x2xf32>, tensor<2x2x?xf32>) {
  %u = "lite.unsqueeze"(%x) {axes = array<i64: 0>} : (tensor<?x4xf32>) -> tensor<1x?x4xf32>
  %0 = "lite.squeeze"(%u) {axes = array<i64: -3>} : (tensor<1x?x4xf32>) -> tensor<?x4xf32>
  %ra = "lite.reshape"(%x) {shape = array<i64: 2, -1>} : (tensor<?x4xf32>) -> tensor<2x?xf32>
  %1 = "lite.reshape"(%ra) {shape = array<i64: -1, 2>} : (tensor<2x?xf32>) -> tensor<?x2xf32>
  %rb = "lite.reshape"(%x) {shape = array<i64: 2, -1>} : (tensor<?x4xf32>) -> tensor<2x?xf32>
  %2 = "lite.reshape"(%rb) {shape = array<i64: 0, 2, -1>} : (tensor<2x?xf32>) -> tensor<2x2x?xf32>
  %dead = "lite.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %dead2 = "lite.exp"(%dead) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0, %1, %2 : tensor<?x4xf32>, tensor<?x2xf32>, tensor<2x2x?xf32>
}

// CSE-LABEL: func.func @cse
// CSE-NEXT: %[[R:.*]] = "lite.relu"(%arg0)
// CSE-NEXT: %[[A:.*]] = "lite.add"(%[[R]], %arg1)
// CSE-NEXT: %[[L1:.*]] = "lite.leaky_relu"(%arg0) {alpha = 1.000000e-01 : f32}
// CSE-NEXT: %[[L2:.*]] = "lite.leaky_relu"(%arg0) {alpha = 2.000000e-01 : f32}
// CSE-NEXT: %[[S:.*]] = "lite.sub"(%[[L1]], %[[L2]])
// CSE-NEXT: return %[[A]], %[[A]], %[[S]]
func.func @cse(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = "lite.add"(%a, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = "lite.add"(%y, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // different attributes: not the same op
  %e = "lite.leaky_relu"(%x) {alpha = 0.1 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = "lite.leaky_relu"(%x) {alpha = 0.2 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %g = "lite.sub"(%e, %f) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %dead = "lite.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %c, %d, %g : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

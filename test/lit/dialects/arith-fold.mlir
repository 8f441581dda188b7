// arith folders (run through canonicalize): integer results wrap at the
// type's width, division by zero and signed overflow are not folded, floats
// round to their own precision, tensors fold as splats or element by
// element, and identities return an existing value.

// RUN: lite-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @int_wrap
// CHECK-DAG:     %[[M56:.*]] = arith.constant -56 : i8
// CHECK-DAG:     %[[C126:.*]] = arith.constant 126 : i8
// CHECK-DAG:     %[[C124:.*]] = arith.constant 124 : i8
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[M3:.*]] = arith.constant -3 : i8
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : i8
// CHECK:         return %[[M56]], %[[M56]], %[[C126]], %[[C124]], %[[M1]], %[[M3]], %[[C6]]
func.func @int_wrap() -> (i8, i8, i8, i8, i8, i8, i8) {
  %a = "arith.constant"() {value = 100 : i8} : () -> i8
  %m = "arith.constant"() {value = -128 : i8} : () -> i8
  %n1 = "arith.constant"() {value = -1 : i8} : () -> i8
  %s7 = "arith.constant"() {value = -7 : i8} : () -> i8
  %two = "arith.constant"() {value = 2 : i8} : () -> i8
  %0 = "arith.addi"(%a, %a) : (i8, i8) -> i8
  %1 = "arith.muli"(%a, %two) : (i8, i8) -> i8
  %2 = "arith.subi"(%m, %two) : (i8, i8) -> i8
  %3 = "arith.divui"(%s7, %two) : (i8, i8) -> i8
  %4 = "arith.remsi"(%s7, %two) : (i8, i8) -> i8
  %5 = "arith.divsi"(%s7, %two) : (i8, i8) -> i8
  %6 = "arith.xori"(%s7, %n1) : (i8, i8) -> i8
  return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i8, i8, i8, i8, i8
}

// -----

// Left alone: division by zero, divsi overflow (-128 / -1 in i8), and
// anything with a non-constant operand.
// CHECK-LABEL: func.func @not_folded
// CHECK:         arith.divsi %{{.*}}, %{{.*}} : i8
// CHECK:         arith.divsi %{{.*}}, %{{.*}} : i8
// CHECK:         arith.divui %{{.*}}, %{{.*}} : i8
// CHECK:         arith.remsi %{{.*}}, %{{.*}} : i8
// CHECK:         arith.addi %arg0, %{{.*}} : i8
func.func @not_folded(%x: i8) -> (i8, i8, i8, i8, i8) {
  %m = "arith.constant"() {value = -128 : i8} : () -> i8
  %n1 = "arith.constant"() {value = -1 : i8} : () -> i8
  %z = "arith.constant"() {value = 0 : i8} : () -> i8
  %0 = "arith.divsi"(%m, %n1) : (i8, i8) -> i8
  %1 = "arith.divsi"(%m, %z) : (i8, i8) -> i8
  %2 = "arith.divui"(%m, %z) : (i8, i8) -> i8
  %3 = "arith.remsi"(%m, %z) : (i8, i8) -> i8
  %4 = "arith.addi"(%x, %n1) : (i8, i8) -> i8
  return %0, %1, %2, %3, %4 : i8, i8, i8, i8, i8
}

// -----

// x + 0, x * 1, x / 1, x & -1, x | 0, x ^ 0 are x; x * 0, x & 0 are the
// zero; x - x, x ^ x, x % 1 are a new zero; (x - y) + y is x and
// (x + y) - x is y.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    return %arg0, %arg0, %[[Z]], %arg0, %arg0, %[[Z]], %[[Z]], %[[Z]], %arg0, %arg1, %arg0, %[[Z]]
func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  %o = "arith.constant"() {value = 1 : i32} : () -> i32
  %n = "arith.constant"() {value = -1 : i32} : () -> i32
  %0 = "arith.addi"(%z, %x) : (i32, i32) -> i32
  %1 = "arith.muli"(%x, %o) : (i32, i32) -> i32
  %2 = "arith.muli"(%x, %z) : (i32, i32) -> i32
  %3 = "arith.divsi"(%x, %o) : (i32, i32) -> i32
  %4 = "arith.andi"(%x, %n) : (i32, i32) -> i32
  %5 = "arith.andi"(%x, %z) : (i32, i32) -> i32
  %6 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  %7 = "arith.xori"(%x, %x) : (i32, i32) -> i32
  %s = "arith.subi"(%x, %y) : (i32, i32) -> i32
  %8 = "arith.addi"(%s, %y) : (i32, i32) -> i32
  %a = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %9 = "arith.subi"(%a, %x) : (i32, i32) -> i32
  %10 = "arith.ori"(%x, %z) : (i32, i32) -> i32
  %11 = "arith.remsi"(%x, %o) : (i32, i32) -> i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// f32 arithmetic rounds to f32 (0.1f + 0.2f is 0.300000012, printed as
// 3.000000e-01, not the f64 sum); f16 and bf16 round to theirs; x + -0.0
// and x * 1.0 are x but x + 0.0 is not (-0.0 + 0.0 is +0.0).
// CHECK-LABEL: func.func @floats
// CHECK-DAG:     %[[F32:.*]] = arith.constant 3.000000e-01 : f32
// CHECK-DAG:     %[[F16:.*]] = arith.constant 1.000000e+00 : f16
// CHECK-DAG:     %[[BF:.*]] = arith.constant 3.339840e-01 : bf16
// CHECK-DAG:     %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG:     %[[F64:.*]] = arith.constant 0.30000000000000004 : f64
// CHECK-DAG:     %[[PZ:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[ADD:.*]] = arith.addf %arg0, %[[PZ]]
// CHECK:         return %[[F32]], %arg0, %[[ADD]], %arg0, %[[F16]], %[[BF]], %[[INF]], %[[F64]]
func.func @floats(%x: f32) -> (f32, f32, f32, f32, f16, bf16, f32, f64) {
  %a = "arith.constant"() {value = 0.1 : f32} : () -> f32
  %b = "arith.constant"() {value = 0.2 : f32} : () -> f32
  %nz = "arith.constant"() {value = -0.0 : f32} : () -> f32
  %pz = "arith.constant"() {value = 0.0 : f32} : () -> f32
  %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %0 = "arith.addf"(%a, %b) : (f32, f32) -> f32
  %1 = "arith.addf"(%x, %nz) : (f32, f32) -> f32
  %2 = "arith.addf"(%x, %pz) : (f32, f32) -> f32
  %3 = "arith.mulf"(%x, %one) : (f32, f32) -> f32
  // 1 + 0.0003 is below half an f16 ulp at 1.0: it rounds back to 1.0.
  %h1 = "arith.constant"() {value = 1.0 : f16} : () -> f16
  %h2 = "arith.constant"() {value = 0.0003 : f16} : () -> f16
  %4 = "arith.addf"(%h1, %h2) : (f16, f16) -> f16
  %g1 = "arith.constant"() {value = 1.0 : bf16} : () -> bf16
  %g3 = "arith.constant"() {value = 3.0 : bf16} : () -> bf16
  %5 = "arith.divf"(%g1, %g3) : (bf16, bf16) -> bf16
  // Float division by zero folds (to infinity).
  %6 = "arith.divf"(%one, %pz) : (f32, f32) -> f32
  %d1 = "arith.constant"() {value = 0.1 : f64} : () -> f64
  %d2 = "arith.constant"() {value = 0.2 : f64} : () -> f64
  %7 = "arith.addf"(%d1, %d2) : (f64, f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f16, bf16, f32, f64
}

// -----

// Tensors: splat with splat gives a splat; element by element otherwise,
// wrapping per element; x * zeros is the zeros; cmpi folds per element.
// CHECK-LABEL: func.func @tensors
// CHECK-DAG:     %[[SQ:.*]] = arith.constant dense<[2.250000e+00, 6.250000e+00, 1.000000e+00, 0.000000e+00]> : tensor<4xf32>
// CHECK-DAG:     %[[CMP:.*]] = arith.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG:     %[[TWO:.*]] = arith.constant dense<2> : tensor<4xi32>
// CHECK-DAG:     %[[SUM:.*]] = arith.constant dense<[2, 3, 4, -2147483648]> : tensor<4xi32>
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK:         return %[[SUM]], %[[TWO]], %[[Z]], %[[CMP]], %[[SQ]], %arg0
func.func @tensors(%t: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<4xf32>, tensor<4xi32>) {
  %c = "arith.constant"() {value = dense<[1, 2, 3, 2147483647]> : tensor<4xi32>} : () -> tensor<4xi32>
  %s = "arith.constant"() {value = dense<1> : tensor<4xi32>} : () -> tensor<4xi32>
  %z = "arith.constant"() {value = dense<0> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = "arith.addi"(%c, %s) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "arith.addi"(%s, %s) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "arith.muli"(%t, %z) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %p = "arith.constant"() {value = dense<[1, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %q = "arith.constant"() {value = dense<[3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "arith.cmpi"(%p, %q) {predicate = 2 : i64} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %f = "arith.constant"() {value = dense<[1.5, 2.5, -1.0, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %4 = "arith.mulf"(%f, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "arith.addi"(%t, %z) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<4xf32>, tensor<4xi32>
}

// -----

// Comparisons and select: x == x, x < x, signed vs unsigned order, NaN is
// unordered; select with a constant condition or equal arms; xori with true
// inverts a cmpi (sle -> sgt).
// CHECK-LABEL: func.func @compare_select
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK:         %[[NOT:.*]] = arith.cmpi sgt, %arg0, %[[C5]] : i32
// CHECK:         return %[[T]], %[[F]], %[[T]], %[[F]], %[[T]], %arg1, %arg1, %[[NOT]]
func.func @compare_select(%x: i32, %a: f32, %b: f32) -> (i1, i1, i1, i1, i1, f32, f32, i1) {
  %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
  %cm = "arith.constant"() {value = -3 : i32} : () -> i32
  %c5 = "arith.constant"() {value = 5 : i32} : () -> i32
  %0 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (i32, i32) -> i1
  %1 = "arith.cmpi"(%x, %x) {predicate = 2 : i64} : (i32, i32) -> i1
  %2 = "arith.cmpi"(%cm, %c3) {predicate = 2 : i64} : (i32, i32) -> i1
  %3 = "arith.cmpi"(%cm, %c3) {predicate = 6 : i64} : (i32, i32) -> i1
  %nan = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
  %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %4 = "arith.cmpf"(%nan, %one) {predicate = 8 : i64} : (f32, f32) -> i1
  %t = "arith.constant"() {value = true} : () -> i1
  %5 = "arith.select"(%t, %a, %b) : (i1, f32, f32) -> f32
  %6 = "arith.select"(%2, %a, %a) : (i1, f32, f32) -> f32
  %p = "arith.cmpi"(%x, %c5) {predicate = 3 : i64} : (i32, i32) -> i1
  %7 = "arith.xori"(%p, %t) : (i1, i1) -> i1
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, f32, f32, i1
}

// -----

// Casts: sign/zero extension, truncation, int -> float rounding to nearest
// even (2^24 + 1 is not an f32), float -> int toward zero (and not at all
// when out of range), bit casts; extsi(extsi(x)) reads x directly and
// trunci(extui(x)) is x.
// CHECK-LABEL: func.func @casts
// CHECK-DAG:     %[[SEXT:.*]] = arith.constant -2 : i32
// CHECK-DAG:     %[[ZEXT:.*]] = arith.constant 254 : i32
// CHECK-DAG:     %[[TRUNC:.*]] = arith.constant 44 : i8
// CHECK-DAG:     %[[FP:.*]] = arith.constant 0x4B800000 : f32
// CHECK-DAG:     %[[SI:.*]] = arith.constant -2 : i8
// CHECK-DAG:     %[[IDX:.*]] = arith.constant -2 : index
// CHECK-DAG:     %[[BC:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[BC2:.*]] = arith.constant -1070805811 : i32
// CHECK-DAG:     %[[BIG:.*]] = arith.constant 3.000000e+02 : f32
// CHECK:         %[[OUT:.*]] = arith.fptosi %[[BIG]] : f32 to i8
// CHECK:         %[[EXT:.*]] = arith.extsi %arg0 : i8 to i64
// CHECK:         return %[[SEXT]], %[[ZEXT]], %[[TRUNC]], %[[FP]], %[[SI]], %[[IDX]], %[[BC]], %[[BC2]], %[[OUT]], %[[EXT]], %arg0
func.func @casts(%x: i8) -> (i32, i32, i8, f32, i8, index, f32, i32, i8, i64, i8) {
  %m = "arith.constant"() {value = -2 : i8} : () -> i8
  %0 = "arith.extsi"(%m) : (i8) -> i32
  %1 = "arith.extui"(%m) : (i8) -> i32
  %big = "arith.constant"() {value = 300 : i32} : () -> i32
  %2 = "arith.trunci"(%big) : (i32) -> i8
  %l = "arith.constant"() {value = 16777217 : i32} : () -> i32
  %3 = "arith.sitofp"(%l) : (i32) -> f32
  %f = "arith.constant"() {value = -2.7 : f32} : () -> f32
  %4 = "arith.fptosi"(%f) : (f32) -> i8
  %5 = "arith.index_cast"(%m) : (i8) -> index
  %i = "arith.constant"() {value = 1065353216 : i32} : () -> i32
  %6 = "arith.bitcast"(%i) : (i32) -> f32
  %7 = "arith.bitcast"(%f) : (f32) -> i32
  %hf = "arith.constant"() {value = 300.0 : f32} : () -> f32
  %8 = "arith.fptosi"(%hf) : (f32) -> i8
  %e1 = "arith.extsi"(%x) : (i8) -> i16
  %9 = "arith.extsi"(%e1) : (i16) -> i64
  %e2 = "arith.extui"(%x) : (i8) -> i32
  %10 = "arith.trunci"(%e2) : (i32) -> i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i8, f32, i8, index, f32, i32, i8, i64, i8
}

// -----

// Constant chains reassociate: (x + 1) + 2 is x + 3, (x - 1) + 5 is x + 4,
// 5 - (x + 1) is 4 - x, (x * 2) * 5 is x * 10.
// CHECK-LABEL: func.func @reassociate
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : i32
// CHECK-DAG:     %[[R0:.*]] = arith.addi %arg0, %[[C3]]
// CHECK-DAG:     %[[R1:.*]] = arith.addi %arg0, %[[C4]]
// CHECK-DAG:     %[[R2:.*]] = arith.subi %[[C4]], %arg0
// CHECK-DAG:     %[[R3:.*]] = arith.muli %arg0, %[[C10]]
// CHECK:         return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @reassociate(%x: i32) -> (i32, i32, i32, i32) {
  %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
  %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
  %c5 = "arith.constant"() {value = 5 : i32} : () -> i32
  %a = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %0 = "arith.addi"(%a, %c2) : (i32, i32) -> i32
  %s = "arith.subi"(%x, %c1) : (i32, i32) -> i32
  %1 = "arith.addi"(%s, %c5) : (i32, i32) -> i32
  %2 = "arith.subi"(%c5, %a) : (i32, i32) -> i32
  %m = "arith.muli"(%c2, %x) : (i32, i32) -> i32
  %3 = "arith.muli"(%m, %c5) : (i32, i32) -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// On what both fold, lite's canonicalize gives exactly mlir-opt-16's IR
// (constant values, their order at the top of the function, and the rewritten
// ops). mlir-opt adds the default fastmath attribute to float ops; lite's
// arith has none.

// REQUIRES: mlir-opt
// RUN: lite-opt %s --split-input-file --canonicalize --mlir-print-op-generic > %t.lite
// RUN: %mlir-opt %s --split-input-file --canonicalize --mlir-print-op-generic | sed -e 's/ {fastmath = #arith.fastmath<none>}//' > %t.mlir
// RUN: diff %t.mlir %t.lite
// lite's generic output is valid input for mlir-opt-16.
// RUN: %mlir-opt %t.lite --split-input-file -o /dev/null
// The custom form, constant names included, is the same byte for byte.
// RUN: %mlir-opt %s --split-input-file --canonicalize > %t.cmlir
// RUN: lite-opt %s --split-input-file --canonicalize | diff %t.cmlir -

func.func @int_ops() -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %a = "arith.constant"() {value = 100 : i8} : () -> i8
  %b = "arith.constant"() {value = 100 : i8} : () -> i8
  %m = "arith.constant"() {value = -128 : i8} : () -> i8
  %n1 = "arith.constant"() {value = -1 : i8} : () -> i8
  %z = "arith.constant"() {value = 0 : i8} : () -> i8
  %s7 = "arith.constant"() {value = -7 : i8} : () -> i8
  %two = "arith.constant"() {value = 2 : i8} : () -> i8
  %0 = "arith.addi"(%a, %b) : (i8, i8) -> i8
  %1 = "arith.muli"(%a, %two) : (i8, i8) -> i8
  %2 = "arith.divsi"(%m, %n1) : (i8, i8) -> i8
  %3 = "arith.divsi"(%a, %z) : (i8, i8) -> i8
  %4 = "arith.divui"(%s7, %two) : (i8, i8) -> i8
  %5 = "arith.remsi"(%s7, %two) : (i8, i8) -> i8
  %6 = "arith.subi"(%m, %two) : (i8, i8) -> i8
  %7 = "arith.divsi"(%s7, %two) : (i8, i8) -> i8
  %8 = "arith.xori"(%s7, %n1) : (i8, i8) -> i8
  %9 = "arith.remsi"(%m, %n1) : (i8, i8) -> i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

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
  %h1 = "arith.constant"() {value = 1.0 : f16} : () -> f16
  %h2 = "arith.constant"() {value = 0.0003 : f16} : () -> f16
  %4 = "arith.addf"(%h1, %h2) : (f16, f16) -> f16
  %g1 = "arith.constant"() {value = 1.0 : bf16} : () -> bf16
  %g2 = "arith.constant"() {value = 3.0 : bf16} : () -> bf16
  %5 = "arith.divf"(%g1, %g2) : (bf16, bf16) -> bf16
  %6 = "arith.divf"(%one, %pz) : (f32, f32) -> f32
  %d1 = "arith.constant"() {value = 0.1 : f64} : () -> f64
  %d2 = "arith.constant"() {value = 0.2 : f64} : () -> f64
  %7 = "arith.addf"(%d1, %d2) : (f64, f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f16, bf16, f32, f64
}

// -----

func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  %o = "arith.constant"() {value = 1 : i32} : () -> i32
  %n = "arith.constant"() {value = -1 : i32} : () -> i32
  %0 = "arith.addi"(%z, %x) : (i32, i32) -> i32
  %1 = "arith.muli"(%x, %o) : (i32, i32) -> i32
  %2 = "arith.muli"(%x, %z) : (i32, i32) -> i32
  %3 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  %4 = "arith.andi"(%x, %n) : (i32, i32) -> i32
  %5 = "arith.ori"(%x, %n) : (i32, i32) -> i32
  %6 = "arith.xori"(%x, %x) : (i32, i32) -> i32
  %s = "arith.subi"(%x, %y) : (i32, i32) -> i32
  %7 = "arith.addi"(%s, %y) : (i32, i32) -> i32
  %a = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %8 = "arith.subi"(%a, %x) : (i32, i32) -> i32
  %9 = "arith.divsi"(%x, %z) : (i32, i32) -> i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

func.func @compare_select(%x: i32, %a: f32, %b: f32) -> (i1, i1, i1, i1, i1, f32, f32, i1) {
  %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
  %cm = "arith.constant"() {value = -3 : i32} : () -> i32
  %0 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (i32, i32) -> i1
  %1 = "arith.cmpi"(%x, %x) {predicate = 2 : i64} : (i32, i32) -> i1
  %2 = "arith.cmpi"(%cm, %c3) {predicate = 2 : i64} : (i32, i32) -> i1
  %3 = "arith.cmpi"(%cm, %c3) {predicate = 6 : i64} : (i32, i32) -> i1
  %n = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
  %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %4 = "arith.cmpf"(%n, %one) {predicate = 8 : i64} : (f32, f32) -> i1
  %t = "arith.constant"() {value = true} : () -> i1
  %5 = "arith.select"(%t, %a, %b) : (i1, f32, f32) -> f32
  %6 = "arith.select"(%0, %a, %a) : (i1, f32, f32) -> f32
  %p = "arith.cmpi"(%x, %c3) {predicate = 2 : i64} : (i32, i32) -> i1
  %7 = "arith.xori"(%p, %t) : (i1, i1) -> i1
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, f32, f32, i1
}

// -----

func.func @reassociate(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
  %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
  %c5 = "arith.constant"() {value = 5 : i32} : () -> i32
  %a0 = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %0 = "arith.addi"(%a0, %c2) : (i32, i32) -> i32
  %s0 = "arith.subi"(%x, %c1) : (i32, i32) -> i32
  %1 = "arith.addi"(%s0, %c5) : (i32, i32) -> i32
  %s1 = "arith.subi"(%c1, %x) : (i32, i32) -> i32
  %2 = "arith.addi"(%s1, %c5) : (i32, i32) -> i32
  %3 = "arith.subi"(%a0, %c5) : (i32, i32) -> i32
  %4 = "arith.subi"(%s0, %c5) : (i32, i32) -> i32
  %5 = "arith.subi"(%c5, %a0) : (i32, i32) -> i32
  %6 = "arith.subi"(%s1, %c5) : (i32, i32) -> i32
  %7 = "arith.subi"(%c5, %s0) : (i32, i32) -> i32
  %8 = "arith.subi"(%c5, %s1) : (i32, i32) -> i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

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

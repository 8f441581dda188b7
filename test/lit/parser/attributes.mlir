// Builtin attributes in every spelling the parser accepts, and how they
// print back (as mlir-opt-16 prints them).
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.ints"() {
// CHECK-SAME: a = 1 : i64, b = -1 : i8, c = -128 : i8, d = 16 : i16, e = true, f = false
// CHECK-SAME: g = -2 : si8, h = 200 : ui8, i = 7 : index, j = 255 : i9, k = -1 : i64
// CHECK-SAME: l = 9223372036854775807 : i64, m = -9223372036854775808 : i64, n = 42 : i128, o = 1 : ui1
"test.ints"() {a = 1, b = 255 : i8, c = -128 : i8, d = 0x10 : i16, e = 1 : i1,
  f = 0 : i1, g = -2 : si8, h = 200 : ui8, i = 7 : index, j = 255 : i9,
  k = 0xFFFFFFFFFFFFFFFF, l = 9223372036854775807, m = -9223372036854775808,
  n = 42 : i128, o = 1 : ui1} : () -> ()

// CHECK-LABEL: "test.floats"() {
// CHECK-SAME: a = 1.500000e+00 : f64, b = -2.500000e-01 : f32, c = 1.000000e+00 : f16
// CHECK-SAME: d = 0x7FC00000 : f32, e = 0x7FF0000000000000 : f64, f = 9.984000e+04 : bf16
// CHECK-SAME: g = 1.000000e+00 : f32, h = 0.000000e+00 : f64, i = -0.000000e+00 : f64
"test.floats"() {a = 1.5, b = -0.25 : f32, c = 1. : f16, d = 0x7FC00000 : f32,
  e = 1.0e999, f = 1.e5 : bf16, g = 0x3F800000 : f32, h = 0.0, i = -0.0} : () -> ()

// Strings with escapes (\" \\ \n \t and two hex digits), typed strings.
// CHECK-LABEL: "test.strings"() {
// CHECK-SAME: a = "plain", b = "q\22b\\s\0An\09t\7F", c = "", d = "x" : i32
"test.strings"() {a = "plain", b = "q\"b\\s\nn\tt\7f", c = "", d = "x" : i32} : () -> ()

// Arrays, dictionaries (sorted, duplicates rejected), unit attributes, types
// as attributes, symbol references.
// CHECK-LABEL: "test.aggregates"() {
// CHECK-SAME: arr = [1, "two", [3.000000e+00], {k}]
// CHECK-SAME: d = {a = 1 : i64, b = [], c = {}}, e = []
// CHECK-SAME: sym = @foo, sym2 = @foo::@bar::@baz, sym3 = @"with space"::@x.y
// CHECK-SAME: t = i32, t2 = (i32, f32) -> tensor<2xf32>, t3 = !dialect.ty<1>, u, u2}
"test.aggregates"() {arr = [1, "two", [3.0], {k}], d = {c = {}, b = [], a = 1},
  e = [], u, u2 = unit, sym = @foo, sym2 = @foo::@bar::@baz,
  sym3 = @"with space"::@"x.y", t = i32, t2 = (i32, f32) -> tensor<2xf32>,
  t3 = !dialect.ty<1>} : () -> ()

// Dialect attributes: the pretty form and the quoted opaque form are kept
// apart; the body is kept verbatim with its brackets balanced.
// CHECK-LABEL: "test.dialect"() {
// CHECK-SAME: a = #ext.place<x86, f32, nchw>, b = #ext<"place<x86,f32,nchw>">
// CHECK-SAME: c = #ext.place<x86, f32, nchw>, d = #ext.place<x86,f32,nchw>, e = #ext.flag
// CHECK-SAME: f = #ext.place<"x86", [1, 2], {k = 3}, (a)>, g = #ext.place<x86, "a>b">
// CHECK-SAME: h = #ext.place<x86, f32, nchw, <1x2>>, i = #ext.arrow<(a) -> b>
"test.dialect"() {a = #ext.place<x86, f32, nchw>, b = #ext<"place<x86,f32,nchw>">,
  c = #ext<place<x86, f32, nchw>>, d = #ext.place<x86,f32,nchw>, e = #ext.flag,
  f = #ext.place<"x86", [1, 2], {k = 3}, (a)>, g = #ext.place<x86, "a>b">,
  h = #ext.place<x86, f32, nchw, <1x2>>, i = #ext.arrow<(a) -> b>} : () -> ()

// Dense arrays.
// CHECK-LABEL: "test.arrays"() {
// CHECK-SAME: a = array<i64: 1, -2>, b = array<i1: true, false>, c = array<f32: 1.500000e+00, 1.000000e+00>
// CHECK-SAME: d = array<i32>, e = array<i8: -1, 127>, f = array<f64: -2.000000e+00>
"test.arrays"() {a = array<i64: 1, -2>, b = array<i1: true, false>,
  c = array<f32: 1.5, 0x3F800000>, d = array<i32>, e = array<i8: 255, 127>,
  f = array<f64: -2.0>} : () -> ()

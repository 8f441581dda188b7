// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s

// Attribute dictionaries print sorted by name; unit attributes as bare keys;
// integers keep their type at the top level, i64/f64 drop it inside arrays.

// CHECK-LABEL: "ext.ints"() {
// CHECK-SAME: big = -9223372036854775808 : i64, i1 = 5 : i32, i2 = -1 : i8, i3 = 255 : ui8,
// CHECK-SAME: i4 = -3 : si16, i5 = 7 : index, i6 = true, i7 = false, i8 = true, i9 = 9 : i64,
// CHECK-SAME: u, ue = 18446744073709551615 : ui64} : () -> ()
"ext.ints"() {i1 = 5 : i32, i2 = -1 : i8, i3 = 255 : ui8, i4 = -3 : si16, i5 = 7 : index,
  i6 = true, i7 = false, i8 = 1 : i1, i9 = 9, u, ue = 18446744073709551615 : ui64,
  big = -9223372036854775808} : () -> ()

// Strings escape `\`, `"` and every byte outside 0x20..0x7E as \XX.
// CHECK-LABEL: "ext.strings"() {
// CHECK-SAME: s1 = "a\22b\\c\0A\09\00\7F \C3\A9", s2 = "typed" : i32, s3 = ""} : () -> ()
"ext.strings"() {s1 = "a\"b\\c\n\t\00\7f é", s2 = "typed" : i32, s3 = ""} : () -> ()

// CHECK-LABEL: "ext.aggregates"() {
// CHECK-SAME: arr = [1, 2.000000e+00, 3 : i32, 4.000000e+00 : f32, "x", [true, unit], {k = 1 : i64}],
// CHECK-SAME: d = {a, b = 1 : i64, "c d" = 2 : i64}, e = [], ed = {},
// CHECK-SAME: nested = {{\[}}[1, 2 : i32], {}]} : () -> ()
"ext.aggregates"() {arr = [1, 2.0, 3 : i32, 4.0 : f32, "x", [true, unit], {k = 1}],
  d = {b = 1, a = unit, "c d" = 2}, nested = [[1 : i64, 2 : i32], {}], e = [], ed = {}} : () -> ()

// CHECK-LABEL: "ext.symbols"() {
// CHECK-SAME: sym = @a::@b, sym2 = @"a b"::@c, sym3 = @x} : () -> ()
"ext.symbols"() {sym = @a::@b, sym2 = @"a b"::@c, sym3 = @x} : () -> ()

// Dialect attributes print pretty (#dialect.name<...>) when the body is an
// identifier followed by an optional <...>, else opaque (#dialect<...>).
// CHECK-LABEL: "ext.opaque"() {
// CHECK-SAME: op1 = #ext.place<x86, f32, nchw>, op2 = #ext<"place<x86,f32,nchw>">,
// CHECK-SAME: op3 = #ext.place<x86, f32, nchw>, op4 = #ext.place, op5 = #ext<"1">,
// CHECK-SAME: op6 = #ext.place<x86, "a>b">} : () -> ()
"ext.opaque"() {op1 = #ext.place<x86, f32, nchw>, op2 = #ext<"place<x86,f32,nchw>">,
  op3 = #ext<place<x86, f32, nchw>>, op4 = #ext.place, op5 = #ext<"1">,
  op6 = #ext.place<x86, "a>b">} : () -> ()

// CHECK-LABEL: "ext.arrays"() {
// CHECK-SAME: da = array<i64: 1, 2>, da2 = array<i32>, da3 = array<f32: 1.000000e+00, 2.500000e+00>,
// CHECK-SAME: da4 = array<i1: true, false>, da5 = array<i8: -1>} : () -> ()
"ext.arrays"() {da = array<i64: 1, 2>, da2 = array<i32>, da3 = array<f32: 1.0, 2.5>,
  da4 = array<i1: true, false>, da5 = array<i8: -1>} : () -> ()

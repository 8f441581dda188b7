// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s

// Attribute dictionaries print sorted by name; unit attributes as bare keys;
// integers keep their type at the top level, i64/f64 drop it inside arrays.

// CHECK-LABEL: "lite.ints"() {
// CHECK-SAME: big = -9223372036854775808 : i64, i1 = 5 : i32, i2 = -1 : i8, i3 = 255 : ui8,
// CHECK-SAME: i4 = -3 : si16, i5 = 7 : index, i6 = true, i7 = false, i8 = true, i9 = 9 : i64,
// CHECK-SAME: u, ue = 18446744073709551615 : ui64} : () -> ()
"lite.ints"() {i1 = 5 : i32, i2 = -1 : i8, i3 = 255 : ui8, i4 = -3 : si16, i5 = 7 : index,
  i6 = true, i7 = false, i8 = 1 : i1, i9 = 9, u, ue = 18446744073709551615 : ui64,
  big = -9223372036854775808} : () -> ()

// Strings escape `\`, `"` and every byte outside 0x20..0x7E as \XX.
// CHECK-LABEL: "lite.strings"() {
// CHECK-SAME: s1 = "a\22b\\c\0A\09\00\7F \C3\A9", s2 = "typed" : i32, s3 = ""} : () -> ()
"lite.strings"() {s1 = "a\"b\\c\n\t\00\7f é", s2 = "typed" : i32, s3 = ""} : () -> ()

// CHECK-LABEL: "lite.aggregates"() {
// CHECK-SAME: arr = [1, 2.000000e+00, 3 : i32, 4.000000e+00 : f32, "x", [true, unit], {k = 1 : i64}],
// CHECK-SAME: d = {a, b = 1 : i64, "c d" = 2 : i64}, e = [], ed = {},
// CHECK-SAME: nested = {{\[}}[1, 2 : i32], {}]} : () -> ()
"lite.aggregates"() {arr = [1, 2.0, 3 : i32, 4.0 : f32, "x", [true, unit], {k = 1}],
  d = {b = 1, a = unit, "c d" = 2}, nested = [[1 : i64, 2 : i32], {}], e = [], ed = {}} : () -> ()

// CHECK-LABEL: "lite.symbols"() {
// CHECK-SAME: sym = @a::@b, sym2 = @"a b"::@c, sym3 = @x} : () -> ()
"lite.symbols"() {sym = @a::@b, sym2 = @"a b"::@c, sym3 = @x} : () -> ()

// Dialect attributes print pretty (#dialect.name<...>) when the body is an
// identifier followed by an optional <...>, else opaque (#dialect<...>).
// CHECK-LABEL: "lite.opaque"() {
// CHECK-SAME: op1 = #lite.place<x86, f32, nchw>, op2 = #lite<"place<x86,f32,nchw>">,
// CHECK-SAME: op3 = #lite.place<x86, f32, nchw>, op4 = #lite.place, op5 = #lite<"1">,
// CHECK-SAME: op6 = #lite.place<x86, "a>b">} : () -> ()
"lite.opaque"() {op1 = #lite.place<x86, f32, nchw>, op2 = #lite<"place<x86,f32,nchw>">,
  op3 = #lite<place<x86, f32, nchw>>, op4 = #lite.place, op5 = #lite<"1">,
  op6 = #lite.place<x86, "a>b">} : () -> ()

// CHECK-LABEL: "lite.arrays"() {
// CHECK-SAME: da = array<i64: 1, 2>, da2 = array<i32>, da3 = array<f32: 1.000000e+00, 2.500000e+00>,
// CHECK-SAME: da4 = array<i1: true, false>, da5 = array<i8: -1>} : () -> ()
"lite.arrays"() {da = array<i64: 1, 2>, da2 = array<i32>, da3 = array<f32: 1.0, 2.5>,
  da4 = array<i1: true, false>, da5 = array<i8: -1>} : () -> ()

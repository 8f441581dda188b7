// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s

// Floats print as MLIR's printFloatValue: `%.6e`-like when that reads back
// bit-exactly, else APFloat's shortest form; inf/NaN, and integers APFloat
// would print without a '.', as the bit pattern.

// CHECK-LABEL: "lite.f32"() {
// CHECK-SAME: a = 1.000000e+00 : f32, b = 1.000000e-01 : f32, c = 0.333333343 : f32,
// CHECK-SAME: d = 1.23456705 : f32, e = -2.500000e-10 : f32, f = 0x4CEB79A3 : f32,
// CHECK-SAME: g = 0x7F800000 : f32, h = 0xFF800000 : f32, i = 0x7FC00000 : f32,
// CHECK-SAME: j = -0.000000e+00 : f32, k = 3.40282347E+38 : f32, l = 1.401300e-45 : f32,
// CHECK-SAME: m = 0x4B800000 : f32, n = 1.000000e+02 : f32} : () -> ()
// CHECK-LABEL: "lite.f64"() {
// CHECK-SAME: a = 1.000000e+00 : f64, b = 1.000000e-01 : f64, c = 0.33333333333333331 : f64,
// CHECK-SAME: d = 1.000000e+300 : f64, e = 4.940660e-324 : f64, f = 0x7FF0000000000000 : f64,
// CHECK-SAME: g = 1.2345678901234568E+17 : f64, h = 2.500000e+00 : f64, i = 1.000000e+20 : f64,
// CHECK-SAME: j = 0x4132D68700000000 : f64} : () -> ()
// CHECK-LABEL: "lite.f16"() {
// CHECK-SAME: a = 1.000000e+00 : f16, b = 9.997550e-02 : f16, c = 6.550400e+04 : f16,
// CHECK-SAME: d = 5.960460e-08 : f16, e = 0x7C00 : f16, f = 0x7E00 : f16, g = 3.140630e+00 : f16} : () -> ()
// CHECK-LABEL: "lite.bf16"() {
// CHECK-SAME: a = 1.000000e+00 : bf16, b = 1.000980e-01 : bf16, c = 3.004060e+38 : bf16,
// CHECK-SAME: d = 0x7F80 : bf16, e = 2.560000e+02 : bf16, f = 1.500000e+00 : bf16} : () -> ()
// CHECK-LABEL: "lite.dense"() {
// CHECK-SAME: a = dense<[1.000000e-01, 2.000000e-01, 3.000000e-01]> : tensor<3xf32>,
// CHECK-SAME: b = dense<[1.000000e+00, 5.000000e-01]> : tensor<2xf16>,
// CHECK-SAME: c = dense<[0x7F800000, 1.000000e+00]> : tensor<2xf32>,
// CHECK-SAME: d = array<f64: 1.000000e-01, 2.500000e-01>} : () -> ()
"lite.f32"() {a = 1.0 : f32, b = 0.1 : f32, c = 0.333333333 : f32, d = 1.234567 : f32, e = -2.5e-10 : f32, f = 123456789.0 : f32, g = 0x7F800000 : f32, h = 0xFF800000 : f32, i = 0x7FC00000 : f32, j = -0.0 : f32, k = 3.4028234663852886e38 : f32, l = 1.0e-45 : f32, m = 16777217.0 : f32, n = 100.0 : f32} : () -> ()
"lite.f64"() {a = 1.0, b = 0.1, c = 0.3333333333333333, d = 1.0e300, e = 5.0e-324, f = 0x7FF0000000000000 : f64, g = 123456789012345678.0, h = 2.5, i = 1.0e20, j = 1234567.0} : () -> ()
"lite.f16"() {a = 1.0 : f16, b = 0.1 : f16, c = 65504.0 : f16, d = 6.0e-8 : f16, e = 0x7C00 : f16, f = 0x7E00 : f16, g = 3.140625 : f16} : () -> ()
"lite.bf16"() {a = 1.0 : bf16, b = 0.1 : bf16, c = 3.0e38 : bf16, d = 0x7F80 : bf16, e = 257.0 : bf16, f = 1.5 : bf16} : () -> ()
"lite.dense"() {a = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>, b = dense<[1.0, 0.5]> : tensor<2xf16>, c = dense<[0x7F800000, 1.0]> : tensor<2xf32>, d = array<f64: 0.1, 0.25>} : () -> ()

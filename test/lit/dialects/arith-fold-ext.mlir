// Folds of the arith ops beyond the basics, as mlir-opt-16 folds them:
// remf is the IEEE remainder, maxf/minf propagate NaN and order -0 < +0,
// fptoui of a negative value and shifts past the width stay, floordivsi of
// (-128, -1) folds to -128 (MLIR 16 keeps only the last overflow flag of its
// APInt steps) while ceildivsi does not, and the identities return an
// operand or an extreme constant. arith-interop-ext.mlir compares with
// mlir-opt.

// RUN: lite-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant -5.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_4 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_5 = arith.constant -7.500000e+00 : f32
// CHECK-NEXT: %cst_6 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %0 = arith.fptoui %cst_5 : f32 to i32
// CHECK-NEXT: %1 = arith.minf %arg0, %cst_6 : f32
// CHECK-NEXT: return %cst_4, %cst_3, %arg0, %cst_2, %cst_1, %arg0, %0, %arg0, %cst_0, %cst, %1 : f32, f32, f32, f32, f32, f32, i32, f32, f32, f32, f32
// CHECK-LABEL: func.func @g(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-3_i8 = arith.constant -3 : i8
// CHECK-NEXT: %c-4_i8 = arith.constant -4 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c62_i8 = arith.constant 62 : i8
// CHECK-NEXT: %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT: %c-28_i8 = arith.constant -28 : i8
// CHECK-NEXT: %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT: %c-7_i8 = arith.constant -7 : i8
// CHECK-NEXT: %c9_i8 = arith.constant 9 : i8
// CHECK-NEXT: %c127_i8 = arith.constant 127 : i8
// CHECK-NEXT: %0 = arith.shli %c-7_i8, %c9_i8 : i8
// CHECK-NEXT: %1 = arith.ceildivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: return %c2_i8, %c-7_i8, %c-7_i8, %c2_i8, %c-28_i8, %c-2_i8, %c62_i8, %c0_i8, %c-1_i8, %0, %c1_i8, %c-4_i8, %c-3_i8, %c-128_i8, %1, %c127_i8, %arg0 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
// CHECK-LABEL: func.func @h(
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %0 = arith.remui %arg0, %c0_i8 : i8
// CHECK-NEXT: %1 = arith.floordivsi %c0_i8, %arg0 : i8
// CHECK-NEXT: %2 = arith.maxsi %arg0, %c0_i8 : i8
// CHECK-NEXT: return %arg0, %c0_i8, %arg0, %arg0, %c-1_i8, %c0_i8, %arg0, %0, %1, %arg0, %2 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %cst = arith.constant dense<[-5.000000e-01, -0.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[-4, 16, 0]> : vector<3xi16>
// CHECK-NEXT: %cst_1 = arith.constant dense<-3> : tensor<4xi8>
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %cst_2 = arith.constant 1.8446744073709552E+19 : f64
// CHECK-NEXT: %cst_3 = arith.constant 4.2949673E+9 : f32
// CHECK-NEXT: return %cst_3, %cst_2, %c3_i32, %c0_i8, %cst_1, %cst_0, %cst : f32, f64, i32, i8, tensor<4xi8>, vector<3xi16>, tensor<2xf32>

func.func @f(%x: f32, %y: i32) -> (f32, f32, f32, f32, f32, f32, i32, f32, f32, f32, f32) {
  %c5 = arith.constant 5.0 : f32
  %c3 = arith.constant 3.0 : f32
  %n = arith.constant 0x7FC00000 : f32
  %ni = arith.constant 0xFF800000 : f32
  %m0 = arith.constant -0.0 : f32
  %p0 = arith.constant 0.0 : f32
  %0 = arith.remf %c5, %c3 : f32
  %1 = arith.maxf %c5, %n : f32
  %2 = arith.maxf %x, %ni : f32
  %3 = arith.minf %m0, %p0 : f32
  %4 = arith.negf %c5 : f32
  %5 = arith.negf %x : f32
  %6 = arith.negf %5 : f32
  %ci = arith.constant -1 : i32
  %7 = arith.uitofp %ci : i32 to f32
  %big = arith.constant 5.0e9 : f32
  %8 = arith.fptoui %big : f32 to i32
  %neg = arith.constant -7.5 : f32
  %9 = arith.fptoui %neg : f32 to i32
  %10 = arith.maxf %x, %x : f32
  %11 = arith.remf %neg, %c3 : f32
  %12 = arith.maxf %m0, %p0 : f32
  %13 = arith.minf %x, %ni : f32
  return %0, %1, %2, %3, %4, %6, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, i32, f32, f32, f32, f32
}
func.func @g(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %a = arith.constant -7 : i8
  %b = arith.constant 2 : i8
  %w = arith.constant 8 : i8
  %w9 = arith.constant 9 : i8
  %mx = arith.constant 127 : i8
  %mn = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %0 = arith.maxsi %a, %b : i8
  %1 = arith.maxui %a, %b : i8
  %2 = arith.minsi %a, %b : i8
  %3 = arith.minui %a, %b : i8
  %4 = arith.shli %a, %b : i8
  %5 = arith.shrsi %a, %b : i8
  %6 = arith.shrui %a, %b : i8
  %7 = arith.shli %a, %w : i8
  %8 = arith.shrsi %a, %w : i8
  %9 = arith.shli %a, %w9 : i8
  %10 = arith.remui %a, %b : i8
  %11 = arith.floordivsi %a, %b : i8
  %12 = arith.ceildivsi %a, %b : i8
  %13 = arith.floordivsi %mn, %m1 : i8
  %14 = arith.ceildivsi %mn, %m1 : i8
  %15 = arith.maxsi %x, %mx : i8
  %16 = arith.minsi %x, %mx : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}
func.func @h(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %z = arith.constant 0 : i8
  %o = arith.constant 1 : i8
  %mx = arith.constant 255 : i8
  %0 = arith.shli %x, %z : i8
  %1 = arith.remui %x, %o : i8
  %2 = arith.floordivsi %x, %o : i8
  %3 = arith.ceildivsi %x, %o : i8
  %4 = arith.maxui %x, %mx : i8
  %5 = arith.minui %x, %z : i8
  %6 = arith.maxui %x, %x : i8
  %7 = arith.remui %x, %z : i8
  %8 = arith.floordivsi %z, %x : i8
  %9 = arith.shrsi %x, %z : i8
  %10 = arith.maxsi %x, %z : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}
func.func @casts() -> (f32, f64, i32, i8, tensor<4xi8>, vector<3xi16>, tensor<2xf32>) {
  %m1 = arith.constant -1 : i32
  %m1l = arith.constant -1 : i64
  %f = arith.constant 3.7 : f32
  %h = arith.constant -0.5 : f32
  %0 = arith.uitofp %m1 : i32 to f32
  %1 = arith.uitofp %m1l : i64 to f64
  %2 = arith.fptoui %f : f32 to i32
  %3 = arith.fptoui %h : f32 to i8
  %s = arith.constant dense<-3> : tensor<4xi8>
  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %4 = arith.maxui %s, %t : tensor<4xi8>
  %u = arith.constant dense<[-16, 256, 7]> : vector<3xi16>
  %k = arith.constant dense<[2, 4, 16]> : vector<3xi16>
  %5 = arith.shrsi %u, %k : vector<3xi16>
  %x = arith.constant dense<[5.5, -2.0]> : tensor<2xf32>
  %y = arith.constant dense<2.0> : tensor<2xf32>
  %6 = arith.remf %x, %y : tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : f32, f64, i32, i8, tensor<4xi8>, vector<3xi16>, tensor<2xf32>
}

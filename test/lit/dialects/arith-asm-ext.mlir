// Custom forms of the arith ops beyond the basics (min/max, shifts,
// floor/ceil division, remainders, negf, unsigned casts): they print as
// mlir-opt-16 prints them and read back; the generic form keeps the
// fast-math flags. arith-interop-ext.mlir compares with mlir-opt.

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lite-opt %s --mlir-print-op-generic | lite-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK: %0 = arith.maxf %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.minf %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %2 = arith.negf %arg0 : f32
// CHECK-NEXT: %3 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: %4 = arith.uitofp %arg2 : i32 to f32
// CHECK-NEXT: %5 = arith.fptoui %arg0 : f32 to i32
// CHECK-NEXT: %6 = arith.maxsi %arg2, %arg3 : i32
// CHECK-NEXT: %7 = arith.minsi %arg2, %arg3 : i32
// CHECK-NEXT: %8 = arith.maxui %arg2, %arg3 : i32
// CHECK-NEXT: %9 = arith.minui %arg2, %arg3 : i32
// CHECK-NEXT: %10 = arith.shli %arg2, %arg3 : i32
// CHECK-NEXT: %11 = arith.shrsi %arg2, %arg3 : i32
// CHECK-NEXT: %12 = arith.shrui %arg2, %arg3 : i32
// CHECK-NEXT: %13 = arith.remui %arg2, %arg3 : i32
// CHECK-NEXT: %14 = arith.floordivsi %arg2, %arg3 : i32
// CHECK-NEXT: %15 = arith.ceildivsi %arg2, %arg3 : i32
// CHECK-NEXT: %16 = arith.negf %arg4 fastmath<fast> : vector<4xf32>
// GENERIC: %1 = "arith.minf"(%arg0, %arg1) {fastmath = #arith.fastmath<nnan>} : (f32, f32) -> f32
// GENERIC: %4 = "arith.uitofp"(%arg2) : (i32) -> f32
// GENERIC: %6 = "arith.maxsi"(%arg2, %arg3) : (i32, i32) -> i32
// GENERIC: %14 = "arith.floordivsi"(%arg2, %arg3) : (i32, i32) -> i32
// GENERIC: %16 = "arith.negf"(%arg4) {fastmath = #arith.fastmath<fast>} : (vector<4xf32>) -> vector<4xf32>
func.func @f(%a: f32, %b: f32, %i: i32, %j: i32, %v: vector<4xf32>) {
  %0 = arith.maxf %a, %b : f32
  %1 = arith.minf %a, %b fastmath<nnan> : f32
  %2 = arith.negf %a : f32
  %3 = arith.remf %a, %b : f32
  %4 = arith.uitofp %i : i32 to f32
  %5 = arith.fptoui %a : f32 to i32
  %6 = arith.maxsi %i, %j : i32
  %7 = arith.minsi %i, %j : i32
  %8 = arith.maxui %i, %j : i32
  %9 = arith.minui %i, %j : i32
  %10 = arith.shli %i, %j : i32
  %11 = arith.shrsi %i, %j : i32
  %12 = arith.shrui %i, %j : i32
  %13 = arith.remui %i, %j : i32
  %14 = arith.floordivsi %i, %j : i32
  %15 = arith.ceildivsi %i, %j : i32
  %16 = arith.negf %v fastmath<fast> : vector<4xf32>
  return
}

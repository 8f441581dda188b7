// Custom forms of the math ops: `math.exp %x fastmath<fast> : T` for one
// operand, `%a, %b` for powf/atan2, three for fma; the flags live in the
// `fastmath = #arith.fastmath<...>` attribute of the generic form (`none`
// is not stored). math-interop.mlir compares with mlir-opt-16.

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s | lite-opt | FileCheck %s
// RUN: lite-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lite-opt %s --mlir-print-op-generic | lite-opt | FileCheck %s

// CHECK-LABEL: func.func @all(
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.atan %arg0 : f32
// CHECK-NEXT: %2 = math.ceil %arg0 : f32
// CHECK-NEXT: %3 = math.cos %arg0 : f32
// CHECK-NEXT: %4 = math.erf %arg0 : f32
// CHECK-NEXT: %5 = math.exp %arg0 : f32
// CHECK-NEXT: %6 = math.exp2 %arg0 : f32
// CHECK-NEXT: %7 = math.expm1 %arg0 : f32
// CHECK-NEXT: %8 = math.floor %arg0 : f32
// CHECK-NEXT: %9 = math.log %arg0 : f32
// CHECK-NEXT: %10 = math.log1p %arg0 : f32
// CHECK-NEXT: %11 = math.log2 %arg0 : f32
// CHECK-NEXT: %12 = math.round %arg0 : f32
// CHECK-NEXT: %13 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %14 = math.sin %arg0 : f32
// CHECK-NEXT: %15 = math.sqrt %arg0 : f32
// CHECK-NEXT: %16 = math.tan %arg0 : f32
// CHECK-NEXT: %17 = math.tanh %arg0 : f32
// CHECK-NEXT: %18 = math.trunc %arg0 : f32
// CHECK-NEXT: %19 = math.exp %arg1 fastmath<fast> : vector<8xf32>
// CHECK-NEXT: %20 = math.sqrt %arg2 fastmath<nnan,ninf> : tensor<2x?xf64>
// CHECK-NEXT: %21 = math.powf %arg0, %arg0 fastmath<contract> : f32
// CHECK-NEXT: %22 = math.atan2 %arg2, %arg2 : tensor<2x?xf64>
// CHECK-NEXT: %23 = math.fma %arg1, %arg1, %arg1 : vector<8xf32>
// CHECK-NEXT: %24 = math.fma %arg3, %arg3, %arg3 fastmath<reassoc,afn> {tag = 1 : i32} : f16
// CHECK-NEXT: %25 = math.tanh %arg0 : f32
// CHECK-NEXT: %26 = math.floor %arg3 fastmath<fast> {tag} : f16
// CHECK-NEXT: return
// GENERIC: %5 = "math.exp"(%arg0) : (f32) -> f32
// GENERIC: %8 = "math.floor"(%arg0) : (f32) -> f32
// GENERIC: %15 = "math.sqrt"(%arg0) : (f32) -> f32
// GENERIC: %17 = "math.tanh"(%arg0) : (f32) -> f32
// GENERIC: %19 = "math.exp"(%arg1) {fastmath = #arith.fastmath<fast>} : (vector<8xf32>) -> vector<8xf32>
// GENERIC: %20 = "math.sqrt"(%arg2) {fastmath = #arith.fastmath<nnan,ninf>} : (tensor<2x?xf64>) -> tensor<2x?xf64>
// GENERIC: %23 = "math.fma"(%arg1, %arg1, %arg1) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// GENERIC: %24 = "math.fma"(%arg3, %arg3, %arg3) {fastmath = #arith.fastmath<reassoc,afn>, tag = 1 : i32} : (f16, f16, f16) -> f16
// GENERIC: %25 = "math.tanh"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC: %26 = "math.floor"(%arg3) {fastmath = #arith.fastmath<fast>, tag} : (f16) -> f16

func.func @all(%x: f32, %v: vector<8xf32>, %t: tensor<2x?xf64>, %h: f16) {
  %absf = math.absf %x : f32
  %atan = math.atan %x : f32
  %ceil = math.ceil %x : f32
  %cos = math.cos %x : f32
  %erf = math.erf %x : f32
  %exp = math.exp %x : f32
  %exp2 = math.exp2 %x : f32
  %expm1 = math.expm1 %x : f32
  %floor = math.floor %x : f32
  %log = math.log %x : f32
  %log1p = math.log1p %x : f32
  %log2 = math.log2 %x : f32
  %round = math.round %x : f32
  %rsqrt = math.rsqrt %x : f32
  %sin = math.sin %x : f32
  %sqrt = math.sqrt %x : f32
  %tan = math.tan %x : f32
  %tanh = math.tanh %x : f32
  %trunc = math.trunc %x : f32
  %0 = math.exp %v fastmath<fast> : vector<8xf32>
  %1 = math.sqrt %t fastmath<nnan,ninf> : tensor<2x?xf64>
  %2 = math.powf %x, %x fastmath<contract> : f32
  %3 = math.atan2 %t, %t : tensor<2x?xf64>
  %4 = math.fma %v, %v, %v : vector<8xf32>
  %5 = math.fma %h, %h, %h fastmath<reassoc,afn> {tag = 1 : i32} : f16
  %6 = "math.tanh"(%x) {fastmath = #arith.fastmath<none>} : (f32) -> f32
  %7 = "math.floor"(%h) {fastmath = #arith.fastmath<fast>, tag} : (f16) -> f16
  return
}

// Folds of the math ops on constants, as mlir-opt-16 folds them: the libm
// functions on f32 (their float variants) and f64, scalars, splats and dense
// vectors alike, not f16; absf, floor and ceil on every float type; rsqrt
// and fma never; log, log2 and sqrt of negative values (-0.0 too) and log1p
// below -1 stay. math-interop.mlir compares with mlir-opt-16.

// RUN: lite-opt %s --canonicalize | FileCheck %s


// CHECK-LABEL: func.func @f32(
// CHECK-NEXT: %cst = arith.constant 0.785398185 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0.805927455 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0.643501102 : f32
// CHECK-NEXT: %cst_3 = arith.constant 0.931596457 : f32
// CHECK-NEXT: %cst_4 = arith.constant 0.731688857 : f32
// CHECK-NEXT: %cst_5 = arith.constant 0.681638777 : f32
// CHECK-NEXT: %cst_6 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_7 = arith.constant 7.500000e-01 : f32
// CHECK-NEXT: %cst_8 = arith.constant 0.866025388 : f32
// CHECK-NEXT: %cst_9 = arith.constant 0.711155653 : f32
// CHECK-NEXT: %cst_10 = arith.constant 0.635148942 : f32
// CHECK-NEXT: %cst_11 = arith.constant -0.415037513 : f32
// CHECK-NEXT: %cst_12 = arith.constant 0.559615791 : f32
// CHECK-NEXT: %cst_13 = arith.constant -0.287682086 : f32
// CHECK-NEXT: %cst_14 = arith.constant 1.117000e+00 : f32
// CHECK-NEXT: %cst_15 = arith.constant 1.68179286 : f32
// CHECK-NEXT: %cst_16 = arith.constant 2.117000e+00 : f32
// CHECK-NEXT: %0 = math.rsqrt %cst_7 : f32
// CHECK-NEXT: %1 = math.fma %cst_7, %cst_7, %cst_7 : f32
// CHECK-NEXT: return %cst_16, %cst_15, %cst_14, %cst_13, %cst_12, %cst_11, %cst_10, %cst_9, %cst_8, %0, %cst_7, %cst_1, %cst_6, %cst_6, %cst_5, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %cst, %1 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-LABEL: func.func @f64(
// CHECK-NEXT: %cst = arith.constant 0.78539816339744828 : f64
// CHECK-NEXT: %cst_0 = arith.constant 0.80592744886765644 : f64
// CHECK-NEXT: %cst_1 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %cst_2 = arith.constant 0.64350110879328437 : f64
// CHECK-NEXT: %cst_3 = arith.constant 0.93159645994407247 : f64
// CHECK-NEXT: %cst_4 = arith.constant 0.7316888688738209 : f64
// CHECK-NEXT: %cst_5 = arith.constant 0.68163876002333412 : f64
// CHECK-NEXT: %cst_6 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %cst_7 = arith.constant 7.500000e-01 : f64
// CHECK-NEXT: %cst_8 = arith.constant 0.8660254037844386 : f64
// CHECK-NEXT: %cst_9 = arith.constant 0.71115563365351508 : f64
// CHECK-NEXT: %cst_10 = arith.constant 0.6351489523872873 : f64
// CHECK-NEXT: %cst_11 = arith.constant -0.41503749927884381 : f64
// CHECK-NEXT: %cst_12 = arith.constant 0.55961578793542266 : f64
// CHECK-NEXT: %cst_13 = arith.constant -0.2876820724517809 : f64
// CHECK-NEXT: %cst_14 = arith.constant 1.1170000166126748 : f64
// CHECK-NEXT: %cst_15 = arith.constant 1.681792830507429 : f64
// CHECK-NEXT: %cst_16 = arith.constant 2.1170000166126748 : f64
// CHECK-NEXT: %0 = math.rsqrt %cst_7 : f64
// CHECK-NEXT: %1 = math.fma %cst_7, %cst_7, %cst_7 : f64
// CHECK-NEXT: return %cst_16, %cst_15, %cst_14, %cst_13, %cst_12, %cst_11, %cst_10, %cst_9, %cst_8, %0, %cst_7, %cst_1, %cst_6, %cst_6, %cst_5, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %cst, %1 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
// CHECK-LABEL: func.func @f16(
// CHECK-NEXT: %cst = arith.constant -1.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant -2.000000e+00 : f16
// CHECK-NEXT: %cst_1 = arith.constant 1.250000e+00 : f16
// CHECK-NEXT: %cst_2 = arith.constant -1.250000e+00 : f16
// CHECK-NEXT: %0 = math.exp %cst_2 : f16
// CHECK-NEXT: %1 = math.exp2 %cst_2 : f16
// CHECK-NEXT: %2 = math.expm1 %cst_2 : f16
// CHECK-NEXT: %3 = math.log %cst_2 : f16
// CHECK-NEXT: %4 = math.log1p %cst_2 : f16
// CHECK-NEXT: %5 = math.log2 %cst_2 : f16
// CHECK-NEXT: %6 = math.tanh %cst_2 : f16
// CHECK-NEXT: %7 = math.erf %cst_2 : f16
// CHECK-NEXT: %8 = math.sqrt %cst_2 : f16
// CHECK-NEXT: %9 = math.rsqrt %cst_2 : f16
// CHECK-NEXT: %10 = math.round %cst_2 : f16
// CHECK-NEXT: %11 = math.sin %cst_2 : f16
// CHECK-NEXT: %12 = math.cos %cst_2 : f16
// CHECK-NEXT: %13 = math.tan %cst_2 : f16
// CHECK-NEXT: %14 = math.atan %cst_2 : f16
// CHECK-NEXT: %15 = math.trunc %cst_2 : f16
// CHECK-NEXT: %16 = math.powf %cst_2, %cst_2 : f16
// CHECK-NEXT: %17 = math.atan2 %cst_2, %cst_2 : f16
// CHECK-NEXT: %18 = math.fma %cst_2, %cst_2, %cst_2 : f16
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %cst_1, %cst_0, %cst, %10, %11, %12, %13, %14, %15, %16, %17, %18 : f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16
// CHECK-LABEL: func.func @splat(
// CHECK-NEXT: %cst = arith.constant dense<0.785398185> : vector<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<9.88211727> : vector<4xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_2 = arith.constant dense<1.190290e+00> : vector<4xf32>
// CHECK-NEXT: %cst_3 = arith.constant dense<-0.74702233> : vector<4xf32>
// CHECK-NEXT: %cst_4 = arith.constant dense<-0.801143586> : vector<4xf32>
// CHECK-NEXT: %cst_5 = arith.constant dense<0.598472118> : vector<4xf32>
// CHECK-NEXT: %cst_6 = arith.constant dense<3.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_7 = arith.constant dense<2.500000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_8 = arith.constant dense<1.58113885> : vector<4xf32>
// CHECK-NEXT: %cst_9 = arith.constant dense<9.995930e-01> : vector<4xf32>
// CHECK-NEXT: %cst_10 = arith.constant dense<0.986614286> : vector<4xf32>
// CHECK-NEXT: %cst_11 = arith.constant dense<1.32192814> : vector<4xf32>
// CHECK-NEXT: %cst_12 = arith.constant dense<1.25276303> : vector<4xf32>
// CHECK-NEXT: %cst_13 = arith.constant dense<0.91629076> : vector<4xf32>
// CHECK-NEXT: %cst_14 = arith.constant dense<11.1824942> : vector<4xf32>
// CHECK-NEXT: %cst_15 = arith.constant dense<5.65685415> : vector<4xf32>
// CHECK-NEXT: %cst_16 = arith.constant dense<12.1824942> : vector<4xf32>
// CHECK-NEXT: %0 = math.rsqrt %cst_7 : vector<4xf32>
// CHECK-NEXT: %1 = math.fma %cst_7, %cst_7, %cst_7 : vector<4xf32>
// CHECK-NEXT: return %cst_16, %cst_15, %cst_14, %cst_13, %cst_12, %cst_11, %cst_10, %cst_9, %cst_8, %0, %cst_7, %cst_1, %cst_6, %cst_6, %cst_5, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %cst, %1 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
// CHECK-LABEL: func.func @dense(
// CHECK-NEXT: %cst = arith.constant dense<[0.78539816339744828, 0.78539816339744828, -2.3561944901923448]> : tensor<3xf64>
// CHECK-NEXT: %cst_0 = arith.constant dense<[0.70710678118654757, 4.000000e+00, 0xFFF8000000000000]> : tensor<3xf64>
// CHECK-NEXT: %cst_1 = arith.constant dense<[0.000000e+00, 2.000000e+00, -1.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %cst_2 = arith.constant dense<[0.46364760900080609, 1.1071487177940904, -0.98279372324732905]> : tensor<3xf64>
// CHECK-NEXT: %cst_3 = arith.constant dense<[0.54630248984379048, -2.1850398632615189, -14.101419947171719]> : tensor<3xf64>
// CHECK-NEXT: %cst_4 = arith.constant dense<[0.87758256189037276, -0.41614683654714241, 0.070737201667702906]> : tensor<3xf64>
// CHECK-NEXT: %cst_5 = arith.constant dense<[0.47942553860420301, 0.90929742682568171, -0.99749498660405444]> : tensor<3xf64>
// CHECK-NEXT: %cst_6 = arith.constant dense<[1.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %cst_7 = arith.constant dense<[1.000000e+00, 2.000000e+00, -1.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %cst_8 = arith.constant dense<[0.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %cst_9 = arith.constant dense<[5.000000e-01, 2.000000e+00, 1.500000e+00]> : tensor<3xf64>
// CHECK-NEXT: %cst_10 = arith.constant dense<[0.52049987781304652, 0.99532226501895271, -0.96610514647531076]> : tensor<3xf64>
// CHECK-NEXT: %cst_11 = arith.constant dense<[0.46211715726000974, 0.9640275800758169, -0.9051482536448664]> : tensor<3xf64>
// CHECK-NEXT: %cst_12 = arith.constant dense<[0.64872127070012819, 6.3890560989306504, -0.77686983985157021]> : tensor<3xf64>
// CHECK-NEXT: %cst_13 = arith.constant dense<[1.4142135623730951, 4.000000e+00, 0.35355339059327379]> : tensor<3xf64>
// CHECK-NEXT: %cst_14 = arith.constant dense<[1.6487212707001282, 7.3890560989306504, 0.22313016014842982]> : tensor<3xf64>
// CHECK-NEXT: %cst_15 = arith.constant dense<[5.000000e-01, 2.000000e+00, -1.500000e+00]> : tensor<3xf64>
// CHECK-NEXT: %0 = math.log %cst_15 : tensor<3xf64>
// CHECK-NEXT: %1 = math.log1p %cst_15 : tensor<3xf64>
// CHECK-NEXT: %2 = math.log2 %cst_15 : tensor<3xf64>
// CHECK-NEXT: %3 = math.sqrt %cst_15 : tensor<3xf64>
// CHECK-NEXT: %4 = math.rsqrt %cst_15 : tensor<3xf64>
// CHECK-NEXT: %5 = math.fma %cst_15, %cst_15, %cst_15 : tensor<3xf64>
// CHECK-NEXT: return %cst_14, %cst_13, %cst_12, %0, %1, %2, %cst_11, %cst_10, %3, %4, %cst_9, %cst_8, %cst_7, %cst_6, %cst_5, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %cst, %5 : tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>
// CHECK-LABEL: func.func @domains(
// CHECK-NEXT: %cst = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -3.14159274 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0.472366542 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0xFFC00000 : f32
// CHECK-NEXT: %cst_3 = arith.constant -1.38629436 : f32
// CHECK-NEXT: %cst_4 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_5 = arith.constant -7.500000e-01 : f32
// CHECK-NEXT: %cst_6 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_7 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %0 = math.log %cst_5 : f32
// CHECK-NEXT: %1 = math.log %cst_6 : f32
// CHECK-NEXT: %2 = math.log2 %cst_6 : f32
// CHECK-NEXT: %3 = math.sqrt %cst_5 : f32
// CHECK-NEXT: %4 = math.sqrt %cst_6 : f32
// CHECK-NEXT: %5 = math.log1p %cst_7 : f32
// CHECK-NEXT: return %0, %1, %cst_4, %2, %3, %4, %cst_3, %5, %cst_2, %cst_1, %cst_0, %cst : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32

func.func @f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = arith.constant 0.75 : f32
  %exp = math.exp %a : f32
  %exp2 = math.exp2 %a : f32
  %expm1 = math.expm1 %a : f32
  %log = math.log %a : f32
  %log1p = math.log1p %a : f32
  %log2 = math.log2 %a : f32
  %tanh = math.tanh %a : f32
  %erf = math.erf %a : f32
  %sqrt = math.sqrt %a : f32
  %rsqrt = math.rsqrt %a : f32
  %absf = math.absf %a : f32
  %floor = math.floor %a : f32
  %ceil = math.ceil %a : f32
  %round = math.round %a : f32
  %sin = math.sin %a : f32
  %cos = math.cos %a : f32
  %tan = math.tan %a : f32
  %atan = math.atan %a : f32
  %trunc = math.trunc %a : f32
  %powf = math.powf %a, %a : f32
  %atan2 = math.atan2 %a, %a : f32
  %fma = math.fma %a, %a, %a : f32
  return %exp, %exp2, %expm1, %log, %log1p, %log2, %tanh, %erf, %sqrt, %rsqrt, %absf, %floor, %ceil, %round, %sin, %cos, %tan, %atan, %trunc, %powf, %atan2, %fma : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a = arith.constant 0.75 : f64
  %exp = math.exp %a : f64
  %exp2 = math.exp2 %a : f64
  %expm1 = math.expm1 %a : f64
  %log = math.log %a : f64
  %log1p = math.log1p %a : f64
  %log2 = math.log2 %a : f64
  %tanh = math.tanh %a : f64
  %erf = math.erf %a : f64
  %sqrt = math.sqrt %a : f64
  %rsqrt = math.rsqrt %a : f64
  %absf = math.absf %a : f64
  %floor = math.floor %a : f64
  %ceil = math.ceil %a : f64
  %round = math.round %a : f64
  %sin = math.sin %a : f64
  %cos = math.cos %a : f64
  %tan = math.tan %a : f64
  %atan = math.atan %a : f64
  %trunc = math.trunc %a : f64
  %powf = math.powf %a, %a : f64
  %atan2 = math.atan2 %a, %a : f64
  %fma = math.fma %a, %a, %a : f64
  return %exp, %exp2, %expm1, %log, %log1p, %log2, %tanh, %erf, %sqrt, %rsqrt, %absf, %floor, %ceil, %round, %sin, %cos, %tan, %atan, %trunc, %powf, %atan2, %fma : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @f16() -> (f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16) {
  %a = arith.constant -1.25 : f16
  %exp = math.exp %a : f16
  %exp2 = math.exp2 %a : f16
  %expm1 = math.expm1 %a : f16
  %log = math.log %a : f16
  %log1p = math.log1p %a : f16
  %log2 = math.log2 %a : f16
  %tanh = math.tanh %a : f16
  %erf = math.erf %a : f16
  %sqrt = math.sqrt %a : f16
  %rsqrt = math.rsqrt %a : f16
  %absf = math.absf %a : f16
  %floor = math.floor %a : f16
  %ceil = math.ceil %a : f16
  %round = math.round %a : f16
  %sin = math.sin %a : f16
  %cos = math.cos %a : f16
  %tan = math.tan %a : f16
  %atan = math.atan %a : f16
  %trunc = math.trunc %a : f16
  %powf = math.powf %a, %a : f16
  %atan2 = math.atan2 %a, %a : f16
  %fma = math.fma %a, %a, %a : f16
  return %exp, %exp2, %expm1, %log, %log1p, %log2, %tanh, %erf, %sqrt, %rsqrt, %absf, %floor, %ceil, %round, %sin, %cos, %tan, %atan, %trunc, %powf, %atan2, %fma : f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16
}
func.func @splat() -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %a = arith.constant dense<2.5> : vector<4xf32>
  %exp = math.exp %a : vector<4xf32>
  %exp2 = math.exp2 %a : vector<4xf32>
  %expm1 = math.expm1 %a : vector<4xf32>
  %log = math.log %a : vector<4xf32>
  %log1p = math.log1p %a : vector<4xf32>
  %log2 = math.log2 %a : vector<4xf32>
  %tanh = math.tanh %a : vector<4xf32>
  %erf = math.erf %a : vector<4xf32>
  %sqrt = math.sqrt %a : vector<4xf32>
  %rsqrt = math.rsqrt %a : vector<4xf32>
  %absf = math.absf %a : vector<4xf32>
  %floor = math.floor %a : vector<4xf32>
  %ceil = math.ceil %a : vector<4xf32>
  %round = math.round %a : vector<4xf32>
  %sin = math.sin %a : vector<4xf32>
  %cos = math.cos %a : vector<4xf32>
  %tan = math.tan %a : vector<4xf32>
  %atan = math.atan %a : vector<4xf32>
  %trunc = math.trunc %a : vector<4xf32>
  %powf = math.powf %a, %a : vector<4xf32>
  %atan2 = math.atan2 %a, %a : vector<4xf32>
  %fma = math.fma %a, %a, %a : vector<4xf32>
  return %exp, %exp2, %expm1, %log, %log1p, %log2, %tanh, %erf, %sqrt, %rsqrt, %absf, %floor, %ceil, %round, %sin, %cos, %tan, %atan, %trunc, %powf, %atan2, %fma : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}
func.func @dense() -> (tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) {
  %a = arith.constant dense<[0.5, 2.0, -1.5]> : tensor<3xf64>
  %exp = math.exp %a : tensor<3xf64>
  %exp2 = math.exp2 %a : tensor<3xf64>
  %expm1 = math.expm1 %a : tensor<3xf64>
  %log = math.log %a : tensor<3xf64>
  %log1p = math.log1p %a : tensor<3xf64>
  %log2 = math.log2 %a : tensor<3xf64>
  %tanh = math.tanh %a : tensor<3xf64>
  %erf = math.erf %a : tensor<3xf64>
  %sqrt = math.sqrt %a : tensor<3xf64>
  %rsqrt = math.rsqrt %a : tensor<3xf64>
  %absf = math.absf %a : tensor<3xf64>
  %floor = math.floor %a : tensor<3xf64>
  %ceil = math.ceil %a : tensor<3xf64>
  %round = math.round %a : tensor<3xf64>
  %sin = math.sin %a : tensor<3xf64>
  %cos = math.cos %a : tensor<3xf64>
  %tan = math.tan %a : tensor<3xf64>
  %atan = math.atan %a : tensor<3xf64>
  %trunc = math.trunc %a : tensor<3xf64>
  %powf = math.powf %a, %a : tensor<3xf64>
  %atan2 = math.atan2 %a, %a : tensor<3xf64>
  %fma = math.fma %a, %a, %a : tensor<3xf64>
  return %exp, %exp2, %expm1, %log, %log1p, %log2, %tanh, %erf, %sqrt, %rsqrt, %absf, %floor, %ceil, %round, %sin, %cos, %tan, %atan, %trunc, %powf, %atan2, %fma : tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>
}
func.func @domains() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %n = arith.constant -0.75 : f32
  %z = arith.constant -0.0 : f32
  %p = arith.constant 0.0 : f32
  %m = arith.constant -2.0 : f32
  %0 = math.log %n : f32
  %1 = math.log %z : f32
  %2 = math.log %p : f32
  %3 = math.log2 %z : f32
  %4 = math.sqrt %n : f32
  %5 = math.sqrt %z : f32
  %6 = math.log1p %n : f32
  %7 = math.log1p %m : f32
  %8 = math.powf %m, %n : f32
  %9 = math.exp %n fastmath<fast> : f32
  %10 = math.atan2 %z, %m : f32
  %11 = math.round %n : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

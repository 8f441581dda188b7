// The custom forms of the arith ops and arith.constant's result names, as
// mlir-opt-16 prints them (arith-asm-interop.mlir compares byte for byte).
// The printed custom form and the generic form both read back to the same
// text; the generic form has no names.

// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file | lite-opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | lite-opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:    %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c-5 = arith.constant -5 : index
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true_1 = arith.constant true
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT:    %cst_3 = arith.constant 0x7C00 : f16
// CHECK-NEXT:    %cst_4 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT:    %cst_5 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %cst_6 = arith.constant dense<true> : tensor<2xi1>
// CHECK-NEXT:    %cst_7 = arith.constant dense<1.500000e+00> : vector<4xf32>
// CHECK-NEXT:    %c7_i64 = arith.constant {tag = "x"} 7 : i64
// CHECK-NEXT:    "foo.use"(%c1_i32, %c-3_i32, %c1_i32_0, %c0, %c-5, %c-1_i8, %c-1_i64, %true, %false, %true_1, %cst, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %c7_i64)
// GENERIC-LABEL: "func.func"
// GENERIC:         %0 = "arith.constant"() {value = 1 : i32} : () -> i32
// GENERIC:         %7 = "arith.constant"() {value = true} : () -> i1
// GENERIC:         %10 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
// GENERIC:         %17 = "arith.constant"() {tag = "x", value = 7 : i64} : () -> i64
// GENERIC-NEXT:    "foo.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17)
func.func @constants() {
  %0 = arith.constant 1 : i32
  %1 = arith.constant -3 : i32
  %2 = arith.constant 1 : i32
  %3 = arith.constant 0 : index
  %4 = arith.constant -5 : index
  %5 = arith.constant 255 : i8
  %6 = arith.constant 18446744073709551615 : i64
  %7 = arith.constant true
  %8 = arith.constant 0 : i1
  %9 = arith.constant 1 : i1
  %10 = arith.constant 1.0 : f32
  %11 = arith.constant -0.0 : f64
  %12 = arith.constant 0x7C00 : f16
  %13 = arith.constant 1.0 : bf16
  %14 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %15 = arith.constant dense<true> : tensor<2xi1>
  %16 = arith.constant dense<1.5> : vector<4xf32>
  %17 = arith.constant {tag = "x"} 7 : i64
  "foo.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) : (i32, i32, i32, index, index, i8, i64, i1, i1, i1, f32, f64, f16, bf16, tensor<2xi32>, tensor<2xi1>, vector<4xf32>, i64) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @binary
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %3 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:    %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT:    %5 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:    %6 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:    %7 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT:    %8 = arith.xori %arg0, %arg1 {note = 1 : i64} : i32
// CHECK-NEXT:    %9 = arith.addi %arg4, %arg4 : index
// CHECK-NEXT:    %10 = arith.muli %arg5, %arg5 : tensor<4xi32>
// CHECK-NEXT:    %11 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:    %12 = arith.subf %arg2, %arg3 : f32
// CHECK-NEXT:    %13 = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:    %14 = arith.divf %arg2, %arg3 : f32
// CHECK-NEXT:    %15 = arith.addf %arg6, %arg6 : tensor<?x2xf16>
// GENERIC-LABEL: "func.func"
// GENERIC:         %8 = "arith.xori"(%arg0, %arg1) {note = 1 : i64} : (i32, i32) -> i32
// GENERIC:         %11 = "arith.addf"(%arg2, %arg3) : (f32, f32) -> f32
func.func @binary(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %t: tensor<4xi32>, %h: tensor<?x2xf16>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.andi %a, %b : i32
  %7 = arith.ori %a, %b : i32
  %8 = arith.xori %a, %b {note = 1} : i32
  %9 = arith.addi %i, %i : index
  %10 = arith.muli %t, %t : tensor<4xi32>
  %11 = arith.addf %x, %y : f32
  %12 = arith.subf %x, %y : f32
  %13 = arith.mulf %x, %y : f32
  %14 = arith.divf %x, %y : f32
  %15 = arith.addf %h, %h : tensor<?x2xf16>
  "foo.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, index, tensor<4xi32>, f32, f32, f32, f32, tensor<?x2xf16>) -> ()
  return
}

// -----

// Fast-math flags are kept as MLIR spells them; `none` is the default and
// is not stored.
// CHECK-LABEL: func.func @fastmath
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:    %1 = arith.subf %arg0, %arg1 fastmath<reassoc,nnan,contract> {k} : f32
// CHECK-NEXT:    %2 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT:    %3 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:    %4 = arith.divf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT:    %5 = arith.addf %arg0, %arg1 : f32
// GENERIC-LABEL: "func.func"
// GENERIC-NEXT:  ^bb0
// GENERIC-NEXT:    "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<nnan,ninf>} : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.subf"(%arg0, %arg1) {fastmath = #arith.fastmath<reassoc,nnan,contract>, k} : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.mulf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.divf"(%arg0, %arg1) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
func.func @fastmath(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = arith.addf %x, %y fastmath<ninf,nnan> : f32
  %1 = arith.subf %x, %y fastmath<nnan, contract, reassoc> {k} : f32
  %2 = arith.mulf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %3 = arith.divf %x, %y fastmath<none> : f32
  %4 = arith.divf %x, %y fastmath <fast, nnan> : f32
  %5 = "arith.addf"(%x, %y) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @compare
// CHECK-NEXT:    %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    %3 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT:    %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:    %5 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT:    %6 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT:    %7 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT:    %8 = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT:    %9 = arith.cmpi uge, %arg0, %arg1 {k} : i32
// CHECK-NEXT:    %10 = arith.cmpi slt, %arg4, %arg4 : tensor<4xi32>
// CHECK-NEXT:    %11 = arith.cmpi eq, %arg5, %arg5 : index
// CHECK-NEXT:    %12 = arith.cmpf false, %arg2, %arg3 : f32
// CHECK-NEXT:    %13 = arith.cmpf oeq, %arg2, %arg3 : f32
// CHECK-NEXT:    %14 = arith.cmpf ogt, %arg2, %arg3 : f32
// CHECK-NEXT:    %15 = arith.cmpf oge, %arg2, %arg3 : f32
// CHECK-NEXT:    %16 = arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-NEXT:    %17 = arith.cmpf ole, %arg2, %arg3 : f32
// CHECK-NEXT:    %18 = arith.cmpf one, %arg2, %arg3 : f32
// CHECK-NEXT:    %19 = arith.cmpf ord, %arg2, %arg3 : f32
// CHECK-NEXT:    %20 = arith.cmpf ueq, %arg2, %arg3 : f32
// CHECK-NEXT:    %21 = arith.cmpf ugt, %arg2, %arg3 : f32
// CHECK-NEXT:    %22 = arith.cmpf uge, %arg2, %arg3 : f32
// CHECK-NEXT:    %23 = arith.cmpf ult, %arg2, %arg3 : f32
// CHECK-NEXT:    %24 = arith.cmpf ule, %arg2, %arg3 : f32
// CHECK-NEXT:    %25 = arith.cmpf une, %arg2, %arg3 : f32
// CHECK-NEXT:    %26 = arith.cmpf uno, %arg2, %arg3 : f32
// CHECK-NEXT:    %27 = arith.cmpf true, %arg2, %arg3 : f32
// CHECK-NEXT:    %28 = arith.cmpf olt, %arg6, %arg6 : vector<2xf64>
// CHECK-NEXT:    "foo.use"
// CHECK-SAME:      : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, tensor<4xi1>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) -> ()
// GENERIC-LABEL: "func.func"
// GENERIC:         %2 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
// GENERIC:         %9 = "arith.cmpi"(%arg0, %arg1) {k, predicate = 9 : i64} : (i32, i32) -> i1
// GENERIC-NEXT:    %10 = "arith.cmpi"(%arg4, %arg4) {predicate = 2 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// GENERIC:         %16 = "arith.cmpf"(%arg2, %arg3) {predicate = 4 : i64} : (f32, f32) -> i1
func.func @compare(%a: i32, %b: i32, %x: f32, %y: f32, %t: tensor<4xi32>, %i: index, %v: vector<2xf64>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi "ugt", %a, %b : i32
  %9 = arith.cmpi uge, %a, %b {k} : i32
  %10 = arith.cmpi slt, %t, %t : tensor<4xi32>
  %11 = arith.cmpi eq, %i, %i : index
  %12 = arith.cmpf false, %x, %y : f32
  %13 = arith.cmpf oeq, %x, %y : f32
  %14 = arith.cmpf ogt, %x, %y : f32
  %15 = arith.cmpf oge, %x, %y : f32
  %16 = arith.cmpf olt, %x, %y : f32
  %17 = arith.cmpf ole, %x, %y : f32
  %18 = arith.cmpf one, %x, %y : f32
  %19 = arith.cmpf ord, %x, %y : f32
  %20 = arith.cmpf ueq, %x, %y : f32
  %21 = arith.cmpf ugt, %x, %y : f32
  %22 = arith.cmpf uge, %x, %y : f32
  %23 = arith.cmpf ult, %x, %y : f32
  %24 = arith.cmpf ule, %x, %y : f32
  %25 = arith.cmpf une, %x, %y : f32
  %26 = arith.cmpf "uno", %x, %y : f32
  %27 = arith.cmpf true, %x, %y : f32
  %28 = arith.cmpf olt, %v, %v : vector<2xf64>
  "foo.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, tensor<4xi1>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) -> ()
  return
}

// -----

// The condition's type is spelled when it is a tensor or vector.
// CHECK-LABEL: func.func @select
// CHECK-NEXT:    %0 = arith.select %arg0, %arg1, %arg1 : i32
// CHECK-NEXT:    %1 = arith.select %arg0, %arg2, %arg2 : tensor<4xi32>
// CHECK-NEXT:    %2 = arith.select %arg3, %arg2, %arg2 : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT:    %3 = arith.select %arg0, %arg1, %arg1 {k} : i32
// CHECK-NEXT:    %4 = arith.select %arg4, %arg5, %arg5 : vector<2xi1>, vector<2xf32>
// GENERIC-LABEL: "func.func"
// GENERIC:         %2 = "arith.select"(%arg3, %arg2, %arg2) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
func.func @select(%c: i1, %a: i32, %t: tensor<4xi32>, %tc: tensor<4xi1>, %vc: vector<2xi1>, %v: vector<2xf32>) {
  %0 = arith.select %c, %a, %a : i32
  %1 = arith.select %c, %t, %t : tensor<4xi32>
  %2 = arith.select %tc, %t, %t : tensor<4xi1>, tensor<4xi32>
  %3 = arith.select %c, %a, %a {k} : i1, i32
  %4 = arith.select %vc, %v, %v : vector<2xi1>, vector<2xf32>
  "foo.use"(%0, %1, %2, %3, %4) : (i32, tensor<4xi32>, tensor<4xi32>, i32, vector<2xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-NEXT:    %0 = arith.extsi %arg0 : i16 to i32
// CHECK-NEXT:    %1 = arith.extui %arg0 : i16 to i64
// CHECK-NEXT:    %2 = arith.trunci %arg0 {k} : i16 to i8
// CHECK-NEXT:    %3 = arith.sitofp %arg0 : i16 to f32
// CHECK-NEXT:    %4 = arith.fptosi %arg1 : f32 to i32
// CHECK-NEXT:    %5 = arith.extf %arg1 : f32 to f64
// CHECK-NEXT:    %6 = arith.truncf %arg1 : f32 to bf16
// CHECK-NEXT:    %7 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT:    %8 = arith.index_cast %0 : i32 to index
// CHECK-NEXT:    %9 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    %10 = arith.extsi %arg3 : tensor<2xi8> to tensor<2xi32>
// GENERIC-LABEL: "func.func"
// GENERIC:         %2 = "arith.trunci"(%arg0) {k} : (i16) -> i8
// GENERIC:         %10 = "arith.extsi"(%arg3) : (tensor<2xi8>) -> tensor<2xi32>
func.func @casts(%a: i16, %x: f32, %i: index, %t: tensor<2xi8>) {
  %0 = arith.extsi %a : i16 to i32
  %1 = arith.extui %a : i16 to i64
  %2 = arith.trunci %a {k} : i16 to i8
  %3 = arith.sitofp %a : i16 to f32
  %4 = arith.fptosi %x : f32 to i32
  %5 = arith.extf %x : f32 to f64
  %6 = arith.truncf %x : f32 to bf16
  %7 = arith.index_cast %i : index to i32
  %8 = arith.index_cast %0 : i32 to index
  %9 = arith.bitcast %x : f32 to i32
  %10 = arith.extsi %t : tensor<2xi8> to tensor<2xi32>
  "foo.use"(%1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (i64, i8, f32, i32, f64, bf16, i32, index, i32, tensor<2xi32>) -> ()
  return
}

// -----

// Names are unique per region scope: a nested region sees the names of the
// regions around it and starts from their suffix counter, sibling regions
// reuse the same names, and another function starts over.
// CHECK-LABEL: func.func @scopes
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = "foo.region"() ({
// CHECK-NEXT:      %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:      %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %c1_i32_3 = arith.constant 1 : i32
// CHECK-NEXT:      %1 = arith.addi %c1_i32_2, %c1_i32_0 : i32
// CHECK-NEXT:      "foo.yield"(%1) : (i32) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:      %c1_i32_3 = arith.constant 1 : i32
// CHECK-NEXT:      "foo.yield"(%c1_i32_2) : (i32) -> ()
// CHECK-NEXT:    }) : () -> i32
// CHECK-NEXT:    %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:    return %c1_i32, %0 : i32, i32
// CHECK-LABEL: func.func @other
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %c1_i32, %c1_i32_0 : i32
func.func @scopes() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = "foo.region"() ({
    %3 = arith.constant 1 : i32
    %4 = arith.constant 2.0 : f32
    %5 = arith.constant 1 : i32
    %6 = arith.addi %3, %1 : i32
    "foo.yield"(%6) : (i32) -> ()
  }, {
    %7 = arith.constant 1 : i32
    %8 = arith.constant 1 : i32
    "foo.yield"(%7) : (i32) -> ()
  }) : () -> i32
  %9 = arith.constant 1 : i32
  return %0, %2 : i32, i32
}
func.func @other() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}


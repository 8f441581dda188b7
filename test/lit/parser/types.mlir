// Builtin types, opaque dialect types and type aliases.
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

// Aliases must be defined before use; they are substituted, not printed.
!tensor = tensor<?x3xf32, #lite.place<x86, f32, nchw>>
!fn = (i32) -> !tensor
#enc = #lite.place<arm, f16, nhwc>

// CHECK-LABEL: "test.ints"() : () -> (i1, i7, i32, i64, i128, si8, ui16, i16777215, index)
"test.ints"() : () -> (i1, i7, i32, i64, i128, si8, ui16, i16777215, index)

// CHECK-LABEL: "test.floats"() : () -> (f16, bf16, f32, f64, none)
"test.floats"() : () -> (f16, bf16, f32, f64, none)

// `x` separators are lexed out of identifiers like `xf32` and `x4xi8`; `0x`
// in a shape is a zero dimension, not a hex number.
// CHECK-LABEL: "test.shapes"() : () -> (tensor<4x?x8xf32>, tensor<*xi8>, tensor<f32>, tensor<0x4xi32>, tensor<0xf32>, vector<4x8xf32>, vector<f32>, tensor<2xvector<4xi8>>)
"test.shapes"() : () -> (tensor<4x?x8xf32>, tensor<*xi8>, tensor<f32>, tensor<0x4xi32>, tensor<0xf32>, vector<4x8xf32>, vector<f32>, tensor<2xvector<4xi8>>)

// CHECK-LABEL: "test.encodings"() : () -> (tensor<?x3xf32, #lite.place<x86, f32, nchw>>, tensor<4xf32, #lite.place<arm, f16, nhwc>>, tensor<1xi8, {k = 1 : i64}>, tensor<2xf32, "enc">)
"test.encodings"() : () -> (!tensor, tensor<4xf32, #enc>, tensor<1xi8, {k = 1}>, tensor<2xf32, "enc">)

// Function types: results are parenthesized unless a single non-function.
// CHECK-LABEL: "test.functions"() {a = (i32) -> tensor<?x3xf32, #lite.place<x86, f32, nchw>>, b = () -> (), c = (i32, f32) -> (i1, i1), d = (i32) -> ((i32) -> i32), e = ((i32) -> i32) -> i32}
"test.functions"() {a = !fn, b = () -> (), c = (i32, f32) -> (i1, i1),
  d = (i32) -> ((i32) -> i32), e = ((i32) -> (i32)) -> i32} : () -> ()

// Opaque dialect types keep their body verbatim; `!d<body>` with an
// identifier body is the same type as `!d.body`.
// CHECK-LABEL: "test.opaque"() : () -> (!lite.qint<8, sym>, !lite<"weird type">, !lite.qint, !lite.qint<8, sym>, !lite.nested<[1, {a = <2>}], "x>">)
"test.opaque"() : () -> (!lite.qint<8, sym>, !lite<"weird type">, !lite.qint, !lite<qint<8, sym>>, !lite.nested<[1, {a = <2>}], "x>">)

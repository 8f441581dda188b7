// Elements literals: nested lists, splats, empty tensors, hex strings (i1
// bit-packed as in MLIR 16), hex float bit patterns, and dense_resource.
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.lists"() {
// CHECK-SAME: a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>
// CHECK-SAME: b = dense<[1.000000e+00, -2.500000e+00]> : vector<2xf32>
// CHECK-SAME: c = dense<[true, false]> : tensor<2xi1>
// CHECK-SAME: d = dense<[-1, 255]> : tensor<2xi16>
// CHECK-SAME: e = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>
// CHECK-SAME: f = dense<{{\[\[\[}}1]], {{\[\[}}2]]]> : tensor<2x1x1xui8>
"test.lists"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>,
  b = dense<[1.0, -2.5]> : vector<2xf32>, c = dense<[true, false]> : tensor<2xi1>,
  d = dense<[-1, 255]> : tensor<2xi16>, e = dense<[0x7FC00000, 1.0]> : tensor<2xf32>,
  f = dense<[[[1]], [[2]]]> : tensor<2x1x1xui8>} : () -> ()

// Equal elements become a splat.
// CHECK-LABEL: "test.splats"() {
// CHECK-SAME: a = dense<5.000000e-01> : tensor<2x2xf32>, b = dense<1> : tensor<3xi32>
// CHECK-SAME: c = dense<true> : tensor<2xi1>, d = dense<-1> : tensor<4xi8>, e = dense<7> : tensor<i64>
"test.splats"() {a = dense<0.5> : tensor<2x2xf32>, b = dense<[1, 1, 1]> : tensor<3xi32>,
  c = dense<1> : tensor<2xi1>, d = dense<"0xFF"> : tensor<4xi8>, e = dense<7> : tensor<i64>} : () -> ()

// CHECK-LABEL: "test.empty"() {
// CHECK-SAME: a = dense<> : tensor<0xf32>, b = dense<> : tensor<0xi32>, c = dense<> : tensor<2x0xi8>
"test.empty"() {a = dense<> : tensor<0xf32>, b = dense<[]> : tensor<0xi32>,
  c = dense<[[], []]> : tensor<2x0xi8>} : () -> ()

// Hex payloads: raw little-endian elements; i1 one bit each, LSB first.
// CHECK-LABEL: "test.hex"() {
// CHECK-SAME: a = dense<[1, 2, 3]> : tensor<3xi8>
// CHECK-SAME: b = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-SAME: c = dense<[true, false, true, false, false, false, false, false]> : tensor<8xi1>
// CHECK-SAME: d = dense<true> : tensor<3xi1>
// CHECK-SAME: e = dense<[true, false, true]> : tensor<3xi1>
// CHECK-SAME: f = dense<258> : tensor<2xi16>
"test.hex"() {a = dense<"0x010203"> : tensor<3xi8>,
  b = dense<"0x0000803F00000040"> : tensor<2xf32>, c = dense<"0x05"> : tensor<8xi1>,
  d = dense<"0xFF"> : tensor<3xi1>, e = dense<"0x05"> : tensor<3xi1>,
  f = dense<"0x0201"> : tensor<2xi16>} : () -> ()

// Wide and narrow integer elements.
// CHECK-LABEL: "test.widths"() {
// CHECK-SAME: a = dense<[-1, 18446744073709551615]> : tensor<2xi128>
// CHECK-SAME: b = dense<[3, -4]> : tensor<2xi3>
// CHECK-SAME: c = dense<[0, 9223372036854775807]> : tensor<2xindex>
"test.widths"() {a = dense<[-1, 0xFFFFFFFFFFFFFFFF]> : tensor<2xi128>,
  b = dense<[3, -4]> : tensor<2xi3>, c = dense<[0, 9223372036854775807]> : tensor<2xindex>} : () -> ()

// Resources may be referenced before the trailer defines them, or never be
// defined at all.
// CHECK-LABEL: "test.resources"() {
// CHECK-SAME: a = dense_resource<weight0> : tensor<3xf32>, b = dense_resource<missing> : tensor<2xi8>
"test.resources"() {a = dense_resource<weight0> : tensor<3xf32>,
  b = dense_resource<missing> : tensor<2xi8>} : () -> ()

// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       weight0: "0x040000000000803F0000004000004040"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
{-#
  dialect_resources: {
    builtin: {
      weight0: "0x040000000000803F0000004000004040",
      unused: "0x08000000FF"
    }
  }
#-}

// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %s | FileCheck %s --check-prefix=HEX
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %s | FileCheck %s --check-prefix=NOHEX
// RUN: lite-opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 %s | FileCheck %s --check-prefix=ELIDE

// CHECK-LABEL: "lite.small"() {
// CHECK-SAME: de1 = dense<5.000000e-01> : tensor<2x2xf32>,
// CHECK-SAME: de2 = dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>, de3 = dense<> : tensor<0xf32>,
// CHECK-SAME: de4 = dense<[true, false]> : tensor<2xi1>, de5 = dense<7> : tensor<i32>,
// CHECK-SAME: de6 = dense<[1, 255]> : tensor<2xui8>, de7 = dense<[1.500000e+00, 2.000000e+00]> : vector<2xf16>,
// CHECK-SAME: de8 = dense<-1> : tensor<2x2xi8>, de9 = dense<{{\[}}[1], [2]]> : tensor<2x1xi64>,
// CHECK-SAME: sp = dense<1.000000e+00> : tensor<3xf32>, three = dense<[1, 2, 3]> : tensor<3xi16>,
// CHECK-SAME: x = dense<[-8, 7]> : tensor<2xi4>} : () -> ()
// HEX-LABEL: "lite.small"() {
// HEX-SAME: de1 = dense<5.000000e-01> : tensor<2x2xf32>
// HEX-SAME: de2 = dense<"0x01000000020000000300000004000000"> : tensor<2x2xi32>
// HEX-SAME: de4 = dense<[true, false]> : tensor<2xi1>
// HEX-SAME: three = dense<"0x010002000300"> : tensor<3xi16>
// ELIDE-LABEL: "lite.small"() {
// ELIDE-SAME: de1 = dense<5.000000e-01> : tensor<2x2xf32>
// ELIDE-SAME: de2 = dense_resource<__elided__> : tensor<2x2xi32>
// ELIDE-SAME: de4 = dense<[true, false]> : tensor<2xi1>
// ELIDE-SAME: three = dense_resource<__elided__> : tensor<3xi16>
"lite.small"() {de1 = dense<5.0e-01> : tensor<2x2xf32>, de2 = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  de3 = dense<> : tensor<0xf32>, de4 = dense<[true, false]> : tensor<2xi1>, de5 = dense<7> : tensor<i32>,
  de6 = dense<[1, 255]> : tensor<2xui8>, de7 = dense<[1.5, 2.0]> : vector<2xf16>,
  de8 = dense<"0xFF"> : tensor<2x2xi8>, de9 = dense<[[1], [2]]> : tensor<2x1xi64>,
  sp = dense<[1.0, 1.0, 1.0]> : tensor<3xf32>,
  three = dense<[1, 2, 3]> : tensor<3xi16>, x = dense<[-8, 7]> : tensor<2xi4>} : () -> ()

// More than 100 elements print as raw little-endian hex.
// CHECK-LABEL: "lite.large"() {
// CHECK-SAME: a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
// CHECK-SAME: 97, 98, 99]> : tensor<100xi8>, b = dense<"0x000102030405
// CHECK-SAME: 6364"> : tensor<101xi8>} : () -> ()
// NOHEX-LABEL: "lite.large"() {
// NOHEX-SAME: b = dense<[0, 1, 2,
// NOHEX-SAME: 99, 100]> : tensor<101xi8>} : () -> ()
"lite.large"() {a = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F60616263"> : tensor<100xi8>,
  b = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> ()

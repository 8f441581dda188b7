// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL

// Blobs referenced by dense_resource print in the trailer under `builtin:`,
// in order of first use, as "0x" + 4-byte little-endian alignment + data.
// Unreferenced blobs and references without a blob print no entry; with a
// local scope there is no trailer at all (as in MLIR).

// CHECK-LABEL: func.func @f() -> tensor<3xf32> {
// CHECK-NEXT:    %0 = "lite.const"() {value = dense_resource<weight0> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK-NEXT:    %1 = "lite.const"() {other = dense_resource<nodata> : tensor<1xf32>, value = dense_resource<w1> : tensor<1xf32>} : () -> tensor<3xf32>
// CHECK-NEXT:    %2 = "lite.const"() {value = dense_resource<weight0> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK-NEXT:    return %0 : tensor<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       weight0: "0x040000000000803F0000004000004040",
// CHECK-NEXT:       w1: "0x080000000000803F"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
// CHECK-NOT: unused

// LOCAL-NOT: {-#
func.func @f() -> tensor<3xf32> {
  %0 = "lite.const"() {value = dense_resource<weight0> : tensor<3xf32>} : () -> tensor<3xf32>
  %1 = "lite.const"() {value = dense_resource<w1> : tensor<1xf32>, other = dense_resource<nodata> : tensor<1xf32>} : () -> tensor<3xf32>
  %2 = "lite.const"() {value = dense_resource<weight0> : tensor<3xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001000000",
      weight0: "0x040000000000803F0000004000004040",
      w1: "0x080000000000803F"
    }
  }
#-}

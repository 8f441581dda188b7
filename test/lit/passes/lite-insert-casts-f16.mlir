// An f16 model at the default Places (host:f32:nchw): the kernel pick takes
// the f32 rows (f16 and f32 are compatible), so every float operand is
// calibrated to f32 before the op and the result back to f16 for return;
// the i64 index operand of gather keeps its precision (no calib).
// RUN: lite-opt %s --lite-pick-kernels --lite-infer-places --lite-insert-casts | FileCheck %s

// CHECK-LABEL: func.func @max
// CHECK:      %[[B:.*]] = "lite.calib"(%arg1) {{.*}} -> tensor<3xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT: %[[A:.*]] = "lite.calib"(%arg0) {{.*}} -> tensor<3xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT: %[[M:.*]] = "lite.max"(%[[A]], %[[B]]) {lite.kernel = "ref_max__f32_nchw"} {{.*}} -> tensor<3xf32, #lite.place<host, f32, nchw>>
// CHECK-NEXT: %[[R:.*]] = "lite.calib"(%[[M]]) {{.*}} -> tensor<3xf16, #lite.place<host, f16, nchw>>
// CHECK-NEXT: return %[[R]]
func.func @max(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = "lite.max"(%a, %b) : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// CHECK-LABEL: func.func @gather
// CHECK:      %[[X:.*]] = "lite.calib"(%arg0) {{.*}} -> tensor<4x2xf32, #lite.place<host, f32, nchw>>
// CHECK-NOT:  "lite.calib"(%arg1)
// CHECK:      "lite.gather"(%[[X]], %arg1)
func.func @gather(%x: tensor<4x2xf16>, %i: tensor<3xi64>) -> tensor<3x2xf16> {
  %0 = "lite.gather"(%x, %i) {axis = 0 : i64} : (tensor<4x2xf16>, tensor<3xi64>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// A cast's result precision is its `to`, not its operand's: no calib.
// CHECK-LABEL: func.func @cast
// CHECK:      %[[C:.*]] = "lite.cast"(%arg0) {{.*}} -> tensor<3xf16, #lite.place<host, f16, nchw>>
// CHECK-NEXT: return %[[C]]
func.func @cast(%x: tensor<3xf32>) -> tensor<3xf16> {
  %0 = "lite.cast"(%x) {to = f16} : (tensor<3xf32>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// RUN: lite-opt %s | FileCheck %s
// RUN: lite-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// Constants (dense and dense_resource), absent optional operands and named
// arguments round-trip.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"})
// CHECK: "lite.constant"() {value = dense_resource<w0> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK: "lite.none"() : () -> none
func.func @main(%arg0: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}) {
  %w = "lite.constant"() {value = dense_resource<w0> : tensor<3xf32>} : () -> tensor<3xf32>
  %n = "lite.none"() : () -> none
  %0 = "lite.add"(%arg0, %w) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Ops whose operands are all constant fold through the evaluator.
// FOLD-LABEL: func.func @fold
// FOLD-NEXT: %[[C:.*]] = "lite.constant"() {value = dense<[0.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// FOLD-NEXT: return %[[C]]
func.func @fold() -> tensor<2xf32> {
  %c = "lite.constant"() {value = dense<[-1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "lite.relu"(%c) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Folding leaves ops with a non-constant operand alone.
// FOLD-LABEL: func.func @no_fold
// FOLD: "lite.relu"(%arg0)
func.func @no_fold(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "lite.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// An absent optional operand does not stop folding.
// FOLD-LABEL: func.func @fold_with_none
// FOLD-NEXT: %[[C:.*]] = "lite.constant"() {value = dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<4xf32>}
// FOLD-NEXT: return %[[C]]
func.func @fold_with_none() -> tensor<4xf32> {
  %x = "lite.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %n = "lite.none"() : () -> none
  %s = "lite.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "lite.resize"(%x, %n, %s) {mode = "nearest"} : (tensor<2xf32>, none, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// calib takes its precision from the declared result type and applies its
// scale with rounding and saturation.
// FOLD-LABEL: func.func @fold_calib
// FOLD-NEXT: "lite.constant"() {value = dense<[5, -2, 127]> : tensor<3xi8>}
func.func @fold_calib() -> tensor<3xi8> {
  %c = "lite.constant"() {value = dense<[2.6, -1.0, 100.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "lite.calib"(%c) {scale = 0.5 : f32} : (tensor<3xf32>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

{-#
  dialect_resources: {
    builtin: {
      w0: "0x040000000000803F0000004000004040"
    }
  }
#-}

// Text printed with --mlir-elide-resource-strings-if-larger keeps the
// dense_resource references without their blobs. Such a module still
// verifies and prints with no diagnostic (the shape rules treat a constant
// without data as an operand of unknown value, weights and shape operands
// alike), and passes refuse it with an error at the constant.

// RUN: lite-opt %s 2>&1 | FileCheck %s
// RUN: lite-opt %s 2>&1 >/dev/null | count 0
// RUN: sh -c 'lite-opt %s --lite-optimize; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=PASS

// CHECK-LABEL: func.func @main
// CHECK: "lite.conv2d"
// CHECK: "lite.reshape"
// CHECK-NOT: error

// PASS: error: dense_resource<w> has no data
// PASS: exit 1

func.func @main(%x: tensor<1x3x4x4xf32>) -> tensor<1x32xf32> {
  %w = "lite.constant"() {value = dense_resource<w> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %y = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 1, 1>} : (tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32>
  %s = "lite.constant"() {value = dense_resource<s> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "lite.reshape"(%y, %s) : (tensor<1x2x4x4xf32>, tensor<2xi64>) -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}

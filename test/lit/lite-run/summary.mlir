// Without --output or --expected-output, lite-run prints one summary per
// output: name (lite.name, else output_N), dtype, shape, min/max/mean and
// the first values.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/y.npy', np.full((2, 3), 0.5, np.float32))"
// RUN: lite-run --reference %s --input x=@%t/x.npy --input y=@%t/y.npy | FileCheck %s
// CHECK:      output 'sum': f32 2x3: min 0.5, max 5.5, mean 3
// CHECK-NEXT:   0.5, 1.5, 2.5, 3.5, 4.5, 5.5
// CHECK-NEXT: output 'output_1': f32 2x3: min -5.5, max -0.5, mean -3
// CHECK-NEXT:   -0.5, -1.5, -2.5, -3.5, -4.5, -5.5
// CHECK-NEXT: output 'scaled': f32 2x3: min 0, max 10, mean 5
// CHECK-NEXT:   0, 2, 4, 6, 8, 10

// Flags take their value after '=' as well; --print-values limits the list.
// RUN: lite-run --reference %s --input=x=@%t/x.npy --input=y=@%t/y.npy --print-values=2 | FileCheck %s --check-prefix=FEW
// FEW:      output 'sum': f32 2x3: min 0.5, max 5.5, mean 3
// FEW-NEXT:   0.5, 1.5, ... (4 more)

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}, %y: tensor<2x3xf32> {lite.name = "y"})
    -> (tensor<2x3xf32> {lite.name = "sum"}, tensor<2x3xf32>, tensor<2x3xf32> {lite.name = "scaled"}) {
  %0 = "lite.add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.neg"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = "lite.constant"() {value = dense<2.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %2 = "lite.mul"(%x, %c) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

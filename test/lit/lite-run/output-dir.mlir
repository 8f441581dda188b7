// --output @DIR writes DIR/<output name>.npy (numpy's format 1.0) for each
// output; characters other than [A-Za-z0-9._-] in a name become '_'.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([[1, -2], [3, -4]], np.int32))"
// RUN: lite-run --reference %s --input x=@%t/x.npy --output @%t/out | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: output 'y/abs': i32 2x2: min 1, max 4, mean 2.5
// SUMMARY: output 'output_1': i32 2x2: min -4, max 3, mean -0.5
// RUN: ls %t/out | FileCheck %s --check-prefix=FILES
// FILES:      output_1.npy
// FILES-NEXT: y_abs.npy
// RUN: %python -c "import numpy as np; a = np.load('%t/out/y_abs.npy'); print(a.dtype, a.shape, a.tolist()); b = np.load('%t/out/output_1.npy'); print(b.dtype, b.tolist())" | FileCheck %s
// CHECK:      int32 (2, 2) {{\[\[}}1, 2], [3, 4]]
// CHECK-NEXT: int32 {{\[\[}}1, -2], [3, -4]]

// The written files read back as inputs and expected outputs unchanged.
// RUN: lite-run --reference %s --input x=@%t/out/output_1.npy --expected-output y/abs=@%t/out/y_abs.npy | FileCheck %s --check-prefix=BACK
// BACK: output 'y/abs': max-abs 0 max-rel 0 cosine 1.000000: ok

// A directory that cannot be created is an error naming it.
// RUN: not lite-run --reference %s --output @%t/missing/deeper 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: lite-run: error: --output: cannot create directory '{{.*}}missing/deeper'

func.func @main(%x: tensor<2x2xi32> {lite.name = "x"}) -> (tensor<2x2xi32> {lite.name = "y/abs"}, tensor<2x2xi32>) {
  %0 = "lite.abs"(%x) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0, %x : tensor<2x2xi32>, tensor<2x2xi32>
}

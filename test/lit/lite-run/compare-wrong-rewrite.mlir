// A rewrite that changes the numbers is caught: test-lite-break-numbers
// replaces lite.relu by its input, which is wrong wherever the input is
// negative. lite-run links no test code: lite-opt applies the test pass,
// and --compare-to compares its output with the model on the same inputs.
// The metrics line says MISMATCH, stderr names the output and the worst
// element, and the exit code is 1.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([[-1, 2, -3], [4, -5, 6]], np.float32))"
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(test-lite-break-numbers))' -o %t/bad.mlir
// RUN: lite-run --compare %s --compare-to %t/bad.mlir --input x=@%t/x.npy > %t/out.txt 2> %t/err.txt; echo "exit $?" >> %t/out.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/out.txt
// OUT:      ops: 4 -> 3
// OUT-NEXT: output 'y': max-abs 10 max-rel 1 cosine 0.957518: MISMATCH
// OUT-NEXT: output 'r': max-abs 0 max-rel 0 cosine 1.000000: ok
// OUT-NEXT: exit 1
// The default atol grows with the output: 1e-6 + rtol/10 * max|expected|.
// RUN: FileCheck %s --check-prefix=ERR < %t/err.txt
// ERR: lite-run: error: output 'y' differs from the run of '{{.*}}compare-wrong-rewrite.mlir': 3 of 6 values beyond atol 2.5e-05 + rtol 1e-05 * |expected| (atol = 1e-06 + 1e-06 * 24, the largest |expected|); worst at [1, 1]: got -20, expected -10 (max-abs 10, max-rel 1, cosine 0.957518)

// Random inputs (--seed) find it too; so does the fixed-point driver with
// the wrong pass inside.
// RUN: not lite-run --compare %s --compare-to=@%t/bad.mlir --seed 3 | FileCheck %s --check-prefix=SEED
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-fixed-point{pipeline=cse,test-lite-break-numbers}))' -o %t/bad-fixed.mlir
// RUN: not lite-run --compare %s --compare-to %t/bad-fixed.mlir | FileCheck %s --check-prefix=SEED
// SEED: output 'y': {{.*}}: MISMATCH

// Tolerances decide: wide enough, the same difference passes; an explicit
// --atol is all of the absolute tolerance.
// RUN: lite-run --compare %s --compare-to %t/bad.mlir --input x=@%t/x.npy --atol 10 | FileCheck %s --check-prefix=WIDE
// WIDE: output 'y': max-abs 10 max-rel 1 cosine 0.957518: ok
// RUN: not lite-run --compare %s --compare-to %t/bad.mlir --input x=@%t/x.npy --atol 9 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: 1 of 6 values beyond atol 9 + rtol 1e-05 * |expected|; worst at

// The rewritten module reproduces the wrong numbers with --reference.
// RUN: lite-run --reference %t/bad.mlir --input x=@%t/x.npy | FileCheck %s --check-prefix=REPRO
// REPRO:      output 'y': f32 2x3
// REPRO-NEXT:   -4, 8, -12, 16, -20, 24

// lite-run itself knows only the library's passes.
// RUN: not lite-run --compare %s --pass-pipeline='builtin.module(func.func(test-lite-break-numbers))' 2>&1 | FileCheck %s --check-prefix=NOTEST
// NOTEST: 'test-lite-break-numbers' does not refer to a registered pass or pass pipeline

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}, tensor<2x3xf32> {lite.name = "r"}) {
  %0 = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.add"(%0, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "lite.add"(%1, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "lite.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>
}

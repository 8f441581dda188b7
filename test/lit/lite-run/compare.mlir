// lite-run --compare runs the model on the reference interpreter, applies a
// pass pipeline (default: lite-optimize), runs it again on the same inputs
// and prints the op count before and after and, per output, max-abs,
// max-rel and cosine against the first run. Exit 0 within --rtol/--atol
// (defaults 1e-5 and 1e-6 here).

// A pipeline that keeps the numbers: cse merges the duplicate add.
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=CSE
// CSE:      ops: 5 -> 4
// CSE-NEXT: output 'y': max-abs 0 max-rel 0 cosine 1.000000: ok
// CSE-NEXT: output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok

// The default pipeline is lite-optimize; --lite-optimize says so.
// RUN: lite-run --compare %s | FileCheck %s --check-prefix=OPT
// RUN: lite-run --compare --lite-optimize %s --seed 7 | FileCheck %s --check-prefix=OPT
// OPT:      ops: 5 -> {{[0-9]+}}
// OPT-NEXT: output 'y': {{.*}}: ok
// OPT-NEXT: output 'z': {{.*}}: ok

// The same inputs as --reference: --seed and --input, --input-shape.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([[-1, 2, -3], [4, -5, 6]], np.float32))"
// RUN: lite-run --compare %s --input x=@%t/x.npy --output @%t/out --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=CSE
// RUN: %python -c "import numpy as np; print(np.load('%t/out/z.npy').ravel().tolist())" | FileCheck %s --check-prefix=NPY
// NPY: [0.0, 4.0, 0.0, 8.0, 0.0, 12.0]
// --expected-output checks the outputs after the pipeline.
// RUN: lite-run --compare %s --input x=@%t/x.npy --expected-output z=@%t/out/z.npy | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok
// EXPECTED: output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok

// --print-ir-after prints the module after the pipeline; -o FILE writes it,
// and the file runs and reproduces.
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(cse))' --print-ir-after | FileCheck %s --check-prefix=IR
// IR:      func.func @main
// IR-COUNT-1: "lite.add"
// IR-NOT:  "lite.add"
// IR:      ops: 5 -> 4
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(func.func(cse))' -o %t/after.mlir
// RUN: lite-run --compare %t/after.mlir --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=AGAIN
// AGAIN: ops: 4 -> 4

// An ONNX model is imported first; its symbolic dims need values.
// RUN: mkdir -p %t/onnx && %python %S/Inputs/make_onnx_models.py %t/onnx
// RUN: lite-run --compare %t/onnx/add_relu.onnx --dim-params N=4 | FileCheck %s --check-prefix=ONNX
// ONNX:      ops: 2 -> {{[0-9]+}}
// ONNX-NEXT: output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok

// --compare-to FILE compares with a model already rewritten (by lite-opt,
// whose passes include the test passes) instead of applying a pipeline;
// both run on the same inputs, and the second may be named by its path.
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(cse))' -o %t/cse.mlir
// RUN: lite-run --compare %s --compare-to %t/cse.mlir | FileCheck %s --check-prefix=CSE
// RUN: lite-run --compare %s --compare-to @%t/cse.mlir --input x=%t/x.npy --expected-output z=%t/out/z.npy | FileCheck %s --check-prefix=TO-EXPECTED
// TO-EXPECTED:      output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok
// TO-EXPECTED-NEXT: output 'z': max-abs 0 max-rel 0 cosine 1.000000: ok
// The second model must have the function and the same outputs; its
// errors name its file.
// RUN: not lite-run --compare %s --compare-to %t/absent.mlir 2>&1 | FileCheck %s --check-prefix=TO-ABSENT
// TO-ABSENT: lite-run: error: cannot open model '{{.*}}absent.mlir': No such file or directory
// RUN: echo 'func.func @other() { return }' > %t/other.mlir
// RUN: not lite-run --compare %s --compare-to %t/other.mlir 2>&1 | FileCheck %s --check-prefix=TO-NOFUNC
// TO-NOFUNC: lite-run: error: '{{.*}}other.mlir' has no function @main
// RUN: echo 'func.func @main(%%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}) { return %%x : tensor<2x3xf32> }' > %t/one.mlir
// RUN: not lite-run --compare %s --compare-to %t/one.mlir 2>&1 | FileCheck %s --check-prefix=TO-COUNT
// TO-COUNT: lite-run: error: the model has 2 outputs in '{{.*}}compare.mlir' and 1 in '{{.*}}one.mlir'
// RUN: echo 'func.func @main(%%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}, tensor<3x2xf32> {lite.name = "z"}) { %%0 = "lite.reshape"(%%x) {shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32> loc("the_reshape")  return %%x, %%0 : tensor<2x3xf32>, tensor<3x2xf32> }' > %t/shape.mlir
// RUN: not lite-run --compare %s --compare-to %t/shape.mlir 2>&1 | FileCheck %s --check-prefix=TO-SHAPE
// TO-SHAPE: lite-run: error: output 'z' has shape 3x2 in '{{.*}}shape.mlir', 2x3 in '{{.*}}compare.mlir'

// Usage errors exit 2.
// RUN: not lite-run --reference %s --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY: lite-run: error: --pass-pipeline applies to --compare only
// RUN: not lite-run --reference %s -o %t/x.mlir 2>&1 | FileCheck %s --check-prefix=ONLY-O
// ONLY-O: lite-run: error: -o applies to --compare only
// RUN: not lite-run --compare %s --lite-optimize --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: lite-run: error: --pass-pipeline and --lite-optimize both name the pipeline: give one
// RUN: lite-run --compare %s --pass-pipeline='builtin.module(no-such-pass)' > %t/bad.txt 2>&1; echo "exit $?" >> %t/bad.txt
// RUN: FileCheck %s --check-prefix=BAD < %t/bad.txt
// BAD: 'no-such-pass' does not refer to a registered pass or pass pipeline
// BAD: lite-run: error: --pass-pipeline: cannot build 'builtin.module(no-such-pass)'
// BAD: exit 2

// --help lists the mode and its options.
// RUN: lite-run --help | FileCheck %s --check-prefix=HELP
// HELP: lite-run --compare [--pass-pipeline=TEXT] [options] MODEL
// HELP: --compare
// HELP: --pass-pipeline TEXT
// HELP: --lite-optimize
// HELP: --print-ir-after
// HELP: -o FILE

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}) -> (tensor<2x3xf32> {lite.name = "y"}, tensor<2x3xf32> {lite.name = "z"}) {
  %0 = "lite.add"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "lite.add"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "lite.mul"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "lite.relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "lite.identity"(%3) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2, %4 : tensor<2x3xf32>, tensor<2x3xf32>
}

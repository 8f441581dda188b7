// Every error names the file, the input or the op, and the exit code says
// what kind it was: 1 for the model or its data, 2 for the command line.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; \
// RUN:   np.save('%t/x.npy', np.zeros((2, 3), np.float32)); \
// RUN:   np.save('%t/x64.npy', np.zeros((2, 3), np.float64)); \
// RUN:   np.save('%t/x32.npy', np.zeros((3, 2), np.float32)); \
// RUN:   np.save('%t/fortran.npy', np.asfortranarray(np.zeros((2, 3), np.float32))); \
// RUN:   np.save('%t/complex.npy', np.zeros((2, 3), np.complex64)); \
// RUN:   open('%t/truncated.npy', 'wb').write(open('%t/x.npy', 'rb').read()[:100])"

// Inputs.
// RUN: not lite-run --reference %s --input x=@%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: lite-run: error: input 'x': cannot open '{{.*}}missing.npy': No such file or directory
// RUN: not lite-run --reference %s --input x=@%t/truncated.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: lite-run: error: input 'x': {{.*}}truncated.npy: truncated .npy header (118 bytes announced, 90 present)
// RUN: not lite-run --reference %s --input x=@%t/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: lite-run: error: input 'x': {{.*}}fortran.npy: Fortran-order .npy arrays are not supported
// RUN: not lite-run --reference %s --input x=@%t/complex.npy 2>&1 | FileCheck %s --check-prefix=COMPLEX
// COMPLEX: lite-run: error: input 'x': {{.*}}complex.npy: unsupported .npy dtype '<c8'
// RUN: not lite-run --reference %s --input x=@%t/x64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: lite-run: error: input 'x' from '{{.*}}x64.npy': expected tensor<2x3xf32>, got f64 tensor of shape 2x3
// RUN: not lite-run --reference %s --input x=@%t/x32.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: lite-run: error: input 'x' from '{{.*}}x32.npy': expected tensor<2x3xf32>, got f32 tensor of shape 3x2
// RUN: not lite-run --reference %s --input z=@%t/x.npy 2>&1 | FileCheck %s --check-prefix=NAME
// NAME:      lite-run: error: --input: unknown input 'z'
// NAME-NEXT: lite-run: error: the model's inputs are: 'x' (tensor<2x3xf32>), 'arg1' (tensor<?x3xf32>)
// RUN: not lite-run --reference %s --input x=@%t/x.npy --input x=@%t/x.npy 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: lite-run: error: --input: second value for input 'x'

// A dynamic dim needs --input-shape (or data) for a random input.
// RUN: not lite-run --reference %s 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: lite-run: error: input 'arg1' (tensor<?x3xf32>) has dynamic dims: give its shape with --input-shape arg1=DxDx... or its data with --input
// RUN: lite-run --reference %s --input-shape arg1=1x3 | FileCheck %s --check-prefix=DYN-OK
// DYN-OK: output 'output_0': f32 2x3
// RUN: not lite-run --reference %s --input-shape arg1=5x4 2>&1 | FileCheck %s --check-prefix=DYN-BAD
// DYN-BAD: lite-run: error: --input-shape for input 'arg1': expected tensor<?x3xf32>, got f32 tensor of shape 5x4
// RUN: not lite-run --reference %s --input-shape arg1=3x3 --input arg1=@%t/x.npy 2>&1 | FileCheck %s --check-prefix=DYN-FILE
// DYN-FILE: lite-run: error: input 'arg1': --input-shape says 3x3, but '{{.*}}x.npy' holds shape 2x3
// RUN: not lite-run --reference %s --input-shape q=1 2>&1 | FileCheck %s --check-prefix=SHAPE-NAME
// SHAPE-NAME: lite-run: error: --input-shape: unknown input 'q'

// A failing op is named by its location (an ONNX model's node name).
// RUN: not lite-run --reference %s --input-shape arg1=4x3 2>&1 | FileCheck %s --check-prefix=OP
// OP:      errors.mlir: loc("add_node"): error: 'lite.add' op operands do not broadcast
// OP-NEXT: lite-run: error: '{{.*}}errors.mlir': the reference run failed

// Command-line errors exit with 2, each in one line prefixed with the tool.
// RUN: lite-run --reference %s --num-threads 2 > %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --input x= >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --input %t/x.npy >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --output @ >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --input-shape x=2xx3 >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --rtol -1 >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --seed >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference --frobnicate %s >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s %s >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %t/model.tflite >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference --compare %s >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare --reference %s >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --reference %s --compare-to %s >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare %s --compare-to %s --pass-pipeline='builtin.module(cse)' >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare %s --compare-to %s --lite-optimize >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare %s --compare-to %s -o %t/after.mlir >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare %s --compare-to %s --print-ir-after >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: lite-run --compare %s --compare-to= >> %t/usage.txt 2>&1; echo "exit $?" >> %t/usage.txt
// RUN: FileCheck %s --check-prefix=BADCMD < %t/usage.txt
// BADCMD:      lite-run: error: --num-threads applies to the runtime, not to --reference (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --input expects NAME=FILE (or NAME=@FILE), got 'x=' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --input expects NAME=FILE (or NAME=@FILE), got '{{.*}}x.npy' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --output expects DIR (or @DIR), got '@' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --input-shape: 'x=2xx3' is not a shape like 1x3x224x224 (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --rtol expects a non-negative number, got '-1' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --seed expects a value (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: unknown option '--frobnicate' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: more than one model given: '{{.*}}errors.mlir' and '{{.*}}errors.mlir' (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: no model given (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: '{{.*}}model.tflite': unknown model format (expected .onnx, .mlir or .lite)
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --reference and --compare are two modes: give one (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --reference and --compare are two modes: give one (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to applies to --compare only (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to and --pass-pipeline contradict: --compare-to compares with a model already rewritten, no pipeline runs (see 'lite-run --help')
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to and --lite-optimize contradict: {{.*}}
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to and -o contradict: {{.*}}
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to and --print-ir-after contradict: {{.*}}
// BADCMD-NEXT: exit 2
// BADCMD-NEXT: lite-run: error: --compare-to expects FILE, got '' (see 'lite-run --help')
// BADCMD-NEXT: exit 2

// One rule for paths: the '@' is optional in --input, --expected-output,
// --output and --compare-to alike.
// RUN: lite-run --reference %s --input x=%t/x.npy --input arg1=@%t/x.npy --output %t/plain | FileCheck %s --check-prefix=NOAT
// RUN: lite-run --reference %s --input x=@%t/x.npy --input arg1=%t/x.npy --output @%t/at --expected-output output_0=%t/plain/output_0.npy | FileCheck %s --check-prefix=NOAT
// NOAT: output 'output_0': f32 2x3
// RUN: lite-run --reference %s --input x=%t/x.npy --input arg1=%t/x.npy --expected-output output_0=@%t/at/output_0.npy | FileCheck %s --check-prefix=AT
// AT: output 'output_0': max-abs 0 max-rel 0 cosine 1.000000: ok

// Names and directories are checked before the run: here the run itself
// would fail (the add does not broadcast), and is never reached.
// RUN: lite-run --reference %s --input-shape arg1=4x3 --expected-output nope=%t/x.npy --expected-output output_0=%t/none.npy --output %t/missing/deeper > %t/early.txt 2>&1; echo "exit $?" >> %t/early.txt
// RUN: FileCheck %s --check-prefix=EARLY < %t/early.txt
// EARLY:      lite-run: error: --expected-output: unknown output 'nope'
// EARLY-NEXT: lite-run: error: the model's outputs are: 'output_0'
// EARLY-NEXT: lite-run: error: --output: cannot create directory '{{.*}}missing/deeper': No such file or directory
// EARLY-NOT:  the reference run failed
// EARLY:      exit 1
// RUN: lite-run --reference %s --input-shape arg1=4x3 --expected-output output_0=%t/none.npy > %t/early-file.txt 2>&1; echo "exit $?" >> %t/early-file.txt
// RUN: FileCheck %s --check-prefix=EARLY-FILE < %t/early-file.txt
// EARLY-FILE:      lite-run: error: expected output 'output_0': cannot open '{{.*}}none.npy': No such file or directory
// EARLY-FILE-NOT:  the reference run failed
// EARLY-FILE:      exit 1
// RUN: touch %t/file
// RUN: not lite-run --reference %s --input-shape arg1=2x3 --output %t/file 2>&1 | FileCheck %s --check-prefix=NOTDIR
// NOTDIR: lite-run: error: --output: cannot create directory '{{.*}}file': Not a directory

// A shape too large to count is an overflow, not an allocation failure.
// RUN: lite-run --reference %s --input-shape arg1=9223372036854775807x3 > %t/big.txt 2>&1; echo "exit $?" >> %t/big.txt
// RUN: lite-run --reference %s --input-shape arg1=3074457345618258602x3 >> %t/big.txt 2>&1; echo "exit $?" >> %t/big.txt
// RUN: FileCheck %s --check-prefix=BIG < %t/big.txt
// BIG:      lite-run: error: input 'arg1': shape 9223372036854775807x3 overflows: its element count does not fit in int64
// BIG-NEXT: exit 1
// BIG-NEXT: lite-run: error: input 'arg1': shape 3074457345618258602x3 of f32 overflows: its size in bytes exceeds the address space
// BIG-NEXT: exit 1

// --dim-params belongs to ONNX models: a note says so for lite IR.
// RUN: lite-run --reference %s --input-shape arg1=2x3 --dim-params N=1 2>&1 | FileCheck %s --check-prefix=DIMS
// DIMS: lite-run: note: '{{.*}}errors.mlir': --dim-params applies to ONNX models only

// The model itself: a missing file, a parse error, no @main.
// RUN: not lite-run --reference %t/absent.mlir 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: lite-run: error: cannot open model '{{.*}}absent.mlir': No such file or directory
// RUN: echo 'func.func @main( {' > %t/broken.mlir
// RUN: not lite-run --reference %t/broken.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: broken.mlir:1:17: error:
// RUN: not lite-run --reference %s --function other 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: lite-run: error: '{{.*}}errors.mlir' has no function @other

// --help documents the flags and ends with the exit codes every tool
// shares; --version prints the project's version. Both exit 0.
// RUN: lite-run --help | FileCheck %s --check-prefix=HELP
// HELP: USAGE: lite-run [runtime options] [options] MODEL
// HELP-NEXT: lite-run --reference [options] MODEL
// HELP: RUNTIME OPTIONS:
// HELP: --lite-places P,...
// HELP: --num-threads N
// HELP: --profile
// HELP: --trace FILE
// HELP: --input NAME=@FILE
// HELP: --expected-output NAME=@FILE
// HELP: --version
// HELP:      Exit codes:
// HELP-NEXT:   0  success
// HELP-NEXT:   1  the input is invalid, a pass or a run failed, or outputs disagree
// HELP-NEXT:   2  bad command line
// HELP-NEXT:   3  the model uses ops or features the importer does not support
// HELP-NOT:  {{.}}
// RUN: lite-run --version > %t/version.txt; echo "exit $?" >> %t/version.txt
// RUN: FileCheck %s --check-prefix=VERSION < %t/version.txt
// VERSION:      lite-run version {{[0-9]+\.[0-9]+\.[0-9]+}}
// VERSION-NEXT: exit 0

func.func @main(%x: tensor<2x3xf32> {lite.name = "x"}, %d: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "lite.add"(%d, %x) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32> loc("add_node")
  return %0 : tensor<?x3xf32>
}

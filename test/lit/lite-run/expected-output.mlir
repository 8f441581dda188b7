// --expected-output NAME=@FILE compares an output: max-abs, max-rel and
// cosine per output, and a non-zero exit when a value is beyond
// atol + rtol * |expected| (numpy.allclose's rule). rtol defaults to 1e-3;
// atol to 1e-7 + rtol/10 * the output's largest |expected|, so that a
// value near zero beside large ones may carry their rounding; a given
// --atol is all of it.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; \
// RUN:   x = np.array([1.0, 2.0, float('nan'), 4.0], np.float32); np.save('%t/x.npy', x); \
// RUN:   np.save('%t/exact.npy', x * 2); \
// RUN:   np.save('%t/close.npy', x * 2 * (1 + 5e-4)); \
// RUN:   np.save('%t/far.npy', np.array([2.0, 4.0, float('nan'), 8.1], np.float32)); \
// RUN:   np.save('%t/nan-vs-number.npy', np.array([2.0, 4.0, 6.0, 8.0], np.float32)); \
// RUN:   np.save('%t/f64.npy', (x * 2).astype(np.float64)); \
// RUN:   np.save('%t/shape.npy', (x * 2).reshape(2, 2)); \
// RUN:   np.save('%t/n.npy', np.array([5, 6], np.int64)); np.save('%t/n-off.npy', np.array([5, 7], np.int64)); \
// RUN:   np.save('%t/big.npy', np.array([42, -42, 5e-5, 3], np.float32)); \
// RUN:   np.save('%t/big-exp.npy', np.array([84, -84, 0, 6], np.float32)); \
// RUN:   np.save('%t/tiny.npy', np.array([1e-9, 0, 0, 0], np.float32)); \
// RUN:   np.save('%t/zeros.npy', np.zeros(4, np.float32))"

// An exact match, and one within rtol (NaN equals NaN).
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/exact.npy | FileCheck %s --check-prefix=EXACT
// EXACT: output 'twice': max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/close.npy | FileCheck %s --check-prefix=CLOSE
// CLOSE: output 'twice': max-abs 0.004 max-rel 0.0005 cosine 1.000000: ok

// Beyond the tolerance: the metrics, MISMATCH, an error naming the output,
// the file and the worst element, exit code 1.
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/far.npy > %t/far.out 2> %t/far.err; echo "exit $?" >> %t/far.out
// RUN: FileCheck %s --check-prefix=FAR < %t/far.out
// FAR: output 'twice': max-abs 0.1 max-rel 0.0123 cosine 0.999986: MISMATCH
// FAR: exit 1
// RUN: FileCheck %s --check-prefix=FAR-ERR < %t/far.err
// FAR-ERR: lite-run: error: output 'twice' differs from '{{.*}}far.npy': 1 of 4 values beyond atol 0.0008101 + rtol 0.001 * |expected| (atol = 1e-07 + 0.0001 * 8.1, the largest |expected|); worst at [3]: got 8, expected 8.1 (max-abs 0.1, max-rel 0.0123, cosine 0.999986)

// Looser tolerances accept it.
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/far.npy --rtol 0.02 | FileCheck %s --check-prefix=LOOSE
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/far.npy --rtol 0 --atol=0.2 | FileCheck %s --check-prefix=LOOSE
// LOOSE: output 'twice': {{.*}}: ok

// A value that should be 0 beside values of +-84 is off by 1e-4: within
// the default atol (1e-7 + 1e-4 * 84), not within a given --atol 1e-7.
// max-rel is over the nonzero expected values: a difference at an
// expected zero has no relative size (max-abs shows it).
// RUN: lite-run --reference %s --input x=@%t/big.npy --expected-output twice=@%t/big-exp.npy | FileCheck %s --check-prefix=SCALED
// SCALED: output 'twice': max-abs 0.0001 max-rel 0 cosine 1.000000: ok
// RUN: not lite-run --reference %s --input x=@%t/big.npy --expected-output twice=@%t/big-exp.npy --atol 1e-7 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: output 'twice': max-abs 0.0001 max-rel 0 cosine 1.000000: MISMATCH
// FIXED: lite-run: error: output 'twice' differs from '{{.*}}big-exp.npy': 1 of 4 values beyond atol 1e-07 + rtol 0.001 * |expected|; worst at [2]: got 0.0001, expected 0 (max-abs 0.0001, max-rel 0, cosine 1.000000)
// Only zeros expected: no relative error is defined.
// RUN: lite-run --reference %s --input x=@%t/tiny.npy --expected-output twice=@%t/zeros.npy | FileCheck %s --check-prefix=ZEROS
// ZEROS: output 'twice': max-abs 2e-09 max-rel n/a cosine 0.000000: ok
// RUN: lite-run --reference %s --input x=@%t/zeros.npy --expected-output twice=@%t/zeros.npy | FileCheck %s --check-prefix=ZEROS-EXACT
// ZEROS-EXACT: output 'twice': max-abs 0 max-rel 0 cosine 1.000000: ok

// NaN against a number is a mismatch.
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/nan-vs-number.npy 2>&1 | FileCheck %s --check-prefix=NAN
// NAN: 1 of 4 values beyond {{.*}}; worst at [2]: got nan, expected 6

// Integers compare exactly, whatever the tolerance.
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output count=@%t/n.npy | FileCheck %s --check-prefix=INT
// INT: output 'count': max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output count=@%t/n-off.npy --rtol 0.5 2>&1 | FileCheck %s --check-prefix=INT-OFF
// INT-OFF: output 'count': max-abs 1 max-rel 0.143 cosine {{.*}}: MISMATCH
// INT-OFF: lite-run: error: output 'count' differs from '{{.*}}n-off.npy': 1 of 2 values differ (integers compare exactly); worst at [1]: got 6, expected 7

// dtype and shape must match; the output name must exist.
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/f64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: lite-run: error: output 'twice' is f32, but '{{.*}}f64.npy' holds f64
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/shape.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: lite-run: error: output 'twice' has shape 4, but '{{.*}}shape.npy' holds shape 2x2
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output thrice=@%t/exact.npy 2>&1 | FileCheck %s --check-prefix=NAME
// NAME:      lite-run: error: --expected-output: unknown output 'thrice'
// NAME-NEXT: lite-run: error: the model's outputs are: 'twice', 'count'
// RUN: not lite-run --reference %s --input x=@%t/x.npy --expected-output twice=@%t/none.npy 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: lite-run: error: expected output 'twice': cannot open '{{.*}}none.npy': No such file or directory

func.func @main(%x: tensor<4xf32> {lite.name = "x"}) -> (tensor<4xf32> {lite.name = "twice"}, tensor<2xi64> {lite.name = "count"}) {
  %0 = "lite.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = "lite.constant"() {value = dense<[5, 6]> : tensor<2xi64>} : () -> tensor<2xi64>
  return %0, %n : tensor<4xf32>, tensor<2xi64>
}

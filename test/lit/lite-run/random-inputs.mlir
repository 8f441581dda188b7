// Inputs not given are random, from --seed (default 0): floats uniform in
// [-1, 1), integers in [0, 10), bool 0 or 1. The same seed gives the same
// data; a given input does not change the others'.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-run --reference %s --output @%t/s0 > %t/s0.txt
// RUN: lite-run --reference %s --seed 0 > %t/s0-again.txt
// RUN: diff %t/s0.txt %t/s0-again.txt
// RUN: lite-run --reference %s --seed 7 > %t/s7.txt
// RUN: not diff -q %t/s0.txt %t/s7.txt
// RUN: %python -c "import numpy as np; f = np.load('%t/s0/f.npy'); i = np.load('%t/s0/i.npy'); b = np.load('%t/s0/b.npy'); h = np.load('%t/s0/h.npy'); \
// RUN:   assert f.dtype == np.float32 and f.shape == (4, 256) and f.min() >= -1 and f.max() < 1 and f.min() < -0.9 and f.max() > 0.9, f; \
// RUN:   assert i.dtype == np.int64 and i.min() == 0 and i.max() == 9, i; \
// RUN:   assert b.dtype == np.bool_ and b.any() and not b.all(), b; \
// RUN:   assert h.dtype == np.float16 and h.shape == () and -1 <= h < 1, h; print('ranges ok')" | FileCheck %s --check-prefix=RANGES
// RANGES: ranges ok

// Giving one input leaves the random data of the others as it was.
// RUN: %python -c "import numpy as np; np.save('%t/i.npy', np.zeros(1000, np.int64))"
// RUN: lite-run --reference %s --input i=@%t/i.npy --output @%t/given
// RUN: cmp %t/s0/f.npy %t/given/f.npy
// RUN: not cmp -s %t/s0/i.npy %t/given/i.npy

func.func @main(%f: tensor<4x256xf32> {lite.name = "f"}, %i: tensor<1000xi64> {lite.name = "i"},
                %b: tensor<100xi1> {lite.name = "b"}, %h: tensor<f16> {lite.name = "h"})
    -> (tensor<4x256xf32> {lite.name = "f"}, tensor<1000xi64> {lite.name = "i"},
        tensor<100xi1> {lite.name = "b"}, tensor<f16> {lite.name = "h"}) {
  return %f, %i, %b, %h : tensor<4x256xf32>, tensor<1000xi64>, tensor<100xi1>, tensor<f16>
}

// numpy has no bfloat16: bf16 tensors travel through .npy files as their
// uint16 bit patterns, read by --input and --expected-output and written by
// --output (ONNX's test data does the same).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; f = np.array([1.0, -2.5, 0.15625], np.float32); np.save('%t/x.npy', (f.view(np.uint32) >> 16).astype(np.uint16))"
// RUN: lite-run --reference %s --input x=@%t/x.npy --output @%t/out 2> %t/err.txt | FileCheck %s
// CHECK: output 'y': bf16 3: min -2.5, max 1, mean -0.4479167
// CHECK-NEXT: 1, -2.5, 0.15625
// RUN: FileCheck %s --check-prefix=NOTE < %t/err.txt
// NOTE: lite-run: note: output 'y' is bf16, written as its uint16 bit patterns (.npy has no bf16)
// RUN: cmp %t/x.npy %t/out/y.npy
// RUN: lite-run --reference %s --input x=@%t/x.npy --expected-output y=@%t/out/y.npy | FileCheck %s --check-prefix=SAME
// SAME: output 'y': max-abs 0 max-rel 0 cosine 1.000000: ok

// Other integer files are still refused for a bf16 input.
// RUN: %python -c "import numpy as np; np.save('%t/i16.npy', np.zeros(3, np.int16))"
// RUN: not lite-run --reference %s --input x=@%t/i16.npy 2>&1 | FileCheck %s --check-prefix=I16
// I16: lite-run: error: input 'x' from '{{.*}}i16.npy': expected tensor<3xbf16>, got i16 tensor of shape 3

func.func @main(%x: tensor<3xbf16> {lite.name = "x"}) -> (tensor<3xbf16> {lite.name = "y"}) {
  return %x : tensor<3xbf16>
}

// The default mode compiles the model (lite-compile) and runs it on the
// runtime: the same outputs as the interpreter, a summary line, the
// profile tables, a Chrome trace naming the original nodes, the memory
// report; a written artifact runs the same way; bad use is refused.

// RUN: rm -rf %t && mkdir -p %t
// RUN: lite-run --reference %s --seed 3 --output %t/ref
// RUN: lite-run %s --lite-places=host:f32:nchw --seed 3 --output %t/rt --num-runs 3 --profile --mem-report --trace %t/trace.json | FileCheck %s
// CHECK:      compile {{[0-9.]+}} ms, load {{[0-9.]+}} ms (artifact {{[0-9.]+}}, predictor {{[0-9.]+}}), first run {{[0-9.]+}} ms, median {{[0-9.]+}} ms, min {{[0-9.]+}} ms, max {{[0-9.]+}} ms over 3 run(s), 1 thread(s)
// CHECK-NEXT: profile: 3 instructions, per run (mean over timed runs)
// CHECK-NEXT: # op kernel place shape ms % GFLOP/s ONNX nodes
// The conv and its relu are one instruction (fused), named by both nodes.
// CHECK-NEXT: 0 lite.conv2d{{.*}}ref_conv2d__f32_nchw{{.*}}host:f32:nchw{{.*}}1x4x6x6{{.*}}conv_node,relu_node
// CHECK-NEXT: 1 lite.pool2d{{.*}}ref_pool2d__f32_nchw{{.*}}1x4x3x3{{.*}}pool_node
// CHECK-NEXT: 2 lite.flatten{{.*}}ref_flatten__f32_nchw{{.*}}1x36{{.*}}flat_node
// CHECK-NEXT: by op type:
// CHECK:      memory: weights 432 bytes in 1 tensors (mapped, not copied), packed weights 0 bytes, arenas {{[0-9]+}} bytes (host {{[0-9]+}}), workspace {{[0-9]+}} bytes
// CHECK-NEXT: output 'y': f32 1x36:

// The runtime computes what the interpreter does.
// RUN: %python -c "import numpy as np; a = np.load('%t/ref/y.npy'); b = np.load('%t/rt/y.npy'); \
// RUN:   assert a.shape == b.shape == (1, 36), (a.shape, b.shape); assert np.allclose(a, b, rtol=1e-6, atol=1e-7)"

// The trace: one complete event per instruction and timed run.
// RUN: %python -c "import json; e = json.load(open('%t/trace.json'))['traceEvents']; \
// RUN:   assert len(e) == 9, len(e); assert e[0]['name'] == 'conv_node,relu_node' and e[0]['ph'] == 'X'; \
// RUN:   assert e[0]['args']['kernel'] == 'ref_conv2d__f32_nchw'; assert e[8]['cat'] == 'lite.flatten'"

// A written artifact: the same outputs, inputs by name, --expected-output.
// RUN: lite-opt %s --lite-compile --lite-emit-artifact='path=%t/m.lite' -o /dev/null
// RUN: lite-run %t/m.lite --seed 3 --output %t/art --expected-output y=@%t/ref/y.npy | FileCheck %s --check-prefix=ART
// ART:      load {{[0-9.]+}} ms (artifact
// ART:      output 'y': max-abs {{.*}}: ok
// RUN: %python -c "import numpy as np; assert (np.load('%t/art/y.npy') == np.load('%t/rt/y.npy')).all()"

// --check-reference: the interpreter on the compiled module agrees.
// RUN: lite-run %s --check-reference | FileCheck %s --check-prefix=CHECKREF
// CHECKREF: output 'y (runtime vs interpreter)': max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: not lite-run %t/m.lite --check-reference 2>&1 | FileCheck %s --check-prefix=CHECKART
// CHECKART: lite-run: error: '{{.*}}m.lite': --check-reference needs the model (.onnx or .mlir), not an artifact

// Two threads whose idle one polls 500 us between kernels compute the same.
// RUN: lite-run %s --check-reference --num-threads 2 --spin-us 500 --num-runs 5 | FileCheck %s --check-prefix=SPIN
// SPIN: over 5 run(s), 2 thread(s)
// SPIN: output 'y (runtime vs interpreter)': max-abs 0 max-rel 0 cosine 1.000000: ok
// RUN: not lite-run %s --spin-us 1000001 2>&1 | FileCheck %s --check-prefix=SPINBAD
// SPINBAD: lite-run: error: --spin-us expects at most 1000000 (1 s), got '1000001'
// RUN: not lite-run --reference %s --spin-us 5 2>&1 | FileCheck %s --check-prefix=SPINREF
// SPINREF: lite-run: error: --spin-us applies to the runtime, not to --reference

// Errors: an artifact has no --reference; runtime flags need the runtime.
// RUN: not lite-run --reference %t/m.lite 2>&1 | FileCheck %s --check-prefix=ARTREF
// ARTREF: lite-run: error: '{{.*}}m.lite' is a compiled artifact: it runs on the runtime only, not with --reference
// RUN: not lite-run %t/m.lite --input q=@%t/ref/y.npy 2>&1 | FileCheck %s --check-prefix=ARTIN
// ARTIN: lite-run: error: --input: unknown input 'q'
// ARTIN: lite-run: error: the model's inputs are: 'x' (tensor<1x3x8x8xf32>)
// RUN: not lite-run --compare %s --profile 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: lite-run: error: --profile applies to the runtime, not to --compare
// RUN: printf 'LITEART' > %t/bad.lite
// RUN: not lite-run %t/bad.lite 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: lite-run: error: {{.*}}bad.lite: artifact: header: file is 7 bytes, shorter than the 64-byte header

func.func @main(%x: tensor<1x3x8x8xf32> {lite.name = "x"}) -> (tensor<1x36xf32> {lite.name = "y"}) {
  %w = "lite.constant"() {value = dense<0.125> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %c = "lite.conv2d"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> loc(fused["conv_node", "relu_node"])
  %r = "lite.relu"(%c) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> loc("relu_node")
  %p = "lite.pool2d"(%r) {pooling_type = "max", kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> loc("pool_node")
  %f = "lite.flatten"(%p) {axis = 1 : i64} : (tensor<1x4x3x3xf32>) -> tensor<1x36xf32> loc("flat_node")
  return %f : tensor<1x36xf32>
}

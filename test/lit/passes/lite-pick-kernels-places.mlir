// Place priority and attribute constraints, with kernels beyond the
// builtin table: --test-lite-register-kernels gives the context a registry
// of the builtin kernels plus stand-ins (test/lib/test_kernels.c), among them
// test_cl_conv2d__f16_nchw (opencl, f16 operands), test_x86_softmax__f32_nchw8c
// and test_x86_conv2d_3x3s1__f32_nchw8c (kernel_shape 3x3, strides,
// dilations and group 1 or absent).

// opencl first: the f16 conv wins (an f32 operand counts as compatible with
// an f16 one); the softmax has no opencl kernel and falls back to host.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=opencl:f16:nchw,host:f32:nchw' | FileCheck %s --check-prefix=CL
// CL-LABEL: func.func @graph
// CL:       "lite.conv2d"(%arg0, %{{.*}}) {kernel_shape = array<i64: 3, 3>, lite.kernel = "test_cl_conv2d__f16_nchw"}
// CL-NEXT:  "lite.conv2d"(%{{.*}}) {kernel_shape = array<i64: 5, 5>, lite.kernel = "test_cl_conv2d__f16_nchw", pads = array<i64: 2, 2, 2, 2>}
// CL-NEXT:  "lite.softmax"(%{{.*}}) {axis = 1 : i64, lite.kernel = "ref_softmax__f32_nchw"}

// host first: the reference kernels win, even though x86 ones exist.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=host:f32:nchw,x86:f32:nchw8c,opencl:f16:nchw' | FileCheck %s --check-prefix=HOST
// HOST:      lite.kernel = "ref_conv2d__f32_nchw"
// HOST-NEXT: lite.kernel = "ref_conv2d__f32_nchw"
// HOST-NEXT: lite.kernel = "ref_softmax__f32_nchw"

// x86 first: the x86 softmax wins over the host reference; the 3x3 conv
// takes the 3x3 x86 kernel, the 5x5 one cannot and falls back to host.
// RUN: lite-opt %s --test-lite-register-kernels --lite-pick-kernels='places=x86:f32:nchw8c,host:f32:nchw' | FileCheck %s --check-prefix=X86
// X86:      "lite.conv2d"(%arg0, %{{.*}}) {kernel_shape = array<i64: 3, 3>, lite.kernel = "test_x86_conv2d_3x3s1__f32_nchw8c"}
// X86-NEXT: "lite.conv2d"(%{{.*}}) {kernel_shape = array<i64: 5, 5>, lite.kernel = "ref_conv2d__f32_nchw", pads = array<i64: 2, 2, 2, 2>}
// X86-NEXT: "lite.softmax"(%{{.*}}) {axis = 1 : i64, lite.kernel = "test_x86_softmax__f32_nchw8c"}

// The builtin pass does not know the test kernels.
// RUN: lite-opt %s --lite-pick-kernels='places=x86:f32:nchw8c,host:f32:nchw' | FileCheck %s --check-prefix=BUILTIN
// BUILTIN-COUNT-2: lite.kernel = "ref_conv2d__f32_nchw"
// BUILTIN:         lite.kernel = "ref_softmax__f32_nchw"

func.func @graph(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = "lite.constant"() {value = dense<0.5> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %w5 = "lite.constant"() {value = dense<0.25> : tensor<4x4x5x5xf32>} : () -> tensor<4x4x5x5xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %c5 = "lite.conv2d"(%c, %w5) {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x4x6x6xf32>, tensor<4x4x5x5xf32>) -> tensor<1x4x6x6xf32>
  %s = "lite.softmax"(%c5) {axis = 1} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %s : tensor<1x4x6x6xf32>
}

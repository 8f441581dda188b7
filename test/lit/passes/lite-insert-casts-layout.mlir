// Layout choice: with x86 nchw8c kernels for conv, sigmoid and softmax (the
// test kernels of test/lib/test_kernels.c) first in the valid places, the
// whole conv -> sigmoid -> conv -> softmax chain runs blocked, and layout
// casts appear only at the edges of the region: one into nchw8c after the
// input, one back to nchw before the result. The weight, shared by both
// convs, is placed once in the blocked layout (no cast).
// lite-infer-places returns the blocked softmax from a function whose
// result it puts back in host nchw, through an unrealized conversion cast
// (the IR verifies after every pass); lite-insert-casts replaces it with
// real casts.
// RUN: lite-opt %s --pass-pipeline='builtin.module(test-lite-register-kernels,func.func(lite-pick-kernels{places=x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=x86:f32:nchw8c,host:f32:nchw}))' | FileCheck %s --check-prefix=BRIDGE
// BRIDGE:      %[[S:.*]] = "lite.softmax"{{.*}} -> tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>
// BRIDGE-NEXT: %[[B:.*]] = "builtin.unrealized_conversion_cast"(%[[S]]) : (tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x8x4x4xf32, #lite.place<host, f32, nchw>>
// BRIDGE-NEXT: return %[[B]]
// RUN: lite-opt %s --pass-pipeline='builtin.module(test-lite-register-kernels,func.func(lite-pick-kernels{places=x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=x86:f32:nchw8c,host:f32:nchw},lite-insert-casts))' -o %t.placed.mlir
// RUN: lite-opt %t.placed.mlir | FileCheck %s
// RUN: lite-opt %t.placed.mlir | FileCheck %s --check-prefix=COUNT
// Numbers: layout casts move bytes only, and the reference interpreter
// computes logically: exact.
// RUN: lite-run --compare %s --compare-to %t.placed.mlir --rtol 0 --atol 0 | FileCheck %s --check-prefix=CMP

// CHECK-LABEL: func.func @main
// CHECK-SAME:  (%arg0: tensor<1x8x8x8xf32, #lite.place<host, f32, nchw>>) -> tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw>>
// CHECK:       %[[IN:.*]] = "lite.layout"(%arg0) {{.*}} -> tensor<1x8x8x8xf32, #lite.place<host, f32, nchw8c>>
// CHECK:       %[[W:.*]] = "lite.constant"() {{.*}} -> tensor<8x8x3x3xf32, #lite.place<x86, f32, nchw8c>>
// CHECK-NEXT:  %[[C1:.*]] = "lite.conv2d"(%[[IN]], %[[W]]) {{.*}}"test_x86_conv2d_3x3s1__f32_nchw8c"
// CHECK-NEXT:  %[[R:.*]] = "lite.sigmoid"(%[[C1]]) {{.*}}"test_x86_sigmoid__f32_nchw8c"
// CHECK-NEXT:  %[[C2:.*]] = "lite.conv2d"(%[[R]], %[[W]]) {{.*}}"test_x86_conv2d_3x3s1__f32_nchw8c"
// CHECK-NEXT:  %[[S:.*]] = "lite.softmax"(%[[C2]]) {{.*}}"test_x86_softmax__f32_nchw8c"
// CHECK-NEXT:  %[[OUT:.*]] = "lite.layout"(%[[S]]) {{.*}} -> tensor<1x8x4x4xf32, #lite.place<x86, f32, nchw>>
// CHECK-NEXT:  return %[[OUT]]
// COUNT-COUNT-2: "lite.layout"
// COUNT-NOT:     "lite.layout"
// COUNT-NOT:     unrealized_conversion_cast
// CMP: output 'output_0': {{.*}}: ok

func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %w = "lite.constant"() {value = dense<0.05> : tensor<8x8x3x3xf32>} : () -> tensor<8x8x3x3xf32>
  %c = "lite.conv2d"(%x, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32>
  %r = "lite.sigmoid"(%c) : (tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %c2 = "lite.conv2d"(%r, %w) {kernel_shape = array<i64: 3, 3>} : (tensor<1x8x6x6xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x4x4xf32>
  %s = "lite.softmax"(%c2) {axis = 1} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %s : tensor<1x8x4x4xf32>
}

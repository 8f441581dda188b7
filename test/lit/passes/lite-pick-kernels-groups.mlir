// REQUIRES: llvm
// lite-pick-kernels gives an elementwise op that fuses with an elementwise
// neighbour to the generated kernels when kernel-kinds ranks `jit` above
// the kind it would pick (lite-lower-to-loops computes the group in one
// pass over memory); a lone elementwise op keeps the pick's rule (the
// hand-written row at its target), and so does every op when the kinds
// rank jit lower or leave it out. Ops at a blocked layout keep theirs.

// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw,host:f32:nchw kernel-kinds=jit,x86,arm,ref}))' | FileCheck %s
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw,host:f32:nchw kernel-kinds=x86,jit,ref}))' | FileCheck %s --check-prefix=X86
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw,host:f32:nchw}))' | FileCheck %s --check-prefix=X86
// RUN: lite-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw kernel-kinds=jit,x86,arm,ref}))' | FileCheck %s --check-prefix=BLOCKED

// CHECK-LABEL: func.func @lone
// CHECK:       "lite.add"(%arg0, %arg1) {lite.kernel = "x86_add__f32_nchw"}
// X86-LABEL:   func.func @lone
// X86:         "lite.add"(%arg0, %arg1) {lite.kernel = "x86_add__f32_nchw"}
// BLOCKED-LABEL: func.func @lone
// BLOCKED:     "lite.add"(%arg0, %arg1) {lite.kernel = "x86_add__f32_nchw16c"}
func.func @lone(%x: tensor<2x8x4x4xf32>, %b: tensor<1x8x1x1xf32>) -> tensor<2x8x4x4xf32> {
  %a = "lite.add"(%x, %b) : (tensor<2x8x4x4xf32>, tensor<1x8x1x1xf32>) -> tensor<2x8x4x4xf32>
  return %a : tensor<2x8x4x4xf32>
}

// -----

// A chain of three: each op fuses with a neighbour.
// CHECK-LABEL: func.func @chain
// CHECK:       "lite.add"{{.*}}lite.kernel = "jit_add__f32_nchw"
// CHECK:       "lite.mul"{{.*}}lite.kernel = "jit_mul__f32_nchw"
// CHECK:       "lite.relu"{{.*}}lite.kernel = "jit_relu__f32_nchw"
// X86-LABEL:   func.func @chain
// X86:         "lite.add"{{.*}}lite.kernel = "x86_add__f32_nchw"
// X86:         "lite.mul"{{.*}}lite.kernel = "x86_mul__f32_nchw"
// X86:         "lite.relu"{{.*}}lite.kernel = "{{(ref|jit)}}_relu__f32_nchw"
// BLOCKED-LABEL: func.func @chain
// BLOCKED:     "lite.add"{{.*}}lite.kernel = "x86_add__f32_nchw16c"
// BLOCKED:     "lite.mul"{{.*}}lite.kernel = "x86_mul__f32_nchw16c"
func.func @chain(%x: tensor<2x8x4x4xf32>, %b: tensor<1x8x1x1xf32>) -> tensor<2x8x4x4xf32> {
  %a = "lite.add"(%x, %b) : (tensor<2x8x4x4xf32>, tensor<1x8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %m = "lite.mul"(%a, %x) : (tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %r = "lite.relu"(%m) : (tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %r : tensor<2x8x4x4xf32>
}

// -----

// A producer read by an op that is not elementwise too does not join a
// group (lower-to-loops computes it once, in its own kernel): the add and
// the mul are lone, each read by the softmax or returned.
// CHECK-LABEL: func.func @shared
// CHECK:       "lite.add"{{.*}}lite.kernel = "x86_add__f32_nchw"
// CHECK:       "lite.softmax"
// CHECK:       "lite.mul"{{.*}}lite.kernel = "x86_mul__f32_nchw"
func.func @shared(%x: tensor<2x8xf32>, %b: tensor<8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %a = "lite.add"(%x, %b) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %s = "lite.softmax"(%a) {axis = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = "lite.mul"(%a, %s) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %m, %s : tensor<2x8xf32>, tensor<2x8xf32>
}

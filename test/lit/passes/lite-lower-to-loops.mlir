// lite-lower-to-loops turns every lite op whose kernel is a generated one
// (`jit_...`) into a loop-level kernel function in @lite_kernels and a
// lite.dispatch of it. Elementwise chains fuse into one kernel; what is
// not static f32 at an nchw Place is left alone (explain=true says why:
// lite-lower-to-loops-explain.mlir). upstream mlir-opt-16 parses and
// verifies every kernel it writes; test/lit/codegen-upstream runs them.

// The checks read the generic form, which does not depend on whether the
// loop-level dialects print custom forms.
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops --mlir-print-op-generic | FileCheck %s
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops='vector-width=16' --mlir-print-op-generic | FileCheck %s --check-prefix=W16
// RUN: lite-opt %s --split-input-file --lite-lower-to-loops --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: not lite-opt %s --lite-lower-to-loops='vector-width=0' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: lite-lower-to-loops: vector-width must be in 1..64, not 0

// An add of a broadcast bias and a relu: one kernel, one loop nest. The
// rows (every dim but the last) are one scf.parallel; the bias, constant
// along the last dim, is loaded once per row and broadcast; the last dim
// runs by vectors (16 of 20) and a scalar tail.
// STATS: (S) 1 num-dispatches - Number of lite.dispatch ops created
// STATS: (S) 1 num-kernels - Number of kernel functions created
// STATS: (S) 2 num-ops-lowered - Number of lite ops replaced by dispatches
// CHECK-LABEL: ^bb0(%arg0: tensor<1x4x8x20xf32, #lite.place<x86, f32, nchw>>, %arg1: tensor<1x4x1x1xf32, #lite.place<x86, f32, nchw>>):
// CHECK-NEXT:    %[[D:.*]] = "lite.dispatch"(%arg0, %arg1) {callee = @lite_kernels::@[[K:jit_add_relu_[0-9a-f]+]], lite.kernel = "[[K]]", result_dims = array<i64: 4, 1, 4, 8, 20>} : (tensor<1x4x8x20xf32, #lite.place<x86, f32, nchw>>, tensor<1x4x1x1xf32, #lite.place<x86, f32, nchw>>) -> tensor<1x4x8x20xf32, #lite.place<x86, f32, nchw>>
// CHECK-NEXT:    "func.return"(%[[D]])
// CHECK-NEXT:  }) {function_type = {{.*}}, sym_name = "add_relu"}
// CHECK-NEXT:  "builtin.module"() ({
// CHECK-NEXT:    "func.func"() ({
// CHECK-NEXT:    ^bb0(%arg0: memref<1x4x8x20xf32>, %arg1: memref<1x4x1x1xf32>, %arg2: memref<1x4x8x20xf32>):
// CHECK-DAG:       %[[C0:[0-9]+]] = "arith.constant"() {value = 0 : index}
// CHECK-DAG:       %[[ROWS:[0-9]+]] = "arith.constant"() {value = 32 : index}
// CHECK-DAG:       %[[C1:[0-9]+]] = "arith.constant"() {value = 1 : index}
// CHECK-DAG:       %[[C8:[0-9]+]] = "arith.constant"() {value = 8 : index}
// CHECK-DAG:       %[[C16:[0-9]+]] = "arith.constant"() {value = 16 : index}
// CHECK-DAG:       %[[C20:[0-9]+]] = "arith.constant"() {value = 20 : index}
// CHECK-DAG:       %[[ZV:[0-9]+]] = "arith.constant"() {value = dense<0.000000e+00> : vector<8xf32>}
// CHECK-DAG:       %[[ZS:[0-9]+]] = "arith.constant"() {value = 0.000000e+00 : f32}
// CHECK:           "scf.parallel"(%[[C0]], %[[ROWS]], %[[C1]]) ({
// CHECK-NEXT:      ^bb0(%[[ROW:.*]]: index):
// CHECK-NEXT:        %[[H:[0-9]+]] = "arith.remui"(%[[ROW]], %[[C8]])
// CHECK-NEXT:        %[[C:[0-9]+]] = "arith.divui"(%[[ROW]], %[[C8]])
// CHECK-NEXT:        %[[B:[0-9]+]] = "memref.load"(%arg1, %[[C0]], %[[C]], %[[C0]], %[[C0]]) : (memref<1x4x1x1xf32>, index, index, index, index) -> f32
// CHECK-NEXT:        %[[BV:[0-9]+]] = "vector.broadcast"(%[[B]]) : (f32) -> vector<8xf32>
// CHECK-NEXT:        "scf.for"(%[[C0]], %[[C16]], %[[C8]]) ({
// CHECK-NEXT:        ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:          %[[X:[0-9]+]] = "vector.load"(%arg0, %[[C0]], %[[C]], %[[H]], %[[J]]) : (memref<1x4x8x20xf32>, index, index, index, index) -> vector<8xf32>
// CHECK-NEXT:          %[[S:[0-9]+]] = "arith.addf"(%[[X]], %[[BV]]) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT:          %[[R:[0-9]+]] = "arith.maxf"(%[[S]], %[[ZV]])
// CHECK-NEXT:          "vector.store"(%[[R]], %arg2, %[[C0]], %[[C]], %[[H]], %[[J]])
// CHECK-NEXT:          "scf.yield"() : () -> ()
// CHECK-NEXT:        }) : (index, index, index) -> ()
// CHECK-NEXT:        "scf.for"(%[[C16]], %[[C20]], %[[C1]]) ({
// CHECK-NEXT:        ^bb0(%[[T:.*]]: index):
// CHECK-NEXT:          %[[XT:[0-9]+]] = "memref.load"(%arg0, %[[C0]], %[[C]], %[[H]], %[[T]])
// CHECK-NEXT:          %[[ST:[0-9]+]] = "arith.addf"(%[[XT]], %[[B]]) : (f32, f32) -> f32
// CHECK-NEXT:          %[[RT:[0-9]+]] = "arith.maxf"(%[[ST]], %[[ZS]])
// CHECK-NEXT:          "memref.store"(%[[RT]], %arg2, %[[C0]], %[[C]], %[[H]], %[[T]])
// CHECK-NEXT:          "scf.yield"() : () -> ()
// CHECK-NEXT:        }) : (index, index, index) -> ()
// CHECK-NEXT:        "scf.yield"() : () -> ()
// CHECK-NEXT:      }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) {function_type = (memref<1x4x8x20xf32>, memref<1x4x1x1xf32>, memref<1x4x8x20xf32>) -> (), lite.kernel = {num_inputs = 2 : i64}, sym_name = "[[K]]"} : () -> ()
// CHECK-NEXT:  }) {sym_name = "lite_kernels"} : () -> ()
// W16-LABEL: sym_name = "add_relu"
// W16:         "arith.constant"() {value = dense<0.000000e+00> : vector<16xf32>}
// W16:         "vector.load"{{.*}} -> vector<16xf32>
// W16:         "memref.load"
#place = #lite.place<x86, f32, nchw>
func.func @add_relu(%x: tensor<1x4x8x20xf32, #place>, %b: tensor<1x4x1x1xf32, #place>) -> tensor<1x4x8x20xf32, #place> {
  %a = "lite.add"(%x, %b) {lite.kernel = "jit_add__f32_nchw"} : (tensor<1x4x8x20xf32, #place>, tensor<1x4x1x1xf32, #place>) -> tensor<1x4x8x20xf32, #place>
  %r = "lite.relu"(%a) {lite.kernel = "jit_relu__f32_nchw"} : (tensor<1x4x8x20xf32, #place>) -> tensor<1x4x8x20xf32, #place>
  return %r : tensor<1x4x8x20xf32, #place>
}

// -----

// A fused activation, a splat constant (a constant of the kernel, no
// operand) and an op of the broadcast operand only (sigmoid of the bias:
// computed once per row, before the vector loop). Two equal chains share
// one kernel. The inputs are in the order of their first use.
// STATS: (S) 2 num-dispatches
// STATS: (S) 1 num-kernels
// STATS: (S) 6 num-ops-lowered
// CHECK-LABEL: ^bb0(%arg0: tensor<6x64xf32>, %arg1: tensor<6x64xf32>, %arg2: tensor<6x1xf32>):
// CHECK-NEXT:    %[[A:.*]] = "lite.dispatch"(%arg2, %arg0) {callee = @lite_kernels::@[[K:jit_sigmoid_mul_sub_hard_swish_[0-9a-f]+]], lite.kernel = "[[K]]", result_dims = array<i64: 2, 6, 64>}
// CHECK-NEXT:    %[[B:.*]] = "lite.dispatch"(%arg2, %arg1) {callee = @lite_kernels::@[[K]], lite.kernel = "[[K]]", result_dims = array<i64: 2, 6, 64>}
// CHECK-NEXT:    "func.return"(%[[A]], %[[B]])
// CHECK:         ^bb0(%arg0: memref<6x1xf32>, %arg1: memref<6x64xf32>, %arg2: memref<6x64xf32>):
// CHECK-DAG:       "arith.constant"() {value = dense<5.000000e-01> : vector<8xf32>}
// CHECK:           "scf.parallel"
// CHECK:             "memref.load"(%arg0, %{{.*}}, %{{.*}}) : (memref<6x1xf32>, index, index) -> f32
// CHECK-NEXT:        "arith.negf"
// CHECK-NEXT:        "math.exp"
// CHECK:             "vector.broadcast"
// CHECK:             "scf.for"
// CHECK:           sym_name = "[[K]]"
// CHECK-NEXT:    }) {sym_name = "lite_kernels"}
func.func @shared(%x: tensor<6x64xf32>, %y: tensor<6x64xf32>, %b: tensor<6x1xf32>) -> (tensor<6x64xf32>, tensor<6x64xf32>) {
  %h = "lite.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %s = "lite.sigmoid"(%b) {lite.kernel = "jit_sigmoid__f32_nchw"} : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %m = "lite.mul"(%x, %s) {lite.kernel = "jit_mul__f32_nchw"} : (tensor<6x64xf32>, tensor<6x1xf32>) -> tensor<6x64xf32>
  %d = "lite.sub"(%m, %h) {lite.kernel = "jit_sub__f32_nchw", activation = "hard_swish"} : (tensor<6x64xf32>, tensor<f32>) -> tensor<6x64xf32>
  %s2 = "lite.sigmoid"(%b) {lite.kernel = "jit_sigmoid__f32_nchw"} : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %m2 = "lite.mul"(%y, %s2) {lite.kernel = "jit_mul__f32_nchw"} : (tensor<6x64xf32>, tensor<6x1xf32>) -> tensor<6x64xf32>
  %d2 = "lite.sub"(%m2, %h) {lite.kernel = "jit_sub__f32_nchw", activation = "hard_swish"} : (tensor<6x64xf32>, tensor<f32>) -> tensor<6x64xf32>
  return %d, %d2 : tensor<6x64xf32>, tensor<6x64xf32>
}

// -----

// The boundary of a group: %a is used outside the chain (returned), so it
// is a kernel's output and the exp/mul chain reads it.
// CHECK-LABEL: ^bb0(%arg0: tensor<3x33xf32>, %arg1: tensor<3x33xf32>):
// CHECK-NEXT:    %[[A:.*]] = "lite.dispatch"(%arg0, %arg1) {callee = @lite_kernels::@jit_sub_{{[0-9a-f]+}}
// CHECK-NEXT:    %[[M:.*]] = "lite.dispatch"(%[[A]]) {callee = @lite_kernels::@jit_exp_mul_sigmoid_{{[0-9a-f]+}}
// CHECK-NEXT:    "func.return"(%[[M]], %[[A]])
func.func @boundary(%x: tensor<3x33xf32>, %y: tensor<3x33xf32>) -> (tensor<3x33xf32>, tensor<3x33xf32>) {
  %a = "lite.sub"(%x, %y) {lite.kernel = "jit_sub__f32_nchw"} : (tensor<3x33xf32>, tensor<3x33xf32>) -> tensor<3x33xf32>
  %e = "lite.exp"(%a) {lite.kernel = "jit_exp__f32_nchw"} : (tensor<3x33xf32>) -> tensor<3x33xf32>
  %m = "lite.mul"(%e, %a) {lite.kernel = "jit_mul__f32_nchw", activation = "sigmoid"} : (tensor<3x33xf32>, tensor<3x33xf32>) -> tensor<3x33xf32>
  return %m, %a : tensor<3x33xf32>, tensor<3x33xf32>
}

// -----

// Softmax along the last axis: per row the max (lanes folded by
// vector.reduction), the sum of exp(x - max) and the scale by 1 / sum, each
// by vectors and a tail.
// CHECK-LABEL: ^bb0(%arg0: tensor<2x20xf32>):
// CHECK-NEXT:    "lite.dispatch"(%arg0) {callee = @lite_kernels::@jit_softmax_{{[0-9a-f]+}}
// CHECK:         ^bb0(%arg0: memref<2x20xf32>, %arg1: memref<2x20xf32>):
// CHECK:           "scf.parallel"
// CHECK:             "arith.maxf"{{.*}} -> vector<8xf32>
// CHECK:             "vector.reduction"(%{{.*}}) {kind = #vector.kind<maxf>} : (vector<8xf32>) -> f32
// CHECK:             "arith.maxf"{{.*}} -> f32
// CHECK:             "vector.broadcast"
// CHECK:             "math.exp"{{.*}} -> vector<8xf32>
// CHECK:             "vector.reduction"(%{{.*}}) {kind = #vector.kind<add>}
// CHECK:             "math.exp"{{.*}} -> f32
// CHECK:             "arith.divf"
// CHECK:             "arith.mulf"{{.*}} -> vector<8xf32>
// CHECK:             "arith.mulf"{{.*}} -> f32
// CHECK:           lite.kernel = {num_inputs = 1 : i64}, sym_name = "jit_softmax_{{[0-9a-f]+}}"
func.func @softmax(%x: tensor<2x20xf32>) -> tensor<2x20xf32> {
  %s = "lite.softmax"(%x) {axis = 1 : i64, lite.kernel = "jit_softmax__f32_nchw"} : (tensor<2x20xf32>) -> tensor<2x20xf32>
  return %s : tensor<2x20xf32>
}

// -----

// A reduction over a middle and the last dim: a scalar loop over dim 1
// around a vector sweep of dim 3, the accumulator carried by both.
// CHECK-LABEL: ^bb0(%arg0: tensor<2x5x6x19xf32>):
// CHECK-NEXT:    "lite.dispatch"(%arg0) {callee = @lite_kernels::@jit_reduce_sum_{{[0-9a-f]+}}, lite.kernel = "jit_reduce_sum_{{[0-9a-f]+}}", result_dims = array<i64: 4, 2, 1, 6, 1>}
// CHECK:         ^bb0(%arg0: memref<2x5x6x19xf32>, %arg1: memref<2x1x6x1xf32>):
// CHECK-DAG:       %[[C0:[0-9]+]] = "arith.constant"() {value = 0 : index}
// CHECK-DAG:       %[[C5:[0-9]+]] = "arith.constant"() {value = 5 : index}
// CHECK-DAG:       %[[C8:[0-9]+]] = "arith.constant"() {value = 8 : index}
// CHECK-DAG:       %[[C16:[0-9]+]] = "arith.constant"() {value = 16 : index}
// CHECK-DAG:       %[[C19:[0-9]+]] = "arith.constant"() {value = 19 : index}
// CHECK-DAG:       %[[ZS:[0-9]+]] = "arith.constant"() {value = 0.000000e+00 : f32}
// CHECK-DAG:       %[[ZV:[0-9]+]] = "arith.constant"() {value = dense<0.000000e+00> : vector<8xf32>}
// CHECK:           "scf.parallel"
// CHECK:             %[[OUT:[0-9]+]] = "scf.for"(%[[C0]], %[[C5]], %{{.*}}, %[[ZS]]) ({
// CHECK-NEXT:        ^bb0(%{{.*}}: index, %[[ACC:.*]]: f32):
// CHECK-NEXT:          %[[V:[0-9]+]] = "scf.for"(%[[C0]], %[[C16]], %[[C8]], %[[ZV]])
// CHECK:               "vector.reduction"(%[[V]]) {kind = #vector.kind<add>}
// CHECK-NEXT:          "arith.addf"(%[[ACC]]
// CHECK-NEXT:          "scf.for"(%[[C16]], %[[C19]]
// CHECK:             "memref.store"(%[[OUT]], %arg1, %{{.*}}, %[[C0]], %{{.*}}, %[[C0]])
func.func @reduce_sum(%x: tensor<2x5x6x19xf32>) -> tensor<2x1x6x1xf32> {
  %a = "lite.reduce_sum"(%x) {axes = array<i64: 1, 3>, lite.kernel = "jit_reduce_sum__f32_nchw"} : (tensor<2x5x6x19xf32>) -> tensor<2x1x6x1xf32>
  return %a : tensor<2x1x6x1xf32>
}

// -----

// Transpose moving the last dim: the output's last dim (17) and the one
// that reads the input's last (4, shorter than a tile: not tiled) are
// loops inside the tiles of 16 of the first, the last tile cut by minui.
// CHECK-LABEL: ^bb0(%arg0: tensor<2x17x3x4xf32>):
// CHECK-NEXT:    "lite.dispatch"(%arg0) {callee = @lite_kernels::@jit_transpose_{{[0-9a-f]+}}
// CHECK:         ^bb0(%arg0: memref<2x17x3x4xf32>, %arg1: memref<2x3x4x17xf32>):
// CHECK-DAG:       %[[C0:[0-9]+]] = "arith.constant"() {value = 0 : index}
// CHECK-DAG:       %[[C4:[0-9]+]] = "arith.constant"() {value = 4 : index}
// CHECK-DAG:       %[[C16:[0-9]+]] = "arith.constant"() {value = 16 : index}
// CHECK-DAG:       %[[C17:[0-9]+]] = "arith.constant"() {value = 17 : index}
// CHECK:           "scf.parallel"
// CHECK:             "scf.for"(%[[C0]], %[[C17]], %[[C16]]) ({
// CHECK-NEXT:        ^bb0(%[[T:.*]]: index):
// CHECK-NEXT:          %[[E:[0-9]+]] = "arith.addi"(%[[T]], %[[C16]])
// CHECK-NEXT:          %[[END:[0-9]+]] = "arith.minui"(%[[E]], %[[C17]])
// CHECK-NEXT:          "scf.for"(%[[C0]], %[[C4]], %{{.*}}) ({
// CHECK-NEXT:          ^bb0(%[[B:.*]]: index):
// CHECK-NEXT:            "scf.for"(%[[T]], %[[END]], %{{.*}}) ({
// CHECK-NEXT:            ^bb0(%[[A:.*]]: index):
// CHECK-NEXT:              %[[V:[0-9]+]] = "memref.load"(%arg0, %[[I0:.*]], %[[A]], %[[I1:.*]], %[[B]]) : (memref<2x17x3x4xf32>
// CHECK-NEXT:              "memref.store"(%[[V]], %arg1, %[[I0]], %[[I1]], %[[B]], %[[A]]) : (f32, memref<2x3x4x17xf32>
func.func @transpose(%x: tensor<2x17x3x4xf32>) -> tensor<2x3x4x17xf32> {
  %a = "lite.transpose"(%x) {perm = array<i64: 0, 2, 3, 1>, lite.kernel = "jit_transpose__f32_nchw"} : (tensor<2x17x3x4xf32>) -> tensor<2x3x4x17xf32>
  return %a : tensor<2x3x4x17xf32>
}

// -----

// Left alone: kernels that are not generated. Ops that picked a generated
// kernel the pass cannot make (dynamic shapes, other element types, the
// ops without a loop form, a pool that is not global) run the reference
// kernel of the same Place instead.
// CHECK-LABEL: ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<?x4xf32>,
// CHECK-NEXT:    "lite.add"(%arg0, %arg0) {lite.kernel = "ref_add__f32_nchw"}
// CHECK-NEXT:    "lite.relu"(%arg1) {lite.kernel = "ref_relu__f32_nchw"}
// CHECK-NEXT:    "lite.add"(%arg2, %arg2) {lite.kernel = "ref_add__any_nchw"}
// CHECK-NEXT:    "lite.conv2d_transpose"{{.*}}lite.kernel = "ref_conv2d_transpose__f32_nchw"
// CHECK-NEXT:    "lite.pool2d"{{.*}}lite.kernel = "ref_pool2d__f32_nchw"
// CHECK-NEXT:    "func.return"
// CHECK-NOT:   lite_kernels
func.func @left_alone(%a: tensor<4xf32>, %d: tensor<?x4xf32>, %i: tensor<4xi64>, %x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) -> (tensor<4xf32>, tensor<?x4xf32>, tensor<4xi64>, tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>) {
  %0 = "lite.add"(%a, %a) {lite.kernel = "ref_add__f32_nchw"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "lite.relu"(%d) {lite.kernel = "jit_relu__f32_nchw"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "lite.add"(%i, %i) {lite.kernel = "jit_add__any_nchw"} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %4 = "lite.conv2d_transpose"(%x, %w) {lite.kernel = "jit_conv2d_transpose__f32_nchw"} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %5 = "lite.pool2d"(%x) {pooling_type = "avg", kernel_shape = array<i64: 3, 3>, lite.kernel = "jit_pool2d__f32_nchw"} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0, %1, %2, %4, %5 : tensor<4xf32>, tensor<?x4xf32>, tensor<4xi64>, tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>
}

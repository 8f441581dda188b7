// upstream mlir-opt-16 parses and verifies every kernel lite-lower-to-loops
// writes (the lite ops around them are unregistered there), in our custom
// form and in the generic one.
// REQUIRES: mlir-opt
// RUN: lite-opt %S/lite-lower-to-loops.mlir --split-input-file --lite-lower-to-loops | %mlir-opt --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %S/lite-lower-to-loops.mlir --split-input-file --lite-lower-to-loops --mlir-print-op-generic | %mlir-opt --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %S/../codegen-upstream/elementwise.mlir --split-input-file --lite-lower-to-loops='vector-width=16' | %mlir-opt --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=EW
// RUN: lite-opt %S/../codegen-upstream/reduce.mlir --split-input-file --lite-lower-to-loops | %mlir-opt --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=RED

// CHECK: func.func @jit_add_relu_
// CHECK: scf.parallel
// CHECK: vector.load
// CHECK: func.func @jit_softmax_
// CHECK: vector.reduction <maxf>
// CHECK: func.func @jit_reduce_sum_
// CHECK: func.func @jit_transpose_
// EW: func.func @jit_mul_leaky_relu_sigmoid_sub_
// EW: vector<16xf32>
// RED: func.func @jit_layer_norm_
// RED: func.func @jit_global_pool_

// REQUIRES: llvm
// lite-translate --emit-object/--emit-llvm on a model of the lite dialect:
// the compile path with generated kernels (--kernel-kinds, jit,ref by
// default), then the module's @lite_kernels alone into the object with its
// kernel table. --emit-artifact from the same model and kinds dispatches to
// exactly those kernels: their names are hashes of the kernel bodies, so
// the names match only if both compiled the same code.
// RUN: lite-translate --emit-object --target=x86_64-linux-gnu -o %t.x86.o %s
// RUN: lite-translate --emit-object --target=aarch64-linux-gnu -o %t.arm.o %s
// RUN: lite-translate --emit-artifact --kernel-kinds=jit,ref -o %t.lite %s
// RUN: llvm-nm --defined-only --extern-only %t.x86.o > %t.names
// RUN: llvm-nm --defined-only --extern-only %t.arm.o >> %t.names
// RUN: lite-artifact-dump %t.lite >> %t.names
// RUN: FileCheck %s < %t.names

// The x86_64 object: two kernels and the table, nothing else exported.
// CHECK:      T [[ADD:jit_add_relu_[0-9a-f]{8}]]
// CHECK-NEXT: T [[SOFTMAX:jit_softmax_[0-9a-f]{8}]]
// CHECK-NEXT: D lite_generated_kernels
// The aarch64 object: the same names.
// CHECK-NEXT: T [[ADD]]
// CHECK-NEXT: T [[SOFTMAX]]
// CHECK-NEXT: D lite_generated_kernels
// The artifact: the two ops are dispatches of those kernels.
// CHECK:      instructions 2, inputs 2, outputs 1
// CHECK:      instr 0: lite.dispatch [[ADD]] (2 operands, 1 results
// CHECK-NEXT: instr 1: lite.dispatch [[SOFTMAX]] (1 operands, 1 results

// The table lists the kernels by name, in the IR as well.
// RUN: lite-translate --emit-llvm --mcpu=x86-64-v3 %s | FileCheck %s --check-prefix=IR
// IR-DAG: c"[[ADD:jit_add_relu_[0-9a-f]{8}]]\00"
// IR-DAG: c"[[SOFTMAX:jit_softmax_[0-9a-f]{8}]]\00"
// IR-DAG: define ptr @[[ADD]](ptr
// IR-DAG: define ptr @[[SOFTMAX]](ptr
// IR-DAG: @lite_generated_kernels = {{.*}}constant { i32, i32, ptr } { i32 1, i32 2,

// --kernel-kinds=ref: no op takes a generated kernel; the table is empty
// (the object still links), and a note says why.
// RUN: lite-translate --emit-llvm --kernel-kinds=ref %s 2>&1 | FileCheck %s --check-prefix=REF
// REF: lite-translate: note: {{.*}}model.mlir: no op took a generated kernel: the kernel table is empty
// REF: @lite_generated_kernels = {{.*}}constant { i32, i32, ptr } { i32 1, i32 0,
// REF-NOT: define

// The lowered module (lite.dispatch and @lite_kernels, as lite-opt writes
// it) is not compiled again: its @lite_kernels is translated as it is.
// RUN: lite-opt %s --pass-pipeline='builtin.module(lite-optimize,func.func(lite-pick-kernels{kernel-kinds=jit,ref},lite-infer-places,lite-insert-casts),lite-lower-to-loops)' -o %t.lowered.mlir
// RUN: lite-translate --emit-llvm --mcpu=x86-64-v3 %t.lowered.mlir | FileCheck %s --check-prefix=IR

func.func @main(%x: tensor<1x4x8x20xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32> {
  %a = "lite.add"(%x, %b) : (tensor<1x4x8x20xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32>
  %r = "lite.relu"(%a) : (tensor<1x4x8x20xf32>) -> tensor<1x4x8x20xf32>
  %s = "lite.softmax"(%r) {axis = -1 : i64} : (tensor<1x4x8x20xf32>) -> tensor<1x4x8x20xf32>
  return %s : tensor<1x4x8x20xf32>
}

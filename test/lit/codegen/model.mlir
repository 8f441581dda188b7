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

// --vector-width shapes the kernels (other bodies, other names); given to
// both, the artifact and the object still agree. Without it both take 8
// whatever the machine (lite-run --jit takes the host's: 16 with AVX-512).
// RUN: lite-translate --emit-object --vector-width=16 -o %t.w16.o %s
// RUN: lite-translate --emit-artifact --kernel-kinds=jit,ref --vector-width=16 -o %t.w16.lite %s
// RUN: llvm-nm --defined-only --extern-only %t.w16.o > %t.w16.names
// RUN: lite-artifact-dump %t.w16.lite >> %t.w16.names
// RUN: cat %t.names >> %t.w16.names
// RUN: FileCheck %s --check-prefix=W16 < %t.w16.names
// W16:      T [[ADD16:jit_add_relu_[0-9a-f]{8}]]
// W16-NEXT: T [[SOFTMAX16:jit_softmax_[0-9a-f]{8}]]
// W16:      instr 0: lite.dispatch [[ADD16]]
// W16-NEXT: instr 1: lite.dispatch [[SOFTMAX16]]
// W16-NOT:  [[ADD16]]
// W16:      T jit_add_relu_
// RUN: lite-translate --emit-llvm --vector-width=16 --mcpu=x86-64-v4 %s | FileCheck %s --check-prefix=IR16
// IR16: fadd <16 x float>
// RUN: not lite-translate --import-onnx --vector-width=16 %s 2>&1 | FileCheck %s --check-prefix=NEEDS
// NEEDS: --vector-width needs --emit-artifact, --emit-llvm or --emit-object
// RUN: not lite-translate --emit-llvm --vector-width=0 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not lite-translate --emit-llvm --vector-width=65 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: vector-width

func.func @main(%x: tensor<1x4x8x20xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32> {
  %a = "lite.add"(%x, %b) : (tensor<1x4x8x20xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x8x20xf32>
  %r = "lite.relu"(%a) : (tensor<1x4x8x20xf32>) -> tensor<1x4x8x20xf32>
  %s = "lite.softmax"(%r) {axis = -1 : i64} : (tensor<1x4x8x20xf32>) -> tensor<1x4x8x20xf32>
  return %s : tensor<1x4x8x20xf32>
}

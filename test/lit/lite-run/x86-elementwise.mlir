// REQUIRES: x86-kernels, llvm
// The hand-written broadcasting binary kernels at x86:f32:nchw: a bias of
// another rank (numpy broadcasting), a scale along one middle dim, a
// per-row divisor, a per-channel prelu and a sub with a relu fused in (by
// lite-optimize), each lone, so each runs its x86 row, and a softmax of
// the last axis; the runtime's
// outputs match the interpreter's on random inputs, on one thread and
// two. With --jit, the chain of the bias add, a square and their sum runs
// as one generated kernel while the lone ops keep their x86 rows (the
// scale too: the function returns it as well as squaring it).

// RUN: lite-run %s --lite-places=x86:f32:nchw,host:f32:nchw --check-reference --profile --seed 7 | FileCheck %s
// RUN: lite-run %s --lite-places=x86:f32:nchw,host:f32:nchw --check-reference --num-threads 2 --seed 8 | FileCheck %s --check-prefix=OK
// CHECK-DAG: lite.add{{ +}}x86_add__f32_nchw{{ +}}x86:f32:nchw{{ +}}2x24x40x40
// CHECK-DAG: lite.mul{{ +}}x86_mul__f32_nchw{{ +}}x86:f32:nchw{{ +}}2x24x40x40
// CHECK-DAG: lite.div{{ +}}x86_div__f32_nchw{{ +}}x86:f32:nchw{{ +}}6x37
// CHECK-DAG: lite.prelu{{ +}}x86_prelu__f32_nchw{{ +}}x86:f32:nchw{{ +}}2x24x40x40
// CHECK-DAG: lite.sub{{ +}}x86_sub__f32_nchw{{ +}}x86:f32:nchw{{ +}}6x37
// CHECK-DAG: lite.softmax{{ +}}x86_softmax__f32_nchw{{ +}}x86:f32:nchw{{ +}}6x37
// CHECK: by op type
// CHECK-COUNT-6: (runtime vs interpreter)': {{.*}}: ok
// OK-COUNT-6: (runtime vs interpreter)': {{.*}}: ok

// RUN: lite-run %s --lite-places=x86:f32:nchw,host:f32:nchw --jit --check-reference --profile --seed 9 | FileCheck %s --check-prefix=JIT
// JIT-DAG: lite.dispatch{{ +}}jit_add_mul_add_
// JIT-DAG: lite.mul{{ +}}x86_mul__f32_nchw
// JIT-DAG: lite.div{{ +}}x86_div__f32_nchw
// JIT-DAG: lite.prelu{{ +}}x86_prelu__f32_nchw
// JIT-DAG: lite.sub{{ +}}x86_sub__f32_nchw
// JIT-DAG: lite.softmax{{ +}}x86_softmax__f32_nchw
// JIT: by op type
// JIT-COUNT-6: (runtime vs interpreter)': {{.*}}: ok

func.func @main(%x: tensor<2x24x40x40xf32> {lite.name = "x"},
                %b: tensor<24x1x1xf32> {lite.name = "b"},
                %s: tensor<1x1x40x1xf32> {lite.name = "s"},
                %slope: tensor<1x24x1x1xf32> {lite.name = "slope"},
                %r: tensor<6x37xf32> {lite.name = "r"},
                %d: tensor<6x1xf32> {lite.name = "d"})
    -> (tensor<2x24x40x40xf32> {lite.name = "y_add"},
        tensor<2x24x40x40xf32> {lite.name = "y_mul"},
        tensor<6x37xf32> {lite.name = "y_div"},
        tensor<2x24x40x40xf32> {lite.name = "y_prelu"},
        tensor<6x37xf32> {lite.name = "y_sub"},
        tensor<6x37xf32> {lite.name = "y_softmax"}) {
  %a = "lite.add"(%x, %b) : (tensor<2x24x40x40xf32>, tensor<24x1x1xf32>) -> tensor<2x24x40x40xf32>
  %m = "lite.mul"(%x, %s) : (tensor<2x24x40x40xf32>, tensor<1x1x40x1xf32>) -> tensor<2x24x40x40xf32>
  %q = "lite.div"(%r, %d) : (tensor<6x37xf32>, tensor<6x1xf32>) -> tensor<6x37xf32>
  %p = "lite.prelu"(%x, %slope) : (tensor<2x24x40x40xf32>, tensor<1x24x1x1xf32>) -> tensor<2x24x40x40xf32>
  %u = "lite.sub"(%r, %d) : (tensor<6x37xf32>, tensor<6x1xf32>) -> tensor<6x37xf32>
  %v = "lite.relu"(%u) : (tensor<6x37xf32>) -> tensor<6x37xf32>
  %mm = "lite.mul"(%m, %m) : (tensor<2x24x40x40xf32>, tensor<2x24x40x40xf32>) -> tensor<2x24x40x40xf32>
  %aa = "lite.add"(%a, %mm) : (tensor<2x24x40x40xf32>, tensor<2x24x40x40xf32>) -> tensor<2x24x40x40xf32>
  %sm = "lite.softmax"(%r) {axis = 1 : i64} : (tensor<6x37xf32>) -> tensor<6x37xf32>
  return %aa, %m, %q, %p, %v, %sm : tensor<2x24x40x40xf32>, tensor<2x24x40x40xf32>, tensor<6x37xf32>, tensor<2x24x40x40xf32>, tensor<6x37xf32>, tensor<6x37xf32>
}

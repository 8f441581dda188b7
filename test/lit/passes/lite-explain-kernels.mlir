// --lite-explain-kernels is lite-pick-kernels with a remark per op listing
// every candidate kernel and its score (the first valid place weighs most;
// ties go to registration order, f32 rows first).
// RUN: lite-opt %s --lite-explain-kernels --verify-diagnostics -o /dev/null
// RUN: lite-opt %s --lite-explain-kernels 2>/dev/null | FileCheck %s
// It is an alias with explain preset: --help lists `places` and
// `kernel-kinds`, not `explain`, and
// --mlir-pass-statistics counts under its own name.
// RUN: lite-opt --list-passes | FileCheck %s --check-prefix=HELP --match-full-lines
// HELP:      --lite-explain-kernels - lite-pick-kernels with a remark {{.*}}
// HELP-NEXT:   --places=<string> {{.*}}
// HELP-NEXT:   --kernel-kinds=<string> {{.*}}
// HELP-NEXT: --lite-{{.*}}
// RUN: not lite-opt %s --lite-explain-kernels=explain=false 2>&1 | FileCheck %s --check-prefix=PRESET
// PRESET: error: no such option explain: lite-explain-kernels is lite-pick-kernels with explain=true
// RUN: lite-opt %s --lite-explain-kernels --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS:      LiteExplainKernels
// STATS-NEXT:   (S) 2 num-picked

// CHECK: "lite.relu"(%arg0) {lite.kernel = "ref_relu__f32_nchw"}
// CHECK: "lite.greater"(%arg0, %arg0) {lite.kernel = "ref_greater__f32_nchw"}
func.func @f(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  // expected-remark @+1 {{'lite.relu' op kernel ref_relu__f32_nchw; ref_relu__f32_nchw = 892, ref_relu__any_nchw = 892}}
  %0 = "lite.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-remark @+1 {{'lite.greater' op kernel ref_greater__f32_nchw}}
  %1 = "lite.greater"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xi1>
}

// The convolution fusions on the CNNs of test/models/gen_models.py (ONNX as
// exporters write it: Conv, then BatchNormalization, then Relu / Clip /
// HardSwish, residual Adds). Every batch_norm folds into its conv, every
// residual add (with the relu after it) and every activation moves into the
// conv epilogue: only convs, pools and the classifier remain.
//
// Numbers: tiny_cnn agrees exactly; mobilenet_v2 within 1.6e-6; resnet18's
// 20 reassociated bn folds leave max-abs 4e-6 on logits up to 8.4 (a few
// near-zero logits are beyond 1e-5 relative, hence atol 1e-5), the same
// size as the unfused f32 model's own error against an f64 run.

// The weights' resource blobs are left out of what FileCheck reads (grep
// keeps the op lines), which would otherwise take it seconds.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../../models/gen_models.py %t tiny_cnn mobilenet_v2 resnet18 > /dev/null

// RUN: lite-translate --import-onnx %t/tiny_cnn.onnx -o %t/tiny.mlir
// RUN: lite-opt %t/tiny.mlir --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --mlir-pass-statistics -o %t/tiny.opt.mlir 2>&1 | FileCheck %s --check-prefix=TINY-STATS
// TINY-STATS:      (S) 4 num-fused - Number of conv+batch_norm pairs fused
// TINY-STATS:      (S) 1 num-fused - Number of conv+add (residual) pairs fused
// TINY-STATS:      (S) 4 num-fused - Number of conv+activation pairs fused
// RUN: grep -e '"lite\.' -e return %t/tiny.opt.mlir | FileCheck %s --check-prefix=TINY
// TINY:      "lite.conv2d"(%arg0, {{.*}}) {activation = "relu6"
// TINY:      "lite.conv2d"({{.*}}) {activation = "hard_swish"
// TINY:      "lite.conv2d"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {activation = "relu"
// TINY-NOT:  "lite.{{batch_norm|clip|relu|hard_swish|add}}"
// TINY:      return
// RUN: lite-run --compare %t/tiny_cnn.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --rtol 1e-5 | FileCheck %s --check-prefix=TINY-NUM
// TINY-NUM: ops: 26 -> 16
// TINY-NUM: max-abs 0 max-rel 0 cosine 1.000000: ok

// RUN: lite-translate --import-onnx %t/mobilenet_v2.onnx -o %t/mobilenet.mlir
// RUN: lite-opt %t/mobilenet.mlir --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --mlir-pass-statistics -o %t/mobilenet.opt.mlir 2>&1 | FileCheck %s --check-prefix=MOBILE-STATS
// MOBILE-STATS:      (S) 52 num-fused - Number of conv+batch_norm pairs fused
// MOBILE-STATS:      (S) 10 num-fused - Number of conv+add (residual) pairs fused
// MOBILE-STATS:      (S) 35 num-fused - Number of conv+activation pairs fused
// RUN: grep -e '"lite\.' -e return %t/mobilenet.opt.mlir | FileCheck %s --check-prefix=MOBILE
// MOBILE-COUNT-52: "lite.conv2d"
// RUN: grep -c '"lite.conv2d"(%[0-9]*, %[0-9]*, %[0-9]*, %[0-9]*) {dilations' %t/mobilenet.opt.mlir | FileCheck %s --check-prefix=MOBILE-RES
// MOBILE-RES: 10
// MOBILE-NOT:  "lite.{{batch_norm|clip|add}}"
// RUN: lite-run --compare %t/mobilenet_v2.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --rtol 1e-5 | FileCheck %s --check-prefix=MOBILE-NUM
// MOBILE-NUM: ops: 152 -> 55
// MOBILE-NUM: cosine 1.000000: ok

// RUN: lite-translate --import-onnx %t/resnet18.onnx -o %t/resnet.mlir
// RUN: lite-opt %t/resnet.mlir --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --mlir-pass-statistics -o %t/resnet.opt.mlir 2>&1 | FileCheck %s --check-prefix=RESNET-STATS
// RESNET-STATS:      (S) 20 num-fused - Number of conv+batch_norm pairs fused
// RESNET-STATS:      (S) 8 num-fused - Number of conv+add (residual) pairs fused
// RESNET-STATS:      (S) 9 num-fused - Number of conv+activation pairs fused
// RUN: grep -e '"lite\.' -e return %t/resnet.opt.mlir | FileCheck %s --check-prefix=RESNET
// RESNET-COUNT-8: "lite.conv2d"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {activation = "relu"
// RESNET-NOT:  "lite.{{batch_norm|relu|add}}"
// RUN: lite-run --compare %t/resnet18.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-conv-bn,lite-fuse-conv-bias,lite-fuse-conv-scale,lite-fuse-conv-conv,lite-fuse-conv-residual,lite-fuse-conv-activation))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=RESNET-NUM
// RESNET-NUM: ops: 69 -> 24
// RESNET-NUM: cosine 1.000000: ok

// The transformers of test/models/gen_models.py (ONNX as exporters write
// it below opset 17): lite-fuse-attention fuses the attention of every
// encoder layer, and with lite-fuse-layer-norm and lite-fuse-gelu each
// layer comes down to attention, two layer norms, a gelu and its four
// matmul + add pairs. Before and after agree within rtol 1e-5 and atol 1e-5
// on random inputs (max-abs seen: 6e-7 for tiny_transformer, 2.5e-6 for
// transformer_encoder, whose outputs reach about 4).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../../models/gen_models.py %t tiny_transformer transformer_encoder tiny_pytorch_mha pytorch_mha > /dev/null

// One layer (d 32, 4 heads, seq 16).
// RUN: lite-translate --import-onnx %t/tiny_transformer.onnx --mlir-print-debuginfo -o %t/tiny.mlir
// RUN: lite-opt %t/tiny.mlir --lite-fuse-attention --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-STATS
// TINY-STATS: (S) 1 num-fused - Number of multi-head attention subgraphs fused
// RUN: lite-opt %t/tiny.mlir --lite-fuse-attention --lite-fuse-layer-norm --lite-fuse-gelu --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=TINY
// TINY:      "lite.attention"(%arg0, {{.*}}, %arg1) {num_heads = 4 : i64, scale = 0.353553385 : f32} : {{.*}} -> tensor<1x16x32xf32> loc(fused["matmul_0", "add_0", "reshape_0", "transpose_0",
// TINY-SAME: "softmax_0", "matmul_4", "transpose_4", "reshape_3"])
// TINY-NOT:  "lite.softmax"
// TINY:      "lite.layer_norm"
// TINY:      "lite.gelu"{{.*}}{approximate = "none"}
// TINY:      "lite.layer_norm"
// TINY-NOT:  "lite.{{reduce_mean|erf|softmax|transpose|reshape}}"
// TINY:      return
// RUN: lite-run --compare %t/tiny_transformer.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-attention,lite-fuse-layer-norm,lite-fuse-gelu))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=TINY-NUM
// TINY-NUM: ops: 51 -> 12
// TINY-NUM: cosine 1.000000: ok
// RUN: lite-run --compare %t/tiny_transformer.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=TINY-ATTN-NUM
// TINY-ATTN-NUM: ops: 51 -> 32
// TINY-ATTN-NUM: cosine 1.000000: ok

// Two layers (d 256, 8 heads, seq 128).
// RUN: lite-translate --import-onnx %t/transformer_encoder.onnx -o %t/encoder.in.mlir
// RUN: lite-opt %t/encoder.in.mlir --lite-fuse-attention --lite-fuse-layer-norm --lite-fuse-gelu --mlir-pass-statistics -o %t/encoder.mlir 2>&1 | FileCheck %s --check-prefix=ENC-STATS
// ENC-STATS: (S) 2 num-fused - Number of multi-head attention subgraphs fused
// ENC-STATS: (S) 4 num-fused - Number of decomposed layer norms fused
// ENC-STATS: (S) 2 num-fused - Number of decomposed GELUs fused
// RUN: FileCheck %s --check-prefix=ENC < %t/encoder.mlir
// ENC-COUNT-2: "lite.attention"({{.*}}) {num_heads = 8 : i64, scale = 0.176776692 : f32}
// ENC-NOT:     "lite.softmax"
// RUN: lite-run --compare %t/transformer_encoder.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-attention,lite-fuse-layer-norm,lite-fuse-gelu))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=ENC-NUM
// ENC-NUM: ops: 102 -> 24
// ENC-NUM: cosine 1.000000: ok

// nn.MultiheadAttention as torch.onnx.export writes it (gen_models.py's
// pytorch_mha: the packed in-projection split by views, sequence-major):
// one layer with batch 2 and the [S, B, D] input, and two layers with
// batch_first; each attention fused.
// RUN: lite-translate --import-onnx %t/tiny_pytorch_mha.onnx -o %t/torch_tiny.mlir
// RUN: lite-opt %t/torch_tiny.mlir --lite-fuse-attention --mlir-pass-statistics -o %t/torch_tiny.out.mlir 2>&1 | FileCheck %s --check-prefix=TORCH-TINY-STATS
// TORCH-TINY-STATS: (S) 1 num-fused - Number of multi-head attention subgraphs fused
// RUN: FileCheck %s --check-prefix=TORCH-TINY < %t/torch_tiny.out.mlir
// TORCH-TINY:     %[[X:.*]] = "lite.transpose"(%arg0) {perm = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
// TORCH-TINY:     "lite.attention"(%[[X]], {{.*}}) {num_heads = 4 : i64, scale = 0.353553{{[0-9]*}} : f32}
// TORCH-TINY-NOT: "lite.{{softmax|gather|squeeze|unsqueeze}}"
// RUN: lite-run --compare %t/tiny_pytorch_mha.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=TORCH-TINY-NUM
// TORCH-TINY-NUM: cosine 1.000000: ok
// RUN: lite-translate --import-onnx %t/pytorch_mha.onnx -o %t/torch.mlir
// RUN: lite-opt %t/torch.mlir --lite-fuse-attention --mlir-pass-statistics -o %t/torch.out.mlir 2>&1 | FileCheck %s --check-prefix=TORCH-STATS
// TORCH-STATS: (S) 2 num-fused - Number of multi-head attention subgraphs fused
// RUN: FileCheck %s --check-prefix=TORCH < %t/torch.out.mlir
// TORCH-COUNT-2: "lite.attention"(%{{[a-z0-9]+}}, {{.*}}) {num_heads = 4 : i64, scale = 0.176776{{[0-9]*}} : f32}
// TORCH-NOT:     "lite.softmax"
// RUN: lite-run --compare %t/pytorch_mha.onnx --pass-pipeline='builtin.module(func.func(lite-fuse-attention))' --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=TORCH-NUM
// TORCH-NUM: cosine 1.000000: ok

/* pipelines.c - named pass pipelines. */
#include <stdio.h>
#include <string.h>

#include "ir/pass_manager.h"
#include "passes/fixed_point.h"
#include "passes/pass_list.h"

/* lite-optimize's passes, in the order each round runs them. The fusions
 * of whole decomposed subgraphs (layer norm, gelu, swish, attention,
 * channel shuffle, transposed softmax) come first: they match the forms
 * exporters write, which folding rewrites (a scalar add or mul becomes a
 * lite.scale or an attribute) and a pairwise fusion would take ops out of.
 * Then folding (it makes the constants and attribute forms the others
 * match on), redundancy (so that no-ops and duplicates do not block
 * single-use fusions), the pairwise fusions, conv before matmul and the
 * elementwise+activation fusion last (conv and fc take their activations
 * first); then the replacements of ops by cheaper equivalents (batch_norms
 * no conv absorbed, prelu, matmul by fc, ...), which enable fusions in the
 * next round, and the forwarding of elementwise work to smaller tensors.
 * Left out on purpose: the target-specific rewrites (split-group-conv,
 * replace-matmul-with-conv, expand-shuffle-channel), which undo what this
 * pipeline builds. One row per pass, named after its descriptor
 * lt_<name>_pass of pass_list.h. */
#define LT_LITE_OPTIMIZE_PASSES(X)                                             \
  X(fuse_layer_norm)                                                           \
  X(fuse_gelu)                                                                 \
  X(fuse_swish)                                                                \
  X(fuse_attention)                                                            \
  X(fuse_shuffle_channel)                                                      \
  X(fuse_transpose_softmax)                                                    \
  X(fold_constants)                                                            \
  X(eliminate_redundant)                                                       \
  X(cse)                                                                       \
  X(fuse_conv_bn)                                                              \
  X(fuse_conv_bias)                                                            \
  X(fuse_conv_scale)                                                           \
  X(fuse_conv_conv)                                                            \
  X(fuse_conv_residual)                                                        \
  X(fuse_conv_activation)                                                      \
  X(fuse_matmul_add)                                                           \
  X(fuse_matmul_scale)                                                         \
  X(fuse_matmul_bn)                                                            \
  X(fuse_scales)                                                               \
  X(fuse_elementwise_activation)                                               \
  X(replace_batch_norm)                                                        \
  X(replace_prelu)                                                             \
  X(replace_matmul_with_fc)                                                    \
  X(replace_conv_with_fc)                                                      \
  X(replace_reduce_mean_with_pool)                                             \
  X(forward_ops)

/* Rounds of lite-optimize; graphs seen so far settle in two or three. */
#define LT_LITE_OPTIMIZE_MAX_ROUNDS 8

/* The pipeline text, built once from the table (named pipelines borrow
 * their text). */
static char g_lite_optimize[2048];

static void append(size_t *n, const char *s) {
  size_t len = strlen(s);
  if (*n + len >= sizeof(g_lite_optimize)) return; /* the table is short */
  memcpy(g_lite_optimize + *n, s, len + 1);
  *n += len;
}

static void build_lite_optimize(void) {
  char head[64];
  snprintf(head, sizeof(head), "lite-fixed-point{max-rounds=%d pipeline=",
           LT_LITE_OPTIMIZE_MAX_ROUNDS);
  size_t n = 0;
  append(&n, head);
  const char *sep = "";
#define X(name)                                                                \
  append(&n, sep);                                                             \
  append(&n, lt_##name##_pass.argument);                                       \
  sep = ",";
  LT_LITE_OPTIMIZE_PASSES(X)
#undef X
  append(&n, "}");
}

void lt_register_core_pipelines(void) {
  /* Run on a module, this is builtin.module(symbol-dce,func.func(
   * canonicalize,cse)): drop unused private symbols first, then clean up
   * every function. */
  lt_pass_pipeline_register(
      "lite-default",
      "The default cleanup pipeline: symbol-dce, then canonicalize and cse "
      "on every function",
      "symbol-dce,func.func(canonicalize,cse)");

  static const lt_pass_info_t *const lite_optimize_passes[] = {
#define X(name) &lt_##name##_pass,
      LT_LITE_OPTIMIZE_PASSES(X)
#undef X
  };
  lt_fixed_point_register(lite_optimize_passes,
                          LT_ARRAY_SIZE(lite_optimize_passes));
  if (!g_lite_optimize[0]) build_lite_optimize();
  lt_pass_pipeline_register(
      "lite-optimize",
      "The graph optimizations of the lite dialect on every function: "
      "folding, redundancy elimination, fusion, replacement and forwarding, "
      "repeated until nothing changes",
      g_lite_optimize);
}

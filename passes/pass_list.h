/* pass_list.h - the table of this library's passes (internal): one row per
 * pass or alias, its descriptor lt_<name>_pass defined in passes/<name>.c
 * (the aliases next to their base pass). */
#ifndef LITE_PASSES_PASS_LIST_H
#define LITE_PASSES_PASS_LIST_H

#include "ir/pass.h"

#define LT_CORE_PASSES(X)                                                      \
  X(infer_places)                                                              \
  X(insert_casts)                                                              \
  X(canonicalize)                                                              \
  X(cse)                                                                       \
  X(symbol_dce)                                                                \
  X(strip_debuginfo)                                                           \
  X(plan_memory)                                                               \
  X(no_memory_reuse)                                                           \
  X(view_op_graph)                                                             \
  X(fold_constants)                                                            \
  X(eliminate_redundant)                                                       \
  X(replace_batch_norm)                                                        \
  X(replace_prelu)                                                             \
  X(replace_matmul_with_fc)                                                    \
  X(replace_conv_with_fc)                                                      \
  X(replace_reduce_mean_with_pool)                                             \
  X(replace_matmul_with_conv)                                                  \
  X(split_group_conv)                                                          \
  X(expand_shuffle_channel)                                                    \
  X(forward_ops)                                                               \
  X(pick_kernels)                                                              \
  X(choose_layout)                                                             \
  X(explain_kernels)                                                           \
  X(fuse_layer_norm)                                                           \
  X(fuse_gelu)                                                                 \
  X(fuse_shuffle_channel)                                                      \
  X(fuse_transpose_softmax)                                                    \
  X(fuse_attention)                                                            \
  X(fuse_conv_bn)                                                              \
  X(fuse_conv_bias)                                                            \
  X(fuse_conv_scale)                                                           \
  X(fuse_conv_activation)                                                      \
  X(fuse_conv_conv)                                                            \
  X(fuse_conv_residual)                                                        \
  X(fuse_matmul_add)                                                           \
  X(fuse_matmul_scale)                                                         \
  X(fuse_matmul_bn)                                                            \
  X(fuse_scales)                                                               \
  X(fuse_elementwise_activation)                                               \
  X(fuse_swish)                                                                \
  X(lower_to_loops)                                                            \
  X(fixed_point)

#define X(name) extern const lt_pass_info_t lt_##name##_pass;
LT_CORE_PASSES(X)
#undef X

/* Registers the named pipelines of pipelines.c; false when out of memory. */
bool lt_register_core_pipelines(void);

#endif /* LITE_PASSES_PASS_LIST_H */

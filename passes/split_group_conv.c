/* split_group_conv.c - lite-split-group-conv: a grouped conv2d as one
 * ordinary conv per group, for targets whose conv kernels take one group
 * only:
 *
 *   conv2d(X, W, B?, R?){group = g}
 *   = concat(conv2d(X_i, W_i, B_i?, R_i?) for i < g){axis = 1}
 *
 * X_i, R_i: channels [i*Cin/g, (i+1)*Cin/g) resp. [i*Cout/g, ...) of X and
 * R (lite.slice); W_i, B_i: rows [i*Cout/g, (i+1)*Cout/g) of W and B, new
 * constants when they are constants, slices otherwise. Every other
 * attribute (window, activation) is kept: group i's outputs depend only on
 * X_i and W_i, and the activation and residual act per element, so the
 * result is the same sums of the same products.
 *
 * Each group becomes ops of its own: convs with more than `max-groups`
 * groups (depthwise ones, typically) are left alone. Not in the default
 * pipeline: only a target without grouped kernels wants it. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

typedef struct split_options {
  int64_t max_groups;
} split_options_t;

/* Rows [lo, hi) of v along axis 0 (constant) or axis `axis` (slice). */
static lt_value_t *part(lt_rewriter_t *rw, lt_loc_t loc, lt_value_t *v,
                        int64_t axis, int64_t lo, int64_t hi,
                        const char *hint) {
  const lt_type_t *t = lt_repl_static(v);
  lk_tensor_t k;
  bool owned;
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  if (axis != 0 || !t || !lt_rw_const_tensor(v, al, &k, &owned))
    return lt_repl_slice(rw, loc, v, axis, lo, hi);
  int64_t inner = lk_numel(&k) / (k.dims[0] ? k.dims[0] : 1);
  int64_t dims[LK_MAX_RANK];
  for (int32_t d = 0; d < k.rank; d++)
    dims[d] = k.dims[d];
  dims[0] = hi - lo;
  int64_t count = (hi - lo) * inner;
  int64_t *index = lt_calloc(al, (size_t)(count ? count : 1) * sizeof *index);
  lt_value_t *r = NULL;
  if (index) {
    for (int64_t i = 0; i < count; i++)
      index[i] = lo * inner + i;
    r = lt_repl_const_gather(rw, loc, &k, k.rank, dims, index, hint);
    lt_free(al, index, (size_t)(count ? count : 1) * sizeof *index);
  }
  if (owned) lt_lite_tensor_free(al, &k);
  return r;
}

static lt_result_t split_conv(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  const split_options_t *o = self->user;
  lt_value_t *x = lt_op_operand(op, 0), *w = lt_op_operand(op, 1);
  const lt_type_t *xt = lt_repl_ranked(x), *wt = lt_repl_static(w);
  const lt_type_t *rt = lt_repl_ranked(lt_op_result(op, 0));
  lt_lite_call_t c = lt_repl_call(op);
  int64_t g = lt_lite_attr_int(&c, "group", 1);
  if (g < 2 || g > o->max_groups || !xt || !wt || !rt || xt->shaped.rank < 3 ||
      wt->shaped.rank != xt->shaped.rank || !lt_repl_is_float(lt_repl_dtype(x)))
    return LT_FAILURE;
  int64_t cin = xt->shaped.shape[1], cout = wt->shaped.shape[0];
  if (cin == LT_DYNAMIC || cin % g != 0 || cout % g != 0 ||
      wt->shaped.shape[1] != cin / g || rt->shaped.shape[1] != cout)
    return LT_FAILURE;
  bool has_b = !lt_rw_absent(op, 2), has_r = !lt_rw_absent(op, 3);
  if (has_b && !lt_repl_static(lt_op_operand(op, 2))) return LT_FAILURE;

  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t *attrs;
  uint32_t na = lt_rw_attrs_with(op, "group", 0, NULL, &attrs);
  lt_allocator_t al = lt_context_allocator(ctx);
  lt_value_t **outs = lt_calloc(al, (size_t)g * sizeof *outs);
  if (!outs || (!attrs && op->attrs->dict.count > 0)) {
    lt_free(al, outs, (size_t)g * sizeof *outs);
    return LT_FAILURE;
  }
  lt_op_t *mark = lt_repl_mark(rw);
  int64_t ci = cin / g, co = cout / g;
  bool ok = true;
  for (int64_t i = 0; i < g && ok; i++) {
    lt_value_t *ops[4] = {
        lt_repl_slice(rw, op->loc, x, 1, i * ci, (i + 1) * ci),
        part(rw, op->loc, w, 0, i * co, (i + 1) * co, "conv_weight"), NULL,
        NULL};
    uint32_t n = 2;
    if (has_b || has_r)
      ops[n++] = has_b ? part(rw, op->loc, lt_op_operand(op, 2), 0, i * co,
                              (i + 1) * co, "conv_bias")
                       : lt_op_operand(op, 2);
    if (has_r)
      ops[n++] = lt_repl_slice(rw, op->loc, lt_op_operand(op, 3), 1, i * co,
                               (i + 1) * co);
    outs[i] = lt_repl_op(rw, LT_LITE_CONV2D, op->loc, n, ops, na, attrs);
    ok = outs[i] != NULL;
  }
  lt_value_t *y = NULL;
  if (ok) {
    lt_named_attr_t axis = lt_rw_named_int(ctx, "axis", 1);
    y = lt_repl_op(rw, LT_LITE_CONCAT, op->loc, (uint32_t)g, outs, 1, &axis);
  }
  lt_free(al, outs, (size_t)g * sizeof *outs);
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t run_split_group_conv(lt_pass_t *pass, lt_op_t *func) {
  const lt_rw_pattern_t patterns[] = {
      {{"lite.conv2d", 1, split_conv, pass->options, "split-group-conv"}, 0},
  };
  return lt_rw_run_patterns(pass, func, patterns, LT_ARRAY_SIZE(patterns),
                            NULL);
}

static const lt_pass_option_t split_options[] = {
    {"max-groups", LT_OPT_INT, offsetof(split_options_t, max_groups), "16",
     "Leave convs with more groups than this alone (each group becomes a "
     "conv of its own)"},
};

static const lt_pass_statistic_t split_statistics[] = {
    {"num-replaced", "Number of grouped conv2d ops split into one conv per "
                     "group"},
};

const lt_pass_info_t lt_split_group_conv_pass = {
    .argument = "lite-split-group-conv",
    .name = "LiteSplitGroupConv",
    .summary = "Split a grouped conv2d into slices, one conv per group and a "
               "concat",
    .anchor = "func.func",
    .options_size = sizeof(split_options_t),
    .options = split_options,
    .num_options = LT_ARRAY_SIZE(split_options),
    .statistics = split_statistics,
    .num_statistics = LT_ARRAY_SIZE(split_statistics),
    .run = run_split_group_conv,
};

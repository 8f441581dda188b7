/* replace_reduce_mean_with_pool.c - lite-replace-reduce-mean-with-pool: a
 * reduce_mean over every spatial axis of an image or a volume (axes {2, 3}
 * of a 4-D tensor, {2, 3, 4} of a 5-D one) is a global average pool, the
 * form targets have kernels for:
 *
 *   keepdims = 1:  pool2d(x){pooling_type = "avg", global_pooling = 1}
 *   keepdims = 0:  flatten(pool2d(...)){axis = 1}      ([N, C, 1, 1] -> [N, C])
 *
 * Both divide the sum of the same elements by their count. Axes may be an
 * attribute or a constant operand, negative or in any order. 3-D tensors
 * are left alone although pool2d takes them: there the last axis is a
 * transformer's feature axis far more often than a signal's time axis,
 * and the layer_norm fusion looks for the reduce_mean. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

/* The axes name exactly the spatial axes 2 .. rank-1. */
static bool spatial_axes(lt_op_t *op, int32_t rank) {
  int64_t axes[LK_MAX_RANK];
  int32_t n = lt_repl_ints(op, "axes", 1, axes, LK_MAX_RANK);
  if (n != rank - 2) return false;
  uint32_t seen = 0;
  for (int32_t i = 0; i < n; i++) {
    int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (a < 2 || a >= rank || (seen >> a) & 1u) return false;
    seen |= 1u << a;
  }
  return true;
}

static lt_result_t replace_reduce_mean(const lt_pattern_t *self, lt_op_t *op,
                                       lt_rewriter_t *rw) {
  lt_value_t *x = lt_op_operand(op, 0);
  const lt_type_t *xt = lt_repl_ranked(x);
  if (!xt || xt->shaped.rank < 4 || xt->shaped.rank > 5 ||
      !lt_repl_is_float(lt_repl_dtype(x)) ||
      !spatial_axes(op, (int32_t)xt->shaped.rank))
    return LT_FAILURE;
  /* An empty window: the mean of nothing, which pool kernels need not
   * agree on. */
  for (uint32_t d = 2; d < xt->shaped.rank; d++)
    if (xt->shaped.shape[d] == 0) return LT_FAILURE;
  lt_lite_call_t c = lt_repl_call(op);
  bool keepdims = lt_lite_attr_int(&c, "keepdims", 1) != 0;
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *mark = lt_repl_mark(rw);
  lt_named_attr_t attrs[2] = {lt_rw_named_str(ctx, "pooling_type", "avg"),
                              lt_rw_named_int(ctx, "global_pooling", 1)};
  lt_value_t *y = lt_repl_op(rw, LT_LITE_POOL2D, op->loc, 1, &x, 2, attrs);
  if (y && !keepdims) {
    lt_named_attr_t axis = lt_rw_named_int(ctx, "axis", 1);
    y = lt_repl_op(rw, LT_LITE_FLATTEN, op->loc, 1, &y, 1, &axis);
  }
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t reduce_pool_patterns[] = {
    {{"lite.reduce_mean", 1, replace_reduce_mean, NULL,
      "replace-reduce-mean-with-pool"},
     0},
};

static lt_result_t run_replace_reduce_mean_with_pool(lt_pass_t *pass,
                                                     lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, reduce_pool_patterns,
                            LT_ARRAY_SIZE(reduce_pool_patterns), NULL);
}

static const lt_pass_statistic_t reduce_pool_statistics[] = {
    {"num-replaced",
     "Number of spatial reduce_mean ops replaced by global average pooling"},
};

const lt_pass_info_t lt_replace_reduce_mean_with_pool_pass = {
    .argument = "lite-replace-reduce-mean-with-pool",
    .name = "LiteReplaceReduceMeanWithPool",
    .summary = "Replace reduce_mean over the spatial axes by global average "
               "pooling",
    .anchor = "func.func",
    .statistics = reduce_pool_statistics,
    .num_statistics = LT_ARRAY_SIZE(reduce_pool_statistics),
    .run = run_replace_reduce_mean_with_pool,
};

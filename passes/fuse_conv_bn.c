/* fuse_conv_bn.c - --lite-fuse-conv-bn: batch_norm(conv(x, W, B)) with
 * constant statistics becomes conv(x, W', B'), for conv2d and
 * conv2d_transpose alike (Paddle-Lite's conv_bn_fuser). Per output channel
 * m, with a = gamma / sqrt(var + eps):
 *   W'[m] = a[m] * W[m]   (the transpose's dim 1, within each group)
 *   B'[m] = (B[m] - mean[m]) * a[m] + beta[m]   (B = 0 when absent)
 * computed in double and rounded once. The conv's result must feed only
 * the batch_norm, which must normalize its channels. */
#include <math.h>

#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

static lt_result_t fuse(lt_op_t *bn, lt_fuse_conv_t *c, lt_rewriter_t *rw) {
  int64_t maps = c->maps;
  double eps = lt_rw_op_float(bn, "epsilon", 1e-5);
  lt_context_t *ctx = lt_rewriter_context(rw);
  double *stats = lt_rw_scratch(ctx, 5 * maps);
  bool ok = stats != NULL;
  /* batch_norm(X, scale, B, mean, var): the statistics into
   * stats[i * maps + m]. */
  for (uint32_t i = 0; ok && i < 4; i++)
    ok = lt_rw_const_vector(lt_op_operand(bn, 1 + i), maps, stats + i * maps);
  double *a = stats + 4 * maps;
  for (int64_t m = 0; ok && m < maps; m++) {
    a[m] = stats[m] / sqrt(stats[3 * maps + m] + eps);
    ok = isfinite(a[m]); /* var + eps <= 0: leave it to the op */
  }
  lt_result_t r = LT_FAILURE;
  if (ok) {
    /* The bias goes into the slot of the statistics already read. */
    double *b = stats + 3 * maps;
    for (int64_t m = 0; m < maps; m++) {
      double b0 = c->b.data ? lk_load_f64(&c->b, m) : 0.0;
      b[m] = (b0 - stats[2 * maps + m]) * a[m] + stats[maps + m];
    }
    lt_fuse_conv_edit_t edit = {.w_scale = a, .b = b};
    lt_op_t *ops[2] = {c->op, bn};
    if (lt_fuse_conv_replace(rw, c, &edit, ops, 2)) r = LT_SUCCESS;
  }
  lt_rw_scratch_free(ctx, stats, 5 * maps);
  return r;
}

static lt_result_t fuse_conv_bn(const lt_pattern_t *self, lt_op_t *bn,
                                lt_rewriter_t *rw) {
  if (!lt_rw_is(bn, LT_LITE_BATCH_NORM) || bn->num_operands != 5 ||
      bn->num_results != 1)
    return LT_FAILURE;
  lt_fuse_conv_t c;
  if (!lt_fuse_conv_match(lt_op_operand(bn, 0),
                          LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
                              LT_FUSE_CONV_NO_RESIDUAL |
                              LT_FUSE_CONV_TRANSPOSE_OK | LT_FUSE_CONV_CONST,
                          &c))
    return lt_rewriter_notify_match_failure(
        rw, bn, "input is not a single-use conv with constant weights");
  lt_result_t r = fuse(bn, &c, rw);
  lt_fuse_conv_release(&c);
  return r;
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.batch_norm", 1, fuse_conv_bn, NULL, "fuse-conv-bn"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+batch_norm pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_bn_pass = {
    .argument = "lite-fuse-conv-bn",
    .name = "LiteFuseConvBn",
    .summary = "Fold batch_norm into the preceding conv2d / conv2d_transpose",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

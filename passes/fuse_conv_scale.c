/* fuse_conv_scale.c - --lite-fuse-conv-scale: a scale, or a mul by a
 * per-channel or scalar constant, after a conv folds into its weights and
 * bias (Paddle-Lite's conv_scale_fuser, without its bug: it ignores
 * bias_after_scale). With the conv's bias b0 (0 when absent):
 *   scale, bias_after_scale = 1: y = s * conv + b    W' = s W, b' = s b0 + b
 *   scale, bias_after_scale = 0: y = s * (conv + b)  W' = s W, b' = s (b0 + b)
 *   mul(conv, k), k per channel:                     W' = k W, b' = k b0
 * computed in double and rounded once. The per-channel rule is the bias
 * fusion's (a 1-D [M] lines up with the last dim and is refused). An
 * activation the scale or mul carries moves to the conv. */
#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

/* The per-channel factor k and the additive term t such that
 * y = k * conv + t, where t is added after scaling; false when op is not
 * such a map of its operand conv_index. */
static bool affine_of(lt_op_t *op, uint32_t conv_index, int64_t maps, double *k,
                      double *t, bool *out_bias_after) {
  if (lt_rw_is(op, LT_LITE_MUL)) {
    for (int64_t m = 0; m < maps; m++)
      t[m] = 0;
    *out_bias_after = true;
    return lt_fuse_conv_channel_values(lt_op_operand(op, 1 - conv_index),
                                       op->results[0].type, maps, k);
  }
  double s = lt_rw_op_float(op, "scale", 1.0);
  double b = lt_rw_op_float(op, "bias", 0.0);
  const lt_attr_t *ba = lt_op_attr(op, "bias_after_scale");
  if (ba && ba->kind != LT_ATTR_INTEGER) return false;
  *out_bias_after = !ba || ba->i != 0;
  for (int64_t m = 0; m < maps; m++) {
    k[m] = s;
    t[m] = b;
  }
  return true;
}

static lt_result_t fuse(lt_op_t *op, uint32_t conv_index, lt_fuse_conv_t *c,
                        lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (!lt_fuse_act_of_attrs(op, &act)) return LT_FAILURE;
  int64_t maps = c->maps;
  lt_context_t *ctx = lt_rewriter_context(rw);
  double *kt = lt_rw_scratch(ctx, 2 * maps);
  bool after = true;
  lt_result_t r = LT_FAILURE;
  if (kt && affine_of(op, conv_index, maps, kt, kt + maps, &after)) {
    double *k = kt, *b = kt + maps;
    bool has_b = c->b.data != NULL;
    for (int64_t m = 0; m < maps; m++) {
      double b0 = c->b.data ? lk_load_f64(&c->b, m) : 0.0;
      has_b = has_b || b[m] != 0;
      b[m] = after ? k[m] * b0 + b[m] : k[m] * (b0 + b[m]);
    }
    lt_fuse_conv_edit_t edit = {.w_scale = k,
                                .b = has_b ? b : NULL,
                                .act = act.kind != LK_ACT_NONE ? &act : NULL};
    lt_op_t *ops[2] = {c->op, op};
    if (lt_fuse_conv_replace(rw, c, &edit, ops, 2)) r = LT_SUCCESS;
  }
  lt_rw_scratch_free(ctx, kt, 2 * maps);
  return r;
}

static lt_result_t fuse_conv_scale(const lt_pattern_t *self, lt_op_t *op,
                                   lt_rewriter_t *rw) {
  bool is_mul = lt_rw_is(op, LT_LITE_MUL);
  if (op->num_results != 1 || op->num_operands != (is_mul ? 2u : 1u))
    return LT_FAILURE;
  return lt_fuse_conv_operands(
      op, op->num_operands,
      LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
          LT_FUSE_CONV_NO_RESIDUAL | LT_FUSE_CONV_TRANSPOSE_OK |
          LT_FUSE_CONV_CONST,
      fuse, rw, "not a single-use conv times a per-channel constant");
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.scale", 1, fuse_conv_scale, NULL, "fuse-conv-scale"}, 0},
    {{"lite.mul", 1, fuse_conv_scale, NULL, "fuse-conv-mul"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+scale / conv+mul pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_scale_pass = {
    .argument = "lite-fuse-conv-scale",
    .name = "LiteFuseConvScale",
    .summary = "Fold a scale or per-channel constant mul into the conv",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

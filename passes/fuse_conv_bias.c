/* fuse_conv_bias.c - --lite-fuse-conv-bias: add(conv(x, W, B), K) (either
 * operand order) and sub(conv(x, W, B), K), with K a constant that
 * broadcasts per output channel, become conv(x, W, B +/- K) (Paddle-Lite's
 * conv_elementwise_fuser). K may be a scalar, [M,1,1], [1,M,1,1] (rank up
 * to the result's, every dim 1 but the channel one); under numpy
 * broadcasting a 1-D [M] lines up with the last dim, not the channels, so
 * it is left alone. The new bias is computed in double and rounded once;
 * the conv's bias must be a constant (or absent), its weights may be
 * anything, and a residual it adds stays (addition commutes). An activation
 * the add carries moves to the conv. */
#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

static lt_result_t fuse(lt_op_t *op, uint32_t conv_index, lt_fuse_conv_t *c,
                        lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (!lt_fuse_act_of_attrs(op, &act)) return LT_FAILURE;
  double sign = lt_rw_is(op, LT_LITE_SUB) ? -1.0 : 1.0;
  int64_t maps = c->maps;
  lt_context_t *ctx = lt_rewriter_context(rw);
  double *b = lt_rw_scratch(ctx, maps);
  lt_result_t r = LT_FAILURE;
  if (b && lt_fuse_conv_channel_values(lt_op_operand(op, 1 - conv_index),
                                       op->results[0].type, maps, b)) {
    for (int64_t m = 0; m < maps; m++)
      b[m] = (c->b.data ? lk_load_f64(&c->b, m) : 0.0) + sign * b[m];
    lt_fuse_conv_edit_t edit = {.b = b,
                                .act = act.kind != LK_ACT_NONE ? &act : NULL};
    lt_op_t *ops[2] = {c->op, op};
    if (lt_fuse_conv_replace(rw, c, &edit, ops, 2)) r = LT_SUCCESS;
  }
  lt_rw_scratch_free(ctx, b, maps);
  return r;
}

static lt_result_t fuse_conv_bias(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  if (op->num_operands != 2 || op->num_results != 1) return LT_FAILURE;
  return lt_fuse_conv_operands(
      op, lt_rw_is(op, LT_LITE_ADD) ? 2 : 1,
      LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
          LT_FUSE_CONV_TRANSPOSE_OK | LT_FUSE_CONV_CONST_BIAS,
      fuse, rw, "not a single-use conv plus a per-channel constant");
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.add", 1, fuse_conv_bias, NULL, "fuse-conv-bias"}, 0},
    {{"lite.sub", 1, fuse_conv_bias, NULL, "fuse-conv-bias"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+add (bias) pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_bias_pass = {
    .argument = "lite-fuse-conv-bias",
    .name = "LiteFuseConvBias",
    .summary = "Fold a per-channel constant add/sub into the conv's bias",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

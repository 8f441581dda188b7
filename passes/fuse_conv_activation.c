/* fuse_conv_activation.c - --lite-fuse-conv-activation: an activation op
 * after a conv2d or conv2d_transpose becomes the conv's own `activation`
 * (Paddle-Lite's conv_activation_fuser): relu, leaky_relu, sigmoid, tanh,
 * hard_swish, hard_sigmoid, swish, gelu (exact form) and clip(0, hi) as
 * relu (no upper bound) or relu6 (activation_alpha = hi), with the
 * parameters of kernels/ref/activation.h. The conv's result must feed only
 * the activation, and the conv must not have an activation already. A
 * residual the conv adds stays before the activation, as the op defines. */
#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

static lt_result_t fuse_conv_activation(const lt_pattern_t *self, lt_op_t *op,
                                        lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (op->num_results != 1 || op->num_operands < 1 ||
      !lt_fuse_act_of_op(op, &act))
    return lt_rewriter_notify_match_failure(
        rw, op, "not an activation a conv can take");
  lt_fuse_conv_t c;
  if (!lt_fuse_conv_match(lt_op_operand(op, 0),
                          LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
                              LT_FUSE_CONV_TRANSPOSE_OK,
                          &c))
    return lt_rewriter_notify_match_failure(
        rw, op, "input is not a single-use conv without activation");
  lt_fuse_conv_edit_t edit = {.act = &act};
  lt_op_t *ops[2] = {c.op, op};
  lt_op_t *fused = lt_fuse_conv_replace(rw, &c, &edit, ops, 2);
  lt_fuse_conv_release(&c);
  if (!fused) return LT_FAILURE;
  return LT_SUCCESS;
}

#define ROW(name)                                                              \
  {{"lite." name, 1, fuse_conv_activation, NULL, "fuse-conv-" name}, 0},

static const lt_rw_pattern_t patterns[] = {LT_FUSE_ACT_OPS(ROW)};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+activation pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_activation_pass = {
    .argument = "lite-fuse-conv-activation",
    .name = "LiteFuseConvActivation",
    .summary = "Fold an activation op into the preceding conv",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

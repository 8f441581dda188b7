/* fuse_conv_residual.c - --lite-fuse-conv-residual: add(conv(x, W, B), R)
 * (either operand order), R any tensor of exactly the conv's result shape
 * and type, becomes conv(x, W, B, R): the residual of a ResNet block
 * added in the conv's epilogue. An activation after the add (the add's own
 * `activation`, or an activation op that alone uses the add's result)
 * becomes the conv's, which applies it after adding R. The conv must be a
 * conv2d (conv2d_transpose has no residual operand) whose result feeds only
 * the add, without an activation or residual yet. R already dominates the
 * add, where the fused conv is created. In f32 the conv adds the bias,
 * then R, in float, as the two ops did: the results are the same. */
#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

/* R has the conv result's static shape and element type, so the add does
 * not broadcast. */
static bool same_static_type(const lt_type_t *a, const lt_type_t *b) {
  return lt_rw_same_shape(a, b) && lt_type_has_static_shape(a);
}

/* The activation op that is the add's only user, if a conv can take it. */
static lt_op_t *following_activation(lt_op_t *add, lt_fuse_act_t *act) {
  lt_value_t *v = lt_op_result(add, 0);
  if (!lt_value_has_one_use(v)) return NULL;
  lt_op_t *user = v->first_use->owner;
  if (user->num_operands < 1 || lt_op_operand(user, 0) != v ||
      user->num_results != 1 || !lt_fuse_act_of_op(user, act))
    return NULL;
  return user;
}

static lt_result_t fuse(lt_op_t *add, uint32_t conv_index, lt_fuse_conv_t *c,
                        lt_rewriter_t *rw) {
  lt_value_t *r = lt_op_operand(add, 1 - conv_index);
  if (!same_static_type(r->type, c->op->results[0].type) ||
      !same_static_type(add->results[0].type, c->op->results[0].type))
    return LT_FAILURE;
  lt_fuse_act_t act;
  if (!lt_fuse_act_of_attrs(add, &act)) return LT_FAILURE;
  lt_op_t *ops[3] = {c->op, add, NULL};
  uint32_t n = 2;
  if (act.kind == LK_ACT_NONE && (ops[2] = following_activation(add, &act)))
    n = 3;
  lt_fuse_conv_edit_t edit = {.residual = r,
                              .act = act.kind != LK_ACT_NONE ? &act : NULL};
  return lt_fuse_conv_replace(rw, c, &edit, ops, n) ? LT_SUCCESS : LT_FAILURE;
}

static lt_result_t fuse_conv_residual(const lt_pattern_t *self, lt_op_t *add,
                                      lt_rewriter_t *rw) {
  if (add->num_operands != 2 || add->num_results != 1) return LT_FAILURE;
  return lt_fuse_conv_operands(
      add, 2,
      LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
          LT_FUSE_CONV_NO_RESIDUAL,
      fuse, rw, "not a single-use conv plus a tensor of its shape");
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.add", 1, fuse_conv_residual, NULL, "fuse-conv-residual"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+add (residual) pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_residual_pass = {
    .argument = "lite-fuse-conv-residual",
    .name = "LiteFuseConvResidual",
    .summary = "Fold a residual add (and its activation) into the conv",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

/* fuse_matmul_scale.c - --lite-fuse-matmul-scale: a scale, or a mul or div
 * by a constant, after a matmul, fc or gemm with constant weights is folded
 * into those weights and the bias. With y the product and W, B its weights
 * and bias:
 *   scale(y) = s * y + b   (bias_after_scale)  ->  W' = s W, B' = s B + b
 *   scale(y) = s * (y + b) (bias before scale) ->  W' = s W, B' = s (B + b)
 *   y * k                                       ->  W' = k W, B' = k B
 *   y / k                                       ->  W' = W / k, B' = B / k
 * where k is a scalar or varies along the last dim only (one factor per
 * output column). Each new value is computed in double and rounded once;
 * y / k becomes a product by 1 / k, which may differ from the division in
 * the last bit. A matmul that gains a bias (b != 0) or the scale's fused
 * activation becomes an fc; gemm's beta is folded into its new C. The
 * product must feed only the scale, and an fc or gemm with an activation
 * of its own is left alone (the activation comes between). */
#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

/* Folds y' = act(a * y + c) into the dense op defining y, replacing `root`.
 * a has na values (1 or per column, read by `read_a` once d.n is known),
 * c one value. */
typedef bool (*read_factors_fn_t)(lt_op_t *root, const lt_dense_op_t *d,
                                  double *a, int64_t *na);

static bool fold(lt_rewriter_t *rw, lt_op_t *root, lt_value_t *y,
                 read_factors_fn_t read_a, double c, const lt_fuse_act_t *act) {
  lt_dense_op_t d;
  if (!lt_dense_match(y, &d)) return false;
  int64_t cap = d.n > 0 ? d.n : 1, na = 0;
  double *a = lt_rw_scratch(d.ctx, cap);
  lt_op_t *fused = NULL;
  if (a && read_a(root, &d, a, &na)) {
    lt_op_t *ops[2] = {d.op, root};
    fused = lt_dense_affine(rw, &d, a, na, &c, c != 0.0 ? 1 : 0, act, ops, 2);
  }
  lt_rw_scratch_free(d.ctx, a, cap);
  lt_dense_release(&d);
  return fused != NULL;
}

/* ---- scale --------------------------------------------------------------- */

static bool scale_factor(lt_op_t *scale, const lt_dense_op_t *d, double *a,
                         int64_t *na) {
  *a = lt_rw_op_float(scale, "scale", 1.0);
  *na = 1;
  return true;
}

static lt_result_t fuse_scale(const lt_pattern_t *self, lt_op_t *scale,
                              lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (!lt_rw_is(scale, LT_LITE_SCALE) || scale->num_operands != 1 ||
      !lt_fuse_act_of_attrs(scale, &act))
    return LT_FAILURE;
  double s = lt_rw_op_float(scale, "scale", 1.0);
  double b = lt_rw_op_float(scale, "bias", 0.0);
  bool after = lt_rw_op_int(scale, "bias_after_scale", 1) != 0;
  /* Paddle-Lite's conv_scale_fuser ignores bias_after_scale; here the bias
   * before the scale is scaled too. */
  double c = after ? b : s * b;
  if (!fold(rw, scale, lt_op_operand(scale, 0), scale_factor, c, &act))
    return lt_rewriter_notify_match_failure(
        rw, scale,
        "input is not a single-use matmul/fc/gemm with constant "
        "weights");
  return LT_SUCCESS;
}

/* ---- mul and div by a constant ------------------------------------------- */

/* The factors of mul(y, k) / div(y, k): k, the operand that is not y. */
static bool operand_factors(lt_op_t *root, const lt_dense_op_t *d, double *a,
                            int64_t *na) {
  lt_value_t *y = lt_op_result(d->op, 0);
  lt_value_t *k = lt_op_operand(root, lt_op_operand(root, 0) == y ? 1 : 0);
  if (!lt_dense_last_dim_values(k, y->type, d->n, a, na)) return false;
  if (!lt_rw_is(root, LT_LITE_DIV)) return true;
  for (int64_t j = 0; j < *na; j++) {
    if (a[j] == 0.0) return false;
    a[j] = 1.0 / a[j];
  }
  return true;
}

static lt_result_t fuse_mul_div(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  bool div = lt_rw_is(op, LT_LITE_DIV);
  if (!(div || lt_rw_is(op, LT_LITE_MUL)) || op->num_operands != 2 ||
      !lt_fuse_act_of_attrs(op, &act))
    return LT_FAILURE;
  /* y / k only: k / y is no scaling of y. */
  for (uint32_t i = 0; i < (div ? 1u : 2u); i++) {
    lt_value_t *y = lt_op_operand(op, i), *k = lt_op_operand(op, 1 - i);
    if (!lt_rw_const_attr(k) ||
        !lt_rw_same_shape(y->type, lt_op_result(op, 0)->type))
      continue;
    if (fold(rw, op, y, operand_factors, 0.0, &act)) return LT_SUCCESS;
  }
  return lt_rewriter_notify_match_failure(
      rw, op,
      "not a single-use matmul/fc/gemm with constant weights times a "
      "constant along its last dim");
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.scale", 1, fuse_scale, NULL, "fuse-matmul-scale"}, 0},
    {{"lite.mul", 1, fuse_mul_div, NULL, "fuse-matmul-mul"}, 0},
    {{"lite.div", 1, fuse_mul_div, NULL, "fuse-matmul-div"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused",
     "Number of scale/mul/div ops folded into matmul, fc or gemm weights"},
};

const lt_pass_info_t lt_fuse_matmul_scale_pass = {
    .argument = "lite-fuse-matmul-scale",
    .name = "LiteFuseMatmulScale",
    .summary = "Fold a scale, or a mul/div by a constant, into the weights of "
               "the preceding matmul, fc or gemm",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

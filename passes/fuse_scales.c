/* fuse_scales.c - --lite-fuse-scales: chains of scale ops become one scale,
 * and a scale after batch_norm is folded into its gamma and beta
 * (Paddle-Lite's scales_fuse_pass, which handles only two bias-after-scale
 * scales; here every combination is exact).
 *
 * A scale is y = s * x + b (bias_after_scale, the default) or
 * y = s * (x + b) = s * x + s * b, so in both cases y = s * x + B with
 * B = b or s * b. Two of them compose into one bias-after-scale scale:
 *   s = s1 * s2,  b = B1 * s2 + B2
 * that is, by (bias_after_scale of the first, of the second):
 *   (after, after)   b = b1 * s2 + b2
 *   (before, after)  b = b1 * s1 * s2 + b2
 *   (after, before)  b = (b1 + b2) * s2
 *   (before, before) b = (b1 * s1 + b2) * s2
 * The first scale must feed only the second and carry no activation (it
 * would come between); the second's activation stays. Longer chains fold
 * pair by pair; a chain that composes to s = 1, b = 0 without activation
 * is removed. s and b are computed in double and stored as f32 attributes
 * (one rounding), and the intermediate rounding to the tensor's dtype
 * disappears.
 *
 * batch_norm(X, gamma, beta, mean, var) followed by scale (no activation):
 *   gamma' = s * gamma,  beta' = s * beta + B
 * since s * ((x - mean) * gamma / sqrt(var + eps) + beta) + B is the
 * batch_norm with those parameters; gamma and beta must be constants (f32
 * or f64, rounded once). */
#include <math.h>
#include <string.h>

#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

#include "ir/types.h"

enum { STAT_SCALES, STAT_BN };

/* A scale's y = s * x + B form. */
static void scale_affine(const lt_op_t *op, double *s, double *b) {
  *s = lt_rw_op_float(op, "scale", 1.0);
  double bias = lt_rw_op_float(op, "bias", 0.0);
  *b = lt_rw_op_int(op, "bias_after_scale", 1) != 0 ? bias : *s * bias;
}

static lt_result_t fuse_scale_scale(const lt_pattern_t *self, lt_op_t *outer,
                                    lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (!lt_rw_is(outer, LT_LITE_SCALE) || outer->num_operands != 1 ||
      !lt_fuse_act_of_attrs(outer, &act))
    return LT_FAILURE;
  lt_value_t *y = lt_op_operand(outer, 0);
  lt_op_t *inner = lt_rw_def(y, LT_LITE_SCALE);
  /* Integer tensors round between the two scales: not one scale. */
  if (!inner || !lt_value_has_one_use(y) || !lt_fuse_act_none(inner) ||
      !lk_dtype_is_float(lt_rw_value_dtype(y)))
    return lt_rewriter_notify_match_failure(
        rw, outer, "input is not a single-use float scale without activation");
  double s1, b1, s2, b2;
  scale_affine(inner, &s1, &b1);
  scale_affine(outer, &s2, &b2);
  double s = s1 * s2, b = b1 * s2 + b2;
  if (!isfinite(s) || !isfinite(b) || !isfinite((float)s) ||
      !isfinite((float)b))
    return LT_FAILURE;
  lt_value_t *x = lt_op_operand(inner, 0);
  lt_op_t *ops[2] = {inner, outer};
  if (s == 1.0 && b == 0.0 && act.kind == LK_ACT_NONE &&
      x->type == lt_op_result(outer, 0)->type) {
    lt_rewriter_replace_op(rw, outer, &x);
    lt_rewriter_erase_op(rw, inner);
    return LT_SUCCESS;
  }
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attrs[5];
  uint32_t num_attrs = 0;
  attrs[num_attrs++] = lt_rw_named_float(ctx, "scale", s);
  attrs[num_attrs++] = lt_rw_named_float(ctx, "bias", b);
  num_attrs += lt_fuse_act_named(ctx, &act, attrs + num_attrs);
  if (!lt_dense_replace(rw, LT_LITE_SCALE, 1, &x, num_attrs, attrs, ops, 2))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* Reads gamma (operand 1) and beta (operand 2) of bn, n values each. */
static bool read_gamma_beta(lt_op_t *bn, lk_dtype_t dtype, int64_t n,
                            double *out) {
  lt_allocator_t al = lt_context_allocator(lt_op_context(bn));
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *v = lt_op_operand(bn, 1 + i);
    lk_tensor_t t;
    bool owned = false;
    if (lt_rw_value_dtype(v) != dtype || !lt_type_has_static_shape(v->type) ||
        !lt_rw_const_tensor(v, al, &t, &owned) || !t.data)
      return false;
    bool ok = lk_numel(&t) == n;
    for (int64_t j = 0; ok && j < n; j++)
      out[i * n + j] = lk_load_f64(&t, j);
    if (owned) lt_lite_tensor_free(al, &t);
    if (!ok) return false;
  }
  return true;
}

static lt_result_t fuse_bn_scale(const lt_pattern_t *self, lt_op_t *scale,
                                 lt_rewriter_t *rw) {
  if (!lt_rw_is(scale, LT_LITE_SCALE) || scale->num_operands != 1 ||
      !lt_fuse_act_none(scale))
    return LT_FAILURE;
  lt_value_t *y = lt_op_operand(scale, 0);
  lt_op_t *bn = lt_rw_def(y, LT_LITE_BATCH_NORM);
  lk_dtype_t dt = lt_rw_value_dtype(y);
  if (!bn || bn->num_operands != 5 || bn->num_results != 1 ||
      !lt_value_has_one_use(y) || (dt != LK_F32 && dt != LK_F64))
    return lt_rewriter_notify_match_failure(
        rw, scale, "input is not a single-use f32/f64 batch_norm");
  const lt_type_t *gt = lt_op_operand(bn, 1)->type;
  if (gt->kind != LT_TYPE_TENSOR || gt->shaped.rank != 1 ||
      gt->shaped.shape[0] < 1)
    return LT_FAILURE;
  int64_t n = gt->shaped.shape[0];
  double s, b;
  scale_affine(scale, &s, &b);
  lt_context_t *ctx = lt_rewriter_context(rw);
  double *v = lt_rw_scratch(ctx, 2 * n);
  bool ok = v && read_gamma_beta(bn, dt, n, v);
  for (int64_t j = 0; ok && j < n; j++) {
    v[j] *= s;
    v[n + j] = v[n + j] * s + b;
    ok = isfinite(v[j]) && isfinite(v[n + j]);
  }
  lt_op_t *fused = NULL;
  if (ok) {
    lt_op_t *ops[2] = {bn, scale};
    lt_loc_t loc = lt_rw_fused_loc(ctx, 2, ops);
    lt_rewriter_set_before(rw, scale);
    lt_value_t *operands[5];
    for (uint32_t i = 0; i < 5; i++)
      operands[i] = lt_op_operand(bn, i);
    operands[1] = lt_rw_constant_f64(rw, loc, dt, 1, &n, v, "fused_bn_scale");
    operands[2] =
        lt_rw_constant_f64(rw, loc, dt, 1, &n, v + n, "fused_bn_bias");
    const lt_attr_t *dict = bn->attrs;
    if (operands[1] && operands[2])
      fused = lt_dense_replace(rw, LT_LITE_BATCH_NORM, 5, operands,
                               dict->dict.count, dict->dict.entries, ops, 2);
  }
  if (v) lt_rw_scratch_free(ctx, v, 2 * n);
  if (!fused) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.scale", 2, fuse_scale_scale, NULL, "fuse-scale-scale"},
     STAT_SCALES},
    {{"lite.scale", 1, fuse_bn_scale, NULL, "fuse-bn-scale"}, STAT_BN},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of scale+scale pairs fused"},
    {"num-fused-bn", "Number of batch_norm+scale pairs fused"},
};

const lt_pass_info_t lt_fuse_scales_pass = {
    .argument = "lite-fuse-scales",
    .name = "LiteFuseScales",
    .summary = "Fuse scale chains into one scale and fold a scale into the "
               "preceding batch_norm",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

/* fuse_matmul_add.c - --lite-fuse-matmul-add: a matrix product plus a bias
 * becomes one fc or gemm, and an activation after an fc or gemm becomes
 * its fused activation (Paddle-Lite's fc_fuser and
 * matmul_elementwise_add_fuser). For add(matmul(X, W), b):
 *   - W a constant [K, N] and b of shape [N] or [1, N]: fc(X, W, b) with
 *     in_num_col_dims = rank(X) - 1, so X's leading dims stay rows;
 *   - an fc or gemm without a bias in place of the matmul: b becomes its
 *     bias (fc: [N] or [1, N]; gemm: any C broadcasting to [M, N]);
 *   - b another constant that varies along the last dim only (a scalar,
 *     [1, 1, N], ...), or an fc/gemm with constant weights and a constant
 *     bias in place of the matmul: the bias is folded into a new constant
 *     (B' = B + b);
 *   - X and W 2-D (W constant or not) and b broadcasting to the [M, N]
 *     result: gemm(X, W, b).
 * The add's own fused activation carries over. The product must feed only
 * the add, and the add must not widen it under broadcasting; anything else
 * (a [M, 1] bias on a 3-D product, a shared product) is left alone. */
#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

#include "ir/types.h"

enum { STAT_FUSED, STAT_ACTIVATIONS };

static bool is_float(const lt_value_t *v) {
  return lk_dtype_is_float(lt_rw_value_dtype(v));
}

/* fc(X, W, b) straight from matmul(X, W) + b: W a constant [K, N], b of
 * fc's bias shapes, [N] or [1, N], constant or not. */
static bool fuse_to_fc(lt_rewriter_t *rw, lt_op_t *mm, lt_op_t *add,
                       lt_value_t *bias, const lt_fuse_act_t *act) {
  lt_value_t *x = lt_op_operand(mm, 0), *w = lt_op_operand(mm, 1);
  const lt_type_t *wt = w->type, *bt = bias->type, *xt = x->type;
  if (!lt_rw_const_attr(w) || wt->kind != LT_TYPE_TENSOR ||
      wt->shaped.rank != 2 || !lt_type_has_static_shape(wt) ||
      xt->kind != LT_TYPE_TENSOR || xt->shaped.rank < 2 ||
      bt->kind != LT_TYPE_TENSOR || !lt_type_has_static_shape(bt))
    return false;
  int64_t n = wt->shaped.shape[1];
  uint32_t br = bt->shaped.rank;
  if (!((br == 1 && bt->shaped.shape[0] == n) ||
        (br == 2 && bt->shaped.shape[0] == 1 && bt->shaped.shape[1] == n)))
    return false;
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attrs[4];
  attrs[0] =
      lt_rw_named_int(ctx, "in_num_col_dims", (int64_t)xt->shaped.rank - 1);
  uint32_t num_attrs = 1 + lt_fuse_act_named(ctx, act, attrs + 1);
  lt_value_t *operands[3] = {x, w, bias};
  lt_op_t *ops[2] = {mm, add};
  return lt_dense_replace(rw, LT_LITE_FC, 3, operands, num_attrs, attrs, ops,
                          2) != NULL;
}

/* The bias folded into the constants of a matmul, fc or gemm with
 * constant weights (f32 or f64): B' = B + b. */
static bool fuse_folded(lt_rewriter_t *rw, lt_value_t *y, lt_op_t *add,
                        lt_value_t *bias, const lt_fuse_act_t *act) {
  lt_dense_op_t d;
  if (!lt_dense_match(y, &d)) return false;
  lt_op_t *fused = NULL;
  int64_t count = 0;
  double one = 1.0;
  double *c = lt_rw_scratch(d.ctx, d.n > 0 ? d.n : 1);
  if (c && lt_dense_last_dim_values(bias, y->type, d.n, c, &count)) {
    lt_op_t *ops[2] = {d.op, add};
    fused = lt_dense_affine(rw, &d, &one, 1, c, count, act, ops, 2);
  }
  lt_rw_scratch_free(d.ctx, c, d.n > 0 ? d.n : 1);
  lt_dense_release(&d);
  return fused != NULL;
}

/* gemm(X, W, b) from a 2-D matmul: W need not be constant, and b may be
 * any static shape that broadcasts to the [M, N] result (gemm's C). */
static bool fuse_to_gemm(lt_rewriter_t *rw, lt_op_t *mm, lt_op_t *add,
                         lt_value_t *bias, const lt_fuse_act_t *act) {
  const lt_type_t *xt = lt_op_operand(mm, 0)->type;
  const lt_type_t *wt = lt_op_operand(mm, 1)->type;
  const lt_type_t *rt = lt_op_result(mm, 0)->type, *bt = bias->type;
  if (xt->kind != LT_TYPE_TENSOR || xt->shaped.rank != 2 ||
      wt->kind != LT_TYPE_TENSOR || wt->shaped.rank != 2 ||
      bt->kind != LT_TYPE_TENSOR || bt->shaped.rank > 2 ||
      !lt_type_has_static_shape(bt))
    return false;
  for (uint32_t i = 0; i < bt->shaped.rank; i++) {
    int64_t bd = bt->shaped.shape[bt->shaped.rank - 1 - i];
    int64_t rd = rt->shaped.shape[1 - i];
    if (bd != 1 && bd != rd) return false;
  }
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attrs[3];
  uint32_t num_attrs = lt_fuse_act_named(ctx, act, attrs);
  lt_value_t *operands[3] = {lt_op_operand(mm, 0), lt_op_operand(mm, 1), bias};
  lt_op_t *ops[2] = {mm, add};
  return lt_dense_replace(rw, LT_LITE_GEMM, 3, operands, num_attrs, attrs, ops,
                          2) != NULL;
}

/* An fc or gemm without a bias takes b as it is: fc a [N] or [1, N] bias,
 * gemm a C broadcasting to [M, N] (beta dropped: there was no C to scale). */
static bool fuse_empty_bias(lt_rewriter_t *rw, lt_op_t *p, lt_op_t *add,
                            lt_value_t *bias, const lt_fuse_act_t *act) {
  bool gemm = lt_rw_is(p, LT_LITE_GEMM);
  const lt_type_t *rt = lt_op_result(p, 0)->type, *bt = bias->type;
  if (!lt_rw_absent(p, 2) || !lt_fuse_act_none(p) ||
      rt->kind != LT_TYPE_TENSOR || rt->shaped.rank < 1 ||
      bt->kind != LT_TYPE_TENSOR || !lt_type_has_static_shape(bt) ||
      bt->shaped.rank > 2)
    return false;
  uint32_t br = bt->shaped.rank, rr = rt->shaped.rank;
  for (uint32_t i = 0; i < br; i++) {
    int64_t bd = bt->shaped.shape[br - 1 - i],
            rd = rt->shaped.shape[rr - 1 - i];
    /* fc: [N] or [1, N]; gemm: any dim 1 or the result's */
    bool ok = gemm ? (bd == 1 || bd == rd) : i == 0 ? bd == rd : bd == 1;
    if (!ok || (i == 0 && !gemm && rd == LT_DYNAMIC)) return false;
  }
  if (!gemm && br == 0) return false;
  static const char *const drop[] = {LT_FUSE_ACT_ATTR_NAMES, "beta"};
  lt_named_attr_t attrs[16];
  uint32_t num_attrs =
      lt_dense_attrs_except(p, drop, gemm ? 4 : 3, attrs, 16 - 3);
  if (num_attrs == UINT32_MAX) return false;
  num_attrs +=
      lt_fuse_act_named(lt_rewriter_context(rw), act, attrs + num_attrs);
  lt_value_t *operands[3] = {lt_op_operand(p, 0), lt_op_operand(p, 1), bias};
  lt_op_t *ops[2] = {p, add};
  return lt_dense_replace(rw, (lt_lite_op_id_t)lt_lite_op_id(p), 3, operands,
                          num_attrs, attrs, ops, 2) != NULL;
}

static lt_result_t fuse_matmul_add(const lt_pattern_t *self, lt_op_t *add,
                                   lt_rewriter_t *rw) {
  lt_fuse_act_t act;
  if (!lt_rw_is(add, LT_LITE_ADD) || add->num_operands != 2 ||
      !lt_fuse_act_of_attrs(add, &act) || !is_float(lt_op_result(add, 0)))
    return LT_FAILURE;
  const lt_type_t *rt = lt_op_result(add, 0)->type;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *y = lt_op_operand(add, i), *bias = lt_op_operand(add, 1 - i);
    lt_op_t *p = lt_value_defining_op(y);
    bool dense = lt_rw_is(p, LT_LITE_MATMUL) || lt_rw_is(p, LT_LITE_FC) ||
                 lt_rw_is(p, LT_LITE_GEMM);
    /* The bias must not widen the product (a [2, 1, N] bias on [4, N]). */
    if (!dense || !lt_value_has_one_use(y) || !lt_rw_same_shape(y->type, rt))
      continue;
    bool mm = lt_rw_is(p, LT_LITE_MATMUL);
    if ((mm && fuse_to_fc(rw, p, add, bias, &act)) ||
        (!mm && fuse_empty_bias(rw, p, add, bias, &act)) ||
        fuse_folded(rw, y, add, bias, &act) ||
        (mm && fuse_to_gemm(rw, p, add, bias, &act)))
      return LT_SUCCESS;
  }
  return lt_rewriter_notify_match_failure(
      rw, add, "no single-use matmul with a bias along its last dim");
}

static bool is_fc_or_gemm(const lt_op_t *op) {
  return lt_rw_is(op, LT_LITE_FC) || lt_rw_is(op, LT_LITE_GEMM);
}

/* An activation op fed by an fc or gemm without one. */
static lt_result_t fuse_activation(const lt_pattern_t *self, lt_op_t *act_op,
                                   lt_rewriter_t *rw) {
  return lt_dense_fuse_activation(
      act_op, rw, is_fc_or_gemm,
      "input is not a single-use fc or gemm without activation");
}

#define ACT_ROW(name)                                                          \
  {{"lite." name, 1, fuse_activation, NULL, "fuse-dense-" name},               \
   STAT_ACTIVATIONS},

static const lt_rw_pattern_t patterns[] = {
    {{"lite.add", 2, fuse_matmul_add, NULL, "fuse-matmul-add"}, STAT_FUSED},
    LT_FUSE_ACT_OPS(ACT_ROW)};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of matmul/fc/gemm + add pairs fused"},
    {"num-activations", "Number of activations fused into fc or gemm"},
};

const lt_pass_info_t lt_fuse_matmul_add_pass = {
    .argument = "lite-fuse-matmul-add",
    .name = "LiteFuseMatmulAdd",
    .summary = "Fuse matmul + bias add (+ activation) into fc or gemm",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

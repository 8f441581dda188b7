/* fuse_layer_norm.c - the lite-fuse-layer-norm pass: the layer norm that
 * exporters decompose below opset 17,
 *
 *   mean = reduce_mean(x, axes)          xc = x - mean  (once, or twice)
 *   var  = reduce_mean(xc * xc, axes)    (pow(xc, 2) or mul(xc, xc))
 *   y    = xc / sqrt(var + eps)          (or xc * reciprocal(sqrt(var + eps)),
 *                                         xc * (1 / sqrt(..)), xc * rsqrt(..),
 *                                         xc * pow(var + eps, -0.5))
 *   y    = y * gamma + beta              (each optional)
 *
 * over the trailing axes [axis, rank) with keepdims, becomes
 * lite.layer_norm(x, gamma, beta) {axis, epsilon}; a missing gamma becomes
 * ones (a scalar one when the normalized dims are not static). The pattern is
 * rooted at the normalizing div/mul and takes in the gamma mul and beta add
 * below it when they are its only users, so the whole chain becomes one op
 * whichever op the driver visits first.
 *
 * It refuses (IR unchanged) when an intermediate value has a user outside
 * the chain, the reductions differ or are not trailing, keepdims is 0, the
 * constants are not float scalars (eps) or do not broadcast along the
 * normalized axes only (gamma, beta), or a binary op carries a fused
 * activation. */
#include <math.h>

#include "ir/builder.h"
#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

typedef struct ln_match {
  lt_rw_match_t set; /* every op the fused op replaces */
  lt_value_t *x;
  uint32_t axes_mask; /* reduced axes, the same in both reductions */
  double eps;
} ln_match_t;

/* ---- matching helpers --------------------------------------------------- */

static bool ranked_float(const lt_type_t *t) {
  return t->kind == LT_TYPE_TENSOR && lt_type_is_float(t->shaped.element);
}

/* The axes reduce_mean op reduces, as a bit mask over `rank` dims; false
 * when they are not constant, keepdims is 0 or the op is a no-op. */
static bool reduce_axes(lt_op_t *rm, int32_t rank, uint32_t *out_mask) {
  const lt_attr_t *keep = lt_op_attr(rm, "keepdims");
  if (keep && keep->kind == LT_ATTR_INTEGER && keep->i == 0) return false;
  int64_t axes[LK_MAX_RANK];
  int64_t n = 0;
  const lt_attr_t *attr = lt_op_attr(rm, "axes");
  if (attr) {
    n = lt_attr_dense_count(attr);
    if (n > LK_MAX_RANK) return false;
    for (int64_t i = 0; i < n; i++)
      axes[i] = lt_attr_dense_int(attr, i);
  } else if (!lt_rw_absent(rm, 1)) {
    lk_tensor_t t;
    bool owned;
    lt_allocator_t al = lt_context_allocator(lt_op_context(rm));
    if (!lt_rw_const_tensor(lt_op_operand(rm, 1), al, &t, &owned))
      return false;
    n = lk_numel(&t);
    bool ok = n <= LK_MAX_RANK && !lk_dtype_is_float(t.dtype);
    for (int64_t i = 0; ok && i < n; i++)
      axes[i] = lk_load_i64(&t, i);
    if (owned) lt_lite_tensor_free(al, &t);
    if (!ok) return false;
  }
  uint32_t mask = 0;
  if (n == 0) {
    /* No axes: all of them, unless noop_with_empty_axes makes it a copy. */
    const lt_attr_t *noop = lt_op_attr(rm, "noop_with_empty_axes");
    if (noop && noop->kind == LT_ATTR_INTEGER && noop->i != 0) return false;
    mask = (1u << rank) - 1u;
  }
  for (int64_t i = 0; i < n; i++) {
    int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (a < 0 || a >= rank) return false;
    mask |= 1u << a;
  }
  *out_mask = mask;
  return mask != 0;
}

/* xc = x - reduce_mean(x, axes): records x (or checks it is m->x) and the
 * axes (or checks them against m->axes_mask). */
static bool match_centered(ln_match_t *m, lt_value_t *xc) {
  lt_op_t *sub = lt_rw_plain_def(xc, LT_LITE_SUB);
  if (!sub) return false;
  lt_value_t *x = lt_op_operand(sub, 0);
  lt_op_t *mean = lt_rw_def(lt_op_operand(sub, 1), LT_LITE_REDUCE_MEAN);
  if (!mean || lt_op_operand(mean, 0) != x || !ranked_float(x->type) ||
      xc->type != x->type)
    return false;
  uint32_t mask;
  int32_t rank = (int32_t)x->type->shaped.rank;
  if (rank < 1 || !reduce_axes(mean, rank, &mask)) return false;
  if (m->x && (m->x != x || m->axes_mask != mask)) return false;
  m->x = x;
  m->axes_mask = mask;
  return lt_rw_match_add(&m->set, sub) && lt_rw_match_add(&m->set, mean);
}

/* var = reduce_mean(xc * xc, axes) with xc centered, same axes. */
static bool match_variance(ln_match_t *m, lt_value_t *var) {
  lt_op_t *rm = lt_rw_def(var, LT_LITE_REDUCE_MEAN);
  if (!rm || !lt_rw_match_add(&m->set, rm)) return false;
  lt_value_t *sq = lt_op_operand(rm, 0), *xc = NULL;
  lt_op_t *op = NULL;
  double two;
  if ((op = lt_rw_plain_def(sq, LT_LITE_POW)) &&
      lt_rw_const_scalar(lt_op_operand(op, 1), &two) && two == 2.0)
    xc = lt_op_operand(op, 0);
  else if ((op = lt_rw_plain_def(sq, LT_LITE_MUL)) &&
           lt_op_operand(op, 0) == lt_op_operand(op, 1))
    xc = lt_op_operand(op, 0);
  if (!xc || !lt_rw_match_add(&m->set, op) || !match_centered(m, xc))
    return false;
  uint32_t mask;
  return reduce_axes(rm, (int32_t)m->x->type->shaped.rank, &mask) &&
         mask == m->axes_mask;
}

/* ve = var + eps (either order) with var a matching variance. */
static bool match_var_eps(ln_match_t *m, lt_value_t *ve) {
  lt_op_t *add = lt_rw_plain_def(ve, LT_LITE_ADD);
  if (!add || !lt_rw_match_add(&m->set, add)) return false;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *var = lt_op_operand(add, i);
    double eps;
    if (lt_rw_float_scalar(lt_op_operand(add, 1 - i), &eps) && isfinite(eps) &&
        eps >= 0 && var->type == ve->type) {
      m->eps = eps;
      return match_variance(m, var);
    }
  }
  return false;
}

/* std = sqrt(var + eps). */
static bool match_std(ln_match_t *m, lt_value_t *std) {
  lt_op_t *sq = lt_rw_plain_def(std, LT_LITE_SQRT);
  return sq && lt_rw_match_add(&m->set, sq) &&
         match_var_eps(m, lt_op_operand(sq, 0));
}

/* inv = 1 / sqrt(var + eps) in one of its spellings. */
static bool match_inv_std(ln_match_t *m, lt_value_t *inv) {
  lt_op_t *op;
  double c;
  if ((op = lt_rw_plain_def(inv, LT_LITE_RECIPROCAL)))
    return lt_rw_match_add(&m->set, op) && match_std(m, lt_op_operand(op, 0));
  if ((op = lt_rw_plain_def(inv, LT_LITE_DIV)) &&
      lt_rw_const_scalar(lt_op_operand(op, 0), &c) && c == 1.0 &&
      inv->type == lt_op_operand(op, 1)->type)
    return lt_rw_match_add(&m->set, op) && match_std(m, lt_op_operand(op, 1));
  if ((op = lt_rw_plain_def(inv, LT_LITE_RSQRT)))
    return lt_rw_match_add(&m->set, op) &&
           match_var_eps(m, lt_op_operand(op, 0));
  if ((op = lt_rw_plain_def(inv, LT_LITE_POW)) &&
      lt_rw_const_scalar(lt_op_operand(op, 1), &c) && c == -0.5)
    return lt_rw_match_add(&m->set, op) &&
           match_var_eps(m, lt_op_operand(op, 0));
  return false;
}

/* The normalizing op: xc / std or xc * inv_std (either order). */
static bool match_normalize(ln_match_t *m, lt_op_t *root) {
  if (lt_rw_is(root, LT_LITE_DIV)) {
    if (!lt_rw_plain(root, LT_LITE_DIV)) return false;
    *m = (ln_match_t){.set = {.n = 0}};
    return lt_rw_match_add(&m->set, root) &&
           match_centered(m, lt_op_operand(root, 0)) &&
           match_std(m, lt_op_operand(root, 1));
  }
  if (!lt_rw_plain(root, LT_LITE_MUL)) return false;
  for (uint32_t i = 0; i < 2; i++) {
    *m = (ln_match_t){.set = {.n = 0}};
    if (lt_rw_match_add(&m->set, root) &&
        match_centered(m, lt_op_operand(root, i)) &&
        match_inv_std(m, lt_op_operand(root, 1 - i)))
      return true;
  }
  return false;
}

/* ---- gamma and beta -------------------------------------------------------
 */

/* v's only user, NULL when it has none or several. */
static lt_op_t *sole_user(lt_value_t *v) {
  return lt_value_has_one_use(v) ? v->first_use->owner : NULL;
}

/* y (x's type) op c, with c a float constant of x's element type that
 * varies only along the normalized axes, keeping x's type: c, else NULL. */
static lt_value_t *affine_operand(const ln_match_t *m, lt_op_t *op,
                                  lt_value_t *y, lt_lite_op_id_t id,
                                  int32_t axis) {
  if (!lt_rw_plain(op, id) || lt_op_result(op, 0)->type != m->x->type)
    return NULL;
  lt_value_t *c =
      lt_op_operand(op, 0) == y ? lt_op_operand(op, 1) : lt_op_operand(op, 0);
  const lt_type_t *ct = c->type;
  if (!lt_rw_const_attr(c) || !ranked_float(ct) ||
      ct->shaped.element != m->x->type->shaped.element)
    return NULL;
  int32_t rank = (int32_t)m->x->type->shaped.rank;
  int32_t crank = (int32_t)ct->shaped.rank;
  if (crank > rank) return NULL;
  for (int32_t i = 0; i < crank; i++)
    if (rank - crank + i < axis && ct->shaped.shape[i] != 1) return NULL;
  return c;
}

/* ---- the rewrite ------------------------------------------------------------
 */

/* A constant of ones shaped like x's normalized dims, or a scalar one when
 * they are not all static (it broadcasts just the same). */
static lt_value_t *ones(lt_rewriter_t *rw, lt_loc_t loc, const lt_type_t *xt,
                        int32_t axis) {
  lk_tensor_t t = {.dtype = lt_lite_dtype(xt->shaped.element),
                   .rank = (int32_t)xt->shaped.rank - axis};
  for (int32_t d = 0; d < t.rank; d++) {
    t.dims[d] = xt->shaped.shape[axis + d];
    if (t.dims[d] == LT_DYNAMIC) t.rank = 0;
  }
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  if (LT_FAILED(lt_lite_tensor_alloc(al, &t))) return NULL;
  for (int64_t i = 0; i < lk_numel(&t); i++)
    lk_store_f64(&t, i, 1.0);
  lt_value_t *v = lt_rw_constant(rw, loc, &t, "layer_norm_scale");
  lt_lite_tensor_free(al, &t);
  return v;
}

static lt_result_t fuse_layer_norm(const lt_pattern_t *self, lt_op_t *root,
                                   lt_rewriter_t *rw) {
  ln_match_t m;
  if (!match_normalize(&m, root) || lt_op_result(root, 0)->type != m.x->type)
    return LT_FAILURE;
  int32_t rank = (int32_t)m.x->type->shaped.rank;
  int32_t axis = 0;
  while (!((m.axes_mask >> axis) & 1u))
    axis++;
  /* Only trailing axes are a layer norm. */
  if (m.axes_mask != ((1u << rank) - 1u) - ((1u << axis) - 1u))
    return LT_FAILURE;

  lt_op_t *last = root;
  lt_value_t *y = lt_op_result(root, 0), *gamma = NULL, *beta = NULL;
  lt_op_t *user = sole_user(y);
  if ((gamma = affine_operand(&m, user, y, LT_LITE_MUL, axis))) {
    if (!lt_rw_match_add(&m.set, user)) return LT_FAILURE;
    last = user;
    y = lt_op_result(user, 0);
    user = sole_user(y);
  }
  if ((beta = affine_operand(&m, user, y, LT_LITE_ADD, axis))) {
    if (!lt_rw_match_add(&m.set, user)) return LT_FAILURE;
    last = user;
  }
  if (!lt_rw_match_closed(&m.set, last)) return LT_FAILURE;

  lt_rw_match_sort(&m.set);
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_loc_t loc = lt_rw_fused_loc(ctx, m.set.n, m.set.ops);
  lt_rewriter_set_before(rw, last);
  if (!gamma && !(gamma = ones(rw, loc, m.x->type, axis))) return LT_FAILURE;
  lt_value_t *operands[3] = {m.x, gamma, beta};
  lt_named_attr_t attrs[2] = {lt_rw_named_int(ctx, "axis", axis),
                              lt_rw_named_float(ctx, "epsilon", m.eps)};
  lt_op_t *ln = lt_rw_create(rw, LT_LITE_LAYER_NORM, loc, beta ? 3 : 2,
                             operands, 2, attrs, 1);
  if (!ln) return LT_FAILURE;
  lt_rw_replace_fused(rw, last, lt_op_result(ln, 0), m.set.ops, m.set.n);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t layer_norm_patterns[] = {
    {{"lite.div", 1, fuse_layer_norm, NULL, "fuse-layer-norm-div"}, 0},
    {{"lite.mul", 1, fuse_layer_norm, NULL, "fuse-layer-norm-mul"}, 0},
};

static lt_result_t run_fuse_layer_norm(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, layer_norm_patterns,
                            LT_ARRAY_SIZE(layer_norm_patterns), NULL);
}

static const lt_pass_statistic_t layer_norm_statistics[] = {
    {"num-fused", "Number of decomposed layer norms fused"},
};

const lt_pass_info_t lt_fuse_layer_norm_pass = {
    .argument = "lite-fuse-layer-norm",
    .name = "LiteFuseLayerNorm",
    .summary = "Fuse the decomposed layer norm (reduce_mean, sub, pow, "
               "sqrt, div, gamma, beta) into lite.layer_norm",
    .anchor = "func.func",
    .statistics = layer_norm_statistics,
    .num_statistics = LT_ARRAY_SIZE(layer_norm_statistics),
    .run = run_fuse_layer_norm,
};

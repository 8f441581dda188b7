/* fuse_attention.c - the lite-fuse-attention pass (Paddle-Lite's
 * transformer_attention_fuse_pass): the multi-head self-attention subgraph
 * of a transformer encoder as exporters write it,
 *
 *   P_i  = x W_i + b_i                 (matmul + add with constant W_i, b_i,
 *                                       or fc; i = q, k, v; one x)
 *   Q    = transpose(reshape(P_q, [B, S, H, Dh]), [0, 2, 1, 3])   (K, V alike)
 *   Kt   = transpose(K, [0, 1, 3, 2])  (or the reshaped P_k transposed
 *                                       [0, 2, 3, 1] directly)
 *   A    = softmax(Q Kt * c + mask, axis -1)   (c: div or mul by a constant,
 *                                       or lite.scale, on the scores, on Q
 *                                       or K before or after the head split;
 *                                       mask optional)
 *   A    = dropout(A) / identity(A)    (optional, inference: identity)
 *   y    = reshape(transpose(A V, [0, 2, 1, 3]), [B, S, D])
 *
 * becomes lite.attention(x, Wq, bq, Wk, bk, Wv, bv, mask) {num_heads = H,
 * scale = c}. A projection without bias gets zeros. The pattern is rooted
 * at the final reshape. Left alone: shapes that are not static or do not
 * line up, projections of different inputs or with non-constant weights,
 * a scale applied after the mask or to V, a softmax over another axis, a
 * mask that widens the scores, a fused activation anywhere, and any
 * intermediate with a user outside the subgraph. */
#include <math.h>

#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

typedef struct attn_match {
  lt_rw_match_t set;   /* the ops lite.attention replaces */
  double scale;        /* product of the constant factors found */
  int64_t b, s, h, dh; /* batch, sequence, heads, head width */
  lt_value_t *x, *w[3], *bias[3], *mask;
} attn_match_t;

/* ---- matching helpers --------------------------------------------------- */

/* t is a static float tensor type of shape dims[0..rank). */
static bool has_shape(const lt_type_t *t, uint32_t rank, const int64_t *dims) {
  if (t->kind != LT_TYPE_TENSOR || t->shaped.rank != rank ||
      !lt_type_is_float(t->shaped.element))
    return false;
  for (uint32_t d = 0; d < rank; d++)
    if (t->shaped.shape[d] != dims[d]) return false;
  return true;
}

/* op is a transpose with exactly this rank-4 permutation. */
static bool is_perm(lt_op_t *op, int64_t p0, int64_t p1, int64_t p2,
                    int64_t p3) {
  const lt_attr_t *perm = lt_op_attr(op, "perm");
  int64_t want[4] = {p0, p1, p2, p3};
  if (!perm || lt_attr_dense_count(perm) != 4) return false;
  for (int64_t i = 0; i < 4; i++)
    if (lt_attr_dense_int(perm, i) != want[i]) return false;
  return true;
}

/* A float scalar constant's value. */
static bool float_scalar(lt_value_t *v, double *out) {
  return lt_rw_float_scalar(v, out) && isfinite(*out);
}

/* Strips constant factors off v: mul/div by a float scalar constant, or a
 * lite.scale without bias, keeping v's type. Multiplies them into
 * m->scale and returns what they were applied to. */
static lt_value_t *peel_scale(attn_match_t *m, lt_value_t *v) {
  for (;;) {
    lt_op_t *op;
    double c, f = 1.0;
    lt_value_t *inner = NULL;
    if ((op = lt_rw_plain_def(v, LT_LITE_MUL))) {
      for (uint32_t i = 0; i < 2 && !inner; i++)
        if (float_scalar(lt_op_operand(op, 1 - i), &c) &&
            lt_op_operand(op, i)->type == v->type) {
          inner = lt_op_operand(op, i);
          f = c;
        }
    } else if ((op = lt_rw_plain_def(v, LT_LITE_DIV))) {
      if (float_scalar(lt_op_operand(op, 1), &c) && c != 0 &&
          lt_op_operand(op, 0)->type == v->type) {
        inner = lt_op_operand(op, 0);
        f = 1.0 / c;
      }
    } else if ((op = lt_rw_plain_def(v, LT_LITE_SCALE))) {
      if (lt_rw_op_float(op, "bias", 0.0) == 0.0) {
        inner = lt_op_operand(op, 0);
        f = lt_rw_op_float(op, "scale", 1.0);
      }
    }
    if (!inner || !lt_rw_match_add(&m->set, op)) return v;
    m->scale *= f;
    v = inner;
  }
}

/* b is a constant bias of d elements, [d] or [1, ..., d]. */
static bool bias_ok(lt_value_t *b, int64_t d) {
  const lt_type_t *t = b->type;
  if (!lt_rw_const_attr(b) || t->kind != LT_TYPE_TENSOR || t->shaped.rank < 1 ||
      !lt_type_has_static_shape(t) || t->shaped.shape[t->shaped.rank - 1] != d)
    return false;
  for (uint32_t i = 0; i + 1 < t->shaped.rank; i++)
    if (t->shaped.shape[i] != 1) return false;
  return true;
}

/* p = x W + b (matmul + add, either order; or fc over the last dim; or a
 * matmul alone) with W a constant [Din, D] and x [B, S, Din], the same x
 * for all three projections. Records W and b (NULL: no bias) in slot i. */
static bool match_projection(attn_match_t *m, lt_value_t *p, uint32_t i,
                             int64_t d) {
  lt_op_t *op, *mm = NULL;
  lt_value_t *bias = NULL;
  if ((op = lt_rw_plain_def(p, LT_LITE_ADD))) {
    for (uint32_t k = 0; k < 2 && !mm; k++)
      if ((mm = lt_rw_def(lt_op_operand(op, k), LT_LITE_MATMUL)))
        bias = lt_op_operand(op, 1 - k);
    if (!mm || !bias_ok(bias, d) || !lt_rw_match_add(&m->set, op) ||
        !lt_rw_match_add(&m->set, mm))
      return false;
  } else if ((op = lt_rw_plain_def(p, LT_LITE_FC))) {
    const lt_attr_t *k = lt_op_attr(op, "in_num_col_dims");
    if (!k || k->kind != LT_ATTR_INTEGER || k->i != 2) return false;
    if (!lt_rw_absent(op, 2)) {
      bias = lt_op_operand(op, 2);
      if (!bias_ok(bias, d)) return false;
    }
    mm = op;
    if (!lt_rw_match_add(&m->set, op)) return false;
  } else if ((mm = lt_rw_def(p, LT_LITE_MATMUL))) {
    if (!lt_rw_match_add(&m->set, mm)) return false;
  } else {
    return false;
  }
  lt_value_t *x = lt_op_operand(mm, 0), *w = lt_op_operand(mm, 1);
  const lt_type_t *xt = x->type, *wt = w->type;
  int64_t bsd[3] = {m->b, m->s, d};
  if (!has_shape(p->type, 3, bsd) || xt->kind != LT_TYPE_TENSOR ||
      xt->shaped.rank != 3 || xt->shaped.element != p->type->shaped.element ||
      !lt_rw_const_attr(w) || wt->kind != LT_TYPE_TENSOR ||
      wt->shaped.rank != 2 || wt->shaped.element != xt->shaped.element ||
      wt->shaped.shape[0] != xt->shaped.shape[2] || wt->shaped.shape[1] != d ||
      (bias && bias->type->shaped.element != xt->shaped.element))
    return false;
  if (m->x && m->x != x) return false;
  m->x = x;
  m->w[i] = w;
  m->bias[i] = bias;
  return true;
}

/* Constant factors on Q or K scale the scores; on V (slot 2) they would
 * scale the output, which the fused op cannot express. */
static lt_value_t *peel_qk(attn_match_t *m, lt_value_t *v, uint32_t i) {
  return i == 2 ? v : peel_scale(m, v);
}

/* r = reshape(P) from [B, S, D] to [B, S, H, Dh], P a projection: slot
 * i. */
static bool match_split(attn_match_t *m, lt_value_t *r, uint32_t i) {
  lt_op_t *rs = lt_rw_def(r, LT_LITE_RESHAPE);
  int64_t bshd[4] = {m->b, m->s, m->h, m->dh};
  if (!rs || !has_shape(r->type, 4, bshd) || !lt_rw_match_add(&m->set, rs))
    return false;
  return match_projection(m, peel_qk(m, lt_op_operand(rs, 0), i), i,
                          m->h * m->dh);
}

/* v = transpose(reshape(P), [0, 2, 1, 3]) as [B, H, S, Dh]: slot i. */
static bool match_heads(attn_match_t *m, lt_value_t *v, uint32_t i) {
  lt_op_t *tr = lt_rw_def(v, LT_LITE_TRANSPOSE);
  return tr && is_perm(tr, 0, 2, 1, 3) && lt_rw_match_add(&m->set, tr) &&
         match_split(m, peel_qk(m, lt_op_operand(tr, 0), i), i);
}

/* kt = K transposed to [B, H, Dh, S]: transpose [0, 1, 3, 2] of the heads,
 * or transpose [0, 2, 3, 1] of the reshaped projection. */
static bool match_keys(attn_match_t *m, lt_value_t *kt) {
  lt_op_t *tr = lt_rw_def(kt, LT_LITE_TRANSPOSE);
  if (!tr || !lt_rw_match_add(&m->set, tr)) return false;
  lt_value_t *in = peel_scale(m, lt_op_operand(tr, 0));
  if (is_perm(tr, 0, 1, 3, 2)) return match_heads(m, in, 1);
  return is_perm(tr, 0, 2, 3, 1) && match_split(m, in, 1);
}

/* scores = peel(Q Kt) as [B, H, S, S]. */
static bool match_scores(attn_match_t *m, lt_value_t *scores) {
  int64_t bhss[4] = {m->b, m->h, m->s, m->s};
  lt_op_t *qk = lt_rw_def(peel_scale(m, scores), LT_LITE_MATMUL);
  return qk && has_shape(lt_op_result(qk, 0)->type, 4, bhss) &&
         lt_rw_match_add(&m->set, qk) &&
         match_heads(m, peel_scale(m, lt_op_operand(qk, 0)), 0) &&
         match_keys(m, peel_scale(m, lt_op_operand(qk, 1)));
}

/* The softmax input: scores + mask (either order; the mask must not widen
 * the scores) or the scores alone. */
static bool match_logits(attn_match_t *m, lt_value_t *logits) {
  /* A failed try may have recorded ops, factors and projections. */
  const attn_match_t saved = *m;
  lt_op_t *add = lt_rw_plain_def(logits, LT_LITE_ADD);
  for (uint32_t i = 0; add && i < 2; i++) {
    lt_value_t *scores = lt_op_operand(add, i);
    lt_value_t *mask = lt_op_operand(add, 1 - i);
    if (scores->type != logits->type || mask->type->kind != LT_TYPE_TENSOR ||
        mask->type->shaped.element != logits->type->shaped.element ||
        mask->type->shaped.rank > 4)
      continue;
    if (lt_rw_match_add(&m->set, add) && match_scores(m, scores)) {
      m->mask = mask;
      return true;
    }
    *m = saved;
  }
  return match_scores(m, logits);
}

/* ---- the rewrite ------------------------------------------------------------
 */

/* a softmax's input through inference-time identities (identity, dropout
 * without training mode). */
static lt_value_t *skip_identities(attn_match_t *m, lt_value_t *a) {
  for (;;) {
    lt_op_t *op = lt_rw_def(a, LT_LITE_IDENTITY);
    if (!op && (op = lt_rw_def(a, LT_LITE_DROPOUT)) && !lt_rw_absent(op, 2))
      op = NULL; /* training_mode given: left to the verifier and folding */
    if (!op || !lt_rw_match_add(&m->set, op)) return a;
    a = lt_op_operand(op, 0);
  }
}

/* The bias of slot i as a [D] constant: the matched one (reshaped when it
 * is [1, D]) or zeros. */
static lt_value_t *bias_vector(lt_rewriter_t *rw, lt_loc_t loc,
                               const attn_match_t *m, uint32_t i, int64_t d) {
  lt_value_t *b = m->bias[i];
  if (b && b->type->shaped.rank == 1) return b;
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  lk_tensor_t t = {.rank = 1, .dims = {d}};
  bool owned = false;
  lt_value_t *v = NULL;
  if (b) {
    /* [1, D] holds the same bytes as [D]. */
    if (!lt_rw_const_tensor(b, al, &t, &owned)) return NULL;
    t.rank = 1;
    t.dims[0] = d;
    v = lt_rw_constant(rw, loc, &t, "attention_bias");
    if (owned) lt_lite_tensor_free(al, &t);
    return v;
  }
  t.dtype = lt_lite_dtype(m->x->type->shaped.element);
  if (LT_FAILED(lt_lite_tensor_alloc(al, &t))) return NULL;
  v = lt_rw_constant(rw, loc, &t, "attention_bias");
  lt_lite_tensor_free(al, &t);
  return v;
}

static lt_result_t fuse_attention(const lt_pattern_t *self, lt_op_t *root,
                                  lt_rewriter_t *rw) {
  attn_match_t m = {.set = {.n = 0}, .scale = 1.0};
  lt_value_t *y = lt_op_result(root, 0);
  lt_op_t *tr = lt_rw_def(lt_op_operand(root, 0), LT_LITE_TRANSPOSE);
  lt_op_t *pv = tr ? lt_rw_def(lt_op_operand(tr, 0), LT_LITE_MATMUL) : NULL;
  const lt_type_t *pvt = pv ? lt_op_result(pv, 0)->type : NULL;
  if (!pv || !is_perm(tr, 0, 2, 1, 3) || pvt->kind != LT_TYPE_TENSOR ||
      pvt->shaped.rank != 4 || !lt_type_has_static_shape(pvt))
    return LT_FAILURE;
  m.b = pvt->shaped.shape[0];
  m.h = pvt->shaped.shape[1];
  m.s = pvt->shaped.shape[2];
  m.dh = pvt->shaped.shape[3];
  int64_t bsd[3] = {m.b, m.s, m.h * m.dh};
  if (!has_shape(y->type, 3, bsd) || !lt_rw_match_add(&m.set, root) ||
      !lt_rw_match_add(&m.set, tr) || !lt_rw_match_add(&m.set, pv))
    return LT_FAILURE;

  lt_op_t *sm =
      lt_rw_def(skip_identities(&m, lt_op_operand(pv, 0)), LT_LITE_SOFTMAX);
  const lt_attr_t *axis = sm ? lt_op_attr(sm, "axis") : NULL;
  int64_t a = axis && axis->kind == LT_ATTR_INTEGER ? axis->i : -1;
  if (!sm || (a != -1 && a != 3) || !lt_rw_match_add(&m.set, sm) ||
      !match_logits(&m, lt_op_operand(sm, 0)) ||
      !match_heads(&m, lt_op_operand(pv, 1), 2) ||
      !lt_rw_match_closed(&m.set, root))
    return LT_FAILURE;
  lt_rw_match_sort(&m.set);
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_loc_t loc = lt_rw_fused_loc(ctx, m.set.n, m.set.ops);
  lt_rewriter_set_before(rw, root);
  int64_t d = m.h * m.dh;
  lt_value_t *operands[8] = {m.x};
  for (uint32_t i = 0; i < 3; i++) {
    operands[1 + 2 * i] = m.w[i];
    if (!(operands[2 + 2 * i] = bias_vector(rw, loc, &m, i, d)))
      return LT_FAILURE;
  }
  operands[7] = m.mask;
  lt_named_attr_t attrs[2] = {lt_rw_named_int(ctx, "num_heads", m.h),
                              lt_rw_named_float(ctx, "scale", m.scale)};
  lt_op_t *attn = lt_rw_create(rw, LT_LITE_ATTENTION, loc, m.mask ? 8 : 7,
                               operands, 2, attrs, 1);
  if (!attn) return LT_FAILURE;
  lt_rw_replace_fused(rw, root, lt_op_result(attn, 0), m.set.ops, m.set.n);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t attention_patterns[] = {
    {{"lite.reshape", 1, fuse_attention, NULL, "fuse-attention"}, 0},
};

static lt_result_t run_fuse_attention(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, attention_patterns,
                            LT_ARRAY_SIZE(attention_patterns), NULL);
}

static const lt_pass_statistic_t attention_statistics[] = {
    {"num-fused", "Number of multi-head attention subgraphs fused"},
};

const lt_pass_info_t lt_fuse_attention_pass = {
    .argument = "lite-fuse-attention",
    .name = "LiteFuseAttention",
    .summary = "Fuse the multi-head self-attention subgraph (Q/K/V "
               "projections, QK^T, scale, mask, softmax, V) into "
               "lite.attention",
    .anchor = "func.func",
    .statistics = attention_statistics,
    .num_statistics = LT_ARRAY_SIZE(attention_statistics),
    .run = run_fuse_attention,
};

/* fuse_attention.c - the lite-fuse-attention pass (Paddle-Lite's
 * transformer_attention_fuse_pass): the multi-head self-attention subgraph
 * of a transformer encoder as exporters write it,
 *
 *   P    = x W + b                    (matmul + add with constant W, b, or
 *                                      fc, or a matmul alone; one per Q, K,
 *                                      V, or one packed [Din, 3D] for all)
 *   Q    = views of P [B, H, S, Dh]   (K, V alike; K also as K^T
 *                                      [B, H, Dh, S])
 *   A    = softmax(Q Kt * c + mask, axis -1)   (c: div or mul by a constant,
 *                                      or lite.scale, on the scores, or on
 *                                      Q or K anywhere among their views;
 *                                      mask optional)
 *   A    = dropout(A) / identity(A)   (optional, inference: identity)
 *   y    = views of A V               (the root: a reshape)
 *
 * becomes lite.attention(x', Wq, bq, Wk, bk, Wv, bv, mask) {num_heads = H,
 * scale = c}, then y's view of its [B, S, D] result. The views are any
 * chain of reshape, squeeze, unsqueeze, flatten, identity, transpose and
 * gather by constant indices: the separate projections' reshape to
 * [B, S, H, Dh] and transpose [0, 2, 1, 3], and what PyTorch writes for
 * nn.MultiheadAttention (a packed projection of the sequence-major input
 * split by reshape, unsqueeze, transpose, squeeze and gather, heads as
 * [S, B H, Dh] transposed and reshaped, the output transposed [2, 0, 1, 3]
 * to [S B, D]). Each chain is evaluated on an index tensor, and matched
 * when every element of Q, K and V is projection column off + h Dh + d of
 * row (b, s) of one x0 [B, S, Din] (x' = x0) or [S, B, Din] (x' its
 * transpose) that views led to x, and y is the result [B, S, D] or its
 * [S, B, D] transpose viewed. A packed projection gives each slot its
 * column block of W and b as new constants; a projection without bias
 * gets zeros. Left alone: shapes that are not static or do not line up
 * (interleaved columns, heads that mix rows), projections of different
 * inputs or with non-constant weights, a scale applied after the mask or
 * to V, a softmax over another axis, a mask that widens the scores, a
 * fused activation anywhere, and any intermediate with a user outside the
 * subgraph. */
#include <math.h>
#include <string.h>

#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

typedef struct attn_match {
  lt_rw_match_t set;   /* the ops lite.attention replaces */
  double scale;        /* product of the constant factors found */
  int64_t b, s, h, dh; /* batch, sequence, heads, head width */
  lt_value_t *x, *w[3], *bias[3], *mask;
  int64_t off[3]; /* slot i's columns of w[i] and bias[i]: [off, off + D) */
  bool x_seq;     /* x is [S, B, Din] (PyTorch's default), not [B, S, Din] */
  lt_context_t *ctx;
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

/* A float scalar constant's value. */
static bool float_scalar(lt_value_t *v, double *out) {
  return lt_rw_float_scalar(v, out) && isfinite(*out);
}

/* ---- views ------------------------------------------------------------------
 * Exporters reach the heads through different chains of data movement:
 * reshape to [B, S, H, Dh] and transpose (the separate projections), or,
 * as PyTorch writes nn.MultiheadAttention, one packed projection of the
 * sequence-major input, its columns split into Q, K and V by reshape,
 * unsqueeze, transpose, squeeze and gather, then reshape to [S, B H, Dh],
 * transpose and reshape to [B, H, S, Dh]. Rather than one pattern per
 * exporter, a chain of views is evaluated on an index tensor (each element
 * its own flat position in the chain's source): the result says where each
 * element came from, which is then checked against the layout the fused op
 * needs. */

#define MAX_VIEWS 16
#define MAX_INDEX_ELEMS ((int64_t)1 << 22)

typedef struct views {
  lt_op_t *ops[MAX_VIEWS]; /* from the source on */
  uint32_t n;
} views_t;

/* op moves operand 0's elements without computing: a reshape, squeeze,
 * unsqueeze, flatten, identity, transpose or a gather by constant indices,
 * with a static result. */
static bool is_view(lt_op_t *op) {
  if (!op || op->num_results != 1 || op->num_operands < 1 ||
      !lt_type_has_static_shape(lt_op_result(op, 0)->type) ||
      !lt_type_has_static_shape(lt_op_operand(op, 0)->type))
    return false;
  if (lt_rw_is(op, LT_LITE_RESHAPE) || lt_rw_is(op, LT_LITE_SQUEEZE) ||
      lt_rw_is(op, LT_LITE_UNSQUEEZE) || lt_rw_is(op, LT_LITE_FLATTEN) ||
      lt_rw_is(op, LT_LITE_IDENTITY) || lt_rw_is(op, LT_LITE_TRANSPOSE))
    return true;
  return lt_rw_is(op, LT_LITE_GATHER) && op->num_operands == 2 &&
         lt_rw_const_attr(lt_op_operand(op, 1));
}

/* A constant factor op on v (mul or div by a float scalar, lite.scale
 * without bias, keeping v's type): its input, the factor in *f. */
static lt_value_t *scale_input(lt_value_t *v, lt_op_t **out_op, double *f) {
  lt_op_t *op;
  double c;
  *out_op = NULL;
  if ((op = lt_rw_plain_def(v, LT_LITE_MUL))) {
    for (uint32_t i = 0; i < 2; i++)
      if (float_scalar(lt_op_operand(op, 1 - i), &c) &&
          lt_op_operand(op, i)->type == v->type) {
        *out_op = op;
        *f = c;
        return lt_op_operand(op, i);
      }
  } else if ((op = lt_rw_plain_def(v, LT_LITE_DIV))) {
    if (float_scalar(lt_op_operand(op, 1), &c) && c != 0 &&
        lt_op_operand(op, 0)->type == v->type) {
      *out_op = op;
      *f = 1.0 / c;
      return lt_op_operand(op, 0);
    }
  } else if ((op = lt_rw_plain_def(v, LT_LITE_SCALE))) {
    if (lt_rw_op_float(op, "bias", 0.0) == 0.0) {
      *out_op = op;
      *f = lt_rw_op_float(op, "scale", 1.0);
      return lt_op_operand(op, 0);
    }
  }
  return NULL;
}

/* Strips constant factors off v, multiplying them into m->scale; returns
 * what they were applied to. */
static lt_value_t *peel_scale(attn_match_t *m, lt_value_t *v) {
  for (;;) {
    lt_op_t *op;
    double f;
    lt_value_t *inner = scale_input(v, &op, &f);
    if (!inner || !lt_rw_match_add(&m->set, op)) return v;
    m->scale *= f;
    v = inner;
  }
}

/* Walks back from v over views (and, when scales, constant factors, which
 * go into m->scale and are views of the indices too) into *c, source
 * first; the ops join m's set when add. Returns the chain's source. */
static lt_value_t *walk_views(attn_match_t *m, lt_value_t *v, bool scales,
                              bool add, views_t *c) {
  lt_op_t *rev[MAX_VIEWS];
  uint32_t n = 0;
  for (;;) {
    lt_op_t *op = lt_value_defining_op(v), *sop = NULL;
    double f = 1.0;
    lt_value_t *inner = NULL;
    if (is_view(op))
      inner = lt_op_operand(op, 0);
    else if (scales && (inner = scale_input(v, &sop, &f)))
      op = sop;
    if (!inner || n == MAX_VIEWS || (add && !lt_rw_match_add(&m->set, op)))
      break;
    m->scale *= f;
    rev[n++] = op;
    v = inner;
  }
  c->n = n;
  for (uint32_t i = 0; i < n; i++)
    c->ops[i] = rev[n - 1 - i];
  return v;
}

static int64_t numel(const lt_type_t *t) {
  int64_t n = 1;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    n *= t->shaped.shape[d];
  return n;
}

/* in [dims] transposed by perm into out. */
static void permute(const double *in, const int64_t *dims, uint32_t rank,
                    const int64_t *perm, double *out, int64_t n) {
  int64_t stride[LK_MAX_RANK], idx[LK_MAX_RANK] = {0};
  stride[rank - 1] = 1;
  for (uint32_t d = rank - 1; d > 0; d--)
    stride[d - 1] = stride[d] * dims[d];
  for (int64_t o = 0; o < n; o++) {
    int64_t src = 0;
    for (uint32_t d = 0; d < rank; d++)
      src += idx[d] * stride[perm[d]];
    out[o] = in[src];
    for (uint32_t d = rank; d-- > 0;) /* the next output index */
      if (++idx[d] < dims[perm[d]]) break;
      else idx[d] = 0;
  }
}

/* Applies the view op to idx (its operand's elements), in place or into
 * a new buffer; false when it cannot (idx is then freed). */
static bool apply_view(attn_match_t *m, lt_op_t *op, double **idx) {
  const lt_type_t *in = lt_op_operand(op, 0)->type,
                  *out = lt_op_result(op, 0)->type;
  int64_t nin = numel(in), nout = numel(out);
  bool ok = true;
  double *r = NULL;
  if (lt_rw_is(op, LT_LITE_TRANSPOSE)) {
    const lt_attr_t *perm = lt_op_attr(op, "perm");
    int64_t p[LK_MAX_RANK];
    uint32_t rank = in->shaped.rank;
    ok = perm && lt_attr_dense_count(perm) == rank && rank > 0 &&
         rank <= LK_MAX_RANK && (r = lt_rw_scratch(m->ctx, nout));
    for (uint32_t d = 0; ok && d < rank; d++)
      ok = (p[d] = lt_attr_dense_int(perm, d)) >= 0 && p[d] < (int64_t)rank;
    if (ok) permute(*idx, in->shaped.shape, rank, p, r, nout);
  } else if (lt_rw_is(op, LT_LITE_GATHER)) {
    lk_tensor_t t;
    bool owned = false;
    lt_allocator_t al = lt_context_allocator(m->ctx);
    int64_t rank = in->shaped.rank, axis = lt_rw_op_int(op, "axis", 0);
    if (axis < 0) axis += rank;
    ok = axis >= 0 && axis < rank &&
         lt_rw_const_tensor(lt_op_operand(op, 1), al, &t, &owned);
    if (ok) {
      int64_t outer = 1, inner = 1, dim = in->shaped.shape[axis],
              ni = lk_numel(&t);
      for (int64_t d = 0; d < axis; d++)
        outer *= in->shaped.shape[d];
      for (int64_t d = axis + 1; d < rank; d++)
        inner *= in->shaped.shape[d];
      ok = outer * ni * inner == nout && (r = lt_rw_scratch(m->ctx, nout));
      for (int64_t o = 0; ok && o < outer; o++)
        for (int64_t j = 0; ok && j < ni; j++) {
          int64_t k = (int64_t)lk_load_f64(&t, j);
          if (k < 0) k += dim;
          if (!(ok = k >= 0 && k < dim)) break;
          for (int64_t i = 0; i < inner; i++)
            r[(o * ni + j) * inner + i] = (*idx)[(o * dim + k) * inner + i];
        }
      if (owned) lt_lite_tensor_free(al, &t);
    }
  } else {
    return nin == nout; /* the same elements in the same order */
  }
  lt_rw_scratch_free(m->ctx, *idx, nin);
  if (!ok && r) {
    lt_rw_scratch_free(m->ctx, r, nout);
    r = NULL;
  }
  *idx = r;
  return ok;
}

/* The chain c evaluated on the index tensor of its source src: element j
 * of the chain's last result came from src's flat element result[j]
 * (numel of that result long; free with lt_rw_scratch_free). NULL when it
 * cannot be (too big, out of memory, an index out of range). */
static double *eval_views(attn_match_t *m, const lt_type_t *src,
                          const views_t *c) {
  int64_t n = numel(src);
  for (uint32_t i = 0; i < c->n; i++)
    if (numel(lt_op_result(c->ops[i], 0)->type) > MAX_INDEX_ELEMS) return NULL;
  double *idx = n <= MAX_INDEX_ELEMS ? lt_rw_scratch(m->ctx, n) : NULL;
  for (int64_t i = 0; idx && i < n; i++)
    idx[i] = (double)i;
  for (uint32_t i = 0; idx && i < c->n; i++)
    if (!apply_view(m, c->ops[i], &idx)) return NULL;
  return idx;
}

/* ---- projections -------------------------------------------------------- */

/* b is a constant bias of f elements, [f] or [1, ..., f]. */
static bool bias_ok(lt_value_t *b, int64_t f) {
  const lt_type_t *t = b->type;
  if (!lt_rw_const_attr(b) || t->kind != LT_TYPE_TENSOR || t->shaped.rank < 1 ||
      !lt_type_has_static_shape(t) || t->shaped.shape[t->shaped.rank - 1] != f)
    return false;
  for (uint32_t i = 0; i + 1 < t->shaped.rank; i++)
    if (t->shaped.shape[i] != 1) return false;
  return true;
}

/* p = x W + b over the last axis (matmul + add, either order; fc with
 * in_num_col_dims = rank - 1; a matmul alone), W a constant [Din, F]:
 * records W and b (NULL: no bias) in slot i, x in *out_x. */
static bool match_projection(attn_match_t *m, lt_value_t *p, uint32_t i,
                             lt_value_t **out_x) {
  lt_op_t *op, *mm = NULL;
  lt_value_t *bias = NULL;
  const lt_type_t *pt = p->type;
  if (pt->kind != LT_TYPE_TENSOR || pt->shaped.rank < 2 ||
      !lt_type_has_static_shape(pt) || !lt_type_is_float(pt->shaped.element))
    return false;
  int64_t f = pt->shaped.shape[pt->shaped.rank - 1];
  if ((op = lt_rw_plain_def(p, LT_LITE_ADD))) {
    for (uint32_t k = 0; k < 2 && !mm; k++)
      if ((mm = lt_rw_def(lt_op_operand(op, k), LT_LITE_MATMUL)))
        bias = lt_op_operand(op, 1 - k);
    if (!mm || !bias_ok(bias, f) || !lt_rw_match_add(&m->set, op) ||
        !lt_rw_match_add(&m->set, mm))
      return false;
  } else if ((op = lt_rw_plain_def(p, LT_LITE_FC))) {
    const lt_attr_t *k = lt_op_attr(op, "in_num_col_dims");
    if (!k || k->kind != LT_ATTR_INTEGER || k->i != pt->shaped.rank - 1)
      return false;
    if (!lt_rw_absent(op, 2)) {
      bias = lt_op_operand(op, 2);
      if (!bias_ok(bias, f)) return false;
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
  uint32_t r = pt->shaped.rank;
  if (xt->kind != LT_TYPE_TENSOR || xt->shaped.rank != r ||
      !lt_type_has_static_shape(xt) ||
      xt->shaped.element != pt->shaped.element || !lt_rw_const_attr(w) ||
      wt->kind != LT_TYPE_TENSOR || wt->shaped.rank != 2 ||
      wt->shaped.element != xt->shaped.element ||
      wt->shaped.shape[0] != xt->shaped.shape[r - 1] ||
      wt->shaped.shape[1] != f ||
      (bias && bias->type->shaped.element != xt->shaped.element))
    return false;
  for (uint32_t d = 0; d + 1 < r; d++)
    if (xt->shaped.shape[d] != pt->shaped.shape[d]) return false;
  m->w[i] = w;
  m->bias[i] = bias;
  *out_x = x;
  return true;
}

/* Whether the projection's rows (x's rows, which views of x0 [B, S, Din],
 * or [S, B, Din] when seq, made) and columns reach v as the fused op reads
 * slot i: v [B, H, S, Dh] (keys_t: [B, H, Dh, S]) with v[b, h, s, d] the
 * projection of x0's row (b, s), column off + h Dh + d, for one off. pidx:
 * where v's elements sit in the projection p (eval_views from p). */
static bool check_layout(attn_match_t *m, uint32_t i, lt_value_t *x0,
                         lt_value_t *x, const views_t *xv, const double *pidx,
                         const lt_type_t *pt, bool keys_t, bool seq) {
  const lt_type_t *t0 = x0->type;
  int64_t din = t0->shaped.rank == 3 ? t0->shaped.shape[2] : -1;
  if (din < 1 || t0->shaped.shape[0] != (seq ? m->s : m->b) ||
      t0->shaped.shape[1] != (seq ? m->b : m->s) ||
      !lt_type_has_static_shape(t0) ||
      x->type->shaped.shape[x->type->shaped.rank - 1] != din)
    return false;
  double *xidx = eval_views(m, t0, xv);
  if (!xidx) return false;
  /* x's rows as rows of x0: each a whole row, in order */
  int64_t rows = numel(x->type) / din, f = pt->shaped.shape[pt->shaped.rank - 1];
  bool ok = true;
  for (int64_t r = 0; ok && r < rows; r++) {
    int64_t base = (int64_t)xidx[r * din];
    ok = base % din == 0;
    for (int64_t c = 1; ok && c < din; c++)
      ok = (int64_t)xidx[r * din + c] == base + c;
  }
  int64_t off = -1, dh = m->dh, h = m->h, s = m->s;
  int64_t dims[4] = {m->b, h, keys_t ? dh : s, keys_t ? s : dh};
  int64_t j = 0;
  for (int64_t b = 0; ok && b < dims[0]; b++)
    for (int64_t hh = 0; ok && hh < dims[1]; hh++)
      for (int64_t u = 0; ok && u < dims[2]; u++)
        for (int64_t w = 0; ok && w < dims[3]; w++, j++) {
          int64_t e = (int64_t)pidx[j], col = e % f,
                  row = (int64_t)xidx[(e / f) * din] / din;
          int64_t ss = keys_t ? w : u, d = keys_t ? u : w;
          if (off < 0) off = col - hh * dh - d;
          ok = row == (seq ? ss * m->b + b : b * s + ss) &&
               col == off + hh * dh + d;
        }
  lt_rw_scratch_free(m->ctx, xidx, numel(t0));
  if (!ok || off < 0 || off + h * dh > f) return false;
  m->off[i] = off;
  return true;
}

/* v = slot i's heads ([B, H, S, Dh]; keys_t: K transposed, [B, H, Dh, S]):
 * views (and on Q and K constant factors) of a projection x W + b, x views
 * of m->x (or, for the first slot, of the nearest value back from x that
 * works, batch-major first). */
static bool match_heads(attn_match_t *m, lt_value_t *v, uint32_t i,
                        bool keys_t) {
  int64_t want[4] = {m->b, m->h, keys_t ? m->dh : m->s, keys_t ? m->s : m->dh};
  if (!has_shape(v->type, 4, want)) return false;
  views_t pv, xv;
  lt_value_t *p = walk_views(m, v, i < 2, true, &pv), *x;
  if (!match_projection(m, p, i, &x)) return false;
  double *pidx = eval_views(m, p->type, &pv);
  if (!pidx) return false;
  /* x0: the nearest value back from x over views that lines up */
  views_t all;
  walk_views(m, x, false, false, &all);
  bool ok = false;
  for (int seq = 0; !ok && seq < 2; seq++)
    for (uint32_t k = 0; !ok && k <= all.n; k++) {
      /* x0 is the operand of all.ops[all.n - k] (x itself for k = 0) */
      lt_value_t *x0 = k == 0 ? x : lt_op_operand(all.ops[all.n - k], 0);
      if (m->x && (m->x != x0 || m->x_seq != (bool)seq)) continue;
      xv.n = k;
      for (uint32_t q = 0; q < k; q++)
        xv.ops[q] = all.ops[all.n - k + q];
      if ((ok = check_layout(m, i, x0, x, &xv, pidx, p->type, keys_t, seq))) {
        m->x = x0;
        m->x_seq = seq;
      }
    }
  lt_rw_scratch_free(m->ctx, pidx, numel(v->type));
  return ok;
}

/* scores = peel(Q Kt) as [B, H, S, S]. */
static bool match_scores(attn_match_t *m, lt_value_t *scores) {
  int64_t bhss[4] = {m->b, m->h, m->s, m->s};
  lt_op_t *qk = lt_rw_def(peel_scale(m, scores), LT_LITE_MATMUL);
  return qk && has_shape(lt_op_result(qk, 0)->type, 4, bhss) &&
         lt_rw_match_add(&m->set, qk) &&
         match_heads(m, lt_op_operand(qk, 0), 0, false) &&
         match_heads(m, lt_op_operand(qk, 1), 1, true);
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

/* Slot i's weight [Din, D] and bias [D] as constants: the matched ones
 * where they are exactly that, else their columns [off, off + D) (a packed
 * projection's share), a [1, D] bias as [D], a missing bias as zeros. */
static bool slot_constants(lt_rewriter_t *rw, lt_loc_t loc,
                           const attn_match_t *m, uint32_t i, int64_t d,
                           lt_value_t **out_w, lt_value_t **out_b) {
  lt_allocator_t al = lt_context_allocator(m->ctx);
  lt_value_t *w = m->w[i], *b = m->bias[i];
  int64_t din = w->type->shaped.shape[0], f = w->type->shaped.shape[1],
          off = m->off[i];
  *out_w = w;
  if (off != 0 || f != d) {
    lk_tensor_t t, s = {.rank = 2, .dims = {din, d}};
    bool owned = false;
    if (!lt_rw_const_tensor(w, al, &t, &owned)) return false;
    s.dtype = t.dtype;
    bool ok = LT_SUCCEEDED(lt_lite_tensor_alloc(al, &s));
    size_t es = lk_dtype_size(t.dtype);
    for (int64_t r = 0; ok && r < din; r++)
      memcpy((char *)s.data + (size_t)(r * d) * es,
             (const char *)t.data + (size_t)(r * f + off) * es,
             (size_t)d * es);
    *out_w = ok ? lt_rw_constant(rw, loc, &s, "attention_weight") : NULL;
    if (ok) lt_lite_tensor_free(al, &s);
    if (owned) lt_lite_tensor_free(al, &t);
    if (!*out_w) return false;
  }
  if (b && b->type->shaped.rank == 1 && off == 0 && f == d) {
    *out_b = b;
    return true;
  }
  lk_tensor_t s = {.rank = 1, .dims = {d}};
  s.dtype = lt_lite_dtype(m->x->type->shaped.element);
  if (LT_FAILED(lt_lite_tensor_alloc(al, &s))) return false;
  if (b) { /* [1, ..., F] holds the same bytes as [F] */
    lk_tensor_t t;
    bool owned = false;
    if (!lt_rw_const_tensor(b, al, &t, &owned)) {
      lt_lite_tensor_free(al, &s);
      return false;
    }
    size_t es = lk_dtype_size(t.dtype);
    memcpy(s.data, (const char *)t.data + (size_t)off * es, (size_t)d * es);
    if (owned) lt_lite_tensor_free(al, &t);
  }
  *out_b = lt_rw_constant(rw, loc, &s, "attention_bias");
  lt_lite_tensor_free(al, &s);
  return *out_b != NULL;
}

/* What the root is of the fused op's y [B, S, D]: y itself viewed (reshape,
 * when its shape differs), or, as PyTorch's sequence-major layout has it,
 * y transposed to [S, B, D] and viewed. idx: where the root's elements sit
 * in the attention's [B, H, S, Dh] product (eval_views). */
typedef enum out_form { OUT_NONE, OUT_BATCH_MAJOR, OUT_SEQ_MAJOR } out_form_t;

static out_form_t output_form(const attn_match_t *m, const double *idx,
                              int64_t n) {
  bool batch = true, seq = true;
  int64_t d = m->h * m->dh;
  for (int64_t j = 0; j < n && (batch || seq); j++) {
    int64_t e = (int64_t)idx[j], w = e % m->dh, q = e / m->dh,
            ss = q % m->s, hh = (q / m->s) % m->h, b = q / (m->s * m->h);
    int64_t col = hh * m->dh + w;
    batch = batch && j == (b * m->s + ss) * d + col;
    seq = seq && j == (ss * m->b + b) * d + col;
  }
  return batch ? OUT_BATCH_MAJOR : seq ? OUT_SEQ_MAJOR : OUT_NONE;
}

static lt_result_t fuse_attention(const lt_pattern_t *self, lt_op_t *root,
                                  lt_rewriter_t *rw) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  attn_match_t m = {.set = {.n = 0}, .scale = 1.0, .ctx = ctx};
  lt_value_t *y = lt_op_result(root, 0);
  if (!is_view(root) || !lt_rw_match_add(&m.set, root)) return LT_FAILURE;
  /* the root and the views before it, back to the product with V */
  views_t out;
  lt_value_t *av = walk_views(&m, lt_op_operand(root, 0), false, true, &out);
  lt_op_t *pv = lt_rw_def(av, LT_LITE_MATMUL);
  const lt_type_t *pvt = av->type;
  if (!pv || pvt->kind != LT_TYPE_TENSOR || pvt->shaped.rank != 4 ||
      !lt_type_has_static_shape(pvt) || out.n == MAX_VIEWS ||
      !lt_rw_match_add(&m.set, pv))
    return LT_FAILURE;
  out.ops[out.n++] = root;
  m.b = pvt->shaped.shape[0];
  m.h = pvt->shaped.shape[1];
  m.s = pvt->shaped.shape[2];
  m.dh = pvt->shaped.shape[3];
  double *oidx = eval_views(&m, pvt, &out);
  if (!oidx) return LT_FAILURE;
  out_form_t form = output_form(&m, oidx, numel(y->type));
  lt_rw_scratch_free(ctx, oidx, numel(y->type));
  if (form == OUT_NONE) return LT_FAILURE;

  lt_op_t *sm =
      lt_rw_def(skip_identities(&m, lt_op_operand(pv, 0)), LT_LITE_SOFTMAX);
  const lt_attr_t *axis = sm ? lt_op_attr(sm, "axis") : NULL;
  int64_t a = axis && axis->kind == LT_ATTR_INTEGER ? axis->i : -1;
  if (!sm || (a != -1 && a != 3) || !lt_rw_match_add(&m.set, sm) ||
      !match_logits(&m, lt_op_operand(sm, 0)) ||
      !match_heads(&m, lt_op_operand(pv, 1), 2, false) ||
      !lt_rw_match_closed(&m.set, root))
    return LT_FAILURE;
  lt_rw_match_sort(&m.set);
  lt_loc_t loc = lt_rw_fused_loc(ctx, m.set.n, m.set.ops);
  lt_rewriter_set_before(rw, root);
  int64_t d = m.h * m.dh;
  lt_value_t *operands[8] = {m.x};
  static const int64_t kSwap[3] = {1, 0, 2};
  lt_named_attr_t swap = lt_rw_named_ints(ctx, "perm", 3, kSwap);
  if (m.x_seq) { /* [S, B, Din] to [B, S, Din] */
    lt_op_t *t = lt_rw_create(rw, LT_LITE_TRANSPOSE, loc, 1, &m.x, 1, &swap, 1);
    if (!t) return LT_FAILURE;
    operands[0] = lt_op_result(t, 0);
  }
  for (uint32_t i = 0; i < 3; i++)
    if (!slot_constants(rw, loc, &m, i, d, &operands[1 + 2 * i],
                        &operands[2 + 2 * i]))
      return LT_FAILURE;
  operands[7] = m.mask;
  lt_named_attr_t attrs[2] = {lt_rw_named_int(ctx, "num_heads", m.h),
                              lt_rw_named_float(ctx, "scale", m.scale)};
  lt_op_t *attn = lt_rw_create(rw, LT_LITE_ATTENTION, loc, m.mask ? 8 : 7,
                               operands, 2, attrs, 1);
  if (!attn) return LT_FAILURE;
  lt_value_t *r = lt_op_result(attn, 0);
  if (form == OUT_SEQ_MAJOR) { /* [S, B, D] */
    lt_op_t *t = lt_rw_create(rw, LT_LITE_TRANSPOSE, loc, 1, &r, 1, &swap, 1);
    if (!t) return LT_FAILURE;
    r = lt_op_result(t, 0);
  }
  if (r->type != y->type) { /* the root's view of it */
    const lt_type_t *yt = y->type;
    lt_named_attr_t shape = lt_rw_named_ints(ctx, "shape", yt->shaped.rank,
                                             yt->shaped.shape);
    lt_op_t *v = lt_rw_create(rw, LT_LITE_RESHAPE, loc, 1, &r, 1, &shape, 1);
    if (!v) return LT_FAILURE;
    r = lt_op_result(v, 0);
  }
  lt_rw_replace_fused(rw, root, r, m.set.ops, m.set.n);
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

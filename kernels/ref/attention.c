/* attention.c - multi-head self-attention in double, written plainly: it is
 * the oracle the fused kernels are checked against. */
#include "kernels/ref/attention.h"

#include <math.h>

#include "kernels/ref/nn_util.h"

/* out[s, d] = x[s, :] . w[:, d] + b[d] for one batch. */
static void project(const double *x, const double *w, const double *b,
                    int64_t seq, int64_t din, int64_t d, double *out) {
  for (int64_t s = 0; s < seq; s++)
    for (int64_t j = 0; j < d; j++) {
      double acc = b[j];
      for (int64_t k = 0; k < din; k++)
        acc += x[s * din + k] * w[k * d + j];
      out[s * d + j] = acc;
    }
}

/* Offset of mask element [b, h, s, t] in a mask broadcast to
 * [B, H, S, S]. */
static int64_t mask_index(const lk_tensor_t *m, int64_t b, int64_t h, int64_t s,
                          int64_t t) {
  int64_t idx[4] = {b, h, s, t}, off = 0;
  int32_t lead = 4 - m->rank;
  for (int32_t i = 0; i < m->rank; i++) {
    int64_t v = m->dims[i] == 1 ? 0 : idx[lead + i];
    off = off * m->dims[i] + v;
  }
  return off;
}

/* The double copies of the operands, the Q/K/V projections of one batch,
 * one row of scores and the result. */
typedef struct attn_scratch {
  double *xd, *md, *wd[3], *bd[3], *qkv, *row, *yd;
} attn_scratch_t;

static void attn_layout(lk_ws_carver_t *c, const lk_tensor_t *x,
                        const lk_tensor_t *const w[3],
                        const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                        const lk_tensor_t *y, attn_scratch_t *s) {
  int64_t seq = x->dims[1], d = w[0]->dims[1];
  s->xd = lk_ws_take(c, lk_numel(x), sizeof(double));
  s->md = mask ? lk_ws_take(c, lk_numel(mask), sizeof(double)) : NULL;
  for (int i = 0; i < 3; i++) {
    s->wd[i] = lk_ws_take(c, lk_numel(w[i]), sizeof(double));
    s->bd[i] = lk_ws_take(c, lk_numel(b[i]), sizeof(double));
  }
  s->qkv = lk_ws_take(c, 3 * seq * d, sizeof(double));
  s->row = lk_ws_take(c, seq, sizeof(double));
  s->yd = lk_ws_take(c, lk_numel(y), sizeof(double));
}

size_t lk_ref_attention_workspace(const lk_tensor_t *x,
                                  const lk_tensor_t *const w[3],
                                  const lk_tensor_t *const b[3],
                                  const lk_tensor_t *mask,
                                  const lk_tensor_t *y) {
  lk_ws_carver_t c = lk_ws_sizing();
  attn_scratch_t s;
  attn_layout(&c, x, w, b, mask, y, &s);
  return c.used;
}

bool lk_ref_attention(const lk_attention_params_t *p, const lk_tensor_t *x,
                      const lk_tensor_t *const w[3],
                      const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                      lk_tensor_t *y, lk_workspace_t ws) {
  int64_t batch = x->dims[0], seq = x->dims[1], din = x->dims[2];
  int64_t d = w[0]->dims[1], heads = p->num_heads, dh = d / heads;
  lk_ws_carver_t c = lk_ws_carve(ws);
  attn_scratch_t sc;
  attn_layout(&c, x, w, b, mask, y, &sc);
  if (!lk_ws_ok(&c)) return false;
  double *xd = sc.xd, *md = sc.md, *qkv = sc.qkv, *row = sc.row, *yd = sc.yd;
  lk_nn_load_f64(x, xd);
  if (mask) lk_nn_load_f64(mask, md);
  for (int i = 0; i < 3; i++) {
    lk_nn_load_f64(w[i], sc.wd[i]);
    lk_nn_load_f64(b[i], sc.bd[i]);
  }
  size_t proj = (size_t)(seq * d);
  for (int64_t bi = 0; bi < batch; bi++) {
    for (int i = 0; i < 3; i++)
      project(xd + bi * seq * din, sc.wd[i], sc.bd[i], seq, din, d,
              qkv + (size_t)i * proj);
    const double *q = qkv, *k = qkv + proj, *v = qkv + 2 * proj;
    for (int64_t h = 0; h < heads; h++)
      for (int64_t s = 0; s < seq; s++) {
        double mx = -INFINITY, sum = 0;
        for (int64_t t = 0; t < seq; t++) {
          double dot = 0;
          for (int64_t e = 0; e < dh; e++)
            dot += q[s * d + h * dh + e] * k[t * d + h * dh + e];
          dot *= p->scale;
          if (mask) dot += md[mask_index(mask, bi, h, s, t)];
          row[t] = dot;
          if (dot > mx) mx = dot;
        }
        for (int64_t t = 0; t < seq; t++)
          sum += row[t] = exp(row[t] - mx);
        double *out = yd + bi * seq * d + s * d + h * dh;
        for (int64_t e = 0; e < dh; e++) {
          double acc = 0;
          for (int64_t t = 0; t < seq; t++)
            acc += row[t] * v[t * d + h * dh + e];
          out[e] = acc / sum;
        }
      }
  }
  lk_nn_store_f64(y, yd);
  return true;
}

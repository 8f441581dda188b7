/* attention.c - multi-head self-attention, written plainly: it is the
 * oracle the fused kernels are checked against. float32 operands take a
 * path that computes in float on the operands themselves (as the unfused
 * matmul, softmax and matmul it replaces do); every other float type is
 * computed in double on copies. */
#include "kernels/ref/attention.h"

#include <math.h>

#include "kernels/ref/nn_util.h"

/* out[s, j] = b[j] + sum over k ascending of x[s, k] * w[k, j], for one
 * batch. The k loop is outside the j loop so that w is read by rows; each
 * element still sums its terms in the same order. */
static void project(const double *x, const double *w, const double *b,
                    int64_t seq, int64_t din, int64_t d, double *out) {
  for (int64_t s = 0; s < seq; s++) {
    double *o = out + s * d;
    for (int64_t j = 0; j < d; j++) o[j] = b[j];
    for (int64_t k = 0; k < din; k++) {
      double xv = x[s * din + k];
      const double *wk = w + k * d;
      for (int64_t j = 0; j < d; j++) o[j] += xv * wk[j];
    }
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

/* The float32 path runs on the reference matrix product's loops (the
 * unfused matmuls' own), over the operands' floats. */
#define LK_T float
#define LK_ACC float
#define LK_GEMM_FN(name) name##_attn_f32
#include "kernels/ref/gemm_core.inc"
#undef LK_T
#undef LK_ACC
#undef LK_GEMM_FN

static bool all_f32(const lk_tensor_t *x, const lk_tensor_t *const w[3],
                    const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                    const lk_tensor_t *y) {
  bool f = x->dtype == LK_F32 && y->dtype == LK_F32 &&
           (!mask || mask->dtype == LK_F32);
  for (int i = 0; i < 3; i++)
    f = f && w[i]->dtype == LK_F32 && b[i]->dtype == LK_F32;
  return f;
}

/* The scratch: on the float32 path the Q/K/V projections of one batch,
 * and per head K^T, V, the scores and the result (contiguous, for the
 * matrix product); otherwise the double copies of the operands, the
 * projections, one row of scores and the result. */
typedef struct attn_scratch {
  double *xd, *md, *wd[3], *bd[3], *qkv, *row, *yd;
  float *qkvf, *kt, *vh, *scores, *yh;
} attn_scratch_t;

static void attn_layout(lk_ws_carver_t *c, const lk_tensor_t *x,
                        const lk_tensor_t *const w[3],
                        const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                        const lk_tensor_t *y, attn_scratch_t *s) {
  int64_t seq = x->dims[1], d = w[0]->dims[1];
  if (all_f32(x, w, b, mask, y)) {
    /* A head's slices are at most D wide whatever the head count. */
    s->qkvf = lk_ws_take(c, 3 * seq * d, sizeof(float));
    s->kt = lk_ws_take(c, d * seq, sizeof(float));
    s->vh = lk_ws_take(c, seq * d, sizeof(float));
    s->scores = lk_ws_take(c, seq * seq, sizeof(float));
    s->yh = lk_ws_take(c, seq * d, sizeof(float));
    return;
  }
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

/* The float32 path, op by op as the unfused graph computes it: Q, K, V =
 * x W + b (matmul, then the bias added); per head the scores Q_h K_h^T,
 * scaled, plus the mask, softmax by rows, times V_h. */
static void attention_f32(const lk_attention_params_t *p,
                          const lk_tensor_t *x, const lk_tensor_t *const w[3],
                          const lk_tensor_t *const b[3],
                          const lk_tensor_t *mask, lk_tensor_t *y,
                          const attn_scratch_t *sc) {
  int64_t batch = x->dims[0], seq = x->dims[1], din = x->dims[2];
  int64_t d = w[0]->dims[1], heads = p->num_heads, dh = d / heads;
  const float *md = mask ? mask->data : NULL;
  float scale = (float)p->scale;
  size_t proj = (size_t)(seq * d);
  float *qkv = sc->qkvf, *kt = sc->kt, *vh = sc->vh, *sr = sc->scores,
        *yh = sc->yh;
  for (int64_t bi = 0; bi < batch; bi++) {
    const float *xb = (const float *)x->data + bi * seq * din;
    for (int i = 0; i < 3; i++) {
      float *o = qkv + (size_t)i * proj;
      const float *bias = b[i]->data;
      core_attn_f32(seq, d, din, xb, din, 1, w[i]->data, o);
      for (int64_t s = 0; s < seq; s++)
        for (int64_t j = 0; j < d; j++) o[s * d + j] += bias[j];
    }
    const float *q = qkv, *k = qkv + proj, *v = qkv + 2 * proj;
    for (int64_t h = 0; h < heads; h++) {
      for (int64_t t = 0; t < seq; t++)
        for (int64_t e = 0; e < dh; e++) {
          kt[e * seq + t] = k[t * d + h * dh + e];
          vh[t * dh + e] = v[t * d + h * dh + e];
        }
      core_attn_f32(seq, seq, dh, q + h * dh, d, 1, kt, sr);
      for (int64_t s = 0; s < seq; s++) {
        float *row = sr + s * seq, mx = -INFINITY, sum = 0;
        for (int64_t t = 0; t < seq; t++) {
          row[t] *= scale;
          if (md) row[t] += md[mask_index(mask, bi, h, s, t)];
          if (row[t] > mx) mx = row[t];
        }
        for (int64_t t = 0; t < seq; t++) sum += row[t] = expf(row[t] - mx);
        for (int64_t t = 0; t < seq; t++) row[t] /= sum;
      }
      core_attn_f32(seq, dh, seq, sr, seq, 1, vh, yh);
      float *yb = (float *)y->data + bi * seq * d + h * dh;
      for (int64_t s = 0; s < seq; s++)
        for (int64_t e = 0; e < dh; e++) yb[s * d + e] = yh[s * dh + e];
    }
  }
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
  if (all_f32(x, w, b, mask, y)) {
    attention_f32(p, x, w, b, mask, y, &sc);
    return true;
  }
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
        /* V by rows; each element sums over t ascending, as written. */
        double *out = yd + bi * seq * d + s * d + h * dh;
        for (int64_t e = 0; e < dh; e++) out[e] = 0;
        for (int64_t t = 0; t < seq; t++) {
          const double *vt = v + t * d + h * dh;
          for (int64_t e = 0; e < dh; e++) out[e] += row[t] * vt[e];
        }
        for (int64_t e = 0; e < dh; e++) out[e] /= sum;
      }
  }
  lk_nn_store_f64(y, yd);
  return true;
}

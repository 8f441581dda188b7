/* attention.c - multi-head self-attention in double, written plainly: it is
 * the oracle the fused kernels are checked against. */
#include "kernels/ref/attention.h"

#include <math.h>
#include <stdlib.h>

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

bool lk_ref_attention(const lk_attention_params_t *p, const lk_tensor_t *x,
                      const lk_tensor_t *const w[3],
                      const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                      lk_tensor_t *y) {
  int64_t batch = x->dims[0], seq = x->dims[1], din = x->dims[2];
  int64_t d = w[0]->dims[1], heads = p->num_heads, dh = d / heads;
  double *xd = lk_nn_load_f64(x), *wd[3] = {0}, *bd[3] = {0};
  double *md = mask ? lk_nn_load_f64(mask) : NULL;
  /* Sizes of at least one element: malloc(0) may return NULL, which must
   * not read as out of memory for empty batches or sequences. */
  size_t proj = (size_t)(seq * d > 0 ? seq * d : 1);
  size_t ysize = (size_t)(batch > 0 ? batch : 1) * proj;
  double *qkv = malloc(3 * proj * sizeof(double));
  double *row = malloc((size_t)(seq > 0 ? seq : 1) * sizeof(double));
  double *yd = malloc(ysize * sizeof(double));
  bool ok = xd && qkv && row && yd && (!mask || md);
  for (int i = 0; i < 3; i++) {
    wd[i] = lk_nn_load_f64(w[i]);
    bd[i] = lk_nn_load_f64(b[i]);
    ok = ok && wd[i] && bd[i];
  }
  for (int64_t bi = 0; ok && bi < batch; bi++) {
    for (int i = 0; i < 3; i++)
      project(xd + bi * seq * din, wd[i], bd[i], seq, din, d,
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
          if (md) dot += md[mask_index(mask, bi, h, s, t)];
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
  if (ok) lk_nn_store_f64(y, yd);
  free(xd);
  free(md);
  free(qkv);
  free(row);
  free(yd);
  for (int i = 0; i < 3; i++) {
    free(wd[i]);
    free(bd[i]);
  }
  return ok;
}

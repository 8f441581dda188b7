/* pool.c - reference pooling over N spatial dims, in double. */
#include "kernels/ref/pool.h"

#include <math.h>

#include "kernels/ref/nn_util.h"

/* Per output position along one dim: its window taps that land inside x
 * ([first, first + count) in tap numbers, since taps are evenly spaced) and
 * the number of taps inside the padded extent. */
typedef struct pool_span {
  int64_t first, count, padded;
} pool_span_t;

static pool_span_t span_of(const lk_pool_params_t *p, int32_t d, int64_t o,
                           int64_t in) {
  int64_t start = o * p->strides[d] - p->pads_begin[d], dil = p->dilations[d];
  pool_span_t s = {0, 0, 0};
  int64_t lo = lk_nn_ceil_div(-start, dil), hi;
  if (lo < 0) lo = 0;
  hi = lk_nn_floor_div(in - 1 - start, dil) + 1;
  if (hi > p->kernel[d]) hi = p->kernel[d];
  s.first = lo;
  s.count = hi > lo ? hi - lo : 0;
  int64_t plo = lk_nn_ceil_div(-p->pads_begin[d] - start, dil);
  int64_t phi = lk_nn_floor_div(in + p->pads_end[d] - 1 - start, dil) + 1;
  if (plo < 0) plo = 0;
  if (phi > p->kernel[d]) phi = p->kernel[d];
  s.padded = phi > plo ? phi - plo : 0;
  return s;
}

static double pool_window(const lk_pool_params_t *p, const double *xp,
                          const int64_t *in_dims, const int64_t *in_strides,
                          const int64_t *opos) {
  int32_t ns = p->spatial;
  pool_span_t sp[LK_POOL_MAX_SPATIAL];
  double padded = 1; /* a product of window sizes: past int64 */
  for (int32_t d = 0; d < ns; d++) {
    sp[d] = span_of(p, d, opos[d], in_dims[d]);
    padded *= (double)sp[d].padded;
    if (sp[d].count == 0) return p->type == LK_POOL_MAX ? -INFINITY : 0.0;
  }
  int64_t k[LK_POOL_MAX_SPATIAL], valid = 0;
  for (int32_t d = 0; d < ns; d++)
    k[d] = sp[d].first;
  double acc = p->type == LK_POOL_MAX ? -INFINITY : 0.0;
  for (;;) {
    int64_t off = 0;
    for (int32_t d = 0; d < ns; d++)
      off += (opos[d] * p->strides[d] - p->pads_begin[d] +
              k[d] * p->dilations[d]) *
             in_strides[d];
    double v = xp[off];
    switch (p->type) {
    case LK_POOL_MAX:
      /* NaN wins, as in numpy's max. */
      if (v > acc || v != v) acc = acc != acc ? acc : v;
      break;
    case LK_POOL_AVG:
      acc += v;
      break;
    case LK_POOL_LP:
      acc += pow(fabs(v), (double)p->p);
      break;
    }
    valid++;
    int32_t d = ns - 1;
    for (; d >= 0; d--) {
      if (++k[d] < sp[d].first + sp[d].count) break;
      k[d] = sp[d].first;
    }
    if (d < 0) break;
  }
  if (p->type == LK_POOL_AVG)
    return acc / (p->count_include_pad ? padded : (double)valid);
  if (p->type == LK_POOL_LP) return pow(acc, 1.0 / (double)p->p);
  return acc;
}

/* x and y as doubles, on c. */
static void pool_layout(lk_ws_carver_t *c, const lk_tensor_t *x,
                        const lk_tensor_t *y, double **xd, double **yd) {
  *xd = lk_ws_take(c, lk_numel(x), sizeof(double));
  *yd = lk_ws_take(c, lk_numel(y), sizeof(double));
}

size_t lk_ref_pool2d_workspace(const lk_tensor_t *x, const lk_tensor_t *y) {
  lk_ws_carver_t c = lk_ws_sizing();
  double *xd, *yd;
  pool_layout(&c, x, y, &xd, &yd);
  return c.used;
}

bool lk_ref_pool2d(const lk_pool_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y, lk_workspace_t ws) {
  int32_t ns = p->spatial;
  lk_ws_carver_t c = lk_ws_carve(ws);
  double *xd, *yd;
  pool_layout(&c, x, y, &xd, &yd);
  if (!lk_ws_ok(&c)) return false;
  lk_nn_load_f64(x, xd);
  int64_t in_strides[LK_POOL_MAX_SPATIAL], in_size = 1, out_size = 1;
  for (int32_t d = ns - 1; d >= 0; d--) {
    in_strides[d] = in_size;
    in_size *= x->dims[2 + d];
    out_size *= y->dims[2 + d];
  }
  int64_t planes = x->dims[0] * x->dims[1];
  double lowest = lk_dtype_is_float(y->dtype) ? -INFINITY
                  : lk_dtype_is_signed(y->dtype)
                      ? -ldexp(1.0, 8 * (int)lk_dtype_size(y->dtype) - 1)
                      : 0.0;
  for (int64_t pl = 0; pl < planes; pl++) {
    const double *xp = xd + pl * in_size;
    double *yp = yd + pl * out_size;
    int64_t opos[LK_POOL_MAX_SPATIAL] = {0};
    for (int64_t o = 0; o < out_size; o++) {
      double v = pool_window(p, xp, x->dims + 2, in_strides, opos);
      yp[o] = v == -INFINITY && p->type == LK_POOL_MAX ? lowest : v;
      for (int32_t d = ns - 1; d >= 0; d--) {
        if (++opos[d] < y->dims[2 + d]) break;
        opos[d] = 0;
      }
    }
  }
  lk_nn_store_f64(y, yd);
  return true;
}

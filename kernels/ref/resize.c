/* resize.c - separable interpolation with per-axis tap tables. */
#include "kernels/ref/resize.h"

#include <math.h>
#include <string.h>

#include "kernels/ref/nn_util.h"

#define NAME_LOOKUP(fn, type, LIST, prefix)                                    \
  bool fn(const char *name, type *out) {                                       \
    static const char *const names[] = {LIST(prefix)};                         \
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)                \
      if (strcmp(names[i], name) == 0) {                                       \
        *out = (type)i;                                                        \
        return true;                                                           \
      }                                                                        \
    return false;                                                              \
  }
#define NAME_OF(e, s) s,
NAME_LOOKUP(lk_resize_mode_from_name, lk_resize_mode_t, LK_RESIZE_MODES,
            NAME_OF)
NAME_LOOKUP(lk_resize_coord_from_name, lk_resize_coord_t, LK_RESIZE_COORDS,
            NAME_OF)
NAME_LOOKUP(lk_resize_nearest_from_name, lk_resize_nearest_t,
            LK_RESIZE_NEARESTS, NAME_OF)
#undef NAME_OF
#undef NAME_LOOKUP

/* x_original for output position o along an axis of `in` elements. */
static double original_coord(const lk_resize_params_t *p, int32_t d, int64_t o,
                             int64_t in, bool *outside) {
  double x = (double)o, s = p->scales[d], len = p->lengths[d];
  *outside = false;
  switch (p->coord) {
  case LK_RESIZE_COORD_HALF_PIXEL:
    return (x + 0.5) / s - 0.5;
  case LK_RESIZE_COORD_HALF_PIXEL_SYMMETRIC: {
    double adjustment = floor(len) / len, center = (double)in / 2.0;
    return center * (1.0 - adjustment) + (x + 0.5) / s - 0.5;
  }
  case LK_RESIZE_COORD_PYTORCH_HALF_PIXEL:
    return len == 1.0 ? -0.5 : (x + 0.5) / s - 0.5;
  case LK_RESIZE_COORD_ALIGN_CORNERS:
    return len == 1.0 ? 0.0 : x * (double)(in - 1) / (len - 1.0);
  case LK_RESIZE_COORD_ASYMMETRIC:
    return x / s;
  case LK_RESIZE_COORD_TF_HALF_PIXEL_FOR_NN:
    return (x + 0.5) / s;
  case LK_RESIZE_COORD_TF_CROP_AND_RESIZE: {
    double a = p->roi_start[d], b = p->roi_end[d], r;
    r = len == 1.0 ? (b - a) * (double)(in - 1) / 2.0
                   : x * (b - a) * (double)(in - 1) / (len - 1.0);
    r += a * (double)(in - 1);
    *outside = !(r >= 0.0 && r <= (double)(in - 1)); /* NaN too */
    return r;
  }
  }
  return x;
}

static void cubic_coeffs(double r, double a, double *c) {
  double t = r + 1, u = 1 - r, v = 2 - r;
  c[0] = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
  c[1] = ((a + 2) * r - (a + 3)) * r * r + 1;
  c[2] = ((a + 2) * u - (a + 3)) * u * u + 1;
  c[3] = ((a * v - 5 * a) * v + 8 * a) * v - 4 * a;
}

/* Neighbours as the ONNX reference picks them: the n nearest positions of
 * the edge-padded axis (pad ceil(n/2)), preferring the left one; an integer
 * coordinate takes ratio 1 against its left neighbour. */
lk_resize_taps_t lk_resize_taps(const lk_resize_params_t *p, int32_t d,
                                int64_t o, int64_t in) {
  lk_resize_taps_t t;
  memset(&t, 0, sizeof t);
  double x = original_coord(p, d, o, in, &t.outside);
  if (t.outside) return t;
  int32_t n = p->mode == LK_RESIZE_CUBIC ? 4 : 2, pad = n / 2;
  double fl = floor(x), ratio = x == fl ? 1.0 : x - fl;
  int64_t base = (int64_t)fl;
  if (x == fl) base -= 1; /* ratio 1: x is the right neighbour */
  int64_t start = base - (n / 2 - 1) + pad, max_start = in + 2 * pad - n;
  if (start > max_start) start = max_start;
  if (start < 0) start = 0;
  double c[4];
  switch (p->mode) {
  case LK_RESIZE_NEAREST: {
    bool right = false;
    switch (p->nearest) {
    case LK_RESIZE_NEAREST_ROUND_PREFER_FLOOR:
      right = ratio > 0.5;
      break;
    case LK_RESIZE_NEAREST_ROUND_PREFER_CEIL:
      right = ratio >= 0.5;
      break;
    case LK_RESIZE_NEAREST_FLOOR:
      right = ratio == 1.0;
      break;
    case LK_RESIZE_NEAREST_CEIL:
      right = true;
      break;
    }
    c[0] = right ? 0.0 : 1.0;
    c[1] = right ? 1.0 : 0.0;
    break;
  }
  case LK_RESIZE_LINEAR:
    c[0] = 1.0 - ratio;
    c[1] = ratio;
    break;
  case LK_RESIZE_CUBIC:
    cubic_coeffs(ratio, p->cubic_coeff_a, c);
    break;
  }
  double sum = 0;
  int64_t idx[4];
  for (int32_t k = 0; k < n; k++) {
    idx[k] = start - pad + k;
    if (p->exclude_outside && (idx[k] < 0 || idx[k] >= in)) c[k] = 0;
    sum += c[k];
  }
  for (int32_t k = 0; k < n; k++) {
    if (c[k] == 0.0) continue; /* keeps nearest to one tap */
    int64_t i = idx[k] < 0 ? 0 : idx[k] >= in ? in - 1 : idx[k];
    t.index[t.count] = i;
    t.weight[t.count++] = p->exclude_outside && sum != 0.0 ? c[k] / sum : c[k];
  }
  return t;
}

/* The tap tables of every axis (one entry per output position) and, but
 * for nearest, x as doubles. offs[d]: axis d's first entry. */
static void resize_layout(lk_ws_carver_t *c, const lk_resize_params_t *p,
                          const lk_tensor_t *x, const lk_tensor_t *y,
                          int64_t *offs, lk_resize_taps_t **tab, double **xd) {
  int64_t tot = 0;
  for (int32_t d = 0; d < x->rank; d++) {
    offs[d] = tot;
    tot += y->dims[d];
  }
  *tab = lk_ws_take(c, tot, sizeof **tab);
  *xd = p->mode == LK_RESIZE_NEAREST
            ? NULL
            : lk_ws_take(c, lk_numel(x), sizeof(double));
}

size_t lk_ref_resize_workspace(const lk_resize_params_t *p,
                               const lk_tensor_t *x, const lk_tensor_t *y) {
  /* Nothing to write: the tap tables of the other axes could be huge. */
  if (lk_numel(y) == 0) return 0;
  lk_ws_carver_t c = lk_ws_sizing();
  int64_t offs[LK_MAX_RANK];
  lk_resize_taps_t *tab;
  double *xd;
  resize_layout(&c, p, x, y, offs, &tab, &xd);
  return c.used;
}

bool lk_ref_resize(const lk_resize_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y, lk_workspace_t ws) {
  if (lk_numel(y) == 0) return true;
  int32_t rank = x->rank;
  int64_t offs[LK_MAX_RANK];
  lk_resize_taps_t *tab;
  double *xd;
  lk_ws_carver_t c = lk_ws_carve(ws);
  resize_layout(&c, p, x, y, offs, &tab, &xd);
  if (!lk_ws_ok(&c)) return false;
  if (p->mode != LK_RESIZE_NEAREST) lk_nn_load_f64(x, xd);
  for (int32_t d = 0; d < rank; d++)
    for (int64_t o = 0; o < y->dims[d]; o++)
      tab[offs[d] + o] = lk_resize_taps(p, d, o, x->dims[d]);
  int64_t xstr[LK_MAX_RANK];
  lk_strides(x, xstr);
  int64_t total = lk_numel(y), pos[LK_MAX_RANK] = {0};
  for (int64_t e = 0; e < total; e++) {
    const lk_resize_taps_t *t[LK_MAX_RANK];
    bool outside = false;
    for (int32_t d = 0; d < rank; d++) {
      t[d] = &tab[offs[d] + pos[d]];
      outside = outside || t[d]->outside;
    }
    if (outside) {
      lk_store_f64(y, e, p->extrapolation_value);
    } else if (p->mode == LK_RESIZE_NEAREST) {
      int64_t off = 0;
      for (int32_t d = 0; d < rank; d++)
        off += t[d]->index[0] * xstr[d];
      lk_copy_elem(y, e, x, off);
    } else {
      /* Sum over the tensor product of the axes' taps. */
      int32_t k[LK_MAX_RANK] = {0};
      double acc = 0;
      for (;;) {
        int64_t off = 0;
        double w = 1;
        for (int32_t d = 0; d < rank; d++) {
          off += t[d]->index[k[d]] * xstr[d];
          w *= t[d]->weight[k[d]];
        }
        acc += w * xd[off];
        int32_t d = rank - 1;
        for (; d >= 0; d--) {
          if (++k[d] < t[d]->count) break;
          k[d] = 0;
        }
        if (d < 0) break;
      }
      lk_store_f64(y, e, acc);
    }
    for (int32_t d = rank - 1; d >= 0; d--) {
      if (++pos[d] < y->dims[d]) break;
      pos[d] = 0;
    }
  }
  return true;
}

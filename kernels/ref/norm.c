/* norm.c - reference normalizations, in double. */
#include "kernels/ref/norm.h"

#include <math.h>

#include "kernels/ref/broadcast.h"
#include "kernels/ref/nn_util.h"

/* Channel count and elements per channel block of x (N, C, D...). */
static void channel_layout(const lk_tensor_t *x, int64_t *out_n, int64_t *out_c,
                           int64_t *out_inner) {
  int64_t n = x->rank >= 1 ? x->dims[0] : 1;
  int64_t c = x->rank >= 2 ? x->dims[1] : 1, inner = 1;
  for (int32_t d = 2; d < x->rank; d++)
    inner *= x->dims[d];
  *out_n = n;
  *out_c = c;
  *out_inner = inner;
}

void lk_ref_batch_norm(double epsilon, const lk_tensor_t *x,
                       const lk_tensor_t *scale, const lk_tensor_t *b,
                       const lk_tensor_t *mean, const lk_tensor_t *var,
                       lk_tensor_t *y) {
  int64_t n, c, inner;
  channel_layout(x, &n, &c, &inner);
  for (int64_t ch = 0; ch < c; ch++) {
    double s = lk_load_f64(scale, ch), bb = lk_load_f64(b, ch);
    double m = lk_load_f64(mean, ch);
    double den = sqrt(lk_load_f64(var, ch) + epsilon);
    for (int64_t i = 0; i < n; i++) {
      int64_t base = (i * c + ch) * inner;
      for (int64_t k = 0; k < inner; k++)
        lk_store_f64(y, base + k,
                     s * (lk_load_f64(x, base + k) - m) / den + bb);
    }
  }
}

/* Mean and variance of each group of x: the elements that agree on every
 * axis outside axes_mask. Groups are numbered row-major over the kept axes;
 * x_group[i] receives element i's group, count[g] counts them. */
static void group_stats(const lk_tensor_t *x, const double *xd,
                        uint32_t axes_mask, int64_t *x_group, int64_t *count,
                        double *mean, double *var, int64_t groups) {
  int64_t total = lk_numel(x);
  int64_t gstride[LK_MAX_RANK], s = 1, pos[LK_MAX_RANK] = {0}, g = 0;
  for (int32_t d = x->rank - 1; d >= 0; d--) {
    bool reduced = (axes_mask >> d) & 1u;
    gstride[d] = reduced ? 0 : s;
    if (!reduced) s *= x->dims[d];
  }
  for (int64_t k = 0; k < groups; k++) {
    mean[k] = var[k] = 0;
    count[k] = 0;
  }
  for (int64_t i = 0; i < total; i++) {
    x_group[i] = g;
    mean[g] += xd[i];
    count[g]++;
    for (int32_t d = x->rank - 1; d >= 0; d--) {
      g += gstride[d];
      if (++pos[d] < x->dims[d]) break;
      g -= gstride[d] * x->dims[d];
      pos[d] = 0;
    }
  }
  for (int64_t k = 0; k < groups; k++)
    if (count[k]) mean[k] /= (double)count[k];
  for (int64_t i = 0; i < total; i++) {
    double dv = xd[i] - mean[x_group[i]];
    var[x_group[i]] += dv * dv;
  }
  for (int64_t k = 0; k < groups; k++)
    if (count[k]) var[k] /= (double)count[k];
}

/* Shared by layer and mean-variance normalization: statistics
 * over axes_mask, then y = f(x, mean, var) per element. */
typedef struct norm_job {
  uint32_t axes_mask;
  double epsilon;
  bool std_plus_eps; /* mvn: divide by sqrt(var) + eps, not sqrt(var + eps) */
  const lk_tensor_t *scale, *b; /* broadcast to x's shape, or NULL */
  lk_tensor_t *mean_out, *inv_std_out;
} norm_job_t;

/* The scratch of normalize: x as doubles, each element's group, and per
 * group its count, mean and variance. */
typedef struct norm_scratch {
  double *xd, *mean, *var;
  int64_t *xg, *count;
} norm_scratch_t;

static int64_t group_count(uint32_t axes_mask, const lk_tensor_t *x) {
  int64_t groups = 1;
  for (int32_t d = 0; d < x->rank; d++)
    if (!((axes_mask >> d) & 1u)) groups *= x->dims[d];
  return groups;
}

static void norm_layout(lk_ws_carver_t *c, uint32_t axes_mask,
                        const lk_tensor_t *x, norm_scratch_t *s) {
  int64_t total = lk_numel(x), groups = group_count(axes_mask, x);
  s->xd = lk_ws_take(c, total, sizeof(double));
  s->xg = lk_ws_take(c, total, sizeof(int64_t));
  s->count = lk_ws_take(c, groups, sizeof(int64_t));
  s->mean = lk_ws_take(c, groups, sizeof(double));
  s->var = lk_ws_take(c, groups, sizeof(double));
}

static size_t norm_workspace(uint32_t axes_mask, const lk_tensor_t *x) {
  lk_ws_carver_t c = lk_ws_sizing();
  norm_scratch_t s;
  norm_layout(&c, axes_mask, x, &s);
  return c.used;
}

static bool normalize(const norm_job_t *j, const lk_tensor_t *x, lk_tensor_t *y,
                      lk_workspace_t ws) {
  int64_t total = lk_numel(x), groups = group_count(j->axes_mask, x);
  lk_ws_carver_t c = lk_ws_carve(ws);
  norm_scratch_t sc;
  norm_layout(&c, j->axes_mask, x, &sc);
  if (!lk_ws_ok(&c)) return false;
  double *xd = sc.xd, *mean = sc.mean, *var = sc.var;
  int64_t *xg = sc.xg;
  lk_nn_load_f64(x, xd);
  group_stats(x, xd, j->axes_mask, xg, sc.count, mean, var, groups);
  lk_bcast_map_t smap, bmap;
  bool has_s = j->scale && lk_bcast_map_init(&smap, x->rank, x->dims, j->scale);
  bool has_b = j->b && lk_bcast_map_init(&bmap, x->rank, x->dims, j->b);
  for (int64_t i = 0; i < total; i++) {
    int64_t g = xg[i];
    double inv = j->std_plus_eps ? 1.0 / (sqrt(var[g]) + j->epsilon)
                                 : 1.0 / sqrt(var[g] + j->epsilon);
    double v = (xd[i] - mean[g]) * inv;
    if (has_s) v *= lk_load_f64(j->scale, lk_bcast_map_index(&smap, i));
    if (has_b) v += lk_load_f64(j->b, lk_bcast_map_index(&bmap, i));
    lk_store_f64(y, i, v);
  }
  for (int64_t g = 0; g < groups; g++) {
    if (j->mean_out) lk_store_f64(j->mean_out, g, mean[g]);
    if (j->inv_std_out)
      lk_store_f64(j->inv_std_out, g, 1.0 / sqrt(var[g] + j->epsilon));
  }
  return true;
}

static const lk_tensor_t *present(const lk_tensor_t *t) {
  return t && t->dtype != LK_DTYPE_NONE && t->data ? t : NULL;
}

/* Layer normalization's axes: axis and every dim after it. */
static uint32_t layer_axes(int32_t axis, const lk_tensor_t *x) {
  uint32_t mask = 0;
  for (int32_t d = axis; d < x->rank; d++)
    mask |= 1u << d;
  return mask;
}

size_t lk_ref_layer_norm_workspace(int32_t axis, const lk_tensor_t *x) {
  return norm_workspace(layer_axes(axis, x), x);
}

bool lk_ref_layer_norm(int32_t axis, double epsilon, const lk_tensor_t *x,
                       const lk_tensor_t *scale, const lk_tensor_t *b,
                       lk_tensor_t *y, lk_tensor_t *mean, lk_tensor_t *inv_std,
                       lk_workspace_t ws) {
  norm_job_t j = {0};
  j.axes_mask = layer_axes(axis, x);
  j.epsilon = epsilon;
  j.scale = present(scale);
  j.b = present(b);
  j.mean_out = present(mean) ? mean : NULL;
  j.inv_std_out = present(inv_std) ? inv_std : NULL;
  return normalize(&j, x, y, ws);
}

void lk_ref_instance_norm(double epsilon, const lk_tensor_t *x,
                          const lk_tensor_t *scale, const lk_tensor_t *b,
                          lk_tensor_t *y) {
  int64_t n, c, inner;
  channel_layout(x, &n, &c, &inner);
  /* Each (n, c) plane is contiguous: normalize plane by plane. */
  for (int64_t pl = 0; pl < n * c; pl++) {
    int64_t base = pl * inner;
    double mean = 0, var = 0;
    for (int64_t k = 0; k < inner; k++)
      mean += lk_load_f64(x, base + k);
    mean /= (double)(inner > 0 ? inner : 1);
    for (int64_t k = 0; k < inner; k++) {
      double dv = lk_load_f64(x, base + k) - mean;
      var += dv * dv;
    }
    var /= (double)(inner > 0 ? inner : 1);
    double s = lk_load_f64(scale, pl % c), bb = lk_load_f64(b, pl % c);
    double inv = 1.0 / sqrt(var + epsilon);
    for (int64_t k = 0; k < inner; k++)
      lk_store_f64(y, base + k,
                   s * (lk_load_f64(x, base + k) - mean) * inv + bb);
  }
}

void lk_ref_lrn(const lk_lrn_params_t *p, const lk_tensor_t *x,
                lk_tensor_t *y) {
  int64_t n, c, inner;
  channel_layout(x, &n, &c, &inner);
  int64_t before = (p->size - 1) / 2, after = p->size - 1 - before;
  for (int64_t i = 0; i < n; i++)
    for (int64_t ch = 0; ch < c; ch++)
      for (int64_t k = 0; k < inner; k++) {
        double sq = 0;
        int64_t lo = ch - before < 0 ? 0 : ch - before;
        int64_t hi = ch + after >= c ? c - 1 : ch + after;
        for (int64_t cc = lo; cc <= hi; cc++) {
          double v = lk_load_f64(x, (i * c + cc) * inner + k);
          sq += v * v;
        }
        int64_t at = (i * c + ch) * inner + k;
        double den = pow(p->bias + p->alpha / (double)p->size * sq, p->beta);
        lk_store_f64(y, at, lk_load_f64(x, at) / den);
      }
}

size_t lk_ref_mvn_workspace(uint32_t axes_mask, const lk_tensor_t *x) {
  return norm_workspace(axes_mask, x);
}

bool lk_ref_mvn(uint32_t axes_mask, const lk_tensor_t *x, lk_tensor_t *y,
                lk_workspace_t ws) {
  norm_job_t j = {0};
  j.axes_mask = axes_mask;
  j.epsilon = 1e-9;
  j.std_plus_eps = true;
  return normalize(&j, x, y, ws);
}

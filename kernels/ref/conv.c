/* conv.c - reference convolution and transposed convolution over N spatial
 * dims. Direct (im2col-free) loops, output channels outermost: float32 runs
 * on the tensors' own buffers and accumulates in float (each output in a
 * fixed order: input channel, then kernel tap); every other float dtype is
 * converted to double buffers first and accumulates in double. A strided
 * conv reads a copy of x with its rows reordered by column phase, so every
 * inner loop is a stride-1 multiply-add that compilers vectorize. */
#include "kernels/ref/conv.h"

#include <string.h>

#include "kernels/ref/nn_util.h"

/* One kernel tap's loop bounds, the same for every pair of channels. The
 * iterated positions r (lo <= r < hi per dim) are those whose partner
 * r*s + off lies inside its plane. Dims [inner, spatial) collapse into one
 * run of `run` positions: the trailing ones cover whole rows on both sides,
 * so a 1x1 kernel or a centre tap is one long stride-1 loop. */
typedef struct conv_tap {
  bool empty;      /* no position has a partner */
  bool contiguous; /* the run has stride 1 on both sides */
  int32_t inner;
  int64_t run;
  int64_t rbase, tbase; /* offsets of the run's start within its rows */
  int64_t off[LK_CONV_MAX_SPATIAL], lo[LK_CONV_MAX_SPATIAL],
      hi[LK_CONV_MAX_SPATIAL];
} conv_tap_t;

/* One convolution's sizes. The "iterated" side is the plane whose positions
 * the inner loop walks one by one (the output of conv, the input of the
 * transposed conv); the "strided" side is its partner at r*s + k*d - pad. */
typedef struct conv_geom {
  int32_t spatial;
  bool scatter; /* transposed conv: the output is the strided side */
  int64_t batch, channels, maps;    /* N, input channels C, output channels M */
  int64_t in_size, out_size, ksize; /* elements per plane / kernel */
  int64_t rdims[LK_CONV_MAX_SPATIAL], tdims[LK_CONV_MAX_SPATIAL];
  int64_t rstrides[LK_CONV_MAX_SPATIAL], tstrides[LK_CONV_MAX_SPATIAL];
  int64_t kdims[LK_CONV_MAX_SPATIAL];
  int64_t strides[LK_CONV_MAX_SPATIAL], dilations[LK_CONV_MAX_SPATIAL];
  int64_t pads[LK_CONV_MAX_SPATIAL];
  /* conv with a last-dim stride above 1: the input rows are reordered by
   * column phase (column mod stride), which turns the strided reads of a
   * tap into a stride-1 run. */
  bool phased;
  conv_tap_t *taps; /* ksize of them */
} conv_geom_t;

#define LK_T float
#define LK_CONV_FN(name) conv_##name##_f32
#include "kernels/ref/conv_plane.inc"
#undef LK_T
#undef LK_CONV_FN

#define LK_T double
#define LK_CONV_FN(name) conv_##name##_f64
#include "kernels/ref/conv_plane.inc"
#undef LK_T
#undef LK_CONV_FN

static void row_major(int32_t n, const int64_t *dims, int64_t *strides,
                      int64_t *out_size) {
  int64_t s = 1;
  for (int32_t d = n - 1; d >= 0; d--) {
    strides[d] = s;
    s *= dims[d];
  }
  *out_size = s;
}

static void geom_init(const lk_conv_params_t *p, bool scatter,
                      const lk_tensor_t *x, const lk_tensor_t *w,
                      const lk_tensor_t *y, conv_geom_t *g) {
  int32_t ns = p->spatial;
  g->spatial = ns;
  g->scatter = scatter;
  g->batch = x->dims[0];
  g->channels = x->dims[1];
  g->maps = y->dims[1];
  int64_t istr[LK_CONV_MAX_SPATIAL], ostr[LK_CONV_MAX_SPATIAL];
  row_major(ns, x->dims + 2, istr, &g->in_size);
  row_major(ns, y->dims + 2, ostr, &g->out_size);
  int64_t kstr[LK_CONV_MAX_SPATIAL];
  row_major(ns, w->dims + 2, kstr, &g->ksize);
  for (int32_t d = 0; d < ns; d++) {
    g->kdims[d] = w->dims[2 + d];
    g->strides[d] = p->strides[d];
    g->dilations[d] = p->dilations[d];
    g->pads[d] = p->pads_begin[d];
    g->rdims[d] = scatter ? x->dims[2 + d] : y->dims[2 + d];
    g->tdims[d] = scatter ? y->dims[2 + d] : x->dims[2 + d];
    g->rstrides[d] = scatter ? istr[d] : ostr[d];
    g->tstrides[d] = scatter ? ostr[d] : istr[d];
  }
  g->phased = !scatter && p->strides[ns - 1] > 1;
}

static void tap_init(const conv_geom_t *g, const int64_t *kp, conv_tap_t *t) {
  int32_t ns = g->spatial, last = ns - 1;
  t->empty = false;
  for (int32_t d = 0; d < ns; d++) {
    t->off[d] = kp[d] * g->dilations[d] - g->pads[d];
    t->lo[d] = lk_nn_ceil_div(-t->off[d], g->strides[d]);
    if (t->lo[d] < 0) t->lo[d] = 0;
    t->hi[d] = lk_nn_floor_div(g->tdims[d] - 1 - t->off[d], g->strides[d]) + 1;
    if (t->hi[d] > g->rdims[d]) t->hi[d] = g->rdims[d];
    t->empty = t->empty || t->lo[d] >= t->hi[d];
  }
  if (g->phased && !t->empty) {
    /* Column lo*s + off sits in phase off mod s, at position
     * lo + floor(off / s) of that phase's columns. */
    int64_t s = g->strides[last], w = g->tdims[last];
    int64_t ph = t->off[last] - lk_nn_floor_div(t->off[last], s) * s;
    int64_t start = 0;
    for (int64_t q = 0; q < ph && q < w; q++)
      start += (w - q + s - 1) / s;
    t->inner = last;
    t->contiguous = true;
    t->run = t->hi[last] - t->lo[last];
    t->rbase = t->lo[last];
    t->tbase = start + t->lo[last] + lk_nn_floor_div(t->off[last], s);
    return;
  }
  int32_t d0 = last;
  while (d0 > 0 && g->strides[d0] == 1 && g->strides[d0 - 1] == 1 &&
         t->lo[d0] == 0 && t->hi[d0] == g->rdims[d0] &&
         g->rdims[d0] == g->tdims[d0] && t->off[d0] == 0)
    d0--;
  t->inner = d0;
  t->contiguous = g->strides[d0] == 1;
  t->run = t->hi[d0] - t->lo[d0];
  for (int32_t d = d0 + 1; d < ns; d++)
    t->run *= g->rdims[d];
  t->rbase = t->lo[d0] * g->rstrides[d0];
  t->tbase = (t->lo[d0] * g->strides[d0] + t->off[d0]) * g->tstrides[d0];
}

/* Fills g's tap table (g->ksize entries). */
static void taps_init(conv_geom_t *g) {
  int64_t kp[LK_CONV_MAX_SPATIAL] = {0};
  for (int64_t k = 0; k < g->ksize; k++) {
    tap_init(g, kp, &g->taps[k]);
    for (int32_t d = g->spatial - 1; d >= 0; d--) {
      if (++kp[d] < g->kdims[d]) break;
      kp[d] = 0;
    }
  }
}

/* An optional operand (bias, residual) that is there. Its dtype says so,
 * not its data, so that the size function, which sees shapes only, lays
 * out what the kernel takes. */
static const lk_tensor_t *operand_present(const lk_tensor_t *b) {
  return b && b->dtype != LK_DTYPE_NONE ? b : NULL;
}

/* One call's operands and its scratch: the tap table, the phase-ordered
 * copy of x (float or double) and the double path's converted operands. */
typedef struct conv_job {
  conv_geom_t g;
  const lk_tensor_t *x, *w, *b, *r, *y;
  bool f32; /* every operand float32: the float path */
  void *xp;
  double *xd, *wd, *bd, *rd, *yd;
} conv_job_t;

static void job_init(conv_job_t *j, const lk_conv_params_t *p, bool scatter,
                     const lk_tensor_t *x, const lk_tensor_t *w,
                     const lk_tensor_t *b, const lk_tensor_t *y) {
  memset(j, 0, sizeof *j);
  geom_init(p, scatter, x, w, y, &j->g);
  j->x = x;
  j->w = w;
  j->b = operand_present(b);
  j->r = operand_present(p->residual);
  j->y = y;
  j->f32 = x->dtype == LK_F32 && w->dtype == LK_F32 &&
           (!j->b || j->b->dtype == LK_F32) &&
           (!j->r || j->r->dtype == LK_F32) && y->dtype == LK_F32;
}

/* Lays j's scratch out on c (the kernel and its size function alike). */
static void job_layout(conv_job_t *j, lk_ws_carver_t *c) {
  j->g.taps = lk_ws_take(c, j->g.ksize, sizeof *j->g.taps);
  size_t es = j->f32 ? sizeof(float) : sizeof(double);
  if (j->g.phased) j->xp = lk_ws_take(c, lk_numel(j->x), es);
  if (j->f32) return;
  j->xd = lk_ws_take(c, lk_numel(j->x), sizeof(double));
  j->wd = lk_ws_take(c, lk_numel(j->w), sizeof(double));
  if (j->b) j->bd = lk_ws_take(c, lk_numel(j->b), sizeof(double));
  if (j->r) j->rd = lk_ws_take(c, lk_numel(j->r), sizeof(double));
  j->yd = lk_ws_take(c, lk_numel(j->y), sizeof(double));
}

static size_t conv_workspace(const lk_conv_params_t *p, bool scatter,
                             const lk_tensor_t *x, const lk_tensor_t *w,
                             const lk_tensor_t *b, const lk_tensor_t *y) {
  conv_job_t j;
  job_init(&j, p, scatter, x, w, b, y);
  lk_ws_carver_t c = lk_ws_sizing();
  job_layout(&j, &c);
  return c.used;
}

static bool conv_any(const lk_conv_params_t *p, bool scatter,
                     const lk_tensor_t *x, const lk_tensor_t *w,
                     const lk_tensor_t *b, lk_tensor_t *y, lk_workspace_t ws) {
  conv_job_t j;
  job_init(&j, p, scatter, x, w, b, y);
  lk_ws_carver_t c = lk_ws_carve(ws);
  job_layout(&j, &c);
  if (!lk_ws_ok(&c)) return false;
  conv_geom_t *g = &j.g;
  taps_init(g);
  const lk_tensor_t *bb = j.b, *r = j.r;
  int64_t nx = lk_numel(x), width = x->dims[x->rank - 1];
  int64_t rows = width > 0 ? nx / width : 0, s = p->strides[p->spatial - 1];
  if (j.f32) {
    if (g->phased) conv_phase_rows_f32(x->data, j.xp, rows, width, s);
    conv_run_f32(p, g, g->phased ? j.xp : x->data, w->data,
                 bb ? bb->data : NULL, r ? r->data : NULL, y->data);
    return true;
  }
  lk_nn_load_f64(x, j.xd);
  lk_nn_load_f64(w, j.wd);
  if (bb) lk_nn_load_f64(bb, j.bd);
  if (r) lk_nn_load_f64(r, j.rd);
  if (g->phased) conv_phase_rows_f64(j.xd, j.xp, rows, width, s);
  conv_run_f64(p, g, g->phased ? j.xp : j.xd, j.wd, j.bd, j.rd, j.yd);
  lk_nn_store_f64(y, j.yd);
  return true;
}

size_t lk_ref_conv2d_workspace(const lk_conv_params_t *p, const lk_tensor_t *x,
                               const lk_tensor_t *w, const lk_tensor_t *b,
                               const lk_tensor_t *y) {
  return conv_workspace(p, false, x, w, b, y);
}

size_t lk_ref_conv2d_transpose_workspace(const lk_conv_params_t *p,
                                         const lk_tensor_t *x,
                                         const lk_tensor_t *w,
                                         const lk_tensor_t *b,
                                         const lk_tensor_t *y) {
  return conv_workspace(p, true, x, w, b, y);
}

bool lk_ref_conv2d(const lk_conv_params_t *p, const lk_tensor_t *x,
                   const lk_tensor_t *w, const lk_tensor_t *b, lk_tensor_t *y,
                   lk_workspace_t ws) {
  return conv_any(p, false, x, w, b, y, ws);
}

bool lk_ref_conv2d_transpose(const lk_conv_params_t *p, const lk_tensor_t *x,
                             const lk_tensor_t *w, const lk_tensor_t *b,
                             lk_tensor_t *y, lk_workspace_t ws) {
  return conv_any(p, true, x, w, b, y, ws);
}

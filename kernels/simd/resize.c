/* resize.c - {x86,arm}_resize__f32_nchw (resize.h). */
#include "kernels/simd/resize.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/ref/resize.h"

/* One axis's taps: up to two input positions and their weights (the second
 * weight 0 for one tap). */
typedef struct axis_taps {
  int32_t *i0, *i1;
  float *w0, *w1;
} axis_taps_t;

typedef struct resize_task {
  const float *x;
  float *y;
  int64_t h, w, oh, ow;
  bool linear;
  axis_taps_t th, tw;
  float *rows;   /* linear: a buffer of w floats per worker */
} resize_task_t;

/* Fills t for the n output positions of axis d; false when a position
 * has more than two taps or lies outside (those are the reference's). */
static bool fill_taps(const lk_resize_params_t *p, int32_t d, int64_t n,
                      int64_t in, axis_taps_t *t) {
  for (int64_t o = 0; o < n; o++) {
    lk_resize_taps_t k = lk_resize_taps(p, d, o, in);
    if (k.outside || k.count < 1 || k.count > 2) return false;
    t->i0[o] = (int32_t)k.index[0];
    t->w0[o] = (float)k.weight[0];
    t->i1[o] = (int32_t)k.index[k.count - 1];
    t->w1[o] = k.count == 2 ? (float)k.weight[1] : 0.0f;
  }
  return true;
}

/* Whether axis d of `in` elements maps every output position to itself. */
static bool identity_axis(const lk_resize_params_t *p, int32_t d, int64_t n,
                          int64_t in) {
  if (n != in) return false;
  for (int64_t o = 0; o < n; o++) {
    lk_resize_taps_t k = lk_resize_taps(p, d, o, in);
    if (k.outside || k.count != 1 || k.index[0] != o || k.weight[0] != 1.0)
      return false;
  }
  return true;
}

static void plane_nearest(const resize_task_t *t, const float *x, float *y) {
  for (int64_t r = 0; r < t->oh; r++) {
    float *yr = y + r * t->ow;
    if (r > 0 && t->th.i0[r] == t->th.i0[r - 1]) {
      memcpy(yr, yr - t->ow, (size_t)t->ow * sizeof(float));
      continue;
    }
    const float *xr = x + (int64_t)t->th.i0[r] * t->w;
    for (int64_t c = 0; c < t->ow; c++) yr[c] = xr[t->tw.i0[c]];
  }
}

static void plane_linear(const resize_task_t *t, const float *x, float *y,
                         float *buf) {
  const axis_taps_t *h = &t->th, *w = &t->tw;
  for (int64_t r = 0; r < t->oh; r++) {
    float *yr = y + r * t->ow;
    if (r > 0 && h->i0[r] == h->i0[r - 1] && h->i1[r] == h->i1[r - 1] &&
        h->w0[r] == h->w0[r - 1] && h->w1[r] == h->w1[r - 1]) {
      memcpy(yr, yr - t->ow, (size_t)t->ow * sizeof(float));
      continue;
    }
    const float *x0 = x + (int64_t)h->i0[r] * t->w;
    const float *x1 = x + (int64_t)h->i1[r] * t->w;
    const float a = h->w0[r], b = h->w1[r];
    for (int64_t c = 0; c < t->w; c++) buf[c] = a * x0[c] + b * x1[c];
    for (int64_t c = 0; c < t->ow; c++)
      yr[c] = buf[w->i0[c]] * w->w0[c] + buf[w->i1[c]] * w->w1[c];
  }
}

static void run_planes(void *ctx, size_t begin, size_t end, uint32_t worker) {
  const resize_task_t *t = ctx;
  const int64_t in = t->h * t->w, out = t->oh * t->ow;
  for (size_t p = begin; p < end; p++) {
    const float *x = t->x + (int64_t)p * in;
    float *y = t->y + (int64_t)p * out;
    if (t->linear)
      plane_linear(t, x, y, t->rows + (int64_t)worker * t->w);
    else
      plane_nearest(t, x, y);
  }
}

/* Carves n bytes (64-aligned) off *at, within end. */
static void *take(unsigned char **at, unsigned char *end, size_t n) {
  uintptr_t a = ((uintptr_t)*at + 63) & ~(uintptr_t)63;
  if (a > (uintptr_t)end || n > (size_t)((uintptr_t)end - a)) return NULL;
  *at = (unsigned char *)a + n;
  return (void *)a;
}

lt_status_t lk_simd_resize__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("resize__f32_nchw");
  lk_tensor_t in[4], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kName, call, 1, 4, 1, 1,
                                         sizeof(lk_resize_params_t), in, &y));
  LT_RETURN_IF_ERROR(lk_ref_require_f32(kName, &in[0]));
  const lk_resize_params_t *p = call->params;
  const lk_tensor_t *x = &in[0];
  if (x->rank != 4 || y.rank != 4 || y.dtype != LK_F32 ||
      (p->mode != LK_RESIZE_NEAREST && p->mode != LK_RESIZE_LINEAR) ||
      p->coord == LK_RESIZE_COORD_TF_CROP_AND_RESIZE || lk_numel(&y) == 0 ||
      x->dims[2] <= 0 || x->dims[3] <= 0 || x->dims[3] > INT32_MAX ||
      x->dims[2] > INT32_MAX || !identity_axis(p, 0, y.dims[0], x->dims[0]) ||
      !identity_axis(p, 1, y.dims[1], x->dims[1]))
    return lk_ref_resize__f32_nchw(call);
  const lk_parallel_t *par = lk_call_parallel(call);
  uint32_t workers = lk_parallel_workers(par);
  resize_task_t t = {x->data, y.data, x->dims[2], x->dims[3],
                     y.dims[2], y.dims[3], p->mode == LK_RESIZE_LINEAR,
                     {0}, {0}, NULL};
  unsigned char *at = call->workspace,
                *end = at ? at + call->workspace_size : NULL;
  size_t ih = (size_t)t.oh * sizeof(int32_t), fh = (size_t)t.oh * sizeof(float);
  size_t iw = (size_t)t.ow * sizeof(int32_t), fw = (size_t)t.ow * sizeof(float);
  bool ok = at && (t.th.i0 = take(&at, end, ih)) && (t.th.i1 = take(&at, end, ih)) &&
            (t.th.w0 = take(&at, end, fh)) && (t.th.w1 = take(&at, end, fh)) &&
            (t.tw.i0 = take(&at, end, iw)) && (t.tw.i1 = take(&at, end, iw)) &&
            (t.tw.w0 = take(&at, end, fw)) && (t.tw.w1 = take(&at, end, fw));
  if (ok && t.linear)
    ok = (t.rows = take(&at, end, (size_t)workers * (size_t)t.w *
                                      sizeof(float))) != NULL;
  if (!ok || !fill_taps(p, 2, t.oh, t.h, &t.th) ||
      !fill_taps(p, 3, t.ow, t.w, &t.tw))
    return lk_ref_resize__f32_nchw(call);
  lk_parallel_for(par, (size_t)(x->dims[0] * x->dims[1]), 1, run_planes, &t);
  return LT_OK;
}

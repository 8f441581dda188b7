/* conv.c - reference convolution and transposed convolution over N spatial
 * dims. Direct (im2col-free) loops: float32 runs on the tensors' own
 * buffers and accumulates in float; every other float dtype is converted to
 * double buffers first and accumulates in double. */
#include "kernels/ref/conv.h"

#include <stdlib.h>

#include "kernels/ref/nn_util.h"

/* One convolution's sizes. The "iterated" side is the plane whose positions
 * the inner loop walks one by one (the output of conv, the input of the
 * transposed conv); the "strided" side is its partner at r*s + k*d - pad. */
typedef struct conv_geom {
  int32_t spatial;
  bool scatter; /* transposed conv: the output is the strided side */
  int64_t batch, channels, maps; /* N, input channels C, output channels M */
  int64_t in_size, out_size, ksize; /* elements per plane / kernel */
  int64_t rdims[LK_CONV_MAX_SPATIAL], tdims[LK_CONV_MAX_SPATIAL];
  int64_t rstrides[LK_CONV_MAX_SPATIAL], tstrides[LK_CONV_MAX_SPATIAL];
  int64_t kdims[LK_CONV_MAX_SPATIAL];
  int64_t strides[LK_CONV_MAX_SPATIAL], dilations[LK_CONV_MAX_SPATIAL];
  int64_t pads[LK_CONV_MAX_SPATIAL];
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
}

static bool bias_present(const lk_tensor_t *b) {
  return b && b->dtype != LK_DTYPE_NONE && b->data;
}

static bool conv_any(const lk_conv_params_t *p, bool scatter,
                     const lk_tensor_t *x, const lk_tensor_t *w,
                     const lk_tensor_t *b, lk_tensor_t *y) {
  conv_geom_t g;
  geom_init(p, scatter, x, w, y, &g);
  bool has_b = bias_present(b);
  if (x->dtype == LK_F32 && w->dtype == LK_F32 &&
      (!has_b || b->dtype == LK_F32) && y->dtype == LK_F32) {
    conv_run_f32(p, &g, x->data, w->data, has_b ? b->data : NULL, y->data);
    return true;
  }
  double *xd = lk_nn_load_f64(x), *wd = lk_nn_load_f64(w);
  double *bd = has_b ? lk_nn_load_f64(b) : NULL;
  double *yd = malloc((size_t)(lk_numel(y) > 0 ? lk_numel(y) : 1) *
                      sizeof(double));
  bool ok = xd && wd && yd && (!has_b || bd);
  if (ok) {
    conv_run_f64(p, &g, xd, wd, bd, yd);
    lk_nn_store_f64(y, yd);
  }
  free(xd);
  free(wd);
  free(bd);
  free(yd);
  return ok;
}

bool lk_ref_conv2d(const lk_conv_params_t *p, const lk_tensor_t *x,
                   const lk_tensor_t *w, const lk_tensor_t *b,
                   lk_tensor_t *y) {
  return conv_any(p, false, x, w, b, y);
}

bool lk_ref_conv2d_transpose(const lk_conv_params_t *p, const lk_tensor_t *x,
                             const lk_tensor_t *w, const lk_tensor_t *b,
                             lk_tensor_t *y) {
  return conv_any(p, true, x, w, b, y);
}

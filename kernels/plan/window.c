/* window.c - window attributes and output sizes (ONNX's conv and pool
 * rules, as onnxruntime applies them). */
#include "kernels/plan/window.h"

#include <string.h>

#include "kernels/ref/nn_util.h"

/* Reads a list attribute of exactly `want` values >= lo into out, or the
 * default `dflt` everywhere when it is absent. Values past
 * LK_DATA_MAX_ELEMENTS are refused, so sums and products of them and dims
 * cannot overflow. */
static lt_result_t window_ints(lk_plan_t *p, const char *name, int32_t want,
                               int64_t lo, int64_t dflt, int64_t *out) {
  int64_t v[2 * LK_WINDOW_MAX_SPATIAL + 1];
  int32_t n = lk_attr_ints(p->attrs, name, v, 2 * LK_WINDOW_MAX_SPATIAL + 1);
  if (n < 0) {
    for (int32_t i = 0; i < want; i++)
      out[i] = dflt;
    return LT_SUCCESS;
  }
  if (n != want)
    return lk_plan_fail(p, "attribute '%s' must have %d values, got %d", name,
                        (int)want, (int)n);
  for (int32_t i = 0; i < n; i++) {
    if (v[i] < lo)
      return lk_plan_fail(p,
                          "attribute '%s' must have values >= %lld, got "
                          "%lld",
                          name, (long long)lo, (long long)v[i]);
    if (v[i] > LK_DATA_MAX_ELEMENTS)
      return lk_plan_fail(p, "attribute '%s' value %lld is too large", name,
                          (long long)v[i]);
    out[i] = v[i];
  }
  return LT_SUCCESS;
}

lt_result_t lk_window_attrs(lk_plan_t *p, int32_t spatial, lk_window_t *out) {
  memset(out, 0, sizeof *out);
  if (spatial < 1 || spatial > LK_WINDOW_MAX_SPATIAL)
    return lk_plan_fail(p, "needs 1 to %d spatial dims, got %d",
                        LK_WINDOW_MAX_SPATIAL, (int)spatial);
  out->spatial = spatial;
  for (int32_t d = 0; d < spatial; d++)
    out->kernel[d] = -1;
  char ap[32];
  lk_attr_str(p->attrs, "auto_pad", ap, sizeof ap, "NOTSET");
  if (strcmp(ap, "NOTSET") == 0 || ap[0] == '\0')
    out->auto_pad = LK_AUTO_PAD_NOTSET;
  else if (strcmp(ap, "SAME_UPPER") == 0)
    out->auto_pad = LK_AUTO_PAD_SAME_UPPER;
  else if (strcmp(ap, "SAME_LOWER") == 0)
    out->auto_pad = LK_AUTO_PAD_SAME_LOWER;
  else if (strcmp(ap, "VALID") == 0)
    out->auto_pad = LK_AUTO_PAD_VALID;
  else
    return lk_plan_fail(p,
                        "attribute 'auto_pad' must be NOTSET, SAME_UPPER, "
                        "SAME_LOWER or VALID, got '%s'",
                        ap);
  if (LT_FAILED(window_ints(p, "strides", spatial, 1, 1, out->strides)) ||
      LT_FAILED(window_ints(p, "dilations", spatial, 1, 1, out->dilations)) ||
      LT_FAILED(window_ints(p, "pads", 2 * spatial, 0, 0, out->pads)))
    return LT_FAILURE;
  /* Explicit pads only apply to NOTSET (onnxruntime ignores them too). */
  if (out->auto_pad != LK_AUTO_PAD_NOTSET)
    memset(out->pads, 0, sizeof out->pads);
  return LT_SUCCESS;
}

lt_result_t lk_window_out(lk_plan_t *p, lk_window_t *w, int32_t d, int64_t in,
                          int64_t *out) {
  *out = -1;
  int64_t k = w->kernel[d], s = w->strides[d];
  if (in < 0 || k < 0) return LT_SUCCESS;
  int64_t ext, o;
  if (!lk_size_mul(k - 1, w->dilations[d], &ext))
    return lk_plan_fail(p,
                        "spatial dim %d: kernel %lld with dilation %lld is "
                        "too large",
                        (int)d, (long long)k, (long long)w->dilations[d]);
  ext++;
  int64_t *pb = &w->pads[d], *pe = &w->pads[w->spatial + d];
  switch (w->auto_pad) {
  case LK_AUTO_PAD_SAME_UPPER:
  case LK_AUTO_PAD_SAME_LOWER: {
    o = lk_nn_ceil_div(in, s);
    int64_t total = (o - 1) * s + ext - in;
    if (total < 0) total = 0;
    int64_t small = total / 2;
    *pb = w->auto_pad == LK_AUTO_PAD_SAME_UPPER ? small : total - small;
    *pe = total - *pb;
    break;
  }
  default: {
    int64_t span = in + *pb + *pe - ext;
    if (span < 0)
      return lk_plan_fail(p,
                          "spatial dim %d: the window spans %lld elements "
                          "(kernel %lld, dilation %lld), more than the "
                          "%lld of the padded input",
                          (int)d, (long long)ext, (long long)k,
                          (long long)w->dilations[d],
                          (long long)(in + *pb + *pe));
    o = (w->ceil_mode ? lk_nn_ceil_div(span, s) : span / s) + 1;
    /* The last window must start inside the input or its leading pad. */
    if (w->ceil_mode && (o - 1) * s >= in + *pb) o--;
    break;
  }
  }
  if (o < 1)
    return lk_plan_fail(p, "spatial dim %d: output size %lld is not positive",
                        (int)d, (long long)o);
  *out = o;
  return LT_SUCCESS;
}

/* ops_nn_common.c - helpers shared by the nn op families: window
 * attributes and output sizes, fused activations, operand checks. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "ir/diagnostics.h"
#include "kernels/ref/nn_util.h"

/* Reads an ints attribute of exactly `want` values >= lo into out, or the
 * default `dflt` everywhere when it is absent. */
static lt_result_t window_ints(const lt_lite_call_t *c, const char *name,
                               int32_t want, int64_t lo, int64_t dflt,
                               int64_t *out) {
  int64_t v[2 * LT_NN_MAX_SPATIAL + 1];
  int32_t n = lt_lite_attr_ints(c, name, v, 2 * LT_NN_MAX_SPATIAL + 1);
  if (n < 0) {
    for (int32_t i = 0; i < want; i++)
      out[i] = dflt;
    return LT_SUCCESS;
  }
  if (n != want)
    return lt_lite_error(c, "attribute '%s' must have %d values, got %d", name,
                         (int)want, (int)n);
  for (int32_t i = 0; i < n; i++) {
    if (v[i] < lo)
      return lt_lite_error(c,
                           "attribute '%s' must have values >= %lld, got "
                           "%lld",
                           name, (long long)lo, (long long)v[i]);
    out[i] = v[i];
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_nn_window_attrs(const lt_lite_call_t *c, int32_t spatial,
                                    lt_nn_window_t *out) {
  memset(out, 0, sizeof *out);
  if (spatial < 1 || spatial > LT_NN_MAX_SPATIAL)
    return lt_lite_error(c, "needs 1 to %d spatial dims, got %d",
                         LT_NN_MAX_SPATIAL, (int)spatial);
  out->spatial = spatial;
  for (int32_t d = 0; d < spatial; d++)
    out->kernel[d] = -1;
  char ap[32];
  lt_lite_attr_str(c, "auto_pad", ap, sizeof ap, "NOTSET");
  if (strcmp(ap, "NOTSET") == 0 || ap[0] == '\0')
    out->auto_pad = LT_NN_PAD_NOTSET;
  else if (strcmp(ap, "SAME_UPPER") == 0)
    out->auto_pad = LT_NN_PAD_SAME_UPPER;
  else if (strcmp(ap, "SAME_LOWER") == 0)
    out->auto_pad = LT_NN_PAD_SAME_LOWER;
  else if (strcmp(ap, "VALID") == 0)
    out->auto_pad = LT_NN_PAD_VALID;
  else
    return lt_lite_error(c,
                         "attribute 'auto_pad' must be NOTSET, SAME_UPPER, "
                         "SAME_LOWER or VALID, got '%s'",
                         ap);
  if (LT_FAILED(window_ints(c, "strides", spatial, 1, 1, out->strides)) ||
      LT_FAILED(window_ints(c, "dilations", spatial, 1, 1, out->dilations)) ||
      LT_FAILED(window_ints(c, "pads", 2 * spatial, 0, 0, out->pads)))
    return LT_FAILURE;
  /* Explicit pads only apply to NOTSET (onnxruntime ignores them too). */
  if (out->auto_pad != LT_NN_PAD_NOTSET) memset(out->pads, 0, sizeof out->pads);
  return LT_SUCCESS;
}

lt_result_t lt_lite_nn_window_out(const lt_lite_call_t *c, lt_nn_window_t *w,
                                  int32_t d, int64_t in, int64_t *out) {
  *out = -1;
  int64_t k = w->kernel[d], s = w->strides[d];
  if (in < 0 || k < 0) return LT_SUCCESS;
  int64_t ext = (k - 1) * w->dilations[d] + 1, o;
  int64_t *pb = &w->pads[d], *pe = &w->pads[w->spatial + d];
  switch (w->auto_pad) {
  case LT_NN_PAD_SAME_UPPER:
  case LT_NN_PAD_SAME_LOWER: {
    o = lk_nn_ceil_div(in, s);
    int64_t total = (o - 1) * s + ext - in;
    if (total < 0) total = 0;
    int64_t small = total / 2;
    *pb = w->auto_pad == LT_NN_PAD_SAME_UPPER ? small : total - small;
    *pe = total - *pb;
    break;
  }
  default: {
    int64_t span = in + *pb + *pe - ext;
    if (span < 0)
      return lt_lite_error(c,
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
    return lt_lite_error(c, "spatial dim %d: output size %lld is not positive",
                         (int)d, (long long)o);
  *out = o;
  return LT_SUCCESS;
}

lt_result_t lt_lite_nn_expect_same_dtype(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name) {
  if (in[i].dtype == in[0].dtype) return LT_SUCCESS;
  return lt_lite_error(c,
                       "operand #%u (%s) must have element type %s like "
                       "operand #0, got %s",
                       i, name, lk_dtype_name(in[0].dtype),
                       lk_dtype_name(in[i].dtype));
}

lt_result_t lt_lite_nn_expect_rank_range(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name, int32_t lo,
                                         int32_t hi) {
  int32_t r = in[i].rank;
  if (r < 0 || (r >= lo && r <= hi)) return LT_SUCCESS;
  if (lo == hi)
    return lt_lite_error(c, "operand #%u (%s) must have rank %d, got %d", i,
                         name, (int)lo, (int)r);
  if (hi >= LK_MAX_RANK)
    return lt_lite_error(c, "operand #%u (%s) must have rank >= %d, got %d", i,
                         name, (int)lo, (int)r);
  return lt_lite_error(c, "operand #%u (%s) must have rank %d to %d, got %d", i,
                       name, (int)lo, (int)hi, (int)r);
}

lt_result_t lt_lite_nn_expect_vector(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t i,
                                     const char *name, int64_t len) {
  if (in[i].rank < 0) return LT_SUCCESS;
  if (in[i].rank != 1)
    return lt_lite_error(c, "operand #%u (%s) must have rank 1, got %d", i,
                         name, (int)in[i].rank);
  if (len >= 0 && in[i].dims[0] >= 0 && in[i].dims[0] != len)
    return lt_lite_error(c,
                         "operand #%u (%s) must have %lld elements, got "
                         "%lld",
                         i, name, (long long)len, (long long)in[i].dims[0]);
  return LT_SUCCESS;
}

void lt_lite_nn_shapes_of(const lk_tensor_t *in, uint32_t num_in,
                          lt_lite_shape_t *out) {
  for (uint32_t i = 0; i < num_in; i++) {
    memset(&out[i], 0, sizeof out[i]);
    out[i].dtype = in[i].dtype;
    if (in[i].dtype == LK_DTYPE_NONE) {
      out[i].rank = -1;
      continue;
    }
    out[i].rank = in[i].rank;
    memcpy(out[i].dims, in[i].dims, sizeof in[i].dims);
    out[i].value = &in[i];
  }
}

lt_result_t lt_lite_nn_oom(const lt_lite_call_t *c) {
  return lt_lite_error(c, "out of memory for the kernel's temporaries");
}

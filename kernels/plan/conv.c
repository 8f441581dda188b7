/* conv.c - the plan steps of conv2d (ONNX Conv, with a fused residual and
 * activation) and conv2d_transpose (ONNX ConvTranspose), over 1 to 3
 * spatial dims: ONNX's Conv1d and Conv3d map onto the same ops. */
#include <string.h>

#include "kernels/plan/nn.h"
#include "kernels/plan/window.h"
#include "kernels/ref/nn_util.h"

/* kernel_shape (optional) must agree with W's dims; it gives the kernel
 * sizes when W's are unknown. */
static lt_result_t kernel_dims(lk_plan_t *p, const lk_shape_t *w,
                               lk_window_t *win) {
  int32_t ns = win->spatial;
  int64_t ks[LK_MAX_RANK];
  int32_t n = lk_attr_ints(p->attrs, "kernel_shape", ks, LK_MAX_RANK);
  if (n >= 0 && n != ns)
    return lk_plan_fail(p,
                        "attribute 'kernel_shape' must have %d values, got "
                        "%d",
                        (int)ns, (int)n);
  for (int32_t d = 0; d < ns; d++) {
    int64_t wd = w->rank >= 0 ? w->dims[2 + d] : -1;
    if (wd == 0)
      return lk_plan_fail(p, "operand #1 (W) has an empty kernel: dim %d is 0",
                          (int)(2 + d));
    if (n >= 0 && ks[d] < 1)
      return lk_plan_fail(p,
                          "attribute 'kernel_shape' must have values >= 1, "
                          "got %lld",
                          (long long)ks[d]);
    if (n >= 0 && wd >= 0 && ks[d] != wd)
      return lk_plan_fail(p,
                          "attribute 'kernel_shape' value %lld disagrees "
                          "with dim %d of operand #1 (W), %lld",
                          (long long)ks[d], (int)(2 + d), (long long)wd);
    win->kernel[d] = wd >= 0 ? wd : n >= 0 ? ks[d] : -1;
  }
  return LT_SUCCESS;
}

/* Splits a transposed conv's total padding as ONNX specifies (floor
 * division, so an output larger than the natural one pads negatively at the
 * end). */
static void split_total(lk_auto_pad_t ap, int64_t total, int64_t *begin,
                        int64_t *end) {
  int64_t half = lk_nn_floor_div(total, 2);
  *begin = ap == LK_AUTO_PAD_SAME_UPPER ? half : total - half;
  *end = total - *begin;
}

static lt_result_t transpose_dims(lk_plan_t *p, const lk_shape_t *x,
                                  lk_window_t *w, int64_t *out_dims) {
  int32_t ns = w->spatial;
  int64_t opad[LK_WINDOW_MAX_SPATIAL] = {0}, oshape[LK_MAX_RANK];
  int32_t n =
      lk_attr_ints(p->attrs, "output_padding", opad, LK_WINDOW_MAX_SPATIAL);
  if (n >= 0 && n != ns)
    return lk_plan_fail(p,
                        "attribute 'output_padding' must have %d values, got "
                        "%d",
                        (int)ns, (int)n);
  if (n < 0) memset(opad, 0, sizeof opad);
  for (int32_t d = 0; d < ns; d++)
    if (opad[d] < 0)
      return lk_plan_fail(p,
                          "attribute 'output_padding' must have values >= 0, "
                          "got %lld",
                          (long long)opad[d]);
  int32_t no = lk_attr_ints(p->attrs, "output_shape", oshape, LK_MAX_RANK);
  if (no >= 0 && no != ns && no != ns + 2)
    return lk_plan_fail(p,
                        "attribute 'output_shape' must have %d values (or %d "
                        "with N and C), got %d",
                        (int)ns, (int)ns + 2, (int)no);
  const int64_t *os = no >= 0 ? oshape + (no - ns) : NULL;
  for (int32_t d = 0; d < ns; d++) {
    int64_t in = x->rank >= 0 ? x->dims[2 + d] : -1, k = w->kernel[d];
    int64_t s = w->strides[d];
    int64_t *pb = &w->pads[d], *pe = &w->pads[ns + d];
    if (os && os[d] < 1)
      return lk_plan_fail(p,
                          "attribute 'output_shape' must have values >= 1, "
                          "got %lld",
                          (long long)os[d]);
    out_dims[d] = -1;
    if (in < 0 || k < 0) {
      if (os) out_dims[d] = os[d];
      continue;
    }
    /* Each term within LK_DATA_MAX_ELEMENTS, so the sums cannot overflow. */
    int64_t span, ext;
    if (!lk_size_mul(s, in - 1, &span) ||
        !lk_size_mul(k - 1, w->dilations[d], &ext) ||
        opad[d] > LK_DATA_MAX_ELEMENTS || (os && os[d] > LK_DATA_MAX_ELEMENTS))
      return lk_plan_fail(p, "spatial dim %d: the output size is too large",
                          (int)d);
    int64_t full = span + opad[d] + ext + 1;
    if (os || w->auto_pad == LK_AUTO_PAD_SAME_UPPER ||
        w->auto_pad == LK_AUTO_PAD_SAME_LOWER) {
      int64_t o = os ? os[d] : span + s;
      split_total(w->auto_pad, full - o, pb, pe);
      out_dims[d] = o;
      continue;
    }
    out_dims[d] = full - *pb - *pe;
    if (out_dims[d] < 1)
      return lk_plan_fail(p,
                          "spatial dim %d: output size %lld is not positive",
                          (int)d, (long long)out_dims[d]);
  }
  return LT_SUCCESS;
}

/* The residual R (operand 3) is added elementwise to the result, so it
 * must have the result's dtype and shape exactly (no broadcasting: a fusion
 * that needs one has to refuse). Its known dims fill in unknown ones. */
static lt_result_t residual_shape(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t num_in, lk_shape_t *out) {
  if (!lk_shape_present(in, num_in, 3)) return LT_SUCCESS;
  const lk_shape_t *r = &in[3];
  if (LT_FAILED(lk_plan_expect_same_dtype(p, in, 3, "R"))) return LT_FAILURE;
  if (r->rank < 0) return LT_SUCCESS;
  if (out->rank < 0) {
    out->rank = r->rank;
    for (int32_t d = 0; d < r->rank; d++)
      out->dims[d] = r->dims[d];
    return LT_SUCCESS;
  }
  if (r->rank != out->rank)
    return lk_plan_fail(p,
                        "operand #3 (R) must have the result's rank %d, got "
                        "%d",
                        (int)out->rank, (int)r->rank);
  for (int32_t d = 0; d < out->rank; d++) {
    if (r->dims[d] >= 0 && out->dims[d] >= 0 && r->dims[d] != out->dims[d])
      return lk_plan_fail(p,
                          "operand #3 (R) must have the result's shape: dim "
                          "%d is %lld, the result's is %lld",
                          (int)d, (long long)r->dims[d],
                          (long long)out->dims[d]);
    if (out->dims[d] < 0) out->dims[d] = r->dims[d];
  }
  return LT_SUCCESS;
}

/* Channel counts: conv's W is (M, C/group, K...), the transpose's
 * (C, M/group, K...). Sets *out_m, the result's channels (-1 unknown). */
static lt_result_t channels(lk_plan_t *p, bool transpose, const lk_shape_t *x,
                            const lk_shape_t *w, int64_t g, int64_t *out_m) {
  int64_t ch = x->rank >= 0 ? x->dims[1] : -1;
  int64_t w0 = w->rank >= 0 ? w->dims[0] : -1,
          w1 = w->rank >= 0 ? w->dims[1] : -1;
  if (!transpose) {
    if (ch >= 0 && w1 >= 0 && w1 * g != ch)
      return lk_plan_fail(p,
                          "operand #1 (W) has %lld input channels per group, "
                          "so operand #0 (X) needs %lld channels with group "
                          "%lld, got %lld",
                          (long long)w1, (long long)(w1 * g), (long long)g,
                          (long long)ch);
    if (w0 >= 0 && w0 % g != 0)
      return lk_plan_fail(p,
                          "operand #1 (W) has %lld output channels, not a "
                          "multiple of group %lld",
                          (long long)w0, (long long)g);
    *out_m = w0;
    return LT_SUCCESS;
  }
  if (ch >= 0 && w0 >= 0 && w0 != ch)
    return lk_plan_fail(p,
                        "operand #1 (W) dim 0 must equal the %lld channels of "
                        "operand #0 (X), got %lld",
                        (long long)ch, (long long)w0);
  if (ch >= 0 && ch % g != 0)
    return lk_plan_fail(p,
                        "operand #0 (X) has %lld channels, not a multiple of "
                        "group %lld",
                        (long long)ch, (long long)g);
  *out_m = w1 >= 0 ? w1 * g : -1;
  return LT_SUCCESS;
}

static lt_result_t conv_plan(lk_plan_t *p, bool transpose, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_conv_params_t *params) {
  const lk_shape_t *x = &in[0], *w = &in[1];
  memset(params, 0, sizeof *params);
  p->workspace_size = 0;
  bool has_b = lk_shape_present(in, num_in, 2);
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, "W")) ||
      LT_FAILED(lk_plan_expect_float(p, in, 0, "X")) ||
      LT_FAILED(lk_plan_expect_same_dtype(p, in, 1, "W")) ||
      (has_b && LT_FAILED(lk_plan_expect_same_dtype(p, in, 2, "B"))) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "X", 3, 5)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "W", 3, 5)) ||
      LT_FAILED(lk_plan_fused_activation(p, &params->act, &params->act_alpha,
                                         &params->act_beta)))
    return LT_FAILURE;
  if (x->rank >= 0 && w->rank >= 0 && x->rank != w->rank)
    return lk_plan_fail(p,
                        "operand #1 (W) must have the rank of operand #0 (X), "
                        "%d, got %d",
                        (int)x->rank, (int)w->rank);
  params->group = lk_attr_int(p->attrs, "group", 1);
  if (params->group < 1)
    return lk_plan_fail(p, "attribute 'group' must be >= 1, got %lld",
                        (long long)params->group);
  int64_t m = -1;
  if (LT_FAILED(channels(p, transpose, x, w, params->group, &m)) ||
      (has_b && LT_FAILED(lk_plan_expect_vector(p, in, 2, "B", m))))
    return LT_FAILURE;
  out->dtype = x->dtype;
  int32_t rank = x->rank >= 0 ? x->rank : w->rank;
  out->rank = rank;
  if (rank < 0) return residual_shape(p, in, num_in, out);
  int32_t ns = rank - 2;
  lk_window_t win;
  if (LT_FAILED(lk_window_attrs(p, ns, &win)) ||
      LT_FAILED(kernel_dims(p, w, &win)))
    return LT_FAILURE;
  out->dims[0] = x->rank >= 0 ? x->dims[0] : -1;
  out->dims[1] = m;
  if (transpose) {
    if (LT_FAILED(transpose_dims(p, x, &win, out->dims + 2)))
      return LT_FAILURE;
  } else {
    for (int32_t d = 0; d < ns; d++)
      if (LT_FAILED(lk_window_out(p, &win, d,
                                  x->rank >= 0 ? x->dims[2 + d] : -1,
                                  &out->dims[2 + d])))
        return LT_FAILURE;
    if (LT_FAILED(residual_shape(p, in, num_in, out))) return LT_FAILURE;
  }
  params->spatial = ns;
  for (int32_t d = 0; d < ns; d++) {
    params->strides[d] = win.strides[d];
    params->dilations[d] = win.dilations[d];
    params->pads_begin[d] = win.pads[d];
  }
  return LT_SUCCESS;
}

/* The kernel's scratch once every shape is known, the residual (bound by
 * the caller after the step) included. */
static void conv_workspace(lk_plan_t *p, bool transpose, const lk_shape_t *in,
                           uint32_t num_in, const lk_shape_t *out,
                           const lk_conv_params_t *params) {
  lk_tensor_t t[4], y;
  if (!lk_plan_shape_tensors(in, num_in, 4, t) ||
      !lk_plan_shape_tensors(out, 1, 1, &y))
    return;
  lk_conv_params_t q = *params;
  q.residual = t[3].dtype == LK_DTYPE_NONE ? NULL : &t[3];
  p->workspace_size =
      transpose ? lk_ref_conv2d_transpose_workspace(&q, &t[0], &t[1], &t[2], &y)
                : lk_ref_conv2d_workspace(&q, &t[0], &t[1], &t[2], &y);
}

static lt_result_t conv_step(lk_plan_t *p, bool transpose, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_conv_params_t *params) {
  if (LT_FAILED(conv_plan(p, transpose, in, num_in, out, params)))
    return LT_FAILURE;
  conv_workspace(p, transpose, in, num_in, out, params);
  return LT_SUCCESS;
}

lt_result_t lk_plan_conv2d(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, lk_shape_t *out,
                           lk_conv_params_t *params) {
  return conv_step(p, false, in, num_in, out, params);
}

lt_result_t lk_plan_conv2d_transpose(lk_plan_t *p, const lk_shape_t *in,
                                     uint32_t num_in, lk_shape_t *out,
                                     lk_conv_params_t *params) {
  return conv_step(p, true, in, num_in, out, params);
}

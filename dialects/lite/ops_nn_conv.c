/* ops_nn_conv.c - conv2d (ONNX Conv) and conv2d_transpose (ONNX
 * ConvTranspose) with a fused activation; conv2d also takes a fused residual
 * R (its 4th operand, the result's shape), added before the activation.
 * Despite the names both take 1 to 3 spatial dims (x of rank 3 to 5): the
 * kernels are written for N spatial dims, and ONNX's Conv1d/Conv3d map onto
 * the same ops. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/conv.h"
#include "kernels/ref/nn_util.h"

/* What the shape function works out and the evaluator needs: the window
 * with every pad resolved, and the kernel parameters. */
typedef struct conv_plan {
  lt_nn_window_t w;
  int64_t group;
  lk_activation_t act;
  double act_alpha, act_beta;
} conv_plan_t;

/* kernel_shape (optional) must agree with W's dims; it gives the kernel
 * sizes when W's are unknown. */
static lt_result_t kernel_dims(const lt_lite_call_t *c,
                               const lt_lite_shape_t *w, lt_nn_window_t *win) {
  int32_t ns = win->spatial;
  int64_t ks[LK_MAX_RANK];
  int32_t n = lt_lite_attr_ints(c, "kernel_shape", ks, LK_MAX_RANK);
  if (n >= 0 && n != ns)
    return lt_lite_error(c,
                         "attribute 'kernel_shape' must have %d values, "
                         "got %d",
                         (int)ns, (int)n);
  for (int32_t d = 0; d < ns; d++) {
    int64_t wd = w->rank >= 0 ? w->dims[2 + d] : -1;
    if (wd == 0)
      return lt_lite_error(c,
                           "operand #1 (W) has an empty kernel: dim %d is "
                           "0",
                           (int)(2 + d));
    if (n >= 0 && ks[d] < 1)
      return lt_lite_error(c,
                           "attribute 'kernel_shape' must have values >= "
                           "1, got %lld",
                           (long long)ks[d]);
    if (n >= 0 && wd >= 0 && ks[d] != wd)
      return lt_lite_error(c,
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
static void split_total(lt_nn_auto_pad_t ap, int64_t total, int64_t *begin,
                        int64_t *end) {
  int64_t half = lk_nn_floor_div(total, 2);
  *begin = ap == LT_NN_PAD_SAME_UPPER ? half : total - half;
  *end = total - *begin;
}

static lt_result_t transpose_dims(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *x, conv_plan_t *p,
                                  int64_t *out_dims) {
  lt_nn_window_t *w = &p->w;
  int32_t ns = w->spatial;
  int64_t opad[LT_NN_MAX_SPATIAL] = {0}, oshape[LK_MAX_RANK];
  int32_t n = lt_lite_attr_ints(c, "output_padding", opad, LT_NN_MAX_SPATIAL);
  if (n >= 0 && n != ns)
    return lt_lite_error(c,
                         "attribute 'output_padding' must have %d values, "
                         "got %d",
                         (int)ns, (int)n);
  if (n < 0) memset(opad, 0, sizeof opad);
  for (int32_t d = 0; d < ns; d++)
    if (opad[d] < 0)
      return lt_lite_error(c,
                           "attribute 'output_padding' must have values "
                           ">= 0, got %lld",
                           (long long)opad[d]);
  int32_t no = lt_lite_attr_ints(c, "output_shape", oshape, LK_MAX_RANK);
  if (no >= 0 && no != ns && no != ns + 2)
    return lt_lite_error(c,
                         "attribute 'output_shape' must have %d values "
                         "(or %d with N and C), got %d",
                         (int)ns, (int)ns + 2, (int)no);
  const int64_t *os = no >= 0 ? oshape + (no - ns) : NULL;
  for (int32_t d = 0; d < ns; d++) {
    int64_t in = x->rank >= 0 ? x->dims[2 + d] : -1, k = w->kernel[d];
    int64_t s = w->strides[d];
    int64_t *pb = &w->pads[d], *pe = &w->pads[ns + d];
    if (os && os[d] < 1)
      return lt_lite_error(c,
                           "attribute 'output_shape' must have values >= "
                           "1, got %lld",
                           (long long)os[d]);
    out_dims[d] = -1;
    if (in < 0 || k < 0) {
      if (os) out_dims[d] = os[d];
      continue;
    }
    int64_t full = s * (in - 1) + opad[d] + (k - 1) * w->dilations[d] + 1;
    if (os || w->auto_pad == LT_NN_PAD_SAME_UPPER ||
        w->auto_pad == LT_NN_PAD_SAME_LOWER) {
      int64_t o = os ? os[d] : in * s;
      split_total(w->auto_pad, full - o, pb, pe);
      out_dims[d] = o;
      continue;
    }
    out_dims[d] = full - *pb - *pe;
    if (out_dims[d] < 1)
      return lt_lite_error(c,
                           "spatial dim %d: output size %lld is not "
                           "positive",
                           (int)d, (long long)out_dims[d]);
  }
  return LT_SUCCESS;
}

/* The residual R (operand 3) is added elementwise to the result, so it
 * must have the result's dtype and shape exactly (no broadcasting: a fusion
 * that needs one has to refuse). Its known dims fill in unknown ones. */
static lt_result_t residual_shape(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out) {
  if (!lt_lite_present(in, num_in, 3)) return LT_SUCCESS;
  const lt_lite_shape_t *r = &in[3];
  if (LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, 3, "R"))) return LT_FAILURE;
  if (r->rank < 0) return LT_SUCCESS;
  if (out->rank < 0) {
    out->rank = r->rank;
    for (int32_t d = 0; d < r->rank; d++)
      out->dims[d] = r->dims[d];
    return LT_SUCCESS;
  }
  if (r->rank != out->rank)
    return lt_lite_error(c,
                         "operand #3 (R) must have the result's rank %d, "
                         "got %d",
                         (int)out->rank, (int)r->rank);
  for (int32_t d = 0; d < out->rank; d++) {
    if (r->dims[d] >= 0 && out->dims[d] >= 0 && r->dims[d] != out->dims[d])
      return lt_lite_error(c,
                           "operand #3 (R) must have the result's shape: "
                           "dim %d is %lld, the result's is %lld",
                           (int)d, (long long)r->dims[d],
                           (long long)out->dims[d]);
    if (out->dims[d] < 0) out->dims[d] = r->dims[d];
  }
  return LT_SUCCESS;
}

static lt_result_t conv_infer(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, conv_plan_t *p) {
  bool transpose = c->id == LT_LITE_CONV2D_TRANSPOSE;
  const lt_lite_shape_t *x = &in[0], *w = &in[1];
  bool has_b = lt_lite_present(in, num_in, 2);
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, "W")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")) ||
      LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, 1, "W")) ||
      (has_b && LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, 2, "B"))) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 3, 5)) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 1, "W", 3, 5)) ||
      LT_FAILED(
          lt_lite_fused_activation(c, &p->act, &p->act_alpha, &p->act_beta)))
    return LT_FAILURE;
  if (x->rank >= 0 && w->rank >= 0 && x->rank != w->rank)
    return lt_lite_error(c,
                         "operand #1 (W) must have the rank of operand #0 "
                         "(X), %d, got %d",
                         (int)x->rank, (int)w->rank);
  p->group = lt_lite_attr_int(c, "group", 1);
  if (p->group < 1)
    return lt_lite_error(c, "attribute 'group' must be >= 1, got %lld",
                         (long long)p->group);
  int64_t g = p->group;
  int64_t ch = x->rank >= 0 ? x->dims[1] : -1, m = -1;
  int64_t w0 = w->rank >= 0 ? w->dims[0] : -1,
          w1 = w->rank >= 0 ? w->dims[1] : -1;
  if (!transpose) {
    if (ch >= 0 && w1 >= 0 && w1 * g != ch)
      return lt_lite_error(c,
                           "operand #1 (W) has %lld input channels per "
                           "group, so operand #0 (X) needs %lld channels "
                           "with group %lld, got %lld",
                           (long long)w1, (long long)(w1 * g), (long long)g,
                           (long long)ch);
    if (w0 >= 0 && w0 % g != 0)
      return lt_lite_error(c,
                           "operand #1 (W) has %lld output channels, not "
                           "a multiple of group %lld",
                           (long long)w0, (long long)g);
    m = w0;
  } else {
    if (ch >= 0 && w0 >= 0 && w0 != ch)
      return lt_lite_error(c,
                           "operand #1 (W) dim 0 must equal the %lld "
                           "channels of operand #0 (X), got %lld",
                           (long long)ch, (long long)w0);
    if (ch >= 0 && ch % g != 0)
      return lt_lite_error(c,
                           "operand #0 (X) has %lld channels, not a "
                           "multiple of group %lld",
                           (long long)ch, (long long)g);
    m = w1 >= 0 ? w1 * g : -1;
  }
  if (has_b && LT_FAILED(lt_lite_nn_expect_vector(c, in, 2, "B", m)))
    return LT_FAILURE;
  out->dtype = x->dtype;
  int32_t rank = x->rank >= 0 ? x->rank : w->rank;
  out->rank = rank;
  if (rank < 0) return residual_shape(c, in, num_in, out);
  int32_t ns = rank - 2;
  if (LT_FAILED(lt_lite_nn_window_attrs(c, ns, &p->w)) ||
      LT_FAILED(kernel_dims(c, w, &p->w)))
    return LT_FAILURE;
  out->dims[0] = x->rank >= 0 ? x->dims[0] : -1;
  out->dims[1] = m;
  if (transpose) return transpose_dims(c, x, p, out->dims + 2);
  for (int32_t d = 0; d < ns; d++)
    if (LT_FAILED(lt_lite_nn_window_out(c, &p->w, d,
                                        x->rank >= 0 ? x->dims[2 + d] : -1,
                                        &out->dims[2 + d])))
      return LT_FAILURE;
  return residual_shape(c, in, num_in, out);
}

static lt_result_t shape_any(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                             uint32_t num_in, lt_lite_shape_t *out,
                             uint32_t num_out) {
  conv_plan_t p;
  memset(&p, 0, sizeof p);
  return conv_infer(c, in, num_in, out, &p);
}

static lt_result_t eval_any(const lt_lite_call_t *c, const lk_tensor_t *in,
                            uint32_t num_in, lk_tensor_t *out,
                            uint32_t num_out) {
  lt_lite_shape_t sin[4], sout;
  lt_lite_nn_shapes_of(in, num_in, sin);
  memset(&sout, 0, sizeof sout);
  conv_plan_t p;
  memset(&p, 0, sizeof p);
  if (LT_FAILED(conv_infer(c, sin, num_in, &sout, &p))) return LT_FAILURE;
  lk_conv_params_t kp;
  memset(&kp, 0, sizeof kp);
  kp.spatial = p.w.spatial;
  kp.group = p.group;
  kp.act = p.act;
  kp.act_alpha = p.act_alpha;
  kp.act_beta = p.act_beta;
  for (int32_t d = 0; d < kp.spatial; d++) {
    kp.strides[d] = p.w.strides[d];
    kp.dilations[d] = p.w.dilations[d];
    kp.pads_begin[d] = p.w.pads[d];
  }
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  kp.residual = lt_lite_tensor_present(in, num_in, 3) ? &in[3] : NULL;
  bool ok = c->id == LT_LITE_CONV2D_TRANSPOSE
                ? lk_ref_conv2d_transpose(&kp, &in[0], &in[1], b, &out[0])
                : lk_ref_conv2d(&kp, &in[0], &in[1], b, &out[0]);
  return ok ? LT_SUCCESS : lt_lite_nn_oom(c);
}

lt_result_t lt_lite_shape_conv(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  return shape_any(c, in, num_in, out, num_out);
}

lt_result_t lt_lite_eval_conv(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  return eval_any(c, in, num_in, out, num_out);
}

lt_result_t lt_lite_shape_conv_transpose(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in,
                                         uint32_t num_in, lt_lite_shape_t *out,
                                         uint32_t num_out) {
  return shape_any(c, in, num_in, out, num_out);
}

lt_result_t lt_lite_eval_conv_transpose(const lt_lite_call_t *c,
                                        const lk_tensor_t *in, uint32_t num_in,
                                        lk_tensor_t *out, uint32_t num_out) {
  return eval_any(c, in, num_in, out, num_out);
}

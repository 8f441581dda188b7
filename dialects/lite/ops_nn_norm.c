/* ops_nn_norm.c - normalizations: batch_norm (inference form), layer_norm
 * (ONNX LayerNormalization, opset 17, with the optional Mean and InvStdDev
 * results), instance_norm, lrn and mean_variance_normalization. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/norm.h"

/* Operand i: present, a float vector of `len` elements. */
static lt_result_t expect_param(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                uint32_t i, const char *name, int64_t len) {
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, i, name)) ||
      LT_FAILED(lt_lite_expect_float(c, in, i, name)))
    return LT_FAILURE;
  return lt_lite_nn_expect_vector(c, in, i, name, len);
}

static void same_as_x(const lt_lite_shape_t *x, lt_lite_shape_t *out) {
  out->dtype = x->dtype;
  out->rank = x->rank;
  if (x->rank > 0)
    memcpy(out->dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
}

/* ---- batch_norm ------------------------------------------------------------
 */

lt_result_t lt_lite_shape_batch_norm(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t num_in,
                                     lt_lite_shape_t *out, uint32_t num_out) {
  static const char *const names[] = {"X", "scale", "B", "input_mean",
                                      "input_var"};
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 1, LK_MAX_RANK)))
    return LT_FAILURE;
  const lt_lite_shape_t *x = &in[0];
  /* A 1-D input is N samples of one channel. */
  int64_t ch = x->rank >= 2 ? x->dims[1] : x->rank == 1 ? 1 : -1;
  for (uint32_t i = 1; i < 5; i++)
    if (LT_FAILED(expect_param(c, in, num_in, i, names[i], ch)))
      return LT_FAILURE;
  same_as_x(x, out);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_batch_norm(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  double eps = lt_lite_attr_float(c, "epsilon", 1e-5);
  lk_ref_batch_norm(eps, &in[0], &in[1], &in[2], &in[3], &in[4], &out[0]);
  return LT_SUCCESS;
}

/* ---- layer_norm ------------------------------------------------------------
 */

/* The element type of Mean and InvStdDev, from stash_type (an ONNX
 * TensorProto data type number). */
static lt_result_t stash_dtype(const lt_lite_call_t *c, lk_dtype_t *out) {
  int64_t st = lt_lite_attr_int(c, "stash_type", 1);
  switch (st) {
  case 1:
    *out = LK_F32;
    return LT_SUCCESS;
  case 10:
    *out = LK_F16;
    return LT_SUCCESS;
  case 11:
    *out = LK_F64;
    return LT_SUCCESS;
  case 16:
    *out = LK_BF16;
    return LT_SUCCESS;
  default:
    return lt_lite_error(c,
                         "attribute 'stash_type' must name a float type "
                         "(1 float, 10 float16, 11 double, 16 bfloat16), "
                         "got %lld",
                         (long long)st);
  }
}

/* Operand i (Scale or B) must broadcast to X's shape. */
static lt_result_t expect_broadcast_to_x(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name) {
  const lt_lite_shape_t *x = &in[0], *s = &in[i];
  if (LT_FAILED(lt_lite_expect_float(c, in, i, name))) return LT_FAILURE;
  if (x->rank < 0 || s->rank < 0) return LT_SUCCESS;
  if (s->rank > x->rank)
    return lt_lite_error(c,
                         "operand #%u (%s) of rank %d does not broadcast "
                         "to operand #0 (X) of rank %d",
                         i, name, (int)s->rank, (int)x->rank);
  for (int32_t d = 0; d < s->rank; d++) {
    int64_t sd = s->dims[d], xd = x->dims[x->rank - s->rank + d];
    if (sd >= 0 && sd != 1 && xd >= 0 && sd != xd)
      return lt_lite_error(c,
                           "operand #%u (%s) does not broadcast to operand "
                           "#0 (X): dim %d is %lld, X has %lld",
                           i, name, (int)d, (long long)sd, (long long)xd);
  }
  return LT_SUCCESS;
}

static lt_result_t layer_norm_axis(const lt_lite_call_t *c, int32_t rank,
                                   int32_t *out_axis) {
  return lt_lite_axis(c, lt_lite_attr_int(c, "axis", -1), rank,
                      "attribute 'axis'", out_axis);
}

lt_result_t lt_lite_shape_layer_norm(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t num_in,
                                     lt_lite_shape_t *out, uint32_t num_out) {
  lk_dtype_t u = LK_F32;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 1, LK_MAX_RANK)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, "Scale")) ||
      LT_FAILED(expect_broadcast_to_x(c, in, 1, "Scale")) ||
      (lt_lite_present(in, num_in, 2) &&
       LT_FAILED(expect_broadcast_to_x(c, in, 2, "B"))) ||
      LT_FAILED(stash_dtype(c, &u)))
    return LT_FAILURE;
  const lt_lite_shape_t *x = &in[0];
  int32_t axis = 0;
  if (x->rank >= 0 && LT_FAILED(layer_norm_axis(c, x->rank, &axis)))
    return LT_FAILURE;
  same_as_x(x, &out[0]);
  for (uint32_t i = 1; i < num_out; i++) {
    out[i].dtype = u;
    out[i].rank = x->rank;
    for (int32_t d = 0; d < x->rank; d++)
      out[i].dims[d] = d < axis ? x->dims[d] : 1;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_layer_norm(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  int32_t axis;
  if (LT_FAILED(layer_norm_axis(c, in[0].rank, &axis))) return LT_FAILURE;
  double eps = lt_lite_attr_float(c, "epsilon", 1e-5);
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  bool ok = lk_ref_layer_norm(axis, eps, &in[0], &in[1], b, &out[0],
                              num_out > 1 ? &out[1] : NULL,
                              num_out > 2 ? &out[2] : NULL);
  return ok ? LT_SUCCESS : lt_lite_nn_oom(c);
}

/* ---- instance_norm ---------------------------------------------------------
 */

lt_result_t lt_lite_shape_instance_norm(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in,
                                        uint32_t num_in, lt_lite_shape_t *out,
                                        uint32_t num_out) {
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "input")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "input")) ||
      LT_FAILED(
          lt_lite_nn_expect_rank_range(c, in, 0, "input", 3, LK_MAX_RANK)))
    return LT_FAILURE;
  int64_t ch = in[0].rank >= 2 ? in[0].dims[1] : -1;
  if (LT_FAILED(expect_param(c, in, num_in, 1, "scale", ch)) ||
      LT_FAILED(expect_param(c, in, num_in, 2, "B", ch)))
    return LT_FAILURE;
  same_as_x(&in[0], out);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_instance_norm(const lt_lite_call_t *c,
                                       const lk_tensor_t *in, uint32_t num_in,
                                       lk_tensor_t *out, uint32_t num_out) {
  lk_ref_instance_norm(lt_lite_attr_float(c, "epsilon", 1e-5), &in[0], &in[1],
                       &in[2], &out[0]);
  return LT_SUCCESS;
}

/* ---- lrn --------------------------------------------------------------------
 */

lt_result_t lt_lite_shape_lrn(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 2, LK_MAX_RANK)))
    return LT_FAILURE;
  int64_t size = lt_lite_attr_int(c, "size", 0);
  if (size < 1)
    return lt_lite_error(c, "attribute 'size' must be >= 1, got %lld",
                         (long long)size);
  same_as_x(&in[0], out);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_lrn(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lk_lrn_params_t p;
  p.alpha = lt_lite_attr_float(c, "alpha", 1e-4);
  p.beta = lt_lite_attr_float(c, "beta", 0.75);
  p.bias = lt_lite_attr_float(c, "bias", 1.0);
  p.size = lt_lite_attr_int(c, "size", 1);
  lk_ref_lrn(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- mean_variance_normalization -------------------------------------------
 */

static lt_result_t mvn_axes(const lt_lite_call_t *c, int32_t rank,
                            uint32_t *out_mask) {
  int64_t axes[LK_MAX_RANK + 1] = {0, 2, 3};
  int32_t n = lt_lite_attr_ints(c, "axes", axes, LK_MAX_RANK + 1);
  if (n < 0) n = 3;
  if (n > rank)
    return lt_lite_error(c,
                         "attribute 'axes' has %d values, more than the "
                         "rank %d of operand #0 (X)",
                         (int)n, (int)rank);
  *out_mask = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lt_lite_axis(c, axes[i], rank, "attribute 'axes' value", &a)))
      return LT_FAILURE;
    if (*out_mask & (1u << a))
      return lt_lite_error(c, "attribute 'axes' repeats axis %d", (int)a);
    *out_mask |= 1u << a;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_mvn(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  uint32_t mask;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")) ||
      (in[0].rank >= 0 && LT_FAILED(mvn_axes(c, in[0].rank, &mask))))
    return LT_FAILURE;
  same_as_x(&in[0], out);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_mvn(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  uint32_t mask;
  if (LT_FAILED(mvn_axes(c, in[0].rank, &mask))) return LT_FAILURE;
  return lk_ref_mvn(mask, &in[0], &out[0]) ? LT_SUCCESS : lt_lite_nn_oom(c);
}

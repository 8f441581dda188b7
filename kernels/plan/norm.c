/* norm.c - the plan steps of the normalizations. */
#include <string.h>

#include "kernels/plan/math.h"
#include "kernels/plan/norm.h"

/* Operand i: present, a float vector of `len` elements. */
static lt_result_t expect_param(lk_plan_t *p, const lk_shape_t *in,
                                uint32_t num_in, uint32_t i, const char *name,
                                int64_t len) {
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, name)) ||
      LT_FAILED(lk_plan_expect_float(p, in, i, name)))
    return LT_FAILURE;
  return lk_plan_expect_vector(p, in, i, name, len);
}

/* X present, float, of rank >= lo. */
static lt_result_t expect_x(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            const char *name, int32_t lo) {
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, name)) ||
      LT_FAILED(lk_plan_expect_float(p, in, 0, name)))
    return LT_FAILURE;
  return lo > 0 ? lk_plan_expect_rank_range(p, in, 0, name, lo, LK_MAX_RANK)
                : LT_SUCCESS;
}

static void params_init(lk_plan_t *p, lk_norm_params_t *params) {
  memset(params, 0, sizeof *params);
  params->epsilon = lk_attr_float(p->attrs, "epsilon", 1e-5);
  p->workspace_size = 0;
}

/* ---- batch_norm
 * ---------------------------------------------------------------- */

lt_result_t lk_plan_batch_norm(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_norm_params_t *params) {
  static const char *const names[] = {"X", "scale", "B", "input_mean",
                                      "input_var"};
  params_init(p, params);
  if (LT_FAILED(expect_x(p, in, num_in, "X", 1))) return LT_FAILURE;
  const lk_shape_t *x = &in[0];
  /* A 1-D input is N samples of one channel. */
  int64_t ch = x->rank >= 2 ? x->dims[1] : x->rank == 1 ? 1 : -1;
  for (uint32_t i = 1; i < 5; i++)
    if (LT_FAILED(expect_param(p, in, num_in, i, names[i], ch)))
      return LT_FAILURE;
  lk_shape_copy(out, x);
  return LT_SUCCESS;
}

/* ---- layer_norm
 * ---------------------------------------------------------------- */

/* The element type of Mean and InvStdDev, from stash_type (an ONNX
 * TensorProto data type number). */
static lt_result_t stash_dtype(lk_plan_t *p, lk_dtype_t *out) {
  int64_t st = lk_attr_int(p->attrs, "stash_type", 1);
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
    return lk_plan_fail(p,
                        "attribute 'stash_type' must name a float type (1 "
                        "float, 10 float16, 11 double, 16 bfloat16), got %lld",
                        (long long)st);
  }
}

/* Operand i (Scale or B) must broadcast to X's shape. */
static lt_result_t expect_broadcast_to_x(lk_plan_t *p, const lk_shape_t *in,
                                         uint32_t i, const char *name) {
  const lk_shape_t *x = &in[0], *s = &in[i];
  if (LT_FAILED(lk_plan_expect_float(p, in, i, name))) return LT_FAILURE;
  if (x->rank < 0 || s->rank < 0) return LT_SUCCESS;
  if (s->rank > x->rank)
    return lk_plan_fail(p,
                        "operand #%u (%s) of rank %d does not broadcast to "
                        "operand #0 (X) of rank %d",
                        i, name, (int)s->rank, (int)x->rank);
  for (int32_t d = 0; d < s->rank; d++) {
    int64_t sd = s->dims[d], xd = x->dims[x->rank - s->rank + d];
    if (sd >= 0 && sd != 1 && xd >= 0 && sd != xd)
      return lk_plan_fail(p,
                          "operand #%u (%s) does not broadcast to operand #0 "
                          "(X): dim %d is %lld, X has %lld",
                          i, name, (int)d, (long long)sd, (long long)xd);
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_layer_norm(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               uint32_t num_out,
                               lk_layer_norm_params_t *params) {
  memset(params, 0, sizeof *params);
  params->epsilon = lk_attr_float(p->attrs, "epsilon", 1e-5);
  params->stash_dtype = LK_F32;
  p->workspace_size = 0;
  if (LT_FAILED(expect_x(p, in, num_in, "X", 1)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, "Scale")) ||
      LT_FAILED(expect_broadcast_to_x(p, in, 1, "Scale")) ||
      (lk_shape_present(in, num_in, 2) &&
       LT_FAILED(expect_broadcast_to_x(p, in, 2, "B"))) ||
      LT_FAILED(stash_dtype(p, &params->stash_dtype)))
    return LT_FAILURE;
  const lk_shape_t *x = &in[0];
  if (x->rank >= 0 &&
      LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", -1), x->rank,
                             "attribute 'axis'", &params->axis)))
    return LT_FAILURE;
  lk_shape_copy(&out[0], x);
  for (uint32_t i = 1; i < num_out; i++) {
    out[i].dtype = params->stash_dtype;
    out[i].rank = x->rank;
    for (int32_t d = 0; d < x->rank; d++)
      out[i].dims[d] = d < params->axis ? x->dims[d] : 1;
  }
  lk_tensor_t tx;
  if (lk_plan_shape_tensors(in, num_in, 1, &tx))
    p->workspace_size = lk_ref_layer_norm_workspace(params->axis, &tx);
  return LT_SUCCESS;
}

/* ---- instance_norm
 * ------------------------------------------------------------- */

lt_result_t lk_plan_instance_norm(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t num_in, lk_shape_t *out,
                                  lk_norm_params_t *params) {
  params_init(p, params);
  if (LT_FAILED(expect_x(p, in, num_in, "input", 3))) return LT_FAILURE;
  int64_t ch = in[0].rank >= 2 ? in[0].dims[1] : -1;
  if (LT_FAILED(expect_param(p, in, num_in, 1, "scale", ch)) ||
      LT_FAILED(expect_param(p, in, num_in, 2, "B", ch)))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  return LT_SUCCESS;
}

/* ---- lrn
 * ----------------------------------------------------------------------- */

lt_result_t lk_plan_lrn(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_lrn_params_t *params) {
  memset(params, 0, sizeof *params);
  p->workspace_size = 0;
  if (LT_FAILED(expect_x(p, in, num_in, "X", 2))) return LT_FAILURE;
  params->size = lk_attr_int(p->attrs, "size", 0);
  if (params->size < 1)
    return lk_plan_fail(p, "attribute 'size' must be >= 1, got %lld",
                        (long long)params->size);
  params->alpha = lk_attr_float(p->attrs, "alpha", 1e-4);
  params->beta = lk_attr_float(p->attrs, "beta", 0.75);
  params->bias = lk_attr_float(p->attrs, "bias", 1.0);
  lk_shape_copy(out, &in[0]);
  return LT_SUCCESS;
}

/* ---- mean_variance_normalization
 * ----------------------------------------------- */

static lt_result_t mvn_axes(lk_plan_t *p, int32_t rank, uint32_t *out_mask) {
  int64_t axes[LK_MAX_RANK + 1] = {0, 2, 3};
  int32_t n = lk_attr_ints(p->attrs, "axes", axes, LK_MAX_RANK + 1);
  if (n < 0) n = 3;
  if (n > rank)
    return lk_plan_fail(p,
                        "attribute 'axes' has %d values, more than the rank "
                        "%d of operand #0 (X)",
                        (int)n, (int)rank);
  *out_mask = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lk_plan_axis(p, axes[i], rank, "attribute 'axes' value", &a)))
      return LT_FAILURE;
    if (*out_mask & (1u << a))
      return lk_plan_fail(p, "attribute 'axes' repeats axis %d", (int)a);
    *out_mask |= 1u << a;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_mvn(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_mvn_params_t *params) {
  memset(params, 0, sizeof *params);
  p->workspace_size = 0;
  if (LT_FAILED(expect_x(p, in, num_in, "X", 0)) ||
      (in[0].rank >= 0 &&
       LT_FAILED(mvn_axes(p, in[0].rank, &params->axes_mask))))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  lk_tensor_t tx;
  if (lk_plan_shape_tensors(in, num_in, 1, &tx))
    p->workspace_size = lk_ref_mvn_workspace(params->axes_mask, &tx);
  return LT_SUCCESS;
}

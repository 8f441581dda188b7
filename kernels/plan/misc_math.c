/* misc_math.c - the plan steps of clip, scale, cast, calib, quantize and
 * dequantize (kernels/plan/misc_math.h). */
#include "kernels/plan/misc_math.h"

#include <math.h>
#include <string.h>

#include "kernels/plan/data.h"
#include "kernels/plan/math.h"

/* ---- clip ---------------------------------------------------------------- */

/* The bounds given as attributes (min, max); each must be exact in the
 * input's element type. */
static lt_result_t clip_attrs(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_clip_params_t *params) {
  static const char *const names[] = {"min", "max"};
  double *bounds[] = {&params->min, &params->max};
  bool *have[] = {&params->has_min, &params->has_max};
  for (uint32_t i = 0; i < 2; i++) {
    int32_t n;
    *have[i] = false;
    if (LT_FAILED(lk_plan_float_list(p, in, num_in, i + 1, names[i], bounds[i],
                                     1, &n)))
      return LT_FAILURE;
    if (lk_shape_present(in, num_in, i + 1) || n != 1) continue;
    *have[i] = true;
    if (LT_FAILED(lk_plan_exact_attr(p, names[i], *bounds[i], in[0].dtype)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_clip(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_clip_params_t *params) {
  static const char *const names[] = {"input", "min", "max"};
  p->workspace_size = 0;
  memset(params, 0, sizeof *params);
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "input")) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, "input")))
    return LT_FAILURE;
  for (uint32_t i = 1; i < 3; i++)
    if (lk_shape_present(in, num_in, i) &&
        (LT_FAILED(lk_plan_expect_dtype_of(p, in, i, names[i], 0, "input")) ||
         LT_FAILED(lk_plan_expect_scalar(p, in, i, names[i]))))
      return LT_FAILURE;
  if (LT_FAILED(clip_attrs(p, in, num_in, params))) return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  return LT_SUCCESS;
}

/* ---- scale --------------------------------------------------------------- */

lt_result_t lk_plan_scale(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_scale_params_t *params) {
  p->workspace_size = 0;
  params->scale = lk_attr_float(p->attrs, "scale", 1.0);
  params->bias = lk_attr_float(p->attrs, "bias", 0.0);
  params->bias_after_scale = lk_attr_int(p->attrs, "bias_after_scale", 1) != 0;
  if (LT_FAILED(lk_plan_fused_activation(p, &params->act, &params->act_alpha,
                                         &params->act_beta)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, "X")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  return LT_SUCCESS;
}

/* ---- cast, calib --------------------------------------------------------- */

lt_result_t lk_plan_cast(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_cast_params_t *params) {
  p->workspace_size = 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "input")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  int64_t to = lk_attr_int(p->attrs, "to", LK_DTYPE_NONE);
  if (to < 0 || to >= LK_NUM_DTYPES)
    return lk_plan_fail(p, "attribute 'to' must be a tensor element type "
                           "(f32, f16, bf16, f64, i1, i8 ... i64, ui8 ... "
                           "ui64)");
  params->to = (lk_dtype_t)to;
  out->dtype = params->to;
  return LT_SUCCESS;
}

/* calib's scale divides float values on the way to integers. */
lt_result_t lk_plan_calib(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_calib_params_t *params) {
  p->workspace_size = 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "input")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  out->dtype = LK_DTYPE_NONE;
  params->scale = lk_attr_float(p->attrs, "scale", 1.0);
  if (params->scale == 0 || !isfinite(params->scale))
    return lk_plan_fail(p,
                        "attribute 'scale' must be a nonzero finite "
                        "number, got %g",
                        params->scale);
  return LT_SUCCESS;
}

/* ---- quantize, dequantize ------------------------------------------------ */

static lt_result_t quant_dtypes(lk_plan_t *p, bool quantize,
                                const lk_shape_t *in) {
  lk_dtype_t xt = in[0].dtype;
  if (quantize && !lk_dtype_is_float(xt) && xt != LK_I32)
    return lk_plan_fail(p,
                        "operand #0 (x) must have a float or i32 element "
                        "type, got %s",
                        lk_dtype_name(xt));
  if (!quantize && (!lk_dtype_is_int(xt) || xt == LK_BOOL))
    return lk_plan_fail(p,
                        "operand #0 (x) must have an integer element "
                        "type, got %s",
                        lk_dtype_name(xt));
  if (in[1].rank > 1)
    return lk_plan_fail(p,
                        "operand #1 (%s) must be a scalar or 1-D, got "
                        "rank %d",
                        quantize ? "y_scale" : "x_scale", (int)in[1].rank);
  return LT_SUCCESS;
}

/* The zero point (#2) against the scale (#1) and, dequantizing, x (#0). */
static lt_result_t quant_zero_point(lk_plan_t *p, bool quantize,
                                    const lk_shape_t *in) {
  const char *sname = quantize ? "y_scale" : "x_scale";
  const char *zname = quantize ? "y_zero_point" : "x_zero_point";
  const lk_shape_t *s = &in[1], *z = &in[2];
  lk_dtype_t zt = z->dtype;
  if (!lk_dtype_is_int(zt) || zt == LK_BOOL || lk_dtype_size(zt) > 4)
    return lk_plan_fail(p,
                        "operand #2 (%s) must have an integer element "
                        "type of at most 32 bits, got %s",
                        zname, lk_dtype_name(zt));
  if (!quantize && LT_FAILED(lk_plan_expect_dtype_of(p, in, 2, zname, 0, "x")))
    return LT_FAILURE;
  bool same =
      z->rank < 0 || s->rank < 0 ||
      (z->rank == s->rank && (s->rank == 0 || z->dims[0] < 0 ||
                              s->dims[0] < 0 || z->dims[0] == s->dims[0]));
  if (same) return LT_SUCCESS;
  char zs[64], ss[64];
  return lk_plan_fail(p,
                      "operand #2 (%s) of shape [%s] must have the shape "
                      "of operand #1 (%s), [%s]",
                      zname, lk_dims_str(z->dims, z->rank, zs, sizeof zs),
                      sname, lk_dims_str(s->dims, s->rank, ss, sizeof ss));
}

/* Checks scale (#1) and zero point (#2) against x (#0) and finds the
 * normalized axis when they are per axis. */
static lt_result_t quant_step(lk_plan_t *p, bool quantize,
                              const lk_shape_t *in, uint32_t num_in,
                              lk_shape_t *out, lk_quant_params_t *params) {
  const char *sname = quantize ? "y_scale" : "x_scale";
  p->workspace_size = 0;
  params->axis = 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "x")) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, sname)) ||
      LT_FAILED(lk_plan_expect_float(p, in, 1, sname)) ||
      LT_FAILED(quant_dtypes(p, quantize, in)))
    return LT_FAILURE;
  bool has_zp = lk_shape_present(in, num_in, 2);
  if (has_zp && LT_FAILED(quant_zero_point(p, quantize, in)))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  if (quantize)
    out->dtype = has_zp ? in[2].dtype : LK_U8;
  else
    out->dtype = in[1].dtype;
  /* Per axis when the scale is 1-D with other than one element. */
  const lk_shape_t *s = &in[1];
  if (s->rank != 1 || s->dims[0] == 1 || in[0].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 1), in[0].rank,
                             "attribute 'axis'", &params->axis)))
    return LT_FAILURE;
  int64_t len = in[0].dims[params->axis];
  if (s->dims[0] >= 0 && len >= 0 && s->dims[0] != len)
    return lk_plan_fail(p,
                        "operand #1 (%s) has %lld elements; per-axis "
                        "quantization along axis %d needs %lld",
                        sname, (long long)s->dims[0], (int)params->axis,
                        (long long)len);
  return LT_SUCCESS;
}

lt_result_t lk_plan_quantize(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_quant_params_t *params) {
  return quant_step(p, true, in, num_in, out, params);
}

lt_result_t lk_plan_dequantize(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_quant_params_t *params) {
  return quant_step(p, false, in, num_in, out, params);
}

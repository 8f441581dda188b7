/* ops_misc_math.c - elementwise families with their own operands or
 * attributes: clip (bounds as operands or attributes), scale (Paddle's),
 * cast (cast and the precision change calib) and quant (quantize,
 * dequantize). */
#include <math.h>
#include <string.h>

#include "dialects/lite/ops_data.h"
#include "dialects/lite/ops_math.h"
#include "kernels/ref/elementwise.h"
#include "kernels/ref/quant.h"

/* ---- clip ---------------------------------------------------------------- */

/* The bounds given as attributes (min, max; have[i] says which); each
 * must be exact in the input's element type. */
static lt_result_t clip_attrs(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              double *bounds, bool *have) {
  static const char *const names[] = {"min", "max"};
  for (uint32_t i = 0; i < 2; i++) {
    int32_t n;
    have[i] = false;
    if (LT_FAILED(lt_lite_float_list(c, in, num_in, i + 1, names[i], &bounds[i],
                                     1, &n)))
      return LT_FAILURE;
    if (lt_lite_present(in, num_in, i + 1) || n != 1) continue;
    have[i] = true;
    if (LT_FAILED(lt_lite_data_exact_attr(c, names[i], bounds[i], in[0].dtype)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_clip(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  static const char *const names[] = {"input", "min", "max"};
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "input")) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "input")))
    return LT_FAILURE;
  for (uint32_t i = 1; i < 3; i++)
    if (lt_lite_present(in, num_in, i) &&
        (LT_FAILED(
             lt_lite_math_expect_same_dtype(c, in, i, names[i], 0, "input")) ||
         LT_FAILED(lt_lite_math_expect_scalar(c, in, i, names[i]))))
      return LT_FAILURE;
  double bounds[2];
  bool have[2];
  if (LT_FAILED(clip_attrs(c, in, num_in, bounds, have))) return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_clip(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  const lk_tensor_t *lo = lt_lite_tensor_present(in, num_in, 1) ? &in[1] : NULL;
  const lk_tensor_t *hi = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  /* Attribute bounds as scalars of the input's element type. */
  lt_lite_shape_t s[3] = {{0}};
  uint32_t n = num_in < 3 ? num_in : 3;
  for (uint32_t i = 0; i < n; i++)
    lk_shapes_of(&in[i], 1, &s[i]);
  double bounds[2];
  bool have[2];
  if (LT_FAILED(clip_attrs(c, s, n, bounds, have))) return LT_FAILURE;
  uint64_t storage[2] = {0, 0};
  lk_tensor_t scalars[2];
  const lk_tensor_t **ends[2] = {&lo, &hi};
  for (int i = 0; i < 2; i++) {
    if (!have[i]) continue;
    scalars[i] =
        (lk_tensor_t){.dtype = in[0].dtype, .rank = 0, .data = &storage[i]};
    lk_store_f64(&scalars[i], 0, bounds[i]);
    *ends[i] = &scalars[i];
  }
  lk_ref_clip(&in[0], lo, hi, &out[0]);
  return LT_SUCCESS;
}

/* ---- scale --------------------------------------------------------------- */

static lt_result_t scale_params(const lt_lite_call_t *c, lk_scale_params_t *p) {
  p->scale = lt_lite_attr_float(c, "scale", 1.0);
  p->bias = lt_lite_attr_float(c, "bias", 0.0);
  p->bias_after_scale = lt_lite_attr_int(c, "bias_after_scale", 1) != 0;
  return lt_lite_fused_activation(c, &p->act, &p->act_alpha, &p->act_beta);
}

lt_result_t lt_lite_shape_scale(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_scale_params_t p;
  if (LT_FAILED(scale_params(c, &p)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "X")))
    return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_scale(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_scale_params_t p;
  if (LT_FAILED(scale_params(c, &p))) return LT_FAILURE;
  lk_ref_scale(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- cast, calib --------------------------------------------------------- */

/* calib's `scale` divides float values on the way to integers. */
static lt_result_t calib_scale(const lt_lite_call_t *c, double *out_scale) {
  *out_scale = lt_lite_attr_float(c, "scale", 1.0);
  if (*out_scale == 0 || !isfinite(*out_scale))
    return lt_lite_error(c,
                         "attribute 'scale' must be a nonzero finite "
                         "number, got %g",
                         *out_scale);
  return LT_SUCCESS;
}

/* cast's result dtype comes from `to`. calib's cannot be inferred: it is
 * the declared result type's, so its shape function keeps the input dtype
 * and the verifier compares shapes only. */
lt_result_t lt_lite_shape_cast(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "input")))
    return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  if (c->id == LT_LITE_CALIB) {
    double scale;
    return calib_scale(c, &scale);
  }
  const lt_type_t *to = lt_lite_attr_type(c, "to");
  lk_dtype_t t = to ? lt_lite_dtype(to) : LK_DTYPE_NONE;
  if (t == LK_DTYPE_NONE)
    return lt_lite_error(c, "attribute 'to' must be a tensor element type "
                            "(f32, f16, bf16, f64, i1, i8 ... i64, ui8 ... "
                            "ui64)");
  out[0].dtype = t;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_cast(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  if (c->id == LT_LITE_CALIB) {
    double scale;
    if (LT_FAILED(calib_scale(c, &scale))) return LT_FAILURE;
    lk_ref_calib(scale, &in[0], &out[0]);
    return LT_SUCCESS;
  }
  lk_ref_cast(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- quantize, dequantize ------------------------------------------------ */

/* Checks scale (#1) and zero point (#2) against x (#0) and finds the
 * normalized axis when they are per axis. */
static lt_result_t quant_params(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lk_quant_params_t *p) {
  bool quantize = c->id == LT_LITE_QUANTIZE;
  const char *sname = quantize ? "y_scale" : "x_scale";
  const char *zname = quantize ? "y_zero_point" : "x_zero_point";
  p->axis = 0;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "x")) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, sname)) ||
      LT_FAILED(lt_lite_expect_float(c, in, 1, sname)))
    return LT_FAILURE;
  lk_dtype_t xt = in[0].dtype;
  if (quantize && !lk_dtype_is_float(xt) && xt != LK_I32)
    return lt_lite_error(c,
                         "operand #0 (x) must have a float or i32 element "
                         "type, got %s",
                         lk_dtype_name(xt));
  if (!quantize && (!lk_dtype_is_int(xt) || xt == LK_BOOL))
    return lt_lite_error(c,
                         "operand #0 (x) must have an integer element "
                         "type, got %s",
                         lk_dtype_name(xt));
  const lt_lite_shape_t *s = &in[1];
  if (s->rank > 1)
    return lt_lite_error(c,
                         "operand #1 (%s) must be a scalar or 1-D, got "
                         "rank %d",
                         sname, (int)s->rank);
  if (lt_lite_present(in, num_in, 2)) {
    const lt_lite_shape_t *z = &in[2];
    lk_dtype_t zt = z->dtype;
    if (!lk_dtype_is_int(zt) || zt == LK_BOOL || lk_dtype_size(zt) > 4)
      return lt_lite_error(c,
                           "operand #2 (%s) must have an integer element "
                           "type of at most 32 bits, got %s",
                           zname, lk_dtype_name(zt));
    if (!quantize &&
        LT_FAILED(lt_lite_math_expect_same_dtype(c, in, 2, zname, 0, "x")))
      return LT_FAILURE;
    bool same =
        z->rank < 0 || s->rank < 0 ||
        (z->rank == s->rank && (s->rank == 0 || z->dims[0] < 0 ||
                                s->dims[0] < 0 || z->dims[0] == s->dims[0]));
    if (!same) {
      char zs[64], ss[64];
      return lt_lite_error(c,
                           "operand #2 (%s) of shape [%s] must have the "
                           "shape of operand #1 (%s), [%s]",
                           zname, lk_dims_str(z->dims, z->rank, zs, sizeof zs),
                           sname, lk_dims_str(s->dims, s->rank, ss, sizeof ss));
    }
  }
  /* Per axis when the scale is 1-D with other than one element. */
  if (s->rank != 1 || s->dims[0] == 1 || in[0].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 1), in[0].rank,
                             "attribute 'axis'", &p->axis)))
    return LT_FAILURE;
  int64_t len = in[0].dims[p->axis];
  if (s->dims[0] >= 0 && len >= 0 && s->dims[0] != len)
    return lt_lite_error(c,
                         "operand #1 (%s) has %lld elements; per-axis "
                         "quantization along axis %d needs %lld",
                         sname, (long long)s->dims[0], (int)p->axis,
                         (long long)len);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_quant(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_quant_params_t p;
  if (LT_FAILED(quant_params(c, in, num_in, &p))) return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  if (c->id == LT_LITE_QUANTIZE)
    out[0].dtype = lt_lite_present(in, num_in, 2) ? in[2].dtype : LK_U8;
  else
    out[0].dtype = in[1].dtype;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_quant(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[3] = {{0}};
  uint32_t n = num_in < 3 ? num_in : 3;
  for (uint32_t i = 0; i < n; i++)
    lk_shapes_of(&in[i], 1, &s[i]);
  lk_quant_params_t p;
  if (LT_FAILED(quant_params(c, s, n, &p))) return LT_FAILURE;
  const lk_tensor_t *zp = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  if (c->id == LT_LITE_QUANTIZE)
    lk_ref_quantize(&p, &in[0], &in[1], zp, &out[0]);
  else
    lk_ref_dequantize(&p, &in[0], &in[1], zp, &out[0]);
  return LT_SUCCESS;
}

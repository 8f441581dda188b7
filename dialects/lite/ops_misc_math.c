/* ops_misc_math.c - elementwise families with their own operands or
 * attributes: clip (bounds as operands or attributes), scale (Paddle's),
 * cast (cast and the precision change calib) and quant (quantize,
 * dequantize). The rules are the plan steps' (kernels/plan/misc_math.c);
 * evaluation runs the reference kernels on the parameters they make. */
#include "dialects/lite/ops_math.h"
#include "kernels/plan/misc_math.h"

/* The shape function of a family on one step. */
#define SHAPE_WRAPPER(family, step, params_t)                                  \
  lt_result_t lt_lite_shape_##family(const lt_lite_call_t *c,                 \
                                     const lt_lite_shape_t *in,               \
                                     uint32_t num_in, lt_lite_shape_t *out,   \
                                     uint32_t num_out) {                       \
    lk_plan_t p;                                                               \
    params_t kp;                                                               \
    lt_lite_plan_init(c, &p);                                                  \
    return lt_lite_plan_report(c, &p, step(&p, in, num_in, out, &kp));         \
  }

/* Operand i, or NULL when it is absent. */
static const lk_tensor_t *operand(const lk_tensor_t *in, uint32_t num_in,
                                  uint32_t i) {
  return lt_lite_tensor_present(in, num_in, i) ? &in[i] : NULL;
}

/* ---- clip ---------------------------------------------------------------- */

SHAPE_WRAPPER(clip, lk_plan_clip, lk_clip_params_t)

lt_result_t lt_lite_eval_clip(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lt_lite_shape_t s[3], y = {0};
  uint32_t n = num_in < 3 ? num_in : 3;
  lk_shapes_of(in, n, s);
  lk_plan_t p;
  lk_clip_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p, lk_plan_clip(&p, s, n, &y, &kp))))
    return LT_FAILURE;
  lk_ref_clip_attrs(&kp, &in[0], operand(in, num_in, 1),
                    operand(in, num_in, 2), &out[0]);
  return LT_SUCCESS;
}

/* ---- scale --------------------------------------------------------------- */

SHAPE_WRAPPER(scale, lk_plan_scale, lk_scale_params_t)

lt_result_t lt_lite_eval_scale(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_scale_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p, lk_plan_scale(&p, &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_scale(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- cast, calib --------------------------------------------------------- */

/* calib's result dtype is the declared result type's, which a shape
 * function does not see: it keeps the input's, the verifier compares
 * calib's shapes only and the evaluator allocates the result in the
 * declared type (lite_eval.c). */
lt_result_t lt_lite_shape_cast(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  if (c->id == LT_LITE_CAST) {
    lk_cast_params_t kp;
    return lt_lite_plan_report(c, &p, lk_plan_cast(&p, in, num_in, out, &kp));
  }
  lk_calib_params_t kp;
  if (LT_FAILED(lt_lite_plan_report(c, &p,
                                    lk_plan_calib(&p, in, num_in, out, &kp))))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_cast(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  if (c->id == LT_LITE_CAST) {
    lk_ref_cast(&in[0], &out[0]);
    return LT_SUCCESS;
  }
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_calib_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p, lk_plan_calib(&p, &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_calib(kp.scale, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- quantize, dequantize ------------------------------------------------ */

static lt_result_t plan_quant(lk_plan_t *p, bool quantize,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, lk_quant_params_t *kp) {
  return quantize ? lk_plan_quantize(p, in, num_in, out, kp)
                  : lk_plan_dequantize(p, in, num_in, out, kp);
}

lt_result_t lt_lite_shape_quant(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_quant_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, plan_quant(&p, c->id == LT_LITE_QUANTIZE, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_quant(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  bool quantize = c->id == LT_LITE_QUANTIZE;
  lt_lite_shape_t s[3], y = {0};
  uint32_t n = num_in < 3 ? num_in : 3;
  lk_shapes_of(in, n, s);
  lk_plan_t p;
  lk_quant_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p,
                                    plan_quant(&p, quantize, s, n, &y, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *zp = operand(in, num_in, 2);
  if (quantize)
    lk_ref_quantize(&kp, &in[0], &in[1], zp, &out[0]);
  else
    lk_ref_dequantize(&kp, &in[0], &in[1], zp, &out[0]);
  return LT_SUCCESS;
}

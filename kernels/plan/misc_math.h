/* misc_math.h - plan steps of the elementwise families with operands or
 * attributes of their own: clip (bounds as operands or attributes), scale
 * (Paddle's), cast, calib (the precision change of a Place cast) and
 * quantize, dequantize (ONNX's linear quantization).
 *
 * Each step checks the operands, writes the result's shape to *out and the
 * kernel's parameters to *params, or fails with the message in p->error.
 * Every result has the input's shape; none of these kernels takes a
 * workspace.
 *
 * calib's result element type is the one thing a step cannot tell: only
 * the op's declared result type says it. lk_plan_calib leaves out->dtype
 * at LK_DTYPE_NONE and the caller fills it in: the dialect from the
 * declared type, the runtime from the artifact's tensor table. */
#ifndef LITE_KERNELS_PLAN_MISC_MATH_H
#define LITE_KERNELS_PLAN_MISC_MATH_H

#include "kernels/plan.h"
#include "kernels/ref/elementwise.h"
#include "kernels/ref/quant.h"

/* in: input (numeric), min, max (optional one-element operands of input's
 * dtype). Attributes min, max in place of the operands, each exact in the
 * input's element type; params gets them. */
lt_result_t lk_plan_clip(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_clip_params_t *params);
/* in: X (numeric). Attributes scale (1), bias (0), bias_after_scale (1)
 * and the fused activation. */
lt_result_t lk_plan_scale(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_scale_params_t *params);
/* in: input. Attribute to: the result's element type as an lk_dtype_t
 * code (readers answer get_int on a type attribute with it). */
lt_result_t lk_plan_cast(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_cast_params_t *params);
/* in: input. Attribute scale (1; nonzero, finite). out->dtype stays
 * LK_DTYPE_NONE (see above). */
lt_result_t lk_plan_calib(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_calib_params_t *params);
/* in: x (float or i32), y_scale (float, scalar or 1-D), y_zero_point
 * (optional integer of at most 32 bits, y_scale's shape). Attribute axis
 * (1) when the scale is per axis. The result has the zero point's dtype,
 * u8 without one. */
lt_result_t lk_plan_quantize(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_quant_params_t *params);
/* in: x (integer), x_scale, x_zero_point (optional, x's dtype) as for
 * quantize. The result has the scale's dtype. */
lt_result_t lk_plan_dequantize(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_quant_params_t *params);

#endif /* LITE_KERNELS_PLAN_MISC_MATH_H */

/* quant.h - reference kernels of linear quantization (ONNX QuantizeLinear
 * and DequantizeLinear, per tensor or per axis) and of the precision
 * change `calib`. */
#ifndef LITE_KERNELS_REF_QUANT_H
#define LITE_KERNELS_REF_QUANT_H

#include <stdbool.h>

#include "kernels/tensor.h"

typedef struct lk_quant_params {
  int32_t axis; /* normalized; used when scale has one element per slice */
} lk_quant_params_t;

/* True when scale (and zero point) are per axis for x: a 1-D tensor of
 * x->dims[axis] elements, rather than a single element. */
bool lk_quant_per_axis(const lk_quant_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *scale);

/* y = saturate(round_half_even(x / scale) + zero_point) in y's integer
 * dtype. The division is rounded to scale's precision first, as ONNX's
 * reference computes it in that type. zero_point NULL or LK_DTYPE_NONE is
 * 0. */
void lk_ref_quantize(const lk_quant_params_t *p, const lk_tensor_t *x,
                     const lk_tensor_t *scale, const lk_tensor_t *zero_point,
                     lk_tensor_t *y);

/* y = (x - zero_point) * scale in y's float dtype. */
void lk_ref_dequantize(const lk_quant_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *scale,
                       const lk_tensor_t *zero_point, lk_tensor_t *y);

/* Changes x's precision into y's dtype: float to integer is
 * saturate(round_half_even(x / scale)), integer to float is x * scale,
 * anything else a plain conversion (lk_ref_cast). */
void lk_ref_calib(double scale, const lk_tensor_t *x, lk_tensor_t *y);

typedef struct lk_calib_params {
  double scale; /* nonzero and finite */
} lk_calib_params_t;

#endif /* LITE_KERNELS_REF_QUANT_H */

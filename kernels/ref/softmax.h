/* softmax.h - reference kernels of the normalizations along one axis:
 * softmax, log_softmax and hardmax (ONNX opset 13: the axis alone, not the
 * flattened tail), and lp_normalization. Float dtypes, math in double. */
#ifndef LITE_KERNELS_REF_SOFTMAX_H
#define LITE_KERNELS_REF_SOFTMAX_H

#include "kernels/tensor.h"

typedef enum lk_softmax_op {
  LK_SOFTMAX,
  LK_LOG_SOFTMAX,
  LK_HARDMAX, /* 1 at the first maximum along the axis, 0 elsewhere */
} lk_softmax_op_t;

typedef struct lk_softmax_params {
  lk_softmax_op_t op;
  int32_t axis; /* normalized */
} lk_softmax_params_t;

/* y (x's shape and dtype) = op(x) along axis; the max is subtracted first,
 * so large inputs do not overflow. */
void lk_ref_softmax(const lk_softmax_params_t *p, const lk_tensor_t *x,
                    lk_tensor_t *y);

typedef struct lk_lp_norm_params {
  int32_t axis; /* normalized */
  int32_t p;    /* 1 or 2 */
} lk_lp_norm_params_t;

/* y = x / ||x||_p along axis (a zero norm gives NaN or inf, as ONNX's
 * reference does). */
void lk_ref_lp_norm(const lk_lp_norm_params_t *p, const lk_tensor_t *x,
                    lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_SOFTMAX_H */

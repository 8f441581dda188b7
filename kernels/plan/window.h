/* window.h - sliding windows for the plan steps of conv, conv_transpose and
 * pool: ONNX's auto_pad, strides, dilations and pads, and output sizes. */
#ifndef LITE_KERNELS_PLAN_WINDOW_H
#define LITE_KERNELS_PLAN_WINDOW_H

#include "kernels/plan.h"

#define LK_WINDOW_MAX_SPATIAL (LK_MAX_RANK - 2)

typedef enum lk_auto_pad {
  LK_AUTO_PAD_NOTSET,
  LK_AUTO_PAD_SAME_UPPER,
  LK_AUTO_PAD_SAME_LOWER,
  LK_AUTO_PAD_VALID
} lk_auto_pad_t;

/* A window sliding over `spatial` dims (conv kernels, pooling windows). */
typedef struct lk_window {
  int32_t spatial;
  lk_auto_pad_t auto_pad;
  int64_t kernel[LK_WINDOW_MAX_SPATIAL]; /* -1 while unknown */
  int64_t strides[LK_WINDOW_MAX_SPATIAL];
  int64_t dilations[LK_WINDOW_MAX_SPATIAL];
  /* pads[d] leads, pads[spatial + d] trails (ONNX order); auto_pad ones
   * are filled in by lk_window_out. */
  int64_t pads[2 * LK_WINDOW_MAX_SPATIAL];
  bool ceil_mode; /* pooling: round the output size up */
} lk_window_t;

/* Reads and checks auto_pad, strides, dilations and pads (ONNX defaults: 1,
 * 1, 0) for `spatial` dims into *out (kernel left -1, ceil_mode false). */
lt_result_t lk_window_attrs(lk_plan_t *p, int32_t spatial, lk_window_t *out);

/* Output size along dim d of a window sliding over `in` elements, with the
 * auto_pad pads of that dim resolved into w->pads; -1 when in or the kernel
 * is unknown. Fails on a window larger than the padded input and on a size
 * below 1. */
lt_result_t lk_window_out(lk_plan_t *p, lk_window_t *w, int32_t d, int64_t in,
                          int64_t *out);

#endif /* LITE_KERNELS_PLAN_WINDOW_H */

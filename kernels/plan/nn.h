/* nn.h - plan steps of the sliding-window family: pooling (lite.pool2d),
 * convolution (lite.conv2d) and transposed convolution
 * (lite.conv2d_transpose), over 1 to 3 spatial dims (x of rank 3 to 5;
 * pooling to LK_MAX_RANK).
 *
 * Each step reads the op's attributes from p->attrs, checks the operands,
 * writes the result's shape to *out and the kernel's parameters to *params
 * (complete when the input shapes are: an unknown rank or dim leaves the
 * parts that depend on it unset, and those output dims -1), sets
 * p->workspace_size (the kernel's *_workspace of kernels/ref/conv.h and
 * pool.h over the operand and result shapes, the residual R included; 0
 * while one is unknown), or fails with the message in p->error. */
#ifndef LITE_KERNELS_PLAN_NN_H
#define LITE_KERNELS_PLAN_NN_H

#include "kernels/plan.h"
#include "kernels/ref/conv.h"
#include "kernels/ref/pool.h"

/* in: X. Attributes: pooling_type (max, avg, lp), kernel_shape (unless
 * global_pooling), strides, dilations, pads, auto_pad, ceil_mode,
 * count_include_pad, p (lp's exponent). Global pooling makes the window the
 * whole input. */
lt_result_t lk_plan_pool2d(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, lk_shape_t *out,
                           lk_pool_params_t *params);

/* in: X, W, B (optional), R (optional: the fused residual, of the result's
 * shape and dtype). Attributes: group, kernel_shape (must agree with W),
 * strides, dilations, pads, auto_pad, and the fused activation. The
 * residual tensor is the caller's to bind into params->residual (NULL
 * here). */
lt_result_t lk_plan_conv2d(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, lk_shape_t *out,
                           lk_conv_params_t *params);

/* in: X, W (C, M/group, K...), B (optional). Attributes as conv2d's, plus
 * output_padding and output_shape (ONNX ConvTranspose); an output_shape or
 * SAME auto_pad splits the total padding as ONNX does, so
 * params->pads_begin may be negative. */
lt_result_t lk_plan_conv2d_transpose(lk_plan_t *p, const lk_shape_t *in,
                                     uint32_t num_in, lk_shape_t *out,
                                     lk_conv_params_t *params);

#endif /* LITE_KERNELS_PLAN_NN_H */

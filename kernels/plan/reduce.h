/* reduce.h - plan steps of the reductions along axes: the reduce family
 * (reduce_mean ... reduce_sum_square), argmax / argmin and cumsum, the
 * kernels of kernels/ref/reduce.h.
 *
 * Each step checks the operands, writes the result's shape to *out and the
 * kernel's parameters to *params, or fails with the message in p->error.
 * Axes that come as operand contents not known yet (compile time) leave
 * the result dims they decide at -1 and the axis parameters unset; the
 * runtime passes every operand's value, so there they are complete. None
 * of these kernels takes a workspace. */
#ifndef LITE_KERNELS_PLAN_REDUCE_H
#define LITE_KERNELS_PLAN_REDUCE_H

#include "kernels/plan.h"
#include "kernels/ref/reduce.h"

/* in: data (numeric), axes (optional: a 1-D integer operand, or attribute
 * 'axes'). Attributes: keepdims (1), noop_with_empty_axes (0). Empty axes
 * reduce every axis, or with noop_with_empty_axes make the op the identity
 * (params->noop). The result has data's dtype; reduced dims become 1
 * (keepdims) or go. params->axes is set when the axes and data's rank are
 * known. */
lt_result_t lk_plan_reduce(lk_plan_t *p, lk_reduce_op_t op,
                           const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_reduce_params_t *params);

/* in: data (numeric). Attributes: axis (0), keepdims (1),
 * select_last_index (0). The result is i64, data's dims with the axis
 * dropped or kept as 1; the axis must not be empty. params->axis is -1
 * while data's rank is unknown. */
lt_result_t lk_plan_arg(lk_plan_t *p, bool is_min, const lk_shape_t *in,
                        uint32_t num_in, lk_shape_t *out,
                        lk_arg_params_t *params);

/* in: x (numeric), axis (an integer operand of one element; its value when
 * known). Attributes: exclusive (0), reverse (0). The result has x's shape
 * and dtype. params->axis is -1 while the axis value or x's rank is
 * unknown. */
lt_result_t lk_plan_cumsum(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_cumsum_params_t *params);

#endif /* LITE_KERNELS_PLAN_REDUCE_H */

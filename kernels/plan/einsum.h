/* einsum.h - the plan step of lite.einsum (ONNX Einsum): the equation
 * parsed by lk_einsum_parse against the operands' ranks, label sizes
 * checked across operands, the result's shape. */
#ifndef LITE_KERNELS_PLAN_EINSUM_H
#define LITE_KERNELS_PLAN_EINSUM_H

#include "kernels/plan.h"
#include "kernels/ref/einsum.h"

/* in: Inputs (1 to LK_EINSUM_MAX_INPUTS operands of one numeric dtype).
 * Attribute: equation. While some operand's rank is unknown the equation
 * cannot be parsed: *out gets unknown rank and params->num_inputs 0.
 * Otherwise params is lk_ref_einsum's parsed equation and *out the result
 * (a label some operand has dynamic stays -1; ellipsis dims broadcast). */
lt_result_t lk_plan_einsum(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_einsum_t *params);

#endif /* LITE_KERNELS_PLAN_EINSUM_H */

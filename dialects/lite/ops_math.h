/* ops_math.h - what the math families of the lite dialect (ops_unary.c,
 * ops_binary.c, ops_reduce.c, ops_softmax.c, ops_misc_math.c) share. */
#ifndef LITE_DIALECTS_LITE_OPS_MATH_H
#define LITE_DIALECTS_LITE_OPS_MATH_H

#include "dialects/lite/lite_impl.h"
#include "kernels/plan/math.h"
#include "kernels/ref/activation.h"

/* Operand i has an integer or float element type (not bool). */
lt_result_t lt_lite_math_expect_numeric(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t i,
                                        const char *name);
/* Operand i holds one element: rank 0, or rank 1 of length 1. */
lt_result_t lt_lite_math_expect_scalar(const lt_lite_call_t *c,
                                       const lt_lite_shape_t *in, uint32_t i,
                                       const char *name);

#endif /* LITE_DIALECTS_LITE_OPS_MATH_H */

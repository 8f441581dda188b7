/* math.h - plan steps of the math families: the broadcasting elementwise
 * ops (binary arithmetic, compare and logic, where, the variadic sum, mean,
 * max and min), the unary elementwise ops and the normalizations along one
 * axis (softmax, log_softmax, hardmax, lp_normalization).
 *
 * Each step checks the operands, writes the result's shape to *out and the
 * kernel's parameters to *params, or fails with the message in p->error.
 * Shapes broadcast as numpy's: an unknown rank leaves the result's rank
 * unknown, an unknown dim leaves the result's dim -1 unless a known dim
 * other than 1 fixes it. None of these kernels takes a workspace. */
#ifndef LITE_KERNELS_PLAN_MATH_H
#define LITE_KERNELS_PLAN_MATH_H

#include "kernels/plan.h"
#include "kernels/ref/elementwise.h"
#include "kernels/ref/softmax.h"

/* ---- shared rules
 * ------------------------------------------------------------ */

/* The numpy broadcast of in[0..n) into *out (dtype: in[0]'s, no value);
 * fails with "operands do not broadcast: #0 [2x3], #1 [4] (dimension 1: 3
 * vs 4)". */
lt_result_t lk_plan_broadcast(lk_plan_t *p, const lk_shape_t *in, uint32_t n,
                              lk_shape_t *out);
/* Operand i has an integer or float element type (not bool). */
lt_result_t lk_plan_expect_numeric(lk_plan_t *p, const lk_shape_t *in,
                                   uint32_t i, const char *name);
/* Operand i has the element type of operand j. */
lt_result_t lk_plan_expect_dtype_of(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t i, const char *name_i, uint32_t j,
                                    const char *name_j);
/* Operand i has element type i1. */
lt_result_t lk_plan_expect_bool(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                const char *name);
/* Operand i holds one element: rank 0, or rank 1 of length 1 (an unknown
 * rank or length passes until its contents are known). */
lt_result_t lk_plan_expect_scalar(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t i, const char *name);
/* *out = in's dtype, rank and dims (value NULL). */
void lk_shape_copy(lk_shape_t *out, const lk_shape_t *in);

/* ---- the broadcasting families ----------------------------------------------
 */

/* in: A, B (X and slope for prelu; X and Y for pow and bit_shift).
 * Attributes: fmod (mod), direction (bit_shift: LEFT or RIGHT), the fused
 * activation. a and b share one dtype except pow's exponent; prelu's slope
 * broadcasts to X, so the result has X's shape. */
lt_result_t lk_plan_binary(lk_plan_t *p, lk_binary_op_t op,
                           const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_binary_params_t *params);
/* in: A, B of one dtype (i1 for and, or, xor; numeric for the orderings).
 * The result is i1. */
lt_result_t lk_plan_compare(lk_plan_t *p, lk_compare_op_t op,
                            const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out);
/* in: condition (i1), X, Y of one dtype; the result has X's dtype. */
lt_result_t lk_plan_where(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out);
/* in: data_0 ... data_{n-1}, n >= 1, of one dtype (float for sum and mean,
 * numeric for max and min). */
lt_result_t lk_plan_variadic(lk_plan_t *p, lk_variadic_op_t op,
                             const lk_shape_t *in, uint32_t num_in,
                             lk_shape_t *out);

/* ---- unary
 * --------------------------------------------------------------------- */

/* in: X. Attributes: alpha, beta, gamma, lambd, bias, detect_negative,
 * detect_positive, approximate (gelu: none or tanh), with ONNX's defaults
 * per op. The result has X's shape and dtype (i1 for is_nan, is_inf). */
lt_result_t lk_plan_unary(lk_plan_t *p, lk_unary_op_t op, const lk_shape_t *in,
                          uint32_t num_in, lk_shape_t *out,
                          lk_unary_params_t *params);

/* ---- normalizations along one axis
 * ----------------------------------------------- */

/* in: input (float). Attribute: axis (default -1). The result has the
 * input's shape; params->axis is set when the rank is known. */
lt_result_t lk_plan_softmax(lk_plan_t *p, lk_softmax_op_t op,
                            const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, lk_softmax_params_t *params);
/* As softmax, plus p (1 or 2, default 2). */
lt_result_t lk_plan_lp_norm(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, lk_lp_norm_params_t *params);

#endif /* LITE_KERNELS_PLAN_MATH_H */

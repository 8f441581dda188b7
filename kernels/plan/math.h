/* math.h - plan steps of the math families: the broadcasting elementwise
 * ops (binary arithmetic, compare and logic, where, the variadic sum, mean,
 * max and min) and the unary elementwise ops.
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

/* ---- shared rules ------------------------------------------------------------ */

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
lt_result_t lk_plan_expect_bool(lk_plan_t *p, const lk_shape_t *in,
                                uint32_t i, const char *name);
/* "2x?x3" for s's dims into buf (truncated to cap); returns buf. */
const char *lk_shape_dims_str(const lk_shape_t *s, char *buf, size_t cap);
/* *out = in's dtype, rank and dims (value NULL). */
void lk_shape_copy(lk_shape_t *out, const lk_shape_t *in);

/* ---- the broadcasting families ---------------------------------------------- */

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

#endif /* LITE_KERNELS_PLAN_MATH_H */

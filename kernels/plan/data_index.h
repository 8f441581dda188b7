/* data_index.h - plan steps of the ops addressed by index tensors (gather,
 * gather_elements, gather_nd, scatter_elements, scatter_nd), of the ones
 * that select by value (one_hot, non_zero, compress; trilu is data.h's)
 * and of the generators (constant_of_shape, range). Conventions as
 * kernels/plan/data.h's; the parameter blocks are kernels/ref/data.h's.
 *
 * Indices of any integer dtype may be negative (counted from the back).
 * Out-of-range ones fail the step when the indices are known, and the
 * kernel when they are not yet: both say it with lk_index_error_str.
 *
 * Data-dependent result shapes: non_zero's count, compress's selected
 * length, range's length, constant_of_shape's dims and one_hot's depth come
 * from operand contents. With the operands' `value`s (constants at compile
 * time; every operand at run time) the step gives the exact dims, without
 * them -1; it never fails for that.
 *
 * constant_of_shape's element type and fill are its `value` tensor
 * attribute's (lk_attr_tensor; one element of a supported dtype), f32
 * zeros without one. */
#ifndef LITE_KERNELS_PLAN_DATA_INDEX_H
#define LITE_KERNELS_PLAN_DATA_INDEX_H

#include "kernels/plan/data.h"

/* Operands 0..n) must be given (num_in may be fewer: "operand #i is
 * required, got none"). */
lt_result_t lk_plan_expect_operands(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t num_in, uint32_t n);

/* Whether the op has attribute `name`, of whatever kind. */
bool lk_attr_given(lk_attrs_t a, const char *name);

/* "operand #i (name) element <position> is <value>, out of range for a dim
 * of size <bound>" into buf; returns buf. */
const char *lk_index_error_str(uint32_t i, const char *name,
                               const lk_index_error_t *e, char *buf,
                               size_t cap);
/* "condition selects element <position>, beyond the <bound> elements of
 * the axis" (compress) into buf; returns buf. */
const char *lk_compress_error_str(const lk_index_error_t *e, char *buf,
                                  size_t cap);

/* ---- indexing ------------------------------------------------------------ */

/* in: data, indices. Attribute axis (default 0). */
lt_result_t lk_plan_gather(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_gather_params_t *params);
/* in: data, indices (data's rank, no larger off the axis). Attribute axis. */
lt_result_t lk_plan_gather_elements(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t num_in, lk_shape_t *out,
                                    lk_gather_params_t *params);
/* in: data, indices (the last dim a tuple into data). Attribute
 * batch_dims (default 0). */
lt_result_t lk_plan_gather_nd(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_gather_nd_params_t *params);
/* in: data, indices, updates (data's dtype, indices' dims). Attributes
 * axis, reduction (none, add, mul, max, min). */
lt_result_t lk_plan_scatter_elements(lk_plan_t *p, const lk_shape_t *in,
                                     uint32_t num_in, lk_shape_t *out,
                                     lk_scatter_params_t *params);
/* in: data, indices, updates (the slabs the tuples address). Attribute
 * reduction; params->axis stays 0. */
lt_result_t lk_plan_scatter_nd(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_scatter_params_t *params);

/* ---- selection by value -------------------------------------------------- */

/* in: indices, depth (a scalar), values ([off, on]). Attribute axis
 * (default -1, of the result). */
lt_result_t lk_plan_one_hot(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, lk_one_hot_params_t *params);
/* in: X; out: i64 [rank(X), count]. No parameters. */
lt_result_t lk_plan_non_zero(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out);
/* in: input, condition (1-D i1). Attribute axis; without it the input is
 * flattened (params->axis -1). */
lt_result_t lk_plan_compress(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_compress_params_t *params);

/* ---- generators ---------------------------------------------------------- */

/* in: shape (1-D integer). Attribute value (see above); the parameters
 * carry its element. */
lt_result_t lk_plan_constant_of_shape(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t num_in, lk_shape_t *out,
                                      lk_constant_of_shape_params_t *params);
/* in: start, limit, delta (scalars of one numeric dtype). No parameters:
 * the kernel reads start and delta. */
lt_result_t lk_plan_range(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out);

#endif /* LITE_KERNELS_PLAN_DATA_INDEX_H */

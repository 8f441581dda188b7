/* ops_data.h - what the shape-and-data-movement families of the lite dialect
 * (ops_data_*.c) share: reading shape-like operands (axes, shapes, pads,
 * repeats, starts/ends) whose contents may or may not be known, and
 * reporting bad indices found by the kernels. */
#ifndef LITE_DIALECTS_LITE_OPS_DATA_H
#define LITE_DIALECTS_LITE_OPS_DATA_H

#include "dialects/lite/lite_impl.h"
#include "kernels/plan/data.h"
#include "kernels/ref/data.h"

/* Runs `call`, a plan step or helper of kernels/plan/ over the plan context
 * p, with p readied for c first; reports its failure at c's op. The
 * operands of the comma run in order. */
#define PLAN(c, p, call)                                                       \
  (lt_lite_plan_init(c, &(p)), lt_lite_plan_report(c, &(p), call))

/* The element cap of the plan steps (kernels/plan/data.h). */
#define LT_LITE_DATA_MAX_ELEMENTS LK_DATA_MAX_ELEMENTS

/* Operands 0..n) are required: none of them may be an absent `lite.none`
 * value. */
lt_result_t lt_lite_data_expect_present(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t n);

/* Operand i must have an integer (not bool) element type. */
lt_result_t lt_lite_data_expect_index(const lt_lite_call_t *c,
                                      const lt_lite_shape_t *in, uint32_t i,
                                      const char *name);

/* A 1-D integer operand (axes, shape, pads, repeats, starts, ...): checks
 * its dtype and rank, then reads its contents into out[0..cap) and sets
 * *out_count to their number, or to -1 when they are not known (then
 * *out_len is its length when the type says it, else -1). Reports more than
 * cap elements. */
lt_result_t lt_lite_data_ints(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t i,
                              const char *name, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len);

/* "operand #i (name)" when operand i is present, else "attribute 'name'",
 * into buf; returns buf. */
const char *lt_lite_data_form(const lt_lite_shape_t *in, uint32_t num_in,
                              uint32_t i, const char *name, char *buf,
                              size_t cap);

/* Checks that value, the number attribute `name` gives in place of an
 * operand of element type dtype (pad's constant_value, clip's bounds), is
 * exact in dtype: integral and in range for integer types, 0 or 1 for
 * bool. Floats types take any value (rounded as a constant would be). */
lt_result_t lt_lite_data_exact_attr(const lt_lite_call_t *c, const char *name,
                                    double value, lk_dtype_t dtype);

/* A one-element operand (rank 0, or 1-D of length 1) whose contents are
 * read, when known, as int64 (*out_i) and double (*out_f; either may be
 * NULL). *out_known says whether they were. */
lt_result_t lt_lite_data_scalar(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t i,
                                const char *name, int64_t *out_i, double *out_f,
                                bool *out_known);

/* Product of dims[from..to), or -1 when one of them is unknown. */
int64_t lt_lite_data_product(const int64_t *dims, int32_t from, int32_t to);

/* Reports a result whose known element count exceeds
 * LT_LITE_DATA_MAX_ELEMENTS. */
lt_result_t lt_lite_data_check_size(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *out);

/* "2x?x3" for dims[0..rank) into buf; returns buf. */
const char *lt_lite_data_dims_str(const int64_t *dims, int32_t rank, char *buf,
                                  size_t cap);

/* Reports an index that a kernel found out of range in operand i. */
lt_result_t lt_lite_data_index_error(const lt_lite_call_t *c, uint32_t i,
                                     const char *name,
                                     const lk_index_error_t *e);

/* The scatter reduction named by the `reduction` attribute ("none" when
 * absent); reports unknown names. */
lt_result_t lt_lite_data_reduction(const lt_lite_call_t *c,
                                   lk_scatter_reduction_t *out);

#endif /* LITE_DIALECTS_LITE_OPS_DATA_H */

/* ops_data.h - what the shape-and-data-movement families of the lite dialect
 * (ops_data_*.c) share: reading shape-like operands (axes, shapes, pads,
 * repeats, starts/ends) whose contents may or may not be known, and the
 * wrappers over the families' plan steps. */
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

/* Defines lt_lite_shape_<op> as the call of plan step lk_plan_<op>, whose
 * parameter block is a params_t (the shape function drops it). */
#define LT_LITE_DATA_SHAPE_FN(op, params_t)                                    \
  lt_result_t lt_lite_shape_##op(const lt_lite_call_t *c,                      \
                                 const lt_lite_shape_t *in, uint32_t num_in,   \
                                 lt_lite_shape_t *out, uint32_t num_out) {     \
    lk_plan_t p;                                                               \
    params_t kp;                                                               \
    (void)num_out;                                                             \
    return PLAN(c, p, lk_plan_##op(&p, in, num_in, out, &kp));                 \
  }

/* Operands 0..n) are required: none of them may be an absent `lite.none`
 * value. */
lt_result_t lt_lite_data_expect_present(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t n);

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

/* Reports a result whose known element count exceeds
 * LK_DATA_MAX_ELEMENTS. */
lt_result_t lt_lite_data_check_size(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *out);

/* Reruns the op's plan step (its kernels/plan_steps.def row) on an
 * evaluator's concrete operands in[0..num_in) for the kernel's parameter
 * block (params_size bytes: the row's), for ops of one result; reports a
 * failure at c's op. */
lt_result_t lt_lite_data_eval_params(const lt_lite_call_t *c,
                                     const lk_tensor_t *in, uint32_t num_in,
                                     void *params, size_t params_size);

#endif /* LITE_DIALECTS_LITE_OPS_DATA_H */

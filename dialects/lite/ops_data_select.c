/* ops_data_select.c - ops that select or place elements by value or
 * position: one_hot, non_zero, compress, trilu. non_zero and compress have
 * data-dependent result shapes, known at compile time only when their
 * operand is a constant. */
#include "dialects/lite/ops_data.h"
#include "kernels/plan/data_index.h"

/* ---- one_hot, non_zero, compress ------------------------------------------
 * The rules are the plan steps' (kernels/plan/data_index.c). The evaluator
 * gets its results sized by the step on the concrete operands,
 * data-dependent dims included. */

LT_LITE_DATA_SHAPE_FN(one_hot, lk_one_hot_params_t)
LT_LITE_DATA_SHAPE_FN(compress, lk_compress_params_t)

lt_result_t lt_lite_shape_non_zero(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_non_zero(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_one_hot(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lk_one_hot_params_t kp;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  lk_ref_one_hot(kp.axis, &in[0], &in[2], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_non_zero(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  lk_ref_non_zero(&in[0], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_compress(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  lk_compress_params_t kp;
  lk_index_error_t e;
  char buf[128];
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  if (lk_ref_compress(kp.axis, &in[0], &in[1], &out[0], &e))
    return LT_SUCCESS;
  return lt_lite_error(c, "%s", lk_compress_error_str(&e, buf, sizeof buf));
}

/* ---- trilu --------------------------------------------------------------- */

lt_result_t lt_lite_shape_trilu(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_trilu_params_t kp;
  return PLAN(c, p, lk_plan_trilu(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_trilu(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[2], so[1] = {{0}};
  lk_plan_t p;
  lk_trilu_params_t kp;
  lk_shapes_of(in, num_in, s);
  if (LT_FAILED(PLAN(c, p, lk_plan_trilu(&p, s, num_in, so, &kp))))
    return LT_FAILURE;
  lk_ref_trilu(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ops_data_gen.c - ops that generate data from a shape or bounds:
 * constant_of_shape and range. Their result shapes come from operand
 * values, so they are static exactly when those operands are constants.
 * The rules are the plan steps' (kernels/plan/data_gen.c), down to
 * constant_of_shape's fill from its tensor `value`. */
#include "dialects/lite/ops_data.h"
#include "kernels/plan/data_index.h"

/* ---- constant_of_shape --------------------------------------------------- */

LT_LITE_DATA_SHAPE_FN(constant_of_shape, lk_constant_of_shape_params_t)

lt_result_t lt_lite_eval_constant_of_shape(const lt_lite_call_t *c,
                                           const lk_tensor_t *in,
                                           uint32_t num_in, lk_tensor_t *out,
                                           uint32_t num_out) {
  lk_constant_of_shape_params_t kp;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  lk_ref_constant_of_shape(&kp, &out[0]);
  return LT_SUCCESS;
}

/* ---- range --------------------------------------------------------------- */

lt_result_t lt_lite_shape_range(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_range(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_range(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_ref_range(&in[0], &in[2], &out[0]);
  return LT_SUCCESS;
}

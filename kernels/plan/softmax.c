/* softmax.c - the plan steps of the normalizations along one axis: the
 * softmax family (softmax, log_softmax, hardmax; opset 13 semantics, the
 * axis alone) and lp_normalization. */
#include "kernels/plan/math.h"

/* The normalized `axis` attribute (default -1) of a float operand #0; the
 * result has its shape. */
static lt_result_t axis_of(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, lk_shape_t *out,
                           int32_t *out_axis) {
  *out_axis = 0;
  p->workspace_size = 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "input")) ||
      LT_FAILED(lk_plan_expect_float(p, in, 0, "input")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  if (in[0].rank < 0) return LT_SUCCESS;
  return lk_plan_axis(p, lk_attr_int(p->attrs, "axis", -1), in[0].rank,
                      "attribute 'axis'", out_axis);
}

lt_result_t lk_plan_softmax(lk_plan_t *p, lk_softmax_op_t op,
                            const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, lk_softmax_params_t *params) {
  params->op = op;
  return axis_of(p, in, num_in, out, &params->axis);
}

lt_result_t lk_plan_lp_norm(lk_plan_t *p, const lk_shape_t *in,
                            uint32_t num_in, lk_shape_t *out,
                            lk_lp_norm_params_t *params) {
  if (LT_FAILED(axis_of(p, in, num_in, out, &params->axis)))
    return LT_FAILURE;
  int64_t order = lk_attr_int(p->attrs, "p", 2);
  if (order != 1 && order != 2)
    return lk_plan_fail(p, "attribute 'p' must be 1 or 2, got %lld",
                        (long long)order);
  params->p = (int32_t)order;
  return LT_SUCCESS;
}

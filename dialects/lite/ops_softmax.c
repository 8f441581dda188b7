/* ops_softmax.c - normalizations along one axis: the softmax family
 * (softmax, log_softmax, hardmax) and lp_normalization. The rules are the
 * plan steps' (kernels/plan/softmax.c). */
#include "dialects/lite/ops_math.h"

static lk_softmax_op_t softmax_op(lt_lite_op_id_t id) {
  return id == LT_LITE_LOG_SOFTMAX ? LK_LOG_SOFTMAX
         : id == LT_LITE_HARDMAX   ? LK_HARDMAX
                                   : LK_SOFTMAX;
}

lt_result_t lt_lite_shape_softmax(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_softmax_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_softmax(&p, softmax_op(c->id), in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_softmax(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_softmax_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_softmax(&p, softmax_op(c->id), &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_softmax(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_lp_norm(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_lp_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_lp_norm(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_lp_norm(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_lp_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p,
                                    lk_plan_lp_norm(&p, &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_lp_norm(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

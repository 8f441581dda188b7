/* ops_nn_norm.c - normalizations: batch_norm (inference form), layer_norm
 * (ONNX LayerNormalization, opset 17, with the optional Mean and InvStdDev
 * results), instance_norm, lrn and mean_variance_normalization. The rules
 * are the plan steps' (kernels/plan/norm.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/norm.h"

/* Operand counts the eval wrappers' shape arrays must hold. */
#define NORM_MAX_IN 5
#define NORM_MAX_OUT 3

lt_result_t lt_lite_shape_batch_norm(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t num_in,
                                     lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             lk_plan_batch_norm(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_batch_norm(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  lt_lite_shape_t sin[NORM_MAX_IN], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_batch_norm(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_ref_batch_norm(kp.epsilon, &in[0], &in[1], &in[2], &in[3], &in[4],
                    &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_layer_norm(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t num_in,
                                     lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_layer_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_layer_norm(&p, in, num_in, out, num_out, &kp));
}

lt_result_t lt_lite_eval_layer_norm(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  lt_lite_shape_t sin[NORM_MAX_IN], sout[NORM_MAX_OUT] = {{0}};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_layer_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_layer_norm(&p, sin, num_in, sout, num_out, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  bool ok = lk_ref_layer_norm(kp.axis, kp.epsilon, &in[0], &in[1], b, &out[0],
                              num_out > 1 ? &out[1] : NULL,
                              num_out > 2 ? &out[2] : NULL, ws);
  return lt_lite_nn_done(c, &ws, ok);
}

lt_result_t lt_lite_shape_instance_norm(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in,
                                        uint32_t num_in, lt_lite_shape_t *out,
                                        uint32_t num_out) {
  lk_plan_t p;
  lk_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             lk_plan_instance_norm(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_instance_norm(const lt_lite_call_t *c,
                                       const lk_tensor_t *in, uint32_t num_in,
                                       lk_tensor_t *out, uint32_t num_out) {
  lt_lite_shape_t sin[NORM_MAX_IN], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_norm_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_instance_norm(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_ref_instance_norm(kp.epsilon, &in[0], &in[1], &in[2], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_lrn(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_lrn_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_lrn(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_lrn(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t sin[NORM_MAX_IN], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_lrn_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_lrn(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_ref_lrn(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_mvn(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_mvn_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_mvn(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_mvn(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t sin[NORM_MAX_IN], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_mvn_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_mvn(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws, lk_ref_mvn(kp.axes_mask, &in[0], &out[0], ws));
}

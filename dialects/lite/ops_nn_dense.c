/* ops_nn_dense.c - matrix products: matmul (numpy semantics), gemm (ONNX
 * Gemm) and fc (Paddle's fully connected layer), all on the gemm engine of
 * kernels/ref/gemm.h. The rules are the plan steps' (kernels/plan/dense.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/dense.h"

lt_result_t lt_lite_shape_matmul(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_matmul(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_matmul(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[2], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(
          lt_lite_plan_report(c, &p, lk_plan_matmul(&p, sin, num_in, &sout))))
    return LT_FAILURE;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws, lk_ref_matmul(&in[0], &in[1], &out[0], ws));
}

lt_result_t lt_lite_shape_gemm(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_gemm_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_gemm(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_gemm(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lt_lite_shape_t sin[3], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_gemm_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(c, &p,
                                    lk_plan_gemm(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *cc = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws,
                         lk_ref_gemm(&kp, &in[0], &in[1], cc, &out[0], ws));
}

lt_result_t lt_lite_shape_fc(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                             uint32_t num_in, lt_lite_shape_t *out,
                             uint32_t num_out) {
  lk_plan_t p;
  lk_fc_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_fc(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_fc(const lt_lite_call_t *c, const lk_tensor_t *in,
                            uint32_t num_in, lk_tensor_t *out,
                            uint32_t num_out) {
  lt_lite_shape_t sin[3], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_fc_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(
          lt_lite_plan_report(c, &p, lk_plan_fc(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws,
                         lk_ref_fc(&kp, &in[0], &in[1], b, &out[0], ws));
}

/* ops_nn_pool.c - pool2d: ONNX MaxPool, AveragePool, LpPool and the Global
 * forms (global_pooling = 1), over 1 to 3 spatial dims like conv2d. The
 * MaxPool Indices output is not part of the op. The rules are the plan
 * step's (kernels/plan/pool.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/nn.h"

lt_result_t lt_lite_shape_pool(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_pool_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_pool2d(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_pool(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lt_lite_shape_t sin[1], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_pool_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_pool2d(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws, lk_ref_pool2d(&kp, &in[0], &out[0], ws));
}

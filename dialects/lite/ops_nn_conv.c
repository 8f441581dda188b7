/* ops_nn_conv.c - conv2d (ONNX Conv) and conv2d_transpose (ONNX
 * ConvTranspose) with a fused activation; conv2d also takes a fused residual
 * R (its 4th operand, the result's shape), added before the activation.
 * Despite the names both take 1 to 3 spatial dims (x of rank 3 to 5). The
 * rules are the plan steps' (kernels/plan/conv.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/nn.h"

typedef lt_result_t (*conv_plan_fn_t)(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t num_in, lk_shape_t *out,
                                      lk_conv_params_t *params);

static lt_result_t shape_any(const lt_lite_call_t *c, conv_plan_fn_t plan,
                             const lt_lite_shape_t *in, uint32_t num_in,
                             lt_lite_shape_t *out) {
  lk_plan_t p;
  lk_conv_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, plan(&p, in, num_in, out, &kp));
}

static lt_result_t eval_any(const lt_lite_call_t *c, conv_plan_fn_t plan,
                            const lk_tensor_t *in, uint32_t num_in,
                            lk_tensor_t *out) {
  lt_lite_shape_t sin[4], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_conv_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(
          lt_lite_plan_report(c, &p, plan(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  kp.residual = lt_lite_tensor_present(in, num_in, 3) ? &in[3] : NULL;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  bool ok = c->id == LT_LITE_CONV2D_TRANSPOSE
                ? lk_ref_conv2d_transpose(&kp, &in[0], &in[1], b, &out[0], ws)
                : lk_ref_conv2d(&kp, &in[0], &in[1], b, &out[0], ws);
  return lt_lite_nn_done(c, &ws, ok);
}

lt_result_t lt_lite_shape_conv(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  return shape_any(c, lk_plan_conv2d, in, num_in, out);
}

lt_result_t lt_lite_eval_conv(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  return eval_any(c, lk_plan_conv2d, in, num_in, out);
}

lt_result_t lt_lite_shape_conv_transpose(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in,
                                         uint32_t num_in, lt_lite_shape_t *out,
                                         uint32_t num_out) {
  return shape_any(c, lk_plan_conv2d_transpose, in, num_in, out);
}

lt_result_t lt_lite_eval_conv_transpose(const lt_lite_call_t *c,
                                        const lk_tensor_t *in, uint32_t num_in,
                                        lk_tensor_t *out, uint32_t num_out) {
  return eval_any(c, lk_plan_conv2d_transpose, in, num_in, out);
}

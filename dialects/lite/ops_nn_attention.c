/* ops_nn_attention.c - attention: multi-head self-attention with its Q/K/V
 * projections, the op the attention fusion produces. The rules are the
 * plan step's (kernels/plan/attention.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/attention.h"

lt_result_t lt_lite_shape_attention(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *in, uint32_t num_in,
                                    lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_attention_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             lk_plan_attention(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_attention(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  lt_lite_shape_t sin[8], sout = {0};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_attention_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_attention(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  const lk_tensor_t *w[3] = {&in[1], &in[3], &in[5]};
  const lk_tensor_t *b[3] = {&in[2], &in[4], &in[6]};
  const lk_tensor_t *mask =
      lt_lite_tensor_present(in, num_in, 7) ? &in[7] : NULL;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(
      c, &ws, lk_ref_attention(&kp, &in[0], w, b, mask, &out[0], ws));
}

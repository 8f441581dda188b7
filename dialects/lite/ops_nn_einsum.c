/* ops_nn_einsum.c - einsum (ONNX Einsum). The rules are the plan step's
 * (kernels/plan/einsum.c), which parses the equation with kernels/ref's
 * lk_einsum_parse. */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/einsum.h"

lt_result_t lt_lite_shape_einsum(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_einsum_t e;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_einsum(&p, in, num_in, out, &e));
}

lt_result_t lt_lite_eval_einsum(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[LK_EINSUM_MAX_INPUTS], sout = {0};
  lk_plan_t p;
  lk_einsum_t e;
  lt_lite_plan_init(c, &p);
  /* sin holds no more; the step refuses the count before reading shapes. */
  if (num_in <= LK_EINSUM_MAX_INPUTS) lk_shapes_of(in, num_in, sin);
  if (LT_FAILED(lt_lite_plan_report(c, &p,
                                    lk_plan_einsum(&p, sin, num_in, &sout, &e))))
    return LT_FAILURE;
  const lk_tensor_t *ins[LK_EINSUM_MAX_INPUTS];
  for (uint32_t i = 0; i < num_in; i++)
    ins[i] = &in[i];
  lk_ref_einsum(&e, ins, &out[0]);
  return LT_SUCCESS;
}

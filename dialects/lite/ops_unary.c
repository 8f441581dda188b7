/* ops_unary.c - the unary elementwise family (relu ... is_inf). The rules
 * are the plan step's (kernels/plan/unary.c); evaluation runs
 * lk_ref_unary. */
#include "dialects/lite/ops_math.h"

/* The kernel op of lite op id (the family's ops share the kernel's names). */
static lk_unary_op_t unary_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e, cls)                                                              \
  case LT_LITE_##e: return LK_UNARY_##e;
    LK_UNARY_OPS(X)
#undef X
  default: return LK_NUM_UNARY_OPS;
  }
}

lt_result_t lt_lite_shape_unary(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_unary_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_unary(&p, unary_op(c->id), in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_unary(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_unary_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_unary(&p, unary_op(c->id), &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_unary(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

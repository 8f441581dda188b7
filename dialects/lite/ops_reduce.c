/* ops_reduce.c - reductions along axes: the reduce family (reduce_mean ...
 * reduce_sum_square, axes as an optional operand or attribute), arg
 * (argmax, argmin) and cumsum (axis as an operand). The rules are the plan
 * steps' (kernels/plan/reduce.c); evaluation runs kernels/ref/reduce.h. */
#include "dialects/lite/ops_math.h"
#include "kernels/plan/reduce.h"

/* ---- reduce -------------------------------------------------------------- */

/* The kernel op of lite op id (the family's ops share the kernel's names). */
static lk_reduce_op_t reduce_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e, name)                                                             \
  case LT_LITE_REDUCE_##e: return LK_REDUCE_##e;
    LK_REDUCE_OPS(X)
#undef X
  default: return LK_NUM_REDUCE_OPS;
  }
}

lt_result_t lt_lite_shape_reduce(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_reduce_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_reduce(&p, reduce_op(c->id), in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_reduce(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t s[2], y = {0};
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  lk_reduce_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_reduce(&p, reduce_op(c->id), s, num_in, &y, &kp))))
    return LT_FAILURE;
  lk_ref_reduce(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- argmax / argmin ----------------------------------------------------- */

lt_result_t lt_lite_shape_arg(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_arg_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_arg(&p, c->id == LT_LITE_ARGMIN, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_arg(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t x, y = {0};
  lk_shapes_of(in, 1, &x);
  lk_plan_t p;
  lk_arg_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_arg(&p, c->id == LT_LITE_ARGMIN, &x, 1, &y, &kp))))
    return LT_FAILURE;
  lk_ref_arg(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- cumsum -------------------------------------------------------------- */

lt_result_t lt_lite_shape_cumsum(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_cumsum_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_cumsum(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_cumsum(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t s[2], y = {0};
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  lk_cumsum_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(
          lt_lite_plan_report(c, &p, lk_plan_cumsum(&p, s, num_in, &y, &kp))))
    return LT_FAILURE;
  lk_ref_cumsum(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ops_binary.c - the broadcasting families: binary arithmetic (add ...
 * bit_shift), compare (equal ... xor), where and variadic (sum, mean, max,
 * min). The rules are the plan steps' (kernels/plan/binary.c); the op ids
 * map to the kernels' enums, which share their names. */
#include <string.h>

#include "dialects/lite/ops_math.h"
#include "kernels/plan/math.h"

#define MAX_VARIADIC 64

static lk_binary_op_t binary_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_BINARY_##e;
    LK_BINARY_OPS(X)
#undef X
  default: return LK_NUM_BINARY_OPS;
  }
}

static lk_compare_op_t compare_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_COMPARE_##e;
    LK_COMPARE_OPS(X)
#undef X
  default: return LK_NUM_COMPARE_OPS;
  }
}

static lk_variadic_op_t variadic_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_VARIADIC_##e;
    LK_VARIADIC_OPS(X)
#undef X
  default: return LK_NUM_VARIADIC_OPS;
  }
}

static lt_result_t not_broadcast(const lt_lite_call_t *c) {
  return lt_lite_error(c, "operands do not broadcast to the result");
}

/* ---- binary -------------------------------------------------------------- */

lt_result_t lt_lite_shape_binary(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_binary_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_binary(&p, binary_op(c->id), in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_binary(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[2], sout = {0};
  if (num_in > 2) num_in = 2;
  lk_shapes_of(in, num_in, sin);
  lk_plan_t p;
  lk_binary_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_binary(&p, binary_op(c->id), sin, num_in, &sout,
                                &kp))))
    return LT_FAILURE;
  switch (lk_ref_binary(&kp, &in[0], &in[1], &out[0])) {
  case LK_REF_OK: return LT_SUCCESS;
  case LK_REF_DIV_BY_ZERO:
    return lt_lite_error(c, "integer %s by zero",
                         kp.op == LK_BINARY_MOD ? "remainder" : "division");
  case LK_REF_BAD_SHAPE: break;
  }
  return not_broadcast(c);
}

/* ---- compare ------------------------------------------------------------- */

lt_result_t lt_lite_shape_compare(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_compare(&p, compare_op(c->id), in, num_in, out));
}

lt_result_t lt_lite_eval_compare(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lt_lite_shape_t sin[2], sout = {0};
  if (num_in > 2) num_in = 2;
  lk_shapes_of(in, num_in, sin);
  if (LT_FAILED(lt_lite_shape_compare(c, sin, num_in, &sout, 1)))
    return LT_FAILURE;
  if (!lk_ref_compare(compare_op(c->id), &in[0], &in[1], &out[0]))
    return not_broadcast(c);
  return LT_SUCCESS;
}

/* ---- where --------------------------------------------------------------- */

lt_result_t lt_lite_shape_where(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_where(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_where(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t sin[3], sout = {0};
  if (num_in > 3) num_in = 3;
  lk_shapes_of(in, num_in, sin);
  if (LT_FAILED(lt_lite_shape_where(c, sin, num_in, &sout, 1)))
    return LT_FAILURE;
  if (!lk_ref_where(&in[0], &in[1], &in[2], &out[0])) return not_broadcast(c);
  return LT_SUCCESS;
}

/* ---- variadic ------------------------------------------------------------ */

lt_result_t lt_lite_shape_variadic(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_variadic(&p, variadic_op(c->id), in, num_in, out));
}

lt_result_t lt_lite_eval_variadic(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  /* The shapes of more operands than a model plausibly sums are not
   * rechecked here; the kernel still refuses what does not broadcast. */
  if (num_in <= MAX_VARIADIC) {
    lt_lite_shape_t sin[MAX_VARIADIC], sout = {0};
    lk_shapes_of(in, num_in, sin);
    if (LT_FAILED(lt_lite_shape_variadic(c, sin, num_in, &sout, 1)))
      return LT_FAILURE;
  }
  if (!lk_ref_variadic(variadic_op(c->id), in, (int32_t)num_in, &out[0]))
    return not_broadcast(c);
  return LT_SUCCESS;
}

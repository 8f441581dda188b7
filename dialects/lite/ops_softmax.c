/* ops_softmax.c - normalizations along one axis: the softmax family
 * (softmax, log_softmax, hardmax; opset 13 semantics, the axis alone) and
 * lp_normalization. */
#include "dialects/lite/ops_math.h"
#include "kernels/ref/softmax.h"

/* The normalized `axis` attribute (default -1) of a float operand #0. */
static lt_result_t axis_of(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                           uint32_t num_in, const char *name,
                           int32_t *out_axis) {
  *out_axis = 0;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, name)) ||
      LT_FAILED(lt_lite_expect_float(c, in, 0, name)))
    return LT_FAILURE;
  if (in[0].rank < 0) return LT_SUCCESS;
  return lt_lite_axis(c, lt_lite_attr_int(c, "axis", -1), in[0].rank,
                      "attribute 'axis'", out_axis);
}

static lt_result_t lp_order(const lt_lite_call_t *c, int32_t *out_p) {
  int64_t p = lt_lite_attr_int(c, "p", 2);
  if (p != 1 && p != 2)
    return lt_lite_error(c, "attribute 'p' must be 1 or 2, got %lld",
                         (long long)p);
  *out_p = (int32_t)p;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_softmax(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  int32_t axis;
  if (LT_FAILED(axis_of(c, in, num_in, "input", &axis))) return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_softmax(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lt_lite_shape_t x;
  lk_shapes_of(&in[0], 1, &x);
  lk_softmax_params_t p = {
      .op = c->id == LT_LITE_LOG_SOFTMAX ? LK_LOG_SOFTMAX
            : c->id == LT_LITE_HARDMAX   ? LK_HARDMAX
                                         : LK_SOFTMAX,
  };
  if (LT_FAILED(axis_of(c, &x, 1, "input", &p.axis))) return LT_FAILURE;
  lk_ref_softmax(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_lp_norm(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  int32_t axis, p;
  if (LT_FAILED(axis_of(c, in, num_in, "input", &axis)) ||
      LT_FAILED(lp_order(c, &p)))
    return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_lp_norm(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  lt_lite_shape_t x;
  lk_shapes_of(&in[0], 1, &x);
  lk_lp_norm_params_t p;
  if (LT_FAILED(axis_of(c, &x, 1, "input", &p.axis)) ||
      LT_FAILED(lp_order(c, &p.p)))
    return LT_FAILURE;
  lk_ref_lp_norm(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

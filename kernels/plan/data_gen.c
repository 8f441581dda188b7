/* data_gen.c - plan steps of the ops that generate data from a shape or
 * bounds: constant_of_shape and range (data_index.h). Their result shapes
 * come from operand values, so they are static exactly when those operands
 * are known. */
#include <math.h>
#include <string.h>

#include "kernels/plan/data_index.h"

/* ---- constant_of_shape --------------------------------------------------- */

/* The fill: `value`'s one element, f32 zero without it (as ONNX says). */
static lt_result_t fill_value(lk_plan_t *p,
                              lk_constant_of_shape_params_t *params) {
  memset(params, 0, sizeof *params);
  params->dtype = LK_F32;
  lk_tensor_t v;
  if (!lk_attr_tensor(p->attrs, "value", &v)) {
    if (!lk_attr_given(p->attrs, "value")) return LT_SUCCESS;
    return lk_plan_fail(p, "attribute 'value' must be a one-element tensor");
  }
  if (lk_numel(&v) != 1)
    return lk_plan_fail(p, "attribute 'value' must be a one-element tensor");
  if (v.dtype == LK_DTYPE_NONE)
    return lk_plan_fail(p, "attribute 'value' has an unsupported element "
                           "type");
  params->dtype = v.dtype;
  memcpy(params->value, v.data, lk_dtype_size(v.dtype));
  return LT_SUCCESS;
}

lt_result_t lk_plan_constant_of_shape(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t num_in, lk_shape_t *out,
                                      lk_constant_of_shape_params_t *params) {
  if (LT_FAILED(fill_value(p, params)) ||
      LT_FAILED(lk_plan_expect_operands(p, in, num_in, 1)))
    return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(
          lk_plan_data_ints(p, in, 0, "shape", shape, LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].dtype = params->dtype;
  out[0].rank = (int32_t)len;
  for (int32_t d = 0; d < out[0].rank; d++) {
    out[0].dims[d] = n < 0 ? -1 : shape[d];
    if (n >= 0 && shape[d] < 0)
      return lk_plan_fail(p, "shape[%d] is %lld; dims must be >= 0", (int)d,
                          (long long)shape[d]);
  }
  return lk_plan_check_size(p, &out[0]);
}

/* ---- range --------------------------------------------------------------- */

/* max(ceil((limit - start) / delta), 0) in the operands' arithmetic;
 * fails on a zero delta and on counts that are not finite or too large. */
static lt_result_t range_count(lk_plan_t *p, const lk_tensor_t *s,
                               const lk_tensor_t *l, const lk_tensor_t *d,
                               int64_t *out) {
  if (lk_dtype_is_float(s->dtype)) {
    double start = lk_load_f64(s, 0), limit = lk_load_f64(l, 0),
           delta = lk_load_f64(d, 0);
    if (delta == 0) return lk_plan_fail(p, "delta must not be zero");
    double n = ceil((limit - start) / delta);
    if (!(n <= (double)LK_DATA_MAX_ELEMENTS))
      return lk_plan_fail(p,
                          "range from %g to %g by %g does not have a "
                          "finite, supported number of elements",
                          start, limit, delta);
    *out = n > 0 ? (int64_t)n : 0;
    return LT_SUCCESS;
  }
  int64_t start = lk_load_i64(s, 0), limit = lk_load_i64(l, 0),
          delta = lk_load_i64(d, 0);
  if (delta == 0) return lk_plan_fail(p, "delta must not be zero");
  /* Distances as unsigned so no bound pair can overflow. */
  uint64_t dist = 0,
           step = delta > 0 ? (uint64_t)delta : (uint64_t)0 - (uint64_t)delta;
  if (delta > 0 && limit > start) dist = (uint64_t)limit - (uint64_t)start;
  if (delta < 0 && start > limit) dist = (uint64_t)start - (uint64_t)limit;
  uint64_t n = dist ? (dist - 1) / step + 1 : 0;
  if (n > (uint64_t)LK_DATA_MAX_ELEMENTS)
    return lk_plan_fail(p,
                        "range from %lld to %lld by %lld has too many "
                        "elements",
                        (long long)start, (long long)limit, (long long)delta);
  *out = (int64_t)n;
  return LT_SUCCESS;
}

lt_result_t lk_plan_range(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 3))) return LT_FAILURE;
  static const char *const names[] = {"start", "limit", "delta"};
  bool all = true;
  for (uint32_t i = 0; i < 3; i++) {
    bool known;
    if (in[i].dtype != in[0].dtype)
      return lk_plan_fail(p,
                          "operand #%u (%s) has element type %s; start "
                          "has %s",
                          i, names[i], lk_dtype_name(in[i].dtype),
                          lk_dtype_name(in[0].dtype));
    if (LT_FAILED(lk_plan_data_scalar(p, in, i, names[i], NULL, NULL, &known)))
      return LT_FAILURE;
    all = all && known;
  }
  if (in[0].dtype == LK_BOOL)
    return lk_plan_fail(p, "operand #0 (start) must be numeric, got i1");
  out[0].dtype = in[0].dtype;
  out[0].rank = 1;
  out[0].dims[0] = -1;
  if (!all) return LT_SUCCESS;
  return range_count(p, in[0].value, in[1].value, in[2].value, &out[0].dims[0]);
}

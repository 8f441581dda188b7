/* ops_data_gen.c - ops that generate data from a shape or bounds:
 * constant_of_shape and range. Their result shapes come from operand
 * values, so they are static exactly when those operands are constants. */
#include <math.h>
#include <string.h>

#include "dialects/lite/ops_data.h"

/* ---- constant_of_shape --------------------------------------------------- */

/* The fill value's element type: the `value` attribute's, f32 without it. */
static lt_result_t fill_dtype(const lt_lite_call_t *c, lk_dtype_t *out) {
  const lt_attr_t *v = lt_lite_attr(c, "value");
  *out = LK_F32;
  if (!v) return LT_SUCCESS;
  if (!v->type || v->type->kind != LT_TYPE_TENSOR ||
      lt_type_num_elements(v->type) != 1)
    return lt_lite_error(c, "attribute 'value' must be a one-element tensor");
  *out = lt_lite_dtype(v->type->shaped.element);
  if (*out == LK_DTYPE_NONE)
    return lt_lite_error(c, "attribute 'value' has an unsupported element "
                            "type");
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_constant_of_shape(const lt_lite_call_t *c,
                                            const lt_lite_shape_t *in,
                                            uint32_t num_in,
                                            lt_lite_shape_t *out,
                                            uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(fill_dtype(c, &out[0].dtype)) ||
      LT_FAILED(
          lt_lite_data_ints(c, in, 0, "shape", shape, LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].rank = (int32_t)len;
  for (int32_t d = 0; d < out[0].rank; d++) {
    out[0].dims[d] = n < 0 ? -1 : shape[d];
    if (n >= 0 && shape[d] < 0)
      return lt_lite_error(c, "shape[%d] is %lld; dims must be >= 0", (int)d,
                           (long long)shape[d]);
  }
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_constant_of_shape(const lt_lite_call_t *c,
                                           const lk_tensor_t *in,
                                           uint32_t num_in, lk_tensor_t *out,
                                           uint32_t num_out) {
  const lt_attr_t *a = lt_lite_attr(c, "value");
  if (!a) { /* f32 zeros, which a zeroed result already holds */
    memset(out[0].data, 0, lk_nbytes(&out[0]));
    return LT_SUCCESS;
  }
  lk_tensor_t v;
  bool owned;
  if (LT_FAILED(
          lt_lite_attr_tensor(c->ctx, c->loc, a, c->allocator, &v, &owned)))
    return LT_FAILURE;
  lk_ref_fill(&v, &out[0]);
  if (owned) lt_lite_tensor_free(c->allocator, &v);
  return LT_SUCCESS;
}

/* ---- range --------------------------------------------------------------- */

/* max(ceil((limit - start) / delta), 0) in the operands' arithmetic;
 * reports a zero delta and counts that are not finite or too large. */
static lt_result_t range_count(const lt_lite_call_t *c, const lk_tensor_t *s,
                               const lk_tensor_t *l, const lk_tensor_t *d,
                               int64_t *out) {
  if (lk_dtype_is_float(s->dtype)) {
    double start = lk_load_f64(s, 0), limit = lk_load_f64(l, 0),
           delta = lk_load_f64(d, 0);
    if (delta == 0) return lt_lite_error(c, "delta must not be zero");
    double n = ceil((limit - start) / delta);
    if (!(n <= (double)LT_LITE_DATA_MAX_ELEMENTS))
      return lt_lite_error(c,
                           "range from %g to %g by %g does not have a "
                           "finite, supported number of elements",
                           start, limit, delta);
    *out = n > 0 ? (int64_t)n : 0;
    return LT_SUCCESS;
  }
  int64_t start = lk_load_i64(s, 0), limit = lk_load_i64(l, 0),
          delta = lk_load_i64(d, 0);
  if (delta == 0) return lt_lite_error(c, "delta must not be zero");
  /* Distances as unsigned so no bound pair can overflow. */
  uint64_t dist = 0,
           step = delta > 0 ? (uint64_t)delta : (uint64_t)0 - (uint64_t)delta;
  if (delta > 0 && limit > start) dist = (uint64_t)limit - (uint64_t)start;
  if (delta < 0 && start > limit) dist = (uint64_t)start - (uint64_t)limit;
  uint64_t n = dist ? (dist - 1) / step + 1 : 0;
  if (n > (uint64_t)LT_LITE_DATA_MAX_ELEMENTS)
    return lt_lite_error(c,
                         "range from %lld to %lld by %lld has too many "
                         "elements",
                         (long long)start, (long long)limit, (long long)delta);
  *out = (int64_t)n;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_range(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 3))) return LT_FAILURE;
  static const char *const names[] = {"start", "limit", "delta"};
  bool all = true;
  for (uint32_t i = 0; i < 3; i++) {
    bool known;
    if (in[i].dtype != in[0].dtype)
      return lt_lite_error(c,
                           "operand #%u (%s) has element type %s; start "
                           "has %s",
                           i, names[i], lk_dtype_name(in[i].dtype),
                           lk_dtype_name(in[0].dtype));
    if (LT_FAILED(lt_lite_data_scalar(c, in, i, names[i], NULL, NULL, &known)))
      return LT_FAILURE;
    all = all && known;
  }
  if (in[0].dtype == LK_BOOL)
    return lt_lite_error(c, "operand #0 (start) must be numeric, got i1");
  out[0].dtype = in[0].dtype;
  out[0].rank = 1;
  out[0].dims[0] = -1;
  if (!all) return LT_SUCCESS;
  return range_count(c, in[0].value, in[1].value, in[2].value, &out[0].dims[0]);
}

lt_result_t lt_lite_eval_range(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_ref_range(&in[0], &in[2], &out[0]);
  return LT_SUCCESS;
}

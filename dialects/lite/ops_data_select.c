/* ops_data_select.c - ops that select or place elements by value or
 * position: one_hot, non_zero, compress, trilu. non_zero and compress have
 * data-dependent result shapes, known at compile time only when their
 * operand is a constant. */
#include "dialects/lite/ops_data.h"

/* ---- one_hot ------------------------------------------------------------- */

lt_result_t lt_lite_shape_one_hot(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 3))) return LT_FAILURE;
  int64_t depth = -1;
  double fdepth = 0;
  bool known;
  if (LT_FAILED(lt_lite_data_scalar(c, in, 1, "depth", NULL, &fdepth, &known)))
    return LT_FAILURE;
  if (known) {
    if (!(fdepth >= 1 && fdepth <= (double)LT_LITE_DATA_MAX_ELEMENTS))
      return lt_lite_error(c, "depth must be a positive count, got %g", fdepth);
    depth = (int64_t)fdepth;
  }
  if (in[2].rank >= 0 &&
      (in[2].rank != 1 || (in[2].dims[0] >= 0 && in[2].dims[0] != 2))) {
    char buf[96];
    return lt_lite_error(
        c,
        "operand #2 (values) must be [off, on] (shape "
        "[2]), got [%s]",
        lt_lite_data_dims_str(in[2].dims, in[2].rank, buf, sizeof buf));
  }
  out[0].dtype = in[2].dtype;
  out[0].rank = -1;
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t r = in[0].rank + 1, axis;
  if (r > LK_MAX_RANK)
    return lt_lite_error(c, "result rank %d exceeds the maximum rank %d",
                         (int)r, LK_MAX_RANK);
  if (LT_FAILED(
          lt_lite_axis(c, lt_lite_attr_int(c, "axis", -1), r, "axis", &axis)))
    return LT_FAILURE;
  out[0].rank = r;
  for (int32_t d = 0, j = 0; d < r; d++)
    out[0].dims[d] = d == axis ? depth : in[0].dims[j++];
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_one_hot(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  int32_t axis;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", -1), out[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  lk_ref_one_hot(axis, &in[0], &in[2], &out[0]);
  return LT_SUCCESS;
}

/* ---- non_zero ------------------------------------------------------------ */

lt_result_t lt_lite_shape_non_zero(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  out[0].dtype = LK_I64;
  out[0].rank = 2;
  out[0].dims[0] = in[0].rank;
  out[0].dims[1] = in[0].value ? lk_ref_count_nonzero(in[0].value) : -1;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_non_zero(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  if (!out[0].data) {
    out[0].dims[0] = in[0].rank;
    out[0].dims[1] = lk_ref_count_nonzero(&in[0]);
    if (LT_FAILED(lt_lite_tensor_alloc(c->allocator, &out[0])))
      return lt_lite_error(c, "out of memory");
  }
  lk_ref_non_zero(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- compress ------------------------------------------------------------ */

/* The selected count: true elements of a known condition, checked against
 * the length n of the axis (n < 0: unknown). -1 when not known. */
static lt_result_t compress_count(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, int64_t n,
                                  int64_t *out) {
  *out = -1;
  const lk_tensor_t *v = in[1].value;
  if (!v) return LT_SUCCESS;
  int64_t len = lk_numel(v), count = 0;
  for (int64_t j = 0; j < len; j++) {
    if (!lk_load_i64(v, j)) continue;
    if (n >= 0 && j >= n)
      return lt_lite_error(c,
                           "condition selects element %lld, beyond the %lld "
                           "elements of the axis",
                           (long long)j, (long long)n);
    count++;
  }
  *out = count;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_compress(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  if (in[1].dtype != LK_BOOL)
    return lt_lite_error(c,
                         "operand #1 (condition) must have element type "
                         "i1, got %s",
                         lk_dtype_name(in[1].dtype));
  if (LT_FAILED(lt_lite_expect_rank(c, in, 1, "condition", 1)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  int64_t count;
  if (!lt_lite_attr(c, "axis")) { /* over the flattened input */
    int64_t n =
        in[0].rank < 0 ? -1 : lt_lite_data_product(in[0].dims, 0, in[0].rank);
    out[0].rank = 1;
    return compress_count(c, in, n, &out[0].dims[0]);
  }
  out[0].rank = in[0].rank;
  if (in[0].rank < 0) return compress_count(c, in, -1, &count);
  int32_t axis;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), in[0].rank,
                             "axis", &axis)) ||
      LT_FAILED(compress_count(c, in, in[0].dims[axis], &count)))
    return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++)
    out[0].dims[d] = in[0].dims[d];
  out[0].dims[axis] = count;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_compress(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  int32_t axis = -1;
  if (lt_lite_attr(c, "axis") &&
      LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), in[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  lk_index_error_t e;
  if (!out[0].data) { /* shape inference sized it from the condition */
    out[0].dims[axis < 0 ? 0 : axis] = lk_ref_count_nonzero(&in[1]);
    if (LT_FAILED(lt_lite_tensor_alloc(c->allocator, &out[0])))
      return lt_lite_error(c, "out of memory");
  }
  if (!lk_ref_compress(axis, &in[0], &in[1], &out[0], &e))
    return lt_lite_error(c,
                         "condition selects element %lld, beyond the %lld "
                         "elements of the axis",
                         (long long)e.position, (long long)e.bound);
  return LT_SUCCESS;
}

/* ---- trilu --------------------------------------------------------------- */

lt_result_t lt_lite_shape_trilu(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_trilu_params_t kp;
  return PLAN(c, p, lk_plan_trilu(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_trilu(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[2], so[1] = {{0}};
  lk_plan_t p;
  lk_trilu_params_t kp;
  lk_shapes_of(in, num_in, s);
  if (LT_FAILED(PLAN(c, p, lk_plan_trilu(&p, s, num_in, so, &kp))))
    return LT_FAILURE;
  lk_ref_trilu(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

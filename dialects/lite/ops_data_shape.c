/* ops_data_shape.c - ops that keep the data and change only the shape or
 * the Place: identity (with dropout, io_copy, layout), reshape, flatten,
 * squeeze, unsqueeze (shape and axes as an operand or an attribute); and
 * shape/size, which read it. The reference interpreter stores every tensor
 * logically, so their evaluation is a copy. */
#include <string.h>

#include "dialects/lite/ops_data.h"

static void same_shape(lt_lite_shape_t *out, const lt_lite_shape_t *in) {
  *out = *in;
  out->value = NULL;
}

/* The result's dims are data's, its bytes too. */
static lt_result_t eval_copy(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lk_ref_copy(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- identity, dropout, io_copy, layout ---------------------------------- */

/* Dropout at inference is the identity; training mode with a positive ratio
 * would draw random masks, which an inference compiler does not do. */
static lt_result_t dropout_check(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in) {
  double ratio = 0.5;
  bool ratio_known = true, training = false, training_known = true;
  if (lt_lite_present(in, num_in, 1)) {
    if (LT_FAILED(lt_lite_expect_float(c, in, 1, "ratio")) ||
        LT_FAILED(
            lt_lite_data_scalar(c, in, 1, "ratio", NULL, &ratio, &ratio_known)))
      return LT_FAILURE;
    if (ratio_known && !(ratio >= 0.0 && ratio < 1.0))
      return lt_lite_error(c, "ratio must be in [0, 1), got %g", ratio);
  }
  if (lt_lite_present(in, num_in, 2)) {
    int64_t t = 0;
    if (in[2].dtype != LK_BOOL)
      return lt_lite_error(c,
                           "operand #2 (training_mode) must have element "
                           "type i1, got %s",
                           lk_dtype_name(in[2].dtype));
    if (LT_FAILED(lt_lite_data_scalar(c, in, 2, "training_mode", &t, NULL,
                                      &training_known)))
      return LT_FAILURE;
    training = t != 0;
  }
  if (training_known && training && ratio_known && ratio > 0.0)
    return lt_lite_error(c,
                         "training_mode is true with ratio %g: training "
                         "dropout is not supported (lite runs inference "
                         "only)",
                         ratio);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_identity(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  if (c->id == LT_LITE_DROPOUT && LT_FAILED(dropout_check(c, in, num_in)))
    return LT_FAILURE;
  same_shape(&out[0], &in[0]);
  if (num_out > 1) { /* dropout's mask */
    same_shape(&out[1], &in[0]);
    out[1].dtype = LK_BOOL;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_identity(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  lk_ref_copy(&in[0], &out[0]);
  if (num_out > 1) memset(out[1].data, 1, lk_nbytes(&out[1]));
  return LT_SUCCESS;
}

/* ---- reshape ------------------------------------------------------------- */

lt_result_t lt_lite_shape_reshape(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(lt_lite_data_list(c, in, num_in, 1, "shape", true, shape,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  if (n < 0) { /* rank from the shape operand's length, dims at run time */
    out[0].rank = (int32_t)len;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  bool allowzero = lt_lite_attr_int(c, "allowzero", 0) != 0, zero = false;
  int32_t infer = -1;
  out[0].rank = n;
  for (int32_t d = 0; d < n; d++) {
    int64_t v = shape[d];
    out[0].dims[d] = v;
    if (v == 0 && !allowzero) { /* copies the input's dim */
      if (in[0].rank >= 0 && d >= in[0].rank)
        return lt_lite_error(c,
                             "shape[%d] is 0 (copy the input dim), but the "
                             "input has rank %d",
                             (int)d, (int)in[0].rank);
      out[0].dims[d] = in[0].rank < 0 ? -1 : in[0].dims[d];
    } else if (v == 0) {
      zero = true;
    } else if (v == -1) {
      if (infer >= 0)
        return lt_lite_error(c, "shape has more than one -1 (at %d and %d)",
                             (int)infer, (int)d);
      infer = d;
    } else if (v < -1) {
      return lt_lite_error(c, "shape[%d] is %lld; dims must be >= -1", (int)d,
                           (long long)v);
    }
  }
  if (zero && infer >= 0)
    return lt_lite_error(c, "shape has both a 0 (with allowzero) and a -1");
  if (LT_FAILED(lt_lite_data_check_size(c, &out[0]))) return LT_FAILURE;
  int64_t total =
      in[0].rank < 0 ? -1 : lt_lite_data_product(in[0].dims, 0, in[0].rank);
  int64_t rest = 1;
  bool known = true;
  for (int32_t d = 0; d < n; d++) {
    if (d == infer) continue;
    if (out[0].dims[d] < 0)
      known = false;
    else
      rest *= out[0].dims[d];
  }
  char a[96], b[96];
  if (infer >= 0) {
    out[0].dims[infer] = -1;
    if (!known || total < 0) return LT_SUCCESS;
    if (rest == 0 || total % rest != 0)
      return lt_lite_error(
          c, "cannot reshape [%s] (%lld elements) into [%s]",
          lt_lite_data_dims_str(in[0].dims, in[0].rank, a, sizeof a),
          (long long)total, lt_lite_data_dims_str(shape, n, b, sizeof b));
    out[0].dims[infer] = total / rest;
  } else if (known && total >= 0 && rest != total) {
    return lt_lite_error(
        c,
        "cannot reshape [%s] (%lld elements) into [%s] "
        "(%lld elements)",
        lt_lite_data_dims_str(in[0].dims, in[0].rank, a, sizeof a),
        (long long)total, lt_lite_data_dims_str(out[0].dims, n, b, sizeof b),
        (long long)rest);
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_reshape(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  return eval_copy(c, in, num_in, out, num_out);
}

/* ---- flatten ------------------------------------------------------------- */

lt_result_t lt_lite_shape_flatten(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  int64_t axis = lt_lite_attr_int(c, "axis", 1);
  out[0].dtype = in[0].dtype;
  out[0].rank = 2;
  out[0].dims[0] = out[0].dims[1] = -1;
  int32_t r = in[0].rank;
  if (r < 0) return LT_SUCCESS;
  if (axis < -r || axis > r)
    return lt_lite_error(c, "axis %lld is out of range [%d, %d]",
                         (long long)axis, (int)-r, (int)r);
  int32_t a = (int32_t)(axis < 0 ? axis + r : axis);
  out[0].dims[0] = lt_lite_data_product(in[0].dims, 0, a);
  out[0].dims[1] = lt_lite_data_product(in[0].dims, a, r);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_flatten(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  return eval_copy(c, in, num_in, out, num_out);
}

/* ---- squeeze / unsqueeze ------------------------------------------------- */

/* Normalizes axes[0..n) against rank into marks[] (true: named); reports
 * an axis named twice. */
static lt_result_t mark_axes(const lt_lite_call_t *c, const int64_t *axes,
                             int32_t n, int32_t rank, bool *marks) {
  memset(marks, 0, sizeof(bool) * LK_MAX_RANK);
  for (int32_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lt_lite_axis(c, axes[i], rank, "axis", &a)))
      return LT_FAILURE;
    if (marks[a])
      return lt_lite_error(c, "axis %lld is named twice", (long long)axes[i]);
    marks[a] = true;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_squeeze(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  int32_t r = in[0].rank, n = -1;
  int64_t axes[LK_MAX_RANK], len = -1;
  bool marks[LK_MAX_RANK];
  if (LT_FAILED(lt_lite_data_list(c, in, num_in, 1, "axes", false, axes,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  bool has_axes = n != LT_LITE_LIST_ABSENT;
  out[0].dtype = in[0].dtype;
  out[0].rank = -1;
  if (r < 0) return LT_SUCCESS;
  if (has_axes && n < 0) { /* which axes is unknown, how many may be */
    out[0].rank = len >= 0 && len <= r ? r - (int32_t)len : -1;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (has_axes) {
    if (LT_FAILED(mark_axes(c, axes, n, r, marks))) return LT_FAILURE;
    for (int32_t d = 0; d < r; d++)
      if (marks[d] && in[0].dims[d] >= 0 && in[0].dims[d] != 1)
        return lt_lite_error(c, "cannot squeeze axis %d of size %lld", (int)d,
                             (long long)in[0].dims[d]);
  } else { /* every dim of size 1, which unknown dims leave open */
    for (int32_t d = 0; d < r; d++) {
      if (in[0].dims[d] < 0) return LT_SUCCESS;
      marks[d] = in[0].dims[d] == 1;
    }
  }
  out[0].rank = 0;
  for (int32_t d = 0; d < r; d++)
    if (!marks[d]) out[0].dims[out[0].rank++] = in[0].dims[d];
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_squeeze(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  return eval_copy(c, in, num_in, out, num_out);
}

lt_result_t lt_lite_shape_unsqueeze(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *in, uint32_t num_in,
                                    lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  int32_t r = in[0].rank, n;
  int64_t axes[LK_MAX_RANK], len;
  bool marks[LK_MAX_RANK];
  if (LT_FAILED(lt_lite_data_list(c, in, num_in, 1, "axes", true, axes,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].rank = -1;
  if (r < 0 || len < 0) return LT_SUCCESS;
  if (r + len > LK_MAX_RANK)
    return lt_lite_error(c, "result rank %lld exceeds the maximum rank %d",
                         (long long)(r + len), LK_MAX_RANK);
  out[0].rank = r + (int32_t)len;
  if (n < 0) {
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (LT_FAILED(mark_axes(c, axes, n, out[0].rank, marks))) return LT_FAILURE;
  for (int32_t d = 0, j = 0; d < out[0].rank; d++)
    out[0].dims[d] = marks[d] ? 1 : in[0].dims[j++];
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_unsqueeze(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  return eval_copy(c, in, num_in, out, num_out);
}

/* ---- shape / size -------------------------------------------------------- */

/* shape's [start, end) window of dims, clamped as ONNX does. */
static void shape_window(const lt_lite_call_t *c, int32_t rank,
                         int64_t *out_start, int64_t *out_end) {
  int64_t s = lt_lite_attr_int(c, "start", 0);
  int64_t e = lt_lite_attr_int(c, "end", rank);
  if (s < 0) s += rank;
  if (e < 0) e += rank;
  s = s < 0 ? 0 : s > rank ? rank : s;
  e = e < 0 ? 0 : e > rank ? rank : e;
  *out_start = s;
  *out_end = e > s ? e : s;
}

lt_result_t lt_lite_shape_shape(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  out[0].dtype = LK_I64;
  if (c->id == LT_LITE_SIZE) {
    out[0].rank = 0;
    return LT_SUCCESS;
  }
  out[0].rank = 1;
  out[0].dims[0] = -1;
  if (in[0].rank >= 0) {
    int64_t s, e;
    shape_window(c, in[0].rank, &s, &e);
    out[0].dims[0] = e - s;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_shape(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  if (c->id == LT_LITE_SIZE) {
    lk_store_i64(&out[0], 0, lk_numel(&in[0]));
    return LT_SUCCESS;
  }
  int64_t s, e;
  shape_window(c, in[0].rank, &s, &e);
  for (int64_t d = s; d < e; d++)
    lk_store_i64(&out[0], d - s, in[0].dims[d]);
  return LT_SUCCESS;
}

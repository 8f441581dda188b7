/* data_shape.c - plan steps of the ops that keep the data and change only
 * the shape: identity, dropout, reshape, flatten, squeeze, unsqueeze; and
 * shape/size, which read it (data.h). */
#include <string.h>

#include "kernels/plan/data.h"

static void same_shape(lk_shape_t *out, const lk_shape_t *in) {
  *out = *in;
  out->value = NULL;
}

/* ---- identity, dropout --------------------------------------------------- */

lt_result_t lk_plan_identity(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  same_shape(&out[0], &in[0]);
  return LT_SUCCESS;
}

/* Dropout at inference is the identity; training mode with a positive ratio
 * would draw random masks, which an inference compiler does not do. */
static lt_result_t dropout_check(lk_plan_t *p, const lk_shape_t *in,
                                 uint32_t num_in) {
  double ratio = 0.5;
  bool ratio_known = true, training = false, training_known = true;
  if (lk_shape_present(in, num_in, 1)) {
    if (LT_FAILED(lk_plan_expect_float(p, in, 1, "ratio")) ||
        LT_FAILED(lk_plan_data_scalar(p, in, 1, "ratio", NULL, &ratio,
                                      &ratio_known)))
      return LT_FAILURE;
    if (ratio_known && !(ratio >= 0.0 && ratio < 1.0))
      return lk_plan_fail(p, "ratio must be in [0, 1), got %g", ratio);
  }
  if (lk_shape_present(in, num_in, 2)) {
    int64_t t = 0;
    if (in[2].dtype != LK_BOOL)
      return lk_plan_fail(p,
                          "operand #2 (training_mode) must have element "
                          "type i1, got %s",
                          lk_dtype_name(in[2].dtype));
    if (LT_FAILED(lk_plan_data_scalar(p, in, 2, "training_mode", &t, NULL,
                                      &training_known)))
      return LT_FAILURE;
    training = t != 0;
  }
  if (training_known && training && ratio_known && ratio > 0.0)
    return lk_plan_fail(p,
                        "training_mode is true with ratio %g: training "
                        "dropout is not supported (lite runs inference "
                        "only)",
                        ratio);
  return LT_SUCCESS;
}

lt_result_t lk_plan_dropout(lk_plan_t *p, const lk_shape_t *in,
                            uint32_t num_in, lk_shape_t *out,
                            uint32_t num_out) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1)) ||
      LT_FAILED(dropout_check(p, in, num_in)))
    return LT_FAILURE;
  same_shape(&out[0], &in[0]);
  if (num_out > 1) { /* the mask */
    same_shape(&out[1], &in[0]);
    out[1].dtype = LK_BOOL;
  }
  return LT_SUCCESS;
}

/* ---- reshape ------------------------------------------------------------- */

lt_result_t lk_plan_reshape(lk_plan_t *p, const lk_shape_t *in,
                            uint32_t num_in, lk_shape_t *out) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(lk_plan_data_list(p, in, num_in, 1, "shape", true, shape,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  if (n < 0) { /* rank from the shape operand's length, dims at run time */
    out[0].rank = (int32_t)len;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  bool allowzero = lk_attr_int(p->attrs, "allowzero", 0) != 0, zero = false;
  int32_t infer = -1;
  out[0].rank = n;
  for (int32_t d = 0; d < n; d++) {
    int64_t v = shape[d];
    out[0].dims[d] = v;
    if (v == 0 && !allowzero) { /* copies the input's dim */
      if (in[0].rank >= 0 && d >= in[0].rank)
        return lk_plan_fail(p,
                            "shape[%d] is 0 (copy the input dim), but the "
                            "input has rank %d",
                            (int)d, (int)in[0].rank);
      out[0].dims[d] = in[0].rank < 0 ? -1 : in[0].dims[d];
    } else if (v == 0) {
      zero = true;
    } else if (v == -1) {
      if (infer >= 0)
        return lk_plan_fail(p, "shape has more than one -1 (at %d and %d)",
                            (int)infer, (int)d);
      infer = d;
    } else if (v < -1) {
      return lk_plan_fail(p, "shape[%d] is %lld; dims must be >= -1", (int)d,
                          (long long)v);
    }
  }
  if (zero && infer >= 0)
    return lk_plan_fail(p, "shape has both a 0 (with allowzero) and a -1");
  if (LT_FAILED(lk_plan_check_size(p, &out[0]))) return LT_FAILURE;
  int64_t total =
      in[0].rank < 0 ? -1 : lk_data_product(in[0].dims, 0, in[0].rank);
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
      return lk_plan_fail(p, "cannot reshape [%s] (%lld elements) into [%s]",
                          lk_dims_str(in[0].dims, in[0].rank, a, sizeof a),
                          (long long)total,
                          lk_dims_str(shape, n, b, sizeof b));
    out[0].dims[infer] = total / rest;
  } else if (known && total >= 0 && rest != total) {
    return lk_plan_fail(p,
                        "cannot reshape [%s] (%lld elements) into [%s] "
                        "(%lld elements)",
                        lk_dims_str(in[0].dims, in[0].rank, a, sizeof a),
                        (long long)total,
                        lk_dims_str(out[0].dims, n, b, sizeof b),
                        (long long)rest);
  }
  return LT_SUCCESS;
}

/* ---- flatten ------------------------------------------------------------- */

lt_result_t lk_plan_flatten(lk_plan_t *p, const lk_shape_t *in,
                            uint32_t num_in, lk_shape_t *out) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int64_t axis = lk_attr_int(p->attrs, "axis", 1);
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = 2;
  out[0].dims[0] = out[0].dims[1] = -1;
  int32_t r = in[0].rank;
  if (r < 0) return LT_SUCCESS;
  if (axis < -r || axis > r)
    return lk_plan_fail(p, "axis %lld is out of range [%d, %d]",
                        (long long)axis, (int)-r, (int)r);
  int32_t a = (int32_t)(axis < 0 ? axis + r : axis);
  out[0].dims[0] = lk_data_product(in[0].dims, 0, a);
  out[0].dims[1] = lk_data_product(in[0].dims, a, r);
  return LT_SUCCESS;
}

/* ---- squeeze / unsqueeze ------------------------------------------------- */

/* Normalizes axes[0..n) against rank into marks[] (true: named); fails on
 * an axis named twice. */
static lt_result_t mark_axes(lk_plan_t *p, const int64_t *axes, int32_t n,
                             int32_t rank, bool *marks) {
  memset(marks, 0, sizeof(bool) * LK_MAX_RANK);
  for (int32_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lk_plan_axis(p, axes[i], rank, "axis", &a)))
      return LT_FAILURE;
    if (marks[a])
      return lk_plan_fail(p, "axis %lld is named twice", (long long)axes[i]);
    marks[a] = true;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_squeeze(lk_plan_t *p, const lk_shape_t *in,
                            uint32_t num_in, lk_shape_t *out) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int32_t r = in[0].rank, n = -1;
  int64_t axes[LK_MAX_RANK], len = -1;
  bool marks[LK_MAX_RANK];
  if (LT_FAILED(lk_plan_data_list(p, in, num_in, 1, "axes", false, axes,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  bool has_axes = n != LK_LIST_ABSENT;
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = -1;
  if (r < 0) return LT_SUCCESS;
  if (has_axes && n < 0) { /* which axes is unknown, how many may be */
    out[0].rank = len >= 0 && len <= r ? r - (int32_t)len : -1;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (has_axes) {
    if (LT_FAILED(mark_axes(p, axes, n, r, marks))) return LT_FAILURE;
    for (int32_t d = 0; d < r; d++)
      if (marks[d] && in[0].dims[d] >= 0 && in[0].dims[d] != 1)
        return lk_plan_fail(p, "cannot squeeze axis %d of size %lld", (int)d,
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

lt_result_t lk_plan_unsqueeze(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int32_t r = in[0].rank, n;
  int64_t axes[LK_MAX_RANK], len;
  bool marks[LK_MAX_RANK];
  if (LT_FAILED(lk_plan_data_list(p, in, num_in, 1, "axes", true, axes,
                                  LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = -1;
  if (r < 0 || len < 0) return LT_SUCCESS;
  if (r + len > LK_MAX_RANK)
    return lk_plan_fail(p, "result rank %lld exceeds the maximum rank %d",
                        (long long)(r + len), LK_MAX_RANK);
  out[0].rank = r + (int32_t)len;
  if (n < 0) {
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (LT_FAILED(mark_axes(p, axes, n, out[0].rank, marks))) return LT_FAILURE;
  for (int32_t d = 0, j = 0; d < out[0].rank; d++)
    out[0].dims[d] = marks[d] ? 1 : in[0].dims[j++];
  return LT_SUCCESS;
}

/* ---- shape / size -------------------------------------------------------- */

lt_result_t lk_plan_shape(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_shape_params_t *params) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  out[0].dtype = LK_I64;
  out[0].value = NULL;
  out[0].rank = 1;
  out[0].dims[0] = -1;
  int32_t rank = in[0].rank;
  if (rank < 0) return LT_SUCCESS;
  /* The [start, end) window, clamped as ONNX does. */
  int64_t s = lk_attr_int(p->attrs, "start", 0);
  int64_t e = lk_attr_int(p->attrs, "end", rank);
  if (s < 0) s += rank;
  if (e < 0) e += rank;
  s = s < 0 ? 0 : s > rank ? rank : s;
  e = e < 0 ? 0 : e > rank ? rank : e;
  params->start = s;
  params->end = e > s ? e : s;
  out[0].dims[0] = params->end - params->start;
  return LT_SUCCESS;
}

lt_result_t lk_plan_size(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  out[0].dtype = LK_I64;
  out[0].value = NULL;
  out[0].rank = 0;
  return LT_SUCCESS;
}

/* data_common.c - what the data families' plan steps share (see data.h):
 * shape-like operands and their attribute form, axes, sizes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernels/plan/data.h"

/* ---- shape-like operands with an attribute form -------------------------- */

static bool attr_present(lk_attrs_t a, const char *name) {
  const char *s;
  size_t len;
  return a.vt->get_str(a.self, name, &s, &len) != LK_ATTR_ABSENT;
}

/* The values of attribute `name`: a list, or one number (clip's bounds,
 * pad's constant_value). Returns the count, -1 when neither. */
static int32_t list_attr(lk_attrs_t a, const char *name, int64_t *iout,
                         double *fout, int32_t cap) {
  int32_t n;
  lk_attr_found_t f = iout ? a.vt->get_ints(a.self, name, iout, cap, &n)
                           : a.vt->get_floats(a.self, name, fout, cap, &n);
  if (f == LK_ATTR_FOUND) return n;
  int64_t i;
  double d;
  if (iout ? a.vt->get_int(a.self, name, &i) != LK_ATTR_FOUND
           : a.vt->get_float(a.self, name, &d) != LK_ATTR_FOUND)
    return -1;
  if (cap > 0 && iout) iout[0] = i;
  if (cap > 0 && fout) fout[0] = d;
  return 1;
}

static lt_result_t read_list(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, uint32_t index, const char *name,
                             int64_t *iout, double *fout, int32_t cap,
                             int32_t *out_count) {
  *out_count = LK_LIST_ABSENT;
  bool operand = lk_shape_present(in, num_in, index);
  bool attr = attr_present(p->attrs, name);
  if (operand && attr)
    return lk_plan_fail(p,
                        "takes operand #%u (%s) or attribute '%s', not "
                        "both",
                        index, name, name);
  if (attr) {
    int32_t n = list_attr(p->attrs, name, iout, fout, cap);
    if (n > cap)
      return lk_plan_fail(p,
                          "attribute '%s' has %d values; at most %d are "
                          "supported",
                          name, (int)n, (int)cap);
    *out_count = n;
    return LT_SUCCESS;
  }
  if (!operand) return LT_SUCCESS;
  *out_count = LK_LIST_UNKNOWN;
  const lk_tensor_t *v = lk_plan_value(p, in, num_in, index);
  if (!v || !v->data) return LT_SUCCESS;
  int64_t n = lk_numel(v);
  if (n > cap)
    return lk_plan_fail(p,
                        "operand #%u (%s) has %lld elements; at most %d "
                        "are supported",
                        index, name, (long long)n, (int)cap);
  for (int64_t i = 0; i < n; i++) {
    if (iout) iout[i] = lk_load_i64(v, i);
    if (fout) fout[i] = lk_load_f64(v, i);
  }
  *out_count = (int32_t)n;
  return LT_SUCCESS;
}

lt_result_t lk_plan_int_list(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, uint32_t index, const char *name,
                             int64_t *out, int32_t cap, int32_t *out_count) {
  return read_list(p, in, num_in, index, name, out, NULL, cap, out_count);
}

lt_result_t lk_plan_float_list(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, uint32_t index,
                               const char *name, double *out, int32_t cap,
                               int32_t *out_count) {
  return read_list(p, in, num_in, index, name, NULL, out, cap, out_count);
}

lt_result_t lk_plan_data_ints(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                              const char *name, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len) {
  *out_count = -1;
  *out_len = -1;
  if (LT_FAILED(lk_plan_expect_index(p, in, i, name)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, i, name, 1, 1)))
    return LT_FAILURE;
  const lk_tensor_t *v = lk_plan_value(p, in, i + 1, i);
  int64_t len = in[i].rank == 1 ? in[i].dims[0] : -1;
  if (v) len = lk_numel(v);
  if (len > cap)
    return lk_plan_fail(p,
                        "operand #%u (%s) has %lld elements; at most %d "
                        "are supported",
                        i, name, (long long)len, (int)cap);
  *out_len = len;
  if (v && v->data) {
    for (int64_t k = 0; k < len; k++)
      out[k] = lk_load_i64(v, k);
    *out_count = (int32_t)len;
  } else if (v) {
    *out_count = 0;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_data_list(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, uint32_t i, const char *name,
                              bool required, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len) {
  int32_t n;
  int64_t len = -1;
  if (lk_shape_present(in, num_in, i) &&
      LT_FAILED(lk_plan_data_ints(p, in, i, name, out, cap, &n, &len)))
    return LT_FAILURE;
  if (LT_FAILED(lk_plan_int_list(p, in, num_in, i, name, out, cap, &n)))
    return LT_FAILURE;
  if (n == LK_LIST_ABSENT && required)
    return lk_plan_fail(p, "needs operand #%u (%s) or attribute '%s'", i, name,
                        name);
  *out_count = n;
  *out_len = n >= 0 ? n : len;
  return LT_SUCCESS;
}

const char *lk_data_form(const lk_shape_t *in, uint32_t num_in, uint32_t i,
                         const char *name, char *buf, size_t cap) {
  if (lk_shape_present(in, num_in, i))
    snprintf(buf, cap, "operand #%u (%s)", i, name);
  else
    snprintf(buf, cap, "attribute '%s'", name);
  return buf;
}

lt_result_t lk_plan_exact_attr(lk_plan_t *p, const char *name, double value,
                               lk_dtype_t dtype) {
  if (lk_dtype_is_float(dtype) || dtype == LK_DTYPE_NONE) return LT_SUCCESS;
  /* [lo, hi) of the integer type, as doubles (exact powers of two). */
  int bits = (int)lk_dtype_size(dtype) * 8;
  double lo = 0, hi = 2;
  if (dtype != LK_BOOL) {
    hi = ldexp(1.0, lk_dtype_is_signed(dtype) ? bits - 1 : bits);
    lo = lk_dtype_is_signed(dtype) ? -hi : 0;
  }
  if (value == floor(value) && value >= lo && value < hi) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "attribute '%s' is %g, which element type %s does "
                      "not hold exactly",
                      name, value, lk_dtype_name(dtype));
}

lt_result_t lk_plan_data_scalar(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                const char *name, int64_t *out_i, double *out_f,
                                bool *out_known) {
  *out_known = false;
  const lk_shape_t *s = &in[i];
  if (s->rank > 1 || (s->rank == 1 && s->dims[0] >= 0 && s->dims[0] != 1) ||
      (s->value && lk_numel(s->value) != 1)) {
    char buf[96];
    return lk_plan_fail(p, "operand #%u (%s) must be a scalar, got shape [%s]",
                        i, name,
                        lk_dims_str(s->dims, s->rank, buf, sizeof buf));
  }
  if (!lk_plan_value(p, in, i + 1, i) || !s->value->data) return LT_SUCCESS;
  if (out_i) *out_i = lk_load_i64(s->value, 0);
  if (out_f) *out_f = lk_load_f64(s->value, 0);
  *out_known = true;
  return LT_SUCCESS;
}

/* ---- operands, axes, sizes ----------------------------------------------- */

lt_result_t lk_plan_expect_all_present(lk_plan_t *p, const lk_shape_t *in,
                                       uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (LT_FAILED(lk_plan_expect_present(p, in, n, i, NULL))) return LT_FAILURE;
  return LT_SUCCESS;
}

lt_result_t lk_plan_expect_index(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                 const char *name) {
  if (lk_dtype_is_int(in[i].dtype) && in[i].dtype != LK_BOOL) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #%u (%s) must have an integer element "
                      "type, got %s",
                      i, name, lk_dtype_name(in[i].dtype));
}

lt_result_t lk_plan_check_size(lk_plan_t *p, const lk_shape_t *out) {
  /* Multiply with a cap so the check itself cannot overflow. */
  int64_t n = 1;
  for (int32_t d = 0; d < out->rank; d++) {
    if (out->dims[d] < 0) continue;
    if (out->dims[d] == 0) return LT_SUCCESS;
    if (n > LK_DATA_MAX_ELEMENTS / out->dims[d]) {
      char buf[192];
      return lk_plan_fail(p, "result shape [%s] has too many elements",
                          lk_dims_str(out->dims, out->rank, buf, sizeof buf));
    }
    n *= out->dims[d];
  }
  return LT_SUCCESS;
}

int64_t lk_data_product(const int64_t *dims, int32_t from, int32_t to) {
  int64_t n = 1;
  for (int32_t d = from; d < to; d++) {
    if (dims[d] < 0) return -1;
    n *= dims[d];
  }
  return n;
}

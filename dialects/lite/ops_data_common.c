/* ops_data_common.c - helpers of the data families (see ops_data.h). */
#include <math.h>
#include <stdio.h>

#include "dialects/lite/ops_data.h"

lt_result_t lt_lite_data_expect_present(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (LT_FAILED(lt_lite_expect_present(c, in, n, i, NULL))) return LT_FAILURE;
  return LT_SUCCESS;
}

lt_result_t lt_lite_data_expect_index(const lt_lite_call_t *c,
                                      const lt_lite_shape_t *in, uint32_t i,
                                      const char *name) {
  if (lk_dtype_is_int(in[i].dtype) && in[i].dtype != LK_BOOL) return LT_SUCCESS;
  return lt_lite_error(c,
                       "operand #%u (%s) must have an integer element "
                       "type, got %s",
                       i, name, lk_dtype_name(in[i].dtype));
}

lt_result_t lt_lite_data_ints(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t i,
                              const char *name, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len) {
  *out_count = -1;
  *out_len = -1;
  if (LT_FAILED(lt_lite_data_expect_index(c, in, i, name)) ||
      LT_FAILED(lt_lite_expect_rank(c, in, i, name, 1)))
    return LT_FAILURE;
  int64_t len = in[i].rank == 1 ? in[i].dims[0] : -1;
  if (in[i].value) len = lk_numel(in[i].value);
  if (len > cap)
    return lt_lite_error(c,
                         "operand #%u (%s) has %lld elements; at most %d "
                         "are supported",
                         i, name, (long long)len, (int)cap);
  *out_len = len;
  if (in[i].value)
    *out_count = (int32_t)lt_lite_value_ints(in[i].value, out, cap);
  return LT_SUCCESS;
}

lt_result_t lt_lite_data_list(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              uint32_t i, const char *name, bool required,
                              int64_t *out, int32_t cap, int32_t *out_count,
                              int64_t *out_len) {
  int32_t n;
  int64_t len = -1;
  if (lt_lite_present(in, num_in, i) &&
      LT_FAILED(lt_lite_data_ints(c, in, i, name, out, cap, &n, &len)))
    return LT_FAILURE;
  if (LT_FAILED(lt_lite_int_list(c, in, num_in, i, name, out, cap, &n)))
    return LT_FAILURE;
  if (n == LT_LITE_LIST_ABSENT && required)
    return lt_lite_error(c, "needs operand #%u (%s) or attribute '%s'", i, name,
                         name);
  *out_count = n;
  *out_len = n >= 0 ? n : len;
  return LT_SUCCESS;
}

const char *lt_lite_data_form(const lt_lite_shape_t *in, uint32_t num_in,
                              uint32_t i, const char *name, char *buf,
                              size_t cap) {
  if (lt_lite_present(in, num_in, i))
    snprintf(buf, cap, "operand #%u (%s)", i, name);
  else
    snprintf(buf, cap, "attribute '%s'", name);
  return buf;
}

lt_result_t lt_lite_data_exact_attr(const lt_lite_call_t *c, const char *name,
                                    double value, lk_dtype_t dtype) {
  if (lk_dtype_is_float(dtype) || dtype == LK_DTYPE_NONE) return LT_SUCCESS;
  /* [lo, hi) of the integer type, as doubles (exact powers of two). */
  int bits = (int)lk_dtype_size(dtype) * 8;
  double lo = 0, hi = 2;
  if (dtype != LK_BOOL) {
    hi = ldexp(1.0, lk_dtype_is_signed(dtype) ? bits - 1 : bits);
    lo = lk_dtype_is_signed(dtype) ? -hi : 0;
  }
  if (value == floor(value) && value >= lo && value < hi) return LT_SUCCESS;
  return lt_lite_error(c,
                       "attribute '%s' is %g, which element type %s does "
                       "not hold exactly",
                       name, value, lk_dtype_name(dtype));
}

lt_result_t lt_lite_data_scalar(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t i,
                                const char *name, int64_t *out_i, double *out_f,
                                bool *out_known) {
  *out_known = false;
  const lt_lite_shape_t *s = &in[i];
  if (s->rank > 1 || (s->rank == 1 && s->dims[0] >= 0 && s->dims[0] != 1) ||
      (s->value && lk_numel(s->value) != 1)) {
    char buf[96];
    return lt_lite_error(
        c, "operand #%u (%s) must be a scalar, got shape [%s]", i, name,
        lt_lite_data_dims_str(s->dims, s->rank, buf, sizeof buf));
  }
  if (!s->value) return LT_SUCCESS;
  if (out_i) *out_i = lk_load_i64(s->value, 0);
  if (out_f) *out_f = lk_load_f64(s->value, 0);
  *out_known = true;
  return LT_SUCCESS;
}

int64_t lt_lite_data_product(const int64_t *dims, int32_t from, int32_t to) {
  int64_t n = 1;
  for (int32_t d = from; d < to; d++) {
    if (dims[d] < 0) return -1;
    n *= dims[d];
  }
  return n;
}

lt_result_t lt_lite_data_check_size(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *out) {
  /* Multiply with a cap so the check itself cannot overflow; unknown dims
   * are left to run time. */
  int64_t n = 1;
  for (int32_t d = 0; d < out->rank; d++) {
    if (out->dims[d] < 0) continue;
    if (out->dims[d] == 0) return LT_SUCCESS;
    if (n > LT_LITE_DATA_MAX_ELEMENTS / out->dims[d]) {
      char buf[192];
      return lt_lite_error(
          c, "result shape [%s] has too many elements",
          lt_lite_data_dims_str(out->dims, out->rank, buf, sizeof buf));
    }
    n *= out->dims[d];
  }
  return LT_SUCCESS;
}

const char *lt_lite_data_dims_str(const int64_t *dims, int32_t rank, char *buf,
                                  size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  if (rank < 0) {
    snprintf(buf, cap, "*");
    return buf;
  }
  for (int32_t d = 0; d < rank && len < cap; d++) {
    int n = dims[d] < 0 ? snprintf(buf + len, cap - len, "%s?", d ? "x" : "")
                        : snprintf(buf + len, cap - len, "%s%lld", d ? "x" : "",
                                   (long long)dims[d]);
    if (n < 0) break;
    len += (size_t)n;
  }
  return buf;
}

lt_result_t lt_lite_data_index_error(const lt_lite_call_t *c, uint32_t i,
                                     const char *name,
                                     const lk_index_error_t *e) {
  return lt_lite_error(c,
                       "operand #%u (%s) element %lld is %lld, out of "
                       "range for a dim of size %lld",
                       i, name, (long long)e->position, (long long)e->value,
                       (long long)e->bound);
}

lt_result_t lt_lite_data_reduction(const lt_lite_call_t *c,
                                   lk_scatter_reduction_t *out) {
  static const char *const names[] = {"none", "add", "mul", "max", "min"};
  static const lk_scatter_reduction_t kinds[] = {
      LK_SCATTER_NONE, LK_SCATTER_ADD, LK_SCATTER_MUL, LK_SCATTER_MAX,
      LK_SCATTER_MIN};
  int i;
  if (LT_FAILED(lt_lite_attr_choice(c, "reduction", "none", names, 5, &i)))
    return LT_FAILURE;
  *out = kinds[i];
  return LT_SUCCESS;
}

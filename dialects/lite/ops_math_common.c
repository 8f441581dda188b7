/* ops_math_common.c - helpers of the math families (see ops_math.h). */
#include <stdio.h>
#include <string.h>

#include "dialects/lite/ops_math.h"

lt_result_t lt_lite_math_expect_numeric(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t i,
                                        const char *name) {
  lk_dtype_t t = in[i].dtype;
  if (t != LK_DTYPE_NONE && t != LK_BOOL) return LT_SUCCESS;
  return lt_lite_error(c, "operand #%u (%s) must have an integer or float "
                          "element type, got %s",
                       i, name, lk_dtype_name(t));
}

lt_result_t lt_lite_math_expect_same_dtype(const lt_lite_call_t *c,
                                           const lt_lite_shape_t *in,
                                           uint32_t i, const char *name_i,
                                           uint32_t j, const char *name_j) {
  if (in[i].dtype == in[j].dtype) return LT_SUCCESS;
  return lt_lite_error(c, "operand #%u (%s) must have the element type of "
                          "operand #%u (%s), %s; got %s",
                       i, name_i, j, name_j, lk_dtype_name(in[j].dtype),
                       lk_dtype_name(in[i].dtype));
}

lt_result_t lt_lite_math_expect_scalar(const lt_lite_call_t *c,
                                       const lt_lite_shape_t *in, uint32_t i,
                                       const char *name) {
  const lt_lite_shape_t *s = &in[i];
  bool ok = s->rank <= 0 ||
            (s->rank == 1 && (s->dims[0] == 1 || s->dims[0] < 0));
  if (s->value) ok = lk_numel(s->value) == 1;
  if (ok) return LT_SUCCESS;
  char dims[128];
  return lt_lite_error(c, "operand #%u (%s) must hold one element (rank 0, "
                          "or rank 1 of length 1), got shape [%s]",
                       i, name, lt_lite_math_dims_str(s, dims, sizeof dims));
}

const char *lt_lite_math_dims_str(const lt_lite_shape_t *s, char *buf,
                                  size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  for (int32_t d = 0; d < s->rank && len < cap; d++) {
    int n = s->dims[d] < 0
                ? snprintf(buf + len, cap - len, "%s?", d ? "x" : "")
                : snprintf(buf + len, cap - len, "%s%lld", d ? "x" : "",
                           (long long)s->dims[d]);
    if (n < 0) break;
    len += (size_t)n;
  }
  return buf;
}

void lt_lite_math_copy_shape(lt_lite_shape_t *out, const lt_lite_shape_t *in) {
  out->dtype = in->dtype;
  out->rank = in->rank;
  if (in->rank > 0)
    memcpy(out->dims, in->dims, sizeof(int64_t) * (size_t)in->rank);
  out->value = NULL;
}

void lt_lite_math_shape_of(const lk_tensor_t *t, lt_lite_shape_t *out) {
  memset(out, 0, sizeof *out);
  out->dtype = t->dtype;
  out->rank = t->dtype == LK_DTYPE_NONE ? -1 : t->rank;
  if (t->dtype == LK_DTYPE_NONE) return;
  memcpy(out->dims, t->dims, sizeof t->dims);
  out->value = t;
}

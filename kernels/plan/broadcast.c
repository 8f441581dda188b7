/* broadcast.c - the shape rules the math steps share: numpy broadcasting,
 * axis normalization and the dtype checks of the math families. */
#include <stdio.h>
#include <string.h>

#include "kernels/plan/math.h"

void lk_shape_copy(lk_shape_t *out, const lk_shape_t *in) {
  out->dtype = in->dtype;
  out->rank = in->rank;
  if (in->rank > 0)
    memcpy(out->dims, in->dims, sizeof(int64_t) * (size_t)in->rank);
  out->value = NULL;
}

/* "#0 [2x3], #1 [4]": every operand's dims, for the broadcast error. */
static void list_shapes(const lk_shape_t *in, uint32_t n, char *buf,
                        size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  for (uint32_t j = 0; j < n && len < cap; j++) {
    int k = snprintf(buf + len, cap - len, "%s#%u [", j ? ", " : "", j);
    for (int32_t e = 0; k >= 0 && e < in[j].rank; e++) {
      len += (size_t)k;
      if (len >= cap) return;
      k = snprintf(buf + len, cap - len, "%s%lld", e ? "x" : "",
                   (long long)in[j].dims[e]);
    }
    if (k < 0) return;
    len += (size_t)k;
    if (len >= cap) return;
    k = snprintf(buf + len, cap - len, "]");
    if (k < 0) return;
    len += (size_t)k;
  }
}

lt_result_t lk_plan_broadcast(lk_plan_t *p, const lk_shape_t *in, uint32_t n,
                              lk_shape_t *out) {
  out->dtype = n ? in[0].dtype : LK_DTYPE_NONE;
  out->value = NULL;
  int32_t rank = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (in[i].rank < 0) {
      out->rank = -1;
      return LT_SUCCESS;
    }
    if (in[i].rank > rank) rank = in[i].rank;
  }
  out->rank = rank;
  for (int32_t d = 0; d < rank; d++) {
    int64_t dim = 1;
    bool unknown = false;
    for (uint32_t i = 0; i < n; i++) {
      int32_t k = d - (rank - in[i].rank);
      if (k < 0) continue;
      int64_t v = in[i].dims[k];
      if (v < 0) {
        unknown = true;
        continue;
      }
      if (v == 1) continue;
      if (dim != 1 && dim != v) {
        char shapes[LK_PLAN_ERROR_CAP];
        list_shapes(in, n, shapes, sizeof shapes);
        return lk_plan_fail(
            p, "operands do not broadcast: %s (dimension %d: %lld vs %lld)",
            shapes, (int)d, (long long)dim, (long long)v);
      }
      dim = v;
    }
    /* A known dim other than 1 fixes the result even next to unknowns
     * (they must be 1 or equal at run time). */
    out->dims[d] = dim == 1 && unknown ? -1 : dim;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_expect_numeric(lk_plan_t *p, const lk_shape_t *in,
                                   uint32_t i, const char *name) {
  lk_dtype_t t = in[i].dtype;
  if (t != LK_DTYPE_NONE && t != LK_BOOL) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #%u (%s) must have an integer or float "
                      "element type, got %s",
                      i, name, lk_dtype_name(t));
}

lt_result_t lk_plan_expect_dtype_of(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t i, const char *name_i, uint32_t j,
                                    const char *name_j) {
  if (in[i].dtype == in[j].dtype) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #%u (%s) must have the element type of "
                      "operand #%u (%s), %s; got %s",
                      i, name_i, j, name_j, lk_dtype_name(in[j].dtype),
                      lk_dtype_name(in[i].dtype));
}

lt_result_t lk_plan_expect_scalar(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t i, const char *name) {
  const lk_shape_t *s = &in[i];
  bool ok =
      s->rank <= 0 || (s->rank == 1 && (s->dims[0] == 1 || s->dims[0] < 0));
  if (s->value) ok = lk_numel(s->value) == 1;
  if (ok) return LT_SUCCESS;
  char dims[128];
  return lk_plan_fail(p,
                      "operand #%u (%s) must hold one element (rank 0, "
                      "or rank 1 of length 1), got shape [%s]",
                      i, name,
                      lk_dims_str(s->dims, s->rank, dims, sizeof dims));
}

lt_result_t lk_plan_expect_bool(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                const char *name) {
  if (in[i].dtype == LK_BOOL) return LT_SUCCESS;
  return lk_plan_fail(p, "operand #%u (%s) must have element type i1, got %s",
                      i, name, lk_dtype_name(in[i].dtype));
}


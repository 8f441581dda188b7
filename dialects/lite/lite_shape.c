/* lite_shape.c - helpers that shape functions share. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "kernels/plan/math.h"

int64_t lt_lite_value_ints(const lk_tensor_t *v, int64_t *out, int64_t cap) {
  if (!v || !v->data) return 0;
  int64_t n = lk_numel(v);
  for (int64_t i = 0; i < n && i < cap; i++) out[i] = lk_load_i64(v, i);
  return n;
}

lt_result_t lt_lite_axis(const lt_lite_call_t *c, int64_t axis, int32_t rank,
                         const char *what, int32_t *out_axis) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             lk_plan_axis(&p, axis, rank, what, out_axis));
}

lt_result_t lt_lite_broadcast(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t n,
                              lt_lite_shape_t *out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_broadcast(&p, in, n, out));
}

lt_result_t lt_lite_expect_float(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t index,
                                 const char *name) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_expect_float(&p, in, index, name));
}

lt_result_t lt_lite_expect_rank(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t index,
                                const char *name, int32_t rank) {
  if (rank < 0 || in[index].rank < 0 || in[index].rank == rank)
    return LT_SUCCESS;
  return lt_lite_error(c, "operand #%u (%s) must have rank %d, got %d", index,
                       name, (int)rank, (int)in[index].rank);
}

lt_result_t lt_lite_expect_present(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   uint32_t i, const char *name) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_expect_present(&p, in, num_in, i, name));
}

lt_result_t lt_lite_fused_activation(const lt_lite_call_t *c,
                                     lk_activation_t *out_kind,
                                     double *out_alpha, double *out_beta) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_fused_activation(&p, out_kind, out_alpha, out_beta));
}

/* ---- shape-like operands with an attribute form ------------------------------ */

/* The values of attribute `name`: an array, or one number (clip's bounds,
 * pad's constant_value). Returns the count, -1 when absent. */
static int32_t list_attr(const lt_lite_call_t *c, const char *name,
                         int64_t *iout, double *fout, int32_t cap) {
  const lt_attr_t *a = lt_lite_attr(c, name);
  if (!a) return -1;
  if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL ||
      a->kind == LT_ATTR_FLOAT) {
    bool fl = a->kind == LT_ATTR_FLOAT;
    if (cap > 0 && iout) iout[0] = fl ? (int64_t)a->f : a->i;
    if (cap > 0 && fout) fout[0] = fl ? a->f : (double)a->i;
    return 1;
  }
  return iout ? lt_lite_attr_ints(c, name, iout, cap)
              : lt_lite_attr_floats(c, name, fout, cap);
}

static lt_result_t read_list(const lt_lite_call_t *c,
                             const lt_lite_shape_t *in, uint32_t num_in,
                             uint32_t index, const char *name, int64_t *iout,
                             double *fout, int32_t cap, int32_t *out_count) {
  *out_count = LT_LITE_LIST_ABSENT;
  bool operand = lt_lite_present(in, num_in, index);
  bool attr = lt_lite_attr(c, name) != NULL;
  if (operand && attr)
    return lt_lite_error(c,
                         "takes operand #%u (%s) or attribute '%s', not "
                         "both",
                         index, name, name);
  if (attr) {
    int32_t n = list_attr(c, name, iout, fout, cap);
    if (n > cap)
      return lt_lite_error(c,
                           "attribute '%s' has %d values; at most %d are "
                           "supported",
                           name, (int)n, (int)cap);
    *out_count = n;
    return LT_SUCCESS;
  }
  if (!operand) return LT_SUCCESS;
  *out_count = LT_LITE_LIST_UNKNOWN;
  const lk_tensor_t *v = in[index].value;
  if (!v || !v->data) return LT_SUCCESS;
  int64_t n = lk_numel(v);
  if (n > cap)
    return lt_lite_error(c,
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

lt_result_t lt_lite_int_list(const lt_lite_call_t *c,
                             const lt_lite_shape_t *in, uint32_t num_in,
                             uint32_t index, const char *name, int64_t *out,
                             int32_t cap, int32_t *out_count) {
  return read_list(c, in, num_in, index, name, out, NULL, cap, out_count);
}

lt_result_t lt_lite_float_list(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               uint32_t index, const char *name, double *out,
                               int32_t cap, int32_t *out_count) {
  return read_list(c, in, num_in, index, name, NULL, out, cap, out_count);
}

/* lite_shape.c - helpers that shape functions share. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "kernels/plan/data.h"
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

/* ---- shape-like operands with an attribute form ------------------------------
 * The plan steps' readers (kernels/plan/data.h), reported at the op. */

_Static_assert(LT_LITE_LIST_UNKNOWN == LK_LIST_UNKNOWN &&
                   LT_LITE_LIST_ABSENT == LK_LIST_ABSENT,
               "the dialect's list markers are the plan steps'");

lt_result_t lt_lite_int_list(const lt_lite_call_t *c,
                             const lt_lite_shape_t *in, uint32_t num_in,
                             uint32_t index, const char *name, int64_t *out,
                             int32_t cap, int32_t *out_count) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_int_list(&p, in, num_in, index, name, out, cap, out_count));
}

lt_result_t lt_lite_float_list(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               uint32_t index, const char *name, double *out,
                               int32_t cap, int32_t *out_count) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p,
      lk_plan_float_list(&p, in, num_in, index, name, out, cap, out_count));
}

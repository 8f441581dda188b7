/* ops_nn_common.c - helpers shared by the nn op families: the operand
 * checks, over the plan steps' own (kernels/plan.h) so that a family on a
 * plan step and one still here word their errors alike. */
#include "dialects/lite/ops_nn.h"

lt_result_t lt_lite_nn_expect_same_dtype(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_expect_same_dtype(&p, in, i, name));
}

lt_result_t lt_lite_nn_expect_rank_range(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name, int32_t lo,
                                         int32_t hi) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_expect_rank_range(&p, in, i, name, lo, hi));
}

lt_result_t lt_lite_nn_expect_vector(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t i,
                                     const char *name, int64_t len) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             lk_plan_expect_vector(&p, in, i, name, len));
}

lt_result_t lt_lite_nn_oom(const lt_lite_call_t *c) {
  return lt_lite_error(c, "out of memory for the kernel's temporaries");
}

lt_result_t lt_lite_nn_done(const lt_lite_call_t *c, lk_workspace_t *ws,
                            bool ok) {
  lt_lite_workspace_free(c, ws);
  return ok ? LT_SUCCESS
            : lt_lite_error(c, "the reference kernel refused its operands "
                               "or its workspace");
}

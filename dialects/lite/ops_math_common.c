/* ops_math_common.c - helpers of the math families (see ops_math.h); the
 * checks wrap the plan steps' (kernels/plan/math.h), one copy of each
 * message. */
#include "dialects/lite/ops_math.h"
#include "kernels/plan/math.h"

lt_result_t lt_lite_math_expect_numeric(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t i,
                                        const char *name) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_expect_numeric(&p, in, i, name));
}

lt_result_t lt_lite_math_expect_scalar(const lt_lite_call_t *c,
                                       const lt_lite_shape_t *in, uint32_t i,
                                       const char *name) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_expect_scalar(&p, in, i, name));
}

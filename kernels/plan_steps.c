/* plan_steps.c - the table of plan steps by op (kernels/plan_steps.def). */
#include <string.h>

#include "kernels/abi.h"

/* The plan step headers of kernels/plan_steps.def. */
#include "kernels/plan/attention.h"
#include "kernels/plan/dense.h"
#include "kernels/plan/einsum.h"
#include "kernels/plan/math.h"
#include "kernels/plan/data.h"
#include "kernels/plan/nn.h"
#include "kernels/plan/norm.h"
#include "kernels/plan/topk.h"
#include "kernels/plan/resize.h"
#include "kernels/plan/reduce.h"
#include "kernels/plan/math.h"
#include "kernels/plan/misc_math.h"
#include "kernels/plan/data_index.h"
#include "kernels/plan/dispatch.h"

#define LK_PLAN_STEP(op, params_t, results, call)                              \
  static lt_result_t step_##op(lk_plan_t *p, const lk_shape_t *in,             \
                               uint32_t num_in, lk_shape_t *out,               \
                               uint32_t num_out, void *params_) {              \
    params_t *params = params_;                                                \
    (void)params;                                                              \
    (void)num_out;                                                             \
    return call;                                                               \
  }
#include "kernels/plan_steps.def"
#undef LK_PLAN_STEP

static const lk_plan_step_t kSteps[] = {
#define LK_PLAN_STEP(op, params_t, results, call)                              \
  {#op, step_##op, sizeof(params_t), (results)},
#include "kernels/plan_steps.def"
#undef LK_PLAN_STEP
};

const lk_plan_step_t *lk_plan_step_find(const char *op) {
  for (size_t i = 0; i < sizeof kSteps / sizeof kSteps[0]; i++)
    if (strcmp(kSteps[i].op, op) == 0) return &kSteps[i];
  return NULL;
}

const lk_plan_step_t *lk_plan_steps(size_t *out_count) {
  *out_count = sizeof kSteps / sizeof kSteps[0];
  return kSteps;
}

lt_result_t lk_plan_step_run(const lk_plan_step_t *s, lk_plan_t *p,
                             const lk_shape_t *in, uint32_t num_in,
                             lk_shape_t *out, uint32_t num_out, void *params) {
  if (num_out < s->num_outputs)
    return lk_plan_fail(p, "expected %u result(s), got %u", s->num_outputs,
                        num_out);
  memset(params, 0, s->params_size);
  return s->step(p, in, num_in, out, num_out, params);
}

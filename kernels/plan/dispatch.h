/* dispatch.h - the plan step of lite.dispatch, the call of a generated
 * kernel. The kernel was generated for fixed shapes, which the op carries:
 * the step reads them and checks nothing else (the compiler proved the
 * operands' shapes when it generated the code, and an all-static model
 * never sees others). */
#ifndef LITE_KERNELS_PLAN_DISPATCH_H
#define LITE_KERNELS_PLAN_DISPATCH_H

#include "kernels/plan.h"

/* Result shapes from attribute `result_dims`, [rank, dims..., rank,
 * dims...] for num_out results; element types are left open (dtype none:
 * the declared ones). Fails when the attribute is absent, describes
 * another number of results, or holds a rank outside [0, LK_MAX_RANK] or a
 * dim that is negative or past the size limit. */
lt_result_t lk_plan_dispatch(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             uint32_t num_out);

#endif /* LITE_KERNELS_PLAN_DISPATCH_H */

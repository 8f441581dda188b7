/* topk.h - the plan step of lite.top_k (ONNX TopK), the kernel of
 * kernels/ref/topk.h. */
#ifndef LITE_KERNELS_PLAN_TOPK_H
#define LITE_KERNELS_PLAN_TOPK_H

#include "kernels/plan.h"
#include "kernels/ref/topk.h"

/* in: X (numeric, rank >= 1), K (integer, a scalar or one element; its
 * value when known). Attributes: axis, largest, sorted. out[0] (values, X's
 * dtype) and out[1] (i64 indices, when num_out asks for it) are X's shape
 * with K along the axis: -1 while K's value is unknown. params->axis is -1
 * while X's rank is unknown, params->k -1 while K's value is.
 * p->workspace_size is lk_ref_top_k_workspace once X's dims are known
 * (whatever K), else 0. */
lt_result_t lk_plan_top_k(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, uint32_t num_out,
                          lk_topk_params_t *params);

#endif /* LITE_KERNELS_PLAN_TOPK_H */

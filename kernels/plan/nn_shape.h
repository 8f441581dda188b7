/* nn_shape.h - shape rules the plan steps of the nn families (dense, norm,
 * attention, resize, top_k, einsum) share. */
#ifndef LITE_KERNELS_PLAN_NN_SHAPE_H
#define LITE_KERNELS_PLAN_NN_SHAPE_H

#include "kernels/plan.h"

/* Normalizes axis into [0, rank) (negative counts from the back) into
 * *out_axis; otherwise fails with "<what> <axis> is out of range for rank
 * <rank>". */
lt_result_t lk_nn_plan_axis(lk_plan_t *p, int64_t axis, int32_t rank,
                            const char *what, int32_t *out_axis);

/* *out gets x's dtype, rank and dims (a result shaped like its input). */
void lk_nn_plan_same_shape(const lk_shape_t *x, lk_shape_t *out);

#endif /* LITE_KERNELS_PLAN_NN_SHAPE_H */

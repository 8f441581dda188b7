/* resize.h - the plan step of lite.resize (ONNX Resize, opsets 10-19,
 * without antialias), the kernel of kernels/ref/resize.h. */
#ifndef LITE_KERNELS_PLAN_RESIZE_H
#define LITE_KERNELS_PLAN_RESIZE_H

#include "kernels/plan.h"
#include "kernels/ref/resize.h"

/* in: X, roi (optional, float), scales (optional, 1-D float), sizes
 * (optional, 1-D integer). An absent or empty scales or sizes operand is no
 * operand; either may come as an attribute of its name instead, and exactly
 * one of the two is given. Attributes: mode, coordinate_transformation_mode,
 * nearest_mode, cubic_coeff_a, exclude_outside, extrapolation_value,
 * antialias (only 0), axes (the resized axes; default all) and
 * keep_aspect_ratio_policy (with sizes).
 *
 * out[0] has X's dtype, rank and dims, except that a resized axis is -1
 * until the scales or sizes contents (and, for a keep_aspect_ratio_policy
 * other than stretch, X's dims) are known: constant at compile time, always
 * at run time. params: the attributes, and per axis of X the scale and
 * resized length the kernel takes (1 and X's dim off the resized axes, and
 * until the contents are known), and the roi (0 to 1 unless
 * tf_crop_and_resize reads it from roi's contents, when known).
 * p->workspace_size is lk_ref_resize_workspace once X's and the result's
 * dims are known, else 0. */
lt_result_t lk_plan_resize(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_resize_params_t *params);

#endif /* LITE_KERNELS_PLAN_RESIZE_H */

/* norm.h - plan steps of the normalizations: lite.batch_norm (inference
 * form), lite.layer_norm (with its optional Mean and InvStdDev results),
 * lite.instance_norm, lite.lrn and lite.mean_variance_normalization, the
 * kernels of kernels/ref/norm.h. Each reads p->attrs, checks the operands,
 * writes the result shapes and the kernel's parameters, or fails with the
 * message in p->error. Results have X's shape; unknown dims stay unknown.
 * layer_norm's and mvn's p->workspace_size is their kernel's
 * (lk_ref_layer_norm_workspace, lk_ref_mvn_workspace) once X's dims are
 * known, else 0; the others take none. */
#ifndef LITE_KERNELS_PLAN_NORM_H
#define LITE_KERNELS_PLAN_NORM_H

#include "kernels/plan.h"
#include "kernels/ref/norm.h"

/* What the norm kernels take as loose arguments: batch_norm's and
 * instance_norm's epsilon, layer_norm's, mvn's. */
typedef struct lk_norm_params {
  double epsilon;
} lk_norm_params_t;

typedef struct lk_layer_norm_params {
  int32_t axis; /* the first normalized dim, in [0, rank) once it is known */
  double epsilon;
  lk_dtype_t stash_dtype; /* Mean and InvStdDev's dtype */
} lk_layer_norm_params_t;

typedef struct lk_mvn_params {
  uint32_t axes_mask; /* bit d set when dim d is normalized over */
} lk_mvn_params_t;

/* in: X (float, rank >= 1), scale, B, input_mean, input_var (float vectors
 * of X's channel count). Attributes: epsilon. */
lt_result_t lk_plan_batch_norm(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_norm_params_t *params);

/* in: X, Scale, B (optional); both broadcast to X. out[0..num_out): Y, then
 * Mean and InvStdDev (X's leading dims before axis, 1 after). Attributes:
 * axis, epsilon, stash_type. */
lt_result_t lk_plan_layer_norm(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               uint32_t num_out,
                               lk_layer_norm_params_t *params);

/* in: input (float, rank >= 3), scale, B (vectors of its channels).
 * Attributes: epsilon. */
lt_result_t lk_plan_instance_norm(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t num_in, lk_shape_t *out,
                                  lk_norm_params_t *params);

/* in: X (float, rank >= 2). Attributes: alpha, beta, bias, size (>= 1). */
lt_result_t lk_plan_lrn(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_lrn_params_t *params);

/* in: X (float). Attributes: axes (default 0, 2, 3), distinct, within X's
 * rank; params->axes_mask is set once the rank is known. */
lt_result_t lk_plan_mvn(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_mvn_params_t *params);

#endif /* LITE_KERNELS_PLAN_NORM_H */

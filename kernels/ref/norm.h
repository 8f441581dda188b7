/* norm.h - reference normalizations (ONNX BatchNormalization in inference
 * mode, LayerNormalization, InstanceNormalization, LRN and
 * MeanVarianceNormalization). Statistics are computed in double, two-pass
 * (mean, then the mean of squared deviations), for every float dtype. */
#ifndef LITE_KERNELS_REF_NORM_H
#define LITE_KERNELS_REF_NORM_H

#include <stdbool.h>

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

/* y = scale[c] * (x - mean[c]) / sqrt(var[c] + epsilon) + b[c] over
 * x (N, C, D...) or (N, C); a 1-D x is (N) with one channel. scale, b,
 * mean, var: (C). */
void lk_ref_batch_norm(double epsilon, const lk_tensor_t *x,
                       const lk_tensor_t *scale, const lk_tensor_t *b,
                       const lk_tensor_t *mean, const lk_tensor_t *var,
                       lk_tensor_t *y);

/* Over each row x[i, :] of x viewed as (prod dims[0,axis), prod
 * dims[axis,r)): y = (x - mean) * inv_std * scale + b with inv_std =
 * 1 / sqrt(var + epsilon); scale and b (optional: NULL or dtype none)
 * broadcast to x's shape. mean and inv_std (optional) receive the row
 * statistics. The statistics take ws, of at least
 * lk_ref_layer_norm_workspace bytes; returns false, having written nothing,
 * when it is shorter. */
bool lk_ref_layer_norm(int32_t axis, double epsilon, const lk_tensor_t *x,
                       const lk_tensor_t *scale, const lk_tensor_t *b,
                       lk_tensor_t *y, lk_tensor_t *mean, lk_tensor_t *inv_std,
                       lk_workspace_t ws);
/* The workspace of layer_norm and mvn, each piece rounded up to 64 bytes:
 * x as doubles and each element's group (int64), and per group (the
 * product of the dims not normalized over) a count, a mean and a variance
 * (dims only; data is not read). */
size_t lk_ref_layer_norm_workspace(int32_t axis, const lk_tensor_t *x);

/* Per (n, c) over the spatial dims of x (N, C, D...):
 * y = scale[c] * (x - mean) / sqrt(var + epsilon) + b[c]. */
void lk_ref_instance_norm(double epsilon, const lk_tensor_t *x,
                          const lk_tensor_t *scale, const lk_tensor_t *b,
                          lk_tensor_t *y);

typedef struct lk_lrn_params {
  double alpha, beta, bias;
  int64_t size;
} lk_lrn_params_t;

/* Across channels of x (N, C, ...): y = x / (bias + alpha / size *
 * sum of x^2 over channels [c - floor((size-1)/2), c + ceil((size-1)/2)])
 * ^ beta. */
void lk_ref_lrn(const lk_lrn_params_t *p, const lk_tensor_t *x, lk_tensor_t *y);

/* y = (x - mean) / (sqrt(var) + 1e-9), statistics over the dims whose bit
 * is set in axes_mask (ONNX MeanVarianceNormalization). Workspace and
 * failure as lk_ref_layer_norm. */
bool lk_ref_mvn(uint32_t axes_mask, const lk_tensor_t *x, lk_tensor_t *y,
                lk_workspace_t ws);
size_t lk_ref_mvn_workspace(uint32_t axes_mask, const lk_tensor_t *x);

#endif /* LITE_KERNELS_REF_NORM_H */

/* pool.h - reference pooling (ONNX MaxPool, AveragePool, LpPool and their
 * Global forms) over N spatial dims, like conv.h: x is (N, C, D1..Ds), the
 * output sizes are y's dims and the plan step (lk_plan_pool2d in
 * kernels/plan/nn.h) resolves auto_pad, ceil_mode and global pooling into
 * kernel, strides and pads. */
#ifndef LITE_KERNELS_REF_POOL_H
#define LITE_KERNELS_REF_POOL_H

#include <stdbool.h>

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

#define LK_POOL_MAX_SPATIAL (LK_MAX_RANK - 2)

typedef enum lk_pool_type {
  LK_POOL_MAX,
  LK_POOL_AVG,
  LK_POOL_LP
} lk_pool_type_t;

typedef struct lk_pool_params {
  lk_pool_type_t type;
  int32_t spatial;
  int64_t kernel[LK_POOL_MAX_SPATIAL];
  int64_t strides[LK_POOL_MAX_SPATIAL];
  int64_t dilations[LK_POOL_MAX_SPATIAL];
  int64_t pads_begin[LK_POOL_MAX_SPATIAL];
  int64_t pads_end[LK_POOL_MAX_SPATIAL];
  /* avg: divide by the window's positions inside the padded input (true)
   * or inside the input only (false). Positions past the trailing pad,
   * which ceil_mode can create, never count. */
  bool count_include_pad;
  int64_t p; /* lp: the norm's exponent */
} lk_pool_params_t;

/* Window of y[n, c, o]: x[n, c, o*s + k*d - pad_begin] for k < kernel;
 * positions outside x are skipped (max), count as 0 (avg, lp).
 * max: float dtypes and integers (exact up to 2^53); avg, lp: float dtypes.
 * A window with no position inside x gives the dtype's lowest value (max)
 * or 0 (avg, lp). Computes in double on copies of x and y in ws, of at
 * least lk_ref_pool2d_workspace bytes; returns false, having written
 * nothing, when it is shorter. */
bool lk_ref_pool2d(const lk_pool_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y, lk_workspace_t ws);
/* numel(x) and numel(y) doubles, each rounded up to 64 bytes (dims only). */
size_t lk_ref_pool2d_workspace(const lk_tensor_t *x, const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_POOL_H */

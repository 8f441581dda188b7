/* conv.h - reference convolution and transposed convolution (ONNX Conv and
 * ConvTranspose) over N spatial dimensions: x is (N, C, D1..Ds), the
 * kernels are written for any s in 1..LK_CONV_MAX_SPATIAL, so conv1d and
 * conv3d are the same code as conv2d. Padding, output sizes and auto_pad are
 * resolved by the plan steps (lk_plan_conv2d, lk_plan_conv2d_transpose in
 * kernels/plan/nn.h): the kernel takes the leading pads and reads the
 * output sizes from y's dims. */
#ifndef LITE_KERNELS_REF_CONV_H
#define LITE_KERNELS_REF_CONV_H

#include <stdbool.h>

#include "kernels/ref/activation.h"
#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

#define LK_CONV_MAX_SPATIAL (LK_MAX_RANK - 2)

typedef struct lk_conv_params {
  int32_t spatial; /* rank of x minus 2 */
  int64_t group;
  int64_t strides[LK_CONV_MAX_SPATIAL];
  int64_t dilations[LK_CONV_MAX_SPATIAL];
  /* Leading pad per spatial dim; the trailing pad is implied by y's dims.
   * Transposed convolution accepts negative values (an output_shape larger
   * than the natural one). */
  int64_t pads_begin[LK_CONV_MAX_SPATIAL];
  lk_activation_t act; /* applied to each result after bias and residual */
  double act_alpha, act_beta;
  /* Optional residual r of y's shape and dtype, added after the bias and
   * before the activation (a fused `add`); NULL or dtype none: absent. */
  const lk_tensor_t *residual;
} lk_conv_params_t;

/* y[n, m, o] = act(b[m] + sum_{c in group(m), k} x[n, c, o*s + k*d - pad]
 *                                               * w[m, c % Cg, k]
 *                   + r[n, m, o])
 * x: (N, C, D...), w: (M, C/group, K...), b: (M) or NULL / dtype none,
 * y: (N, M, O...) allocated, r (p->residual): y's shape and dtype, or
 * absent. All float dtypes; float32 takes a fast path that accumulates in
 * float (and adds b, then r, in float, as separate ops would), every other
 * dtype computes in double. Scratch comes from ws, of at least
 * lk_ref_conv2d_workspace bytes; returns false, having written nothing,
 * when it is shorter. */
bool lk_ref_conv2d(const lk_conv_params_t *p, const lk_tensor_t *x,
                   const lk_tensor_t *w, const lk_tensor_t *b, lk_tensor_t *y,
                   lk_workspace_t ws);

/* The workspace bytes of lk_ref_conv2d over these operands' dtypes and
 * dims (their data is not read; b and p->residual as there). Each rounded
 * up to 64 bytes: the tap table (one record per kernel position), a
 * copy of x when the last stride is above 1 (f32 or double elements), and
 * off the float32 path x, w, b, the residual and y as doubles. */
size_t lk_ref_conv2d_workspace(const lk_conv_params_t *p, const lk_tensor_t *x,
                               const lk_tensor_t *w, const lk_tensor_t *b,
                               const lk_tensor_t *y);

/* The adjoint of conv: every x[n, c, i] adds x * w[c, m % Mg, k] to
 * y[n, m, i*s + k*d - pad] for m in c's group; then bias, residual and
 * activation.
 * x: (N, C, D...), w: (C, M/group, K...), b: (M) or absent, y: (N, M, O...).
 * Same dtypes, workspace and failure as lk_ref_conv2d (it never copies
 * x: its strides fall on the output side). */
bool lk_ref_conv2d_transpose(const lk_conv_params_t *p, const lk_tensor_t *x,
                             const lk_tensor_t *w, const lk_tensor_t *b,
                             lk_tensor_t *y, lk_workspace_t ws);
size_t lk_ref_conv2d_transpose_workspace(const lk_conv_params_t *p,
                                         const lk_tensor_t *x,
                                         const lk_tensor_t *w,
                                         const lk_tensor_t *b,
                                         const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_CONV_H */

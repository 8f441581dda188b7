/* gemm.h - reference matrix products: numpy matmul (batch broadcasting,
 * 1-D operands), ONNX Gemm and Paddle's fc. One engine serves all three:
 * float32 runs on the tensors' own buffers and accumulates in float, other
 * float dtypes compute in double, integer dtypes in int64 with wrap-around.
 * The inner loop updates a whole output row from one row of B (i-k-j order),
 * so both operands stream through memory; a transposed B is packed first.
 *
 * Scratch comes from a workspace (kernels/ref/workspace.h) of at least the
 * kernel's *_workspace bytes for the same operands (their dtypes and dims;
 * data is not read): off the float32 path, A, B and the accumulator (y's
 * elements) in the computing type (double or int64); on it, B when it is
 * transposed; with a transposed B, one B matrix more for the transpose.
 * Each piece is rounded up to 64 bytes; the float32 product of an
 * untransposed B needs none. A kernel given less returns false having
 * written nothing; so does one whose batch dims do not broadcast (its size
 * function then answers 0). */
#ifndef LITE_KERNELS_REF_GEMM_H
#define LITE_KERNELS_REF_GEMM_H

#include <stdbool.h>

#include "kernels/ref/activation.h"
#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

/* y = a @ b with numpy semantics: operands of rank >= 2 are stacks of
 * matrices whose leading (batch) dims broadcast; a 1-D a is a row vector and
 * a 1-D b a column vector whose unit dim is dropped from y. y allocated with
 * the resulting shape. */
bool lk_ref_matmul(const lk_tensor_t *a, const lk_tensor_t *b, lk_tensor_t *y,
                   lk_workspace_t ws);
size_t lk_ref_matmul_workspace(const lk_tensor_t *a, const lk_tensor_t *b,
                               const lk_tensor_t *y);

typedef struct lk_gemm_params {
  double alpha, beta;
  bool trans_a, trans_b;
  lk_activation_t act;
  double act_alpha, act_beta;
} lk_gemm_params_t;

/* y (M x N) = act(alpha * op(a) @ op(b) + beta * c), op transposing when
 * asked; c (optional: NULL or dtype none) broadcasts to M x N. Integer
 * dtypes stay exact when alpha and beta are 1. */
bool lk_ref_gemm(const lk_gemm_params_t *p, const lk_tensor_t *a,
                 const lk_tensor_t *b, const lk_tensor_t *c, lk_tensor_t *y,
                 lk_workspace_t ws);
size_t lk_ref_gemm_workspace(const lk_gemm_params_t *p, const lk_tensor_t *a,
                             const lk_tensor_t *b, const lk_tensor_t *c,
                             const lk_tensor_t *y);

typedef struct lk_fc_params {
  int32_t in_num_col_dims; /* x's dims [0, this) are rows, the rest columns */
  lk_activation_t act;
  double act_alpha, act_beta;
} lk_fc_params_t;

/* y = act(flatten(x) @ w + bias): x flattened to a matrix at
 * in_num_col_dims, w (K x N), bias of N elements (optional), y with x's
 * leading dims then N. */
bool lk_ref_fc(const lk_fc_params_t *p, const lk_tensor_t *x,
               const lk_tensor_t *w, const lk_tensor_t *bias, lk_tensor_t *y,
               lk_workspace_t ws);
size_t lk_ref_fc_workspace(const lk_fc_params_t *p, const lk_tensor_t *x,
                           const lk_tensor_t *w, const lk_tensor_t *bias,
                           const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_GEMM_H */

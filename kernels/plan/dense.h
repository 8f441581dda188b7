/* dense.h - plan steps of the matrix products: lite.matmul (numpy matmul),
 * lite.gemm (ONNX Gemm) and lite.fc (Paddle's fully connected layer), the
 * kernels of kernels/ref/gemm.h.
 *
 * Each step reads the op's attributes from p->attrs, checks the operands,
 * writes the result's shape to *out and the kernel's parameters to *params,
 * sets p->workspace_size (the gemm engine's scratch, kernels/ref/gemm.h;
 * 0 while a shape is unknown), or fails with the message in p->error.
 * Unknown ranks and dims leave the result dims that depend on them
 * unknown. */
#ifndef LITE_KERNELS_PLAN_DENSE_H
#define LITE_KERNELS_PLAN_DENSE_H

#include "kernels/plan.h"
#include "kernels/ref/gemm.h"

/* in: A, B (numeric, one dtype, rank >= 1). The batch dims (all but the
 * last two) broadcast; a 1-D A is a row vector and a 1-D B a column vector
 * whose unit dim the result drops. lk_ref_matmul takes no parameters. */
lt_result_t lk_plan_matmul(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out);

/* in: A, B (rank 2), C (optional, rank 0 to 2, broadcasting to M x N).
 * Attributes: alpha, beta, transA, transB and the fused activation. */
lt_result_t lk_plan_gemm(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_gemm_params_t *params);

/* in: X (rank >= 2), W (K x N), bias (optional: [N] or [1, N]). Attributes:
 * in_num_col_dims (X's dims before it are rows, the rest flatten into K)
 * and the fused activation. */
lt_result_t lk_plan_fc(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                       lk_shape_t *out, lk_fc_params_t *params);

#endif /* LITE_KERNELS_PLAN_DENSE_H */

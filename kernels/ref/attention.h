/* attention.h - multi-head self-attention, the fused form of the
 * projection / QK^T / softmax / V subgraph of transformer encoders. */
#ifndef LITE_KERNELS_REF_ATTENTION_H
#define LITE_KERNELS_REF_ATTENTION_H

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

typedef struct lk_attention_params {
  int64_t num_heads;
  double scale; /* multiplies Q K^T */
} lk_attention_params_t;

/* y[b, s, :] = concat over heads h of softmax_t(Q_h[s] . K_h[t] * scale +
 * mask[b, h, s, t]) V_h[t], with Q = x Wq + bq (likewise K, V). x is
 * [B, S, Din], w* [Din, D], b* [D], mask (may be NULL) broadcasts to
 * [B, H, S, S], y is [B, S, D]; D divisible by num_heads. Any float dtype,
 * computed in double on copies in ws, of at least lk_ref_attention_workspace
 * bytes; false, having written nothing, when it is shorter. */
bool lk_ref_attention(const lk_attention_params_t *p, const lk_tensor_t *x,
                      const lk_tensor_t *const w[3],
                      const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                      lk_tensor_t *y, lk_workspace_t ws);
/* Doubles, each piece rounded up to 64 bytes: x, mask (when given), the
 * three w and b, Q, K and V of one batch (3 x S x D), one row of scores
 * (S) and y (dims only; data is not read). */
size_t lk_ref_attention_workspace(const lk_tensor_t *x,
                                  const lk_tensor_t *const w[3],
                                  const lk_tensor_t *const b[3],
                                  const lk_tensor_t *mask,
                                  const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_ATTENTION_H */

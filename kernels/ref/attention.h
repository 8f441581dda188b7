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
 * [B, H, S, S], y is [B, S, D]; D divisible by num_heads. Any float dtype:
 * with every operand float32 computed in float (as the unfused ops are),
 * otherwise in double on copies; the scratch is ws, of at least
 * lk_ref_attention_workspace bytes (false, having written nothing, when it
 * is shorter). */
bool lk_ref_attention(const lk_attention_params_t *p, const lk_tensor_t *x,
                      const lk_tensor_t *const w[3],
                      const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                      lk_tensor_t *y, lk_workspace_t ws);
/* Each piece rounded up to 64 bytes: with every operand float32, Q, K and
 * V of one batch (3 x S x D floats), a head's K^T and V (D x S floats
 * each, at most), its scores (S x S) and its result (S x D at most);
 * otherwise as doubles x, mask (when given), the three w and b, Q, K and V
 * of one batch, one row of scores and y (dims only; data is not read). */
size_t lk_ref_attention_workspace(const lk_tensor_t *x,
                                  const lk_tensor_t *const w[3],
                                  const lk_tensor_t *const b[3],
                                  const lk_tensor_t *mask,
                                  const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_ATTENTION_H */

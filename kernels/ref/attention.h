/* attention.h - multi-head self-attention, the fused form of the
 * projection / QK^T / softmax / V subgraph of transformer encoders. */
#ifndef LITE_KERNELS_REF_ATTENTION_H
#define LITE_KERNELS_REF_ATTENTION_H

#include "kernels/tensor.h"

typedef struct lk_attention_params {
  int64_t num_heads;
  double scale; /* multiplies Q K^T */
} lk_attention_params_t;

/* y[b, s, :] = concat over heads h of softmax_t(Q_h[s] . K_h[t] * scale +
 * mask[b, h, s, t]) V_h[t], with Q = x Wq + bq (likewise K, V). x is
 * [B, S, Din], w* [Din, D], b* [D], mask (may be NULL) broadcasts to
 * [B, H, S, S], y is [B, S, D]; D divisible by num_heads. Any float dtype,
 * computed in double. False when out of memory. */
bool lk_ref_attention(const lk_attention_params_t *p, const lk_tensor_t *x,
                      const lk_tensor_t *const w[3],
                      const lk_tensor_t *const b[3], const lk_tensor_t *mask,
                      lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_ATTENTION_H */

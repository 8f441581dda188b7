/* attention.h - the plan step of lite.attention, multi-head self-attention
 * with its Q/K/V projections (the kernel of kernels/ref/attention.h). */
#ifndef LITE_KERNELS_PLAN_ATTENTION_H
#define LITE_KERNELS_PLAN_ATTENTION_H

#include "kernels/plan.h"
#include "kernels/ref/attention.h"

/* in: X [B, S, Din], Wq, Bq, Wk, Bk, Wv, Bv (W* [Din, D], B* [D], X's float
 * dtype), Mask (optional, float, broadcasting to the scores
 * [B, num_heads, S, S]). Attributes: num_heads (required, > 0, dividing D)
 * and scale (default 1 / sqrt(D / num_heads), or 1 while D is unknown).
 * *out gets [B, S, D]; unknown dims stay -1. p->workspace_size is
 * lk_ref_attention_workspace once every shape is known, else 0. */
lt_result_t lk_plan_attention(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_attention_params_t *params);

#endif /* LITE_KERNELS_PLAN_ATTENTION_H */

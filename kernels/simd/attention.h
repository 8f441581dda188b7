/* attention.h - {x86,arm}_attention__f32_nchw: lite.attention (multi-head
 * self-attention with its Q/K/V projections; kernels/ref/attention.h) on
 * the SIMD GEMM (gemm.h).
 *
 * Per batch: one product X [S x Din] by [Wq | Wk | Wv] (packed once at
 * load when the weights are constants, else per call into the workspace)
 * gives Q, K and V side by side, biases added. Then per head, heads over
 * the parallel-for: K_h^T and V_h packed from that buffer, the scores
 * Q_h K_h^T, scaled, plus the mask, softmax by rows (vector exp), and the
 * scores by V_h into the head's columns of Y. The reference kernel runs
 * instead for other element types and x86 CPUs without AVX2 + FMA. */
#ifndef LITE_KERNELS_SIMD_ATTENTION_H
#define LITE_KERNELS_SIMD_ATTENTION_H

#include <stdint.h>

#include "kernels/simd/simd.h"

/* One row of scores: row[t] = row[t] * scale + mask[t * mask_stride]
 * (mask may be NULL), then softmax over the n of them. */
typedef void (*lk_simd_softmax_row_fn)(float *row, int64_t n, float scale,
                                       const float *mask, int64_t mask_stride);
#define LK_SIMD_SOFTMAX_ROW_(s)                                                \
  void lk_f32_softmax_row__##s(float *row, int64_t n, float scale,             \
                               const float *mask, int64_t mask_stride);
LK_SIMD_DECLARE(LK_SIMD_SOFTMAX_ROW_)
#undef LK_SIMD_SOFTMAX_ROW_

#endif /* LITE_KERNELS_SIMD_ATTENTION_H */

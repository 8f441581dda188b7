/* pool_nchwc.h - x86_pool2d__f32_nchw16c: max and average pooling over
 * the two spatial dims of f32 nchw16c tensors (kernels/abi.h), any window,
 * stride, dilation and pads (lk_pool_params_t), their global forms
 * included, so a blocked region of convolutions keeps its pooling.
 *
 * Each output pixel reduces its window's 16-channel vectors
 * (pool_nchwc_kernel.inc, per instruction set), one output row of one
 * block per work item. Without AVX2 + FMA the call fails, as
 * x86_conv2d__f32_nchw16c's does. Max takes a NaN in the window (as the
 * reference kernel), and a window with no input position gives -inf;
 * average divides by the positions inside the input, or inside the padded
 * input with count_include_pad (never those ceil_mode adds past the
 * trailing pad), and gives 0 for an empty window. The padded lanes of the
 * last block are pooled like the others: whatever they hold stays there.
 *
 * Lp pooling, other ranks and views that are not dense nchw16c are refused
 * with the kernel's name (the registry row takes max and avg only; the
 * layout choice puts only rank-4 values in the blocked layout). */
#ifndef LITE_KERNELS_SIMD_POOL_NCHWC_H
#define LITE_KERNELS_SIMD_POOL_NCHWC_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/simd/simd.h"

/* One output row of one image's channel block. */
typedef struct lk_simd_pool_nchwc_row {
  const float *x; /* the block's plane [h][w][16] */
  float *y;       /* the row's ow pixels [ow][16] */
  int64_t h, w, ow;
  int64_t ih0; /* the window's first input row (oh sh - ph) */
  int64_t kh0, kh1, rows_counted; /* rows inside x; counted by avg */
  int64_t kw, sw, dw, pw, pw_end; /* columns */
  bool max, include_pad;
} lk_simd_pool_nchwc_row_t;

void lk_f32_pool_nchwc_row__avx2(const lk_simd_pool_nchwc_row_t *r, int64_t dh);
void lk_f32_pool_nchwc_row__avx512f(const lk_simd_pool_nchwc_row_t *r,
                                    int64_t dh);

#endif /* LITE_KERNELS_SIMD_POOL_NCHWC_H */

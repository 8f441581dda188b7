/* conv_dw.h - {x86,arm}_conv2d__f32_nchw's depthwise path: a group per
 * channel, one output channel each (the depthwise convolutions of the
 * mobile networks), any kernel size, stride, dilation and pads.
 *
 * An item is one channel plane of one image. It is copied into the
 * worker's slice of the workspace with its pads as zeros, each row split
 * into its stride's phases (columns c with c mod s = 0, then 1, ...; one
 * phase at stride 1), with room past the right edge for a last vector's
 * reads: every window then lies inside, and the inputs a tap multiplies
 * into consecutive output columns are consecutive floats of one phase.
 * Per 4 output rows and run of 2 vectors of pixels (LK_LANES each), every
 * tap's weight is broadcast and multiplied into the 8 accumulators by the
 * input vectors under it, the partial last vector stored as far as the
 * row goes. The bias, a residual and the activation go over each
 * finished row (epilogue.h). */
#ifndef LITE_KERNELS_SIMD_CONV_DW_H
#define LITE_KERNELS_SIMD_CONV_DW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/parallel.h"
#include "kernels/simd/conv.h"
#include "kernels/simd/epilogue.h"
#include "kernels/simd/simd.h"

/* Output rows [0, rows) (rows <= 4) of ow columns, ow floats apart in y:
 * y[q ow + o] = sum over the taps (i, j) of w[i kw + j] times x at row q
 * sh + i dh, column o sw + j dw of the padded plane (x at the first row's
 * window; column c at c mod sw phases, c / sw in). Four rows go together
 * (each tap's weight serving 4 or 8 accumulators). */
typedef struct lk_simd_dw_row {
  const float *x;
  int64_t row;   /* floats between rows of the padded plane */
  int64_t x_out; /* floats between output rows' windows: sh row */
  /* column tap j's first input within a row: (j dw mod sw) phases of the
   * row's phase length, plus j dw / sw */
  const int64_t *col;
  const float *w;
  int64_t kh, kw, dh;
  float *y;
  int64_t ow, rows;
} lk_simd_dw_row_t;

/* dst[k] = src[2 k] for k < n: a stride-2 row's phase. */
#define LK_SIMD_DW_DECL_(s)                                                    \
  void lk_f32_dw_row__##s(const lk_simd_dw_row_t *r);                          \
  void lk_f32_dw_gather2__##s(float *dst, const float *src, int64_t n);
LK_SIMD_DECLARE(LK_SIMD_DW_DECL_)
#undef LK_SIMD_DW_DECL_

/* Whether g is depthwise (a group per channel, one output each). */
bool lk_simd_dw_applies(const lk_simd_conv_geom_t *g);

/* Workspace floats for workers threads (a padded plane each). */
size_t lk_simd_dw_workspace_floats(const lk_simd_conv_geom_t *g,
                                   uint32_t workers);

/* The convolution: x [N, C, H, W], w [C, 1, KH, KW], bias (C floats or
 * NULL), residual (y's shape or NULL), y, the activation e; ws 64-byte
 * aligned, lk_simd_dw_workspace_floats of them. */
void lk_simd_dw_run(lk_simd_isa_t isa, const lk_simd_conv_geom_t *g,
                    const float *x, const float *w, const float *bias,
                    const float *residual, float *y,
                    const lk_simd_epilogue_t *e, float *ws,
                    const lk_parallel_t *par);

#endif /* LITE_KERNELS_SIMD_CONV_DW_H */

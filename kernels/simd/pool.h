/* pool.h - {x86,arm}_pool2d__f32_nchw: max and average pooling over two spatial
 * dims of f32 nchw tensors, any window, stride, dilation and pads (the
 * plan step's lk_pool_params_t), one (n, c) plane per work item of the
 * parallel-for.
 *
 * A plane goes output row by output row: the window's input rows are
 * reduced into one row first (vectors along the input width; max, or a
 * sum for avg), held in a buffer whose ends are the pads (-inf for max, 0
 * for avg) so the second, horizontal, pass reads no bounds: vectors along
 * the output width at strides 1 and 2 (the even elements of twice the
 * lanes), element by element otherwise. Average
 * divides by the window's count, which splits into a row part and a column
 * part (count_include_pad counts the pads, never what ceil_mode adds past
 * them). A NaN in a max window gives NaN, and a window with no input
 * position gives -inf (max) or 0 (avg), as the reference kernel.
 *
 * The reference kernel (kernels/ref/pool.h) runs instead for lp pooling,
 * one or three spatial dims, rows longer than LK_SIMD_POOL_MAX_ROW and
 * x86 CPUs without AVX2 + FMA. */
#ifndef LITE_KERNELS_SIMD_POOL_H
#define LITE_KERNELS_SIMD_POOL_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/simd/simd.h"

/* The longest padded input row and output row the kernel buffers (on the
 * stack of the thread running a plane). */
#define LK_SIMD_POOL_MAX_ROW 4096
#define LK_SIMD_POOL_SLACK 32

typedef struct lk_simd_pool_geom {
  int64_t h, w, oh, ow;   /* input and output plane */
  int64_t kh, kw, sh, sw, dh, dw;
  int64_t ph, pw, ph_end; /* pads before (both dims), after (rows) */
  /* the padded row buffer: pw + w + what the windows reach past it, and
   * LK_SIMD_POOL_SLACK more (a stride-2 vector reads one element past its
   * last window) */
  int64_t row_len;
  bool max;
  bool include_pad;
  /* avg: per output column, its part of the window's count (>= 1) */
  const float *col_count;
} lk_simd_pool_geom_t;

/* The window taps along one dim of output position o that land inside
 * [0, in): [first, first + count), and those inside the padded extent
 * [-pad, in + pad_end): padded. */
typedef struct lk_simd_pool_span {
  int64_t first, count, padded;
} lk_simd_pool_span_t;

lk_simd_pool_span_t lk_simd_pool_span(int64_t o, int64_t stride, int64_t dil,
                                    int64_t pad, int64_t pad_end,
                                    int64_t kernel, int64_t in);

/* One plane: y (oh x ow) from x (h x w); row is the thread's buffer of
 * g->row_len floats. */
#define LK_SIMD_POOL2D_PLANE_(s)                                               \
  void lk_f32_pool2d_plane__##s(const lk_simd_pool_geom_t *g, const float *x,  \
                                float *y, float *row);
LK_SIMD_DECLARE(LK_SIMD_POOL2D_PLANE_)
#undef LK_SIMD_POOL2D_PLANE_

#endif /* LITE_KERNELS_SIMD_POOL_H */

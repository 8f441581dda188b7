/* conv_nchwc_wino.h - x86_conv2d__f32_nchw16c's Winograd form: 3 x 3
 * convolutions of stride and dilation 1 (one group) as F(4 x 4, 3 x 3),
 * Lavin and Gray's minimal filtering over the points 0, 1, -1, 2, -2 and
 * infinity: each 4 x 4 tile of the output comes from the 6 x 6 patch of
 * the input under it, in 36 products per channel pair instead of 144.
 *
 * The weights are transformed at load (U = G g G^T per output and input
 * channel, in double, then rounded) into 36 matrices of C x M (C and M
 * padded to the 16-channel blocks), each packed as the GEMM's B
 * (gemm.h). A run goes over blocks of tiles (an item: an image's block),
 * each in three steps on one worker: the input transform (V = B^T d B per
 * tile and channel, 16 channels a vector) writes 36 matrices of tiles x C,
 * 36 GEMMs multiply them by U into 36 matrices of tiles x M, and the
 * output transform (A^T m A) writes each tile's 4 x 4 pixels into y with
 * the bias, the residual and a relu or relu6 in the store (any other
 * activation over the tile's rows after it, epilogue.h). A block's
 * matrices fit LK_SIMD_WINO_BLOCK_BYTES, so they stay in L2 between the
 * steps, while the U matrices stream from the outer caches once a block.
 *
 * Rounding: the transforms add and scale up to 36 inputs per value, so
 * the result differs from the direct sum by a few units in the last place
 * of the largest terms (about 1e-6 relative to sum |x| |w| on random
 * data), as onnxruntime's, oneDNN's and ncnn's Winograd kernels do; a NaN
 * or infinity in the input reaches the whole output tile (and its
 * neighbours') whose patch holds it, not only the pixels whose window
 * does. The padded lanes of x are never read (masked loads). */
#ifndef LITE_KERNELS_SIMD_CONV_NCHWC_WINO_H
#define LITE_KERNELS_SIMD_CONV_NCHWC_WINO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/parallel.h"
#include "kernels/simd/epilogue.h"
#include "kernels/simd/simd.h"

#define LK_SIMD_WINO_OUT 4 /* output tile side */
#define LK_SIMD_WINO_IN 6  /* input patch side: 4 + 3 - 1 */
#define LK_SIMD_WINO_POS 36
/* A block's V and M matrices together stay within this (L2, beside the U
 * panel being read). */
#define LK_SIMD_WINO_BLOCK_BYTES (512 * 1024)

/* The transforms' work on one block of tiles of one image. V and M are
 * position-major: position p's matrix at p * rows * k (or n), a tile's row
 * of k (n) floats. */
typedef struct lk_simd_wino_tiles {
  const float *x;       /* the image, nchw16c */
  int64_t h, w, ph, pw; /* input rows and columns, leading pads */
  int64_t cb;           /* input blocks */
  int64_t lanes_last;   /* channels of the last one (1 to 16) */
  float *v;             /* V: 36 x rows x k */
  int64_t k;            /* cb * 16 */
  const float *mt;      /* M: 36 x rows x n */
  int64_t n;            /* mb * 16 */
  float *y;             /* the image, nchw16c */
  const float *residual; /* like y, or NULL */
  const float *bias;    /* n floats */
  int64_t oh, ow, mb;
  bool clamp;
  float lo, hi;
  int64_t tw;     /* tiles a row of the map */
  int64_t t0, nt; /* the block: tiles [t0, t0 + nt) */
  int64_t rows;   /* the matrices' rows (>= nt) */
} lk_simd_wino_tiles_t;

#define LK_SIMD_WINO_DECL_(s)                                                  \
  void lk_f32_wino_input__##s(const lk_simd_wino_tiles_t *t);                  \
  void lk_f32_wino_output__##s(const lk_simd_wino_tiles_t *t);
LK_SIMD_DECLARE(LK_SIMD_WINO_DECL_)
#undef LK_SIMD_WINO_DECL_

/* A convolution the form computes: one image after another. */
typedef struct lk_simd_wino_conv {
  lk_simd_isa_t isa;
  int64_t n, c, h, w, m, oh, ow, ph, pw;
  const float *x;        /* nchw16c */
  const float *u;        /* lk_simd_wino_pack's */
  const float *bias;     /* padded to the blocks */
  const float *residual; /* nchw16c like y, or NULL */
  float *y;              /* nchw16c */
  bool clamp;            /* relu / relu6 in the store */
  float lo, hi;
  bool other_act; /* e's activation over the finished tiles */
  lk_simd_epilogue_t e;
} lk_simd_wino_conv_t;

/* Whether the form computes the convolution at all (3 x 3, stride and
 * dilation 1, one group, C >= 1), and whether it is the faster one for it
 * (channels and tiles enough that the products outweigh the transforms:
 * the threshold measured by bench/kernels' Winograd rows). */
bool lk_simd_wino_applies(int64_t group, int64_t kh, int64_t kw, int64_t sh,
                          int64_t sw, int64_t dh, int64_t dw);
bool lk_simd_wino_pays(int64_t c, int64_t m, int64_t oh, int64_t ow);

/* Floats of the transformed weights for isa, and the transform of w [M, C,
 * 3, 3] into out. */
size_t lk_simd_wino_packed_floats(lk_simd_isa_t isa, int64_t c, int64_t m);
void lk_simd_wino_pack(lk_simd_isa_t isa, int64_t c, int64_t m, const float *w,
                       float *out);

/* Workspace floats of a run on workers threads, and the run (ws 64-byte
 * aligned, that many floats). */
size_t lk_simd_wino_workspace_floats(const lk_simd_wino_conv_t *a,
                                     uint32_t workers);
void lk_simd_wino_run(const lk_simd_wino_conv_t *a, float *ws,
                      const lk_parallel_t *par);

#endif /* LITE_KERNELS_SIMD_CONV_NCHWC_WINO_H */

/* conv_nchwc_wino.h - x86_conv2d__f32_nchw16c's Winograd form: 3 x 3
 * convolutions of stride and dilation 1 (one group) as F(4 x 4, 3 x 3) or
 * F(2 x 2, 3 x 3), Lavin and Gray's minimal filtering (over the points 0,
 * 1, -1, 1/2, -2 and infinity, or 0, 1, -1 and infinity): each 4 x 4 (2 x 2)
 * tile of the output comes from the 6 x 6 (4 x 4) patch of the input
 * under it, in 36 (16) products per channel pair instead of 144 (36).
 * F(4 x 4) on maps of more than 64 pixels; F(2 x 2) on the smaller ones
 * with 64 channels or more each way (resnet's 7 x 7 stage), where 4 x 4
 * tiles would compute 64 pixels for 49 and their weights, 4x the direct
 * ones, stream from memory.
 *
 * The weights are transformed at load (U = G g G^T per output and input
 * channel, in double, then rounded) into P = 36 (16) matrices of C x M (C
 * and M padded to the 16-channel blocks), each packed as the GEMM's B
 * (gemm.h). A run goes over blocks of tiles (an item: an image's block),
 * each in three steps on one worker: the input transform (V = B^T d B per
 * tile and channel, 16 channels a vector) writes P matrices of tiles x C,
 * P GEMMs multiply them by U into P matrices of tiles x M, and the
 * output transform (A^T m A) writes each tile's pixels into y with
 * the bias, the residual and a relu or relu6 in the store (any other
 * activation over the tile's rows after it, epilogue.h). An image's tiles
 * are one block where its matrices fit LK_SIMD_WINO_IMAGE_BYTES (the U
 * matrices, often megabytes, then stream from memory once), else blocks
 * whose matrices fit LK_SIMD_WINO_BLOCK_BYTES, so they stay in L2 between
 * the steps while U streams from the outer caches once a block. Where the
 * images' blocks leave workers idle, the work splits by output channels
 * (GEMM panels) when U outweighs the tiles' V, each worker transforming
 * the block's input itself and reading its share of U, else by tiles.
 *
 * Rounding: the transforms add and scale up to 36 inputs per value, so
 * the result differs from the direct sum by more than the sum's own
 * rounding: on random data the largest difference is about 3e-6 of the
 * output's largest value with the 4 x 4 tile (7e-7 for the direct sum,
 * 3e-7 with the 2 x 2 tile), as Winograd kernels elsewhere (ncnn's)
 * trade; a NaN
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

/* An input patch's side at most: the output tile's (4 or 2) + 3 - 1. */
#define LK_SIMD_WINO_IN_MAX 6
/* A block's V and M matrices together stay within this (L2, beside the U
 * panel being read), and a whole image's within the other. */
#define LK_SIMD_WINO_BLOCK_BYTES (512 * 1024)
#define LK_SIMD_WINO_IMAGE_BYTES (2 * 1024 * 1024)
/* The most bytes one convolution's transformed weights take in the form
 * the pick chooses (a forced form takes any size): 36 matrices of a 1024
 * x 1024 convolution would be 144 MiB. */
#define LK_SIMD_WINO_MAX_PACKED_BYTES ((size_t)64 * 1024 * 1024)

/* The transforms' work on one block of tiles of one image. V and M are
 * position-major: position p's matrix at p * rows * k (or n), a tile's row
 * of k (n) floats. */
typedef struct lk_simd_wino_tiles {
  int64_t out;          /* the output tile's side: 4 or 2 */
  const float *x;       /* the image, nchw16c */
  int64_t h, w, ph, pw; /* input rows and columns, leading pads */
  int64_t cb;           /* input blocks */
  int64_t lanes_last;   /* channels of the last one (1 to 16) */
  float *v;             /* V: P x rows x k */
  int64_t k;            /* cb * 16 */
  const float *mt;      /* M: P x rows x n */
  int64_t n;            /* mb * 16 */
  float *y;             /* the image, nchw16c */
  const float *residual; /* like y, or NULL */
  const float *bias;    /* n floats */
  int64_t oh, ow;
  int64_t ob0, ob1; /* the output blocks the output transform writes */
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
  int64_t out; /* the output tile's side: 4 or 2 */
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
 * dilation 1, one group, C >= 1), and the output tile that makes it the
 * faster one for the shape (4 or 2; 0: neither, channels too few for the
 * products to outweigh the transforms, the thresholds measured by
 * bench/kernels' Winograd rows, or transformed weights past
 * LK_SIMD_WINO_MAX_PACKED_BYTES). */
bool lk_simd_wino_applies(int64_t group, int64_t kh, int64_t kw, int64_t sh,
                          int64_t sw, int64_t dh, int64_t dw);
int64_t lk_simd_wino_tile(int64_t c, int64_t m, int64_t oh, int64_t ow);

/* Floats of the transformed weights for isa and tile (4 or 2), and the
 * transform of w [M, C, 3, 3] into out. */
size_t lk_simd_wino_packed_floats(lk_simd_isa_t isa, int64_t tile, int64_t c,
                                  int64_t m);
void lk_simd_wino_pack(lk_simd_isa_t isa, int64_t tile, int64_t c, int64_t m,
                       const float *w, float *out);

/* Workspace floats of a run on workers threads, and the run (ws 64-byte
 * aligned, that many floats). */
size_t lk_simd_wino_workspace_floats(const lk_simd_wino_conv_t *a,
                                     uint32_t workers);
void lk_simd_wino_run(const lk_simd_wino_conv_t *a, float *ws,
                      const lk_parallel_t *par);

#endif /* LITE_KERNELS_SIMD_CONV_NCHWC_WINO_H */

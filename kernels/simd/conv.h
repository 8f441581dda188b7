/* conv.h - {x86,arm}_conv2d__f32_nchw: convolution over two spatial dims (any
 * kernel size, stride, dilation, pads, groups) as an implicit GEMM.
 *
 * Per image and group, Y_g [Mg x OH OW] = W_g [Mg x K] X_g, K = Cg KH KW,
 * where the columns X_g (im2col: row (c, kh, kw), column (oh, ow) holds
 * x[c, oh sh - ph + kh dh, ow sw - pw + kw dw], zero outside) are never
 * built whole: each panel of output pixels is gathered straight into
 * gemm.h's packed form and multiplied while it sits in cache
 * (lk_simd_gemm_tile). Two forms:
 *
 * - channels as rows (the usual one): the weights are A, packed at load
 *   in MR-row panels (as stored when not constant), the columns are B in
 *   NR-pixel panels (a pointwise convolution with at most two blocks of
 *   channels reads its whole panels in place from x, gemm.h's ldb); the bias rides in the microkernel's first store, the
 *   residual and a relu or relu6 in its last one (gemm.h's store), any
 *   other activation goes over each finished panel (epilogue.h) before it
 *   leaves the cache.
 * - pixels as rows, for feature maps of a few panels whose last one would
 *   be mostly empty (7 x 7 is 49 of 64 columns on AVX-512): the columns
 *   are A (MR pixels a panel), the weights transposed are B (packed at
 *   load in NR-channel panels), and each tile of channels is transposed
 *   into y and finished. The pack function picks the form from the input's
 *   shape; the call follows the packed header.
 *
 * Threads: with the channels as rows and at least four panels per worker,
 * an item is a tile of panels, packed into that worker's slice of the
 * workspace, against every output channel; with fewer (small feature
 * maps, deep channels) every panel is packed first and an item is the
 * panels against a chunk of channels, so the workers share the columns and
 * split the weights. With the pixels as rows, where there are at least as
 * many pixels as channels an item packs a chunk of pixels itself and takes
 * every channel; otherwise the columns are packed first and an item is a
 * tile of channel panels.
 *
 * On x86, a 3 x 3 stride-1 convolution whose shape pays for it
 * (lk_simd_wino_tile) is packed at load in x86_conv2d__f32_nchw16c's
 * Winograd form instead and runs there (conv_nchwc.h): x read as nchw and
 * blocked, y computed blocked and copied back, about 1.5x faster than the
 * implicit GEMM on a 96 -> 24 channel 160 x 160 map in spite of the
 * copies (bench/kernels).
 *
 * Any group: depthwise convolutions take their own path (conv_dw.h),
 * other groups the GEMM per group. The reference kernel runs instead for
 * other element types and ranks, and CPUs without AVX2 + FMA. */
#ifndef LITE_KERNELS_SIMD_CONV_H
#define LITE_KERNELS_SIMD_CONV_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/simd/simd.h"

typedef struct lk_simd_conv_geom {
  int64_t n, c, h, w, m, oh, ow, kh, kw, group;
  int64_t sh, sw, ph, pw, dh, dw;
  int64_t cg, mg, k, pixels; /* per group: Cg, Mg, Cg KH KW; OH OW */
  bool pointwise; /* 1 x 1, stride 1, no pads: the columns are x itself */
} lk_simd_conv_geom_t;

/* The operands' shapes as the fast paths take them (lk_simd_conv2d_views),
 * w [M, C/group, KH, KW], strides and dilations of 1 or more; false for
 * anything else and for empty operands (the reference kernel writes
 * those). The nchw16c kernel shares it (conv_nchwc.h). */
bool lk_simd_conv2d_geometry(const lk_call_t *call, lk_simd_conv_geom_t *g);

/* The pack function's work for isa (the pack function packs for the
 * host's): the weights as the form the call will take reads them (on x86
 * the Winograd form where it pays); _gemm: one of the implicit GEMM's two
 * forms only (the nchw16c kernel's small maps). */
lt_status_t lk_simd_conv2d_pack_isa(lk_simd_isa_t isa, const void *params,
                                   const lk_view_t *consts,
                                   uint32_t num_consts, void *out,
                                   size_t *out_size);
lt_status_t lk_simd_conv2d_pack_gemm(lk_simd_isa_t isa, const void *params,
                                     const lk_view_t *consts,
                                     uint32_t num_consts, void *out,
                                     size_t *out_size);

/* Output pixels [j0, j0 + w) of the columns of one group's channels x
 * [Cg, H, W], packed as ceil(w / nr) GEMM panels of nr columns, each K
 * rows (row r = (c, kh, kw) of panel q at out + (q K + r) nr), zero past
 * w (conv_kernel.inc). */
typedef void (*lk_simd_conv_pack_fn)(const lk_simd_conv_geom_t *g,
                                     const float *x, int64_t j0, int64_t w,
                                     int64_t nr, float *out);
#define LK_SIMD_CONV_PACK_(s)                                                  \
  void lk_f32_conv_pack__##s(const lk_simd_conv_geom_t *g, const float *x,     \
                             int64_t j0, int64_t w, int64_t nr, float *out);
LK_SIMD_DECLARE(LK_SIMD_CONV_PACK_)
#undef LK_SIMD_CONV_PACK_

#endif /* LITE_KERNELS_SIMD_CONV_H */

/* conv_nchwc.h - x86_conv2d__f32_nchw16c: direct convolution into the
 * blocked layout nchw16c (kernels/abi.h: [N, ceil(C/16), H, W, 16]), any
 * kernel size, stride, dilation and pads, any group, as onnxruntime's
 * NCHWc kernels and oneDNN's blocked ones compute it.
 *
 * The output is nchw16c; the input is nchw16c or plain nchw (the stem's
 * three channels need no block of their own: the kernel reads either
 * through the view's strides, so its row declares the input at `any`
 * layout). The weights are packed at load into groups of output blocks
 * (on AVX-512 up to 4 blocks of 16 channels, 2 for rows of up to 8
 * pixels; 1 on AVX2; the blocks split as evenly as they go), per group
 * [input block][kh][kw][input lane][output channel], zero past C and M.
 *
 * A tile (conv_nchwc_kernel.inc) is a group's channels by up to 6 to 12
 * output pixels of one row (what the accumulators leave of the
 * registers), in registers; per input channel of each tap it loads the
 * group's weight vectors once and multiplies each by every pixel's input
 * value broadcast. A row's pixels go as tiles of even widths. Pixels whose
 * window leaves the input at the left or right run one by one over the
 * taps inside it, unless the map is at most 32 wide, where the kernel
 * reads a copy of x with its pads in it; the rows of the window outside
 * the input are skipped. A pointwise convolution's pixels are one row.
 * The bias rides in the first store, the residual (nchw16c) and a relu or
 * relu6 in the last; any other activation goes over each finished tile
 * (epilogue.h). The input blocks go in chunks whose weights fit
 * LK_SIMD_NCHWC_CHUNK_BYTES, each chunk over every tile of the item (the
 * partial sums in y), the next chunk's weights prefetched into L2.
 *
 * Depthwise convolutions (a group per channel) have tiles of their own,
 * their weights packed as [block][kh][kw][16]: for 3 x 3 and 5 x 5 kernels
 * at stride 1 or 2, one block by up to 16 pixels (8 on AVX2) with each
 * input column loaded once per kernel row (lk_simd_nchwc_dwk_t); for the
 * others, one block by up to 8 pixels (4 on AVX2), the block's weights for
 * a tap in registers and each pixel's input vector read by its
 * multiply-add. Other groups, and depthwise over an nchw input, go element
 * by element (correct, not fast: the row takes them so a blocked region
 * keeps them).
 *
 * 3 x 3 convolutions of stride 1 take the Winograd form instead where it
 * pays (conv_nchwc_wino.h: F(4 x 4, 3 x 3), 2.2 to 3x faster than the
 * direct tiles on resnet's 56, 28 and 14 maps; F(2 x 2, 3 x 3) on its 7 x 7
 * ones), chosen as the weights are packed (lk_simd_conv_form_t).
 *
 * Threads: an item is an image, a group of output blocks and a band of
 * output rows (bands only where there are fewer than two items a worker).
 * Depthwise: an item is one output row of one block. The padded lanes of
 * y's last block are written (as the bias's zeros, activated) and the
 * padded lanes of x never read.
 *
 * Without AVX2 + FMA the call fails (the reference kernels take no blocked
 * layout): lt_compile_host_places puts nchw16c among the places only for
 * CPUs that have it. */
#ifndef LITE_KERNELS_SIMD_CONV_NCHWC_H
#define LITE_KERNELS_SIMD_CONV_NCHWC_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/simd/simd.h"

/* Weight bytes a group's chunk of input blocks keeps within (L1, beside
 * the tiles' inputs and partial sums; at least one input block). */
#define LK_SIMD_NCHWC_CHUNK_BYTES (40 * 1024)

/* One tile: NV weight vectors (whole output blocks) by PW pixels of one
 * output row. Strides in floats. */
typedef struct lk_simd_nchwc_tile {
  const float *x;        /* the first pixel's first tap, input block 0 */
  const float *w;        /* the group's weights at that tap, block 0 */
  float *y;              /* the first pixel, the group's first block */
  const float *bias;     /* the group's channels, padded to its blocks */
  const float *residual; /* like y, or NULL */
  int64_t cb;            /* input blocks */
  int64_t lanes_last;    /* channels of the last one (1 to 16) */
  int64_t nkh, nkw;      /* taps */
  int64_t x_cb, x_lane, x_kh, x_kw, x_px;
  int64_t w_cb, w_kh, w_kw;
  int64_t y_ob, y_px; /* a block, a pixel */
  bool accumulate;    /* add to y (a later chunk), else to the bias */
  bool finish;        /* the last chunk: the residual and the clamp */
  bool clamp;
  float lo, hi;
} lk_simd_nchwc_tile_t;

typedef void (*lk_simd_nchwc_tile_fn)(const lk_simd_nchwc_tile_t *t);

/* The tile of nv vectors (<= 4 on AVX-512, 2 on AVX2) by pw (<= 6). */
void lk_f32_conv_nchwc_tile__avx2(const lk_simd_nchwc_tile_t *t, int64_t nv,
                                  int64_t pw);
void lk_f32_conv_nchwc_tile__avx512f(const lk_simd_nchwc_tile_t *t, int64_t nv,
                                     int64_t pw);

/* The depthwise tile of one block by pw pixels (<= 8 on AVX-512, 4 on
 * AVX2); the residual and clamp apply (finish is implied). The shapes
 * lk_f32_conv_nchwc_dwk takes have tiles of their own; this one takes the
 * others (dilations, other kernel sizes and strides). */
#define LK_SIMD_NCHWC_DW_PW(isa) ((isa) == LK_SIMD_ISA_AVX512 ? 8 : 4)
void lk_f32_conv_nchwc_dwtile__avx2(const lk_simd_nchwc_tile_t *t, int64_t pw);
void lk_f32_conv_nchwc_dwtile__avx512f(const lk_simd_nchwc_tile_t *t,
                                       int64_t pw);

/* The depthwise tiles of square 3 x 3 and 5 x 5 kernels at stride 1 or 2
 * without dilation: one block by pw pixels of an output row (<= 16 on
 * AVX-512, 8 on AVX2), the kernel size, stride and width constants of the
 * code. Per kernel row the row's weights are loaded once and each input
 * column the tile's windows cover is loaded once, into a register, and
 * multiplied into every output pixel whose window holds it (K
 * multiply-adds a load at stride 1). A tile whose windows leave the input
 * (border) skips the columns outside [0, w_in). On AVX2 the block's two
 * halves go one after the other. */
#define LK_SIMD_NCHWC_DWK_PW(isa) ((isa) == LK_SIMD_ISA_AVX512 ? 16 : 8)
#define LK_SIMD_NCHWC_DWK_TAKES(k, s) (((k) == 3 || (k) == 5) && ((s) == 1 || (s) == 2))
typedef struct lk_simd_nchwc_dwk {
  const float *x;        /* the block's first input row inside, column 0 */
  const float *w;        /* the block's weights at that row: [kh][kw][16] */
  float *y;              /* the tile's first output pixel */
  const float *bias;     /* the block's 16 */
  const float *residual; /* like y, or NULL */
  int64_t nkh;           /* kernel rows inside the input */
  int64_t x_kh;          /* floats from one input row to the next used */
  int64_t col0;          /* input column of the first pixel's first tap */
  int64_t w_in;          /* input columns */
  bool border;           /* some window leaves [0, w_in) */
  bool clamp;
  float lo, hi;
} lk_simd_nchwc_dwk_t;
void lk_f32_conv_nchwc_dwk__avx2(const lk_simd_nchwc_dwk_t *t, int64_t k,
                                 int64_t s, int64_t pw);
void lk_f32_conv_nchwc_dwk__avx512f(const lk_simd_nchwc_dwk_t *t, int64_t k,
                                    int64_t s, int64_t pw);

/* How the weights are packed, and so how the call computes: AUTO the
 * faster form for the shape (the direct tiles above, or for 3 x 3 stride-1
 * convolutions the Winograd form, conv_nchwc_wino.h, with the tile
 * lk_simd_wino_tile gives); DIRECT, WINOGRAD_4X4 (F(4 x 4, 3 x 3)) or
 * WINOGRAD_2X2 (F(2 x 2, 3 x 3)) that form wherever it computes the
 * convolution (benchmarks and tests compare them). A run follows its
 * packed weights' form; weights packed per call (no pack at load) take the
 * direct form, whose packing is cheaper. */
typedef enum lk_simd_conv_form {
  LK_SIMD_CONV_FORM_AUTO,
  LK_SIMD_CONV_FORM_DIRECT,
  LK_SIMD_CONV_FORM_WINOGRAD_4X4,
  LK_SIMD_CONV_FORM_WINOGRAD_2X2,
} lk_simd_conv_form_t;

/* The pack function's work for isa (the pack function packs for the
 * host's) and form. */
lt_status_t lk_simd_conv2d_pack_isa__f32_nchw16c(lk_simd_isa_t isa,
                                                const void *params,
                                                const lk_view_t *consts,
                                                uint32_t num_consts, void *out,
                                                size_t *out_size);
lt_status_t lk_simd_conv2d_pack_form__f32_nchw16c(
    lk_simd_isa_t isa, lk_simd_conv_form_t form, const void *params,
    const lk_view_t *consts, uint32_t num_consts, void *out, size_t *out_size);

/* x86_conv2d__f32_nchw's Winograd form (conv.h): its pack function
 * packs a 3 x 3 stride-1 convolution whose shape pays in the Winograd form
 * through this kernel's (lk_simd_conv2d_winograd_pack_nchw: nothing
 * packed, *out_size 0, where the form does not pay), and a call whose
 * packed weights are those (lk_simd_conv2d_winograd_packed) runs here: x
 * read as nchw (blocked into the workspace), y and a residual through
 * blocked copies. */
lt_status_t lk_simd_conv2d_winograd_pack_nchw(lk_simd_isa_t isa,
                                              const void *params,
                                              const lk_view_t *consts,
                                              uint32_t num_consts, void *out,
                                              size_t *out_size);
bool lk_simd_conv2d_winograd_packed(const lk_call_t *call);
size_t lk_simd_conv2d_winograd_workspace_nchw(const lk_call_t *call);
lt_status_t lk_simd_conv2d_winograd_nchw(const lk_call_t *call);

#endif /* LITE_KERNELS_SIMD_CONV_NCHWC_H */

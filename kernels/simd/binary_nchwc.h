/* binary_nchwc.h - x86_{add,sub,mul,div,prelu}__f32_nchw16c: broadcasting
 * binary arithmetic on f32 nchw16c tensors of rank 4, so a blocked region
 * keeps the squeeze-and-excitation products (a [N, C, 1, 1] scale over a
 * [N, C, H, W] map), residual sums the convolution could not take and
 * their kin.
 *
 * Each operand's dims are the output's or 1 (ONNX broadcasting at equal
 * rank; the layout choice puts only rank-4 values in the blocked layout).
 * An item of the parallel-for is an output row (image, channel block, row
 * of W pixels); per pixel an operand gives a whole block (its 16
 * channels), the same block for every pixel (W of 1) or, with one
 * channel, its lane 0 splat over the block. Two operands that both run the
 * row's pixels go as one flat vector loop. The op's fused activation goes
 * over each finished row (epilogue.h). prelu is x < 0 ? slope x : x, x the
 * first operand. The padded lanes of the last block are computed like the
 * others (whatever the operands' padded lanes hold: no kernel reads them).
 *
 * Views that are not dense nchw16c, shapes that do not broadcast and the
 * other binary ops are refused with the kernel's name; without AVX2 + FMA
 * the call fails (lk_simd_blocked_isa). */
#ifndef LITE_KERNELS_SIMD_BINARY_NCHWC_H
#define LITE_KERNELS_SIMD_BINARY_NCHWC_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/ref/elementwise.h"
#include "kernels/simd/epilogue.h"

/* One output row: pixels blocks of 16 floats at y. An operand's pixel p is
 * at its pointer + p * step (step 16, or 0: one block for the row); with
 * splat set only lane 0 of it counts, for every channel. */
typedef struct lk_simd_binary_nchwc_row {
  lk_binary_op_t op; /* ADD, SUB, MUL, DIV or PRELU */
  const float *a, *b;
  float *y;
  int64_t pixels;
  int64_t a_step, b_step;
  bool a_splat, b_splat;
} lk_simd_binary_nchwc_row_t;

/* The row per instruction set (binary_kernel.inc, beside binary.h's). */
#define LK_SIMD_BINARY_NCHWC_ROW_(s)                                           \
  void lk_f32_binary_nchwc_row__##s(const lk_simd_binary_nchwc_row_t *r);
LK_SIMD_DECLARE(LK_SIMD_BINARY_NCHWC_ROW_)
#undef LK_SIMD_BINARY_NCHWC_ROW_

#endif /* LITE_KERNELS_SIMD_BINARY_NCHWC_H */

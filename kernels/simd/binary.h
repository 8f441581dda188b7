/* binary.h - {x86,arm}_{add,sub,mul,div,prelu}__f32_nchw: broadcasting
 * binary arithmetic on f32 tensors (numpy broadcasting, ranks may
 * differ), the op's fused activation applied to each finished row
 * (epilogue.h). prelu is x < 0 ? slope x : x, x the first operand.
 *
 * The output's dims are collapsed to the fewest where each operand either
 * runs with the output or repeats (a [1, C, 1, 1] bias over [N, C, H, W]
 * is dims [N, C, H W], the bias repeating along N and H W); the innermost
 * is a row, over which each operand gives its elements one by one or its
 * one value (splat). Rows go over the parallel-for when the output has
 * 64K floats or more.
 *
 * Dtypes other than f32 and CPUs without the baseline set (x86: AVX2 +
 * FMA) go to the op's reference kernel; params of another op and inputs
 * that do not broadcast to the result are refused with the kernel's
 * name. The generated kernels
 * compete with these rows where the JIT is on: lite-pick-kernels gives
 * elementwise ops that fuse with a neighbour to the generated kernels
 * (one pass over memory for the group), the others to these. */
#ifndef LITE_KERNELS_SIMD_BINARY_H
#define LITE_KERNELS_SIMD_BINARY_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/ref/elementwise.h"
#include "kernels/simd/simd.h"

/* One row: y[0 .. n) = a[i] op b[i], an operand's a[i] its element i, or
 * with splat set its element 0 for every i. */
typedef struct lk_simd_binary_row {
  lk_binary_op_t op; /* ADD, SUB, MUL, DIV or PRELU */
  const float *a, *b;
  float *y;
  int64_t n;
  bool a_splat, b_splat;
} lk_simd_binary_row_t;

#define LK_SIMD_BINARY_ROW_(s)                                                 \
  void lk_f32_binary_row__##s(const lk_simd_binary_row_t *r);
LK_SIMD_DECLARE(LK_SIMD_BINARY_ROW_)
#undef LK_SIMD_BINARY_ROW_

#endif /* LITE_KERNELS_SIMD_BINARY_H */

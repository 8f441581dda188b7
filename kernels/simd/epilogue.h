/* epilogue.h - what the SIMD kernels do to a row of results after the
 * product: add a bias (one value for the row) and a residual row, then an
 * activation (kernels/ref/activation.h's formulas), in float vectors:
 * relu, relu6, leaky_relu, hard_sigmoid and hard_swish as arithmetic,
 * sigmoid, swish and tanh through the vector exp (sigmoid and swish with
 * a reciprocal step for the division), gelu through the vector erf
 * (vec_math.inc); within 4e-7 of the reference's, relative, over [-100,
 * 100] (test/unit/simd_epilogue_test.c; gelu beside its erf's 1.5e-7
 * absolute). */
#ifndef LITE_KERNELS_SIMD_EPILOGUE_H
#define LITE_KERNELS_SIMD_EPILOGUE_H

#include <stdint.h>

#include "kernels/ref/activation.h"
#include "kernels/simd/simd.h"

typedef struct lk_simd_epilogue {
  lk_activation_t act;
  float alpha, beta;
} lk_simd_epilogue_t;

/* y[0 .. n) = act(y + bias + residual[0 .. n)) (residual may be NULL). */
typedef void (*lk_simd_epilogue_row_fn)(const lk_simd_epilogue_t *e,
                                        float *y, int64_t n, float bias,
                                        const float *residual);
#define LK_SIMD_EPILOGUE_ROW_(s)                                               \
  void lk_f32_epilogue_row__##s(const lk_simd_epilogue_t *e, float *y,         \
                                int64_t n, float bias, const float *residual);
LK_SIMD_DECLARE(LK_SIMD_EPILOGUE_ROW_)
#undef LK_SIMD_EPILOGUE_ROW_
/* lk_f32_epilogue_row__<isa>, indexed by the set. */
extern const lk_simd_epilogue_row_fn lk_simd_epilogue_rows[];

#endif /* LITE_KERNELS_SIMD_EPILOGUE_H */

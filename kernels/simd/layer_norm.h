/* layer_norm.h - {x86,arm}_layer_norm__f32_nchw: LayerNormalization of f32
 * tensors over their trailing dims [axis, rank), one row of n elements a
 * work item: the mean, then the mean of squared deviations (two passes,
 * as the reference kernel), both in f32 vector sums, then
 * y = (x - mean) * inv_std * scale + b in a third pass; the optional Mean
 * and InvStdDev results get the row's statistics.
 *
 * The reference kernel (kernels/ref/norm.h, in double) runs instead for a
 * scale or bias that is not one f32 value per element of a row (a
 * broadcast), results other than f32, and x86 CPUs without AVX2 + FMA.
 * Rows of a few thousand floats keep the error within 1e-6 of the
 * reference's (test/unit/simd_layer_norm_test.c). */
#ifndef LITE_KERNELS_SIMD_LAYER_NORM_H
#define LITE_KERNELS_SIMD_LAYER_NORM_H

#include "kernels/simd/simd.h"

/* One row: y[0 .. n) from x, scale (n floats) and bias (n floats, or
 * NULL); *mean and *inv_std (either may be NULL) get its statistics. */
#define LK_SIMD_LAYER_NORM_ROW_(s)                                             \
  void lk_f32_layer_norm_row__##s(const float *x, const float *scale,          \
                                  const float *bias, float *y, int64_t n,      \
                                  float epsilon, float *mean, float *inv_std);
LK_SIMD_DECLARE(LK_SIMD_LAYER_NORM_ROW_)
#undef LK_SIMD_LAYER_NORM_ROW_

#endif /* LITE_KERNELS_SIMD_LAYER_NORM_H */

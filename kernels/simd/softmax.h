/* softmax.h - {x86,arm}_softmax__f32_nchw: Softmax of f32 tensors along
 * their last axis, one row of n elements a work item: copied into y, then
 * the attention kernel's softmax row (attention.h: the row's maximum, e^(x
 * - max) by the vector exp and their sum, then the scaling by its
 * reciprocal), in f32.
 *
 * Other axes (a strided row) and dtypes, and CPUs without the baseline
 * set (x86: AVX2 + FMA), go to the reference kernel (in double). Rows of
 * a few thousand elements stay within 1e-6 of its results
 * (test/unit/simd_softmax_test.c). */
#ifndef LITE_KERNELS_SIMD_SOFTMAX_H
#define LITE_KERNELS_SIMD_SOFTMAX_H

#include "kernels/simd/attention.h"

#endif /* LITE_KERNELS_SIMD_SOFTMAX_H */

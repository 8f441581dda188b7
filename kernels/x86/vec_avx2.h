/* vec_avx2.h - the vector vocabulary of the x86 templates on AVX2 + FMA:
 * 8 f32 lanes in a __m256. Included by the *_avx2.c files only (they are
 * compiled with -mavx2 -mfma). */
#ifndef LITE_KERNELS_X86_VEC_AVX2_H
#define LITE_KERNELS_X86_VEC_AVX2_H

#include <immintrin.h>

#define LK_VEC __m256
#define LK_LANES 8
#define LK_ISA_SUFFIX avx2
#define lk_vload _mm256_loadu_ps
#define lk_vstore _mm256_storeu_ps
#define lk_vset1 _mm256_set1_ps
#define lk_vadd _mm256_add_ps
#define lk_vmul _mm256_mul_ps
#define lk_vdiv _mm256_div_ps

/* max(acc, x) where a NaN in either wins (numpy's max): maxps returns its
 * second operand when either is NaN, so acc's NaN stays, and x's is
 * blended in. */
static inline __m256 lk_vmax_nan(__m256 acc, __m256 x) {
  __m256 m = _mm256_max_ps(x, acc);
  return _mm256_blendv_ps(m, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
}

#endif /* LITE_KERNELS_X86_VEC_AVX2_H */

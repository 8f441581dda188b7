/* vec_avx2.h - the vector vocabulary of the x86 templates on AVX2 + FMA:
 * 8 f32 lanes in a __m256. Included by the *_avx2.c files only (they are
 * compiled with -mavx2 -mfma). */
#ifndef LITE_KERNELS_SIMD_VEC_AVX2_H
#define LITE_KERNELS_SIMD_VEC_AVX2_H

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
/* 1 / d for finite d with |d| in [2^-126, 2^126]: the 12-bit estimate
 * and a Newton step, within about 2 ulp */
static inline __m256 lk_vrcp(__m256 d) {
  __m256 r = _mm256_rcp_ps(d);
  return _mm256_mul_ps(r, _mm256_fnmadd_ps(d, r, _mm256_set1_ps(2.0f)));
}
#define lk_vsub _mm256_sub_ps
#define lk_vmax _mm256_max_ps
#define lk_vmin _mm256_min_ps
#define lk_vfmadd _mm256_fmadd_ps /* a * b + c */
#define lk_vzero _mm256_setzero_ps
/* a cache line from p on into L2 (never faults) */
#define lk_vprefetch_l2(p) _mm_prefetch((const char *)(p), _MM_HINT_T1)
/* round to nearest integer (as a float) */
#define lk_vround(v) _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
/* p 2^n for integral n in [-126, 127] (as floats): 2^n built from its
 * exponent bits */
static inline __m256 lk_vldexp(__m256 p, __m256 n) {
  __m256i e = _mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127));
  return _mm256_mul_ps(p, _mm256_castsi256_ps(_mm256_slli_epi32(e, 23)));
}
/* |mag| with sign's sign */
static inline __m256 lk_vcopysign(__m256 mag, __m256 sign) {
  const __m256 s = _mm256_set1_ps(-0.0f);
  return _mm256_or_ps(_mm256_andnot_ps(s, mag), _mm256_and_ps(s, sign));
}
/* a < b ? x : y, lane by lane */
static inline __m256 lk_vselect_lt(__m256 a, __m256 b, __m256 x, __m256 y) {
  return _mm256_blendv_ps(y, x, _mm256_cmp_ps(a, b, _CMP_LT_OQ));
}
static inline float lk_vreduce_add(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}
static inline float lk_vreduce_max(__m256 v) {
  __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_max_ps(s, _mm_movehl_ps(s, s));
  s = _mm_max_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

/* The first n (< 8) lanes: a load reads only those (the rest are 0), a
 * store writes only those. */
static inline __m256i lk_vmask_(int64_t n) {
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), lane);
}
static inline __m256 lk_vload_n(const float *p, int64_t n) {
  return _mm256_maskload_ps(p, lk_vmask_(n));
}
static inline void lk_vstore_n(float *p, __m256 v, int64_t n) {
  _mm256_maskstore_ps(p, lk_vmask_(n), v);
}

/* v's first n (< 8) lanes, fill in the others. */
static inline __m256 lk_vkeep_n(__m256 v, int64_t n, float fill) {
  return _mm256_blendv_ps(_mm256_set1_ps(fill), v,
                          _mm256_castsi256_ps(lk_vmask_(n)));
}

/* The even elements of p[0 .. 2 n - 1), n (< 8) of them. */
static inline __m256 lk_vload_even_n(const float *p, int64_t n) {
  int64_t m = 2 * n - 1;
  __m256 a = lk_vload_n(p, m < 8 ? m : 8);
  __m256 b = m > 8 ? lk_vload_n(p + 8, m - 8) : _mm256_setzero_ps();
  __m256 s = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
  return _mm256_castpd_ps(
      _mm256_permute4x64_pd(_mm256_castps_pd(s), _MM_SHUFFLE(3, 1, 2, 0)));
}

/* p[0], p[2], ..., p[14]: the even elements of 16 (stride-2 windows). */
static inline __m256 lk_vload_even(const float *p) {
  __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + 8);
  /* a0 a2 b0 b2 | a4 a6 b4 b6, then the 64-bit lanes in order */
  __m256 s = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
  return _mm256_castpd_ps(
      _mm256_permute4x64_pd(_mm256_castps_pd(s), _MM_SHUFFLE(3, 1, 2, 0)));
}

/* max(acc, x) where a NaN in either wins (numpy's max): maxps returns its
 * second operand when either is NaN, so acc's NaN stays, and x's is
 * blended in. */
static inline __m256 lk_vmax_nan(__m256 acc, __m256 x) {
  __m256 m = _mm256_max_ps(x, acc);
  return _mm256_blendv_ps(m, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
}

#include "kernels/simd/vec_common.h"

#endif /* LITE_KERNELS_SIMD_VEC_AVX2_H */

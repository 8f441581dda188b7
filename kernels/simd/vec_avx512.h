/* vec_avx512.h - the vector vocabulary of the x86 templates on AVX-512F:
 * 16 f32 lanes in a __m512. Included by the *_avx512.c files only (they
 * are compiled with -mavx512f -mavx2 -mfma). */
#ifndef LITE_KERNELS_SIMD_VEC_AVX512_H
#define LITE_KERNELS_SIMD_VEC_AVX512_H

#include <immintrin.h>

#define LK_VEC __m512
#define LK_LANES 16
#define LK_ISA_SUFFIX avx512f
#define lk_vload _mm512_loadu_ps
#define lk_vstore _mm512_storeu_ps
#define lk_vset1 _mm512_set1_ps
#define lk_vadd _mm512_add_ps
#define lk_vmul _mm512_mul_ps
#define lk_vdiv _mm512_div_ps
/* 1 / d for finite d with |d| in [2^-126, 2^126]: the 14-bit estimate
 * and a Newton step, within about 1 ulp */
static inline __m512 lk_vrcp(__m512 d) {
  __m512 r = _mm512_rcp14_ps(d);
  return _mm512_mul_ps(r, _mm512_fnmadd_ps(d, r, _mm512_set1_ps(2.0f)));
}
#define lk_vsub _mm512_sub_ps
#define lk_vmax _mm512_max_ps
#define lk_vmin _mm512_min_ps
#define lk_vfmadd _mm512_fmadd_ps /* a * b + c */
#define lk_vzero _mm512_setzero_ps
/* a cache line from p on into L2 (never faults) */
#define lk_vprefetch_l2(p) _mm_prefetch((const char *)(p), _MM_HINT_T1)
/* round to nearest integer (as a float) */
#define lk_vround(v) _mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
/* p 2^n for integral n in [-126, 127] (as floats) */
#define lk_vldexp _mm512_scalef_ps
#define lk_vreduce_add _mm512_reduce_add_ps
/* |mag| with sign's sign: the bits of sign where s is set, of mag
 * elsewhere (ternary logic 0xd8: C ? B : A) */
static inline __m512 lk_vcopysign(__m512 mag, __m512 sign) {
  const __m512i s = _mm512_set1_epi32((int)0x80000000u);
  return _mm512_castsi512_ps(_mm512_ternarylogic_epi32(
      _mm512_castps_si512(mag), _mm512_castps_si512(sign), s, 0xd8));
}
/* a < b ? x : y, lane by lane */
static inline __m512 lk_vselect_lt(__m512 a, __m512 b, __m512 x, __m512 y) {
  return _mm512_mask_mov_ps(y, _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ), x);
}
#define lk_vreduce_max _mm512_reduce_max_ps

/* The first n (< 16) lanes: a load reads only those (the rest are 0), a
 * store writes only those. */
static inline __m512 lk_vload_n(const float *p, int64_t n) {
  return _mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1), p);
}
static inline void lk_vstore_n(float *p, __m512 v, int64_t n) {
  _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), v);
}

/* v's first n (< 16) lanes, fill in the others. */
static inline __m512 lk_vkeep_n(__m512 v, int64_t n, float fill) {
  return _mm512_mask_mov_ps(_mm512_set1_ps(fill), (__mmask16)((1u << n) - 1),
                            v);
}

/* The even elements of p[0 .. 2 n - 1), n (< 16) of them. */
static inline __m512 lk_vload_even_n(const float *p, int64_t n) {
  const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14,
                                        12, 10, 8, 6, 4, 2, 0);
  int64_t m = 2 * n - 1;
  __m512 a = lk_vload_n(p, m < 16 ? m : 16);
  __m512 b = m > 16 ? lk_vload_n(p + 16, m - 16) : _mm512_setzero_ps();
  return _mm512_permutex2var_ps(a, even, b);
}

/* p[0], p[2], ..., p[30]: the even elements of 32 (stride-2 windows). */
static inline __m512 lk_vload_even(const float *p) {
  const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14,
                                        12, 10, 8, 6, 4, 2, 0);
  return _mm512_permutex2var_ps(_mm512_loadu_ps(p), even,
                                _mm512_loadu_ps(p + 16));
}

/* max(acc, x) where a NaN in either wins (vec_avx2.h's, with a mask). */
static inline __m512 lk_vmax_nan(__m512 acc, __m512 x) {
  __m512 m = _mm512_max_ps(x, acc);
  return _mm512_mask_mov_ps(m, _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), x);
}

#include "kernels/simd/vec_common.h"

#endif /* LITE_KERNELS_SIMD_VEC_AVX512_H */

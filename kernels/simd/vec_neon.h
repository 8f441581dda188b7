/* vec_neon.h - the vector vocabulary of the SIMD templates on aarch64's
 * Advanced SIMD (NEON): 4 f32 lanes in a float32x4_t. Included by the
 * *_neon.c files only (every aarch64 has it: no flags).
 *
 * The templates were written against x86's semantics, which this
 * vocabulary keeps where NEON's own differ: max and min return their
 * second operand when either is NaN (maxps, minps; NEON's fmax returns
 * the NaN), so a clamp keeps a NaN in x as on x86. Loads and stores of n
 * < 4 lanes touch only those n floats, as x86's masked ones do. */
#ifndef LITE_KERNELS_SIMD_VEC_NEON_H
#define LITE_KERNELS_SIMD_VEC_NEON_H

#include <arm_neon.h>
#include <string.h>

#define LK_VEC float32x4_t
#define LK_LANES 4
#define LK_ISA_SUFFIX neon
#define lk_vload vld1q_f32
#define lk_vstore vst1q_f32
#define lk_vset1 vdupq_n_f32
#define lk_vadd vaddq_f32
#define lk_vmul vmulq_f32
#define lk_vdiv vdivq_f32
/* 1 / d (a division: AArch64 has one that is fast enough) */
#define lk_vrcp(d) vdivq_f32(vdupq_n_f32(1.0f), d)
#define lk_vsub vsubq_f32
#define lk_vfmadd(a, b, c) vfmaq_f32(c, a, b) /* a * b + c */
#define lk_vzero() vdupq_n_f32(0.0f)
/* a cache line from p on into L2 (never faults) */
#define lk_vprefetch_l2(p) __builtin_prefetch((const void *)(p), 0, 2)
/* a > b ? a : b and a < b ? a : b, lane by lane (x86's NaN behaviour) */
static inline float32x4_t lk_vmax(float32x4_t a, float32x4_t b) {
  return vbslq_f32(vcgtq_f32(a, b), a, b);
}
static inline float32x4_t lk_vmin(float32x4_t a, float32x4_t b) {
  return vbslq_f32(vcltq_f32(a, b), a, b);
}
/* round to nearest integer, ties to even (as a float) */
#define lk_vround vrndnq_f32
/* p 2^n for integral n in [-126, 127] (as floats): 2^n built from its
 * exponent bits */
static inline float32x4_t lk_vldexp(float32x4_t p, float32x4_t n) {
  int32x4_t e = vaddq_s32(vcvtnq_s32_f32(n), vdupq_n_s32(127));
  return vmulq_f32(p, vreinterpretq_f32_s32(vshlq_n_s32(e, 23)));
}
/* |mag| with sign's sign */
static inline float32x4_t lk_vcopysign(float32x4_t mag, float32x4_t sign) {
  return vbslq_f32(vdupq_n_u32(0x80000000u), sign, mag);
}
/* a < b ? x : y, lane by lane */
static inline float32x4_t lk_vselect_lt(float32x4_t a, float32x4_t b,
                                        float32x4_t x, float32x4_t y) {
  return vbslq_f32(vcltq_f32(a, b), x, y);
}
static inline float lk_vreduce_add(float32x4_t v) { return vaddvq_f32(v); }
/* the largest lane, by lk_vmax's rule (pairwise, as x86's reduction) */
static inline float lk_vreduce_max(float32x4_t v) {
  float32x4_t s = lk_vmax(v, vextq_f32(v, v, 2));
  s = lk_vmax(s, vextq_f32(s, s, 1));
  return vgetq_lane_f32(s, 0);
}

/* The first n (< 4) lanes: a load reads only those (the rest are 0), a
 * store writes only those. */
static inline float32x4_t lk_vload_n(const float *p, int64_t n) {
  float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  memcpy(t, p, (size_t)n * sizeof(float));
  return vld1q_f32(t);
}
static inline void lk_vstore_n(float *p, float32x4_t v, int64_t n) {
  float t[4];
  vst1q_f32(t, v);
  memcpy(p, t, (size_t)n * sizeof(float));
}

/* v's first n (< 4) lanes, fill in the others. */
static inline float32x4_t lk_vkeep_n(float32x4_t v, int64_t n, float fill) {
  const int32x4_t lane = {0, 1, 2, 3};
  uint32x4_t keep = vcltq_s32(lane, vdupq_n_s32((int32_t)n));
  return vbslq_f32(keep, v, vdupq_n_f32(fill));
}

/* The even elements of p[0 .. 2 n - 1), n (< 4) of them. */
static inline float32x4_t lk_vload_even_n(const float *p, int64_t n) {
  float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int64_t i = 0; i < n; i++)
    t[i] = p[2 * i];
  return vld1q_f32(t);
}

/* p[0], p[2], p[4], p[6]: the even elements of 8 (stride-2 windows). */
static inline float32x4_t lk_vload_even(const float *p) {
  return vld2q_f32(p).val[0];
}

/* max(acc, x) where a NaN in either wins (numpy's max): NEON's fmax. */
static inline float32x4_t lk_vmax_nan(float32x4_t acc, float32x4_t x) {
  return vmaxq_f32(acc, x);
}

#include "kernels/simd/vec_common.h"

#endif /* LITE_KERNELS_SIMD_VEC_NEON_H */

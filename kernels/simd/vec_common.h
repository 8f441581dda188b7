/* vec_common.h - what the SIMD templates build on every vocabulary
 * (vec_avx2.h, vec_avx512.h and vec_neon.h include it last): the ISA-suffixed function
 * names and loads and stores of n <= LK_LANES lanes, whole or masked. */
#ifndef LITE_KERNELS_SIMD_VEC_COMMON_H
#define LITE_KERNELS_SIMD_VEC_COMMON_H

/* name__avx2 / name__avx512f / name__neon, XNNPACK's style */
#define LK_CAT2(a, b) a##__##b
#define LK_CAT(a, b) LK_CAT2(a, b)
#define LK_FN(name) LK_CAT(name, LK_ISA_SUFFIX)

#define LK_LOAD(p, n) ((n) == LK_LANES ? lk_vload(p) : lk_vload_n(p, n))
#define LK_STORE(p, v, n)                                                      \
  ((n) == LK_LANES ? lk_vstore(p, v) : lk_vstore_n(p, v, n))
/* the even elements of 2 n, at stride 2 */
#define LK_LOAD_EVEN(p, n)                                                     \
  ((n) == LK_LANES ? lk_vload_even(p) : lk_vload_even_n(p, n))
/* v's first n lanes, fill in the others */
#define LK_KEEP(v, n, fill) ((n) == LK_LANES ? (v) : lk_vkeep_n(v, n, fill))

#endif /* LITE_KERNELS_SIMD_VEC_COMMON_H */

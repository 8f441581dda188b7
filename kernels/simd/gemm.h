/* gemm.h - the SIMD f32 matrix product the dense kernels share:
 * C[m x n] (+)= A[m x k] B[k x n] (+ a bias per row or per column), A
 * row-major with a leading dimension, B packed.
 *
 * B is packed once into panels of NR columns (lk_simd_gemm_nr: 16 on AVX2,
 * 32 on AVX-512F, 8 on NEON), each k rows of NR floats, zero past n: a
 * weight at load (a kernel's pack function), an activation per call. The
 * microkernel keeps an MR x NR block of C in registers (6 x 16 on AVX2 in
 * 12 ymm, 12 x 32 on AVX-512F in 24 zmm, 8 x 8 on NEON in 16 q registers;
 * the last rows go through the smallest of the shorter blocks that covers
 * them, LK_SIMD_GEMM_SHAPES) over a block of KC of k, broadcasting A's
 * elements against two vectors of B. Work is split over the parallel-for
 * by panels (lk_simd_gemm_tile's loops). */
#ifndef LITE_KERNELS_SIMD_GEMM_H
#define LITE_KERNELS_SIMD_GEMM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/parallel.h"
#include "kernels/ref/activation.h"
#include "kernels/simd/simd.h"

/* B's panel width for isa (16 on AVX2, 32 on AVX-512F, 8 on NEON). */
int64_t lk_simd_gemm_nr(lk_simd_isa_t isa);
/* Rows of A (and C) one microkernel call covers: 6 on AVX2, 12 on
 * AVX-512F, 8 on NEON. */
int64_t lk_simd_gemm_mr(lk_simd_isa_t isa);
/* Floats of a packed k x n B. */
size_t lk_simd_gemm_packed_floats(lk_simd_isa_t isa, int64_t k, int64_t n);
/* Packs B, whose element (r, c) is b[r * rs + c * cs] (rs = ldb, cs = 1
 * for a row-major B; rs = 1, cs = ldb for the transpose of a row-major
 * matrix), into out (lk_simd_gemm_packed_floats of them). */
void lk_simd_gemm_pack_b(lk_simd_isa_t isa, int64_t k, int64_t n,
                        const float *b, int64_t rs, int64_t cs, float *out);

typedef struct lk_simd_gemm_args {
  int64_t m, n, k;
  const float *a;
  int64_t lda;
  const float *bp; /* packed for the same isa */
  float *c;
  int64_t ldc;
  const float *bias_m; /* NULL, or m values: one per row of C */
  const float *bias_n; /* NULL, or n values: one per column */
  bool accumulate;     /* C += the product (else C =) */
  bool a_packed;       /* a in MR-row panels (lk_simd_gemm_pack_a), lda unread */
  /* 0: B in packed panels (bp, or lk_simd_gemm_tile's panels); else, for
   * lk_simd_gemm_tile only, B row-major with this leading dimension, read
   * in place from panels + j (column j): every panel the tile takes must
   * then be whole (NR columns) */
  int64_t ldb;
  /* The store's epilogue, in registers: NULL, or a matrix of C's shape and
   * leading dimension added to the result; then, when clamp, the result
   * clamped to [lo, hi] (relu: 0, +inf; relu6: 0, 6) */
  const float *residual;
  bool clamp;
  float lo, hi;
  /* NULL, or called as each panel's columns [j0, j0 + w) of rows [m0, m1)
   * are final, while they are in cache: an epilogue (activation, residual)
   * fused into the product's pass */
  void (*done)(void *ctx, int64_t m0, int64_t m1, int64_t j0, int64_t w);
  void *done_ctx;
} lk_simd_gemm_args_t;

/* Floats of an m x k A packed in MR-row panels. */
size_t lk_simd_gemm_packed_a_floats(lk_simd_isa_t isa, int64_t m, int64_t k);
/* Packs the row-major a (leading dimension lda) into out: panel b holds
 * rows [b MR, b MR + MR) k-major (element (i, p) at out[b MR k + p MR + i
 * - b MR]), zero past m. The microkernels then read A as one stream. */
void lk_simd_gemm_pack_a(lk_simd_isa_t isa, int64_t m, int64_t k,
                        const float *a, int64_t lda, float *out);

/* Sets g's clamp for act when the store can apply it (none, relu, relu6
 * with its alpha as the top) and says so; false leaves g as it was, for a
 * done hook to apply act. */
bool lk_simd_gemm_store_act(lk_simd_gemm_args_t *g, lk_activation_t act,
                           float alpha);

/* The product on isa, split over par (may be NULL). */
void lk_simd_gemm(lk_simd_isa_t isa, const lk_simd_gemm_args_t *g,
                 const lk_parallel_t *par);

/* Rows [m0, m1) of C against np consecutive packed panels of B: columns
 * [j0, j0 + np NR) of C (fewer at n's end), panels holding each panel's k
 * rows of NR floats one after the other (g->bp is not read). Goes over k
 * in KC blocks, within one over the panels, within one over m: a panel's
 * block stays in L1 while the rows' block of A streams from L2, and the
 * microkernels prefetch the next panel's block; g->done runs for each
 * panel after its last k block. Where the tile's k block is small enough
 * to stay in L1 whole (short k), the rows go outside the panels instead,
 * so each row of C is written in one run, and g->done runs once for the
 * tile.
 * lk_simd_gemm runs it per panel; a kernel that packs its own panels (the
 * convolution's columns) calls it directly. */
void lk_simd_gemm_tile(lk_simd_isa_t isa, const lk_simd_gemm_args_t *g,
                      int64_t m0, int64_t m1, const float *panels, int64_t j0,
                      int64_t np);

/* What a microkernel does as it stores its block: C = A B, plus bias_m[i]
 * and bias_n[j] where set, plus C where accumulate, plus residual[i ldc +
 * j] where set, then clamped to [lo, hi] where clamp (each pointer at the
 * block's first row and column). */
typedef struct lk_simd_gemm_store {
  const float *bias_m, *bias_n, *residual;
  float lo, hi;
  bool accumulate, clamp;
} lk_simd_gemm_store_t;

/* One MR x NR block: rows [0, mr) and columns [0, nr) of C from k columns
 * of A and one panel's k rows, ldb apart (the microkernels of
 * gemm_kernel.inc; the
 * _pa ones read A packed, lk_simd_gemm_pack_a, from the block's panel),
 * prefetching k cache lines from pf on into L2, storing as st says. */
typedef void (*lk_simd_gemm_ukernel_fn)(int64_t mr, int64_t nr, int64_t k,
                                       const float *a, int64_t lda,
                                       const float *bp, int64_t ldb,
                                       const float *pf, float *c, int64_t ldc,
                                       const lk_simd_gemm_store_t *st);
#define LK_SIMD_GEMM_UKERNEL(r, n, isa)                                         \
  LK_SIMD_GEMM_UKERNEL_FN(lk_f32_gemm_##r##x##n##__##isa)                         \
  LK_SIMD_GEMM_UKERNEL_FN(lk_f32_gemm_pa_##r##x##n##__##isa)
#define LK_SIMD_GEMM_UKERNEL_FN(name)                                           \
  void name(                                                                   \
      int64_t mr, int64_t nr, int64_t k, const float *a, int64_t lda,          \
      const float *bp, int64_t ldb, const float *pf, float *c, int64_t ldc,    \
      const lk_simd_gemm_store_t *st);
/* Each set's microkernels: its full block of MR rows and the shorter ones
 * a product's last rows take (the smallest that covers them: a block of r
 * rows does r rows' work), NR columns each. X(ENUM, suffix, MR, r1, r2,
 * r3, NR). */
#if defined(LK_SIMD_ARCH_X86)
#define LK_SIMD_GEMM_SHAPES(X)                                                 \
  X(AVX2, avx2, 6, 4, 2, 1, 16)                                                \
  X(AVX512, avx512f, 12, 8, 4, 1, 32)
#elif defined(LK_SIMD_ARCH_ARM)
#define LK_SIMD_GEMM_SHAPES(X) X(NEON, neon, 8, 4, 2, 1, 8)
#else
#define LK_SIMD_GEMM_SHAPES(X)
#endif
#define LK_SIMD_GEMM_DECL_(e, isa, r0, r1, r2, r3, n)                          \
  LK_SIMD_GEMM_UKERNEL(r0, n, isa)                                             \
  LK_SIMD_GEMM_UKERNEL(r1, n, isa)                                             \
  LK_SIMD_GEMM_UKERNEL(r2, n, isa)                                             \
  LK_SIMD_GEMM_UKERNEL(r3, n, isa)
LK_SIMD_GEMM_SHAPES(LK_SIMD_GEMM_DECL_)
#undef LK_SIMD_GEMM_DECL_
#undef LK_SIMD_GEMM_UKERNEL
#undef LK_SIMD_GEMM_UKERNEL_FN

#endif /* LITE_KERNELS_SIMD_GEMM_H */

/* gemm.h - the x86 f32 matrix product the dense kernels share:
 * C[m x n] (+)= A[m x k] B[k x n] (+ a bias per row or per column), A
 * row-major with a leading dimension, B packed.
 *
 * B is packed once into panels of NR columns (lk_x86_gemm_nr: 16 on AVX2,
 * 32 on AVX-512F), each k rows of NR floats, zero past n: a weight at
 * load (a kernel's pack function), an activation per call. The
 * microkernel keeps an MR x NR block of C in registers (6 x 16 on AVX2 in
 * 12 ymm, 12 x 32 on AVX-512F in 24 zmm; a last block of fewer than
 * MR / 2 rows goes row by row through the 1 x NR one) over a block of
 * KC = 256 of k,
 * broadcasting A's elements against two vectors of B. Work is split over
 * the parallel-for by panels; each task goes over k in KC blocks, and
 * within one over m in MR rows, so a panel's block stays in L1 while A's
 * rows stream from L2. */
#ifndef LITE_KERNELS_X86_GEMM_H
#define LITE_KERNELS_X86_GEMM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/parallel.h"
#include "kernels/x86/x86.h"

/* B's panel width for isa (AVX2 or AVX512). */
int64_t lk_x86_gemm_nr(lk_x86_isa_t isa);
/* Floats of a packed k x n B. */
size_t lk_x86_gemm_packed_floats(lk_x86_isa_t isa, int64_t k, int64_t n);
/* Packs B, whose element (r, c) is b[r * rs + c * cs] (rs = ldb, cs = 1
 * for a row-major B; rs = 1, cs = ldb for the transpose of a row-major
 * matrix), into out (lk_x86_gemm_packed_floats of them). */
void lk_x86_gemm_pack_b(lk_x86_isa_t isa, int64_t k, int64_t n,
                        const float *b, int64_t rs, int64_t cs, float *out);

typedef struct lk_x86_gemm_args {
  int64_t m, n, k;
  const float *a;
  int64_t lda;
  const float *bp; /* packed for the same isa */
  float *c;
  int64_t ldc;
  const float *bias_m; /* NULL, or m values: one per row of C */
  const float *bias_n; /* NULL, or n values: one per column */
  bool accumulate;     /* C += the product (else C =) */
} lk_x86_gemm_args_t;

/* The product on isa (AVX2 or AVX512), split over par (may be NULL). */
void lk_x86_gemm(lk_x86_isa_t isa, const lk_x86_gemm_args_t *g,
                 const lk_parallel_t *par);

/* One MR x NR block: rows [0, mr) and columns [0, nr) of C from k columns
 * of A and one panel's k rows (the microkernels of gemm_kernel.inc). */
typedef void (*lk_x86_gemm_ukernel_fn)(int64_t mr, int64_t nr, int64_t k,
                                       const float *a, int64_t lda,
                                       const float *bp, float *c, int64_t ldc,
                                       const float *bias_m,
                                       const float *bias_n, bool accumulate);
void lk_f32_gemm_6x16__avx2(int64_t mr, int64_t nr, int64_t k,
                            const float *a, int64_t lda, const float *bp,
                            float *c, int64_t ldc, const float *bias_m,
                            const float *bias_n, bool accumulate);
void lk_f32_gemm_12x32__avx512f(int64_t mr, int64_t nr, int64_t k,
                                const float *a, int64_t lda, const float *bp,
                                float *c, int64_t ldc, const float *bias_m,
                                const float *bias_n, bool accumulate);
/* One row (mr = 1): a single row of C, for the last rows of a product and
 * for matrix-vector ones. */
void lk_f32_gemm_1x16__avx2(int64_t mr, int64_t nr, int64_t k,
                            const float *a, int64_t lda, const float *bp,
                            float *c, int64_t ldc, const float *bias_m,
                            const float *bias_n, bool accumulate);
void lk_f32_gemm_1x32__avx512f(int64_t mr, int64_t nr, int64_t k,
                               const float *a, int64_t lda, const float *bp,
                               float *c, int64_t ldc, const float *bias_m,
                               const float *bias_n, bool accumulate);

#endif /* LITE_KERNELS_X86_GEMM_H */

/* x86_gemm_test.c - kernels/simd/gemm.h against a double-precision loop on
 * every instruction set this CPU has (AVX2 forced by clearing AVX-512F):
 * m, n and k of 1, the microkernel's MR and NR and one past them, KC = 256
 * and one past it, with a per-row bias, a per-column bias, accumulation
 * into C, B packed from row-major and from transposed storage, leading
 * dimensions wider than the matrices, A as stored and packed in MR-row
 * panels, and panels split over a parallel-for; then rows from an m0 past
 * 0 against several panels at once (lk_simd_gemm_tile), a residual and a
 * clamp in the store, and the done hook on each finished block. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/cpu.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "kernels/simd/gemm.h"
#include "test/unit/simd_test_util.h"

/* The done hook of the variant that has one: negates each finished block
 * (so a block handed over before its last k block, twice, or never, ends
 * wrong). */
typedef struct negate {
  float *c;
  int64_t ldc;
} negate_t;

static void negate_block(void *ctx, int64_t m0, int64_t m1, int64_t j0,
                         int64_t w) {
  const negate_t *t = ctx;
  for (int64_t i = m0; i < m1; i++)
    for (int64_t j = j0; j < j0 + w; j++) t->c[i * t->ldc + j] *= -1.0f;
}

/* One product; returns whether C matched the double loop. */
static bool check(lk_simd_isa_t isa, int64_t m, int64_t n, int64_t k,
                  int variant) {
  bool trans = variant & 1, bias_m = variant & 2, bias_n = variant & 4,
       accumulate = variant & 8, split = variant & 16, apack = variant & 32,
       negate = variant & 128, store = variant & 256;
  int64_t lda = k + 3, ldb = trans ? k + 2 : n + 5, ldc = n + 7;
  float *a = malloc((size_t)(m * lda) * sizeof(float));
  float *b = malloc((size_t)((trans ? n : k) * ldb + 1) * sizeof(float));
  float *c = malloc((size_t)(m * ldc) * sizeof(float));
  float *bm = malloc((size_t)m * sizeof(float)), *bn = malloc((size_t)n * sizeof(float));
  for (int64_t i = 0; i < m * lda; i++) a[i] = xt_rnd(-1.0f, 1.0f);
  for (int64_t i = 0; i < (trans ? n : k) * ldb; i++) b[i] = xt_rnd(-1.0f, 1.0f);
  for (int64_t i = 0; i < m * ldc; i++) c[i] = xt_rnd(-1.0f, 1.0f);
  for (int64_t i = 0; i < m; i++) bm[i] = xt_rnd(-1.0f, 1.0f);
  for (int64_t i = 0; i < n; i++) bn[i] = xt_rnd(-1.0f, 1.0f);
  float *c0 = malloc((size_t)(m * ldc) * sizeof(float));
  memcpy(c0, c, (size_t)(m * ldc) * sizeof(float));
  float *bp = malloc(lk_simd_gemm_packed_floats(isa, k, n) * sizeof(float) + 4);
  if (trans) /* B is the transpose of the stored n x k matrix */
    lk_simd_gemm_pack_b(isa, k, n, b, 1, ldb, bp);
  else
    lk_simd_gemm_pack_b(isa, k, n, b, ldb, 1, bp);
  float *ap = malloc(lk_simd_gemm_packed_a_floats(isa, m, k) * sizeof(float));
  lk_simd_gemm_pack_a(isa, m, k, a, lda, ap);
  lk_simd_gemm_args_t g = {.m = m, .n = n, .k = k, .a = apack ? ap : a,
                          .lda = lda, .bp = bp, .c = c, .ldc = ldc,
                          .bias_m = bias_m ? bm : NULL,
                          .bias_n = bias_n ? bn : NULL,
                          .accumulate = accumulate, .a_packed = apack};
  float *res = malloc((size_t)(m * ldc) * sizeof(float));
  for (int64_t i = 0; i < m * ldc; i++) res[i] = xt_rnd(-1.0f, 1.0f);
  if (store) { /* a residual, then a clamp, in the store */
    g.residual = res;
    g.clamp = true;
    g.lo = -0.3f;
    g.hi = 0.5f;
  }
  negate_t nt = {c, ldc};
  if (negate) {
    g.done = negate_block;
    g.done_ctx = &nt;
  }
  if (variant & 64) { /* rows [mr, m) then [0, mr), three panels a call */
    int64_t nr = lk_simd_gemm_nr(isa), mr = lk_simd_gemm_mr(isa);
    int64_t split_at = m > mr ? mr : 0;
    for (int64_t j0 = 0; j0 < n; j0 += 3 * nr) {
      lk_simd_gemm_tile(isa, &g, split_at, m, bp + j0 * k, j0, 3);
      lk_simd_gemm_tile(isa, &g, 0, split_at, bp + j0 * k, j0, 3);
    }
  } else {
    lk_simd_gemm(isa, &g, split ? &k_xt_split3 : NULL);
  }
  bool ok = true;
  for (int64_t i = 0; i < m && ok; i++)
    for (int64_t j = 0; j < ldc && ok; j++) {
      float got = c[i * ldc + j];
      if (j >= n) { /* past n: untouched */
        ok = got == c0[i * ldc + j];
        continue;
      }
      double want = (accumulate ? c0[i * ldc + j] : 0.0) +
                    (bias_m ? bm[i] : 0.0) + (bias_n ? bn[j] : 0.0);
      double mag = fabs(want);
      for (int64_t p = 0; p < k; p++) {
        double t = (double)a[i * lda + p] *
                   (trans ? b[j * ldb + p] : b[p * ldb + j]);
        want += t;
        mag += fabs(t);
      }
      if (store) want = fmin(0.5, fmax(-0.3, want + res[i * ldc + j]));
      if (negate) want = -want;
      ok = fabs(got - want) <= 1e-5 * (mag + 1.0);
      if (!ok)
        fprintf(stderr, "%s m %lld n %lld k %lld variant %d: C[%lld, %lld] "
                        "%.9g, want %.9g\n",
                lk_simd_isa_name(isa), (long long)m, (long long)n,
                (long long)k, variant, (long long)i, (long long)j, got, want);
    }
  free(a);
  free(b);
  free(c);
  free(c0);
  free(bm);
  free(bn);
  free(bp);
  free(ap);
  free(res);
  return ok;
}

static void test_isa(lk_simd_isa_t isa) {
  int64_t mr = lk_simd_gemm_mr(isa), nr = lk_simd_gemm_nr(isa);
  const int64_t ms[] = {1, mr - 1, mr, mr + 1, 2 * mr + 3, 50};
  const int64_t ns[] = {1, nr - 1, nr, nr + 1, 3 * nr + 5};
  const int64_t ks[] = {1, 7, 256, 257, 600};
  int cases = 0, bad = 0;
  for (size_t mi = 0; mi < LT_ARRAY_SIZE(ms); mi++)
    for (size_t ni = 0; ni < LT_ARRAY_SIZE(ns); ni++)
      for (size_t ki = 0; ki < LT_ARRAY_SIZE(ks); ki++) {
        int variant = (int)((mi * 37 + ni * 11 + ki * 73) % 512);
        bad += !check(isa, ms[mi], ns[ni], ks[ki], variant);
        cases++;
      }
  /* every variant on one odd shape */
  for (int v = 0; v < 512; v++, cases++)
    bad += !check(isa, 2 * mr + 1, 3 * nr + 3, v % 2 ? 300 : 9, v);
  printf("simd gemm on %s: %d cases, %d differ\n", lk_simd_isa_name(isa), cases,
         bad);
  CHECK(bad == 0);
}

int main(void) {
  lk_cpu_info_t cpus[2];
  int n = xt_cpus(cpus);
  if (!n) printf("simd_gemm_test: no instruction set of the kernels on this CPU\n");
  for (int i = 0; i < n; i++) test_isa(lk_simd_isa_of(&cpus[i]));
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_gemm_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

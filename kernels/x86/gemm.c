/* gemm.c - gemm.h's packing and the blocked loops around the
 * microkernels. */
#include "kernels/x86/gemm.h"

#include <string.h>

#define KC 256

int64_t lk_x86_gemm_nr(lk_x86_isa_t isa) {
  return isa == LK_X86_ISA_AVX512 ? 32 : 16;
}

static int64_t gemm_mr(lk_x86_isa_t isa) {
  return isa == LK_X86_ISA_AVX512 ? 12 : 6;
}

size_t lk_x86_gemm_packed_floats(lk_x86_isa_t isa, int64_t k, int64_t n) {
  int64_t nr = lk_x86_gemm_nr(isa);
  return (size_t)(((n + nr - 1) / nr) * nr * k);
}

void lk_x86_gemm_pack_b(lk_x86_isa_t isa, int64_t k, int64_t n,
                        const float *b, int64_t rs, int64_t cs, float *out) {
  int64_t nr = lk_x86_gemm_nr(isa);
  for (int64_t j0 = 0; j0 < n; j0 += nr) {
    int64_t w = n - j0 < nr ? n - j0 : nr;
    for (int64_t r = 0; r < k; r++) {
      float *o = out + j0 * k + r * nr;
      const float *src = b + r * rs + j0 * cs;
      if (cs == 1) {
        memcpy(o, src, (size_t)w * sizeof(float));
      } else {
        for (int64_t c = 0; c < w; c++) o[c] = src[c * cs];
      }
      for (int64_t c = w; c < nr; c++) o[c] = 0.0f;
    }
  }
}

typedef struct gemm_task {
  const lk_x86_gemm_args_t *g;
  lk_x86_gemm_ukernel_fn ukernel, row; /* MR rows, and 1 */
  int64_t mr, nr;
} gemm_task_t;

static void run_panels(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const gemm_task_t *t = ctx;
  const lk_x86_gemm_args_t *g = t->g;
  for (size_t pj = begin; pj < end; pj++) {
    int64_t j0 = (int64_t)pj * t->nr;
    int64_t w = g->n - j0 < t->nr ? g->n - j0 : t->nr;
    const float *panel = g->bp + j0 * g->k;
    for (int64_t k0 = 0; k0 < g->k; k0 += KC) {
      int64_t kb = g->k - k0 < KC ? g->k - k0 : KC;
      bool first = k0 == 0;
      for (int64_t i = 0; i < g->m;) {
        /* blocks of MR rows; a last block of fewer than MR / 2 goes row
         * by row (a short block still does MR rows' work, a row loads B
         * once per two FMAs) */
        int64_t left = g->m - i;
        int64_t h = left >= t->mr ? t->mr : 2 * left >= t->mr ? left : 1;
        (h == 1 ? t->row : t->ukernel)(
            h, w, kb, g->a + i * g->lda + k0, g->lda, panel + k0 * t->nr,
            g->c + i * g->ldc + j0, g->ldc,
            first && g->bias_m ? g->bias_m + i : NULL,
            first && g->bias_n ? g->bias_n + j0 : NULL, !first || g->accumulate);
        i += h;
      }
    }
  }
}

void lk_x86_gemm(lk_x86_isa_t isa, const lk_x86_gemm_args_t *g,
                 const lk_parallel_t *par) {
  if (g->m <= 0 || g->n <= 0) return;
  bool wide = isa == LK_X86_ISA_AVX512;
  gemm_task_t t = {g,
                   wide ? lk_f32_gemm_12x32__avx512f : lk_f32_gemm_6x16__avx2,
                   wide ? lk_f32_gemm_1x32__avx512f : lk_f32_gemm_1x16__avx2,
                   gemm_mr(isa), lk_x86_gemm_nr(isa)};
  if (g->k <= 0) { /* C = bias (or stays, accumulating) */
    for (int64_t i = 0; i < g->m; i++)
      for (int64_t j = 0; j < g->n; j++) {
        float v = (g->bias_m ? g->bias_m[i] : 0.0f) +
                  (g->bias_n ? g->bias_n[j] : 0.0f);
        g->c[i * g->ldc + j] = g->accumulate ? g->c[i * g->ldc + j] + v : v;
      }
    return;
  }
  size_t panels = (size_t)((g->n + t.nr - 1) / t.nr);
  lk_parallel_for(par, panels, 1, run_panels, &t);
}

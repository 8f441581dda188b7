/* gemm.c - gemm.h's packing and the blocked loops around the
 * microkernels. */
#include "kernels/simd/gemm.h"

#include <math.h>
#include <string.h>

#define KC 256

/* Each set's block: MR rows of NR columns (LK_SIMD_GEMM_SHAPES). */
static const struct {
  int64_t mr, nr;
} kBlock[LK_SIMD_NUM_ISAS] = {
#define X(e, s, r0, r1, r2, r3, n) [LK_SIMD_ISA_##e] = {r0, n},
    LK_SIMD_GEMM_SHAPES(X)
#undef X
};

int64_t lk_simd_gemm_nr(lk_simd_isa_t isa) { return kBlock[isa].nr; }

int64_t lk_simd_gemm_mr(lk_simd_isa_t isa) { return kBlock[isa].mr; }

size_t lk_simd_gemm_packed_floats(lk_simd_isa_t isa, int64_t k, int64_t n) {
  int64_t nr = lk_simd_gemm_nr(isa);
  return (size_t)(((n + nr - 1) / nr) * nr * k);
}

void lk_simd_gemm_pack_b(lk_simd_isa_t isa, int64_t k, int64_t n,
                        const float *b, int64_t rs, int64_t cs, float *out) {
  int64_t nr = lk_simd_gemm_nr(isa);
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

size_t lk_simd_gemm_packed_a_floats(lk_simd_isa_t isa, int64_t m, int64_t k) {
  int64_t mr = lk_simd_gemm_mr(isa);
  return (size_t)(((m + mr - 1) / mr) * mr * k);
}

void lk_simd_gemm_pack_a(lk_simd_isa_t isa, int64_t m, int64_t k,
                        const float *a, int64_t lda, float *out) {
  int64_t mr = lk_simd_gemm_mr(isa);
  for (int64_t i0 = 0; i0 < m; i0 += mr) {
    float *o = out + i0 * k;
    for (int64_t p = 0; p < k; p++)
      for (int64_t i = 0; i < mr; i++)
        o[p * mr + i] = i0 + i < m ? a[(i0 + i) * lda + p] : 0.0f;
  }
}

bool lk_simd_gemm_store_act(lk_simd_gemm_args_t *g, lk_activation_t act,
                           float alpha) {
  switch (act) {
  case LK_ACT_NONE:
    return true;
  case LK_ACT_RELU:
    g->clamp = true;
    g->lo = 0.0f;
    g->hi = INFINITY;
    return true;
  case LK_ACT_RELU6:
    g->clamp = true;
    g->lo = 0.0f;
    g->hi = alpha;
    return true;
  default:
    return false;
  }
}

/* The microkernels of a set, widest first, and their row counts: for A as
 * stored and for A packed. */
typedef struct ukernels {
  int64_t rows[4];
  lk_simd_gemm_ukernel_fn fn[2][4];
} ukernels_t;

#define UKERNELS(e, isa, r0, r1, r2, r3, n)                                    \
  [LK_SIMD_ISA_##e] =                                                          \
  {{r0, r1, r2, r3},                                                           \
   {{lk_f32_gemm_##r0##x##n##__##isa, lk_f32_gemm_##r1##x##n##__##isa,         \
     lk_f32_gemm_##r2##x##n##__##isa, lk_f32_gemm_##r3##x##n##__##isa},        \
    {lk_f32_gemm_pa_##r0##x##n##__##isa, lk_f32_gemm_pa_##r1##x##n##__##isa,   \
     lk_f32_gemm_pa_##r2##x##n##__##isa, lk_f32_gemm_pa_##r3##x##n##__##isa}}},
static const ukernels_t kUkernels[LK_SIMD_NUM_ISAS] = {
    LK_SIMD_GEMM_SHAPES(UKERNELS)};
#undef UKERNELS

/* The block of rows [i, i + h) against one panel's k block [k0, k0 + kb):
 * columns [jq, jq + w) of C, prefetching pf on. */
static void block(const ukernels_t *u, int v, const lk_simd_gemm_args_t *g,
                  int64_t mr, int64_t i, int64_t h, int64_t k0, int64_t kb,
                  const float *bp, int64_t ldb, const float *pf, int64_t jq,
                  int64_t w) {
  const float *a = g->a_packed ? g->a + i * g->k + k0 * mr
                               : g->a + i * g->lda + k0;
  const bool first = k0 == 0, last = k0 + KC >= g->k;
  lk_simd_gemm_store_t st = {
      first && g->bias_m ? g->bias_m + i : NULL,
      first && g->bias_n ? g->bias_n + jq : NULL,
      last && g->residual ? g->residual + i * g->ldc + jq : NULL,
      g->lo, g->hi, !first || g->accumulate, last && g->clamp};
  u->fn[g->a_packed][v](h, w, kb, a, g->lda, bp, ldb, pf,
                        g->c + i * g->ldc + jq, g->ldc, &st);
}

/* The microkernel for the rows left from i on: the full block, then the
 * smallest that covers the rest; its rows into *h. */
static int pick(const ukernels_t *u, int64_t left, int64_t *h) {
  int v = 0;
  while (v < 3 && u->rows[v + 1] >= left) v++;
  *h = left < u->rows[v] ? left : u->rows[v];
  return v;
}

/* A tile's k block of panels this small (in bytes) stays in L1 while every
 * row goes over it: the rows go outside, so each row of C is written as one
 * run across the panels (few write streams, where C is wide and k short). */
#define ROWS_OUTSIDE_BYTES (32 * 1024)

void lk_simd_gemm_tile(lk_simd_isa_t isa, const lk_simd_gemm_args_t *g,
                      int64_t m0, int64_t m1, const float *panels, int64_t j0,
                      int64_t np) {
  const ukernels_t *u = &kUkernels[isa];
  const int64_t nr = lk_simd_gemm_nr(isa), mr = lk_simd_gemm_mr(isa);
  if (j0 + np * nr > g->n) np = (g->n - j0 + nr - 1) / nr;
  /* panel q's k block: packed, or in place in a row-major B */
  const int64_t ldb = g->ldb ? g->ldb : nr;
#define PANEL(q, k0)                                                           \
  (g->ldb ? panels + (q) * nr + (k0) * g->ldb : panels + ((q) * g->k + (k0)) * nr)
  for (int64_t k0 = 0; k0 < g->k; k0 += KC) {
    const int64_t kb = g->k - k0 < KC ? g->k - k0 : KC;
    const bool last = k0 + KC >= g->k;
    if (np > 1 &&
        np * kb * nr * (int64_t)sizeof(float) <= ROWS_OUTSIDE_BYTES) {
      for (int64_t i = m0, h; i < m1; i += h) {
        int v = pick(u, m1 - i, &h);
        for (int64_t q = 0; q < np; q++) {
          const int64_t jq = j0 + q * nr, w = g->n - jq < nr ? g->n - jq : nr;
          const float *bp = PANEL(q, k0);
          block(u, v, g, mr, i, h, k0, kb, bp, ldb, bp, jq, w);
        }
      }
      if (g->done && last)
        g->done(g->done_ctx, m0, m1, j0,
                (g->n - j0 < np * nr ? g->n - j0 : np * nr));
      continue;
    }
    for (int64_t q = 0; q < np; q++) {
      const int64_t jq = j0 + q * nr, w = g->n - jq < nr ? g->n - jq : nr;
      const float *bp = PANEL(q, k0);
      /* the block after this one: the next panel's, or the first panel's
       * next k block; each call prefetches kb lines of it (packed panels
       * only: a row-major B is left to the hardware) */
      const float *next = bp, *end = bp;
      if (!g->ldb && q + 1 < np) {
        next = bp + g->k * nr;
        end = next + kb * nr;
      } else if (!g->ldb && !last) {
        next = panels + (k0 + KC) * nr;
        end = next + (g->k - k0 - KC < KC ? g->k - k0 - KC : KC) * nr;
      }
      for (int64_t i = m0, h; i < m1; i += h) {
        int v = pick(u, m1 - i, &h);
        block(u, v, g, mr, i, h, k0, kb, bp, ldb, next < end ? next : bp, jq,
              w);
        next += kb * 16; /* floats of kb lines */
      }
      if (g->done && last) g->done(g->done_ctx, m0, m1, jq, w);
    }
  }
#undef PANEL
}

typedef struct gemm_task {
  lk_simd_isa_t isa;
  const lk_simd_gemm_args_t *g;
} gemm_task_t;

static void run_panels(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const gemm_task_t *t = ctx;
  const int64_t nr = lk_simd_gemm_nr(t->isa);
  for (size_t pj = begin; pj < end; pj++) {
    int64_t j0 = (int64_t)pj * nr;
    lk_simd_gemm_tile(t->isa, t->g, 0, t->g->m, t->g->bp + j0 * t->g->k, j0, 1);
  }
}

void lk_simd_gemm(lk_simd_isa_t isa, const lk_simd_gemm_args_t *g,
                 const lk_parallel_t *par) {
  if (g->m <= 0 || g->n <= 0) return;
  gemm_task_t t = {isa, g};
  if (g->k <= 0) { /* C = bias (or stays, accumulating) */
    for (int64_t i = 0; i < g->m; i++)
      for (int64_t j = 0; j < g->n; j++) {
        float v = (g->bias_m ? g->bias_m[i] : 0.0f) +
                  (g->bias_n ? g->bias_n[j] : 0.0f);
        if (g->accumulate) v += g->c[i * g->ldc + j];
        if (g->residual) v += g->residual[i * g->ldc + j];
        if (g->clamp) v = fminf(g->hi, fmaxf(g->lo, v));
        g->c[i * g->ldc + j] = v;
      }
    if (g->done) g->done(g->done_ctx, 0, g->m, 0, g->n);
    return;
  }
  int64_t nr = lk_simd_gemm_nr(isa);
  size_t panels = (size_t)((g->n + nr - 1) / nr);
  lk_parallel_for(par, panels, 1, run_panels, &t);
}

/* x86_attention_test.c - x86_attention__f32_nchw against
 * ref_attention__f32_nchw on every instruction set this CPU has (AVX2
 * forced by clearing AVX-512F): sequences of 1 to 130 (vector and panel
 * tails), 1 to 8 heads, Din unlike D, batches of 2, no mask and masks
 * broadcast from [S, S], [B, 1, 1, S], [B, H, S, S] and [S, 1], weights packed at
 * load (the row's pack function) or per call, heads split over a
 * parallel-for; then the refusal of a short workspace and the reference's
 * run for a CPU without AVX2. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/ref/attention.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "kernels/simd/simd.h"
#include "test/unit/simd_test_util.h"

typedef struct attn_case {
  int64_t b, s, din, d, heads;
  int mask; /* 0 none, 1 [S, S], 2 [B, 1, 1, S], 3 [B, H, S, S], 4 [S, 1] */
} attn_case_t;

typedef struct bufs {
  float *x, *w[3], *bias[3], *mask;
  int64_t mdims[4];
  int32_t mrank;
} bufs_t;

static float *fill(int64_t n, float scale) {
  float *p = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++) p[i] = xt_rnd(-1.0f, 1.0f) * scale;
  return p;
}

/* Runs the case through kernel (NULL: the reference); *out malloc'ed.
 * packed: run the kernel's pack function first. */
static lt_status_t run(const attn_case_t *c, const bufs_t *bf,
                       const lk_kernel_t *kernel, const lk_cpu_info_t *cpu,
                       const lk_parallel_t *par, bool packed, long ws_extra,
                       float **out) {
  lk_view_t in[8], y;
  int64_t xd[3] = {c->b, c->s, c->din}, wd[2] = {c->din, c->d}, bd[1] = {c->d},
          yd[3] = {c->b, c->s, c->d};
  CHECK(lk_view_dense(&in[0], LK_F32, 3, xd, LK_LAYOUT_NCHW, bf->x));
  for (int i = 0; i < 3; i++) {
    CHECK(lk_view_dense(&in[1 + 2 * i], LK_F32, 2, wd, LK_LAYOUT_NCHW, bf->w[i]));
    CHECK(lk_view_dense(&in[2 + 2 * i], LK_F32, 1, bd, LK_LAYOUT_NCHW, bf->bias[i]));
  }
  uint32_t n = 7;
  if (bf->mask) {
    CHECK(lk_view_dense(&in[7], LK_F32, bf->mrank, bf->mdims, LK_LAYOUT_NCHW,
                        bf->mask));
    n = 8;
  }
  *out = calloc((size_t)(c->b * c->s * c->d) + 1, sizeof(float));
  CHECK(lk_view_dense(&y, LK_F32, 3, yd, LK_LAYOUT_NCHW, *out));
  lk_attention_params_t p = {c->heads, 1.0 / sqrt((double)(c->d / c->heads))};
  lk_tensor_t t[8], ty;
  for (uint32_t i = 0; i < n; i++) lk_view_to_tensor(&in[i], &t[i]);
  lk_view_to_tensor(&y, &ty);
  const lk_tensor_t *w[3] = {&t[1], &t[3], &t[5]}, *b[3] = {&t[2], &t[4], &t[6]};
  lk_target_ctx_t target = {par, cpu};
  lk_call_t call = {in, n, &y, 1, &p, sizeof p, NULL, 0, NULL, 0,
                    cpu || par ? &target : NULL};
  return xt_call(kernel, lk_ref_attention__f32_nchw, &call,
                 lk_ref_attention_workspace(&t[0], w, b, n > 7 ? &t[7] : NULL, &ty),
                 ws_extra, packed);
}

static bool agree(const attn_case_t *c, const float *got, const float *want,
                  const char *what) {
  int64_t n = c->b * c->s * c->d;
  for (int64_t i = 0; i < n; i++)
    if (!(fabsf(got[i] - want[i]) <= 2e-5f * (1.0f + fabsf(want[i])))) {
      fprintf(stderr, "%s b %lld s %lld din %lld d %lld heads %lld mask %d: "
                      "element %lld: x86 %.9g, ref %.9g\n",
              what, (long long)c->b, (long long)c->s, (long long)c->din,
              (long long)c->d, (long long)c->heads, c->mask, (long long)i,
              got[i], want[i]);
      return false;
    }
  return true;
}

static int check_case(const attn_case_t *c, const lk_kernel_t *x86,
                      const lk_cpu_info_t *cpu) {
  bufs_t bf = {0};
  bf.x = fill(c->b * c->s * c->din, 1.0f);
  for (int i = 0; i < 3; i++) {
    bf.w[i] = fill(c->din * c->d, 0.3f);
    bf.bias[i] = fill(c->d, 0.1f);
  }
  static const int32_t ranks[5] = {0, 2, 4, 4, 2};
  if (c->mask) {
    int64_t dims[5][4] = {{0}, {c->s, c->s}, {c->b, 1, 1, c->s},
                          {c->b, c->heads, c->s, c->s}, {c->s, 1}};
    bf.mrank = ranks[c->mask];
    int64_t n = 1;
    for (int i = 0; i < bf.mrank; i++) n *= bf.mdims[i] = dims[c->mask][i];
    bf.mask = fill(n, 3.0f);
  }
  float *want = NULL, *a = NULL, *b = NULL;
  lt_status_t s0 = run(c, &bf, NULL, NULL, NULL, false, 0, &want);
  lt_status_t s1 = run(c, &bf, x86, cpu, NULL, true, 0, &a);
  lt_status_t s2 = run(c, &bf, x86, cpu, &k_xt_split3, false, 0, &b);
  CHECK(!s0 && !s1 && !s2);
  int bad = !s0 && !s1 && !s2 &&
            (!agree(c, a, want, "packed") || !agree(c, b, want, "split"));
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  free(want);
  free(a);
  free(b);
  free(bf.x);
  free(bf.mask);
  for (int i = 0; i < 3; i++) {
    free(bf.w[i]);
    free(bf.bias[i]);
  }
  return bad;
}

static void test_isa(const lk_kernel_t *x86, const lk_cpu_info_t *cpu) {
  static const int64_t seqs[] = {1, 7, 33, 130};
  static const int64_t heads[] = {1, 2, 8};
  int cases = 0, bad = 0;
  for (size_t si = 0; si < LT_ARRAY_SIZE(seqs); si++)
    for (size_t hi = 0; hi < LT_ARRAY_SIZE(heads); hi++)
      for (int m = 0; m < 5; m++) {
        attn_case_t c = {1 + (int64_t)(si + (size_t)m) % 2, seqs[si],
                         24 + 5 * (int64_t)hi, 8 * heads[hi] * (1 + (int64_t)si % 2),
                         heads[hi], m};
        bad += check_case(&c, x86, cpu);
        cases++;
      }
  printf(LK_SIMD_KERNEL("attention on %s: %d cases, %d differ\n"),
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0);
}

int main(void) {
  const lk_kernel_t *x86 = lk_builtin_kernel_find(LK_SIMD_KERNEL("attention__f32_nchw"));
  CHECK(x86 && lk_kernel_runnable(x86) && x86->pack && x86->workspace);
  if (!x86) return 1;
  lk_cpu_info_t cpus[2], cpu;
  int ncpus = xt_cpus(cpus);
  lk_cpu_detect(&cpu);
  if (ncpus) {
    const lk_cpu_info_t base = cpus[0];
    for (int i = 0; i < ncpus; i++) test_isa(x86, &cpus[i]);
    /* weights packed for AVX-512 and run on AVX2: packed again per call */
    attn_case_t c = {1, 9, 16, 16, 2, 0};
    CHECK(check_case(&c, x86, &base) == 0);
    /* a workspace one byte short is refused */
    bufs_t bf = {0};
    bf.x = fill(9 * 16, 1.0f);
    for (int i = 0; i < 3; i++) {
      bf.w[i] = fill(256, 0.3f);
      bf.bias[i] = fill(16, 0.1f);
    }
    float *out = NULL;
    lt_status_t st = run(&c, &bf, x86, &cpu, NULL, false, -1000000, &out);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    free(out);
    /* no AVX2: the reference computes it */
    lk_cpu_info_t none = {0};
    float *want = NULL;
    lt_status_t a = run(&c, &bf, NULL, NULL, NULL, false, 0, &want);
    lt_status_t b = run(&c, &bf, x86, &none, NULL, false, 0, &out);
    CHECK(!a && !b && memcmp(want, out, 9 * 16 * sizeof(float)) == 0);
    lt_status_free(a);
    lt_status_free(b);
    free(want);
    free(out);
    free(bf.x);
    for (int i = 0; i < 3; i++) {
      free(bf.w[i]);
      free(bf.bias[i]);
    }
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_attention_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

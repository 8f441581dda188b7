/* x86_pool_test.c - x86_pool2d__f32_nchw against ref_pool2d__f32_nchw on
 * every instruction set this CPU has (the AVX2 baseline forced by clearing
 * AVX-512F from the CPU info): max and avg (with and without the pads
 * counted), windows 1 to 7, strides 1 to 3, dilations 1 and 2, pads up to
 * beyond the window (windows with no input position), extra ceil_mode
 * outputs, planes of 1 to 113 columns (vector tails), NaN inputs, planes
 * split over a parallel-for; then the fallbacks to the reference kernel
 * (lp pooling, one spatial dim, a CPU without AVX2, no target). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/ref/pool.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "kernels/simd/simd.h"
#include "test/unit/simd_test_util.h"

/* A parallel-for that runs [0, n) as 3 ranges, last first, as workers 2,
 * 1, 0: the kernel must not depend on the order or the split. */
typedef struct pool_case {
  lk_pool_type_t type;
  bool include_pad;
  int64_t n, c, h, w, kh, kw, sh, sw, dh, dw, ph, pw, phe, pwe;
  int64_t extra; /* outputs past the floor form (ceil_mode) */
} pool_case_t;

static int64_t out_dim(int64_t in, int64_t k, int64_t s, int64_t d,
                       int64_t pb, int64_t pe, int64_t extra) {
  int64_t span = (k - 1) * d + 1, room = in + pb + pe - span;
  return room < 0 ? 0 : room / s + 1 + extra;
}

/* Runs the case through `kernel` (NULL: the reference) with cpu; the
 * result in *out (malloc'ed, oh * ow * n * c floats). */
static lt_status_t run(const pool_case_t *pc, const lk_kernel_t *kernel,
                       const lk_cpu_info_t *cpu, const lk_parallel_t *par,
                       const float *x, float **out, int32_t spatial) {
  lk_pool_params_t p = {.type = pc->type,
                        .spatial = spatial,
                        .kernel = {pc->kh, pc->kw},
                        .strides = {pc->sh, pc->sw},
                        .dilations = {pc->dh, pc->dw},
                        .pads_begin = {pc->ph, pc->pw},
                        .pads_end = {pc->phe, pc->pwe},
                        .count_include_pad = pc->include_pad,
                        .p = 2};
  int64_t oh = out_dim(pc->h, pc->kh, pc->sh, pc->dh, pc->ph, pc->phe,
                       pc->extra);
  int64_t ow = out_dim(pc->w, pc->kw, pc->sw, pc->dw, pc->pw, pc->pwe,
                       pc->extra);
  int64_t xd[4] = {pc->n, pc->c, pc->h, pc->w}, yd[4] = {pc->n, pc->c, oh, ow};
  if (spatial == 1) { /* (n, c, w): the second dim of the case */
    xd[2] = pc->w;
    yd[2] = ow;
    p.kernel[0] = pc->kw;
    p.strides[0] = pc->sw;
    p.dilations[0] = pc->dw;
    p.pads_begin[0] = pc->pw;
    p.pads_end[0] = pc->pwe;
  }
  int32_t rank = 2 + spatial;
  lk_tensor_t xt = {LK_F32, rank, {0}, (void *)x}, yt = {LK_F32, rank, {0}, NULL};
  memcpy(xt.dims, xd, sizeof(int64_t) * (size_t)rank);
  memcpy(yt.dims, yd, sizeof(int64_t) * (size_t)rank);
  size_t ny = (size_t)lk_numel(&yt);
  *out = malloc((ny + 1) * sizeof(float));
  yt.data = *out;
  lk_view_t xv, yv;
  CHECK(lk_view_dense(&xv, LK_F32, rank, xt.dims, LK_LAYOUT_NCHW, xt.data));
  CHECK(lk_view_dense(&yv, LK_F32, rank, yt.dims, LK_LAYOUT_NCHW, yt.data));
  size_t ws_size = lk_ref_pool2d_workspace(&xt, &yt);
  void *ws = malloc(ws_size + 1);
  lk_target_ctx_t target = {par, cpu};
  lk_call_t call = {&xv, 1, &yv, 1, &p, sizeof p, ws, ws_size, NULL, 0,
                    cpu || par ? &target : NULL};
  lt_status_t st = kernel ? lk_kernel_call(kernel, &call)
                          : lk_ref_pool2d__f32_nchw(&call);
  free(ws);
  return st;
}

static size_t numel_out(const pool_case_t *pc, int32_t spatial) {
  int64_t ow = out_dim(pc->w, pc->kw, pc->sw, pc->dw, pc->pw, pc->pwe,
                       pc->extra);
  int64_t oh = spatial == 1 ? 1
                            : out_dim(pc->h, pc->kh, pc->sh, pc->dh, pc->ph,
                                      pc->phe, pc->extra);
  return (size_t)(pc->n * pc->c * oh * ow);
}

/* x86 and ref agree: max exactly (NaN where the reference has NaN), avg
 * within 2e-6 relative. */
static bool agree(const pool_case_t *pc, const float *a, const float *b,
                  size_t n) {
  for (size_t i = 0; i < n; i++) {
    bool same = (isnan(a[i]) && isnan(b[i])) ||
                (pc->type == LK_POOL_MAX
                     ? a[i] == b[i]
                     : fabsf(a[i] - b[i]) <= 2e-6f * (1.0f + fabsf(b[i])));
    if (!same) {
      fprintf(stderr,
              "%s %dx%d k%dx%d s%dx%d d%dx%d p%d,%d,%d,%d pad %d: element "
              "%zu: x86 %.9g, ref %.9g\n",
              pc->type == LK_POOL_MAX ? "max" : "avg", (int)pc->h, (int)pc->w,
              (int)pc->kh, (int)pc->kw, (int)pc->sh, (int)pc->sw, (int)pc->dh,
              (int)pc->dw, (int)pc->ph, (int)pc->pw, (int)pc->phe,
              (int)pc->pwe, pc->include_pad, i, a[i], b[i]);
      return false;
    }
  }
  return true;
}

/* One case on cpu: x86 (inline and split over 3 workers) against ref. */
static int check_case(const pool_case_t *pc, const lk_kernel_t *x86,
                      const lk_cpu_info_t *cpu, bool nans) {
  size_t nx = (size_t)(pc->n * pc->c * pc->h * pc->w);
  float *x = malloc((nx + 1) * sizeof(float));
  for (size_t i = 0; i < nx; i++) x[i] = xt_rnd(-2.0f, 2.0f);
  if (nans && nx > 3) x[nx / 3] = NAN;
  float *want = NULL, *got = NULL, *split = NULL;
  int bad = 0;
  lt_status_t s0 = run(pc, NULL, NULL, NULL, x, &want, 2);
  lt_status_t s1 = run(pc, x86, cpu, NULL, x, &got, 2);
  lt_status_t s2 = run(pc, x86, cpu, &k_xt_split3, x, &split, 2);
  CHECK(!s0 && !s1 && !s2);
  size_t n = numel_out(pc, 2);
  if (!s0 && !s1 && !s2 &&
      (!agree(pc, got, want, n) || !agree(pc, split, want, n)))
    bad = 1;
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  free(x);
  free(want);
  free(got);
  free(split);
  return bad;
}

static void test_isa(const lk_kernel_t *x86, const lk_cpu_info_t *cpu) {
  static const int64_t sizes[] = {1, 2, 5, 7, 16, 17, 33, 113};
  int cases = 0, bad = 0;
  for (int t = 0; t < 2; t++)
    for (size_t si = 0; si < LT_ARRAY_SIZE(sizes); si++)
      for (int64_t k = 1; k <= 7; k += (k < 3 ? 1 : 2))
        for (int64_t s = 1; s <= 3; s++)
          for (int64_t d = 1; d <= 2; d++) {
            int64_t h = sizes[(si + 3) % LT_ARRAY_SIZE(sizes)],
                    w = sizes[si];
            if ((k - 1) * d + 1 > w + 2 * k || (k - 1) * d + 1 > h + 2 * k)
              continue;
            /* pads 0..k: past the window when d = 1 */
            int64_t pad = (k + s + d + (int64_t)si) % (k + 1);
            int64_t kw = s == 3 && k > 1 ? k - 1 : k; /* not square */
            /* rows at stride s, columns at 1, 2 (vectors) or 3 */
            int64_t sw = s < 3 ? s : k % 2 ? 3 : 2;
            pool_case_t pc = {t ? LK_POOL_AVG : LK_POOL_MAX,
                              (si + (size_t)k) % 2 == 0,
                              2, 3, h, w, k, kw, s, sw, d, d,
                              pad, pad / 2 + (s == 2), pad, pad / 2,
                              (int64_t)(si + (size_t)d) % 2};
            bad += check_case(&pc, x86, cpu, (si + k + s) % 4 == 0);
            cases++;
          }
  printf(LK_SIMD_KERNEL("pool2d on %s: %d cases, %d differ\n"),
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0);
  CHECK(cases > 300);
}

/* What the x86 kernel hands to the reference kernel gives its results. */
static void test_fallbacks(const lk_kernel_t *x86, const lk_cpu_info_t *cpu) {
  pool_case_t pc = {LK_POOL_LP, false, 1, 2, 9, 10, 3, 3, 2, 2, 1, 1,
                    1, 1, 1, 1, 0};
  float x[1 * 2 * 9 * 10];
  for (size_t i = 0; i < LT_ARRAY_SIZE(x); i++) x[i] = xt_rnd(-2.0f, 2.0f);
  lk_cpu_info_t none = {0};
  struct {
    lk_pool_type_t type;
    const lk_cpu_info_t *cpu;
    int32_t spatial;
  } cases[] = {{LK_POOL_LP, cpu, 2},   /* lp */
               {LK_POOL_MAX, cpu, 1},  /* one spatial dim */
               {LK_POOL_AVG, &none, 2}, /* no AVX2 */
               {LK_POOL_MAX, NULL, 2}}; /* no target */
  for (size_t i = 0; i < LT_ARRAY_SIZE(cases); i++) {
    pc.type = cases[i].type;
    float *want = NULL, *got = NULL;
    lt_status_t a = run(&pc, NULL, NULL, NULL, x, &want, cases[i].spatial);
    lt_status_t b = run(&pc, x86, cases[i].cpu, NULL, x, &got, cases[i].spatial);
    CHECK(!a && !b);
    size_t n = numel_out(&pc, cases[i].spatial);
    CHECK(memcmp(want, got, n * sizeof(float)) == 0);
    lt_status_free(a);
    lt_status_free(b);
    free(want);
    free(got);
  }
  /* an i64 tensor is refused, as by the f32 reference row */
  int64_t dims[4] = {1, 1, 2, 2};
  int64_t xi[4] = {1, 2, 3, 4}, yi[1];
  int64_t one[4] = {1, 1, 1, 1};
  lk_view_t xv, yv;
  CHECK(lk_view_dense(&xv, LK_I64, 4, dims, LK_LAYOUT_NCHW, xi));
  CHECK(lk_view_dense(&yv, LK_I64, 4, one, LK_LAYOUT_NCHW, yi));
  lk_pool_params_t p = {.type = LK_POOL_MAX, .spatial = 2, .kernel = {2, 2},
                        .strides = {1, 1}, .dilations = {1, 1}};
  lk_target_ctx_t target = {NULL, cpu};
  lk_call_t call = {&xv, 1, &yv, 1, &p, sizeof p, NULL, 0, NULL, 0, &target};
  lt_status_t st = lk_kernel_call(x86, &call);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
}

int main(void) {
  const lk_kernel_t *x86 = lk_builtin_kernel_find(LK_SIMD_KERNEL("pool2d__f32_nchw"));
  CHECK(x86 && lk_kernel_runnable(x86));
  if (!x86) return 1;
  lk_cpu_info_t cpus[2], cpu;
  int n = xt_cpus(cpus);
  if (!n) printf("simd_pool_test: no instruction set of the kernels on this CPU: only the fallbacks\n");
  CHECK(n == 0 || lk_simd_isa_of(&cpus[0]) == 0); /* the baseline first */
  for (int i = 0; i < n; i++) test_isa(x86, &cpus[i]);
  lk_cpu_detect(&cpu);
  test_fallbacks(x86, &cpu);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_pool_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

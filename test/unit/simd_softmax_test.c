/* simd_softmax_test.c - {x86,arm}_softmax__f32_nchw against the reference
 * kernel (in double), on every instruction set this machine runs: rows of
 * 1 to 4096 elements (tails of every width, inputs large enough that e^x
 * would overflow without the maximum subtracted), ranks 1 to 4, an empty
 * tensor, y in place of x, one worker and a parallel-for of three; other
 * axes go to the reference kernel and agree exactly. The largest error
 * is printed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/softmax.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__) || defined(__aarch64__)
#include "test/unit/simd_test_util.h"

static const lk_cpu_info_t *g_cpu;
static double g_worst;

static int check(const lk_kernel_t *k, int32_t rank, const int64_t *dims,
                 int32_t axis, bool in_place, const lk_parallel_t *par) {
  int64_t n = 1;
  for (int32_t i = 0; i < rank; i++) n *= dims[i];
  float *x = malloc((size_t)(n + 1) * sizeof(float));
  float *want = malloc((size_t)(n + 1) * sizeof(float));
  float *got = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t e = 0; e < n; e++)
    x[e] = xt_rnd(-8.0f, 8.0f) + (e % 7 == 3 ? 90.0f : 0.0f);
  lk_softmax_params_t p = {LK_SOFTMAX, axis};
  lk_view_t in, out;
  CHECK(lk_view_dense(&in, LK_F32, rank, dims, LK_LAYOUT_NCHW, x));
  CHECK(lk_view_dense(&out, LK_F32, rank, dims, LK_LAYOUT_NCHW, want));
  lk_call_t call = {&in, 1, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  lt_status_t s1 = lk_ref_softmax__f32_nchw(&call);
  CHECK(!s1);
  for (int64_t e = 0; e < n; e++) got[e] = in_place ? x[e] : NAN;
  got[n] = 12345.0f;
  if (in_place) in.data = got;
  out.data = got;
  lk_target_ctx_t target = {par, g_cpu};
  call.target = &target;
  lt_status_t s2 = lk_kernel_call(k, &call);
  CHECK(!s2);
  CHECK(got[n] == 12345.0f);
  int bad = s1 != LT_OK || s2 != LT_OK;
  for (int64_t e = 0; !bad && e < n; e++) {
    double err = fabs((double)got[e] - (double)want[e]);
    if (axis != rank - 1 && err != 0.0) bad = 1;
    if (err > g_worst) g_worst = err;
    if (!(err <= 1e-7 + 2e-6 * fabs((double)want[e]))) bad = 1;
    if (bad)
      fprintf(stderr, "%s (%s) rank %d axis %d: element %lld: %.9g, want %.9g\n",
              k->name, lk_simd_isa_name(lk_simd_isa_of(g_cpu)), rank, axis,
              (long long)e, got[e], want[e]);
  }
  lt_status_free(s1);
  lt_status_free(s2);
  free(x);
  free(want);
  free(got);
  return bad;
}

int main(void) {
  const lk_kernel_t *k =
      lk_builtin_kernel_find(LK_SIMD_KERNEL("softmax__f32_nchw"));
  CHECK(k && lk_kernel_runnable(k));
  if (!k) return 1;
  typedef struct shape {
    int32_t rank, axis;
    int64_t d[4];
  } shape_t;
  static const shape_t kShapes[] = {
      {2, 1, {3, 5}},        {3, 2, {2, 3, 33}},      {1, 0, {1000}},
      {2, 1, {7, 1}},        {2, 1, {4, 4096}},       {2, 1, {0, 5}},
      {2, 1, {300, 64}},     {4, 3, {2, 3, 4, 17}},   {2, 1, {5, 16}},
      {3, 1, {2, 9, 4}}, /* not the last axis: the reference */
  };
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  CHECK(ncpus > 0);
  for (int ci = 0; ci < ncpus; ci++) {
    g_cpu = &cpus[ci];
    g_worst = 0.0;
    int cases = 0, bad = 0;
    for (size_t s = 0; s < LT_ARRAY_SIZE(kShapes); s++)
      for (int v = 0; v < 3; v++, cases++)
        bad += check(k, kShapes[s].rank, kShapes[s].d, kShapes[s].axis, v == 2,
                     v == 1 ? &k_xt_split3 : NULL);
    for (int64_t w = 1; w <= 40; w++, cases++) { /* every tail */
      int64_t d[2] = {3, w};
      bad += check(k, 2, d, 1, false, NULL);
    }
    printf("%s (%s): %d cases, %d differ, largest error %.3g\n", k->name,
           lk_simd_isa_name(lk_simd_isa_of(g_cpu)), cases, bad, g_worst);
    CHECK(bad == 0 && cases == 70);
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_softmax_test: no SIMD build on this architecture\n");
  return 0;
}
#endif

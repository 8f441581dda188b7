/* simd_layer_norm_test.c - {x86,arm}_layer_norm__f32_nchw against
 * ref_layer_norm__f32_nchw on every instruction set this CPU has (AVX2
 * forced by clearing AVX-512F): rows of 1 to 1030 floats (vector tails of
 * every length), 1 to 5 rows, the axis anywhere, with and without bias and
 * the Mean / InvStdDev results, a split over workers; and the reference's
 * runs: a broadcast scale, a CPU without the baseline set. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/plan/norm.h"
#include "kernels/ref/norm.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "test/unit/simd_test_util.h"

typedef struct ln_case {
  int32_t rank, axis;
  int64_t dims[4];
  int64_t scale_numel; /* the scale's elements: the row's, or 1 (broadcast) */
  bool bias, stats;
} ln_case_t;

/* The case through kernel (NULL: the reference) on cpu and par; y, mean
 * and inv (rows floats) malloc'ed into out[0..3). */
static lt_status_t run(const ln_case_t *c, const float *x, const float *scale,
                       const float *bias, const lk_kernel_t *kernel,
                       const lk_cpu_info_t *cpu, const lk_parallel_t *par,
                       float *out[3]) {
  int64_t rows = 1, n = 1;
  for (int32_t d = 0; d < c->rank; d++)
    *(d < c->axis ? &rows : &n) *= c->dims[d];
  int64_t sd[4], st[4];
  int32_t srank = c->rank - c->axis;
  for (int32_t d = 0; d < c->rank; d++)
    st[d] = d < c->axis ? c->dims[d] : 1; /* Mean, InvStdDev: [..., 1...] */
  for (int32_t d = 0; d < srank; d++)
    sd[d] = c->scale_numel == 1 ? 1 : c->dims[c->axis + d];
  lk_view_t in[3], o[3];
  CHECK(lk_view_dense(&in[0], LK_F32, c->rank, c->dims, LK_LAYOUT_NCHW,
                      (void *)x));
  CHECK(lk_view_dense(&in[1], LK_F32, srank, sd, LK_LAYOUT_NCHW,
                      (void *)scale));
  CHECK(lk_view_dense(&in[2], LK_F32, srank, sd, LK_LAYOUT_NCHW,
                      (void *)bias));
  out[0] = calloc((size_t)(rows * n), sizeof(float));
  out[1] = calloc((size_t)rows, sizeof(float));
  out[2] = calloc((size_t)rows, sizeof(float));
  CHECK(lk_view_dense(&o[0], LK_F32, c->rank, c->dims, LK_LAYOUT_NCHW, out[0]));
  CHECK(lk_view_dense(&o[1], LK_F32, c->rank, st, LK_LAYOUT_NCHW, out[1]));
  CHECK(lk_view_dense(&o[2], LK_F32, c->rank, st, LK_LAYOUT_NCHW, out[2]));
  lk_layer_norm_params_t p = {.axis = c->axis, .epsilon = 1e-5,
                              .stash_dtype = LK_F32};
  lk_target_ctx_t target = {par, cpu};
  lk_tensor_t xt = {LK_F32, c->rank, {0}, (void *)x};
  memcpy(xt.dims, c->dims, sizeof c->dims);
  size_t ws = lk_ref_layer_norm_workspace(c->axis, &xt);
  lk_call_t call = {in,   c->bias ? 3 : 2, o,  c->stats ? 3 : 1, &p,
                    sizeof p, malloc(ws), ws, NULL, 0, &target};
  lt_status_t s = kernel ? lk_kernel_call(kernel, &call)
                         : lk_ref_layer_norm__f32_nchw(&call);
  free(call.workspace);
  return s;
}

static int check_case(const ln_case_t *c, const lk_kernel_t *k,
                      const lk_cpu_info_t *cpu) {
  int64_t total = 1, rows = 1;
  for (int32_t d = 0; d < c->rank; d++) {
    total *= c->dims[d];
    if (d < c->axis) rows *= c->dims[d];
  }
  int64_t n = total / rows, ns = c->scale_numel == 1 ? 1 : n;
  float *x = malloc((size_t)total * sizeof(float)),
        *scale = malloc((size_t)ns * sizeof(float)),
        *bias = malloc((size_t)ns * sizeof(float));
  for (int64_t i = 0; i < total; i++) /* an offset, so the mean matters */
    x[i] = 3.0f + xt_rnd(-2.0f, 2.0f);
  for (int64_t i = 0; i < ns; i++) {
    scale[i] = xt_rnd(0.5f, 1.5f);
    bias[i] = xt_rnd(-0.5f, 0.5f);
  }
  float *want[3], *got[3], *split[3];
  lt_status_t s[3] = {run(c, x, scale, bias, NULL, NULL, NULL, want),
                      run(c, x, scale, bias, k, cpu, NULL, got),
                      run(c, x, scale, bias, k, cpu, &k_xt_split3, split)};
  int bad = 0;
  for (int i = 0; i < 3; i++) {
    if (s[i]) fprintf(stderr, "run %d: %s\n", i, lt_status_message(s[i]));
    bad |= s[i] != LT_OK;
    lt_status_free(s[i]);
  }
  for (int r = 0; r < (c->stats ? 3 : 1) && !bad; r++) {
    int64_t len = r == 0 ? total : rows;
    for (int64_t i = 0; i < len && !bad; i++) {
      float tol = 2e-6f * (1.0f + fabsf(want[r][i]));
      if (fabsf(got[r][i] - want[r][i]) <= tol &&
          fabsf(split[r][i] - want[r][i]) <= tol)
        continue;
      fprintf(stderr,
              "rank %d axis %d n %lld bias %d stats %d result %d element "
              "%lld: simd %.9g (split %.9g), ref %.9g\n",
              c->rank, c->axis, (long long)n, c->bias, c->stats, r,
              (long long)i, got[r][i], split[r][i], want[r][i]);
      bad = 1;
    }
  }
  for (int r = 0; r < 3; r++) {
    free(want[r]);
    free(got[r]);
    free(split[r]);
  }
  free(x);
  free(scale);
  free(bias);
  return bad;
}

int main(void) {
  const lk_kernel_t *k =
      lk_builtin_kernel_find(LK_SIMD_KERNEL("layer_norm__f32_nchw"));
  CHECK(k && lk_kernel_runnable(k) && strcmp(k->op, "layer_norm") == 0);
  if (!k) return 1;
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  static const int64_t kWidths[] = {1, 3, 7, 8, 15, 16, 17, 31, 33,
                                    64, 100, 257, 768, 1030};
  for (int ci = 0; ci < ncpus; ci++) {
    int cases = 0, bad = 0;
    for (size_t wi = 0; wi < sizeof kWidths / sizeof kWidths[0]; wi++)
      for (int v = 0; v < 4; v++, cases++) {
        int64_t w = kWidths[wi];
        /* [rows, w] on the last axis, or [2, rows, 2, w / 2] on axis 2 */
        ln_case_t c = {2, 1, {1 + (int64_t)(wi % 5), w}, w, v & 1, v & 2};
        if (w % 2 == 0 && v == 3)
          c = (ln_case_t){4, 2, {2, 1 + (int64_t)(wi % 3), 2, w / 2}, w,
                          true, true};
        bad += check_case(&c, k, &cpus[ci]);
      }
    /* the axis at 0: the whole tensor one row */
    ln_case_t whole = {3, 0, {3, 5, 7}, 105, true, true};
    bad += check_case(&whole, k, &cpus[ci]), cases++;
    /* a broadcast scale and bias: the reference runs, the same result */
    ln_case_t bcast = {2, 1, {3, 40}, 1, true, false};
    bad += check_case(&bcast, k, &cpus[ci]), cases++;
    printf(LK_SIMD_KERNEL("layer_norm on %s: %d cases, %d differ\n"),
           lk_simd_isa_name(lk_simd_isa_of(&cpus[ci])), cases, bad);
    CHECK(bad == 0 && cases > 50);
  }
  /* a CPU without the baseline set: the reference computes it */
  lk_cpu_info_t none = {0};
  ln_case_t c = {2, 1, {2, 37}, 37, true, true};
  CHECK(check_case(&c, k, &none) == 0);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_layer_norm_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

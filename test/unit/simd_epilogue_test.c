/* simd_epilogue_test.c - the SIMD epilogue row (kernels/simd/epilogue.h)
 * against the reference activations in double, on every instruction set
 * this machine runs: each activation over a sweep of [-100, 100] (past
 * both ends of the vector exp's clamp) and the values around 0, with the
 * row's bias and residual added first, at lengths that end inside a
 * vector; the error stays within a bound per activation relative to the
 * result (the vector exp's and reciprocal's few ulp), besides an absolute
 * slack where the result underflows and for gelu's erf (1.5e-7 absolute). NaN
 * stays NaN through relu and none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/ref/activation.h"
#include "test/unit/check.h"

#if defined(__x86_64__) || defined(__aarch64__)
#include "kernels/simd/epilogue.h"
#include "test/unit/simd_test_util.h"

#define SWEEP 20001

/* Bounds on |got - want| - slack(act, x), relative to |want|. */
static double bound(lk_activation_t act) {
  switch (act) {
  case LK_ACT_GELU:
  case LK_ACT_TANH:
  case LK_ACT_SIGMOID:
  case LK_ACT_SWISH: return 4e-7;
  default: return 2.4e-7; /* a rounding of each of two steps */
  }
}

/* The absolute error allowed besides: results that underflow, and gelu's
 * erf, whose error is absolute (x erf(x / sqrt 2) / 2). */
static double slack(lk_activation_t act, double x) {
  return 1e-25 + (act == LK_ACT_GELU ? 1e-7 * fabs(x) : 0.0);
}

int main(void) {
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  CHECK(ncpus > 0);
  float *x = malloc(SWEEP * sizeof(float)), *y = malloc((SWEEP + 1) * sizeof(float)),
        *res = malloc(SWEEP * sizeof(float));
  for (int i = 0; i < SWEEP; i++) {
    /* half the sweep over [-100, 100], half over [-2, 2] */
    double t = (double)(i / 2) / (SWEEP / 2) * 2.0 - 1.0;
    x[i] = (float)(i % 2 ? 100.0 * t : 2.0 * t);
    res[i] = xt_rnd(-0.5f, 0.5f);
  }
  x[0] = 0.0f;
  x[1] = -0.0f;
  x[2] = 1e-30f;
  x[3] = -1e-30f;
  for (int ci = 0; ci < ncpus; ci++) {
    lk_simd_isa_t isa = lk_simd_isa_of(&cpus[ci]);
    for (int a = 0; a < LK_NUM_ACTIVATIONS; a++) {
      lk_activation_t act = (lk_activation_t)a;
      double alpha = lk_activation_default_alpha(act),
             beta = lk_activation_default_beta(act);
      lk_simd_epilogue_t e = {act, (float)alpha, (float)beta};
      double worst = 0.0;
      int bad = 0;
      /* whole sweep: no bias, bias and residual; then short rows */
      for (int form = 0; form < 3; form++) {
        int64_t n = form == 2 ? 1 + a % 7 + 8 * (ci + 1) : SWEEP;
        float bias = form == 0 ? 0.0f : 0.25f;
        const float *r = form == 0 ? NULL : res;
        for (int64_t i = 0; i < n; i++) y[i] = x[i];
        y[n] = 12345.0f; /* past the row: left as it is */
        lk_simd_epilogue_rows[isa](&e, y, n, bias, r);
        CHECK(y[n] == 12345.0f);
        for (int64_t i = 0; i < n; i++) {
          double in = (double)(x[i] + bias);
          if (r) in = (double)((float)in + r[i]);
          double want = lk_ref_activation(act, (double)(float)alpha,
                                          (double)(float)beta, in);
          double err = fmax(fabs((double)y[i] - want) - slack(act, in), 0.0) /
                       fmax(fabs(want), 1e-30);
          if (err > worst) worst = err;
          if (!(err <= bound(act)) && bad++ < 3)
            fprintf(stderr, "%s %s: x %.9g: %.9g, want %.9g\n",
                    lk_simd_isa_name(isa), lk_activation_name(act), in,
                    (double)y[i], want);
        }
      }
      printf("%s %-12s max relative error %.3g (bound %.3g)\n",
             lk_simd_isa_name(isa), lk_activation_name(act), worst,
             bound(act));
      CHECK(bad == 0);
    }
    /* NaN stays through none and relu */
    float nan_row[3] = {NAN, 1.0f, NAN};
    lk_simd_epilogue_t relu = {LK_ACT_RELU, 0.0f, 0.0f};
    lk_simd_epilogue_rows[isa](&relu, nan_row, 3, 0.0f, NULL);
    CHECK(isnan(nan_row[0]) && nan_row[1] == 1.0f && isnan(nan_row[2]));
  }
  free(x);
  free(y);
  free(res);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_epilogue_test: no SIMD build on this architecture\n");
  return 0;
}
#endif

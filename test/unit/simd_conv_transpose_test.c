/* x86_conv_transpose_test.c - x86_conv2d_transpose__f32_nchw against
 * ref_conv2d_transpose__f32_nchw on every instruction set this CPU has
 * (AVX2 forced by clearing AVX-512F): kernels 1 to 4, strides 1 to 3,
 * dilations 1 and 2, pads (with an output padding), 1, 2 and C groups,
 * batches of 2, bias and residual, every activation (NaN through the ones
 * that keep it), weights transposed at load (the pack function) or per
 * call, channels split over a parallel-for; then a short workspace's
 * refusal and the reference's run without AVX2. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/ref/conv.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "kernels/simd/simd.h"
#include "test/unit/simd_conv_util.h"
#include "test/unit/simd_test_util.h"

typedef struct ct_case {
  int64_t n, c, h, w, m, k, s, d, pad, opad, group;
  bool bias, residual;
  lk_activation_t act;
} ct_case_t;

static int64_t out_len(const ct_case_t *c, int64_t in) {
  return (in - 1) * c->s - 2 * c->pad + c->d * (c->k - 1) + 1 + c->opad;
}

static float *fill(int64_t n) {
  float *p = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++) p[i] = xt_rnd(-1.0f, 1.0f);
  return p;
}

typedef struct bufs {
  float *x, *w, *b, *r;
} bufs_t;

static lt_status_t run(const ct_case_t *c, const bufs_t *bf,
                       const lk_kernel_t *kernel, const lk_cpu_info_t *cpu,
                       const lk_parallel_t *par, bool packed, long ws_extra,
                       float **out) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w);
  int64_t xd[4] = {c->n, c->c, c->h, c->w},
          wd[4] = {c->c, c->m / c->group, c->k, c->k},
          yd[4] = {c->n, c->m, oh, ow};
  *out = calloc((size_t)(c->n * c->m * oh * ow) + 1, sizeof(float));
  xt_conv_t v;
  xt_conv_setup(&v, xd, wd, yd, bf->x, bf->w, c->bias ? bf->b : NULL,
                c->residual ? bf->r : NULL, *out, c->group, c->s, c->d, c->pad,
                c->act, cpu, par);
  return xt_call(kernel, lk_ref_conv2d_transpose__f32_nchw, &v.call,
                 lk_ref_conv2d_transpose_workspace(&v.p, &v.t[0], &v.t[1],
                                                   &v.t[2], &v.ty),
                 ws_extra, packed);
}

static int check_case(const ct_case_t *c, const lk_kernel_t *x86,
                      const lk_cpu_info_t *cpu) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w), ny = c->n * c->m * oh * ow;
  bufs_t bf = {fill(c->n * c->c * c->h * c->w),
               fill(c->c * (c->m / c->group) * c->k * c->k), fill(c->m),
               fill(ny)};
  bool nan = c->act == LK_ACT_RELU || c->act == LK_ACT_NONE;
  if (nan) bf.x[0] = NAN;
  float *want = NULL, *a = NULL, *b = NULL;
  lt_status_t s0 = run(c, &bf, NULL, NULL, NULL, false, 0, &want);
  lt_status_t s1 = run(c, &bf, x86, cpu, NULL, true, 0, &a);
  lt_status_t s2 = run(c, &bf, x86, cpu, &k_xt_split3, false, 0, &b);
  CHECK(!s0 && !s1 && !s2);
  int bad = 0;
  for (int64_t i = 0; !s0 && !s1 && !s2 && i < ny && !bad; i++) {
    bool same = (isnan(want[i]) && isnan(a[i]) && isnan(b[i])) ||
                (fabsf(a[i] - want[i]) <= 2e-5f * (1.0f + fabsf(want[i])) &&
                 fabsf(b[i] - want[i]) <= 2e-5f * (1.0f + fabsf(want[i])));
    if (!same) {
      fprintf(stderr, "c %lld m %lld %lldx%lld k %lld s %lld d %lld pad %lld "
                      "opad %lld group %lld act %d: element %lld: x86 %.9g "
                      "(split %.9g), ref %.9g\n",
              (long long)c->c, (long long)c->m, (long long)c->h,
              (long long)c->w, (long long)c->k, (long long)c->s,
              (long long)c->d, (long long)c->pad, (long long)c->opad,
              (long long)c->group, (int)c->act, (long long)i, a[i], b[i],
              want[i]);
      bad = 1;
    }
  }
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  free(want);
  free(a);
  free(b);
  free(bf.x);
  free(bf.w);
  free(bf.b);
  free(bf.r);
  return bad;
}

static void test_isa(const lk_kernel_t *x86, const lk_cpu_info_t *cpu) {
  int cases = 0, bad = 0;
  for (int64_t k = 1; k <= 4; k++)
    for (int64_t s = 1; s <= 3; s++)
      for (int64_t d = 1; d <= 2; d++)
        for (int gi = 0; gi < 3; gi++) {
          int64_t c = 6, m = gi == 2 ? 6 : 4, group = gi == 0 ? 1 : gi == 1 ? 2 : 6;
          int64_t pad = (k * d) / 2 > 0 ? ((k + s) % 2) * ((k * d - 1) / 2) : 0;
          int64_t opad = s > 1 && (k + d) % 2 ? 1 : 0;
          ct_case_t cc = {1 + (k + s) % 2, c, 3 + k, 5 + s, m, k, s, d, pad, opad,
                          group, (k + d) % 2 == 0, (s + gi) % 2 == 1,
                          (lk_activation_t)((k * 3 + s * 2 + d + gi) %
                                            LK_NUM_ACTIVATIONS)};
          if (out_len(&cc, cc.h) < 1 || out_len(&cc, cc.w) < 1) continue;
          bad += check_case(&cc, x86, cpu);
          cases++;
        }
  /* every activation on one shape */
  for (int a = 0; a < LK_NUM_ACTIVATIONS; a++, cases++) {
    ct_case_t cc = {1, 3, 9, 19, 5, 2, 2, 1, 0, 0, 1, true, false,
                    (lk_activation_t)a};
    bad += check_case(&cc, x86, cpu);
  }
  printf(LK_SIMD_KERNEL("conv2d_transpose on %s: %d cases, %d differ\n"),
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0 && cases > 60);
}

int main(void) {
  const lk_kernel_t *x86 =
      lk_builtin_kernel_find(LK_SIMD_KERNEL("conv2d_transpose__f32_nchw"));
  CHECK(x86 && lk_kernel_runnable(x86) && x86->pack && x86->workspace);
  if (!x86) return 1;
  lk_cpu_info_t cpus[2], cpu;
  int ncpus = xt_cpus(cpus);
  lk_cpu_detect(&cpu);
  if (ncpus) {
    for (int i = 0; i < ncpus; i++) test_isa(x86, &cpus[i]);
    ct_case_t c = {1, 4, 5, 6, 3, 2, 2, 1, 0, 0, 1, true, false, LK_ACT_RELU};
    bufs_t bf = {fill(120), fill(4 * 3 * 4), fill(3), fill(3 * 10 * 12)};
    float *out = NULL, *want = NULL;
    lt_status_t st = run(&c, &bf, x86, &cpu, NULL, false, -1000000, &out);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    free(out);
    lk_cpu_info_t none = {0};
    lt_status_t a = run(&c, &bf, NULL, NULL, NULL, false, 0, &want);
    lt_status_t b = run(&c, &bf, x86, &none, NULL, false, 0, &out);
    CHECK(!a && !b && memcmp(want, out, 3 * 10 * 12 * sizeof(float)) == 0);
    lt_status_free(a);
    lt_status_free(b);
    free(want);
    free(out);
    free(bf.x);
    free(bf.w);
    free(bf.b);
    free(bf.r);
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_conv_transpose_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

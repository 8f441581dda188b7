/* x86_conv_test.c - x86_conv2d__f32_nchw against ref_conv2d__f32_nchw on
 * every instruction set this CPU has (AVX2 forced by clearing AVX-512F):
 * kernels 1 to 7, strides 1 to 3, dilations 1 and 2, pads (asymmetric
 * ones too), 1, 2 and C groups, batches of 2, bias and residual, every
 * activation (NaN through the ones that keep it), weights packed at load
 * (the pack function) or read as stored, one worker and a parallel-for of
 * three; feature maps from a part of one panel to many (so both ways of
 * cutting the work run: a tile per worker, and shared columns with the
 * channels split), pointwise convolutions, channel counts off the
 * microkernel's rows; then weights packed for another input shape, a short
 * workspace's refusal, and the reference's run without AVX2. Depthwise
 * convolutions (conv_dw.h's path) on their own sweep of kernels, strides,
 * dilations and maps. On x86 the 3 x 3 stride-1 cases with 16 channels or
 * more each way and more than 64 output pixels (14 x 14, 33 x 31, 9 x 9
 * maps), or 64 channels and 16 to 64 pixels (7 x 7), run, with packed
 * weights, in x86_conv2d__f32_nchw16c's Winograd form (conv_nchwc.h); an
 * input NaN is left out of those, as it reaches the whole tile there. */
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
#include "kernels/simd/conv.h"
#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ARCH_X86)
#include "kernels/simd/conv_nchwc_wino.h"
#endif
#include "test/unit/simd_conv_util.h"
#include "test/unit/simd_test_util.h"

typedef struct ct_case {
  int64_t n, c, h, w, m, k, s, d, pad, pad_end, group;
  bool bias, residual;
  lk_activation_t act;
} ct_case_t;

static int64_t out_len(const ct_case_t *c, int64_t in) {
  return (in + c->pad + c->pad_end - c->d * (c->k - 1) - 1) / c->s + 1;
}

static float *fill(int64_t n) {
  float *p = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++) p[i] = xt_rnd(-1.0f, 1.0f);
  return p;
}

/* When set, the weights are packed as for an input of this height and
 * width (a shape that changed after load). */
static int64_t g_pack_hw[2];

typedef struct bufs {
  float *x, *w, *b, *r;
} bufs_t;

static lt_status_t run(const ct_case_t *c, const bufs_t *bf,
                       const lk_kernel_t *kernel, const lk_cpu_info_t *cpu,
                       const lk_parallel_t *par, bool packed, long ws_extra,
                       float **out) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w);
  int64_t xd[4] = {c->n, c->c, c->h, c->w},
          wd[4] = {c->m, c->c / c->group, c->k, c->k},
          yd[4] = {c->n, c->m, oh, ow};
  *out = calloc((size_t)(c->n * c->m * oh * ow) + 1, sizeof(float));
  xt_conv_t v;
  xt_conv_setup(&v, xd, wd, yd, bf->x, bf->w, c->bias ? bf->b : NULL,
                c->residual ? bf->r : NULL, *out, c->group, c->s, c->d, c->pad,
                c->act, cpu, par);
  v.p.residual = &v.t[3];
  size_t ref_ws = lk_ref_conv2d_workspace(&v.p, &v.t[0], &v.t[1], &v.t[2], &v.ty);
  v.p.residual = NULL;
  /* packed for the call's set, as the pack function does for the host's */
  void *pk = NULL;
  size_t size = 0;
  if (kernel && packed) {
    lk_simd_isa_t isa = lk_simd_isa_of(cpu);
    lk_view_t pin[4]; /* the input's shape at load, if it was another */
    memcpy(pin, v.in, sizeof pin);
    if (g_pack_hw[0]) {
      pin[0].dims[2] = g_pack_hw[0];
      pin[0].dims[3] = g_pack_hw[1];
    }
    /* depthwise weights are read as stored (conv_dw.h) */
    bool depthwise = c->group > 1 && c->c == c->group && c->m == c->group;
    CHECK(lk_simd_conv2d_pack_isa(isa, &v.p, pin, v.call.num_inputs, NULL,
                                 &size) == LT_OK &&
          (size > 0) == !depthwise);
    pk = size ? malloc(size) : NULL;
    CHECK(lk_simd_conv2d_pack_isa(isa, &v.p, pin, v.call.num_inputs, pk,
                                 &size) == LT_OK);
  }
  v.call.packed = pk;
  v.call.packed_size = size;
  lt_status_t st = xt_call(kernel, lk_ref_conv2d__f32_nchw, &v.call, ref_ws,
                           ws_extra, false);
  free(pk);
  return st;
}

static int check_case(const ct_case_t *c, const lk_kernel_t *x86,
                      const lk_cpu_info_t *cpu) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w), ny = c->n * c->m * oh * ow;
  bufs_t bf = {fill(c->n * c->c * c->h * c->w),
               fill(c->m * (c->c / c->group) * c->k * c->k), fill(c->m),
               fill(ny)};
  bool nan = c->act == LK_ACT_RELU || c->act == LK_ACT_NONE;
#if defined(LK_SIMD_ARCH_X86)
  if (lk_simd_wino_applies(c->group, c->k, c->k, c->s, c->s, c->d, c->d) &&
      lk_simd_wino_tile(c->c, c->m, oh, ow))
    nan = false; /* the Winograd form's */
#endif
  if (nan) bf.x[0] = NAN;
  float *want = NULL, *a = NULL, *b = NULL;
  lt_status_t s0 = run(c, &bf, NULL, NULL, NULL, false, 0, &want);
  lt_status_t s1 = run(c, &bf, x86, cpu, NULL, true, 0, &a);
  lt_status_t s2 = run(c, &bf, x86, cpu, &k_xt_split3, false, 0, &b);
  float *pb = NULL; /* packed weights on three workers: the other tiling */
  lt_status_t s3 = run(c, &bf, x86, cpu, &k_xt_split3, true, 0, &pb);
  lt_status_t s4 = LT_OK;
  if (c->k % 2) { /* as stored on one worker */
    free(a);
    s4 = run(c, &bf, x86, cpu, NULL, false, 0, &a);
  }
  CHECK(!s3 && !s4);
  CHECK(!s0 && !s1 && !s2);
  int bad = 0;
  /* sums of up to Cg KH KW products in another order: the tolerance grows
   * with their count */
  float tol = 2e-6f * (float)(c->c / c->group * c->k * c->k) + 1e-5f;
  bool ran = !s0 && !s1 && !s2 && !s3 && !s4;
  for (int64_t i = 0; ran && i < ny && !bad; i++) {
    const float *got[3] = {a, b, pb};
    for (int v = 0; v < 3 && !bad; v++) {
      bool same = (isnan(want[i]) && isnan(got[v][i])) ||
                  fabsf(got[v][i] - want[i]) <= tol * (1.0f + fabsf(want[i]));
      if (same) continue;
      fprintf(stderr, "n %lld c %lld m %lld %lldx%lld k %lld s %lld d %lld "
                      "pads %lld,%lld group %lld act %d run %d: element %lld: "
                      "simd %.9g, ref %.9g\n",
              (long long)c->n, (long long)c->c, (long long)c->m,
              (long long)c->h, (long long)c->w, (long long)c->k,
              (long long)c->s, (long long)c->d, (long long)c->pad,
              (long long)c->pad_end, (long long)c->group, (int)c->act, v,
              (long long)i, got[v][i], want[i]);
      bad = 1;
    }
  }
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  lt_status_free(s3);
  lt_status_free(s4);
  free(want);
  free(a);
  free(b);
  free(pb);
  free(bf.x);
  free(bf.w);
  free(bf.b);
  free(bf.r);
  return bad;
}

static void test_isa(const lk_kernel_t *x86, const lk_cpu_info_t *cpu) {
  int cases = 0, bad = 0;
  for (int64_t k = 1; k <= 7; k++)
    for (int64_t s = 1; s <= 3; s++)
      for (int64_t d = 1; d <= 2; d++)
        for (int gi = 0; gi < 3; gi++) {
          if (k == 1 && d == 2) continue;
          int64_t c = gi == 2 ? 6 : 5 + gi, m = gi == 2 ? 6 : 13 + 3 * gi;
          int64_t group = gi == 0 ? 1 : gi == 1 ? 2 : 6;
          int64_t pad = (k + s + d) % 3 ? (k * d) / 2 : 0;
          ct_case_t cc = {1 + (k + s) % 2, c, 6 + 2 * k, 9 + 3 * s, m, k, s, d,
                          pad, pad + (s + gi) % 2, group, (k + d) % 2 == 0,
                          (s + gi) % 2 == 1,
                          (lk_activation_t)((k * 3 + s * 2 + d + gi) %
                                            LK_NUM_ACTIVATIONS)};
          if (out_len(&cc, cc.h) < 1 || out_len(&cc, cc.w) < 1) continue;
          bad += check_case(&cc, x86, cpu);
          cases++;
        }
  /* feature maps from a part of a panel to many panels, the channels past
   * the microkernel's rows; pointwise ones (their own packing) among them */
  static const int64_t kMaps[][4] = {{1, 1, 3, 1},   {7, 7, 3, 1},
                                     {14, 14, 3, 1}, {20, 25, 1, 0},
                                     {33, 31, 3, 1}, {40, 41, 1, 0},
                                     {9, 50, 5, 2},  {4, 3, 1, 0},
                                     {9, 9, 3, 1}};
  static const int64_t kChannels[][2] = {{3, 1},   {16, 12}, {9, 25},
                                         {32, 64}, {64, 32}};
  for (size_t mi = 0; mi < LT_ARRAY_SIZE(kMaps); mi++)
    for (size_t ci = 0; ci < LT_ARRAY_SIZE(kChannels); ci++, cases++) {
      ct_case_t cc = {1 + (int64_t)(mi + ci) % 2, kChannels[ci][0],
                      kMaps[mi][0], kMaps[mi][1], kChannels[ci][1],
                      kMaps[mi][2], 1, 1, kMaps[mi][3], kMaps[mi][3], 1,
                      ci % 2 == 0, mi % 2 == 1,
                      (lk_activation_t)((mi + ci) % LK_NUM_ACTIVATIONS)};
      bad += check_case(&cc, x86, cpu);
    }
  /* every activation on one shape */
  for (int a = 0; a < LK_NUM_ACTIVATIONS; a++, cases++) {
    ct_case_t cc = {1, 3, 9, 19, 5, 3, 2, 1, 1, 1, 1, true, false,
                    (lk_activation_t)a};
    bad += check_case(&cc, x86, cpu);
  }
  /* depthwise (conv_dw.h): kernels 1 to 7, strides 1 to 3 (2 and 3 split
   * into phases), dilations 1 and 2, channels 1 to 40, maps from one pixel to
   * rows of several vectors plus a partial one, pads up to the window's
   * reach, uneven ones too */
  static const int64_t kDw[][4] = {{3, 1, 1, 16}, {3, 2, 1, 24}, {5, 1, 1, 40},
                                   {5, 2, 1, 3},  {7, 1, 1, 19}, {3, 1, 2, 32},
                                   {3, 2, 2, 5},  {3, 3, 1, 8},  {1, 1, 1, 7},
                                   {1, 2, 1, 2}};
  static const int64_t kDwMaps[][2] = {{1, 1}, {5, 7}, {17, 40}, {30, 71}};
  for (size_t i = 0; i < LT_ARRAY_SIZE(kDw); i++)
    for (size_t mi = 0; mi < LT_ARRAY_SIZE(kDwMaps); mi++) {
      int64_t k = kDw[i][0], ch = kDw[i][3];
      int64_t pad = (int64_t)(i + mi) % 2 ? (k / 2) * kDw[i][2] : 0;
      ct_case_t cc = {1 + (int64_t)(i + mi) % 2,
                      ch,
                      kDwMaps[mi][0] + 2 * (k / 2) * kDw[i][2] - 2 * pad,
                      kDwMaps[mi][1] + 2 * (k / 2) * kDw[i][2] - 2 * pad,
                      ch,
                      k,
                      kDw[i][1],
                      kDw[i][2],
                      pad,
                      pad + (int64_t)mi % 2,
                      ch,
                      i % 3 != 0,
                      (i + mi) % 2 == 0,
                      (lk_activation_t)((i + mi) % LK_NUM_ACTIVATIONS)};
      if (cc.h < 1 || cc.w < 1 || out_len(&cc, cc.h) < 1 ||
          out_len(&cc, cc.w) < 1)
        continue;
      bad += check_case(&cc, x86, cpu);
      cases++;
    }
  printf(LK_SIMD_KERNEL("conv2d on %s: %d cases, %d differ\n"),
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0 && cases > 150);
}

int main(void) {
  const lk_kernel_t *x86 = lk_builtin_kernel_find(LK_SIMD_KERNEL("conv2d__f32_nchw"));
  CHECK(x86 && lk_kernel_runnable(x86) && x86->pack && x86->workspace);
  if (!x86) return 1;
  lk_cpu_info_t cpus[2], cpu;
  int ncpus = xt_cpus(cpus);
  lk_cpu_detect(&cpu);
  if (ncpus) {
    for (int i = 0; i < ncpus; i++) test_isa(x86, &cpus[i]);
    ct_case_t c = {1, 4, 5, 6, 3, 2, 1, 1, 0, 0, 1, true, false, LK_ACT_RELU};
    bufs_t bf = {fill(120), fill(3 * 4 * 4), fill(3), fill(3 * 4 * 5)};
    float *out = NULL, *want = NULL;
    lt_status_t st = run(&c, &bf, x86, &cpu, NULL, false, -1000000, &out);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    free(out);
    /* weights packed for a 7 x 7 map (the pixels as rows), run on 40 x 41
     * and on 9 x 9 */
    for (int i = 0; i < ncpus; i++) {
      g_pack_hw[0] = g_pack_hw[1] = 7;
      ct_case_t big = {1, 64, 40, 41, 64, 3, 1, 1, 1, 1, 1, true, true,
                       LK_ACT_RELU};
      ct_case_t small = {1, 64, 9, 9, 64, 3, 1, 1, 1, 1, 1, true, false,
                         LK_ACT_SIGMOID};
      CHECK(check_case(&big, x86, &cpus[i]) == 0);
      CHECK(check_case(&small, x86, &cpus[i]) == 0);
      g_pack_hw[0] = g_pack_hw[1] = 0;
    }
    /* the pack function packs for the host's set */
    int64_t xd[4] = {1, 4, 5, 6}, wd[4] = {3, 4, 2, 2};
    lk_view_t v[2];
    CHECK(lk_view_dense(&v[0], LK_F32, 4, xd, LK_LAYOUT_NCHW, NULL));
    CHECK(lk_view_dense(&v[1], LK_F32, 4, wd, LK_LAYOUT_NCHW, bf.w));
    lk_conv_params_t p = {.spatial = 2, .group = 1, .strides = {1, 1},
                          .dilations = {1, 1}};
    size_t s1 = 0, s2 = 0;
    CHECK(x86->pack(&p, v, 2, NULL, &s1) == LT_OK && s1 > 0);
    CHECK(lk_simd_conv2d_pack_isa(lk_simd_isa_of(&cpu), &p, v, 2, NULL, &s2) ==
              LT_OK && s1 == s2);
    unsigned char *p1 = calloc(1, s1), *p2 = calloc(1, s1);
    CHECK(x86->pack(&p, v, 2, p1, &s1) == LT_OK &&
          lk_simd_conv2d_pack_isa(lk_simd_isa_of(&cpu), &p, v, 2, p2, &s2) ==
              LT_OK &&
          memcmp(p1, p2, s1) == 0);
    free(p1);
    free(p2);
    lk_cpu_info_t none = {0};
    lt_status_t a = run(&c, &bf, NULL, NULL, NULL, false, 0, &want);
    lt_status_t b = run(&c, &bf, x86, &none, NULL, false, 0, &out);
    CHECK(!a && !b && memcmp(want, out, 3 * 4 * 5 * sizeof(float)) == 0);
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
  printf("simd_conv_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

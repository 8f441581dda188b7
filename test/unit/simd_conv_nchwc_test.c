/* x86_conv_nchwc_test.c - x86_conv2d__f32_nchw16c against
 * ref_conv2d__f32_nchw on every instruction set this CPU has (AVX2 forced
 * by clearing AVX-512F): the input in nchw16c and in plain nchw, the
 * output (and a residual) in nchw16c, with the padded lanes of the blocked
 * inputs holding NaN (the kernel must never read them); kernels 1 to 7,
 * strides 1 to 3, dilations 1 and 2, pads wider than the window reaches,
 * batches of 2, channel counts off the block (1, 3, 17, 40) and past a
 * group of blocks (80 on AVX-512) and past a chunk of input blocks (the
 * partial sums in y), bias and residual, every activation, weights packed
 * at load or in the workspace, one worker and a parallel-for of three;
 * then a short workspace's refusal, views in another layout refused, and
 * a CPU without AVX2 refused with the kernel's name. Maps of at most 64
 * output pixels with 16 channels or more (the deep case, every activation)
 * go through x86_conv2d__f32_nchw's GEMM and come back blocked. Depthwise
 * convolutions (their own tiles: kernels 3 to 7, strides, dilations, maps
 * of every size) and other groups (element by element) too. The 3 x 3
 * stride-1 convolutions run in both forms, the Winograd one forced on
 * maps from one pixel to several tiles with ragged edges (and chosen by
 * the automatic pick where it pays), the direct one forced on the same;
 * an input NaN is left out of the Winograd cases (it reaches the whole
 * tile there, conv_nchwc_wino.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/ref/conv.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__)
#include "kernels/simd/conv_nchwc.h"
#include "kernels/simd/conv_nchwc_wino.h"
#include "kernels/simd/simd.h"
#include "test/unit/simd_conv_util.h"
#include "test/unit/simd_test_util.h"

typedef struct nc_case {
  int64_t n, c, h, w, m, k, s, d, pad, pad_end;
  bool bias, residual, nchw_input;
  lk_activation_t act;
  int64_t group; /* 0: 1 */
} nc_case_t;

static int64_t group_of(const nc_case_t *c) { return c->group ? c->group : 1; }

static int64_t out_len(const nc_case_t *c, int64_t in) {
  return (in + c->pad + c->pad_end - c->d * (c->k - 1) - 1) / c->s + 1;
}

/* The form the weights are packed in (the pick's, or one forced). */
static lk_simd_conv_form_t g_form = LK_SIMD_CONV_FORM_AUTO;

/* Whether the case runs in the Winograd form when packed at load. */
static bool winograd_case(const nc_case_t *c) {
  if (!lk_simd_wino_applies(group_of(c), c->k, c->k, c->s, c->s, c->d, c->d))
    return false;
  return g_form == LK_SIMD_CONV_FORM_WINOGRAD_4X4 ||
         g_form == LK_SIMD_CONV_FORM_WINOGRAD_2X2 ||
         (g_form == LK_SIMD_CONV_FORM_AUTO &&
          lk_simd_wino_tile(c->c, c->m, out_len(c, c->h), out_len(c, c->w)));
}

static float *fill(int64_t n) {
  float *p = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++)
    p[i] = xt_rnd(-1.0f, 1.0f);
  return p;
}

typedef struct bufs {
  float *x, *w, *b, *r;
} bufs_t;

/* The case through the reference kernel (kernel NULL) or the blocked one
 * on cpu and par, its result as nchw in *out. */
static lt_status_t run(const nc_case_t *c, const bufs_t *bf,
                       const lk_kernel_t *kernel, const lk_cpu_info_t *cpu,
                       const lk_parallel_t *par, bool packed, long ws_extra,
                       float **out) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w);
  int64_t xd[4] = {c->n, c->c, c->h, c->w},
          wd[4] = {c->m, c->c / group_of(c), c->k, c->k},
          yd[4] = {c->n, c->m, oh, ow};
  int64_t ny = c->n * c->m * oh * ow;
  *out = calloc((size_t)ny + 1, sizeof(float));
  xt_conv_t v;
  xt_conv_setup(&v, xd, wd, yd, bf->x, bf->w, c->bias ? bf->b : NULL,
                c->residual ? bf->r : NULL, *out, group_of(c), c->s, c->d,
                c->pad, c->act, cpu, par);
  if (!kernel) {
    v.p.residual = &v.t[3];
    size_t ws = lk_ref_conv2d_workspace(&v.p, &v.t[0], &v.t[1], &v.t[2], &v.ty);
    v.p.residual = NULL;
    return xt_call(NULL, lk_ref_conv2d__f32_nchw, &v.call, ws, 0, false);
  }
  float *xb = c->nchw_input ? NULL : xt_to_blocked(bf->x, xd);
  float *rb = c->residual ? xt_to_blocked(bf->r, yd) : NULL;
  int64_t cb = (c->m + 15) / 16;
  float *yb = malloc((size_t)(c->n * cb * 16 * oh * ow) * sizeof(float));
  if (xb) CHECK(lk_view_dense(&v.in[0], LK_F32, 4, xd, LK_LAYOUT_NCHW16C, xb));
  if (rb) CHECK(lk_view_dense(&v.in[3], LK_F32, 4, yd, LK_LAYOUT_NCHW16C, rb));
  CHECK(lk_view_dense(&v.y, LK_F32, 4, yd, LK_LAYOUT_NCHW16C, yb));
  void *pk = NULL;
  size_t size = 0;
  if (packed) {
    lk_simd_isa_t isa = lk_simd_isa_of(cpu);
    /* grouped convolutions other than depthwise read w as stored */
    bool packs = group_of(c) == 1 || (c->m == c->c && c->c == group_of(c));
    CHECK(lk_simd_conv2d_pack_form__f32_nchw16c(
              isa, g_form, &v.p, v.in, v.call.num_inputs, NULL, &size) ==
              LT_OK &&
          (size > 0) == packs);
    pk = size ? malloc(size) : NULL;
    CHECK(lk_simd_conv2d_pack_form__f32_nchw16c(
              isa, g_form, &v.p, v.in, v.call.num_inputs, pk, &size) == LT_OK);
  }
  v.call.packed = pk;
  v.call.packed_size = size;
  lt_status_t st = xt_call(kernel, NULL, &v.call, 0, ws_extra, false);
  if (!st) xt_from_blocked(yb, yd, *out);
  free(pk);
  free(xb);
  free(rb);
  free(yb);
  return st;
}

static int check_case(const nc_case_t *c, const lk_kernel_t *k,
                      const lk_cpu_info_t *cpu) {
  int64_t oh = out_len(c, c->h), ow = out_len(c, c->w),
          ny = c->n * c->m * oh * ow;
  bufs_t bf = {fill(c->n * c->c * c->h * c->w), fill(c->m * c->c * c->k * c->k),
               fill(c->m), fill(ny)};
  if ((c->act == LK_ACT_RELU || c->act == LK_ACT_NONE) && !winograd_case(c))
    bf.x[0] = NAN;
  float *want = NULL, *got[3] = {NULL, NULL, NULL};
  lt_status_t s[4] = {run(c, &bf, NULL, NULL, NULL, false, 0, &want),
                      run(c, &bf, k, cpu, NULL, true, 0, &got[0]),
                      run(c, &bf, k, cpu, &k_xt_split3, false, 0, &got[1]),
                      run(c, &bf, k, cpu, &k_xt_split3, true, 0, &got[2])};
  bool ran = true;
  for (int i = 0; i < 4; i++) {
    CHECK(!s[i]);
    if (s[i]) fprintf(stderr, "run %d: %s\n", i, lt_status_message(s[i]));
    ran = ran && !s[i];
    lt_status_free(s[i]);
  }
  int bad = 0;
  float tol = 2e-6f * (float)(c->c / group_of(c) * c->k * c->k) + 1e-5f;
  for (int64_t i = 0; ran && i < ny && !bad; i++)
    for (int v = 0; v < 3 && !bad; v++) {
      bool same = (isnan(want[i]) && isnan(got[v][i])) ||
                  fabsf(got[v][i] - want[i]) <= tol * (1.0f + fabsf(want[i]));
      if (same) continue;
      fprintf(stderr,
              "n %lld c %lld m %lld %lldx%lld k %lld s %lld d %lld pads "
              "%lld,%lld act %d nchw-in %d group %lld form %d run %d: "
              "element %lld: x86 %.9g, ref %.9g\n",
              (long long)c->n, (long long)c->c, (long long)c->m,
              (long long)c->h, (long long)c->w, (long long)c->k,
              (long long)c->s, (long long)c->d, (long long)c->pad,
              (long long)c->pad_end, (int)c->act, (int)c->nchw_input,
              (long long)group_of(c), (int)g_form, v, (long long)i, got[v][i],
              want[i]);
      bad = 1;
    }
  free(want);
  for (int v = 0; v < 3; v++)
    free(got[v]);
  free(bf.x);
  free(bf.w);
  free(bf.b);
  free(bf.r);
  return bad;
}

static void test_isa(const lk_kernel_t *k, const lk_cpu_info_t *cpu) {
  int cases = 0, bad = 0;
  static const int64_t kChannels[][2] = {
      {3, 16}, {17, 40}, {16, 80}, {40, 17}, {1, 1}};
  for (int64_t kk = 1; kk <= 7; kk++)
    for (int64_t s = 1; s <= 3; s++)
      for (int64_t d = 1; d <= 2; d++) {
        if (kk == 1 && d == 2) continue;
        size_t ci = (size_t)(kk + s + d) % LT_ARRAY_SIZE(kChannels);
        int64_t pad = (kk + s + d) % 3 ? (kk * d) / 2 : 0;
        nc_case_t cc = {
            1 + (kk + s) % 2,
            kChannels[ci][0],
            5 + 2 * kk,
            9 + 3 * s,
            kChannels[ci][1],
            kk,
            s,
            d,
            pad,
            pad + (s + d) % 2,
            (kk + d) % 2 == 0,
            s % 2 == 1,
            (kk + s) % 3 == 0,
            (lk_activation_t)((kk * 3 + s * 2 + d) % LK_NUM_ACTIVATIONS),
            1};
        if (out_len(&cc, cc.h) < 1 || out_len(&cc, cc.w) < 1) continue;
        bad += check_case(&cc, k, cpu);
        cases++;
      }
  /* pads past the window's reach (rows and columns with no tap inside) */
  nc_case_t wide = {1, 5, 3,    4,    20,    3,           1, 1,
                    3, 3, true, true, false, LK_ACT_NONE, 1};
  bad += check_case(&wide, k, cpu), cases++;
  /* the input blocks in chunks: 3 x 3 over 448 channels passes the chunk
   * of a group's weights on either set */
  nc_case_t deep = {1, 448,  6,    7,     70,           3, 1, 1, 1,
                    1, true, true, false, LK_ACT_RELU6, 1};
  bad += check_case(&deep, k, cpu), cases++;
  deep.nchw_input = true;
  deep.act = LK_ACT_SIGMOID;
  bad += check_case(&deep, k, cpu), cases++;
  /* depthwise: kernels 3, 5 and 7, strides 1 and 2, dilations, channels
   * off the block, maps from all-edge to wide rows; then grouped
   * convolutions (element by element) and depthwise ones over nchw */
  static const int64_t kDw[][4] = {{3, 1, 1, 16}, {3, 2, 1, 24}, {5, 1, 1, 40},
                                   {5, 2, 1, 16}, {7, 1, 1, 19}, {3, 1, 2, 32},
                                   {3, 2, 2, 3}};
  for (size_t i = 0; i < LT_ARRAY_SIZE(kDw); i++)
    for (int64_t hw = 3; hw <= 40; hw += 37, cases++) {
      int64_t kk = kDw[i][0], ch = kDw[i][3];
      int64_t pad = kk / 2 * kDw[i][2];
      nc_case_t cc = {1 + (int64_t)i % 2,
                      ch,
                      hw,
                      hw + 3,
                      ch,
                      kk,
                      kDw[i][1],
                      kDw[i][2],
                      pad,
                      pad,
                      i % 3 != 0,
                      i % 2 == 0,
                      false,
                      (lk_activation_t)((i + (size_t)hw) % LK_NUM_ACTIVATIONS),
                      ch};
      if (out_len(&cc, cc.h) < 1 || out_len(&cc, cc.w) < 1) continue;
      bad += check_case(&cc, k, cpu);
    }
  /* the depthwise tiles of 3 x 3 and 5 x 5 kernels at stride 1 and 2
   * (lk_simd_nchwc_dwk_t): rows of 1 to 30 pixels (every tile width from 1
   * to 8), no pads, pads on both sides and a larger trailing pad, the
   * residual on and off */
  for (int64_t kk = 3; kk <= 5; kk += 2)
    for (int64_t s = 1; s <= 2; s++)
      for (int64_t w = 1; w <= 30; w += 3) {
        int64_t pad = w % 3 == 1 ? 0 : kk / 2;
        nc_case_t cc = {1 + w % 2,
                        21,
                        kk + 2,
                        w + (pad ? 0 : kk - 1),
                        21,
                        kk,
                        s,
                        1,
                        pad,
                        pad + (w % 3 == 2),
                        true,
                        (w + s) % 2 == 0,
                        false,
                        (lk_activation_t)((size_t)(w + kk) % LK_NUM_ACTIVATIONS),
                        21};
        if (out_len(&cc, cc.h) < 1 || out_len(&cc, cc.w) < 1) continue;
        bad += check_case(&cc, k, cpu), cases++;
      }
  nc_case_t grouped = {2, 8, 9,    10,   12,    3,           1, 1,
                       1, 1, true, true, false, LK_ACT_RELU, 2};
  bad += check_case(&grouped, k, cpu), cases++;
  grouped.nchw_input = true;
  grouped.act = LK_ACT_TANH;
  bad += check_case(&grouped, k, cpu), cases++;
  nc_case_t dw_nchw = {1, 20,   8,     9,    20,           3, 2, 1, 1,
                       1, true, false, true, LK_ACT_RELU6, 20};
  bad += check_case(&dw_nchw, k, cpu), cases++;
  /* every activation on one shape, the residual on */
  for (int a = 0; a < LK_NUM_ACTIVATIONS; a++, cases++) {
    nc_case_t cc = {1, 19, 9, 14,   33,   3,          2,
                    1, 1,  1, true, true, a % 2 == 1, (lk_activation_t)a,
                    1};
    bad += check_case(&cc, k, cpu);
  }
  printf("x86_conv2d__f32_nchw16c on %s: %d cases, %d differ\n",
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0 && cases > 40);
}

/* 3 x 3 stride 1 in each form (both Winograd tiles, the direct one, the
 * automatic pick: 64 channels on the small maps take the 2 x 2 tile):
 * maps from one pixel (one tile, mostly pads) to several tiles with
 * ragged right and bottom edges, pads 0 to 2 (and uneven), channels off
 * the block, past a GEMM panel and past the GEMM's k block (448), batches
 * of 2, both input layouts, every activation in turn, bias and residual. */
static void test_forms(const lk_kernel_t *k, const lk_cpu_info_t *cpu) {
  static const int64_t kMaps[][2] = {{1, 1}, {3, 5}, {4, 4}, {7, 9},
                                     {13, 13}, {17, 23}, {30, 30}};
  static const int64_t kChannels[][2] = {{16, 16}, {17, 40}, {3, 20},
                                         {40, 17}, {80, 96}, {448, 70},
                                         {64, 64}};
  static const lk_simd_conv_form_t kForms[] = {
      LK_SIMD_CONV_FORM_WINOGRAD_4X4, LK_SIMD_CONV_FORM_WINOGRAD_2X2,
      LK_SIMD_CONV_FORM_DIRECT, LK_SIMD_CONV_FORM_AUTO};
  for (size_t f = 0; f < LT_ARRAY_SIZE(kForms); f++) {
    g_form = kForms[f];
    int cases = 0, bad = 0;
    for (size_t mi = 0; mi < LT_ARRAY_SIZE(kMaps); mi++)
      for (size_t ci = 0; ci < LT_ARRAY_SIZE(kChannels); ci++) {
        size_t i = mi * LT_ARRAY_SIZE(kChannels) + ci;
        if (kChannels[ci][0] == 448 && kMaps[mi][0] * kMaps[mi][1] > 100)
          continue; /* the deep channels on small maps only (time) */
        int64_t pad = (int64_t)(i % 3);
        nc_case_t cc = {1 + (int64_t)(i % 2),
                        kChannels[ci][0],
                        kMaps[mi][0] + 2 - 2 * pad,
                        kMaps[mi][1] + 2 - 2 * pad + (int64_t)(i % 2),
                        kChannels[ci][1],
                        3,
                        1,
                        1,
                        pad,
                        pad + (int64_t)(i % 2),
                        i % 4 != 3,
                        i % 3 == 1,
                        i % 5 == 2,
                        (lk_activation_t)(i % LK_NUM_ACTIVATIONS),
                        1};
        if (cc.h < 1 || cc.w < 1 || out_len(&cc, cc.h) < 1 ||
            out_len(&cc, cc.w) < 1)
          continue;
        bad += check_case(&cc, k, cpu);
        cases++;
      }
    printf("x86_conv2d__f32_nchw16c on %s, 3 x 3 in form %d: %d cases, %d "
           "differ\n",
           lk_simd_isa_name(lk_simd_isa_of(cpu)), (int)g_form, cases, bad);
    CHECK(bad == 0 && cases > 30);
  }
  g_form = LK_SIMD_CONV_FORM_AUTO;
}

/* The automatic pick's tile: 4 x 4 on maps over 64 pixels with 16
 * channels each way, 2 x 2 on 16 to 64 pixels with 64, neither below
 * those or where the transformed weights would pass 64 MiB. */
static void test_tile_pick(void) {
  CHECK(lk_simd_wino_tile(64, 64, 56, 56) == 4);
  CHECK(lk_simd_wino_tile(16, 16, 9, 8) == 4);
  CHECK(lk_simd_wino_tile(15, 64, 56, 56) == 0);
  CHECK(lk_simd_wino_tile(64, 8, 56, 56) == 0);
  CHECK(lk_simd_wino_tile(512, 512, 7, 7) == 2);
  CHECK(lk_simd_wino_tile(512, 512, 4, 4) == 2);
  CHECK(lk_simd_wino_tile(512, 512, 3, 5) == 0);
  CHECK(lk_simd_wino_tile(32, 512, 7, 7) == 0);
  CHECK(lk_simd_wino_tile(512, 512, 14, 14) == 4);   /* 36 MiB */
  CHECK(lk_simd_wino_tile(1024, 1024, 14, 14) == 0); /* 144 MiB */
  CHECK(lk_simd_wino_tile(1024, 1024, 7, 7) == 2);   /* 64 MiB: the bound */
  CHECK(lk_simd_wino_tile(1024, 1040, 7, 7) == 0);   /* 65 MiB */
}

int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_conv2d__f32_nchw16c");
  CHECK(k && lk_kernel_runnable(k) && k->pack && k->workspace);
  if (!k) return 1;
  CHECK(k->place.layout == LK_LAYOUT_NCHW16C &&
        lk_kernel_output(k, 0).layout == LK_LAYOUT_NCHW16C &&
        lk_kernel_input(k, 0).layout == LK_LAYOUT_ANY &&
        lk_kernel_input(k, 1).layout == LK_LAYOUT_NCHW &&
        lk_kernel_input(k, 3).layout == LK_LAYOUT_NCHW16C);
  lk_cpu_info_t cpus[2], cpu;
  int ncpus = xt_cpus(cpus);
  lk_cpu_detect(&cpu);
  test_tile_pick();
  for (int i = 0; i < ncpus; i++) {
    test_isa(k, &cpus[i]);
    test_forms(k, &cpus[i]);
  }
  if (ncpus) {
    nc_case_t c = {1, 4, 5,    6,     3,     2,           1, 1,
                   0, 0, true, false, false, LK_ACT_RELU, 1};
    bufs_t bf = {fill(120), fill(3 * 4 * 4), fill(3), fill(3 * 4 * 5)};
    float *out = NULL;
    /* a workspace too short */
    lt_status_t st = run(&c, &bf, k, &cpu, NULL, false, -100, &out);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    free(out);
    /* a CPU without AVX2: refused, naming the kernel */
    lk_cpu_info_t none = {0};
    st = run(&c, &bf, k, &none, NULL, false, 0, &out);
    CHECK(lt_status_code(st) == LT_STATUS_UNIMPLEMENTED &&
          strstr(lt_status_message(st), "x86_conv2d__f32_nchw16c"));
    lt_status_free(st);
    free(out);
    /* an empty batch: nothing to compute, not an error */
    nc_case_t empty = c;
    empty.n = 0;
    st = run(&empty, &bf, k, &cpu, NULL, true, 0, &out);
    CHECK(!st);
    lt_status_free(st);
    free(out);
    /* y in nchw: refused */
    int64_t xd[4] = {1, 4, 5, 6}, wd[4] = {3, 4, 2, 2}, yd[4] = {1, 3, 4, 5};
    xt_conv_t v;
    float y[60];
    xt_conv_setup(&v, xd, wd, yd, bf.x, bf.w, NULL, NULL, y, 1, 1, 1, 0,
                  LK_ACT_NONE, &cpu, NULL);
    st = xt_call(k, NULL, &v.call, 0, 0, true);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    free(bf.x);
    free(bf.w);
    free(bf.b);
    free(bf.r);
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
/* Not x86: the blocked row is a description only, with no arm row. */
int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_conv2d__f32_nchw16c");
  CHECK(k && !lk_kernel_runnable(k));
  CHECK(!lk_builtin_kernel_find("arm_conv2d__f32_nchw16c"));
  printf("simd_conv_nchwc_test: not an x86_64 build: no blocked kernels\n");
  return g_failures ? 1 : 0;
}
#endif

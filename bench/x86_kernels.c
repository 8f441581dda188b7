/* x86_kernels.c - the hand-written x86 kernels one layer at a time: ms,
 * GFLOP/s and percent of the FMA peak, per instruction set this CPU runs
 * (AVX2 forced by clearing AVX-512F), thread count and layout (the
 * convolution into nchw and into nchw16c, side by side; the 3 x 3
 * stride-1 layers also in nchw16c's Winograd forms, `wino4x4` and
 * `wino2x2` (the output tile), whose GFLOP/s
 * count the direct convolution's multiply-adds, so they may pass the
 * peak). Run through bench/kernels, which builds it with bench/peak.c and
 * passes the peak.
 *
 *   x86_kernels [--peak G1,G2] [--peak-avx2 G1,G2] [--threads 1,2]
 *               [--runs 30] [--only NAME] [--no-pack]
 *
 * --peak gives the widest set's FMA peak per thread count (bench/peak.c),
 * --peak-avx2 the 256-bit one (the same list where absent). The weights
 * are packed once as at load, unless --no-pack.
 *
 * A layer's time is the median of --runs timed calls after 3 warm-up ones,
 * each on the runtime's thread pool as a model's call would be. The
 * layers are the convolutions and products of the benchmark's models
 * (bench/vs_peers) at batch 1. Where oneDNN is installed (libdnnl-dev)
 * each layer also runs through it (bench/onednn_conv.c: its own blocked
 * layouts, bias and relu fused), with the ratio of the nchw16c kernel's
 * time (in the form its pick takes for the layer) to its. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels/cpu.h"
#include "kernels/ref/conv.h"
#include "kernels/registry.h"
#include "kernels/simd/conv.h"
#include "kernels/simd/conv_nchwc.h"
#include "kernels/simd/conv_nchwc_wino.h"
#include "kernels/simd/simd.h"
#include "runtime/thread_pool.h"
#if defined(LITE_BENCH_WITH_ONEDNN)
#include "bench/onednn_conv.h"
#endif

typedef struct layer {
  const char *name;
  int64_t c, h, w, m, k, s, pad, group;
} layer_t;

/* X(name, C, H, W, M, K, stride, pad, group): group C is depthwise */
#define LAYERS(X)                                                              \
  X("resnet_stem_7x7s2", 3, 224, 224, 64, 7, 2, 3, 1)                          \
  X("efficient_stem_3x3s2", 3, 224, 224, 32, 3, 2, 1, 1)                       \
  X("resnet_3x3_56", 64, 56, 56, 64, 3, 1, 1, 1)                               \
  X("resnet_3x3s2_56", 64, 56, 56, 128, 3, 2, 1, 1)                            \
  X("resnet_3x3_28", 128, 28, 28, 128, 3, 1, 1, 1)                             \
  X("resnet_3x3_14", 256, 14, 14, 256, 3, 1, 1, 1)                             \
  X("resnet_3x3_7", 512, 7, 7, 512, 3, 1, 1, 1)                                \
  X("resnet50_1x1_56", 64, 56, 56, 256, 1, 1, 0, 1)                            \
  X("resnet50_1x1_56r", 256, 56, 56, 64, 1, 1, 0, 1)                           \
  X("resnet50_1x1_14", 1024, 14, 14, 256, 1, 1, 0, 1)                          \
  X("resnet50_1x1_7", 512, 7, 7, 2048, 1, 1, 0, 1)                             \
  X("mobilenet_1x1_112", 32, 112, 112, 16, 1, 1, 0, 1)                         \
  X("mobilenet_1x1_112e", 16, 112, 112, 96, 1, 1, 0, 1)                        \
  X("mobilenet_1x1_14", 64, 14, 14, 384, 1, 1, 0, 1)                           \
  X("squeeze_3x3_13", 64, 13, 13, 256, 3, 1, 1, 1)                             \
  X("ppdet_3x3_160", 96, 160, 160, 24, 3, 1, 1, 1)                             \
  X("mobilenet_dw3_112", 32, 112, 112, 32, 3, 1, 1, 32)                        \
  X("mobilenet_dw3_56", 144, 56, 56, 144, 3, 1, 1, 144)                        \
  X("mobilenet_dw3s2_56", 144, 56, 56, 144, 3, 2, 1, 144)                      \
  X("mobilenet_dw3_14", 576, 14, 14, 576, 3, 1, 1, 576)                        \
  X("efficient_dw5_14", 480, 14, 14, 480, 5, 1, 2, 480)                        \
  X("efficient_dw5s2_28", 240, 28, 28, 240, 5, 2, 2, 240)

static const layer_t kLayers[] = {
#define X(n, c, h, w, m, k, s, p, g) {n, c, h, w, m, k, s, p, g},
    LAYERS(X)
#undef X
};
enum { kNumLayers = sizeof kLayers / sizeof kLayers[0] };

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static float *fill(int64_t n) {
  float *p = malloc((size_t)n * sizeof(float) + 64);
  uint32_t s = 7;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = (float)(s >> 8) / (float)(1u << 24) - 0.5f;
  }
  return p;
}

static bool g_pack = true; /* weights packed as at load (--no-pack: not) */

/* The convolution kernels measured: the layout of y (and of x but for the
 * stem, whose three channels the blocked kernel reads as nchw), the label
 * of its rows, and the blocked kernel's form forced at packing (the nchw
 * kernel packs as its pick says; the Winograd forms, `tile` their output
 * tile, take only 3 x 3 stride-1 layers). */
typedef struct conv_kernel {
  const char *name, *label;
  lk_layout_t layout;
  lk_simd_conv_form_t form;
  int64_t tile;
} conv_kernel_t;

static const conv_kernel_t kKernels[] = {
    {"x86_conv2d__f32_nchw", "nchw", LK_LAYOUT_NCHW, LK_SIMD_CONV_FORM_AUTO, 0},
    {"x86_conv2d__f32_nchw16c", "nchw16c", LK_LAYOUT_NCHW16C,
     LK_SIMD_CONV_FORM_DIRECT, 0},
    {"x86_conv2d__f32_nchw16c", "wino4x4", LK_LAYOUT_NCHW16C,
     LK_SIMD_CONV_FORM_WINOGRAD_4X4, 4},
    {"x86_conv2d__f32_nchw16c", "wino2x2", LK_LAYOUT_NCHW16C,
     LK_SIMD_CONV_FORM_WINOGRAD_2X2, 2},
};

/* The weights packed as the runtime packs them at load, in ck's form. */
static lt_status_t pack(const conv_kernel_t *ck, lk_simd_isa_t isa,
                        const lk_conv_params_t *p, const lk_view_t *in,
                        void *out, size_t *size) {
  if (ck->layout == LK_LAYOUT_NCHW)
    return lk_simd_conv2d_pack_isa(isa, p, in, 3, out, size);
  return lk_simd_conv2d_pack_form__f32_nchw16c(isa, ck->form, p, in, 3, out,
                                              size);
}

static bool winograd_layer(const layer_t *l) {
  return lk_simd_wino_applies(l->group, l->k, l->k, l->s, l->s, 1, 1);
}

/* The median ms of one layer's conv on cpu and par. */
static double time_conv(const lk_kernel_t *k, const conv_kernel_t *ck,
                        const layer_t *l, const lk_cpu_info_t *cpu,
                        const lk_parallel_t *par, int runs) {
  int64_t oh = (l->h + 2 * l->pad - l->k) / l->s + 1,
          ow = (l->w + 2 * l->pad - l->k) / l->s + 1;
  int64_t xd[4] = {1, l->c, l->h, l->w},
          wd[4] = {l->m, l->c / l->group, l->k, l->k},
          bd[1] = {l->m}, yd[4] = {1, l->m, oh, ow};
  lk_layout_t xl = l->c < 16 ? LK_LAYOUT_NCHW : ck->layout;
  int64_t xc = xl == LK_LAYOUT_NCHW ? l->c : (l->c + 15) / 16 * 16;
  int64_t ym = ck->layout == LK_LAYOUT_NCHW ? l->m : (l->m + 15) / 16 * 16;
  float *x = fill(xc * l->h * l->w),
        *w = fill(l->m * l->c / l->group * l->k * l->k),
        *b = fill(l->m), *y = fill(ym * oh * ow);
  lk_view_t in[3], out;
  lk_view_dense(&in[0], LK_F32, 4, xd, xl, x);
  lk_view_dense(&in[1], LK_F32, 4, wd, LK_LAYOUT_NCHW, w);
  lk_view_dense(&in[2], LK_F32, 1, bd, LK_LAYOUT_NCHW, b);
  lk_view_dense(&out, LK_F32, 4, yd, ck->layout, y);
  lk_conv_params_t p = {.spatial = 2, .group = l->group, .strides = {l->s, l->s},
                        .dilations = {1, 1}, .pads_begin = {l->pad, l->pad},
                        .act = LK_ACT_RELU};
  lk_target_ctx_t target = {par, cpu};
  lk_call_t call = {in, 3, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, &target};
  size_t psize = 0;
  void *packed = NULL; /* the weights packed as at load */
  lk_simd_isa_t isa = lk_simd_isa_of(cpu); /* packed for the set measured */
  if (g_pack && pack(ck, isa, &p, in, NULL, &psize) == LT_OK && psize) {
    packed = malloc(psize);
    if (pack(ck, isa, &p, in, packed, &psize) == LT_OK) {
      call.packed = packed;
      call.packed_size = psize;
    }
  }
  size_t ws = lk_kernel_workspace(k, &call); /* the packed form's */
  call.workspace = malloc(ws + 1);
  call.workspace_size = ws;
  double *t = malloc((size_t)runs * sizeof(double));
  for (int r = -3; r < runs; r++) {
    double t0 = now();
    lt_status_t st = lk_kernel_call(k, &call);
    if (st) {
      fprintf(stderr, "x86_kernels: %s: %s\n", l->name, lt_status_message(st));
      exit(1);
    }
    if (r >= 0) t[r] = (now() - t0) * 1e3;
  }
  qsort(t, (size_t)runs, sizeof(double), cmp);
  double med = t[runs / 2];
  free(t);
  free(call.workspace);
  free(packed);
  free(x);
  free(w);
  free(b);
  free(y);
  return med;
}

static double conv_flops(const layer_t *l) {
  int64_t oh = (l->h + 2 * l->pad - l->k) / l->s + 1,
          ow = (l->w + 2 * l->pad - l->k) / l->s + 1;
  return 2.0 * (double)(l->m * oh * ow * l->c / l->group * l->k * l->k);
}

static int parse_list(const char *s, double *out, int most) {
  int n = 0;
  while (s && *s && n < most) {
    char *end;
    out[n++] = strtod(s, &end);
    s = *end == ',' ? end + 1 : NULL;
  }
  return n;
}

int main(int argc, char **argv) {
  double peaks[8] = {0}, peaks2[8] = {0}, threads_d[8] = {1, 2};
  int num_peaks = 0, num_peaks2 = -1, num_threads = 2, runs = 30;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--peak") && i + 1 < argc)
      num_peaks = parse_list(argv[++i], peaks, 8);
    else if (!strcmp(argv[i], "--peak-avx2") && i + 1 < argc)
      num_peaks2 = parse_list(argv[++i], peaks2, 8);
    else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
      num_threads = parse_list(argv[++i], threads_d, 8);
    else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
      runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-pack"))
      g_pack = false;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else {
      fprintf(stderr, "usage: x86_kernels [--peak G1,G2] [--peak-avx2 G1,G2] "
                      "[--threads 1,2] [--runs 30] [--only NAME] [--no-pack]\n");
      return 2;
    }
  }
  if (runs < 1) runs = 1;
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  if (lk_simd_isa_of(&cpu) == LK_SIMD_ISA_NONE) {
    fprintf(stderr, "x86_kernels: this CPU has no AVX2 + FMA\n");
    return 1;
  }
  lk_cpu_info_t cpus[2] = {cpu, cpu};
  cpus[0].features &= ~((uint64_t)1 << LK_CPU_AVX512F);
  int num_cpus = lk_simd_isa_of(&cpu) == LK_SIMD_ISA_AVX512 ? 2 : 1;
  double blocked_ms[8][kNumLayers]; /* nchw16c on the widest set */
  for (int ti = 0; ti < 8; ti++)
    for (size_t li = 0; li < kNumLayers; li++)
      blocked_ms[ti][li] = NAN;
  (void)blocked_ms;
  printf("%-20s %-8s %-8s %3s %9s %9s %7s\n", "layer", "layout", "isa", "thr",
         "ms", "GFLOP/s", "%peak");
  for (int ti = 0; ti < num_threads; ti++) {
    uint32_t th = (uint32_t)threads_d[ti];
    lt_rt_thread_pool_t *pool = NULL;
    /* idle workers poll 300 us before they sleep, as bench/vs_peers runs
     * lite (and as oneDNN's OpenMP threads spin) */
    lt_rt_thread_pool_options_t popt = {.spin_us = 300};
    lt_status_t st = lt_rt_thread_pool_create(lt_allocator_system(), th, &popt,
                                              &pool);
    if (st) {
      fprintf(stderr, "x86_kernels: %s\n", lt_status_message(st));
      return 1;
    }
    const lk_parallel_t *par = lt_rt_thread_pool_parallel(pool);
    for (size_t li = 0; li < kNumLayers; li++) {
      const layer_t *l = &kLayers[li];
      if (only && !strstr(l->name, only)) continue;
      double flops = conv_flops(l);
      for (int ci = num_cpus - 1; ci >= 0; ci--)
        for (size_t ki = 0; ki < sizeof kKernels / sizeof kKernels[0]; ki++) {
          const conv_kernel_t *ck = &kKernels[ki];
          const lk_kernel_t *k = lk_builtin_kernel_find(ck->name);
          if (!k || (ck->tile && !winograd_layer(l))) continue;
          double ms = time_conv(k, ck, l, &cpus[ci], par, runs);
          double g = flops / ms * 1e-6;
          bool narrow = ci == 0 && num_cpus == 2 && num_peaks2 >= 0;
          double pk = narrow ? (ti < num_peaks2 ? peaks2[ti] : 0.0)
                             : (ti < num_peaks ? peaks[ti] : 0.0);
          printf("%-20s %-8s %-8s %3u %9.3f %9.1f %6.0f%%\n", l->name,
                 ck->label,
                 lk_simd_isa_name(lk_simd_isa_of(&cpus[ci])), th, ms, g,
                 pk > 0 ? 100.0 * g / pk : NAN);
          /* the form the pick takes for the layer */
          int64_t oh = (l->h + 2 * l->pad - l->k) / l->s + 1;
          int64_t tile =
              winograd_layer(l) ? lk_simd_wino_tile(l->c, l->m, oh, oh) : 0;
          if (ck->layout == LK_LAYOUT_NCHW16C && ck->tile == tile &&
              ci == num_cpus - 1)
            blocked_ms[ti][li] = ms;
        }
    }
    lt_rt_thread_pool_destroy(pool);
  }
#if defined(LITE_BENCH_WITH_ONEDNN)
  /* The peer, after every lite row (its OpenMP workers spin a while after
   * each call, which would slow lite's threads measured next): oneDNN's
   * own layouts, against the widest set's peak. */
  for (int ti = 0; ti < num_threads; ti++)
    for (size_t li = 0; li < kNumLayers; li++) {
      const layer_t *l = &kLayers[li];
      if (only && !strstr(l->name, only)) continue;
      uint32_t th = (uint32_t)threads_d[ti];
      char impl[64];
      bench_conv_shape_t sh = {l->c, l->h, l->w, l->m, l->k, l->s, l->pad,
                               l->group};
      double ms = bench_onednn_conv(&sh, (int)th, runs, impl, sizeof impl);
      if (ms <= 0) {
        printf("%-20s %-8s: %s\n", l->name, "onednn", impl);
        continue;
      }
      double g = conv_flops(l) / ms * 1e-6,
             pk = ti < num_peaks ? peaks[ti] : 0.0;
      printf("%-20s %-8s %-8s %3u %9.3f %9.1f %6.0f%%  %s; nchw16c/oneDNN "
             "time %.2f\n",
             l->name, "onednn", "any", th, ms, g,
             pk > 0 ? 100.0 * g / pk : NAN, impl, blocked_ms[ti][li] / ms);
    }
#endif
  return 0;
}

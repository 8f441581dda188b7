/* x86_resize_test.c - x86_resize__f32_nchw against ref_resize__f32_nchw:
 * nearest (every rounding) and linear, every coordinate transform but
 * tf_crop_and_resize, up and down by integer and fractional factors, planes
 * of 1 to 37, split over a parallel-for; then the fallbacks to the
 * reference kernel (cubic, tf_crop_and_resize, a resized channel axis, a
 * rank-3 tensor, a workspace too small for the tables). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/resize.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "test/unit/simd_test_util.h"

/* Resizes x (rank dims xd) to yd with p through kernel (NULL: the
 * reference), with a workspace of the reference's size (+ extra, which
 * may be negative); the result is malloc'ed into *out. */
static lt_status_t run(const lk_resize_params_t *p, const lk_kernel_t *kernel,
                       const lk_parallel_t *par, int32_t rank,
                       const int64_t *xd, const int64_t *yd, const float *x,
                       float **out, long extra) {
  lk_tensor_t xt = {LK_F32, rank, {0}, (void *)x}, yt = {LK_F32, rank, {0}, NULL};
  memcpy(xt.dims, xd, sizeof(int64_t) * (size_t)rank);
  memcpy(yt.dims, yd, sizeof(int64_t) * (size_t)rank);
  *out = calloc((size_t)lk_numel(&yt) + 1, sizeof(float));
  yt.data = *out;
  lk_view_t xv, yv;
  CHECK(lk_view_dense(&xv, LK_F32, rank, xt.dims, LK_LAYOUT_NCHW, xt.data));
  CHECK(lk_view_dense(&yv, LK_F32, rank, yt.dims, LK_LAYOUT_NCHW, yt.data));
  size_t ws_size = (size_t)((long)lk_ref_resize_workspace(p, &xt, &yt) + extra);
  void *ws = malloc(ws_size + 1);
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  lk_target_ctx_t target = {par, &cpu};
  lk_call_t call = {&xv, 1, &yv, 1, p, sizeof *p, ws, ws_size, NULL, 0,
                    &target};
  lt_status_t st = kernel ? lk_kernel_call(kernel, &call)
                          : lk_ref_resize__f32_nchw(&call);
  free(ws);
  return st;
}

static lk_resize_params_t params(lk_resize_mode_t mode, lk_resize_coord_t coord,
                                 lk_resize_nearest_t nearest, int32_t rank,
                                 const int64_t *xd, const int64_t *yd) {
  lk_resize_params_t p;
  memset(&p, 0, sizeof p);
  p.mode = mode;
  p.coord = coord;
  p.nearest = nearest;
  p.cubic_coeff_a = -0.75;
  for (int32_t d = 0; d < rank; d++) {
    p.scales[d] = (double)yd[d] / (double)xd[d];
    p.lengths[d] = (double)yd[d];
    p.roi_start[d] = 0.1;
    p.roi_end[d] = 0.9;
  }
  return p;
}

/* x86 and ref agree on one resize: nearest exactly, the rest within
 * 1e-5 relative; returns whether they did. */
static bool same(const lk_resize_params_t *p, const lk_kernel_t *x86,
                 int32_t rank, const int64_t *xd, const int64_t *yd,
                 long extra) {
  int64_t nx = 1, ny = 1;
  for (int32_t d = 0; d < rank; d++) {
    nx *= xd[d];
    ny *= yd[d];
  }
  float *x = malloc((size_t)nx * sizeof(float));
  for (int64_t i = 0; i < nx; i++) x[i] = xt_rnd(-2.0f, 2.0f);
  float *want = NULL, *got = NULL, *split = NULL;
  lt_status_t a = run(p, NULL, NULL, rank, xd, yd, x, &want, 0);
  lt_status_t b = run(p, x86, NULL, rank, xd, yd, x, &got, extra);
  lt_status_t c = run(p, x86, &k_xt_split3, rank, xd, yd, x, &split, extra);
  bool ok = !a && !b && !c;
  for (int64_t i = 0; ok && i < ny; i++) {
    float tol = p->mode == LK_RESIZE_NEAREST ? 0.0f
                                             : 1e-5f * (1.0f + fabsf(want[i]));
    if (!(fabsf(got[i] - want[i]) <= tol && fabsf(split[i] - want[i]) <= tol)) {
      fprintf(stderr, "mode %d coord %d nearest %d %lldx%lld -> %lldx%lld: "
                      "element %lld: x86 %.9g (split %.9g), ref %.9g\n",
              (int)p->mode, (int)p->coord, (int)p->nearest,
              (long long)xd[rank - 2], (long long)xd[rank - 1],
              (long long)yd[rank - 2], (long long)yd[rank - 1], (long long)i,
              got[i], split[i], want[i]);
      ok = false;
    }
  }
  lt_status_free(a);
  lt_status_free(b);
  lt_status_free(c);
  free(x);
  free(want);
  free(got);
  free(split);
  return ok;
}

int main(void) {
  const lk_kernel_t *x86 = lk_builtin_kernel_find(LK_SIMD_KERNEL("resize__f32_nchw"));
  CHECK(x86 && lk_kernel_runnable(x86));
  if (!x86) return 1;
  static const int64_t in_sizes[] = {1, 2, 5, 16, 37};
  static const double factors[] = {2.0, 3.0, 0.5, 1.5, 0.7, 1.0};
  int cases = 0, bad = 0;
  for (int mode = 0; mode < 2; mode++)
    for (int coord = 0; coord < LK_RESIZE_COORD_TF_CROP_AND_RESIZE; coord++)
      for (size_t si = 0; si < LT_ARRAY_SIZE(in_sizes); si++)
        for (size_t fi = 0; fi < LT_ARRAY_SIZE(factors); fi++) {
          int64_t h = in_sizes[si], w = in_sizes[(si + 2) % 5];
          int64_t oh = (int64_t)((double)h * factors[fi]),
                  ow = (int64_t)((double)w * factors[(fi + 1) % 6]);
          if (oh < 1 || ow < 1) continue;
          int64_t xd[4] = {2, 3, h, w}, yd[4] = {2, 3, oh, ow};
          lk_resize_params_t p = params(
              mode ? LK_RESIZE_LINEAR : LK_RESIZE_NEAREST,
              (lk_resize_coord_t)coord,
              (lk_resize_nearest_t)((si + fi) % 4), 4, xd, yd);
          bad += !same(&p, x86, 4, xd, yd, 0);
          cases++;
        }
  printf(LK_SIMD_KERNEL("resize: %d cases, %d differ\n"), cases, bad);
  CHECK(bad == 0 && cases > 300);

  /* what the reference kernel takes over gives its results */
  int64_t xd[4] = {1, 2, 6, 7}, yd[4] = {1, 2, 12, 10}, yc[4] = {1, 4, 12, 10};
  lk_resize_params_t cubic = params(LK_RESIZE_CUBIC, LK_RESIZE_COORD_HALF_PIXEL,
                                    LK_RESIZE_NEAREST_FLOOR, 4, xd, yd);
  CHECK(same(&cubic, x86, 4, xd, yd, 0));
  lk_resize_params_t crop = params(LK_RESIZE_LINEAR,
                                   LK_RESIZE_COORD_TF_CROP_AND_RESIZE,
                                   LK_RESIZE_NEAREST_FLOOR, 4, xd, yd);
  crop.extrapolation_value = 5;
  CHECK(same(&crop, x86, 4, xd, yd, 0));
  lk_resize_params_t chan = params(LK_RESIZE_NEAREST, LK_RESIZE_COORD_ASYMMETRIC,
                                   LK_RESIZE_NEAREST_FLOOR, 4, xd, yc);
  CHECK(same(&chan, x86, 4, xd, yc, 0));
  int64_t x3[3] = {2, 6, 7}, y3[3] = {2, 12, 14};
  lk_resize_params_t r3 = params(LK_RESIZE_LINEAR, LK_RESIZE_COORD_HALF_PIXEL,
                                 LK_RESIZE_NEAREST_FLOOR, 3, x3, y3);
  CHECK(same(&r3, x86, 3, x3, y3, 0));
  /* without a workspace for its tables the x86 kernel hands the call to
   * the reference kernel, which refuses it */
  lk_resize_params_t near = params(LK_RESIZE_NEAREST, LK_RESIZE_COORD_ASYMMETRIC,
                                   LK_RESIZE_NEAREST_FLOOR, 4, xd, yd);
  lk_tensor_t xt = {LK_F32, 4, {1, 2, 6, 7}, NULL},
              yt = {LK_F32, 4, {1, 2, 12, 10}, NULL};
  long need = (long)lk_ref_resize_workspace(&near, &xt, &yt);
  float x[84] = {0}, *out = NULL;
  lt_status_t st = run(&near, x86, NULL, 4, xd, yd, x, &out, -need);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  free(out);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_resize_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

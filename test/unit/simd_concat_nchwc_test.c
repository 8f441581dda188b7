/* x86_concat_nchwc_test.c - x86_concat__f32_nchw16c against the join of
 * the same tensors in nchw: along every axis, inputs whose channels fill
 * whole blocks and inputs that start or end inside one (3 + 20 + 16, 32 +
 * 5, 16 + 16), batches of 2, one input, one worker and a parallel-for of
 * three, the padded lanes of the inputs holding NaN (never copied into an
 * element); then mismatched dims and nchw views refused with the kernel's
 * name. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/plan/data.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__)
#include "test/unit/simd_test_util.h"

#define MAX_IN 3

/* Joins n inputs of dims d[i] (nchw) along axis into out (nchw). */
static void join(const float *const *x, const int64_t (*d)[4], int n, int axis,
                 const int64_t od[4], float *out) {
  int64_t at = 0;
  for (int i = 0; i < n; i++) {
    for (int64_t a = 0; a < d[i][0]; a++)
      for (int64_t b = 0; b < d[i][1]; b++)
        for (int64_t c = 0; c < d[i][2]; c++)
          for (int64_t e = 0; e < d[i][3]; e++) {
            int64_t idx[4] = {a, b, c, e};
            idx[axis] += at;
            out[((idx[0] * od[1] + idx[1]) * od[2] + idx[2]) * od[3] + idx[3]] =
                x[i][((a * d[i][1] + b) * d[i][2] + c) * d[i][3] + e];
          }
    at += d[i][axis];
  }
}

static int check(const lk_kernel_t *k, int axis, int n, const int64_t *cs,
                 const lk_parallel_t *par) {
  int64_t d[MAX_IN][4] = {{0}}, od[4];
  float *x[MAX_IN], *xb[MAX_IN];
  lk_view_t in[MAX_IN], out;
  for (int i = 0; i < n; i++) {
    int64_t di[4] = {2, axis == 1 ? cs[i] : cs[0], 5, 7};
    if (axis != 1) di[axis] = axis == 0 ? 1 + i : 2 + i;
    memcpy(d[i], di, sizeof di);
    int64_t numel = di[0] * di[1] * di[2] * di[3];
    x[i] = malloc((size_t)numel * sizeof(float));
    for (int64_t e = 0; e < numel; e++)
      x[i][e] = xt_rnd(-1.0f, 1.0f);
    xb[i] = xt_to_blocked(x[i], di);
    CHECK(lk_view_dense(&in[i], LK_F32, 4, di, LK_LAYOUT_NCHW16C, xb[i]));
  }
  memcpy(od, d[0], sizeof od);
  for (int i = 1; i < n; i++)
    od[axis] += d[i][axis];
  int64_t ny = od[0] * od[1] * od[2] * od[3];
  float *want = malloc((size_t)ny * sizeof(float)),
        *got = malloc((size_t)ny * sizeof(float));
  join((const float *const *)x, (const int64_t(*)[4])d, n, axis, od, want);
  int64_t cb = (od[1] + 15) / 16;
  float *yb = calloc((size_t)(od[0] * cb * 16 * od[2] * od[3]), sizeof(float));
  CHECK(lk_view_dense(&out, LK_F32, 4, od, LK_LAYOUT_NCHW16C, yb));
  lk_concat_params_t p = {axis};
  lk_target_ctx_t target = {par, NULL};
  lk_call_t call = {in,   (uint32_t)n, &out, 1, &p,     sizeof p,
                    NULL, 0,           NULL, 0, &target};
  lt_status_t st = lk_kernel_call(k, &call);
  CHECK(!st);
  int bad = st != LT_OK;
  if (!st) xt_from_blocked(yb, od, got);
  for (int64_t e = 0; !bad && e < ny; e++)
    if (got[e] != want[e]) {
      fprintf(stderr,
              "axis %d inputs %d c0 %lld: element %lld: %.9g, "
              "want %.9g\n",
              axis, n, (long long)cs[0], (long long)e, got[e], want[e]);
      bad = 1;
    }
  lt_status_free(st);
  for (int i = 0; i < n; i++) {
    free(x[i]);
    free(xb[i]);
  }
  free(want);
  free(got);
  free(yb);
  return bad;
}

int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_concat__f32_nchw16c");
  CHECK(k && lk_kernel_runnable(k) && k->place.layout == LK_LAYOUT_NCHW16C);
  if (!k) return 1;
  static const int64_t kSets[][MAX_IN] = {
      {3, 20, 16}, {32, 5, 0}, {16, 16, 0}, {16, 0, 0}, {17, 0, 0}};
  static const int kCount[] = {3, 2, 2, 1, 1};
  int cases = 0, bad = 0;
  for (int axis = 0; axis < 4; axis++)
    for (size_t s = 0; s < LT_ARRAY_SIZE(kSets); s++)
      for (int par = 0; par < 2; par++, cases++)
        bad += check(k, axis, kCount[s], kSets[s], par ? &k_xt_split3 : NULL);
  printf("x86_concat__f32_nchw16c: %d cases, %d differ\n", cases, bad);
  CHECK(bad == 0 && cases == 40);
  /* refused: inputs differing off the axis, and nchw views */
  float a[2 * 16 * 4] = {0}, b[2 * 16 * 6] = {0}, y[2 * 16 * 10];
  int64_t da[4] = {1, 2, 2, 2}, db[4] = {1, 2, 3, 2}, dy[4] = {1, 4, 2, 2};
  lk_view_t in[2], out;
  CHECK(lk_view_dense(&in[0], LK_F32, 4, da, LK_LAYOUT_NCHW16C, a));
  CHECK(lk_view_dense(&in[1], LK_F32, 4, db, LK_LAYOUT_NCHW16C, b));
  CHECK(lk_view_dense(&out, LK_F32, 4, dy, LK_LAYOUT_NCHW16C, y));
  lk_concat_params_t p = {1};
  lk_call_t call = {in, 2, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  lt_status_t st = lk_kernel_call(k, &call);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), "x86_concat__f32_nchw16c"));
  lt_status_free(st);
  CHECK(lk_view_dense(&in[1], LK_F32, 4, da, LK_LAYOUT_NCHW, b));
  st = lk_kernel_call(k, &call);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
/* Not x86: the blocked row is a description only, with no arm row. */
int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_concat__f32_nchw16c");
  CHECK(k && !lk_kernel_runnable(k));
  CHECK(!lk_builtin_kernel_find("arm_concat__f32_nchw16c"));
  printf("simd_concat_nchwc_test: not an x86_64 build: no blocked kernels\n");
  return g_failures ? 1 : 0;
}
#endif

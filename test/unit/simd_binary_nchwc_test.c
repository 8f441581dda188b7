/* simd_binary_nchwc_test.c - x86_{add,sub,mul,div,prelu}__f32_nchw16c
 * against the reference kernels on the same tensors in nchw, on every
 * instruction set this machine runs: operands of equal dims, the
 * squeeze-and-excitation scale ([N, C, 1, 1] over [N, C, H, W], either
 * side), one-channel operands (splat over the channels, per pixel or a
 * single value), broadcasts along N, H or W alone, both operands
 * broadcasting, a one-channel result, channels that do not fill a block,
 * with and without a fused activation, on one worker and, for a tensor
 * large enough, a parallel-for of three; the padded lanes of the inputs
 * hold NaN. Then views that are not nchw16c, dims that do not broadcast, a
 * result larger than the broadcast and params of another op are refused
 * with the kernel's name. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/elementwise.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__)
#include "test/unit/simd_test_util.h"

static const lk_cpu_info_t *g_cpu;

typedef struct op_case {
  const char *kernel;
  lk_binary_op_t op;
  lk_kernel_fn ref;
} op_case_t;

static const op_case_t kOps[] = {
    {"x86_add__f32_nchw16c", LK_BINARY_ADD, lk_ref_add__f32_nchw},
    {"x86_sub__f32_nchw16c", LK_BINARY_SUB, lk_ref_sub__f32_nchw},
    {"x86_mul__f32_nchw16c", LK_BINARY_MUL, lk_ref_mul__f32_nchw},
    {"x86_div__f32_nchw16c", LK_BINARY_DIV, lk_ref_div__f32_nchw},
    {"x86_prelu__f32_nchw16c", LK_BINARY_PRELU, lk_ref_prelu__f32_nchw},
};

static int64_t numel(const int64_t d[4]) { return d[0] * d[1] * d[2] * d[3]; }

static int64_t blocked_floats(const int64_t d[4]) {
  return d[0] * ((d[1] + 15) / 16) * 16 * d[2] * d[3];
}

static int check(const lk_kernel_t *k, const op_case_t *oc,
                 const int64_t da[4], const int64_t db[4], lk_activation_t act,
                 const lk_parallel_t *par) {
  int64_t od[4];
  for (int i = 0; i < 4; i++) od[i] = da[i] == 1 ? db[i] : da[i];
  float *a = malloc((size_t)numel(da) * sizeof(float));
  float *b = malloc((size_t)numel(db) * sizeof(float));
  for (int64_t e = 0; e < numel(da); e++) a[e] = xt_rnd(-2.0f, 2.0f);
  /* b away from 0: a divisor, a slope */
  for (int64_t e = 0; e < numel(db); e++) b[e] = xt_rnd(0.25f, 1.5f);
  float *ab = xt_to_blocked(a, da), *bb = xt_to_blocked(b, db);
  float *want = malloc((size_t)numel(od) * sizeof(float));
  float *got = malloc((size_t)numel(od) * sizeof(float));
  float *yb = malloc((size_t)blocked_floats(od) * sizeof(float));
  lk_binary_params_t p = {.op = oc->op,
                          .act = act,
                          .act_alpha = lk_activation_default_alpha(act),
                          .act_beta = lk_activation_default_beta(act)};
  lk_view_t in[2], out;
  CHECK(lk_view_dense(&in[0], LK_F32, 4, da, LK_LAYOUT_NCHW, a));
  CHECK(lk_view_dense(&in[1], LK_F32, 4, db, LK_LAYOUT_NCHW, b));
  CHECK(lk_view_dense(&out, LK_F32, 4, od, LK_LAYOUT_NCHW, want));
  lk_call_t call = {in, 2, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  lt_status_t s1 = xt_call(NULL, oc->ref, &call, 0, 0, false);
  CHECK(!s1);
  CHECK(lk_view_dense(&in[0], LK_F32, 4, da, LK_LAYOUT_NCHW16C, ab));
  CHECK(lk_view_dense(&in[1], LK_F32, 4, db, LK_LAYOUT_NCHW16C, bb));
  CHECK(lk_view_dense(&out, LK_F32, 4, od, LK_LAYOUT_NCHW16C, yb));
  lk_target_ctx_t target = {par, g_cpu};
  call.target = &target;
  lt_status_t s2 = xt_call(k, NULL, &call, 0, 0, false);
  CHECK(!s2);
  int bad = s1 != LT_OK || s2 != LT_OK;
  if (!bad) xt_from_blocked(yb, od, got);
  for (int64_t e = 0; !bad && e < numel(od); e++)
    if (!(fabsf(got[e] - want[e]) <= 1e-6f + 1e-5f * fabsf(want[e]))) {
      fprintf(stderr,
              "%s (%s) a [%lld,%lld,%lld,%lld] b [%lld,%lld,%lld,%lld] "
              "act %s: element %lld: %.9g, want %.9g\n",
              oc->kernel, lk_simd_isa_name(lk_simd_isa_of(g_cpu)), (long long)da[0], (long long)da[1],
              (long long)da[2], (long long)da[3], (long long)db[0],
              (long long)db[1], (long long)db[2], (long long)db[3],
              lk_activation_name(act), (long long)e, got[e], want[e]);
      bad = 1;
    }
  lt_status_free(s1);
  lt_status_free(s2);
  free(a);
  free(b);
  free(ab);
  free(bb);
  free(want);
  free(got);
  free(yb);
  return bad;
}

/* Refused calls: each with the kernel's name in the message. */
static void check_refusals(const lk_kernel_t *k, const char *name,
                           lk_binary_op_t op, lk_binary_op_t other) {
  static float a[2 * 32 * 6], b[2 * 32 * 6], y[2 * 32 * 6];
  int64_t d[4] = {1, 20, 2, 3}, d2[4] = {1, 20, 3, 3}, dn[4] = {2, 20, 2, 3};
  lk_view_t in[2], out;
  lk_binary_params_t p = {.op = op};
  lk_call_t call = {in, 2, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  struct {
    const int64_t *a, *b, *y;
    lk_layout_t la;
    lk_binary_op_t op;
  } bad[] = {
      {d, d, d, LK_LAYOUT_NCHW, op}, /* an nchw operand */
      {d, d2, d, LK_LAYOUT_NCHW16C, op}, /* 2 against 3 rows */
      {d, d, dn, LK_LAYOUT_NCHW16C, op}, /* a result of 2 images from 1 */
      {d, d, d, LK_LAYOUT_NCHW16C, other}, /* another op's params */
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(bad); i++) {
    CHECK(lk_view_dense(&in[0], LK_F32, 4, bad[i].a, bad[i].la, a));
    CHECK(lk_view_dense(&in[1], LK_F32, 4, bad[i].b, LK_LAYOUT_NCHW16C, b));
    CHECK(lk_view_dense(&out, LK_F32, 4, bad[i].y, LK_LAYOUT_NCHW16C, y));
    p.op = bad[i].op;
    lt_status_t st = lk_kernel_call(k, &call);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
          strstr(lt_status_message(st), name));
    if (st && !strstr(lt_status_message(st), name))
      fprintf(stderr, "refusal %zu: %s\n", i, lt_status_message(st));
    lt_status_free(st);
  }
}

int main(void) {
  /* a, b: each broadcast pattern the kernels take */
  static const int64_t kShapes[][2][4] = {
      {{2, 20, 5, 7}, {2, 20, 5, 7}},   /* equal */
      {{1, 40, 6, 5}, {1, 40, 1, 1}},   /* SE scale */
      {{1, 40, 1, 1}, {1, 40, 6, 5}},   /* SE scale, first */
      {{1, 24, 4, 6}, {1, 1, 1, 1}},    /* one value */
      {{1, 24, 4, 6}, {1, 1, 4, 6}},    /* one channel, per pixel */
      {{1, 1, 4, 6}, {1, 17, 4, 6}},    /* one channel, first */
      {{2, 16, 3, 5}, {1, 16, 3, 5}},   /* along N */
      {{1, 33, 3, 5}, {1, 33, 3, 1}},   /* along W */
      {{1, 33, 3, 5}, {1, 33, 1, 5}},   /* along H */
      {{2, 1, 3, 4}, {1, 20, 1, 1}},    /* both */
      {{1, 1, 4, 4}, {1, 1, 4, 4}},     /* one channel out */
      {{1, 64, 32, 32}, {1, 64, 1, 1}}, /* parallel SE */
      {{1, 48, 24, 24}, {1, 48, 24, 24}}, /* parallel flat */
  };
  static const lk_activation_t kActs[] = {LK_ACT_NONE, LK_ACT_RELU,
                                          LK_ACT_HARD_SIGMOID, LK_ACT_SWISH};
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  for (size_t o = 0; o < LT_ARRAY_SIZE(kOps); o++) {
    const lk_kernel_t *k = lk_builtin_kernel_find(kOps[o].kernel);
    CHECK(k && lk_kernel_runnable(k) &&
          k->place.layout == LK_LAYOUT_NCHW16C &&
          lk_kernel_input(k, 1).layout == LK_LAYOUT_NCHW16C);
    if (!k) return 1;
    for (int ci = 0; ci < ncpus; ci++) {
      g_cpu = &cpus[ci];
      int cases = 0, bad = 0;
      for (size_t s = 0; s < LT_ARRAY_SIZE(kShapes); s++)
        for (size_t a = 0; a < LT_ARRAY_SIZE(kActs); a++)
          for (int par = 0; par < 2; par++, cases++)
            bad += check(k, &kOps[o], kShapes[s][0], kShapes[s][1], kActs[a],
                         par ? &k_xt_split3 : NULL);
      printf("%s (%s): %d cases, %d differ\n", kOps[o].kernel, lk_simd_isa_name(lk_simd_isa_of(g_cpu)),
             cases, bad);
      CHECK(bad == 0 && cases == 104);
    }
    check_refusals(k, kOps[o].kernel, kOps[o].op,
                   kOps[(o + 1) % LT_ARRAY_SIZE(kOps)].op);
  }
  CHECK(ncpus > 0);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
/* Not x86: the blocked rows are descriptions only, with no arm rows. */
int main(void) {
  static const char *const kNames[] = {"add", "sub", "mul", "div", "prelu"};
  char name[64];
  for (size_t i = 0; i < LT_ARRAY_SIZE(kNames); i++) {
    snprintf(name, sizeof name, "x86_%s__f32_nchw16c", kNames[i]);
    const lk_kernel_t *k = lk_builtin_kernel_find(name);
    CHECK(k && !lk_kernel_runnable(k));
    snprintf(name, sizeof name, "arm_%s__f32_nchw16c", kNames[i]);
    CHECK(!lk_builtin_kernel_find(name));
  }
  printf("simd_binary_nchwc_test: not an x86_64 build: no blocked kernels\n");
  return g_failures ? 1 : 0;
}
#endif

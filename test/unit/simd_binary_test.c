/* simd_binary_test.c - {x86,arm}_{add,sub,mul,div,prelu}__f32_nchw against
 * the reference kernels, on every instruction set this machine runs:
 * operands of equal shapes, of other ranks (numpy broadcasting), scalars
 * on either side, broadcasts along the last dim, a middle dim and the
 * first, both operands broadcasting, rows shorter than a vector and
 * longer, a result of one element and of none, rank 1 and rank 6, with
 * and without a fused activation, on one worker and, for a tensor large
 * enough, a parallel-for of three. Then params of another op and shapes
 * that do not broadcast are refused with the kernel's name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/elementwise.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__) || defined(__aarch64__)
#include "test/unit/simd_test_util.h"

static const lk_cpu_info_t *g_cpu;

typedef struct op_case {
  const char *name; /* after the arch's prefix */
  lk_binary_op_t op;
  lk_kernel_fn ref;
} op_case_t;

static const op_case_t kOps[] = {
    {"add__f32_nchw", LK_BINARY_ADD, lk_ref_add__f32_nchw},
    {"sub__f32_nchw", LK_BINARY_SUB, lk_ref_sub__f32_nchw},
    {"mul__f32_nchw", LK_BINARY_MUL, lk_ref_mul__f32_nchw},
    {"div__f32_nchw", LK_BINARY_DIV, lk_ref_div__f32_nchw},
    {"prelu__f32_nchw", LK_BINARY_PRELU, lk_ref_prelu__f32_nchw},
};

/* A shape: rank, then dims. */
typedef struct shape {
  int32_t rank;
  int64_t d[6];
} shape_t;

static int64_t numel(const shape_t *s) {
  int64_t n = 1;
  for (int32_t i = 0; i < s->rank; i++) n *= s->d[i];
  return n;
}

/* The broadcast of a and b (numpy: right-aligned). */
static shape_t broadcast(const shape_t *a, const shape_t *b) {
  shape_t o = {a->rank > b->rank ? a->rank : b->rank, {0}};
  for (int32_t k = 0; k < o.rank; k++) {
    int32_t ia = k - (o.rank - a->rank), ib = k - (o.rank - b->rank);
    int64_t da = ia >= 0 ? a->d[ia] : 1, db = ib >= 0 ? b->d[ib] : 1;
    o.d[k] = da == 1 ? db : da;
  }
  return o;
}

static int check(const lk_kernel_t *k, const op_case_t *oc, shape_t sa,
                 shape_t sb, lk_activation_t act, const lk_parallel_t *par) {
  shape_t so = broadcast(&sa, &sb);
  int64_t na = numel(&sa), nb = numel(&sb), no = numel(&so);
  float *a = malloc((size_t)(na + 1) * sizeof(float));
  float *b = malloc((size_t)(nb + 1) * sizeof(float));
  float *want = malloc((size_t)(no + 1) * sizeof(float));
  float *got = malloc((size_t)(no + 1) * sizeof(float));
  for (int64_t e = 0; e < na; e++) a[e] = xt_rnd(-2.0f, 2.0f);
  for (int64_t e = 0; e < nb; e++) b[e] = xt_rnd(0.25f, 1.5f);
  got[no] = 12345.0f; /* past the result: left as it is */
  lk_binary_params_t p = {.op = oc->op,
                          .act = act,
                          .act_alpha = lk_activation_default_alpha(act),
                          .act_beta = lk_activation_default_beta(act)};
  lk_view_t in[2], out;
  CHECK(lk_view_dense(&in[0], LK_F32, sa.rank, sa.d, LK_LAYOUT_NCHW, a));
  CHECK(lk_view_dense(&in[1], LK_F32, sb.rank, sb.d, LK_LAYOUT_NCHW, b));
  CHECK(lk_view_dense(&out, LK_F32, so.rank, so.d, LK_LAYOUT_NCHW, want));
  lk_call_t call = {in, 2, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  lt_status_t s1 = oc->ref(&call);
  CHECK(!s1);
  out.data = got;
  lk_target_ctx_t target = {par, g_cpu};
  call.target = &target;
  lt_status_t s2 = lk_kernel_call(k, &call);
  CHECK(!s2);
  CHECK(got[no] == 12345.0f);
  int bad = s1 != LT_OK || s2 != LT_OK;
  for (int64_t e = 0; !bad && e < no; e++)
    if (!(fabsf(got[e] - want[e]) <= 1e-6f + 4e-7f * fabsf(want[e]))) {
      fprintf(stderr, "%s (%s) rank %d and %d, act %s: element %lld: %.9g, "
              "want %.9g\n",
              k->name, lk_simd_isa_name(lk_simd_isa_of(g_cpu)), sa.rank,
              sb.rank, lk_activation_name(act), (long long)e, got[e], want[e]);
      bad = 1;
    }
  lt_status_free(s1);
  lt_status_free(s2);
  free(a);
  free(b);
  free(want);
  free(got);
  return bad;
}

static void check_refusals(const lk_kernel_t *k, lk_binary_op_t other) {
  float a[24] = {0}, b[24] = {0}, y[24];
  int64_t d23[2] = {2, 3}, d24[2] = {2, 4}, d13[2] = {1, 3};
  lk_view_t in[2], out;
  lk_binary_params_t p = {.op = other};
  lk_call_t call = {in, 2, &out, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  CHECK(lk_view_dense(&in[0], LK_F32, 2, d23, LK_LAYOUT_NCHW, a));
  CHECK(lk_view_dense(&in[1], LK_F32, 2, d13, LK_LAYOUT_NCHW, b));
  CHECK(lk_view_dense(&out, LK_F32, 2, d23, LK_LAYOUT_NCHW, y));
  lt_status_t st = lk_kernel_call(k, &call); /* another op's params */
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), k->name));
  lt_status_free(st);
  p.op = kOps[0].op;
  for (size_t i = 0; i < LT_ARRAY_SIZE(kOps); i++)
    if (strstr(k->name, kOps[i].name)) p.op = kOps[i].op;
  CHECK(lk_view_dense(&in[1], LK_F32, 2, d24, LK_LAYOUT_NCHW, b));
  st = lk_kernel_call(k, &call); /* 3 against 4 columns */
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), k->name));
  lt_status_free(st);
}

int main(void) {
  /* a, b: each broadcast pattern the rows meet */
  static const shape_t kShapes[][2] = {
      {{4, {2, 5, 3, 7}}, {4, {2, 5, 3, 7}}},     /* equal */
      {{4, {2, 24, 5, 6}}, {3, {24, 1, 1}}},      /* another rank */
      {{4, {2, 24, 5, 6}}, {4, {1, 24, 1, 1}}},   /* a channel bias */
      {{3, {4, 6, 33}}, {0, {0}}},                /* a scalar b */
      {{0, {0}}, {3, {4, 6, 33}}},                /* a scalar a */
      {{3, {4, 6, 33}}, {3, {4, 6, 1}}},          /* along the last dim */
      {{3, {4, 1, 33}}, {3, {4, 6, 33}}},         /* along a middle dim */
      {{3, {1, 6, 33}}, {3, {4, 6, 33}}},         /* along the first */
      {{3, {4, 1, 5}}, {3, {1, 6, 1}}},           /* both */
      {{2, {3, 3}}, {1, {3}}},                    /* rows under a vector */
      {{1, {1}}, {1, {1}}},                       /* one element */
      {{2, {0, 5}}, {1, {5}}},                    /* none */
      {{1, {1001}}, {1, {1001}}},                 /* rank 1 */
      {{6, {2, 1, 3, 2, 1, 5}}, {6, {1, 4, 3, 1, 2, 5}}}, /* rank 6 */
      {{4, {1, 64, 32, 32}}, {4, {1, 64, 1, 1}}}, /* parallel */
      {{2, {300, 257}}, {2, {300, 257}}},         /* parallel, flat */
  };
  static const lk_activation_t kActs[] = {LK_ACT_NONE, LK_ACT_RELU,
                                          LK_ACT_SWISH};
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  CHECK(ncpus > 0);
  for (size_t o = 0; o < LT_ARRAY_SIZE(kOps); o++) {
    char name[64];
    snprintf(name, sizeof name, LK_SIMD_KERNEL("%s"), kOps[o].name);
    const lk_kernel_t *k = lk_builtin_kernel_find(name);
    CHECK(k && lk_kernel_runnable(k) && k->place.layout == LK_LAYOUT_NCHW);
    if (!k) return 1;
    for (int ci = 0; ci < ncpus; ci++) {
      g_cpu = &cpus[ci];
      int cases = 0, bad = 0;
      for (size_t s = 0; s < LT_ARRAY_SIZE(kShapes); s++)
        for (size_t a = 0; a < LT_ARRAY_SIZE(kActs); a++)
          for (int par = 0; par < 2; par++, cases++)
            bad += check(k, &kOps[o], kShapes[s][0], kShapes[s][1], kActs[a],
                         par ? &k_xt_split3 : NULL);
      printf("%s (%s): %d cases, %d differ\n", name,
             lk_simd_isa_name(lk_simd_isa_of(g_cpu)), cases, bad);
      CHECK(bad == 0 && cases == 96);
    }
    check_refusals(k, kOps[(o + 1) % LT_ARRAY_SIZE(kOps)].op);
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_binary_test: no SIMD build on this architecture\n");
  return 0;
}
#endif

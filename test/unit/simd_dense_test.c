/* x86_dense_test.c - x86_fc__f32_nchw and x86_gemm__f32_nchw against the
 * reference rows on every instruction set this CPU has: fc over 2-D and
 * 3-D inputs (in_num_col_dims 1 and 2), with and without a bias, every
 * activation; gemm with and without transB, C absent, [N] and [1, N]; M,
 * N and K of 1 and past the microkernel's blocks; weights packed at load or
 * per call; threads split. Then what the reference takes over (transA, an
 * alpha or beta other than 1, a C of [M, N]) gives its results. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/gemm.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#include "kernels/simd/simd.h"
#if defined(LK_SIMD_ENABLED)
#include "kernels/simd/simd.h"
#include "test/unit/simd_test_util.h"

static float *fill(int64_t n) {
  float *p = malloc((size_t)(n + 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++) p[i] = xt_rnd(-1.0f, 1.0f);
  return p;
}

/* One call of a 2- or 3-operand dense op: operand views from dims (rank
 * 0 ends the list; c_rank -1: no third operand). */
typedef struct dcase {
  bool fc;
  int32_t x_rank;
  int64_t x_dims[3], w_dims[2], c_dims[2];
  int32_t c_rank;
  lk_fc_params_t fp;
  lk_gemm_params_t gp;
  int64_t y_dims[3];
  int32_t y_rank;
} dcase_t;

static lt_status_t run(const dcase_t *c, const float *x, const float *w,
                       const float *cv, const lk_kernel_t *kernel,
                       const lk_cpu_info_t *cpu, const lk_parallel_t *par,
                       bool packed, float *y) {
  lk_view_t in[3], out;
  CHECK(lk_view_dense(&in[0], LK_F32, c->x_rank, c->x_dims, LK_LAYOUT_NCHW, (void *)x));
  CHECK(lk_view_dense(&in[1], LK_F32, 2, c->w_dims, LK_LAYOUT_NCHW, (void *)w));
  uint32_t n = 2;
  if (c->c_rank >= 0) {
    CHECK(lk_view_dense(&in[2], LK_F32, c->c_rank, c->c_dims, LK_LAYOUT_NCHW, (void *)cv));
    n = 3;
  }
  CHECK(lk_view_dense(&out, LK_F32, c->y_rank, c->y_dims, LK_LAYOUT_NCHW, y));
  lk_target_ctx_t target = {par, cpu};
  lk_call_t call = {in, n, &out, 1, c->fc ? (const void *)&c->fp : (const void *)&c->gp,
                    c->fc ? sizeof c->fp : sizeof c->gp, NULL, 0, NULL, 0,
                    cpu || par ? &target : NULL};
  lk_tensor_t t[3], ty;
  for (uint32_t i = 0; i < n; i++) lk_view_to_tensor(&in[i], &t[i]);
  lk_view_to_tensor(&out, &ty);
  const lk_tensor_t *ct = n > 2 ? &t[2] : NULL;
  size_t ws = c->fc ? lk_ref_fc_workspace(&c->fp, &t[0], &t[1], ct, &ty)
                    : lk_ref_gemm_workspace(&c->gp, &t[0], &t[1], ct, &ty);
  return xt_call(kernel, c->fc ? lk_ref_fc__f32_nchw : lk_ref_gemm__f32_nchw,
                 &call, ws, 0, packed);
}

static int check(const dcase_t *c, const lk_kernel_t *x86,
                 const lk_cpu_info_t *cpu) {
  int64_t nx = 1, ny = 1, nc = 1;
  for (int32_t i = 0; i < c->x_rank; i++) nx *= c->x_dims[i];
  for (int32_t i = 0; i < c->y_rank; i++) ny *= c->y_dims[i];
  for (int32_t i = 0; i < c->c_rank; i++) nc *= c->c_dims[i];
  float *x = fill(nx), *w = fill(c->w_dims[0] * c->w_dims[1]), *cv = fill(nc);
  float *want = calloc((size_t)ny + 1, 4), *a = calloc((size_t)ny + 1, 4),
        *b = calloc((size_t)ny + 1, 4);
  lt_status_t s0 = run(c, x, w, cv, NULL, NULL, NULL, false, want);
  lt_status_t s1 = run(c, x, w, cv, x86, cpu, NULL, true, a);
  lt_status_t s2 = run(c, x, w, cv, x86, cpu, &k_xt_split3, false, b);
  CHECK(!s0 && !s1 && !s2);
  int bad = 0;
  int64_t k = c->w_dims[0] > c->w_dims[1] ? c->w_dims[0] : c->w_dims[1];
  for (int64_t i = 0; i < ny && !s0 && !s1 && !s2 && !bad; i++) {
    float tol = 2e-6f * (float)(k + 4) * (1.0f + fabsf(want[i]));
    if (!(fabsf(a[i] - want[i]) <= tol && fabsf(b[i] - want[i]) <= tol)) {
      fprintf(stderr, "%s element %lld: x86 %.9g (split %.9g), ref %.9g\n",
              c->fc ? "fc" : "gemm", (long long)i, a[i], b[i], want[i]);
      bad = 1;
    }
  }
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  free(x);
  free(w);
  free(cv);
  free(want);
  free(a);
  free(b);
  return bad;
}

static dcase_t fc_case(int64_t m, int64_t k, int64_t n, bool three, bool bias,
                       lk_activation_t act) {
  dcase_t c = {.fc = true, .c_rank = bias ? 1 : -1};
  if (three) { /* [2, m, k] at in_num_col_dims 2 */
    c.x_rank = 3;
    c.x_dims[0] = 2, c.x_dims[1] = m, c.x_dims[2] = k;
    c.fp.in_num_col_dims = 2;
    c.y_rank = 3;
    c.y_dims[0] = 2, c.y_dims[1] = m, c.y_dims[2] = n;
  } else {
    c.x_rank = 2;
    c.x_dims[0] = m, c.x_dims[1] = k;
    c.fp.in_num_col_dims = 1;
    c.y_rank = 2;
    c.y_dims[0] = m, c.y_dims[1] = n;
  }
  c.w_dims[0] = k, c.w_dims[1] = n;
  c.c_dims[0] = n;
  c.fp.act = act;
  c.fp.act_alpha = act == LK_ACT_LEAKY_RELU ? 0.2 : lk_activation_default_alpha(act);
  c.fp.act_beta = lk_activation_default_beta(act);
  return c;
}

static dcase_t gemm_case(int64_t m, int64_t k, int64_t n, bool trans_b,
                         int c_kind, lk_activation_t act) {
  dcase_t c = {.fc = false, .x_rank = 2, .y_rank = 2};
  c.x_dims[0] = m, c.x_dims[1] = k;
  c.w_dims[0] = trans_b ? n : k, c.w_dims[1] = trans_b ? k : n;
  c.y_dims[0] = m, c.y_dims[1] = n;
  c.c_rank = c_kind == 0 ? -1 : c_kind == 1 ? 1 : 2; /* none, [N], [1, N] */
  c.c_dims[0] = c_kind == 1 ? n : 1, c.c_dims[1] = n;
  c.gp = (lk_gemm_params_t){1.0, 1.0, false, trans_b, act,
                            lk_activation_default_alpha(act),
                            lk_activation_default_beta(act)};
  return c;
}

static void test_isa(const lk_kernel_t *fc, const lk_kernel_t *gemm,
                     const lk_cpu_info_t *cpu) {
  static const int64_t ms[] = {1, 7, 13}, ks[] = {1, 33, 300},
                       ns[] = {1, 17, 1000};
  int cases = 0, bad = 0;
  for (size_t i = 0; i < 3; i++)
    for (size_t j = 0; j < 3; j++)
      for (size_t l = 0; l < 3; l++) {
        int v = (int)(i * 9 + j * 3 + l);
        dcase_t f = fc_case(ms[i], ks[j], ns[l], v % 2, v % 3 != 0,
                            (lk_activation_t)(v % LK_NUM_ACTIVATIONS));
        bad += check(&f, fc, cpu);
        dcase_t g = gemm_case(ms[i], ks[j], ns[l], v % 2 == 0, v % 3,
                              (lk_activation_t)((v + 3) % LK_NUM_ACTIVATIONS));
        bad += check(&g, gemm, cpu);
        cases += 2;
      }
  printf("simd fc and gemm on %s: %d cases, %d differ\n",
         lk_simd_isa_name(lk_simd_isa_of(cpu)), cases, bad);
  CHECK(bad == 0);
}

int main(void) {
  const lk_kernel_t *fc = lk_builtin_kernel_find(LK_SIMD_KERNEL("fc__f32_nchw")),
                    *gemm = lk_builtin_kernel_find(LK_SIMD_KERNEL("gemm__f32_nchw"));
  CHECK(fc && gemm && fc->pack && gemm->pack && fc->workspace && gemm->workspace);
  if (!fc || !gemm) return 1;
  lk_cpu_info_t cpus[2];
  int n = xt_cpus(cpus);
  for (int i = 0; i < n; i++) test_isa(fc, gemm, &cpus[i]);
  if (n) {
    /* the reference's cases: transA, alpha, beta, C [M, N] */
    dcase_t t = gemm_case(5, 9, 7, false, 0, LK_ACT_NONE);
    t.gp.trans_a = true;
    t.x_dims[0] = 9, t.x_dims[1] = 5;
    CHECK(check(&t, gemm, &cpus[0]) == 0);
    dcase_t a = gemm_case(5, 9, 7, true, 1, LK_ACT_RELU);
    a.gp.alpha = 0.5;
    CHECK(check(&a, gemm, &cpus[0]) == 0);
    dcase_t b = gemm_case(5, 9, 7, false, 2, LK_ACT_NONE);
    b.gp.beta = 2.0;
    CHECK(check(&b, gemm, &cpus[0]) == 0);
    dcase_t mn = gemm_case(5, 9, 7, false, 0, LK_ACT_NONE);
    mn.c_rank = 2;
    mn.c_dims[0] = 5, mn.c_dims[1] = 7;
    CHECK(check(&mn, gemm, &cpus[0]) == 0);
  }
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
int main(void) {
  printf("simd_dense_test: no SIMD kernels in this build\n");
  return 0;
}
#endif

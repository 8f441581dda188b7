/* x86_pool_nchwc_test.c - x86_pool2d__f32_nchw16c against
 * ref_pool2d__f32_nchw: max and avg (count_include_pad both ways), windows
 * 1 to 3 with strides, dilations, pads and the extra outputs of ceil_mode,
 * windows wholly in the pads, the global forms, channels off the block (3,
 * 20) and whole blocks, batches of 2, NaN in a max window, the padded
 * lanes of x holding NaN, one worker and a parallel-for of three, on
 * every instruction set this CPU has; then a CPU without AVX2 and nchw
 * views refused with the kernel's name, and the registry row's
 * attribute constraint (pooling_type: lp goes to other kernels). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/pool.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

#if defined(__x86_64__)
#include "test/unit/simd_test_util.h"

typedef struct pc {
  lk_pool_type_t type;
  bool include_pad;
  int64_t n, c, h, w, k, s, d, pad, pad_end, oh, ow;
} pc_t;

static lk_pool_params_t params_of(const pc_t *c) {
  return (lk_pool_params_t){.type = c->type,
                            .spatial = 2,
                            .kernel = {c->k, c->k},
                            .strides = {c->s, c->s},
                            .dilations = {c->d, c->d},
                            .pads_begin = {c->pad, c->pad},
                            .pads_end = {c->pad_end, c->pad_end},
                            .count_include_pad = c->include_pad,
                            .p = 2};
}

/* The case on the reference kernel (k NULL) or the blocked one, y as
 * nchw into out. */
static const lk_cpu_info_t *g_cpu; /* the set under test */

static lt_status_t run(const pc_t *c, const lk_kernel_t *k,
                       const lk_parallel_t *par, const float *x, float *out) {
  lk_pool_params_t p = params_of(c);
  int64_t xd[4] = {c->n, c->c, c->h, c->w}, yd[4] = {c->n, c->c, c->oh, c->ow};
  lk_view_t xv, yv;
  lk_tensor_t xt = {LK_F32, 4, {c->n, c->c, c->h, c->w}, (void *)x},
              yt = {LK_F32, 4, {c->n, c->c, c->oh, c->ow}, out};
  size_t ws = k ? 0 : lk_ref_pool2d_workspace(&xt, &yt);
  float *xb = k ? xt_to_blocked(x, xd) : NULL;
  int64_t cb = (c->c + 15) / 16;
  float *yb =
      k ? malloc((size_t)(c->n * cb * 16 * c->oh * c->ow + 1) * 4) : NULL;
  lk_layout_t l = k ? LK_LAYOUT_NCHW16C : LK_LAYOUT_NCHW;
  CHECK(lk_view_dense(&xv, LK_F32, 4, xd, l, k ? xb : (void *)x));
  CHECK(lk_view_dense(&yv, LK_F32, 4, yd, l, k ? yb : out));
  lk_target_ctx_t target = {par, g_cpu};
  lk_call_t call = {&xv, 1, &yv, 1, &p, sizeof p, NULL, 0, NULL, 0, &target};
  lt_status_t st = xt_call(k, lk_ref_pool2d__f32_nchw, &call, ws, 0, false);
  if (k && !st) xt_from_blocked(yb, yd, out);
  free(xb);
  free(yb);
  return st;
}

static int check(pc_t c, const lk_kernel_t *k) {
  int64_t span = (c.k - 1) * c.d + 1;
  if (!c.oh) c.oh = (c.h + c.pad + c.pad_end - span) / c.s + 1;
  if (!c.ow) c.ow = (c.w + c.pad + c.pad_end - span) / c.s + 1;
  int64_t nx = c.n * c.c * c.h * c.w, ny = c.n * c.c * c.oh * c.ow;
  float *x = malloc((size_t)nx * 4), *want = malloc((size_t)ny * 4 + 4),
        *a = malloc((size_t)ny * 4 + 4), *b = malloc((size_t)ny * 4 + 4);
  for (int64_t i = 0; i < nx; i++)
    x[i] = xt_rnd(-1.0f, 1.0f);
  x[nx / 2] = NAN;
  lt_status_t s0 = run(&c, NULL, NULL, x, want), s1 = run(&c, k, NULL, x, a),
              s2 = run(&c, k, &k_xt_split3, x, b);
  CHECK(!s0 && !s1 && !s2);
  int bad = s0 || s1 || s2;
  for (int64_t i = 0; !bad && i < ny; i++)
    for (int v = 0; v < 2 && !bad; v++) {
      float g = v ? b[i] : a[i];
      if ((isnan(g) && isnan(want[i])) || fabsf(g - want[i]) <= 1e-6f ||
          (isinf(g) && g == want[i]))
        continue;
      fprintf(stderr,
              "%s inc %d n %lld c %lld %lldx%lld k %lld s %lld d %lld "
              "pads %lld,%lld -> %lldx%lld run %d: element %lld: "
              "x86 %.9g, ref %.9g\n",
              c.type == LK_POOL_MAX ? "max" : "avg", (int)c.include_pad,
              (long long)c.n, (long long)c.c, (long long)c.h, (long long)c.w,
              (long long)c.k, (long long)c.s, (long long)c.d, (long long)c.pad,
              (long long)c.pad_end, (long long)c.oh, (long long)c.ow, v,
              (long long)i, g, want[i]);
      bad = 1;
    }
  lt_status_free(s0);
  lt_status_free(s1);
  lt_status_free(s2);
  free(x);
  free(want);
  free(a);
  free(b);
  return bad;
}

int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_pool2d__f32_nchw16c");
  CHECK(k && lk_kernel_runnable(k) && k->place.layout == LK_LAYOUT_NCHW16C &&
        lk_kernel_input(k, 0).layout == LK_LAYOUT_NCHW16C &&
        k->num_constraints == 1 &&
        strcmp(k->constraints[0].attr, "pooling_type") == 0);
  if (!k) return 1;
  lk_cpu_info_t cpus[2];
  int ncpus = xt_cpus(cpus);
  for (int ci = 0; ci < ncpus; ci++) {
    g_cpu = &cpus[ci];
    int cases = 0, bad = 0;
    static const int64_t kChannels[] = {3, 16, 20};
    for (int type = 0; type < 2; type++)
      for (int inc = 0; inc < 2; inc++)
        for (int64_t kk = 1; kk <= 3; kk++)
          for (int64_t s = 1; s <= 2; s++)
            for (int64_t d = 1; d <= 2; d++, cases++) {
              int64_t pad = kk > 1 ? (kk * d) / 2 : 0;
              pc_t c = {type ? LK_POOL_AVG : LK_POOL_MAX,
                        inc == 1,
                        1 + (kk + s) % 2,
                        kChannels[(kk + s + d) % 3],
                        7 + kk,
                        9 + s,
                        kk,
                        s,
                        d,
                        pad,
                        pad + (s + d) % 2,
                        0,
                        0};
              bad += check(c, k);
            }
    for (int type = 0; type < 2; type++, cases += 3) {
      lk_pool_type_t t = type ? LK_POOL_AVG : LK_POOL_MAX;
      /* global (resnet's and squeezenet's head) */
      bad += check((pc_t){t, false, 2, 40, 7, 7, 7, 1, 1, 0, 0, 0, 0}, k);
      /* ceil_mode: one more output, its window past the trailing pad */
      bad += check((pc_t){t, true, 1, 20, 8, 8, 3, 2, 1, 0, 0, 4, 4}, k);
      /* pads wider than the window: outputs with no input position */
      bad += check((pc_t){t, type == 1, 1, 5, 3, 3, 2, 1, 1, 3, 3, 0, 0}, k);
    }
    printf("x86_pool2d__f32_nchw16c on %s: %d cases, %d differ\n",
           lk_simd_isa_name(lk_simd_isa_of(g_cpu)), cases, bad);
    CHECK(bad == 0 && cases > 50);
  }
  /* a CPU without AVX2: refused, naming the kernel */
  lk_cpu_info_t none = {0};
  g_cpu = &none;
  float xs[3 * 4 * 4] = {0}, ys[3 * 2 * 2];
  pc_t small = {LK_POOL_MAX, false, 1, 3, 4, 4, 2, 2, 1, 0, 0, 2, 2};
  lt_status_t sn = run(&small, k, NULL, xs, ys);
  CHECK(lt_status_code(sn) == LT_STATUS_UNIMPLEMENTED &&
        strstr(lt_status_message(sn), "x86_pool2d__f32_nchw16c"));
  lt_status_free(sn);
  /* x in nchw: refused, naming the kernel */
  float x[64] = {0}, y[64];
  int64_t d[4] = {1, 2, 4, 4}, cb[4] = {1, 2, 2, 2};
  lk_view_t xv, yv;
  CHECK(lk_view_dense(&xv, LK_F32, 4, d, LK_LAYOUT_NCHW, x));
  CHECK(lk_view_dense(&yv, LK_F32, 4, cb, LK_LAYOUT_NCHW, y));
  pc_t c = {LK_POOL_MAX, false, 1, 2, 4, 4, 2, 2, 1, 0, 0, 2, 2};
  lk_pool_params_t p = params_of(&c);
  lk_call_t call = {&xv, 1, &yv, 1, &p, sizeof p, NULL, 0, NULL, 0, NULL};
  lt_status_t st = lk_kernel_call(k, &call);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), "x86_pool2d__f32_nchw16c"));
  lt_status_free(st);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}
#else
/* Not x86: the blocked row is a description only, with no arm row. */
int main(void) {
  const lk_kernel_t *k = lk_builtin_kernel_find("x86_pool2d__f32_nchw16c");
  CHECK(k && !lk_kernel_runnable(k));
  CHECK(!lk_builtin_kernel_find("arm_pool2d__f32_nchw16c"));
  printf("simd_pool_nchwc_test: not an x86_64 build: no blocked kernels\n");
  return g_failures ? 1 : 0;
}
#endif

/* codegen_math_test.c - math.exp/tanh/erf on vector<8xf32> (the inline
 * polynomials of translate_math.c) and math ops through libm and LLVM
 * intrinsics, against glibc on a sweep and random inputs, with the
 * tolerances docs/codegen.md states: exp 2 ulp-ish (relative 3e-7), tanh
 * and erf 1e-6 absolute. Sizes 0, 1, 7, 1000 go through a masked
 * transfer_read/transfer_write tail. */
#include <math.h>

#include "codegen_test_util.h"

#define KERNEL(name, op)                                                       \
  "func.func @" name "(%a: memref<?xf32>, %o: memref<?xf32>) attributes "     \
  "{lite.kernel = {num_inputs = 1 : i64}} {\n"                                 \
  "  %c0 = arith.constant 0 : index\n"                                         \
  "  %c8 = arith.constant 8 : index\n"                                         \
  "  %pad = arith.constant 0.0 : f32\n"                                        \
  "  %n = memref.dim %a, %c0 : memref<?xf32>\n"                                \
  "  scf.for %i = %c0 to %n step %c8 {\n"                                      \
  "    %x = vector.transfer_read %a[%i], %pad {in_bounds = [false]} : "        \
  "memref<?xf32>, vector<8xf32>\n"                                             \
  "    %y = \"" op "\"(%x) : (vector<8xf32>) -> vector<8xf32>\n"               \
  "    vector.transfer_write %y, %o[%i] {in_bounds = [false]} : "              \
  "vector<8xf32>, memref<?xf32>\n"                                             \
  "  }\n"                                                                      \
  "  return\n"                                                                 \
  "}\n"

static const char *k_src =
    KERNEL("vexp", "math.exp") KERNEL("vtanh", "math.tanh")
    KERNEL("verf", "math.erf") KERNEL("vsqrt", "math.sqrt")
    KERNEL("vlog1p", "math.log1p") KERNEL("vfloor", "math.floor");

typedef struct math_case {
  const char *kernel;
  double (*ref)(double);
  float lo, hi;
  double abs_tol, rel_tol;
} math_case_t;

static double ref_floor(double x) { return floor(x); }

static const math_case_t k_cases[] = {
    {"vexp", exp, -87.0f, 88.0f, 0, 3e-7},
    {"vtanh", tanh, -9.0f, 9.0f, 1e-6, 0},
    {"verf", erf, -5.0f, 5.0f, 1e-6, 0},
    {"vsqrt", sqrt, 0.0f, 1e6f, 0, 1e-7},
    {"vlog1p", log1p, -0.99f, 100.0f, 0, 2e-7},
    {"vfloor", ref_floor, -100.0f, 100.0f, 0, 0},
};

static const int64_t k_sizes[] = {0, 1, 7, 1000, 4099};

int main(void) {
  ct_t t;
  ct_init(&t, false, NULL);
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(&t, k_src, &m);
  uint32_t seed = 11;
  for (size_t c = 0; table && c < LT_ARRAY_SIZE(k_cases); c++) {
    const math_case_t *mc = &k_cases[c];
    lk_kernel_fn run = ct_kernel(table, mc->kernel);
    double worst = 0;
    for (size_t k = 0; run && k < LT_ARRAY_SIZE(k_sizes); k++) {
      int64_t n = k_sizes[k];
      float *a = malloc((size_t)(n + 1) * 4), *o = malloc((size_t)(n + 1) * 4);
      for (int64_t i = 0; i < n; i++)
        a[i] = i % 2 ? ct_rand(&seed, mc->lo, mc->hi)
                     : mc->lo + (mc->hi - mc->lo) * (float)i / (float)n;
      if (n > 4) a[1] = 0.0f, a[3] = -0.0f;
      o[n] = 42.0f;
      lk_view_t in = ct_vec_f32(a, n), out = ct_vec_f32(o, n);
      lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                        .num_outputs = 1};
      CHECK(run(&call) == LT_OK);
      for (int64_t i = 0; i < n; i++) {
        double want = mc->ref(a[i]);
        double err = fabs(o[i] - want);
        double tol = mc->abs_tol + mc->rel_tol * fabs(want);
        if (!(err <= tol)) {
          if (worst == 0)
            fprintf(stderr, "%s(%.9g) = %.9g, libm %.9g\n", mc->kernel, a[i],
                    o[i], want);
          if (err > worst) worst = err;
        }
      }
      CHECK(o[n] == 42.0f);
      free(a);
      free(o);
    }
    CHECK(worst == 0);
  }
  /* NaN propagates through the polynomials; tanh/erf saturate */
  lk_kernel_fn vexp = ct_kernel(table, "vexp");
  lk_kernel_fn vtanh = ct_kernel(table, "vtanh");
  float x[3] = {NAN, 100.0f, -100.0f}, y[3];
  lk_view_t in = ct_vec_f32(x, 3), out = ct_vec_f32(y, 3);
  lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                    .num_outputs = 1};
  if (vexp && vtanh) {
    CHECK(vexp(&call) == LT_OK);
    CHECK(isnan(y[0]) && isinf(y[1]) && y[2] >= 0 && y[2] < 1e-37f);
    CHECK(vtanh(&call) == LT_OK);
    CHECK(fabsf(y[1] - 1.0f) < 1e-6f && fabsf(y[2] + 1.0f) < 1e-6f);
  }
  lt_op_destroy(m);
  ct_fini(&t);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

/* abi_math_test.c - the math families' registry rows through the
 * call-record ABI, as the runtime will run them: each op planned through
 * lk_plan_step_find + lk_plan_step_run over a static attribute table, its
 * result allocated from the planned shape, dense views, the row called
 * with lk_kernel_call. Numbers against hand-computed values or the direct
 * lk_ref_* call on the step's parameters; the refusals of each family
 * (input count, parameter block size, the f32 row given i64 data, and what
 * the kernel's memory safety rests on); and cast's `to`, a type attribute,
 * read as its lk_dtype_t code through the dialect's reader and through an
 * emitted artifact's. */
#include <math.h>
#include <stdlib.h>

#include "compiler/artifact_emit.h"
#include "dialects/lite/lite_impl.h"
#include "kernels/abi_ref.h"
#include "kernels/plan/misc_math.h"
#include "kernels/registry.h"
#include "runtime/artifact.h"

#include "test/unit/plan_table.h"

#include "test/unit/lite_test_util.h"

static const attr_t no_attrs[] = {END};

/* ---- planning and calling a row ------------------------------------------ */

#define MAX_IN 4

/* One planned call: the views of the inputs and of the result the plan
 * step's shape allocated, and the step's parameter block. */
typedef struct planned {
  const lk_plan_step_t *step;
  lk_view_t in[MAX_IN], out;
  uint32_t num_in;
  lk_dtype_t planned_dtype; /* the step's result dtype */
  _Alignas(16) unsigned char params[128];
  lk_tensor_t y;
} planned_t;

/* Plans op on in[0..n) with attrs and allocates the result, of dtype fill
 * where the step leaves none (calib's). */
static bool plan(planned_t *c, const char *op, const attr_t *attrs,
                 const lk_tensor_t *in, uint32_t n, lk_dtype_t fill) {
  memset(c, 0, sizeof *c);
  c->step = lk_plan_step_find(op);
  CHECK(c->step && c->step->params_size <= sizeof c->params && n <= MAX_IN);
  if (!c->step || c->step->params_size > sizeof c->params) return false;
  lk_shape_t s[MAX_IN], out;
  memset(&out, 0, sizeof out);
  lk_shapes_of(in, n, s);
  lk_plan_t p = plan_over(attrs);
  if (!succeeded(lk_plan_step_run(c->step, &p, s, n, &out, 1, c->params), &p,
                 __LINE__))
    return false;
  c->planned_dtype = out.dtype;
  c->y = (lk_tensor_t){.dtype = out.dtype == LK_DTYPE_NONE ? fill : out.dtype,
                       .rank = out.rank};
  memcpy(c->y.dims, out.dims, sizeof out.dims);
  c->y.data = calloc((size_t)lk_numel(&c->y) + 1, sizeof(double));
  for (uint32_t i = 0; i < n; i++) {
    if (in[i].dtype == LK_DTYPE_NONE) {
      c->in[i].dtype = LK_DTYPE_NONE;
      c->in[i].rank = -1;
    } else {
      CHECK(lk_view_dense(&c->in[i], in[i].dtype, in[i].rank, in[i].dims,
                          LK_LAYOUT_NCHW, in[i].data));
    }
  }
  CHECK(lk_view_dense(&c->out, c->y.dtype, c->y.rank, c->y.dims,
                      LK_LAYOUT_NCHW, c->y.data));
  c->num_in = n;
  return true;
}

/* Calls row `kernel` on c with num_in of its inputs and a params_size-byte
 * parameter block. */
static lt_status_t call(lk_registry_t *r, const char *kernel,
                        const planned_t *c, uint32_t num_in,
                        size_t params_size) {
  const lk_kernel_t *k = lk_registry_find(r, kernel);
  CHECK(k && lk_kernel_runnable(k));
  if (!k) return lt_status_make(LT_STATUS_NOT_FOUND, "no row %s", kernel);
  lk_call_t rec = {.inputs = c->in, .num_inputs = num_in,
                   .outputs = &c->out, .num_outputs = 1,
                   .params = c->params, .params_size = params_size};
  return lk_kernel_call(k, &rec);
}

/* Runs the row as planned; false (saying why) when it fails. */
static bool ran(lk_registry_t *r, const char *kernel, const planned_t *c,
                int line) {
  lt_status_t st = call(r, kernel, c, c->num_in, c->step->params_size);
  if (!st) return true;
  fprintf(stderr, "line %d: %s failed: %s\n", line, kernel,
          lt_status_message(st));
  lt_status_free(st);
  return false;
}
#define RUNS(r, kernel, c) CHECK(ran(r, kernel, c, __LINE__))

/* st is an INVALID_ARGUMENT naming kernel and saying `what`. */
static bool refused(lt_status_t st, const char *kernel, const char *what,
                    int line) {
  const char *msg = lt_status_message(st);
  bool ok = lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
            strstr(msg, kernel) && strstr(msg, what);
  if (!ok)
    fprintf(stderr, "line %d: expected %s to refuse (\"%s\"), got \"%s\"\n",
            line, kernel, what, st ? msg : "ok");
  lt_status_free(st);
  return ok;
}
#define REFUSES(r, kernel, c, n, size, what)                                   \
  CHECK(refused(call(r, kernel, c, n, size), kernel, what, __LINE__))

/* What every row refuses: bad_n inputs, a parameter block a byte long. */
static void refuses_counts(lk_registry_t *r, const char *kernel,
                           const planned_t *c, uint32_t bad_n) {
  REFUSES(r, kernel, c, bad_n, c->step->params_size, "inputs, got");
  REFUSES(r, kernel, c, c->num_in, c->step->params_size + 1,
          "parameter block");
}

/* The f32 row of op refuses in[0..n), planned with i64 data. */
static void refuses_i64(lk_registry_t *r, const char *kernel, const char *op,
                        const attr_t *attrs, const lk_tensor_t *in,
                        uint32_t n) {
  planned_t c;
  if (plan(&c, op, attrs, in, n, LK_DTYPE_NONE))
    REFUSES(r, kernel, &c, n, c.step->params_size, "f32 tensors only");
  free(c.y.data);
}

/* y's n elements are want's (as doubles). */
static bool values_are(const lk_tensor_t *y, const double *want, int64_t n,
                       int line) {
  bool ok = lk_numel(y) == n;
  for (int64_t i = 0; ok && i < n; i++) ok = lk_load_f64(y, i) == want[i];
  if (!ok) {
    fprintf(stderr, "line %d: got", line);
    for (int64_t i = 0; i < lk_numel(y); i++)
      fprintf(stderr, " %g", lk_load_f64(y, i));
    fprintf(stderr, "\n");
  }
  return ok;
}
#define VALUES_ARE(y, ...)                                                     \
  CHECK(values_are(y, (const double[]){__VA_ARGS__},                           \
                   (int64_t)(sizeof((double[]){__VA_ARGS__}) /                 \
                             sizeof(double)),                                  \
                   __LINE__))

static bool same_bytes(const lk_tensor_t *a, const lk_tensor_t *b) {
  return a->dtype == b->dtype && lk_numel(a) == lk_numel(b) &&
         memcmp(a->data, b->data, lk_nbytes(a)) == 0;
}

/* An empty tensor shaped and typed as t. */
static lk_tensor_t like(const lk_tensor_t *t) {
  lk_tensor_t u = *t;
  u.data = calloc((size_t)lk_numel(t) + 1, sizeof(double));
  return u;
}

/* ---- binary -------------------------------------------------------------- */

static void test_binary(lk_registry_t *r) {
  static const char *const ops[] = {"add", "sub", "mul", "div",
                                    "pow", "mod", "prelu"};
  static const attr_t fmod[] = {INT("fmod", 1), END};
  float a[6] = {1, -2, 3, -4, 5, 6}, b[3] = {2, 0.5f, -3};
  lk_tensor_t ab[2] = {tensor(LK_F32, a, DIMS(2, 3)),
                       tensor(LK_F32, b, DIMS(3))};
  planned_t c;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    const attr_t *at = strcmp(ops[i], "mod") == 0 ? fmod : no_attrs;
    if (!plan(&c, ops[i], at, ab, 2, LK_DTYPE_NONE)) continue;
    lk_tensor_t want = like(&c.y);
    CHECK(lk_ref_binary((const lk_binary_params_t *)c.params, &ab[0], &ab[1],
                        &want) == LK_REF_OK);
    char f32[64], any[64];
    snprintf(f32, sizeof f32, "ref_%s__f32_nchw", ops[i]);
    snprintf(any, sizeof any, "ref_%s__any_nchw", ops[i]);
    RUNS(r, f32, &c);
    CHECK(same_bytes(&c.y, &want));
    memset(c.y.data, 0, lk_nbytes(&c.y));
    RUNS(r, any, &c);
    CHECK(same_bytes(&c.y, &want));
    free(want.data);
    free(c.y.data);
  }

  /* The fused activation comes with the parameter block. */
  static const attr_t relu[] = {STR("activation", "relu"), END};
  if (plan(&c, "add", relu, ab, 2, LK_DTYPE_NONE)) {
    RUNS(r, "ref_add__f32_nchw", &c);
    VALUES_ARE(&c.y, 3, 0, 0, 0, 5.5, 3);
    refuses_counts(r, "ref_add__f32_nchw", &c, 1);
    /* A B that does not broadcast to the output. */
    c.in[1].dims[0] = 2;
    REFUSES(r, "ref_add__f32_nchw", &c, 2, c.step->params_size,
            "do not broadcast");
    free(c.y.data);
  }
  /* mul's block is not add's. */
  if (plan(&c, "mul", no_attrs, ab, 2, LK_DTYPE_NONE)) {
    REFUSES(r, "ref_add__f32_nchw", &c, 2, c.step->params_size,
            "another op's");
    free(c.y.data);
  }

  uint8_t u[3] = {1, 2, 4}, one = 1;
  lk_tensor_t sh[2] = {tensor(LK_U8, u, DIMS(3)), tensor(LK_U8, &one, DIMS(1))};
  static const attr_t left[] = {STR("direction", "LEFT"), END};
  if (plan(&c, "bit_shift", left, sh, 2, LK_DTYPE_NONE)) {
    RUNS(r, "ref_bit_shift__any_nchw", &c);
    VALUES_ARE(&c.y, 2, 4, 8);
    free(c.y.data);
  }

  int64_t ia[2] = {7, -7}, zero = 0;
  lk_tensor_t iz[2] = {tensor(LK_I64, ia, DIMS(2)),
                       tensor(LK_I64, &zero, DIMS(1))};
  if (plan(&c, "div", no_attrs, iz, 2, LK_DTYPE_NONE)) {
    REFUSES(r, "ref_div__any_nchw", &c, 2, c.step->params_size,
            "integer division by zero");
    free(c.y.data);
  }
  if (plan(&c, "mod", no_attrs, iz, 2, LK_DTYPE_NONE)) {
    REFUSES(r, "ref_mod__any_nchw", &c, 2, c.step->params_size,
            "integer remainder by zero");
    free(c.y.data);
  }
  refuses_i64(r, "ref_add__f32_nchw", "add", no_attrs, iz, 2);
}

/* ---- compare, where, variadic -------------------------------------------- */

static void test_compare(lk_registry_t *r) {
  static const struct {
    const char *op;
    bool logical;
    double want[4];
  } cases[] = {
      {"equal", false, {0, 1, 0, 1}},  {"greater", false, {0, 0, 1, 0}},
      {"greater_equal", false, {0, 1, 1, 1}}, {"less", false, {1, 0, 0, 0}},
      {"less_equal", false, {1, 1, 0, 1}},    {"and", true, {1, 0, 0, 0}},
      {"or", true, {1, 1, 1, 0}},             {"xor", true, {0, 1, 1, 0}}};
  float a[4] = {1, 2, 3, 2}, two = 2;
  bool la[4] = {1, 1, 0, 0}, lb[4] = {1, 0, 1, 0};
  lk_tensor_t num[2] = {tensor(LK_F32, a, DIMS(4)), scalar(LK_F32, &two)};
  lk_tensor_t lg[2] = {tensor(LK_BOOL, la, DIMS(4)),
                       tensor(LK_BOOL, lb, DIMS(4))};
  planned_t c;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (!plan(&c, cases[i].op, no_attrs, cases[i].logical ? lg : num, 2,
              LK_DTYPE_NONE))
      continue;
    char kernel[64];
    snprintf(kernel, sizeof kernel, "ref_%s__%s_nchw", cases[i].op,
             cases[i].logical ? "any" : "f32");
    RUNS(r, kernel, &c);
    CHECK(c.y.dtype == LK_BOOL && values_are(&c.y, cases[i].want, 4, __LINE__));
    free(c.y.data);
  }
  if (plan(&c, "less", no_attrs, num, 2, LK_DTYPE_NONE)) {
    refuses_counts(r, "ref_less__f32_nchw", &c, 3);
    free(c.y.data);
  }
  int64_t ia[2] = {1, 2};
  lk_tensor_t iv[2] = {tensor(LK_I64, ia, DIMS(2)),
                       tensor(LK_I64, ia, DIMS(2))};
  refuses_i64(r, "ref_less__f32_nchw", "less", no_attrs, iv, 2);
}

static void test_where(lk_registry_t *r) {
  bool cond[2] = {1, 0};
  float x[4] = {1, 2, 3, 4}, y = 9;
  double y64 = 9;
  lk_tensor_t in[3] = {tensor(LK_BOOL, cond, DIMS(2, 1)),
                       tensor(LK_F32, x, DIMS(2, 2)), scalar(LK_F32, &y)};
  planned_t c;
  if (plan(&c, "where", no_attrs, in, 3, LK_DTYPE_NONE)) {
    CHECK(c.step->params_size == sizeof(lk_no_params_t));
    RUNS(r, "ref_where__f32_nchw", &c);
    VALUES_ARE(&c.y, 1, 2, 9, 9);
    refuses_counts(r, "ref_where__f32_nchw", &c, 2);
    /* Y's elements would be copied at another size. */
    lk_view_dense(&c.in[2], LK_F64, 0, NULL, LK_LAYOUT_NCHW, &y64);
    REFUSES(r, "ref_where__any_nchw", &c, 3, c.step->params_size,
            "output's element type");
    free(c.y.data);
  }
  int64_t ix[4] = {1, 2, 3, 4}, iy = 9;
  lk_tensor_t iin[3] = {in[0], tensor(LK_I64, ix, DIMS(2, 2)),
                        scalar(LK_I64, &iy)};
  refuses_i64(r, "ref_where__f32_nchw", "where", no_attrs, iin, 3);
}

static void test_variadic(lk_registry_t *r) {
  static const struct {
    const char *op;
    double want[2];
  } cases[] = {
      {"sum", {6, 6}}, {"mean", {2, 2}}, {"max", {3, 5}}, {"min", {1, -1}}};
  float a[2] = {1, 5}, b = 2, d[2] = {3, -1};
  lk_tensor_t in[3] = {tensor(LK_F32, a, DIMS(2)), tensor(LK_F32, &b, DIMS(1)),
                       tensor(LK_F32, d, DIMS(2))};
  planned_t c;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (!plan(&c, cases[i].op, no_attrs, in, 3, LK_DTYPE_NONE)) continue;
    char kernel[64];
    snprintf(kernel, sizeof kernel, "ref_%s__f32_nchw", cases[i].op);
    RUNS(r, kernel, &c);
    CHECK(values_are(&c.y, cases[i].want, 2, __LINE__));
    free(c.y.data);
  }
  if (plan(&c, "sum", no_attrs, in, 3, LK_DTYPE_NONE)) {
    refuses_counts(r, "ref_sum__f32_nchw", &c, 0);
    free(c.y.data);
  }
  int64_t ia[2] = {1, 2};
  lk_tensor_t iv[2] = {tensor(LK_I64, ia, DIMS(2)),
                       tensor(LK_I64, ia, DIMS(2))};
  refuses_i64(r, "ref_max__f32_nchw", "max", no_attrs, iv, 2);
}

/* ---- unary --------------------------------------------------------------- */

static void test_unary(lk_registry_t *r) {
  static const char *const ops[] = {
      "relu", "leaky_relu", "thresholded_relu", "elu", "selu", "celu",
      "sigmoid", "hard_sigmoid", "hard_swish", "swish", "mish", "gelu",
      "softplus", "softsign", "shrink", "tanh", "erf", "exp", "log", "sqrt",
      "rsqrt", "abs", "neg", "reciprocal", "floor", "ceil", "round", "sign",
      "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh",
      "acosh", "atanh", "is_nan", "is_inf"};
  float x[5] = {0.25f, 0.5f, 2.5f, -0.75f, NAN};
  double x64[5] = {0.25, 0.5, 2.5, -0.75, INFINITY};
  lk_tensor_t xs[2] = {tensor(LK_F32, x, DIMS(5)),
                       tensor(LK_F64, x64, DIMS(5))};
  planned_t c;
  /* Every op but `not` on both rows, with f32 and with f64 data. */
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    for (int k = 0; k < 2; k++) {
      if (!plan(&c, ops[i], no_attrs, &xs[k], 1, LK_DTYPE_NONE)) continue;
      lk_tensor_t want = like(&c.y);
      lk_ref_unary((const lk_unary_params_t *)c.params, &xs[k], &want);
      char kernel[64];
      snprintf(kernel, sizeof kernel, "ref_%s__%s_nchw", ops[i],
               k ? "any" : "f32");
      RUNS(r, kernel, &c);
      CHECK(same_bytes(&c.y, &want));
      free(want.data);
      free(c.y.data);
    }
  /* By hand: the step's attributes reach the kernel. */
  static const attr_t alpha[] = {FLT("alpha", 0.5), END};
  if (plan(&c, "leaky_relu", alpha, xs, 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_leaky_relu__f32_nchw", &c);
    CHECK(lk_load_f64(&c.y, 2) == 2.5 && lk_load_f64(&c.y, 3) == -0.375 &&
          isnan(lk_load_f64(&c.y, 4)));
    refuses_counts(r, "ref_leaky_relu__f32_nchw", &c, 2);
    free(c.y.data);
  }
  if (plan(&c, "is_inf", no_attrs, &xs[1], 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_is_inf__any_nchw", &c);
    CHECK(c.y.dtype == LK_BOOL);
    VALUES_ARE(&c.y, 0, 0, 0, 0, 1);
    free(c.y.data);
  }
  bool b[2] = {1, 0};
  lk_tensor_t bt = tensor(LK_BOOL, b, DIMS(2));
  if (plan(&c, "not", no_attrs, &bt, 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_not__any_nchw", &c);
    VALUES_ARE(&c.y, 0, 1);
    free(c.y.data);
  }
  /* exp's block is not log's; an input of another shape than the output. */
  if (plan(&c, "exp", no_attrs, xs, 1, LK_DTYPE_NONE)) {
    REFUSES(r, "ref_log__f32_nchw", &c, 1, c.step->params_size,
            "another op's");
    lk_view_dense(&c.in[0], LK_F32, 1, (int64_t[]){4}, LK_LAYOUT_NCHW, x);
    REFUSES(r, "ref_exp__f32_nchw", &c, 1, c.step->params_size,
            "shape of input #0");
    free(c.y.data);
  }
  int64_t ia[2] = {-1, 2};
  lk_tensor_t iv = tensor(LK_I64, ia, DIMS(2));
  refuses_i64(r, "ref_relu__f32_nchw", "relu", no_attrs, &iv, 1);
}

/* ---- clip, scale --------------------------------------------------------- */

static void test_clip(lk_registry_t *r) {
  float x[3] = {-3, 0.5f, 4};
  lk_tensor_t xt = tensor(LK_F32, x, DIMS(3));
  static const attr_t bounds[] = {FLT("min", -1), FLT("max", 2), END};
  planned_t c;
  if (plan(&c, "clip", bounds, &xt, 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_clip__f32_nchw", &c);
    VALUES_ARE(&c.y, -1, 0.5, 2);
    refuses_counts(r, "ref_clip__f32_nchw", &c, 4);
    free(c.y.data);
  }
  /* Operand bounds, and an absent min next to an attribute max. */
  int32_t ix[3] = {-3, 5, 9}, lo = 0, hi = 6, two[2] = {0, 1};
  lk_tensor_t in[3] = {tensor(LK_I32, ix, DIMS(3)), scalar(LK_I32, &lo),
                       scalar(LK_I32, &hi)};
  if (plan(&c, "clip", no_attrs, in, 3, LK_DTYPE_NONE)) {
    RUNS(r, "ref_clip__any_nchw", &c);
    VALUES_ARE(&c.y, 0, 5, 6);
    lk_view_dense(&c.in[2], LK_I32, 1, (int64_t[]){2}, LK_LAYOUT_NCHW, two);
    REFUSES(r, "ref_clip__any_nchw", &c, 3, c.step->params_size,
            "one element");
    free(c.y.data);
  }
  static const attr_t max7[] = {INT("max", 7), END};
  lk_tensor_t skip[2] = {in[0], {.dtype = LK_DTYPE_NONE, .rank = -1}};
  if (plan(&c, "clip", max7, skip, 2, LK_DTYPE_NONE)) {
    RUNS(r, "ref_clip__any_nchw", &c);
    VALUES_ARE(&c.y, -3, 5, 7);
    free(c.y.data);
  }
  int64_t ia[2] = {-1, 2};
  lk_tensor_t iv = tensor(LK_I64, ia, DIMS(2));
  refuses_i64(r, "ref_clip__f32_nchw", "clip", no_attrs, &iv, 1);
}

static void test_scale(lk_registry_t *r) {
  float x[2] = {1, -2};
  lk_tensor_t xt = tensor(LK_F32, x, DIMS(2));
  static const attr_t after[] = {FLT("scale", 2), FLT("bias", 1), END};
  static const attr_t before[] = {FLT("scale", 2), FLT("bias", 1),
                                  INT("bias_after_scale", 0),
                                  STR("activation", "relu"), END};
  planned_t c;
  if (plan(&c, "scale", after, &xt, 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_scale__f32_nchw", &c);
    VALUES_ARE(&c.y, 3, -3);
    refuses_counts(r, "ref_scale__f32_nchw", &c, 0);
    free(c.y.data);
  }
  if (plan(&c, "scale", before, &xt, 1, LK_DTYPE_NONE)) {
    RUNS(r, "ref_scale__any_nchw", &c);
    VALUES_ARE(&c.y, 4, 0);
    free(c.y.data);
  }
  int64_t ia[2] = {-1, 2};
  lk_tensor_t iv = tensor(LK_I64, ia, DIMS(2));
  refuses_i64(r, "ref_scale__f32_nchw", "scale", no_attrs, &iv, 1);
}

/* ---- cast, calib, quantize, dequantize ---------------------------------- */

static void test_cast_calib(lk_registry_t *r) {
  float x[3] = {1.75f, -2.5f, 3};
  lk_tensor_t xt = tensor(LK_F32, x, DIMS(3));
  static const attr_t to_i32[] = {INT("to", LK_I32), END};
  planned_t c;
  if (plan(&c, "cast", to_i32, &xt, 1, LK_DTYPE_NONE)) {
    CHECK(c.y.dtype == LK_I32);
    RUNS(r, "ref_cast__any_nchw", &c);
    VALUES_ARE(&c.y, 1, -2, 3);
    refuses_counts(r, "ref_cast__any_nchw", &c, 2);
    /* An output of another type than `to`. */
    lk_view_dense(&c.out, LK_I64, 1, (int64_t[]){3}, LK_LAYOUT_NCHW, c.y.data);
    REFUSES(r, "ref_cast__any_nchw", &c, 1, c.step->params_size,
            "element type of 'to'");
    free(c.y.data);
  }

  float cx[3] = {1, -0.75f, 100};
  lk_tensor_t ct = tensor(LK_F32, cx, DIMS(3));
  static const attr_t half[] = {FLT("scale", 0.5), END};
  if (plan(&c, "calib", half, &ct, 1, LK_I8)) {
    /* The step leaves the dtype to the declared type (here the caller's). */
    CHECK(c.planned_dtype == LK_DTYPE_NONE && c.y.dtype == LK_I8);
    RUNS(r, "ref_calib__any_nchw", &c);
    VALUES_ARE(&c.y, 2, -2, 127);
    refuses_counts(r, "ref_calib__any_nchw", &c, 0);
    free(c.y.data);
  }
}

static void test_quant(lk_registry_t *r) {
  /* Per axis 1: element i uses scale and zero point i % 2. */
  float x[4] = {0, 1, 2, 3}, s[2] = {0.5f, 1};
  int8_t zp[2] = {1, -1};
  lk_tensor_t in[3] = {tensor(LK_F32, x, DIMS(2, 2)),
                       tensor(LK_F32, s, DIMS(2)),
                       tensor(LK_I8, zp, DIMS(2))};
  planned_t q, d;
  if (!plan(&q, "quantize", no_attrs, in, 3, LK_DTYPE_NONE)) return;
  CHECK(q.y.dtype == LK_I8);
  RUNS(r, "ref_quantize__any_nchw", &q);
  VALUES_ARE(&q.y, 1, 0, 5, 2);
  refuses_counts(r, "ref_quantize__any_nchw", &q, 1);
  /* One zero point for two scales. */
  lk_view_dense(&q.in[2], LK_I8, 1, (int64_t[]){1}, LK_LAYOUT_NCHW, zp);
  REFUSES(r, "ref_quantize__any_nchw", &q, 3, q.step->params_size,
          "zero point");

  lk_tensor_t din[3] = {q.y, in[1], in[2]};
  if (plan(&d, "dequantize", no_attrs, din, 3, LK_DTYPE_NONE)) {
    CHECK(d.y.dtype == LK_F32);
    RUNS(r, "ref_dequantize__any_nchw", &d);
    VALUES_ARE(&d.y, 0, 1, 2, 3);
    refuses_counts(r, "ref_dequantize__any_nchw", &d, 4);
    free(d.y.data);
  }
  free(q.y.data);
}

/* ---- the step table ------------------------------------------------------ */

static void test_steps(void) {
  static const struct {
    const char *op;
    size_t size;
  } rows[] = {{"add", sizeof(lk_binary_params_t)},
              {"bit_shift", sizeof(lk_binary_params_t)},
              {"equal", sizeof(lk_no_params_t)},
              {"where", sizeof(lk_no_params_t)},
              {"min", sizeof(lk_no_params_t)},
              {"relu", sizeof(lk_unary_params_t)},
              {"is_inf", sizeof(lk_unary_params_t)},
              {"clip", sizeof(lk_clip_params_t)},
              {"scale", sizeof(lk_scale_params_t)},
              {"cast", sizeof(lk_cast_params_t)},
              {"calib", sizeof(lk_calib_params_t)},
              {"dequantize", sizeof(lk_quant_params_t)}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const lk_plan_step_t *s = lk_plan_step_find(rows[i].op);
    CHECK(s && s->params_size == rows[i].size && s->num_outputs == 1);
  }
  /* Each row passes its own op code: xor's step wants i1 operands. */
  lk_shape_t in[2] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 2)}, out;
  lk_no_params_t np;
  lk_plan_t p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_step_run(lk_plan_step_find("less"), &p, in, 2, &out, 1,
                            &np), &p);
  CHECK(out.dtype == LK_BOOL && DIMS_ARE(&out, 2));
  FAILS_WITH(lk_plan_step_run(lk_plan_step_find("xor"), &p, in, 2, &out, 1,
                              &np), &p,
             "operand #0 (A) must have element type i1, got f32");
}

/* ---- cast's `to` in both readers ----------------------------------------- */

static void test_cast_to(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  parsed_t m = parse_op(
      ctx, "func.func @f(%a: tensor<2xf32>) -> tensor<2xi32> attributes "
           "{lite.arena_size = {host = 64 : i64}} {\n"
           "  %0 = \"lite.cast\"(%a) {to = i32, lite.kernel = "
           "\"ref_cast__any_nchw\", lite.arena = \"host\", lite.offset = 0 "
           ": i64} : (tensor<2xf32>) -> tensor<2xi32>\n"
           "  return %0 : tensor<2xi32>\n}\n");
  CHECK(m.op != NULL);
  if (!m.op) {
    lt_context_destroy(ctx);
    return;
  }
  lk_shape_t x = SHAPE(LK_F32, 2), y;
  lk_cast_params_t kp;
  lk_plan_t p;

  /* The dialect's reader over the op's dictionary. */
  lt_lite_call_t lc = {ctx, m.op->loc, LT_LITE_CAST, m.op->attrs,
                       lt_allocator_system()};
  lk_attrs_t dialect = lt_lite_attrs(&lc);
  CHECK(lk_attr_int(dialect, "to", -7) == LK_I32);
  lk_plan_init(&p, dialect, lt_allocator_system());
  CHECK(LT_SUCCEEDED(lk_plan_cast(&p, &x, 1, &y, &kp)) && kp.to == LK_I32);

  /* The artifact's table, written as an int. */
  lt_aw_t *w = lt_aw_new();
  uint8_t *data = NULL;
  size_t size = 0;
  lt_artifact_t *a = NULL;
  CHECK(LT_SUCCEEDED(lt_artifact_emit(m.module, w)));
  lt_status_t st = lt_aw_finish(w, "abi_math_test", &data, &size);
  CHECK(st == LT_OK);
  if (!st) st = lt_artifact_load_buffer(data, size, lt_allocator_system(), &a);
  CHECK(st == LT_OK);
  lt_status_free(st);
  if (a) {
    lk_attrs_t table = lt_artifact_instr_attrs(lt_artifact_instr(a, 0));
    CHECK(lk_attr_int(table, "to", -7) == LK_I32);
    lk_plan_init(&p, table, lt_allocator_system());
    kp.to = LK_DTYPE_NONE;
    CHECK(LT_SUCCEEDED(lk_plan_cast(&p, &x, 1, &y, &kp)) && kp.to == LK_I32 &&
          y.dtype == LK_I32);
  }
  lt_artifact_free(a);
  free(data);
  lt_aw_free(w);
  lt_op_destroy(m.module);
  lite_log_free(&log);
  lt_context_destroy(ctx);
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_binary(r);
  test_compare(r);
  test_where(r);
  test_variadic(r);
  test_unary(r);
  test_clip(r);
  test_scale(r);
  test_cast_calib(r);
  test_quant(r);
  test_steps();
  test_cast_to();
  lk_registry_destroy(r);
  if (g_failures) {
    fprintf(stderr, "abi_math_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("abi_math_test: ok\n");
  return 0;
}

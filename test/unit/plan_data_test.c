/* plan_data_test.c - the plan steps of the data families
 * (kernels/plan/data.h) with no IR at all: attributes come from a static
 * table behind the lk_attrs_t interface, shape-like operands from constant
 * tensors or from the attribute form. Output shapes, the kernels'
 * parameters, dynamic dims and unknown ranks staying unknown, and the
 * error messages. */
#include "kernels/plan/data.h"

#include "test/unit/plan_table.h"

/* A constant 1-D i64 operand holding vals[0..n) (its lk_shape_t's value). */
#define CONST_I64(...)                                                         \
  const_i64((int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),     \
            (int64_t[]){__VA_ARGS__})

static lk_tensor_t g_values[16];
static int g_num_values;

static lk_shape_t const_i64(int32_t n, int64_t *vals) {
  lk_tensor_t *t = &g_values[g_num_values++ % 16];
  memset(t, 0, sizeof *t);
  t->dtype = LK_I64;
  t->rank = 1;
  t->dims[0] = n;
  t->data = vals;
  lk_shape_t s = shape_of(LK_I64, 1, (const int64_t[]){n});
  s.value = t;
  return s;
}

typedef lt_result_t (*step_fn)(lk_plan_t *, const lk_shape_t *, uint32_t,
                               lk_shape_t *);

/* Runs step over in[0..n) with table's attributes into *out. */
static lt_result_t run(step_fn step, const attr_t *table, const lk_shape_t *in,
                       uint32_t n, lk_shape_t *out, lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return step(p, in, n, out);
}

static void step_error(step_fn step, const attr_t *table, const lk_shape_t *in,
                       uint32_t n, const char *want, int line) {
  lk_plan_t p;
  lk_shape_t out;
  CHECK(failed_with(run(step, table, in, n, &out, &p), &p, want, line));
}
#define STEP_ERROR(step, table, in, want)                                      \
  step_error(step, table, in, LT_ARRAY_SIZE(in), want, __LINE__)

/* Runs step and checks it succeeded. */
#define RUN_OK(step, table, in, out)                                           \
  do {                                                                         \
    lk_plan_t p_;                                                              \
    lt_result_t r_ = run(step, table, in, LT_ARRAY_SIZE(in), out, &p_);       \
    if (LT_FAILED(r_)) fprintf(stderr, "line %d: %s\n", __LINE__, p_.error);   \
    CHECK(LT_SUCCEEDED(r_));                                                   \
  } while (0)

static const attr_t k_none[] = {END};

/* ---- shape-like operands ------------------------------------------------- */

static void test_lists(void) {
  lk_plan_t p;
  int64_t v[4];
  int32_t n;
  /* the operand's contents */
  lk_shape_t in[2] = {SHAPE(LK_F32, 2), CONST_I64(3, 4)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_int_list(&p, in, 2, 1, "pads", v, 4, &n)));
  CHECK(n == 2 && v[0] == 3 && v[1] == 4);
  /* the attribute form: a list, or one number */
  const attr_t list[] = {INTS("pads", 5, 6, 7), FLT("value", 2.5),
                                END};
  p = plan_over(list);
  CHECK(LT_SUCCEEDED(lk_plan_int_list(&p, in, 1, 1, "pads", v, 4, &n)));
  CHECK(n == 3 && v[0] == 5 && v[2] == 7);
  double f[2];
  CHECK(LT_SUCCEEDED(lk_plan_float_list(&p, in, 1, 1, "value", f, 2, &n)));
  CHECK(n == 1 && f[0] == 2.5);
  CHECK(LT_SUCCEEDED(lk_plan_int_list(&p, in, 1, 1, "value", v, 2, &n)));
  CHECK(n == 1 && v[0] == 2);
  /* neither form; an operand of unknown contents */
  CHECK(LT_SUCCEEDED(lk_plan_int_list(&p, in, 1, 1, "axes", v, 4, &n)));
  CHECK(n == LK_LIST_ABSENT);
  lk_shape_t dyn[2] = {SHAPE(LK_F32, 2), SHAPE(LK_I64, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_int_list(&p, dyn, 2, 1, "axes", v, 4, &n)));
  CHECK(n == LK_LIST_UNKNOWN);
  int64_t len;
  CHECK(LT_SUCCEEDED(
      lk_plan_data_list(&p, dyn, 2, 1, "axes", false, v, 4, &n, &len)));
  CHECK(n == LK_LIST_UNKNOWN && len == 3);
  /* errors */
  CHECK(failed_with(lk_plan_int_list(&p, dyn, 2, 1, "pads", v, 4, &n), &p,
                    "takes operand #1 (pads) or attribute 'pads', not both",
                    __LINE__));
  p = plan_over(list);
  CHECK(failed_with(lk_plan_int_list(&p, in, 1, 1, "pads", v, 2, &n), &p,
                    "attribute 'pads' has 3 values; at most 2 are supported",
                    __LINE__));
  lk_shape_t big[2] = {SHAPE(LK_F32, 2), CONST_I64(1, 2, 3)};
  p = plan_over(k_none);
  CHECK(failed_with(lk_plan_int_list(&p, big, 2, 1, "axes", v, 2, &n), &p,
                    "operand #1 (axes) has 3 elements; at most 2 are supported",
                    __LINE__));
  CHECK(failed_with(
      lk_plan_data_list(&p, in, 1, 1, "shape", true, v, 4, &n, &len), &p,
      "needs operand #1 (shape) or attribute 'shape'", __LINE__));
  lk_shape_t fl[2] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 2)};
  CHECK(failed_with(
      lk_plan_data_list(&p, fl, 2, 1, "shape", true, v, 4, &n, &len), &p,
      "operand #1 (shape) must have an integer element type, got f32",
      __LINE__));
  lk_shape_t r2[2] = {SHAPE(LK_F32, 2), SHAPE(LK_I64, 2, 2)};
  CHECK(failed_with(
      lk_plan_data_list(&p, r2, 2, 1, "shape", true, v, 4, &n, &len), &p,
      "operand #1 (shape) must have rank 1, got 2", __LINE__));
  CHECK(failed_with(lk_plan_exact_attr(&p, "constant_value", 2.5, LK_I32), &p,
                    "attribute 'constant_value' is 2.5, which element type "
                    "i32 does not hold exactly",
                    __LINE__));
  CHECK(LT_SUCCEEDED(lk_plan_exact_attr(&p, "constant_value", 2.5, LK_F32)));
  CHECK(failed_with(lk_plan_exact_attr(&p, "v", 2, LK_BOOL), &p,
                    "attribute 'v' is 2, which element type i1 does not hold "
                    "exactly",
                    __LINE__));
  char buf[32];
  CHECK(strcmp(lk_dims_str((const int64_t[]){2, -1, 3}, 3, buf, sizeof buf),
               "2x?x3") == 0);
  CHECK(strcmp(lk_dims_str(NULL, -1, buf, sizeof buf), "*") == 0);
}

/* ---- reshape ------------------------------------------------------------- */

static void test_reshape(void) {
  lk_shape_t out;
  /* -1 inferred, 0 copying the input's dim */
  lk_shape_t a[2] = {SHAPE(LK_F32, 2, 3, 4), CONST_I64(0, -1)};
  RUN_OK(lk_plan_reshape, k_none, a, &out);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 12));
  /* the attribute form */
  const attr_t shape_attr[] = {INTS("shape", 4, 6), END};
  lk_shape_t b[1] = {SHAPE(LK_F32, 2, 3, 4)};
  RUN_OK(lk_plan_reshape, shape_attr, b, &out);
  CHECK(DIMS_ARE(&out, 4, 6));
  /* allowzero keeps a 0 as a 0 */
  const attr_t allowzero[] = {INT("allowzero", 1), INTS("shape", 0, 4),
                                     END};
  lk_shape_t z[1] = {SHAPE(LK_F32, 0, 4)};
  RUN_OK(lk_plan_reshape, allowzero, z, &out);
  CHECK(DIMS_ARE(&out, 0, 4));
  /* dynamic input: -1 stays unknown, the others are known */
  lk_shape_t d[2] = {SHAPE(LK_F32, -1, 3, 4), CONST_I64(-1, 12)};
  RUN_OK(lk_plan_reshape, k_none, d, &out);
  CHECK(DIMS_ARE(&out, -1, 12));
  /* unknown shape contents: the rank from its length */
  lk_shape_t u[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_I64, 3)};
  RUN_OK(lk_plan_reshape, k_none, u, &out);
  CHECK(DIMS_ARE(&out, -1, -1, -1));
  /* unknown rank and length: stays unknown */
  lk_shape_t uu[2] = {unranked(LK_F32), unranked(LK_I64)};
  RUN_OK(lk_plan_reshape, k_none, uu, &out);
  CHECK(out.rank == -1);
  lk_shape_t ur[2] = {unranked(LK_F32), CONST_I64(0, 5)};
  RUN_OK(lk_plan_reshape, k_none, ur, &out);
  CHECK(DIMS_ARE(&out, -1, 5));

  lk_shape_t e1[2] = {SHAPE(LK_F32, 2, 3), CONST_I64(4, -1)};
  STEP_ERROR(lk_plan_reshape, k_none, e1,
             "cannot reshape [2x3] (6 elements) into [4x?]");
  lk_shape_t e2[2] = {SHAPE(LK_F32, 2, 3), CONST_I64(4, 2)};
  STEP_ERROR(lk_plan_reshape, k_none, e2,
             "cannot reshape [2x3] (6 elements) into [4x2] (8 elements)");
  lk_shape_t e3[2] = {SHAPE(LK_F32, 6), CONST_I64(-1, -1)};
  STEP_ERROR(lk_plan_reshape, k_none, e3,
             "shape has more than one -1 (at 0 and 1)");
  lk_shape_t e4[2] = {SHAPE(LK_F32, 6), CONST_I64(6, -2)};
  STEP_ERROR(lk_plan_reshape, k_none, e4,
             "shape[1] is -2; dims must be >= -1");
  lk_shape_t e5[2] = {SHAPE(LK_F32, 6), CONST_I64(6, 0)};
  STEP_ERROR(lk_plan_reshape, k_none, e5,
             "shape[1] is 0 (copy the input dim), but the input has rank 1");
  const attr_t az[] = {INT("allowzero", 1), END};
  lk_shape_t e6[2] = {SHAPE(LK_F32, 0), CONST_I64(0, -1)};
  STEP_ERROR(lk_plan_reshape, az, e6,
             "shape has both a 0 (with allowzero) and a -1");
  lk_shape_t e7[2] = {SHAPE(LK_F32, -1), CONST_I64(1 << 30, 1 << 30)};
  STEP_ERROR(lk_plan_reshape, k_none, e7,
             "result shape [1073741824x1073741824] has too many elements");
  lk_shape_t e8[1] = {SHAPE(LK_F32, 6)};
  STEP_ERROR(lk_plan_reshape, k_none, e8,
             "needs operand #1 (shape) or attribute 'shape'");
  lk_shape_t e9[2] = {absent(), CONST_I64(6)};
  STEP_ERROR(lk_plan_reshape, k_none, e9, "operand #0 is required, got none");
}

/* ---- flatten ------------------------------------------------------------- */

static void test_flatten(void) {
  lk_shape_t out;
  lk_shape_t x[1] = {SHAPE(LK_F32, 2, 3, 4)};
  RUN_OK(lk_plan_flatten, k_none, x, &out);
  CHECK(DIMS_ARE(&out, 2, 12));
  const attr_t a0[] = {INT("axis", 0), END};
  RUN_OK(lk_plan_flatten, a0, x, &out);
  CHECK(DIMS_ARE(&out, 1, 24));
  const attr_t am1[] = {INT("axis", -1), END};
  RUN_OK(lk_plan_flatten, am1, x, &out);
  CHECK(DIMS_ARE(&out, 6, 4));
  lk_shape_t d[1] = {SHAPE(LK_F32, -1, 3, 4)};
  RUN_OK(lk_plan_flatten, k_none, d, &out);
  CHECK(DIMS_ARE(&out, -1, 12));
  lk_shape_t u[1] = {unranked(LK_F32)};
  RUN_OK(lk_plan_flatten, k_none, u, &out);
  CHECK(DIMS_ARE(&out, -1, -1));
  const attr_t a4[] = {INT("axis", 4), END};
  STEP_ERROR(lk_plan_flatten, a4, x, "axis 4 is out of range [-3, 3]");
}

/* ---- squeeze / unsqueeze ------------------------------------------------- */

static void test_squeeze(void) {
  lk_shape_t out;
  lk_shape_t all[1] = {SHAPE(LK_F32, 1, 3, 1, 4)};
  RUN_OK(lk_plan_squeeze, k_none, all, &out);
  CHECK(DIMS_ARE(&out, 3, 4));
  lk_shape_t ax[2] = {SHAPE(LK_F32, 1, 3, 1, 4), CONST_I64(-2)};
  RUN_OK(lk_plan_squeeze, k_none, ax, &out);
  CHECK(DIMS_ARE(&out, 1, 3, 4));
  const attr_t axes0[] = {INTS("axes", 0), END};
  lk_shape_t x[1] = {SHAPE(LK_F32, 1, -1)};
  RUN_OK(lk_plan_squeeze, axes0, x, &out);
  CHECK(DIMS_ARE(&out, -1));
  /* without axes, an unknown dim leaves the rank open */
  RUN_OK(lk_plan_squeeze, k_none, x, &out);
  CHECK(out.rank == -1);
  /* axes of unknown contents: how many is known */
  lk_shape_t ua[2] = {SHAPE(LK_F32, 1, 3, 1), SHAPE(LK_I64, 2)};
  RUN_OK(lk_plan_squeeze, k_none, ua, &out);
  CHECK(DIMS_ARE(&out, -1));
  lk_shape_t u[1] = {unranked(LK_F32)};
  RUN_OK(lk_plan_squeeze, axes0, u, &out);
  CHECK(out.rank == -1);

  lk_shape_t e1[2] = {SHAPE(LK_F32, 1, 3), CONST_I64(1)};
  STEP_ERROR(lk_plan_squeeze, k_none, e1, "cannot squeeze axis 1 of size 3");
  lk_shape_t e2[2] = {SHAPE(LK_F32, 1, 3), CONST_I64(2)};
  STEP_ERROR(lk_plan_squeeze, k_none, e2, "axis 2 is out of range for rank 2");
  lk_shape_t e3[2] = {SHAPE(LK_F32, 1, 3), CONST_I64(0, -2)};
  STEP_ERROR(lk_plan_squeeze, k_none, e3, "axis -2 is named twice");
}

static void test_unsqueeze(void) {
  lk_shape_t out;
  lk_shape_t x[2] = {SHAPE(LK_F32, 3, 4), CONST_I64(0, -1)};
  RUN_OK(lk_plan_unsqueeze, k_none, x, &out);
  CHECK(DIMS_ARE(&out, 1, 3, 4, 1));
  const attr_t axes1[] = {INTS("axes", 1), END};
  lk_shape_t d[1] = {SHAPE(LK_I32, -1, 4)};
  RUN_OK(lk_plan_unsqueeze, axes1, d, &out);
  CHECK(out.dtype == LK_I32 && DIMS_ARE(&out, -1, 1, 4));
  lk_shape_t ua[2] = {SHAPE(LK_F32, 3), SHAPE(LK_I64, 2)};
  RUN_OK(lk_plan_unsqueeze, k_none, ua, &out);
  CHECK(DIMS_ARE(&out, -1, -1, -1));
  lk_shape_t u[1] = {unranked(LK_F32)};
  RUN_OK(lk_plan_unsqueeze, axes1, u, &out);
  CHECK(out.rank == -1);

  lk_shape_t e1[1] = {SHAPE(LK_F32, 3)};
  STEP_ERROR(lk_plan_unsqueeze, k_none, e1,
             "needs operand #1 (axes) or attribute 'axes'");
  lk_shape_t e2[2] = {SHAPE(LK_F32, 3), CONST_I64(2)};
  STEP_ERROR(lk_plan_unsqueeze, k_none, e2,
             "axis 2 is out of range for rank 2");
  lk_shape_t e3[2] = {SHAPE(LK_F32, 1, 2, 3, 4, 5, 6, 7, 8),
                      CONST_I64(0)};
  if (LK_MAX_RANK == 8)
    STEP_ERROR(lk_plan_unsqueeze, k_none, e3,
               "result rank 9 exceeds the maximum rank 8");
  const attr_t both[] = {INTS("axes", 0), END};
  lk_shape_t e4[2] = {SHAPE(LK_F32, 3), CONST_I64(0)};
  STEP_ERROR(lk_plan_unsqueeze, both, e4,
             "takes operand #1 (axes) or attribute 'axes', not both");
}

/* ---- identity, dropout, shape, size -------------------------------------- */

static void test_identity_and_shape(void) {
  lk_shape_t out[2];
  lk_plan_t p;
  lk_shape_t x[1] = {SHAPE(LK_F16, 2, -1)};
  RUN_OK(lk_plan_identity, k_none, x, &out[0]);
  CHECK(out[0].dtype == LK_F16 && DIMS_ARE(&out[0], 2, -1));

  float ratio = 0.25f;
  uint8_t train = 1;
  lk_tensor_t rt = {.dtype = LK_F32, .rank = 0, .data = &ratio};
  lk_tensor_t tt = {.dtype = LK_BOOL, .rank = 0, .data = &train};
  lk_shape_t din[3] = {SHAPE(LK_F32, 2, 3), shape_of(LK_F32, 0, NULL),
                       shape_of(LK_BOOL, 0, NULL)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_dropout(&p, din, 3, out, 2)));
  CHECK(DIMS_ARE(&out[1], 2, 3) && out[1].dtype == LK_BOOL);
  din[1].value = &rt;
  din[2].value = &tt;
  CHECK(failed_with(lk_plan_dropout(&p, din, 3, out, 1), &p,
                    "training_mode is true with ratio 0.25: training dropout "
                    "is not supported (lite runs inference only)",
                    __LINE__));
  ratio = 1.5f;
  CHECK(failed_with(lk_plan_dropout(&p, din, 2, out, 1), &p,
                    "ratio must be in [0, 1), got 1.5", __LINE__));
  din[1] = SHAPE(LK_F32, 2);
  CHECK(failed_with(lk_plan_dropout(&p, din, 2, out, 1), &p,
                    "operand #1 (ratio) must be a scalar, got shape [2]",
                    __LINE__));
  din[2] = shape_of(LK_F32, 0, NULL);
  CHECK(failed_with(lk_plan_dropout(&p, din, 3, out, 1), &p,
                    "operand #1 (ratio) must be a scalar, got shape [2]",
                    __LINE__));
  din[1] = shape_of(LK_F32, 0, NULL);
  CHECK(failed_with(lk_plan_dropout(&p, din, 3, out, 1), &p,
                    "operand #2 (training_mode) must have element type i1, "
                    "got f32",
                    __LINE__));

  lk_shape_params_t kp;
  lk_shape_t s[1] = {SHAPE(LK_F32, 2, 3, 4, 5)};
  const attr_t window[] = {INT("start", 1), INT("end", -1), END};
  p = plan_over(window);
  CHECK(LT_SUCCEEDED(lk_plan_shape(&p, s, 1, out, &kp)));
  CHECK(out[0].dtype == LK_I64 && DIMS_ARE(&out[0], 2));
  CHECK(kp.start == 1 && kp.end == 3);
  const attr_t clamped[] = {INT("start", -10), INT("end", 10), END};
  p = plan_over(clamped);
  CHECK(LT_SUCCEEDED(lk_plan_shape(&p, s, 1, out, &kp)));
  CHECK(DIMS_ARE(&out[0], 4) && kp.start == 0 && kp.end == 4);
  const attr_t empty[] = {INT("start", 3), INT("end", 1), END};
  p = plan_over(empty);
  CHECK(LT_SUCCEEDED(lk_plan_shape(&p, s, 1, out, &kp)));
  CHECK(DIMS_ARE(&out[0], 0));
  lk_shape_t u[1] = {unranked(LK_F32)};
  CHECK(LT_SUCCEEDED(lk_plan_shape(&p, u, 1, out, &kp)));
  CHECK(DIMS_ARE(&out[0], -1));
  CHECK(LT_SUCCEEDED(lk_plan_size(&p, u, 1, out)));
  CHECK(out[0].dtype == LK_I64 && out[0].rank == 0);
}

/* ---- transpose, concat, split -------------------------------------------- */

static void test_transpose_concat_split(void) {
  lk_plan_t p;
  lk_shape_t out[3];
  lk_transpose_params_t tp;
  lk_shape_t x[1] = {SHAPE(LK_F32, 2, -1, 4)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_transpose(&p, x, 1, out, &tp)));
  CHECK(DIMS_ARE(&out[0], 4, -1, 2) && tp.perm[0] == 2 && tp.perm[2] == 0);
  const attr_t perm[] = {INTS("perm", 1, 2, 0), END};
  p = plan_over(perm);
  CHECK(LT_SUCCEEDED(lk_plan_transpose(&p, x, 1, out, &tp)));
  CHECK(DIMS_ARE(&out[0], -1, 4, 2));
  lk_shape_t u[1] = {unranked(LK_F32)};
  CHECK(LT_SUCCEEDED(lk_plan_transpose(&p, u, 1, out, &tp)));
  CHECK(DIMS_ARE(&out[0], -1, -1, -1));
  const attr_t bad[] = {INTS("perm", 0, 0, 1), END};
  p = plan_over(bad);
  CHECK(failed_with(lk_plan_transpose(&p, x, 1, out, &tp), &p,
                    "perm is not a permutation of 0..2 (entry 1 is 0)",
                    __LINE__));
  const attr_t short_perm[] = {INTS("perm", 1, 0), END};
  p = plan_over(short_perm);
  CHECK(failed_with(lk_plan_transpose(&p, x, 1, out, &tp), &p,
                    "perm has 2 entries; the input has rank 3", __LINE__));

  lk_concat_params_t cp;
  lk_shape_t cin[3] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, -1, 5),
                       unranked(LK_F32)};
  const attr_t ax1[] = {INT("axis", 1), END};
  p = plan_over(ax1);
  CHECK(LT_SUCCEEDED(lk_plan_concat(&p, cin, 2, out, &cp)));
  CHECK(cp.axis == 1 && DIMS_ARE(&out[0], 2, 8));
  CHECK(LT_SUCCEEDED(lk_plan_concat(&p, cin, 3, out, &cp)));
  CHECK(DIMS_ARE(&out[0], 2, -1));
  p = plan_over(k_none);
  CHECK(failed_with(lk_plan_concat(&p, cin, 2, out, &cp), &p,
                    "operand #1 has size 5 in dim 1; operand #0 has 3",
                    __LINE__));
  lk_shape_t mixed[2] = {SHAPE(LK_F32, 2), SHAPE(LK_I32, 2)};
  CHECK(failed_with(lk_plan_concat(&p, mixed, 2, out, &cp), &p,
                    "operand #1 has element type i32; operand #0 has f32",
                    __LINE__));
  lk_shape_t ranks[2] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 2, 2)};
  CHECK(failed_with(lk_plan_concat(&p, ranks, 2, out, &cp), &p,
                    "operand #1 has rank 2; operand #0 has rank 1", __LINE__));

  lk_split_params_t sp;
  lk_shape_t sx[2] = {SHAPE(LK_F32, 4, 7), CONST_I64(3, 4)};
  p = plan_over(ax1);
  CHECK(LT_SUCCEEDED(lk_plan_split(&p, sx, 2, out, 2, &sp)));
  CHECK(sp.axis == 1 && DIMS_ARE(&out[0], 4, 3) && DIMS_ARE(&out[1], 4, 4));
  const attr_t parts[] = {INT("axis", 1), INT("num_outputs", 3), END};
  p = plan_over(parts);
  CHECK(LT_SUCCEEDED(lk_plan_split(&p, sx, 1, out, 3, &sp)));
  CHECK(DIMS_ARE(&out[0], 4, 3) && DIMS_ARE(&out[2], 4, 1));
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_split(&p, sx, 1, out, 2, &sp)));
  CHECK(DIMS_ARE(&out[0], 2, 7) && DIMS_ARE(&out[1], 2, 7));
  lk_shape_t dyn[1] = {SHAPE(LK_F32, -1, 7)};
  CHECK(LT_SUCCEEDED(lk_plan_split(&p, dyn, 1, out, 2, &sp)));
  CHECK(DIMS_ARE(&out[0], -1, 7));
  p = plan_over(ax1);
  CHECK(failed_with(lk_plan_split(&p, sx, 1, out, 2, &sp), &p,
                    "dim 1 of size 7 does not split into 2 equal parts",
                    __LINE__));
  CHECK(failed_with(lk_plan_split(&p, sx, 2, out, 3, &sp), &p,
                    "split has 2 sizes but the op has 3 results", __LINE__));
  lk_shape_t sbad[2] = {SHAPE(LK_F32, 4, 7), CONST_I64(3, 3)};
  CHECK(failed_with(lk_plan_split(&p, sbad, 2, out, 2, &sp), &p,
                    "split sizes add up to 6, but dim 1 has size 7", __LINE__));
}

/* ---- slice, pad, expand, tile, space ------------------------------------- */

static void test_slice_pad_tile_space(void) {
  lk_plan_t p;
  lk_shape_t out[1];
  lk_slice_params_t kp;
  /* x[1:-1, ::-2] */
  lk_shape_t s[5] = {SHAPE(LK_F32, 5, 6), CONST_I64(1, -1), CONST_I64(-1, -100),
                     CONST_I64(0, 1), CONST_I64(1, -2)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_slice(&p, s, 5, out, &kp)));
  CHECK(DIMS_ARE(&out[0], 3, 3));
  CHECK(kp.starts[0] == 1 && kp.starts[1] == 5 && kp.steps[1] == -2);
  const attr_t attrs[] = {INTS("starts", 2), INTS("ends", 4), INTS("axes", 1),
                          END};
  lk_shape_t sa[1] = {SHAPE(LK_F32, -1, 6)};
  p = plan_over(attrs);
  CHECK(LT_SUCCEEDED(lk_plan_slice(&p, sa, 1, out, &kp)));
  CHECK(DIMS_ARE(&out[0], -1, 2) && kp.starts[1] == 2);
  lk_shape_t su[3] = {SHAPE(LK_F32, 5, 6), SHAPE(LK_I64, 1), SHAPE(LK_I64, 1)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_slice(&p, su, 3, out, &kp)));
  CHECK(DIMS_ARE(&out[0], -1, 6)); /* one index each: axis 0 only */
  lk_shape_t s0[5] = {SHAPE(LK_F32, 5), CONST_I64(0), CONST_I64(1),
                      CONST_I64(0), CONST_I64(0)};
  CHECK(failed_with(lk_plan_slice(&p, s0, 5, out, &kp), &p, "steps[0] is 0",
                    __LINE__));
  lk_shape_t sl[3] = {SHAPE(LK_F32, 5), CONST_I64(0), CONST_I64(1, 2)};
  CHECK(failed_with(lk_plan_slice(&p, sl, 3, out, &kp), &p,
                    "operand #2 (ends) has 2 elements; the other index "
                    "operands have 1",
                    __LINE__));

  lk_pad_params_t pp;
  lk_shape_t pin[2] = {SHAPE(LK_I32, 2, -1), CONST_I64(1, 0, 2, 3)};
  const attr_t cv[] = {FLT("constant_value", 7), STR("mode", "edge"), END};
  p = plan_over(cv);
  CHECK(LT_SUCCEEDED(lk_plan_pad(&p, pin, 2, out, &pp)));
  CHECK(DIMS_ARE(&out[0], 5, -1) && pp.mode == LK_PAD_EDGE);
  CHECK(pp.begin[0] == 1 && pp.begin[1] == 0 && pp.value == NULL);
  CHECK(pp.constant_given && pp.constant == 7);
  /* operand #2's known contents; its tensor is the caller's to bind */
  int32_t seven = -7;
  lk_tensor_t sv = {.dtype = LK_I32, .rank = 0, .data = &seven};
  lk_shape_t pop[3] = {pin[0], pin[1], shape_value(&sv)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_pad(&p, pop, 3, out, &pp)));
  CHECK(pp.mode == LK_PAD_CONSTANT && pp.value == NULL);
  CHECK(pp.constant_given && pp.constant == -7);
  pop[2].value = NULL;
  CHECK(LT_SUCCEEDED(lk_plan_pad(&p, pop, 3, out, &pp)));
  CHECK(!pp.constant_given);
  const attr_t frac[] = {FLT("constant_value", 0.5), END};
  p = plan_over(frac);
  CHECK(failed_with(lk_plan_pad(&p, pin, 2, out, &pp), &p,
                    "attribute 'constant_value' is 0.5, which element type "
                    "i32 does not hold exactly",
                    __LINE__));
  lk_shape_t pshort[2] = {SHAPE(LK_I32, 2, 3), CONST_I64(1, 0)};
  p = plan_over(k_none);
  CHECK(failed_with(lk_plan_pad(&p, pshort, 2, out, &pp), &p,
                    "pads has 2 values; expected 4 (2 per padded axis)",
                    __LINE__));
  lk_shape_t pneg[2] = {SHAPE(LK_I32, 2, 3), CONST_I64(0, -2, 0, -2)};
  CHECK(failed_with(lk_plan_pad(&p, pneg, 2, out, &pp), &p,
                    "pads -2 and -2 remove more than the 3 elements of dim 1",
                    __LINE__));
  const attr_t mode[] = {STR("mode", "mirror"), END};
  p = plan_over(mode);
  CHECK(failed_with(lk_plan_pad(&p, pin, 2, out, &pp), &p,
                    "attribute 'mode' must be one of constant, reflect, edge, "
                    "wrap; got 'mirror'",
                    __LINE__));

  /* expand: numpy's broadcast against the shape operand */
  lk_shape_t e[2] = {SHAPE(LK_F32, 3, 1), CONST_I64(2, 1, 4)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_expand(&p, e, 2, out)));
  CHECK(out[0].dtype == LK_F32 && DIMS_ARE(&out[0], 2, 3, 4));
  lk_shape_t ed[2] = {SHAPE(LK_I32, -1, 1), CONST_I64(5)};
  CHECK(LT_SUCCEEDED(lk_plan_expand(&p, ed, 2, out)));
  CHECK(out[0].dtype == LK_I32 && DIMS_ARE(&out[0], -1, 5));
  lk_shape_t eu[2] = {SHAPE(LK_F32, 3, 1), SHAPE(LK_I64, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_expand(&p, eu, 2, out)));
  CHECK(DIMS_ARE(&out[0], -1, 3, -1));
  lk_shape_t er[2] = {unranked(LK_F32), unranked(LK_I64)};
  CHECK(LT_SUCCEEDED(lk_plan_expand(&p, er, 2, out)));
  CHECK(out[0].rank == -1);
  lk_shape_t eneg[2] = {SHAPE(LK_F32, 3, 1), CONST_I64(-1, 2)};
  CHECK(failed_with(lk_plan_expand(&p, eneg, 2, out), &p,
                    "shape[0] is -1; dims must be >= 0", __LINE__));
  lk_shape_t ebad[2] = {SHAPE(LK_F32, 3, 2), CONST_I64(4, 4)};
  CHECK(failed_with(lk_plan_expand(&p, ebad, 2, out), &p,
                    "operands do not broadcast: #0 [3x2], #1 [4x4] "
                    "(dimension 0: 3 vs 4)",
                    __LINE__));
  lk_shape_t efl[2] = {SHAPE(LK_F32, 3), SHAPE(LK_F32, 1)};
  CHECK(failed_with(lk_plan_expand(&p, efl, 2, out), &p,
                    "operand #1 (shape) must have an integer element type, "
                    "got f32",
                    __LINE__));
  lk_shape_t ebig[2] = {SHAPE(LK_F32, 1), CONST_I64(1 << 30, 1 << 30)};
  CHECK(failed_with(lk_plan_expand(&p, ebig, 2, out), &p,
                    "result shape [1073741824x1073741824] has too many "
                    "elements",
                    __LINE__));
  lk_shape_t e1[1] = {SHAPE(LK_F32, 3)};
  CHECK(failed_with(lk_plan_expand(&p, e1, 1, out), &p,
                    "operand #1 is required, got none", __LINE__));

  lk_shape_t t[2] = {SHAPE(LK_F32, 2, -1), CONST_I64(3, 2)};
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_tile(&p, t, 2, out)));
  CHECK(DIMS_ARE(&out[0], 6, -1));
  lk_shape_t tu[2] = {unranked(LK_F32), SHAPE(LK_I64, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_tile(&p, tu, 2, out)));
  CHECK(DIMS_ARE(&out[0], -1, -1, -1));
  CHECK(failed_with(lk_plan_tile(&p, t, 1, out), &p,
                    "operand #1 is required, got none", __LINE__));
  lk_shape_t tb[2] = {SHAPE(LK_F32, 2), CONST_I64(-1)};
  CHECK(failed_with(lk_plan_tile(&p, tb, 2, out), &p,
                    "repeats[0] is -1; repeats must be >= 0", __LINE__));
  /* A dim times its repeats past the size limit (and past int64). */
  lk_shape_t tbig[2] = {SHAPE(LK_F32, (int64_t)1 << 40),
                        CONST_I64((int64_t)1 << 40)};
  CHECK(failed_with(lk_plan_tile(&p, tbig, 2, out), &p,
                    "repeats[0] is too large (1099511627776)", __LINE__));

  lk_space_params_t sp;
  lk_shape_t x[1] = {SHAPE(LK_F32, 1, 8, 3, -1)};
  const attr_t crd[] = {INT("blocksize", 2), STR("mode", "CRD"), END};
  p = plan_over(crd);
  CHECK(LT_SUCCEEDED(
      lk_plan_space(&p, LK_SPACE_DEPTH_TO_SPACE_DCR, x, 1, out, &sp)));
  CHECK(DIMS_ARE(&out[0], 1, 2, 6, -1) && sp.op == LK_SPACE_DEPTH_TO_SPACE_CRD);
  CHECK(failed_with(lk_plan_space(&p, LK_SPACE_SPACE_TO_DEPTH, x, 1, out, &sp),
                    &p, "blocksize 2 does not divide dim 2 (3)", __LINE__));
  lk_shape_t r3[1] = {SHAPE(LK_F32, 1, 8, 3)};
  CHECK(failed_with(lk_plan_space(&p, LK_SPACE_SPACE_TO_DEPTH, r3, 1, out, &sp),
                    &p, "operand #0 (input) must have rank 4, got 3",
                    __LINE__));
  /* Dims times the block past the size limit (and past int64). */
  lk_shape_t huge[1] = {SHAPE(LK_F32, 1, 4, (int64_t)1 << 62, 1)};
  CHECK(failed_with(
      lk_plan_space(&p, LK_SPACE_DEPTH_TO_SPACE_DCR, huge, 1, out, &sp), &p,
      "blocksize 2 times dim 4611686018427387904 is too large", __LINE__));
  lk_shape_t deep[1] = {SHAPE(LK_F32, 1, (int64_t)1 << 62, 2, 2)};
  CHECK(failed_with(
      lk_plan_space(&p, LK_SPACE_SPACE_TO_DEPTH, deep, 1, out, &sp), &p,
      "blocksize squared 4 times dim 4611686018427387904 is too large",
      __LINE__));
}

/* ---- trilu -------------------------------------------------------------- */

static void test_trilu(void) {
  lk_plan_t p;
  lk_shape_t out[1];
  lk_trilu_params_t kp;
  int64_t k = -1;
  lk_tensor_t kt = {.dtype = LK_I64, .rank = 0, .data = &k};
  lk_shape_t in[2] = {SHAPE(LK_F32, 3, -1), shape_of(LK_I64, 0, NULL)};
  const attr_t lower[] = {INT("upper", 0), END};
  p = plan_over(lower);
  CHECK(LT_SUCCEEDED(lk_plan_trilu(&p, in, 2, out, &kp)));
  CHECK(DIMS_ARE(&out[0], 3, -1) && !kp.upper && kp.k == 0);
  in[1].value = &kt;
  p = plan_over(k_none);
  CHECK(LT_SUCCEEDED(lk_plan_trilu(&p, in, 2, out, &kp)));
  CHECK(kp.upper && kp.k == -1);
  lk_shape_t r1[1] = {SHAPE(LK_F32, 3)};
  CHECK(failed_with(lk_plan_trilu(&p, r1, 1, out, &kp), &p,
                    "operand #0 (input) must have rank >= 2, got 1", __LINE__));
  lk_shape_t fk[2] = {SHAPE(LK_F32, 3, 3), shape_of(LK_F32, 0, NULL)};
  CHECK(failed_with(lk_plan_trilu(&p, fk, 2, out, &kp), &p,
                    "operand #1 (k) must have an integer element type, got "
                    "f32",
                    __LINE__));
}

int main(void) {
  test_lists();
  test_reshape();
  test_flatten();
  test_squeeze();
  test_unsqueeze();
  test_identity_and_shape();
  test_transpose_concat_split();
  test_slice_pad_tile_space();
  test_trilu();
  if (g_failures) {
    fprintf(stderr, "plan_data_test: %d failures\n", g_failures);
    return 1;
  }
  printf("plan_data_test: ok\n");
  return 0;
}

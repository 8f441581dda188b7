/* plan_reduce_test.c - the plan steps of the reductions (kernels/plan/
 * reduce.h) with no IR: attributes from a static table behind lk_attrs_t.
 * Axes as an attribute, as a known or unknown operand, empty (all axes or,
 * with noop_with_empty_axes, none), keepdims, dynamic dims and unknown
 * ranks; argmax / argmin's axis; cumsum's axis operand; the parameter
 * blocks, the rows of kernels/plan_steps.def and every error message. */
#include "kernels/plan/reduce.h"

#include "kernels/abi.h"

#include "test/unit/plan_table.h"

static const attr_t no_attrs[] = {END};

/* A 1-D i64 operand whose contents are known; vals must outlive it. */
static lk_tensor_t g_values[16];
static int g_num_values;

static lk_shape_t const_i64(int32_t rank, int32_t n, int64_t *vals) {
  lk_tensor_t *t = &g_values[g_num_values++ % 16];
  memset(t, 0, sizeof *t);
  t->dtype = LK_I64;
  t->rank = rank;
  t->dims[0] = n;
  t->data = vals;
  lk_shape_t s;
  lk_shapes_of(t, 1, &s);
  return s;
}
#define AXES(...)                                                              \
  const_i64(1, (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),  \
            (int64_t[]){__VA_ARGS__})
#define SCALAR(v) const_i64(0, 1, (int64_t[]){v})

/* ---- reduce ------------------------------------------------------------ */

static void test_reduce_axes(void) {
  lk_shape_t out;
  lk_reduce_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 2, 3, 4);

  const attr_t ax1[] = {INTS("axes", 1), END};
  lk_plan_t p = plan_over(ax1);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 2, 1, 4) && out.dtype == LK_F32 && !out.value);
  CHECK(kp.op == LK_REDUCE_SUM && !kp.noop);
  CHECK(!kp.axes[0] && kp.axes[1] && !kp.axes[2]);
  CHECK(p.workspace_size == 0);

  const attr_t ax1_flat[] = {INTS("axes", 1), INT("keepdims", 0), END};
  p = plan_over(ax1_flat);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_MAX, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 2, 4) && kp.op == LK_REDUCE_MAX);

  /* A known axes operand, negative entries counting from the back. */
  lk_shape_t with_axes[] = {SHAPE(LK_I32, 2, -1, 4), AXES(-1, 0)};
  p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_PROD, with_axes, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, -1, 1) && out.dtype == LK_I32);
  CHECK(kp.axes[0] && !kp.axes[1] && kp.axes[2]);

  /* No axes at all: every axis goes. */
  p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_MEAN, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, 1, 1) && kp.axes[0] && kp.axes[1] && kp.axes[2]);
  static const attr_t flat[] = {INT("keepdims", 0), END};
  p = plan_over(flat);
  lk_shape_t none_axes[] = {x, absent()};
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_L1, none_axes, 2, &out, &kp), &p);
  CHECK(out.rank == 0 && !kp.noop);

  /* An axes operand known to be empty (length 0, contents unknown). */
  lk_shape_t empty[] = {x, SHAPE(LK_I64, 0)};
  p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, empty, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, 1, 1) && kp.axes[2]);

  /* noop_with_empty_axes: the identity, whatever the op. */
  static const attr_t noop[] = {INT("noop_with_empty_axes", 1),
                                INT("keepdims", 0), END};
  p = plan_over(noop);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_L2, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 2, 3, 4) && kp.noop && kp.op == LK_REDUCE_L2);
  CHECK(!kp.axes[0] && !kp.axes[1] && !kp.axes[2]);
  /* ... but not when axes are given. */
  const attr_t noop_ax[] = {INT("noop_with_empty_axes", 1), INTS("axes", 0),
                            END};
  p = plan_over(noop_ax);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_L2, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, 3, 4) && !kp.noop && kp.axes[0]);
}

static void test_reduce_unknown(void) {
  lk_shape_t out;
  lk_reduce_params_t kp;
  lk_plan_t p = plan_over(no_attrs);

  /* Axes of known length, contents unknown: keepdims keeps the rank, the
   * dims that are 1 stay 1. */
  lk_shape_t two[] = {SHAPE(LK_F32, 2, 1, 4), SHAPE(LK_I64, 2)};
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, two, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, -1, 1, -1));
  CHECK(!kp.axes[0] && !kp.axes[1] && !kp.axes[2]);
  static const attr_t flat[] = {INT("keepdims", 0), END};
  p = plan_over(flat);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, two, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, -1));

  /* Length unknown too: without keepdims, the rank is. */
  lk_shape_t dyn[] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_I64, -1)};
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, dyn, 2, &out, &kp), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F32);
  /* More axes than the rank cannot be right, but only run time knows. */
  lk_shape_t many[] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_I64, 3)};
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_SUM, many, 2, &out, &kp), &p);
  CHECK(out.rank == -1);

  /* data of unknown rank: the result's is unknown, never a failure. */
  lk_shape_t unk[] = {unranked(LK_F16), AXES(5)};
  p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_MIN, unk, 2, &out, &kp), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F16);
  SUCCEEDS(lk_plan_reduce(&p, LK_REDUCE_MIN, unk, 1, &out, &kp), &p);
  CHECK(out.rank == -1);
}

static void reduce_error(const attr_t *table, lk_reduce_op_t op,
                         const lk_shape_t *in, uint32_t n, const char *want,
                         int line) {
  lk_plan_t p = plan_over(table);
  lk_shape_t out;
  lk_reduce_params_t kp;
  CHECK(failed_with(lk_plan_reduce(&p, op, in, n, &out, &kp), &p, want, line));
}
#define REDUCE_ERROR(table, in, want)                                          \
  reduce_error(table, LK_REDUCE_SUM, in, LT_ARRAY_SIZE(in), want, __LINE__)

static void test_reduce_errors(void) {
  lk_shape_t x[] = {SHAPE(LK_F32, 3, 2)};
  reduce_error(no_attrs, LK_NUM_REDUCE_OPS, x, 1, "is not a reduction",
               __LINE__);
  lk_shape_t none[] = {absent()};
  REDUCE_ERROR(no_attrs, none, "operand #0 (data) is required, got none");
  lk_shape_t b[] = {SHAPE(LK_BOOL, 3)};
  REDUCE_ERROR(no_attrs, b,
               "operand #0 (data) must have an integer or float element "
               "type, got i1");
  lk_shape_t fax[] = {SHAPE(LK_F32, 3, 2), SHAPE(LK_F32, 2)};
  REDUCE_ERROR(no_attrs, fax,
               "operand #1 (axes) must have an integer element type, got f32");
  lk_shape_t ax2[] = {SHAPE(LK_F32, 3, 2), SHAPE(LK_I64, 1, 1)};
  REDUCE_ERROR(no_attrs, ax2, "operand #1 (axes) must have rank 1, got 2");
  lk_shape_t nine[] = {SHAPE(LK_F32, 3, 2), AXES(0, 1, 0, 1, 0, 1, 0, 1, 0)};
  REDUCE_ERROR(no_attrs, nine,
               "operand #1 (axes) has 9 elements, more than the rank of data");
  /* So many of unknown contents: the count sized the result's rank
   * (truncated to 32 bits, a rank past the dims array). */
  const attr_t flat[] = {INT("keepdims", 0), END};
  lk_shape_t wide[] = {SHAPE(LK_F32, 3, 2),
                       SHAPE(LK_I64, ((int64_t)1 << 32) + 1)};
  REDUCE_ERROR(flat, wide,
               "operand #1 (axes) has 4294967297 elements, more than the "
               "rank of data");
  lk_shape_t out_of[] = {SHAPE(LK_F32, 3, 2), AXES(2)};
  REDUCE_ERROR(no_attrs, out_of,
               "operand #1 (axes) entry 2 is out of range for rank 2");
  lk_shape_t twice[] = {SHAPE(LK_F32, 3, 2), AXES(1, -1)};
  REDUCE_ERROR(no_attrs, twice, "operand #1 (axes) names axis 1 twice");
  const attr_t ax2_attr[] = {INTS("axes", 2), END};
  REDUCE_ERROR(ax2_attr, x,
               "attribute 'axes' entry 2 is out of range for rank 2");
  const attr_t twice_attr[] = {INTS("axes", 1, -1), END};
  REDUCE_ERROR(twice_attr, x, "attribute 'axes' names axis 1 twice");
  const attr_t ax1[] = {INTS("axes", 1), END};
  lk_shape_t both[] = {SHAPE(LK_F32, 3, 2), AXES(1)};
  REDUCE_ERROR(ax1, both,
               "takes operand #1 (axes) or attribute 'axes', not both");
}

/* ---- argmax / argmin --------------------------------------------------- */

static void test_arg(void) {
  lk_shape_t out;
  lk_arg_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 3, -1, 2);
  lk_plan_t p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_arg(&p, false, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, -1, 2) && out.dtype == LK_I64 && !out.value);
  CHECK(!kp.is_min && kp.axis == 0 && !kp.select_last_index);

  static const attr_t last[] = {INT("axis", -1), INT("keepdims", 0),
                                INT("select_last_index", 1), END};
  p = plan_over(last);
  SUCCEEDS(lk_plan_arg(&p, true, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 3, -1) && kp.is_min && kp.axis == 2);
  CHECK(kp.select_last_index);

  /* A dynamic dim along the axis may be empty only at run time. */
  static const attr_t ax1[] = {INT("axis", 1), END};
  p = plan_over(ax1);
  SUCCEEDS(lk_plan_arg(&p, false, &x, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 3, 1, 2) && kp.axis == 1);

  lk_shape_t u = unranked(LK_I8);
  SUCCEEDS(lk_plan_arg(&p, false, &u, 1, &out, &kp), &p);
  CHECK(out.rank == -1 && out.dtype == LK_I64 && kp.axis == -1);

  static const attr_t ax2[] = {INT("axis", 2), END};
  lk_shape_t x2 = SHAPE(LK_F32, 3, 2);
  p = plan_over(ax2);
  FAILS_WITH(lk_plan_arg(&p, false, &x2, 1, &out, &kp), &p,
             "attribute 'axis' 2 is out of range for rank 2");
  lk_shape_t e = SHAPE(LK_F32, 0, 2);
  p = plan_over(no_attrs);
  FAILS_WITH(lk_plan_arg(&p, true, &e, 1, &out, &kp), &p,
             "operand #0 (data) is empty along axis 0");
  lk_shape_t b = SHAPE(LK_BOOL, 2);
  FAILS_WITH(lk_plan_arg(&p, false, &b, 1, &out, &kp), &p,
             "operand #0 (data) must have an integer or float element type, "
             "got i1");
  lk_shape_t none = absent();
  FAILS_WITH(lk_plan_arg(&p, false, &none, 1, &out, &kp), &p,
             "operand #0 (data) is required, got none");
}

/* ---- cumsum ------------------------------------------------------------ */

static void test_cumsum(void) {
  lk_shape_t out;
  lk_cumsum_params_t kp;
  lk_shape_t in[] = {SHAPE(LK_I32, 2, -1, 3), SCALAR(-2)};
  lk_plan_t p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_cumsum(&p, in, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 2, -1, 3) && out.dtype == LK_I32 && !out.value);
  CHECK(kp.axis == 1 && !kp.exclusive && !kp.reverse);

  static const attr_t both[] = {INT("exclusive", 1), INT("reverse", 1), END};
  p = plan_over(both);
  lk_shape_t one[] = {SHAPE(LK_F32, 4), AXES(0)};
  SUCCEEDS(lk_plan_cumsum(&p, one, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 4) && kp.axis == 0 && kp.exclusive && kp.reverse);

  /* The axis value or data's rank unknown: the shape still is. */
  lk_shape_t unk[] = {SHAPE(LK_F32, 4, 5), SHAPE(LK_I64, 1)};
  SUCCEEDS(lk_plan_cumsum(&p, unk, 2, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 4, 5) && kp.axis == -1);
  lk_shape_t unr[] = {unranked(LK_F32), SCALAR(7)};
  SUCCEEDS(lk_plan_cumsum(&p, unr, 2, &out, &kp), &p);
  CHECK(out.rank == -1 && kp.axis == -1);

  lk_shape_t three[] = {SHAPE(LK_F32, 2), AXES(0, 0, 0)};
  p = plan_over(no_attrs);
  FAILS_WITH(lk_plan_cumsum(&p, three, 2, &out, &kp), &p,
             "operand #1 (axis) must hold one element (rank 0, or rank 1 of "
             "length 1), got shape [3]");
  lk_shape_t fax[] = {SHAPE(LK_F32, 2), shape_of(LK_F32, 0, NULL)};
  FAILS_WITH(lk_plan_cumsum(&p, fax, 2, &out, &kp), &p,
             "operand #1 (axis) must have an integer element type, got f32");
  lk_shape_t far[] = {SHAPE(LK_F32, 2), SCALAR(1)};
  FAILS_WITH(lk_plan_cumsum(&p, far, 2, &out, &kp), &p,
             "operand #1 (axis) value 1 is out of range for rank 1");
  lk_shape_t missing[] = {SHAPE(LK_F32, 2), absent()};
  FAILS_WITH(lk_plan_cumsum(&p, missing, 2, &out, &kp), &p,
             "operand #1 (axis) is required, got none");
  lk_shape_t b[] = {SHAPE(LK_BOOL, 2), SCALAR(0)};
  FAILS_WITH(lk_plan_cumsum(&p, b, 2, &out, &kp), &p,
             "operand #0 (x) must have an integer or float element type, got "
             "i1");
}

/* ---- the rows of kernels/plan_steps.def -------------------------------- */

static void test_rows(void) {
  static const struct {
    const char *op;
    size_t size;
  } rows[] = {
#define X(e, name) {"reduce_" #name, sizeof(lk_reduce_params_t)},
      LK_REDUCE_OPS(X)
#undef X
      {"argmax", sizeof(lk_arg_params_t)},
      {"argmin", sizeof(lk_arg_params_t)},
      {"cumsum", sizeof(lk_cumsum_params_t)},
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(rows); i++) {
    const lk_plan_step_t *s = lk_plan_step_find(rows[i].op);
    CHECK(s && s->params_size == rows[i].size && s->num_outputs == 1);
  }
  /* Each reduce row passes its own op. */
  lk_shape_t x = SHAPE(LK_F32, 2, 3), out;
  lk_reduce_params_t kp;
  lk_plan_t p = plan_over(no_attrs);
  SUCCEEDS(lk_plan_step_run(lk_plan_step_find("reduce_log_sum_exp"), &p, &x, 1,
                            &out, 1, &kp),
           &p);
  CHECK(kp.op == LK_REDUCE_LOG_SUM_EXP && DIMS_ARE(&out, 1, 1));
  SUCCEEDS(lk_plan_step_run(lk_plan_step_find("reduce_sum_square"), &p, &x, 1,
                            &out, 1, &kp),
           &p);
  CHECK(kp.op == LK_REDUCE_SUM_SQUARE);
  lk_arg_params_t ap;
  SUCCEEDS(
      lk_plan_step_run(lk_plan_step_find("argmin"), &p, &x, 1, &out, 1, &ap),
      &p);
  CHECK(ap.is_min && out.dtype == LK_I64);
  SUCCEEDS(
      lk_plan_step_run(lk_plan_step_find("argmax"), &p, &x, 1, &out, 1, &ap),
      &p);
  CHECK(!ap.is_min);
}

int main(void) {
  test_reduce_axes();
  test_reduce_unknown();
  test_reduce_errors();
  test_arg();
  test_cumsum();
  test_rows();
  if (g_failures) {
    fprintf(stderr, "plan_reduce_test: %d failures\n", g_failures);
    return 1;
  }
  printf("plan_reduce_test: ok\n");
  return 0;
}

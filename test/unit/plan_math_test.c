/* plan_math_test.c - the plan steps of the math families (kernels/plan/
 * math.h) with no IR: attributes from a static table behind lk_attrs_t.
 * Numpy broadcasting (dynamic dims, unknown ranks), the dtype rules of
 * binary, compare, where, variadic and unary, the axis of the softmax
 * family, the kernels' parameters and every error message. */
#include "kernels/plan/math.h"

#include "test/unit/plan_table.h"

static const attr_t no_attrs[] = {END};

/* ---- broadcasting ------------------------------------------------------------ */

static void test_broadcast(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_shape_t ab[] = {SHAPE(LK_F32, 2, 1, 3), SHAPE(LK_F32, 4, 1)};
  CHECK(LT_SUCCEEDED(lk_plan_broadcast(&p, ab, 2, &out)));
  CHECK(DIMS_ARE(&out, 2, 4, 3) && out.dtype == LK_F32 && !out.value);

  /* A dynamic dim stays dynamic next to 1, and is fixed by a known one. */
  lk_shape_t dyn[] = {SHAPE(LK_F32, -1, 3, -1), SHAPE(LK_F32, 1, 5)};
  CHECK(LT_SUCCEEDED(lk_plan_broadcast(&p, dyn, 2, &out)));
  CHECK(DIMS_ARE(&out, -1, 3, 5));

  lk_shape_t unk[] = {SHAPE(LK_F32, 2, 3), unranked(LK_F32)};
  CHECK(LT_SUCCEEDED(lk_plan_broadcast(&p, unk, 2, &out)));
  CHECK(out.rank == -1);

  lk_shape_t scalar[] = {SHAPE(LK_I32, 7), shape_of(LK_I32, 0, NULL)};
  CHECK(LT_SUCCEEDED(lk_plan_broadcast(&p, scalar, 2, &out)));
  CHECK(DIMS_ARE(&out, 7));

  lk_shape_t bad[] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 4)};
  FAILS_WITH(lk_plan_broadcast(&p, bad, 2, &out), &p,
             "operands do not broadcast: #0 [2x3], #1 [4] (dimension 1: 3 "
             "vs 4)");
  lk_shape_t three[] = {SHAPE(LK_F32, 3), SHAPE(LK_F32, 1), SHAPE(LK_F32, 2)};
  FAILS_WITH(lk_plan_broadcast(&p, three, 3, &out), &p,
             "operands do not broadcast: #0 [3], #1 [1], #2 [2] (dimension "
             "0: 3 vs 2)");
}

/* ---- binary ------------------------------------------------------------------- */

static void test_binary(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_binary_params_t kp;
  lk_shape_t ab[] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_ADD, ab, 2, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, 3) && out.dtype == LK_F32);
  CHECK(kp.op == LK_BINARY_ADD && !kp.fmod && kp.act == LK_ACT_NONE);
  CHECK(p.workspace_size == 0);

  static const attr_t relu[] = {STR("activation", "relu"), END};
  p = plan_over(relu);
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_MUL, ab, 2, &out, &kp)));
  CHECK(kp.op == LK_BINARY_MUL && kp.act == LK_ACT_RELU);

  static const attr_t fmod[] = {INT("fmod", 1), END};
  p = plan_over(fmod);
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_MOD, ab, 2, &out, &kp)));
  CHECK(kp.fmod);

  static const attr_t right[] = {STR("direction", "RIGHT"), END};
  lk_shape_t u8[] = {SHAPE(LK_U8, 4), SHAPE(LK_U8, 1)};
  p = plan_over(right);
  CHECK(LT_SUCCEEDED(
      lk_plan_binary(&p, LK_BINARY_BIT_SHIFT, u8, 2, &out, &kp)));
  CHECK(kp.shift_right && DIMS_ARE(&out, 4) && out.dtype == LK_U8);

  /* pow's exponent may have another numeric dtype; the result is X's. */
  lk_shape_t pw[] = {SHAPE(LK_F32, 2, -1), SHAPE(LK_I64, 1)};
  p = plan_over(no_attrs);
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_POW, pw, 2, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, -1) && out.dtype == LK_F32);

  /* prelu's result has X's shape, the slope broadcasting to it. */
  lk_shape_t pr[] = {SHAPE(LK_F32, 1, 8, -1, 4), SHAPE(LK_F32, 8, 1, 1)};
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_PRELU, pr, 2, &out, &kp)));
  CHECK(DIMS_ARE(&out, 1, 8, -1, 4));

  lk_shape_t unk[] = {unranked(LK_F32), SHAPE(LK_F32, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_binary(&p, LK_BINARY_SUB, unk, 2, &out, &kp)));
  CHECK(out.rank == -1 && out.dtype == LK_F32);
}

static void binary_error(const attr_t *table, lk_binary_op_t op,
                         const lk_shape_t *in, uint32_t n, const char *want,
                         int line) {
  lk_plan_t p = plan_over(table);
  lk_shape_t out;
  lk_binary_params_t kp;
  CHECK(failed_with(lk_plan_binary(&p, op, in, n, &out, &kp), &p, want, line));
}
#define BINARY_ERROR(table, op, in, want)                                      \
  binary_error(table, op, in, LT_ARRAY_SIZE(in), want, __LINE__)

static void test_binary_errors(void) {
  lk_shape_t f_i[] = {SHAPE(LK_F32, 2), SHAPE(LK_I32, 2)};
  BINARY_ERROR(no_attrs, LK_BINARY_ADD, f_i,
               "operand #1 (B) must have the element type of operand #0 (A), "
               "f32; got i32");
  lk_shape_t bools[] = {SHAPE(LK_BOOL, 2), SHAPE(LK_BOOL, 2)};
  BINARY_ERROR(no_attrs, LK_BINARY_MUL, bools,
               "operand #0 (A) must have an integer or float element type, "
               "got i1");
  lk_shape_t one[] = {SHAPE(LK_F32, 2), absent()};
  BINARY_ERROR(no_attrs, LK_BINARY_POW, one,
               "operand #1 (Y) is required, got none");
  lk_shape_t ff[] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 2)};
  BINARY_ERROR(no_attrs, LK_BINARY_MOD, ff,
               "attribute 'fmod' must be 1 for float operands (f32)");
  static const attr_t left[] = {STR("direction", "LEFT"), END};
  lk_shape_t ii[] = {SHAPE(LK_I32, 2), SHAPE(LK_I32, 2)};
  BINARY_ERROR(left, LK_BINARY_BIT_SHIFT, ii,
               "operand #0 (X) must have an unsigned integer element type, "
               "got i32");
  static const attr_t up[] = {STR("direction", "UP"), END};
  BINARY_ERROR(up, LK_BINARY_BIT_SHIFT, ii,
               "attribute 'direction' must be one of LEFT, RIGHT; got 'UP'");
  lk_shape_t pr[] = {SHAPE(LK_F32, 3), SHAPE(LK_F32, 2, 3)};
  BINARY_ERROR(no_attrs, LK_BINARY_PRELU, pr,
               "operand #1 (slope) of shape [2x3] must broadcast to the shape "
               "of operand #0 (X), [3]");
  lk_shape_t bad[] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 3)};
  BINARY_ERROR(no_attrs, LK_BINARY_DIV, bad,
               "operands do not broadcast: #0 [2], #1 [3] (dimension 0: 2 vs "
               "3)");
  BINARY_ERROR(no_attrs, LK_NUM_BINARY_OPS, ff,
               "is not a binary elementwise op");
}

/* ---- compare, where, variadic ---------------------------------------------------- */

static void test_compare(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_shape_t ab[] = {SHAPE(LK_I64, -1, 1), SHAPE(LK_I64, 5)};
  CHECK(LT_SUCCEEDED(lk_plan_compare(&p, LK_COMPARE_LESS, ab, 2, &out)));
  CHECK(DIMS_ARE(&out, -1, 5) && out.dtype == LK_BOOL);
  lk_shape_t bb[] = {SHAPE(LK_BOOL, 2), SHAPE(LK_BOOL, 1)};
  CHECK(LT_SUCCEEDED(lk_plan_compare(&p, LK_COMPARE_XOR, bb, 2, &out)));
  CHECK(DIMS_ARE(&out, 2) && out.dtype == LK_BOOL);
  /* equal alone takes bool operands among the comparisons. */
  CHECK(LT_SUCCEEDED(lk_plan_compare(&p, LK_COMPARE_EQUAL, bb, 2, &out)));
  FAILS_WITH(lk_plan_compare(&p, LK_COMPARE_GREATER, bb, 2, &out), &p,
             "operand #0 (A) must have an integer or float element type, got "
             "i1");
  FAILS_WITH(lk_plan_compare(&p, LK_COMPARE_AND, ab, 2, &out), &p,
             "operand #0 (A) must have element type i1, got i64");
  lk_shape_t mixed[] = {SHAPE(LK_F32, 2), SHAPE(LK_F16, 2)};
  FAILS_WITH(lk_plan_compare(&p, LK_COMPARE_EQUAL, mixed, 2, &out), &p,
             "operand #1 (B) must have the element type of operand #0 (A), "
             "f32; got f16");
  FAILS_WITH(lk_plan_compare(&p, LK_COMPARE_EQUAL, mixed, 1, &out), &p,
             "operand #1 (B) is required, got none");
}

static void test_where(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_shape_t in[] = {SHAPE(LK_BOOL, 2, 1), SHAPE(LK_I32, 3),
                     shape_of(LK_I32, 0, NULL)};
  CHECK(LT_SUCCEEDED(lk_plan_where(&p, in, 3, &out)));
  CHECK(DIMS_ARE(&out, 2, 3) && out.dtype == LK_I32);
  lk_shape_t cond[] = {SHAPE(LK_I32, 2), SHAPE(LK_I32, 2), SHAPE(LK_I32, 2)};
  FAILS_WITH(lk_plan_where(&p, cond, 3, &out), &p,
             "operand #0 (condition) must have element type i1, got i32");
  lk_shape_t xy[] = {SHAPE(LK_BOOL, 2), SHAPE(LK_I32, 2), SHAPE(LK_F32, 2)};
  FAILS_WITH(lk_plan_where(&p, xy, 3, &out), &p,
             "operand #2 (Y) must have the element type of operand #1 (X), "
             "i32; got f32");
  FAILS_WITH(lk_plan_where(&p, xy, 2, &out), &p,
             "operand #2 (Y) is required, got none");
}

static void test_variadic(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_shape_t in[] = {SHAPE(LK_F32, 3, 1), SHAPE(LK_F32, 4), SHAPE(LK_F32, 1)};
  CHECK(LT_SUCCEEDED(lk_plan_variadic(&p, LK_VARIADIC_MEAN, in, 3, &out)));
  CHECK(DIMS_ARE(&out, 3, 4) && out.dtype == LK_F32);
  CHECK(LT_SUCCEEDED(lk_plan_variadic(&p, LK_VARIADIC_SUM, in, 1, &out)));
  CHECK(DIMS_ARE(&out, 3, 1));
  lk_shape_t ints[] = {SHAPE(LK_I32, 2), SHAPE(LK_I32, 2)};
  CHECK(LT_SUCCEEDED(lk_plan_variadic(&p, LK_VARIADIC_MAX, ints, 2, &out)));
  FAILS_WITH(lk_plan_variadic(&p, LK_VARIADIC_SUM, ints, 2, &out), &p,
             "operand #0 (data_0) must have a float element type, got i32");
  lk_shape_t mixed[] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 2), SHAPE(LK_F64, 2)};
  FAILS_WITH(lk_plan_variadic(&p, LK_VARIADIC_MIN, mixed, 3, &out), &p,
             "operand #2 (data_2) must have the element type of operand #0 "
             "(data_0), f32; got f64");
  FAILS_WITH(lk_plan_variadic(&p, LK_VARIADIC_MIN, mixed, 0, &out), &p,
             "requires at least one operand");
  lk_shape_t gap[] = {SHAPE(LK_F32, 2), absent()};
  FAILS_WITH(lk_plan_variadic(&p, LK_VARIADIC_MAX, gap, 2, &out), &p,
             "operand #1 (data_1) is required, got none");
}

/* ---- unary ------------------------------------------------------------------------ */

static void test_unary(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_unary_params_t kp;
  lk_shape_t x = SHAPE(LK_F16, 2, -1);
  CHECK(LT_SUCCEEDED(lk_plan_unary(&p, LK_UNARY_LEAKY_RELU, &x, 1, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, -1) && out.dtype == LK_F16);
  CHECK(kp.op == LK_UNARY_LEAKY_RELU && kp.alpha == 0.01);

  static const attr_t attrs[] = {FLT("alpha", 0.5), STR("approximate", "tanh"),
                                 INT("detect_negative", 0), END};
  p = plan_over(attrs);
  CHECK(LT_SUCCEEDED(lk_plan_unary(&p, LK_UNARY_GELU, &x, 1, &out, &kp)));
  CHECK(kp.gelu_tanh && kp.alpha == 0.5);
  CHECK(LT_SUCCEEDED(lk_plan_unary(&p, LK_UNARY_IS_INF, &x, 1, &out, &kp)));
  CHECK(out.dtype == LK_BOOL && !kp.detect_negative && kp.detect_positive);

  p = plan_over(no_attrs);
  lk_shape_t u = unranked(LK_I32);
  CHECK(LT_SUCCEEDED(lk_plan_unary(&p, LK_UNARY_ABS, &u, 1, &out, &kp)));
  CHECK(out.rank == -1 && out.dtype == LK_I32);
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_EXP, &u, 1, &out, &kp), &p,
             "operand #0 (X) must have a float element type, got i32");
  lk_shape_t b = SHAPE(LK_BOOL, 3);
  CHECK(LT_SUCCEEDED(lk_plan_unary(&p, LK_UNARY_NOT, &b, 1, &out, &kp)));
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_NEG, &b, 1, &out, &kp), &p,
             "operand #0 (X) must have an integer or float element type, got "
             "i1");
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_NOT, &x, 1, &out, &kp), &p,
             "operand #0 (X) must have element type i1, got f16");
  lk_shape_t none = absent();
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_RELU, &none, 1, &out, &kp), &p,
             "operand #0 (X) is required, got none");
  static const attr_t celu0[] = {FLT("alpha", 0), END};
  p = plan_over(celu0);
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_CELU, &x, 1, &out, &kp), &p,
             "attribute 'alpha' must not be 0");
  static const attr_t erfish[] = {STR("approximate", "erf"), END};
  p = plan_over(erfish);
  FAILS_WITH(lk_plan_unary(&p, LK_UNARY_GELU, &x, 1, &out, &kp), &p,
             "attribute 'approximate' must be one of none, tanh; got 'erf'");
}

/* ---- softmax, lp_normalization ------------------------------------------------------ */

static void test_softmax(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_softmax_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 2, -1, 5);
  CHECK(LT_SUCCEEDED(lk_plan_softmax(&p, LK_LOG_SOFTMAX, &x, 1, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, -1, 5) && kp.op == LK_LOG_SOFTMAX && kp.axis == 2);
  static const attr_t ax1[] = {INT("axis", -2), END};
  p = plan_over(ax1);
  CHECK(LT_SUCCEEDED(lk_plan_softmax(&p, LK_HARDMAX, &x, 1, &out, &kp)));
  CHECK(kp.axis == 1);
  lk_shape_t u = unranked(LK_F32);
  CHECK(LT_SUCCEEDED(lk_plan_softmax(&p, LK_SOFTMAX, &u, 1, &out, &kp)));
  CHECK(out.rank == -1);
  static const attr_t ax3[] = {INT("axis", 3), END};
  p = plan_over(ax3);
  FAILS_WITH(lk_plan_softmax(&p, LK_SOFTMAX, &x, 1, &out, &kp), &p,
             "attribute 'axis' 3 is out of range for rank 3");
  lk_shape_t i = SHAPE(LK_I32, 4);
  FAILS_WITH(lk_plan_softmax(&p, LK_SOFTMAX, &i, 1, &out, &kp), &p,
             "operand #0 (input) must have a float element type, got i32");

  lk_lp_norm_params_t lp;
  p = plan_over(no_attrs);
  CHECK(LT_SUCCEEDED(lk_plan_lp_norm(&p, &x, 1, &out, &lp)));
  CHECK(lp.p == 2 && lp.axis == 2 && DIMS_ARE(&out, 2, -1, 5));
  static const attr_t p3[] = {INT("p", 3), END};
  p = plan_over(p3);
  FAILS_WITH(lk_plan_lp_norm(&p, &x, 1, &out, &lp), &p,
             "attribute 'p' must be 1 or 2, got 3");
}

int main(void) {
  test_broadcast();
  test_binary();
  test_binary_errors();
  test_compare();
  test_where();
  test_variadic();
  test_unary();
  test_softmax();
  if (g_failures) {
    fprintf(stderr, "plan_math_test: %d failures\n", g_failures);
    return 1;
  }
  printf("plan_math_test: ok\n");
  return 0;
}

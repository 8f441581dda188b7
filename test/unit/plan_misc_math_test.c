/* plan_misc_math_test.c - the plan steps of clip, scale, cast, calib,
 * quantize and dequantize (kernels/plan/misc_math.h) with no IR:
 * attributes from a static table behind lk_attrs_t. Result shapes and
 * dtypes (calib's left to the caller), the kernels' parameter blocks,
 * dynamic dims, unknown ranks and every error message. */
#include "kernels/plan/misc_math.h"

#include <math.h>

#include "test/unit/plan_table.h"

static const attr_t no_attrs[] = {END};

/* A shape whose contents are known: n f32 values. */
static lk_shape_t const_f32(lk_tensor_t *t, float *vals, int64_t n) {
  memset(t, 0, sizeof *t);
  t->dtype = LK_F32;
  t->rank = 1;
  t->dims[0] = n;
  t->data = vals;
  return shape_value(t);
}

/* ---- clip ---------------------------------------------------------------- */

static void test_clip(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_clip_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 2, -1, 3);
  CHECK(LT_SUCCEEDED(lk_plan_clip(&p, &x, 1, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, -1, 3) && out.dtype == LK_F32 && !out.value);
  CHECK(!kp.has_min && !kp.has_max && p.workspace_size == 0);

  static const attr_t both[] = {FLT("min", -1.0), FLT("max", 2.5), END};
  p = plan_over(both);
  CHECK(LT_SUCCEEDED(lk_plan_clip(&p, &x, 1, &out, &kp)));
  CHECK(kp.has_min && kp.min == -1.0 && kp.has_max && kp.max == 2.5);

  /* Operand bounds are the kernel's to read, not parameters; an unknown
   * rank or length passes. */
  lk_shape_t ops[] = {unranked(LK_I32), shape_of(LK_I32, 0, NULL),
                      SHAPE(LK_I32, -1)};
  p = plan_over(no_attrs);
  CHECK(LT_SUCCEEDED(lk_plan_clip(&p, ops, 3, &out, &kp)));
  CHECK(out.rank == -1 && out.dtype == LK_I32 && !kp.has_min && !kp.has_max);

  /* An absent min next to an attribute max; integer bounds stay exact. */
  static const attr_t hi[] = {INT("max", 7), END};
  lk_shape_t skip[] = {SHAPE(LK_I32, 4), absent()};
  p = plan_over(hi);
  CHECK(LT_SUCCEEDED(lk_plan_clip(&p, skip, 2, &out, &kp)));
  CHECK(!kp.has_min && kp.has_max && kp.max == 7 && DIMS_ARE(&out, 4));

  lk_tensor_t t;
  float two[2] = {0, 1};
  lk_shape_t known[] = {SHAPE(LK_F32, 3), absent(), const_f32(&t, two, 2)};
  known[2].dims[0] = -1; /* the contents decide, not the declared dims */
  p = plan_over(no_attrs);
  FAILS_WITH(lk_plan_clip(&p, known, 3, &out, &kp), &p,
             "operand #2 (max) must hold one element (rank 0, or rank 1 of "
             "length 1), got shape [?]");
  lk_shape_t wide[] = {SHAPE(LK_F32, 3), absent(), SHAPE(LK_F32, 2)};
  FAILS_WITH(lk_plan_clip(&p, wide, 3, &out, &kp), &p,
             "operand #2 (max) must hold one element (rank 0, or rank 1 of "
             "length 1), got shape [2]");
  lk_shape_t mixed[] = {SHAPE(LK_F32, 3), shape_of(LK_I32, 0, NULL)};
  FAILS_WITH(lk_plan_clip(&p, mixed, 2, &out, &kp), &p,
             "operand #1 (min) must have the element type of operand #0 "
             "(input), f32; got i32");
  lk_shape_t b = SHAPE(LK_BOOL, 3);
  FAILS_WITH(lk_plan_clip(&p, &b, 1, &out, &kp), &p,
             "operand #0 (input) must have an integer or float element "
             "type, got i1");
  FAILS_WITH(lk_plan_clip(&p, NULL, 0, &out, &kp), &p,
             "operand #0 (input) is required, got none");

  static const attr_t half[] = {FLT("min", 0.5), END};
  lk_shape_t i = SHAPE(LK_I32, 3);
  p = plan_over(half);
  FAILS_WITH(lk_plan_clip(&p, &i, 1, &out, &kp), &p,
             "attribute 'min' is 0.5, which element type i32 does not hold "
             "exactly");
  static const attr_t neg[] = {INT("min", -1), END};
  lk_shape_t u = SHAPE(LK_U8, 3);
  p = plan_over(neg);
  FAILS_WITH(lk_plan_clip(&p, &u, 1, &out, &kp), &p,
             "attribute 'min' is -1, which element type ui8 does not hold "
             "exactly");
  lk_shape_t dup[] = {SHAPE(LK_F32, 3), shape_of(LK_F32, 0, NULL)};
  FAILS_WITH(lk_plan_clip(&p, dup, 2, &out, &kp), &p,
             "takes operand #1 (min) or attribute 'min', not both");
}

/* ---- scale --------------------------------------------------------------- */

static void test_scale(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_scale_params_t kp;
  lk_shape_t x = SHAPE(LK_I8, -1, 4);
  CHECK(LT_SUCCEEDED(lk_plan_scale(&p, &x, 1, &out, &kp)));
  CHECK(DIMS_ARE(&out, -1, 4) && out.dtype == LK_I8);
  CHECK(kp.scale == 1 && kp.bias == 0 && kp.bias_after_scale &&
        kp.act == LK_ACT_NONE);

  static const attr_t all[] = {FLT("scale", 2.0), FLT("bias", 0.5),
                               INT("bias_after_scale", 0),
                               STR("activation", "relu"), END};
  p = plan_over(all);
  CHECK(LT_SUCCEEDED(lk_plan_scale(&p, &x, 1, &out, &kp)));
  CHECK(kp.scale == 2 && kp.bias == 0.5 && !kp.bias_after_scale &&
        kp.act == LK_ACT_RELU);

  static const attr_t bogus[] = {STR("activation", "bogus"), END};
  p = plan_over(bogus);
  CHECK(LT_FAILED(lk_plan_scale(&p, &x, 1, &out, &kp)) &&
        strncmp(p.error, "attribute 'activation' must be one of none, ",
                44) == 0 &&
        strstr(p.error, "; got \"bogus\""));
  lk_shape_t b = SHAPE(LK_BOOL, 2);
  p = plan_over(no_attrs);
  FAILS_WITH(lk_plan_scale(&p, &b, 1, &out, &kp), &p,
             "operand #0 (X) must have an integer or float element type, "
             "got i1");
  FAILS_WITH(lk_plan_scale(&p, NULL, 0, &out, &kp), &p,
             "operand #0 (X) is required, got none");
}

/* ---- cast, calib --------------------------------------------------------- */

static void test_cast(void) {
  static const attr_t to_f16[] = {INT("to", LK_F16), END};
  lk_plan_t p = plan_over(to_f16);
  lk_shape_t out;
  lk_cast_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 2, -1);
  CHECK(LT_SUCCEEDED(lk_plan_cast(&p, &x, 1, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, -1) && out.dtype == LK_F16 && kp.to == LK_F16);
  lk_shape_t u = unranked(LK_BOOL);
  CHECK(LT_SUCCEEDED(lk_plan_cast(&p, &u, 1, &out, &kp)));
  CHECK(out.rank == -1 && out.dtype == LK_F16);

  static const char *const want =
      "attribute 'to' must be a tensor element type (f32, f16, bf16, f64, "
      "i1, i8 ... i64, ui8 ... ui64)";
  /* Absent, or a type attribute that is no element type (the readers'
   * LK_DTYPE_NONE), or past the table. */
  static const attr_t none[] = {INT("to", LK_DTYPE_NONE), END};
  static const attr_t past[] = {INT("to", LK_NUM_DTYPES), END};
  const attr_t *bad[] = {no_attrs, none, past};
  for (int i = 0; i < 3; i++) {
    p = plan_over(bad[i]);
    FAILS_WITH(lk_plan_cast(&p, &x, 1, &out, &kp), &p, want);
  }
  p = plan_over(to_f16);
  FAILS_WITH(lk_plan_cast(&p, NULL, 0, &out, &kp), &p,
             "operand #0 (input) is required, got none");
}

static void test_calib(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_calib_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 3, -1);
  CHECK(LT_SUCCEEDED(lk_plan_calib(&p, &x, 1, &out, &kp)));
  /* The declared result type decides the dtype: the caller fills it. */
  CHECK(DIMS_ARE(&out, 3, -1) && out.dtype == LK_DTYPE_NONE && kp.scale == 1);
  static const attr_t half[] = {FLT("scale", 0.5), END};
  p = plan_over(half);
  CHECK(LT_SUCCEEDED(lk_plan_calib(&p, &x, 1, &out, &kp)) && kp.scale == 0.5);

  static const attr_t zero[] = {FLT("scale", 0.0), END};
  p = plan_over(zero);
  FAILS_WITH(lk_plan_calib(&p, &x, 1, &out, &kp), &p,
             "attribute 'scale' must be a nonzero finite number, got 0");
  static const attr_t inf[] = {FLT("scale", INFINITY), END};
  p = plan_over(inf);
  FAILS_WITH(lk_plan_calib(&p, &x, 1, &out, &kp), &p,
             "attribute 'scale' must be a nonzero finite number, got inf");
  p = plan_over(no_attrs);
  FAILS_WITH(lk_plan_calib(&p, NULL, 0, &out, &kp), &p,
             "operand #0 (input) is required, got none");
}

/* ---- quantize, dequantize ------------------------------------------------ */

static void test_quantize(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_quant_params_t kp;
  lk_shape_t t[] = {SHAPE(LK_F32, 2, 3, 4), shape_of(LK_F32, 0, NULL),
                    shape_of(LK_I8, 0, NULL)};
  CHECK(LT_SUCCEEDED(lk_plan_quantize(&p, t, 2, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, 3, 4) && out.dtype == LK_U8 && kp.axis == 0);
  CHECK(LT_SUCCEEDED(lk_plan_quantize(&p, t, 3, &out, &kp)));
  CHECK(out.dtype == LK_I8);

  /* Per axis: the default axis 1, a negative one, dynamic dims. */
  lk_shape_t pa[] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 3),
                     SHAPE(LK_I8, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_quantize(&p, pa, 3, &out, &kp)));
  CHECK(kp.axis == 1 && out.dtype == LK_I8);
  static const attr_t last[] = {INT("axis", -1), END};
  lk_shape_t dyn[] = {SHAPE(LK_I32, 2, 3, -1), SHAPE(LK_F16, 5)};
  p = plan_over(last);
  CHECK(LT_SUCCEEDED(lk_plan_quantize(&p, dyn, 2, &out, &kp)));
  CHECK(kp.axis == 2 && DIMS_ARE(&out, 2, 3, -1) && out.dtype == LK_U8);
  lk_shape_t unk[] = {unranked(LK_F32), SHAPE(LK_F32, 3)};
  p = plan_over(no_attrs);
  CHECK(LT_SUCCEEDED(lk_plan_quantize(&p, unk, 2, &out, &kp)));
  CHECK(out.rank == -1 && kp.axis == 0);

  lk_shape_t five[] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 5)};
  FAILS_WITH(lk_plan_quantize(&p, five, 2, &out, &kp), &p,
             "operand #1 (y_scale) has 5 elements; per-axis quantization "
             "along axis 1 needs 3");
  static const attr_t far[] = {INT("axis", 3), END};
  p = plan_over(far);
  FAILS_WITH(lk_plan_quantize(&p, pa, 2, &out, &kp), &p,
             "attribute 'axis' 3 is out of range for rank 3");
  p = plan_over(no_attrs);
  lk_shape_t xi8[] = {SHAPE(LK_I8, 2), shape_of(LK_F32, 0, NULL)};
  FAILS_WITH(lk_plan_quantize(&p, xi8, 2, &out, &kp), &p,
             "operand #0 (x) must have a float or i32 element type, got i8");
  lk_shape_t si[] = {SHAPE(LK_F32, 2), shape_of(LK_I32, 0, NULL)};
  FAILS_WITH(lk_plan_quantize(&p, si, 2, &out, &kp), &p,
             "operand #1 (y_scale) must have a float element type, got i32");
  lk_shape_t s2[] = {SHAPE(LK_F32, 2), SHAPE(LK_F32, 1, 1)};
  FAILS_WITH(lk_plan_quantize(&p, s2, 2, &out, &kp), &p,
             "operand #1 (y_scale) must be a scalar or 1-D, got rank 2");
  lk_shape_t zf[] = {SHAPE(LK_F32, 2), shape_of(LK_F32, 0, NULL),
                     shape_of(LK_I64, 0, NULL)};
  FAILS_WITH(lk_plan_quantize(&p, zf, 3, &out, &kp), &p,
             "operand #2 (y_zero_point) must have an integer element type "
             "of at most 32 bits, got i64");
  lk_shape_t zs[] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3), SHAPE(LK_I8, 2)};
  FAILS_WITH(lk_plan_quantize(&p, zs, 3, &out, &kp), &p,
             "operand #2 (y_zero_point) of shape [2] must have the shape of "
             "operand #1 (y_scale), [3]");
  FAILS_WITH(lk_plan_quantize(&p, t, 1, &out, &kp), &p,
             "operand #1 (y_scale) is required, got none");
  FAILS_WITH(lk_plan_quantize(&p, NULL, 0, &out, &kp), &p,
             "operand #0 (x) is required, got none");
}

static void test_dequantize(void) {
  lk_plan_t p = plan_over(no_attrs);
  lk_shape_t out;
  lk_quant_params_t kp;
  lk_shape_t t[] = {SHAPE(LK_I8, 2, 3), SHAPE(LK_F16, 3), SHAPE(LK_I8, 3)};
  CHECK(LT_SUCCEEDED(lk_plan_dequantize(&p, t, 3, &out, &kp)));
  CHECK(DIMS_ARE(&out, 2, 3) && out.dtype == LK_F16 && kp.axis == 1);

  lk_shape_t f[] = {SHAPE(LK_F32, 2), shape_of(LK_F32, 0, NULL)};
  FAILS_WITH(lk_plan_dequantize(&p, f, 2, &out, &kp), &p,
             "operand #0 (x) must have an integer element type, got f32");
  lk_shape_t zu[] = {SHAPE(LK_I8, 2), shape_of(LK_F32, 0, NULL),
                     shape_of(LK_U8, 0, NULL)};
  FAILS_WITH(lk_plan_dequantize(&p, zu, 3, &out, &kp), &p,
             "operand #2 (x_zero_point) must have the element type of "
             "operand #0 (x), i8; got ui8");
  lk_shape_t s2[] = {SHAPE(LK_I8, 2), SHAPE(LK_F32, 1, 1)};
  FAILS_WITH(lk_plan_dequantize(&p, s2, 2, &out, &kp), &p,
             "operand #1 (x_scale) must be a scalar or 1-D, got rank 2");
}

int main(void) {
  test_clip();
  test_scale();
  test_cast();
  test_calib();
  test_quantize();
  test_dequantize();
  if (g_failures) {
    fprintf(stderr, "plan_misc_math_test: %d failures\n", g_failures);
    return 1;
  }
  printf("plan_misc_math_test: ok\n");
  return 0;
}

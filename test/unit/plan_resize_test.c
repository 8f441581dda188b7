/* plan_resize_test.c - the plan step of resize (kernels/plan/resize.h)
 * with no IR: result shapes from constant scales or sizes (operands or
 * attributes), axes and keep_aspect_ratio_policy, the parameter block, the
 * roi of tf_crop_and_resize, unknown contents, dims and rank, and the error
 * messages. */
#include "kernels/plan/resize.h"

#include "test/unit/plan_table.h"

/* ---- constant operands --------------------------------------------------- */

#define COUNT(...) (int32_t)(sizeof((double[]){__VA_ARGS__}) / sizeof(double))

static float roi_data[16], scales_data[16];
static int64_t sizes_data[16];
static lk_tensor_t roi_t, scales_t, sizes_t;

/* A constant 1-D operand t of n values over data (dtype f32 or i64). */
static lk_shape_t vec_const(lk_tensor_t *t, lk_dtype_t dtype, void *data,
                            int32_t n, const double *v) {
  for (int32_t i = 0; i < n; i++) {
    if (dtype == LK_F32)
      ((float *)data)[i] = (float)v[i];
    else
      ((int64_t *)data)[i] = (int64_t)v[i];
  }
  *t = (lk_tensor_t){.dtype = dtype, .rank = 1, .dims = {n}, .data = data};
  return shape_value(t);
}
#define ROI(...)                                                               \
  vec_const(&roi_t, LK_F32, roi_data, COUNT(__VA_ARGS__),                      \
            (const double[]){__VA_ARGS__})
#define SCALES(...)                                                            \
  vec_const(&scales_t, LK_F32, scales_data, COUNT(__VA_ARGS__),                \
            (const double[]){__VA_ARGS__})
#define SIZES(...)                                                             \
  vec_const(&sizes_t, LK_I64, sizes_data, COUNT(__VA_ARGS__),                  \
            (const double[]){__VA_ARGS__})

/* Runs the step over X, roi, scales, sizes. */
static lt_result_t run(const attr_t *table, lk_shape_t x, lk_shape_t roi,
                       lk_shape_t scales, lk_shape_t sizes, lk_shape_t *out,
                       lk_resize_params_t *kp, lk_plan_t *p) {
  lk_shape_t in[4] = {x, roi, scales, sizes};
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_resize(p, in, 4, out, kp);
}

static const attr_t none[] = {END};

/* ---- shapes and parameters ----------------------------------------------- */

static void test_scales(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  SUCCEEDS(run(none, SHAPE(LK_F32, 1, 3, 2, 4), absent(), SCALES(1, 1, 2, 0.5),
               absent(), &out, &kp, &p),
           &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 1, 3, 4, 2) && !out.value);
  CHECK(kp.mode == LK_RESIZE_NEAREST &&
        kp.coord == LK_RESIZE_COORD_HALF_PIXEL &&
        kp.nearest == LK_RESIZE_NEAREST_ROUND_PREFER_FLOOR);
  CHECK(kp.cubic_coeff_a == -0.75 && !kp.exclude_outside &&
        kp.extrapolation_value == 0.0);
  CHECK(kp.scales[0] == 1 && kp.lengths[0] == 1 && kp.scales[1] == 1 &&
        kp.lengths[1] == 3);
  CHECK(kp.scales[2] == 2 && kp.lengths[2] == 4);
  CHECK(kp.scales[3] == 0.5 && kp.lengths[3] == 2);
  for (int d = 0; d < 4; d++)
    CHECK(kp.roi_start[d] == 0 && kp.roi_end[d] == 1);
  /* nearest: the tap tables only, one record per output position of each
   * axis (1 + 3 + 4 + 2 of them). */
  lk_tensor_t tx = {LK_F32, 4, {1, 3, 2, 4}, NULL};
  lk_tensor_t ty = {LK_F32, 4, {1, 3, 4, 2}, NULL};
  size_t taps = p.workspace_size;
  CHECK(taps > 0 && taps % 64 == 0 &&
        taps == lk_ref_resize_workspace(&kp, &tx, &ty));
  /* linear also converts X to doubles: 24 of them, 192 bytes. */
  const attr_t linear[] = {STR("mode", "linear"), END};
  SUCCEEDS(run(linear, SHAPE(LK_F32, 1, 3, 2, 4), absent(),
               SCALES(1, 1, 2, 0.5), absent(), &out, &kp, &p),
           &p);
  CHECK(p.workspace_size == taps + 192);
  /* The length is not rounded; the dim is floored. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 1, 1, 2, 4), absent(),
               SCALES(1, 1, 0.6f, 0.6f), absent(), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, 1, 2));
  CHECK(kp.lengths[3] == 4 * (double)0.6f && kp.scales[3] == (double)0.6f);
  /* The attribute form. */
  const attr_t attr[] = {FLTS("scales", 2, 3), END};
  SUCCEEDS(run(attr, SHAPE(LK_I32, 2, 5), absent(), absent(), absent(), &out,
               &kp, &p),
           &p);
  CHECK(out.dtype == LK_I32 && DIMS_ARE(&out, 4, 15));
  /* A dynamic dim stays dynamic, the others resize. */
  SUCCEEDS(run(none, SHAPE(LK_F32, -1, 4), absent(), SCALES(2, 2), absent(),
               &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, -1, 8) && kp.scales[0] == 2);
  CHECK(p.workspace_size == 0); /* until the dim is known */
  /* An empty axis stays empty. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 0, 4), absent(), SCALES(3, 1), absent(),
               &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 0, 4));
}

static void test_sizes(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  /* Absent roi and an empty scales operand: sizes decide. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 1, 1, 2, 4), absent(), SHAPE(LK_F32, 0),
               SIZES(1, 1, 3, 2), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, 3, 2));
  CHECK(kp.scales[2] == 1.5 && kp.lengths[2] == 3);
  CHECK(kp.scales[3] == 0.5 && kp.lengths[3] == 2);
  /* axes: only those resize, in operand order. */
  const attr_t axes[] = {INTS("axes", -1, 1), END};
  SUCCEEDS(run(axes, SHAPE(LK_F32, 2, 3, 4), absent(), absent(), SIZES(8, 6),
               &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 2, 6, 8));
  CHECK(kp.scales[0] == 1 && kp.lengths[0] == 2);
  CHECK(kp.scales[1] == 2 && kp.scales[2] == 2);
  /* keep_aspect_ratio_policy: one scale, the smaller or the larger. */
  const attr_t small[] = {INTS("axes", 2, 3),
                          STR("keep_aspect_ratio_policy", "not_larger"), END};
  SUCCEEDS(run(small, SHAPE(LK_F32, 1, 1, 2, 4), absent(), absent(),
               SIZES(4, 4), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, 2, 4));
  CHECK(kp.scales[2] == 1 && kp.scales[3] == 1 && kp.lengths[3] == 4);
  const attr_t large[] = {INTS("axes", 2, 3),
                          STR("keep_aspect_ratio_policy", "not_smaller"), END};
  SUCCEEDS(run(large, SHAPE(LK_F32, 1, 1, 2, 4), absent(), absent(),
               SIZES(4, 5), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, 4, 8));
  CHECK(kp.scales[2] == 2 && kp.scales[3] == 2 && kp.lengths[2] == 4);
  /* The policy needs X's dims: until then the axes are dynamic. */
  SUCCEEDS(run(large, SHAPE(LK_F32, 1, 1, -1, 4), absent(), absent(),
               SIZES(4, 5), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, -1, -1));
  /* The attribute form. */
  const attr_t attr[] = {INTS("sizes", 3, 7), END};
  SUCCEEDS(run(attr, SHAPE(LK_U8, 2, 5), absent(), absent(), absent(), &out,
               &kp, &p),
           &p);
  CHECK(out.dtype == LK_U8 && DIMS_ARE(&out, 3, 7) && kp.lengths[1] == 7);
}

static void test_attributes(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  const attr_t attrs[] = {
      STR("mode", "cubic"),
      STR("coordinate_transformation_mode", "align_corners"),
      STR("nearest_mode", "ceil"),
      FLT("cubic_coeff_a", -0.5),
      INT("exclude_outside", 1),
      FLT("extrapolation_value", 3.5),
      INT("antialias", 0),
      END};
  SUCCEEDS(run(attrs, SHAPE(LK_F64, 4), absent(), SCALES(2), absent(), &out,
               &kp, &p),
           &p);
  CHECK(kp.mode == LK_RESIZE_CUBIC &&
        kp.coord == LK_RESIZE_COORD_ALIGN_CORNERS &&
        kp.nearest == LK_RESIZE_NEAREST_CEIL);
  CHECK(kp.cubic_coeff_a == -0.5 && kp.exclude_outside &&
        kp.extrapolation_value == 3.5);
  /* tf_crop_and_resize reads the roi: starts, then ends, per resized axis. */
  const attr_t crop[] = {
      STR("coordinate_transformation_mode", "tf_crop_and_resize"),
      INTS("axes", 3, 2), END};
  SUCCEEDS(run(crop, SHAPE(LK_F32, 1, 1, 4, 4), ROI(0.25, 0.5, 0.75, 1),
               absent(), SIZES(3, 3), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 1, 3, 3));
  CHECK(kp.roi_start[3] == 0.25 && kp.roi_end[3] == 0.75);
  CHECK(kp.roi_start[2] == 0.5 && kp.roi_end[2] == 1);
  CHECK(kp.roi_start[0] == 0 && kp.roi_end[0] == 1);
  /* Another mode ignores the roi's contents. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 4), ROI(0.5, 0.75), SCALES(2), absent(),
               &out, &kp, &p),
           &p);
  CHECK(kp.roi_start[0] == 0 && kp.roi_end[0] == 1);
}

/* Contents, dims or rank not known yet: -1, and no failure. */
static void test_unknown(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  SUCCEEDS(run(none, SHAPE(LK_F32, 1, 3, 2, 4), absent(), SHAPE(LK_F32, 4),
               absent(), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, -1, -1, -1, -1));
  CHECK(kp.scales[2] == 1 && kp.lengths[2] == 2);
  const attr_t axes[] = {INTS("axes", 2, 3), END};
  SUCCEEDS(run(axes, SHAPE(LK_F32, 1, 3, 2, 4), absent(), absent(),
               SHAPE(LK_I64, 2), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 3, -1, -1));
  /* Both of unknown length: run time tells which. */
  SUCCEEDS(run(axes, SHAPE(LK_F32, 1, 3, 2, 4), absent(), SHAPE(LK_F32, -1),
               SHAPE(LK_I64, -1), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 1, 3, -1, -1));
  /* A tf_crop_and_resize roi of unknown contents. */
  const attr_t crop[] = {
      STR("coordinate_transformation_mode", "tf_crop_and_resize"), END};
  SUCCEEDS(run(crop, SHAPE(LK_F32, 2, 2), SHAPE(LK_F32, 4), absent(),
               SIZES(3, 3), &out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out, 3, 3));
  SUCCEEDS(run(none, unranked(LK_F32), absent(), SCALES(2, 2), absent(), &out,
               &kp, &p),
           &p);
  CHECK(out.dtype == LK_F32 && out.rank == -1);
}

/* ---- errors ----------------------------------------------------------------
 */

static void test_attribute_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 1, 1, 2, 2);
#define FAILS(table, want)                                                     \
  FAILS_WITH(                                                                  \
      run(table, x, absent(), SCALES(1, 1, 2, 2), absent(), &out, &kp, &p),    \
      &p, want)
  const attr_t mode[] = {STR("mode", "bilinear"), END};
  FAILS(mode, "attribute 'mode' must be one of nearest, linear, cubic, got "
              "'bilinear'");
  const attr_t coord[] = {STR("coordinate_transformation_mode", "center"), END};
  FAILS(coord, "attribute 'coordinate_transformation_mode' must be one of "
               "half_pixel, half_pixel_symmetric, pytorch_half_pixel, "
               "align_corners, asymmetric, tf_half_pixel_for_nn, "
               "tf_crop_and_resize, got 'center'");
  const attr_t nearest[] = {STR("nearest_mode", "round"), END};
  FAILS(nearest, "attribute 'nearest_mode' must be one of round_prefer_floor, "
                 "round_prefer_ceil, floor, ceil, got 'round'");
  const attr_t policy[] = {STR("keep_aspect_ratio_policy", "fit"), END};
  FAILS(policy, "attribute 'keep_aspect_ratio_policy' must be one of stretch, "
                "not_larger, not_smaller; got 'fit'");
  const attr_t anti[] = {INT("antialias", 1), END};
  FAILS(anti, "antialias is not supported");
  const attr_t many[] = {INTS("axes", 0, 1, 2, 3, 0), END};
  FAILS(many, "attribute 'axes' has 5 values for operand #0 (X) of rank 4");
  const attr_t repeat[] = {INTS("axes", 1, -3), END};
  FAILS_WITH(run(repeat, x, absent(), SCALES(2, 2), absent(), &out, &kp, &p),
             &p, "attribute 'axes' repeats axis 1");
  const attr_t far[] = {INTS("axes", 4), END};
  FAILS_WITH(run(far, x, absent(), SCALES(2), absent(), &out, &kp, &p), &p,
             "attribute 'axes' value 4 is out of range for rank 4");
  const attr_t linear[] = {STR("mode", "linear"), END};
  FAILS_WITH(run(linear, SHAPE(LK_BOOL, 2), absent(), SCALES(2), absent(), &out,
                 &kp, &p),
             &p, "operand #0 (X) must be numeric for linear mode, got i1");
#undef FAILS
  /* nearest copies any dtype. */
  SUCCEEDS(run(none, SHAPE(LK_BOOL, 2), absent(), SCALES(2), absent(), &out,
               &kp, &p),
           &p);
}

static void test_operand_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 1, 1, 2, 2);
  FAILS_WITH(run(none, absent(), absent(), SCALES(2), absent(), &out, &kp, &p),
             &p, "operand #0 (X) is required, got none");
  FAILS_WITH(run(none, x, SHAPE(LK_I64, 8), SCALES(1, 1, 2, 2), absent(), &out,
                 &kp, &p),
             &p, "operand #1 (roi) must have a float element type, got i64");
  FAILS_WITH(run(none, x, absent(), SHAPE(LK_I64, 4), absent(), &out, &kp, &p),
             &p, "operand #2 (scales) must have a float element type, got i64");
  FAILS_WITH(
      run(none, x, absent(), SHAPE(LK_F32, 2, 2), absent(), &out, &kp, &p), &p,
      "operand #2 (scales) must have rank 1, got 2");
  FAILS_WITH(run(none, x, absent(), absent(), SHAPE(LK_F32, 4), &out, &kp, &p),
             &p,
             "operand #3 (sizes) must have an integer element type, got "
             "f32");
  FAILS_WITH(
      run(none, x, absent(), absent(), SHAPE(LK_I64, 2, 2), &out, &kp, &p), &p,
      "operand #3 (sizes) must have rank 1, got 2");
  FAILS_WITH(run(none, x, absent(), SCALES(1, 1, 2, 2), SIZES(1, 1, 4, 4), &out,
                 &kp, &p),
             &p, "takes operand #2 (scales) or operand #3 (sizes), not both");
  const attr_t both[] = {FLTS("scales", 2), INTS("sizes", 4), END};
  FAILS_WITH(run(both, x, absent(), absent(), absent(), &out, &kp, &p), &p,
             "takes attribute 'scales' or attribute 'sizes', not both");
  const attr_t twice[] = {FLTS("scales", 2), END};
  FAILS_WITH(run(twice, x, absent(), SCALES(2), absent(), &out, &kp, &p), &p,
             "takes operand #2 (scales) or attribute 'scales', not both");
  FAILS_WITH(run(none, x, absent(), absent(), absent(), &out, &kp, &p), &p,
             "needs operand #2 (scales) or operand #3 (sizes)");
  FAILS_WITH(
      run(none, x, absent(), SHAPE(LK_F32, 0), SHAPE(LK_I64, 0), &out, &kp, &p),
      &p, "needs operand #2 (scales) or operand #3 (sizes)");
  const attr_t ten[] = {FLTS("scales", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), END};
  FAILS_WITH(run(ten, x, absent(), absent(), absent(), &out, &kp, &p), &p,
             "attribute 'scales' has 10 values; at most 9 are supported");
}

static void test_value_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_resize_params_t kp;
  lk_shape_t x = SHAPE(LK_F32, 1, 1, 2, 2);
  FAILS_WITH(
      run(none, x, absent(), SCALES(1, 2, 2), absent(), &out, &kp, &p), &p,
      "operand #2 (scales) must have 4 values (one per resized axis), got 3");
  const attr_t two[] = {FLTS("scales", 2, 2), END};
  FAILS_WITH(run(two, x, absent(), absent(), absent(), &out, &kp, &p), &p,
             "attribute 'scales' must have 4 values (one per resized axis), "
             "got 2");
  FAILS_WITH(run(none, x, absent(), absent(), SHAPE(LK_I64, 3), &out, &kp, &p),
             &p,
             "operand #3 (sizes) must have 4 values (one per resized axis), "
             "got 3");
  const attr_t crop[] = {
      STR("coordinate_transformation_mode", "tf_crop_and_resize"), END};
  FAILS_WITH(run(crop, x, ROI(0, 0, 1, 1), SCALES(1, 1, 2, 2), absent(), &out,
                 &kp, &p),
             &p,
             "operand #1 (roi) must have 8 values (starts, then ends) for "
             "tf_crop_and_resize, got 4");
  FAILS_WITH(
      run(crop, x, absent(), SCALES(1, 1, 2, 2), absent(), &out, &kp, &p), &p,
      "operand #1 (roi) must have 8 values (starts, then ends) for "
      "tf_crop_and_resize, got 0");
  FAILS_WITH(
      run(none, x, absent(), SCALES(1, 0, 2, 2), absent(), &out, &kp, &p), &p,
      "operand #2 (scales) must be positive, got 0");
  const attr_t zero[] = {INTS("sizes", 1, 1, 0, 2), END};
  FAILS_WITH(run(zero, x, absent(), absent(), absent(), &out, &kp, &p), &p,
             "attribute 'sizes' must be positive, got 0");
  FAILS_WITH(run(none, SHAPE(LK_F32, 1, 0), absent(), absent(), SIZES(1, 4),
                 &out, &kp, &p),
             &p,
             "cannot resize the empty axis 1 of operand #0 (X) to 4 "
             "elements");
  FAILS_WITH(run(none, SHAPE(LK_F32, 1, 2), absent(), SCALES(1e27, 1), absent(),
                 &out, &kp, &p),
             &p, "scales for axis 0 gives 1e+27 elements; expected 0 to 2^40");
  FAILS_WITH(run(none, SHAPE(LK_F32, 1, 2), absent(), absent(), SIZES(1e15, 1),
                 &out, &kp, &p),
             &p, "sizes for axis 0 gives 1e+15 elements; expected 0 to 2^40");
  /* Each size fits, the common scale does not. */
  const attr_t large[] = {STR("keep_aspect_ratio_policy", "not_smaller"), END};
  FAILS_WITH(run(large, SHAPE(LK_F32, 1, 1024), absent(), absent(),
                 SIZES(1099511627776.0, 1), &out, &kp, &p),
             &p,
             "sizes give a scale of 1.09951e+12 for axis 1; the result would "
             "exceed 2^40 elements");
}

int main(void) {
  test_scales();
  test_sizes();
  test_attributes();
  test_unknown();
  test_attribute_errors();
  test_operand_errors();
  test_value_errors();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

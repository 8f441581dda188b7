/* plan_nn_test.c - the plan steps of pool2d, conv2d and conv2d_transpose
 * (kernels/plan/nn.h) with no IR at all: attributes come from a static
 * table behind the lk_attrs_t interface, as the runtime's will come from an
 * artifact. Output shapes, the kernels' parameters, dynamic dims and unknown
 * ranks, and every error message; then the attribute defaults and
 * conversions the reader contract promises. */
#include "kernels/plan/nn.h"

#include "test/unit/plan_table.h"

/* ---- running a step ------------------------------------------------------------ */

static lt_result_t run_pool(const attr_t *table, lk_shape_t x, lk_shape_t *out,
                            lk_pool_params_t *kp, lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_pool2d(p, &x, 1, out, kp);
}

static lt_result_t run_conv(bool transpose, const attr_t *table,
                            const lk_shape_t *in, uint32_t n, lk_shape_t *out,
                            lk_conv_params_t *kp, lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return transpose ? lk_plan_conv2d_transpose(p, in, n, out, kp)
                   : lk_plan_conv2d(p, in, n, out, kp);
}

static void pool_error(const attr_t *table, lk_shape_t x, const char *want,
                       int line) {
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  CHECK(failed_with(run_pool(table, x, &out, &kp, &p), &p, want, line));
}
#define POOL_ERROR(table, x, want) pool_error(table, x, want, __LINE__)

static void conv_error(bool transpose, const attr_t *table,
                       const lk_shape_t *in, uint32_t n, const char *want,
                       int line) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  CHECK(failed_with(run_conv(transpose, table, in, n, &out, &kp, &p), &p, want,
                    line));
}
#define CONV_ERROR(table, in, want)                                            \
  conv_error(false, table, in, LT_ARRAY_SIZE(in), want, __LINE__)
#define TRANSPOSE_ERROR(table, in, want)                                       \
  conv_error(true, table, in, LT_ARRAY_SIZE(in), want, __LINE__)

/* ---- pool2d ---------------------------------------------------------------------- */

static void test_pool_explicit(void) {
  /* ResNet's stem: 3x3 max, stride 2, pad 1 on 112x112. */
  const attr_t a[] = {STR("pooling_type", "max"), INTS("kernel_shape", 3, 3),
                      INTS("strides", 2, 2), INTS("pads", 1, 1, 1, 1), END};
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  CHECK(LT_SUCCEEDED(
      run_pool(a, SHAPE(LK_F32, 1, 64, 112, 112), &out, &kp, &p)));
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 1, 64, 56, 56));
  CHECK(kp.type == LK_POOL_MAX && kp.spatial == 2);
  CHECK(kp.kernel[0] == 3 && kp.kernel[1] == 3);
  CHECK(kp.strides[0] == 2 && kp.strides[1] == 2);
  CHECK(kp.dilations[0] == 1 && kp.dilations[1] == 1);
  CHECK(kp.pads_begin[0] == 1 && kp.pads_end[1] == 1);
  CHECK(kp.p == 2 && !kp.count_include_pad);
  /* X and Y as doubles: 64 x 112 x 112 and 64 x 56 x 56 of them. */
  CHECK(p.workspace_size == (64 * 112 * 112 + 64 * 56 * 56) * 8);
  /* Max compares, so integer inputs are fine. */
  CHECK(LT_SUCCEEDED(run_pool(a, SHAPE(LK_I8, 1, 1, 4, 4), &out, &kp, &p)));
  CHECK(out.dtype == LK_I8 && DIMS_ARE(&out, 1, 1, 2, 2));
  CHECK(p.workspace_size == 128 + 64); /* 16 and 4 doubles, rounded up */
  /* A dynamic dim: the workspace waits for it. */
  CHECK(LT_SUCCEEDED(run_pool(a, SHAPE(LK_F32, -1, 1, 4, 4), &out, &kp, &p)));
  CHECK(p.workspace_size == 0);
}

static void test_pool_auto_pad(void) {
  /* in 5, kernel 2, stride 1: 5 outputs and one pad, which SAME_UPPER puts
   * at the end and SAME_LOWER at the start; explicit pads are ignored. */
  const attr_t upper[] = {STR("pooling_type", "avg"), INTS("kernel_shape", 2),
                          STR("auto_pad", "SAME_UPPER"), INTS("pads", 3, 3),
                          END};
  const attr_t lower[] = {STR("pooling_type", "avg"), INTS("kernel_shape", 2),
                          STR("auto_pad", "SAME_LOWER"), END};
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  CHECK(LT_SUCCEEDED(run_pool(upper, SHAPE(LK_F32, 1, 1, 5), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 5) && kp.spatial == 1);
  CHECK(kp.pads_begin[0] == 0 && kp.pads_end[0] == 1);
  CHECK(LT_SUCCEEDED(run_pool(lower, SHAPE(LK_F32, 1, 1, 5), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 5));
  CHECK(kp.pads_begin[0] == 1 && kp.pads_end[0] == 0);
  /* SAME with stride 2: ceil(5 / 2) = 3 outputs. */
  const attr_t s2[] = {STR("pooling_type", "max"), INTS("kernel_shape", 3),
                       INTS("strides", 2), STR("auto_pad", "SAME_UPPER"), END};
  CHECK(LT_SUCCEEDED(run_pool(s2, SHAPE(LK_F32, 1, 1, 5), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 3));
  CHECK(kp.pads_begin[0] == 1 && kp.pads_end[0] == 1);
  /* VALID: no padding at all, explicit pads ignored. */
  const attr_t valid[] = {STR("pooling_type", "max"), INTS("kernel_shape", 3),
                          INTS("strides", 2), STR("auto_pad", "VALID"),
                          INTS("pads", 1, 1), END};
  CHECK(LT_SUCCEEDED(run_pool(valid, SHAPE(LK_F32, 1, 1, 5), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 2));
  CHECK(kp.pads_begin[0] == 0 && kp.pads_end[0] == 0);
}

static void test_pool_ceil_and_dilations(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  /* in 6, kernel 3, stride 2: floor gives 2 windows, ceil 3. */
  const attr_t floor_mode[] = {STR("pooling_type", "max"),
                               INTS("kernel_shape", 3), INTS("strides", 2),
                               END};
  const attr_t ceil_mode[] = {STR("pooling_type", "max"),
                              INTS("kernel_shape", 3), INTS("strides", 2),
                              INT("ceil_mode", 1), END};
  CHECK(LT_SUCCEEDED(
      run_pool(floor_mode, SHAPE(LK_F32, 1, 1, 6), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 2));
  CHECK(LT_SUCCEEDED(
      run_pool(ceil_mode, SHAPE(LK_F32, 1, 1, 6), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 3));
  /* in 4, kernel 2, stride 2, trailing pad 1: ceil would add a window
   * starting in the trailing pad, which ONNX drops. */
  const attr_t trail[] = {STR("pooling_type", "max"), INTS("kernel_shape", 2),
                          INTS("strides", 2), INTS("pads", 0, 1),
                          INT("ceil_mode", 1), END};
  CHECK(LT_SUCCEEDED(run_pool(trail, SHAPE(LK_F32, 1, 1, 4), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 2));
  /* Dilation 2 stretches a 3-wide window over 5 inputs. */
  const attr_t dil[] = {STR("pooling_type", "max"), INTS("kernel_shape", 3, 3),
                        INTS("dilations", 2, 1), END};
  CHECK(LT_SUCCEEDED(run_pool(dil, SHAPE(LK_F32, 1, 1, 7, 7), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 3, 5));
  CHECK(kp.dilations[0] == 2 && kp.dilations[1] == 1);
}

static void test_pool_global_and_types(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  const attr_t global[] = {STR("pooling_type", "avg"),
                           INT("global_pooling", 1), END};
  CHECK(LT_SUCCEEDED(
      run_pool(global, SHAPE(LK_F32, 2, 3, 7, 9), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 2, 3, 1, 1));
  CHECK(kp.type == LK_POOL_AVG && kp.kernel[0] == 7 && kp.kernel[1] == 9);
  CHECK(kp.strides[0] == 1 && kp.pads_begin[0] == 0 && kp.pads_end[1] == 0);
  /* Global pooling over 3 spatial dims. */
  CHECK(LT_SUCCEEDED(
      run_pool(global, SHAPE(LK_F32, 1, 2, 3, 4, 5), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 1, 1, 1) && kp.kernel[2] == 5);
  const attr_t avg[] = {STR("pooling_type", "avg"), INTS("kernel_shape", 2, 2),
                        INT("count_include_pad", 1), END};
  CHECK(LT_SUCCEEDED(run_pool(avg, SHAPE(LK_F16, 1, 1, 4, 4), &out, &kp, &p)));
  CHECK(kp.count_include_pad && out.dtype == LK_F16);
  const attr_t lp[] = {STR("pooling_type", "lp"), INTS("kernel_shape", 2, 2),
                       INT("p", 3), END};
  CHECK(LT_SUCCEEDED(run_pool(lp, SHAPE(LK_F32, 1, 1, 4, 4), &out, &kp, &p)));
  CHECK(kp.type == LK_POOL_LP && kp.p == 3);
}

static void test_pool_dynamic(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_pool_params_t kp;
  const attr_t a[] = {STR("pooling_type", "max"), INTS("kernel_shape", 2, 2),
                      INTS("strides", 2, 2), END};
  /* A dynamic dim stays dynamic; the others are computed. */
  CHECK(LT_SUCCEEDED(
      run_pool(a, SHAPE(LK_F32, -1, 3, -1, 8), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, -1, 3, -1, 4));
  /* Unknown rank: the dtype is known, nothing else. */
  CHECK(LT_SUCCEEDED(run_pool(a, unranked(LK_F32), &out, &kp, &p)));
  CHECK(out.rank == -1 && out.dtype == LK_F32);
  /* Global pooling of a dynamic dim still gives 1. */
  const attr_t global[] = {STR("pooling_type", "max"),
                           INT("global_pooling", 1), END};
  CHECK(LT_SUCCEEDED(
      run_pool(global, SHAPE(LK_F32, 1, 3, -1, -1), &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 3, 1, 1));
}

static void test_pool_errors(void) {
  lk_shape_t x = SHAPE(LK_F32, 1, 1, 4, 4);
  const attr_t min[] = {STR("pooling_type", "min"), INTS("kernel_shape", 2, 2),
                        END};
  POOL_ERROR(min, x,
             "attribute 'pooling_type' must be one of max, avg, lp; got 'min'");
  const attr_t none[] = {END};
  POOL_ERROR(none, x,
             "attribute 'pooling_type' must be one of max, avg, lp; got ''");
  const attr_t avg[] = {STR("pooling_type", "avg"), INTS("kernel_shape", 2, 2),
                        END};
  POOL_ERROR(avg, SHAPE(LK_I32, 1, 1, 4, 4),
             "operand #0 (X) must have a float element type, got i32");
  const attr_t max[] = {STR("pooling_type", "max"), INTS("kernel_shape", 2, 2),
                        END};
  POOL_ERROR(max, SHAPE(LK_BOOL, 1, 1, 4, 4),
             "operand #0 (X) must have a float element type, got i1");
  POOL_ERROR(max, SHAPE(LK_F32, 4, 4),
             "operand #0 (X) must have rank >= 3, got 2");
  POOL_ERROR(max, absent(), "operand #0 (X) is required, got none");
  const attr_t lp[] = {STR("pooling_type", "lp"), INTS("kernel_shape", 2, 2),
                       INT("p", 0), END};
  POOL_ERROR(lp, x, "attribute 'p' must be >= 1, got 0");
  const attr_t nokernel[] = {STR("pooling_type", "max"), END};
  POOL_ERROR(nokernel, x,
             "requires attribute 'kernel_shape' unless global_pooling is set");
  const attr_t k3[] = {STR("pooling_type", "max"),
                       INTS("kernel_shape", 2, 2, 2), END};
  POOL_ERROR(k3, x, "attribute 'kernel_shape' must have 2 values, got 3");
  const attr_t k0[] = {STR("pooling_type", "max"), INTS("kernel_shape", 2, 0),
                       END};
  POOL_ERROR(k0, x, "attribute 'kernel_shape' must have values >= 1, got 0");
  const attr_t same[] = {STR("pooling_type", "max"), INTS("kernel_shape", 2, 2),
                         STR("auto_pad", "SAME"), END};
  POOL_ERROR(same, x,
             "attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or "
             "VALID, got 'SAME'");
  const attr_t strides[] = {STR("pooling_type", "max"),
                            INTS("kernel_shape", 2, 2), INTS("strides", 1),
                            END};
  POOL_ERROR(strides, x, "attribute 'strides' must have 2 values, got 1");
  const attr_t stride0[] = {STR("pooling_type", "max"),
                            INTS("kernel_shape", 2, 2), INTS("strides", 1, 0),
                            END};
  POOL_ERROR(stride0, x, "attribute 'strides' must have values >= 1, got 0");
  const attr_t dil0[] = {STR("pooling_type", "max"),
                         INTS("kernel_shape", 2, 2), INTS("dilations", 0, 1),
                         END};
  POOL_ERROR(dil0, x, "attribute 'dilations' must have values >= 1, got 0");
  const attr_t pads[] = {STR("pooling_type", "max"),
                         INTS("kernel_shape", 2, 2), INTS("pads", 0, 0, -1, 0),
                         END};
  POOL_ERROR(pads, x, "attribute 'pads' must have values >= 0, got -1");
  const attr_t pads3[] = {STR("pooling_type", "max"),
                          INTS("kernel_shape", 2, 2), INTS("pads", 0, 0, 0),
                          END};
  POOL_ERROR(pads3, x, "attribute 'pads' must have 4 values, got 3");
  const attr_t big[] = {STR("pooling_type", "max"), INTS("kernel_shape", 5, 2),
                        END};
  POOL_ERROR(big, x,
             "spatial dim 0: the window spans 5 elements (kernel 5, dilation "
             "1), more than the 4 of the padded input");
  const attr_t wide[] = {STR("pooling_type", "max"), INTS("kernel_shape", 3, 2),
                         INTS("dilations", 2, 1), INTS("pads", 0, 0, 0, 0),
                         END};
  POOL_ERROR(wide, x,
             "spatial dim 0: the window spans 5 elements (kernel 3, dilation "
             "2), more than the 4 of the padded input");
  /* Values whose sums or products with dims would overflow int64. */
  const attr_t hugepad[] = {STR("pooling_type", "max"),
                            INTS("kernel_shape", 2, 2),
                            INTS("pads", 0, 0, INT64_MAX, 0), END};
  POOL_ERROR(hugepad, x,
             "attribute 'pads' value 9223372036854775807 is too large");
  const attr_t hugedil[] = {STR("pooling_type", "max"),
                            INTS("kernel_shape", (int64_t)1 << 40, 2),
                            INTS("dilations", (int64_t)1 << 40, 1), END};
  POOL_ERROR(hugedil, x,
             "spatial dim 0: kernel 1099511627776 with dilation "
             "1099511627776 is too large");
}

/* ---- conv2d ------------------------------------------------------------------------ */

static void test_conv_basic(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  /* ResNet's first conv: 7x7, stride 2, pad 3, 224 -> 112. */
  const lk_shape_t in[] = {SHAPE(LK_F32, 1, 3, 224, 224),
                           SHAPE(LK_F32, 64, 3, 7, 7), SHAPE(LK_F32, 64)};
  const attr_t a[] = {INTS("strides", 2, 2), INTS("pads", 3, 3, 3, 3),
                      INTS("kernel_shape", 7, 7), END};
  CHECK(LT_SUCCEEDED(run_conv(false, a, in, 3, &out, &kp, &p)));
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 1, 64, 112, 112));
  CHECK(kp.spatial == 2 && kp.group == 1 && kp.act == LK_ACT_NONE);
  CHECK(kp.strides[0] == 2 && kp.strides[1] == 2);
  CHECK(kp.dilations[0] == 1 && kp.pads_begin[0] == 3 && kp.pads_begin[1] == 3);
  CHECK(kp.residual == NULL);
  /* The workspace is the kernel's: the tap table, and with a last stride
   * above 1 a copy of X (3 x 224 x 224 floats on the float32 path). */
  lk_tensor_t tx = {LK_F32, 4, {1, 3, 224, 224}, NULL};
  lk_tensor_t tw = {LK_F32, 4, {64, 3, 7, 7}, NULL},
              tb = {LK_F32, 1, {64}, NULL};
  lk_tensor_t ty = {LK_F32, 4, {1, 64, 112, 112}, NULL};
  CHECK(p.workspace_size == lk_ref_conv2d_workspace(&kp, &tx, &tw, &tb, &ty));
  size_t strided = p.workspace_size;
  /* No attributes at all: stride 1, no pads. */
  const attr_t none[] = {END};
  CHECK(LT_SUCCEEDED(run_conv(false, none, in, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 64, 218, 218));
  size_t taps = p.workspace_size;
  CHECK(taps > 0 && taps % 64 == 0 && strided == taps + 3 * 224 * 224 * 4);
  /* Off the float32 path X, W, B and Y are doubles too. */
  lk_shape_t in64[] = {SHAPE(LK_F64, 1, 3, 224, 224),
                       SHAPE(LK_F64, 64, 3, 7, 7), SHAPE(LK_F64, 64)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, in64, 3, &out, &kp, &p)));
  CHECK(p.workspace_size ==
        taps + (3 * 224 * 224 + 64 * 3 * 49 + 64 + 64 * 218 * 218) * 8);
  /* Without B, with the residual R (Y's shape): R's doubles instead. */
  lk_shape_t res64[] = {in64[0], in64[1], absent(),
                        SHAPE(LK_F64, 1, 64, 218, 218)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, res64, 4, &out, &kp, &p)));
  CHECK(kp.residual == NULL &&
        p.workspace_size ==
            taps + (3 * 224 * 224 + 64 * 3 * 49 + 2 * 64 * 218 * 218) * 8);
  /* A dynamic dim: 0 until it is known. */
  in64[0].dims[0] = -1;
  CHECK(LT_SUCCEEDED(run_conv(false, none, in64, 3, &out, &kp, &p)));
  CHECK(p.workspace_size == 0);
  /* Dilation 2: the 7x7 kernel spans 13. */
  const attr_t dil[] = {INTS("dilations", 2, 2), END};
  CHECK(LT_SUCCEEDED(run_conv(false, dil, in, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 64, 212, 212) && kp.dilations[1] == 2);
}

static void test_conv_auto_pad(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  /* 2x2 kernel on 5: one pad, at the end (UPPER) or the start (LOWER). */
  const lk_shape_t in[] = {SHAPE(LK_F32, 1, 1, 5, 5),
                           SHAPE(LK_F32, 1, 1, 2, 2)};
  const attr_t upper[] = {STR("auto_pad", "SAME_UPPER"), END};
  const attr_t lower[] = {STR("auto_pad", "SAME_LOWER"), END};
  const attr_t valid[] = {STR("auto_pad", "VALID"), INTS("pads", 1, 1, 1, 1),
                          END};
  CHECK(LT_SUCCEEDED(run_conv(false, upper, in, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 5, 5) && kp.pads_begin[0] == 0);
  CHECK(LT_SUCCEEDED(run_conv(false, lower, in, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 5, 5) && kp.pads_begin[0] == 1);
  CHECK(LT_SUCCEEDED(run_conv(false, valid, in, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 1, 4, 4) && kp.pads_begin[0] == 0);
}

static void test_conv_groups_and_activation(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  /* 8 channels in 4 groups of 2; 12 outputs. */
  const lk_shape_t grouped[] = {SHAPE(LK_F32, 1, 8, 10, 10),
                                SHAPE(LK_F32, 12, 2, 3, 3), SHAPE(LK_F32, 12)};
  const attr_t g4[] = {INT("group", 4), STR("activation", "relu6"), END};
  CHECK(LT_SUCCEEDED(run_conv(false, g4, grouped, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 12, 8, 8) && kp.group == 4);
  CHECK(kp.act == LK_ACT_RELU6 && kp.act_alpha == 6.0);
  /* Depthwise: group = channels. */
  const lk_shape_t dw[] = {SHAPE(LK_F32, 1, 32, 7, 7),
                           SHAPE(LK_F32, 32, 1, 3, 3)};
  const attr_t g32[] = {INT("group", 32), STR("activation", "leaky_relu"),
                        FLT("activation_alpha", 0.2), INTS("pads", 1, 1, 1, 1),
                        END};
  CHECK(LT_SUCCEEDED(run_conv(false, g32, dw, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 32, 7, 7) && kp.group == 32);
  CHECK(kp.act == LK_ACT_LEAKY_RELU && kp.act_alpha == 0.2);
  /* hard_swish keeps its default beta when only alpha is set. */
  const attr_t hs[] = {STR("activation", "hard_swish"),
                       INT("activation_alpha", 1), END};
  const lk_shape_t one[] = {SHAPE(LK_F32, 1, 32, 7, 7),
                            SHAPE(LK_F32, 4, 32, 1, 1)};
  CHECK(LT_SUCCEEDED(run_conv(false, hs, one, 2, &out, &kp, &p)));
  CHECK(kp.act == LK_ACT_HARD_SWISH && kp.act_alpha == 1.0 &&
        kp.act_beta == 0.5);
}

static void test_conv_spatial_ranks(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  const attr_t s2[] = {INTS("strides", 2), END};
  const lk_shape_t c1[] = {SHAPE(LK_F64, 2, 4, 9), SHAPE(LK_F64, 6, 4, 3)};
  CHECK(LT_SUCCEEDED(run_conv(false, s2, c1, 2, &out, &kp, &p)));
  CHECK(out.dtype == LK_F64 && DIMS_ARE(&out, 2, 6, 4) && kp.spatial == 1);
  const lk_shape_t c3[] = {SHAPE(LK_F32, 1, 2, 5, 6, 7),
                           SHAPE(LK_F32, 3, 2, 3, 3, 3)};
  const attr_t none[] = {END};
  CHECK(LT_SUCCEEDED(run_conv(false, none, c3, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 3, 3, 4, 5) && kp.spatial == 3);
}

static void test_conv_dynamic(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  const attr_t none[] = {END};
  /* Dynamic batch and height stay dynamic. */
  const lk_shape_t dyn[] = {SHAPE(LK_F32, -1, 3, -1, 10),
                            SHAPE(LK_F32, 8, 3, 3, 3)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, dyn, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, -1, 8, -1, 8));
  /* X of unknown rank: W gives the rank and the channels. */
  const lk_shape_t ux[] = {unranked(LK_F32), SHAPE(LK_F32, 8, 3, 3, 3)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, ux, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, -1, 8, -1, -1));
  /* W of unknown rank: kernel_shape gives the window. */
  const lk_shape_t uw[] = {SHAPE(LK_F32, 1, 3, 10, 10), unranked(LK_F32)};
  const attr_t ks[] = {INTS("kernel_shape", 3, 5), END};
  CHECK(LT_SUCCEEDED(run_conv(false, ks, uw, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, -1, 8, 6));
  /* Neither rank known: the result's is unknown too. */
  const lk_shape_t uu[] = {unranked(LK_F32), unranked(LK_F32)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, uu, 2, &out, &kp, &p)));
  CHECK(out.rank == -1 && out.dtype == LK_F32);
  /* ... unless the residual tells it. */
  const lk_shape_t ur[] = {unranked(LK_F32), unranked(LK_F32), absent(),
                           SHAPE(LK_F32, 1, 8, 4, 4)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, ur, 4, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 8, 4, 4));
  /* The residual's known dims fill in the dynamic ones. */
  const lk_shape_t fill[] = {SHAPE(LK_F32, -1, 3, -1, 10),
                             SHAPE(LK_F32, 8, 3, 3, 3), absent(),
                             SHAPE(LK_F32, 2, 8, 5, -1)};
  CHECK(LT_SUCCEEDED(run_conv(false, none, fill, 4, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 2, 8, 5, 8));
}

static void test_conv_errors(void) {
  const lk_shape_t x = SHAPE(LK_F32, 1, 3, 5, 5), w = SHAPE(LK_F32, 4, 3, 3, 3);
  const attr_t none[] = {END};
  const lk_shape_t int_x[] = {SHAPE(LK_I32, 1, 3, 5, 5),
                              SHAPE(LK_I32, 4, 3, 3, 3)};
  CONV_ERROR(none, int_x,
             "operand #0 (X) must have a float element type, got i32");
  const lk_shape_t f16_w[] = {x, SHAPE(LK_F16, 4, 3, 3, 3)};
  CONV_ERROR(none, f16_w,
             "operand #1 (W) must have element type f32 like operand #0, got "
             "f16");
  const lk_shape_t f16_b[] = {x, w, SHAPE(LK_F16, 4)};
  CONV_ERROR(none, f16_b,
             "operand #2 (B) must have element type f32 like operand #0, got "
             "f16");
  const lk_shape_t no_w[] = {x, absent()};
  CONV_ERROR(none, no_w, "operand #1 (W) is required, got none");
  const lk_shape_t rank2[] = {SHAPE(LK_F32, 3, 5), w};
  CONV_ERROR(none, rank2, "operand #0 (X) must have rank 3 to 5, got 2");
  const lk_shape_t rank6[] = {x, SHAPE(LK_F32, 1, 1, 1, 1, 1, 1)};
  CONV_ERROR(none, rank6, "operand #1 (W) must have rank 3 to 5, got 6");
  const lk_shape_t w3[] = {x, SHAPE(LK_F32, 4, 3, 3)};
  CONV_ERROR(none, w3,
             "operand #1 (W) must have the rank of operand #0 (X), 4, got 3");
  const lk_shape_t xw[] = {x, w};
  const attr_t g0[] = {INT("group", 0), END};
  CONV_ERROR(g0, xw, "attribute 'group' must be >= 1, got 0");
  const lk_shape_t cin[] = {x, SHAPE(LK_F32, 4, 3, 3, 3)};
  const attr_t g2[] = {INT("group", 2), END};
  CONV_ERROR(g2, cin,
             "operand #1 (W) has 3 input channels per group, so operand #0 "
             "(X) needs 6 channels with group 2, got 3");
  const lk_shape_t cout[] = {SHAPE(LK_F32, 1, 6, 5, 5),
                             SHAPE(LK_F32, 5, 3, 3, 3)};
  CONV_ERROR(g2, cout,
             "operand #1 (W) has 5 output channels, not a multiple of group 2");
  const lk_shape_t b5[] = {x, w, SHAPE(LK_F32, 5)};
  CONV_ERROR(none, b5, "operand #2 (B) must have 4 elements, got 5");
  const lk_shape_t b2d[] = {x, w, SHAPE(LK_F32, 4, 1)};
  CONV_ERROR(none, b2d, "operand #2 (B) must have rank 1, got 2");
  const attr_t act[] = {STR("activation", "mish"), END};
  CONV_ERROR(act, xw,
             "attribute 'activation' must be one of none, relu, relu6, "
             "leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, "
             "gelu; got \"mish\"");
  const attr_t strides[] = {INTS("strides", 1), END};
  CONV_ERROR(strides, xw, "attribute 'strides' must have 2 values, got 1");
  const attr_t dil[] = {INTS("dilations", 1, 0), END};
  CONV_ERROR(dil, xw, "attribute 'dilations' must have values >= 1, got 0");
  const attr_t pads[] = {INTS("pads", 0, -1, 0, 0), END};
  CONV_ERROR(pads, xw, "attribute 'pads' must have values >= 0, got -1");
  const attr_t same[] = {STR("auto_pad", "SAME"), END};
  CONV_ERROR(same, xw,
             "attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or "
             "VALID, got 'SAME'");
  const lk_shape_t small[] = {SHAPE(LK_F32, 1, 3, 2, 5), w};
  CONV_ERROR(none, small,
             "spatial dim 0: the window spans 3 elements (kernel 3, dilation "
             "1), more than the 2 of the padded input");
  const attr_t ks1[] = {INTS("kernel_shape", 3), END};
  CONV_ERROR(ks1, xw, "attribute 'kernel_shape' must have 2 values, got 1");
  const lk_shape_t uw[] = {x, unranked(LK_F32)};
  const attr_t ks0[] = {INTS("kernel_shape", 3, 0), END};
  CONV_ERROR(ks0, uw, "attribute 'kernel_shape' must have values >= 1, got 0");
  const attr_t ks5[] = {INTS("kernel_shape", 3, 5), END};
  CONV_ERROR(ks5, xw,
             "attribute 'kernel_shape' value 5 disagrees with dim 3 of "
             "operand #1 (W), 3");
  const lk_shape_t empty[] = {x, SHAPE(LK_F32, 4, 3, 0, 3)};
  CONV_ERROR(none, empty, "operand #1 (W) has an empty kernel: dim 2 is 0");
  const lk_shape_t r_dtype[] = {x, w, absent(), SHAPE(LK_F16, 1, 4, 3, 3)};
  CONV_ERROR(none, r_dtype,
             "operand #3 (R) must have element type f32 like operand #0, got "
             "f16");
  const lk_shape_t r_rank[] = {x, w, absent(), SHAPE(LK_F32, 4, 3, 3)};
  CONV_ERROR(none, r_rank, "operand #3 (R) must have the result's rank 4, got 3");
  const lk_shape_t r_shape[] = {x, w, absent(), SHAPE(LK_F32, 1, 4, 3, 2)};
  CONV_ERROR(none, r_shape,
             "operand #3 (R) must have the result's shape: dim 3 is 2, the "
             "result's is 3");
}

/* ---- conv2d_transpose ---------------------------------------------------------------- */

static void test_transpose(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_conv_params_t kp;
  /* W is (C, M/group, K...): 4 in, 2 out; stride 2 on 5: 2*4 + 3 = 11. */
  const lk_shape_t in[] = {SHAPE(LK_F32, 1, 4, 5, 5),
                           SHAPE(LK_F32, 4, 2, 3, 3), SHAPE(LK_F32, 2)};
  const attr_t s2[] = {INTS("strides", 2, 2), END};
  CHECK(LT_SUCCEEDED(run_conv(true, s2, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 11, 11) && kp.spatial == 2);
  CHECK(kp.strides[0] == 2 && kp.pads_begin[0] == 0);
  /* pads trim, output_padding adds at the end. */
  const attr_t trim[] = {INTS("strides", 2, 2), INTS("pads", 1, 1, 1, 1),
                         INTS("output_padding", 1, 0), END};
  CHECK(LT_SUCCEEDED(run_conv(true, trim, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 10, 9) && kp.pads_begin[0] == 1);
  /* output_shape 10 of a natural 11: one pad, at the start (NOTSET and
   * SAME_LOWER); N and C may lead. */
  const attr_t os[] = {INTS("strides", 2, 2), INTS("output_shape", 10, 10),
                       END};
  CHECK(LT_SUCCEEDED(run_conv(true, os, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 10, 10) && kp.pads_begin[0] == 1);
  const attr_t os4[] = {INTS("strides", 2, 2),
                        INTS("output_shape", 1, 2, 10, 10), END};
  CHECK(LT_SUCCEEDED(run_conv(true, os4, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 10, 10) && kp.pads_begin[1] == 1);
  /* SAME_UPPER: in * stride outputs, the pad at the end. */
  const attr_t upper[] = {INTS("strides", 2, 2), STR("auto_pad", "SAME_UPPER"),
                          END};
  CHECK(LT_SUCCEEDED(run_conv(true, upper, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 10, 10) && kp.pads_begin[0] == 0);
  /* An output_shape larger than the natural one pads negatively. */
  const attr_t larger[] = {INTS("strides", 2, 2), STR("auto_pad", "SAME_UPPER"),
                           INTS("output_shape", 12, 12), END};
  CHECK(LT_SUCCEEDED(run_conv(true, larger, in, 3, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 12, 12) && kp.pads_begin[0] == -1);
  /* Groups multiply W's dim 1. */
  const lk_shape_t grouped[] = {SHAPE(LK_F32, 1, 4, 5, 5),
                                SHAPE(LK_F32, 4, 3, 3, 3)};
  const attr_t g2[] = {INT("group", 2), END};
  CHECK(LT_SUCCEEDED(run_conv(true, g2, grouped, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 6, 7, 7) && kp.group == 2);
  /* Dynamic dims: unknown input size with an output_shape still knows the
   * size; without one it stays dynamic. */
  const lk_shape_t dyn[] = {SHAPE(LK_F32, 1, 4, -1, 5),
                            SHAPE(LK_F32, 4, 2, 3, 3)};
  CHECK(LT_SUCCEEDED(run_conv(true, os, dyn, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, 10, 10));
  CHECK(LT_SUCCEEDED(run_conv(true, s2, dyn, 2, &out, &kp, &p)));
  CHECK(DIMS_ARE(&out, 1, 2, -1, 11));
}

static void test_transpose_errors(void) {
  const lk_shape_t x = SHAPE(LK_F32, 1, 2, 3, 3);
  const attr_t none[] = {END};
  const lk_shape_t w0[] = {x, SHAPE(LK_F32, 3, 2, 3, 3)};
  TRANSPOSE_ERROR(none, w0,
                  "operand #1 (W) dim 0 must equal the 2 channels of operand "
                  "#0 (X), got 3");
  const lk_shape_t odd[] = {SHAPE(LK_F32, 1, 3, 3, 3),
                            SHAPE(LK_F32, 3, 2, 3, 3)};
  const attr_t g2[] = {INT("group", 2), END};
  TRANSPOSE_ERROR(g2, odd,
                  "operand #0 (X) has 3 channels, not a multiple of group 2");
  const lk_shape_t xw[] = {x, SHAPE(LK_F32, 2, 2, 3, 3)};
  const attr_t op1[] = {INTS("output_padding", 1), END};
  TRANSPOSE_ERROR(op1, xw,
                  "attribute 'output_padding' must have 2 values, got 1");
  const attr_t opn[] = {INTS("output_padding", 0, -1), END};
  TRANSPOSE_ERROR(opn, xw,
                  "attribute 'output_padding' must have values >= 0, got -1");
  const attr_t os3[] = {INTS("output_shape", 5, 5, 5), END};
  TRANSPOSE_ERROR(os3, xw,
                  "attribute 'output_shape' must have 2 values (or 4 with N "
                  "and C), got 3");
  const attr_t os0[] = {INTS("output_shape", 5, 0), END};
  TRANSPOSE_ERROR(os0, xw,
                  "attribute 'output_shape' must have values >= 1, got 0");
  const attr_t pads[] = {INTS("pads", 3, 3, 3, 3), END};
  TRANSPOSE_ERROR(pads, xw, "spatial dim 0: output size -1 is not positive");
  /* Strides times the input, output_padding or output_shape past the size
   * limit (their sums would overflow int64). */
  const lk_shape_t wide[] = {SHAPE(LK_F32, 1, 2, (int64_t)1 << 40, 3),
                             SHAPE(LK_F32, 2, 2, 3, 3)};
  const attr_t stride[] = {INTS("strides", (int64_t)1 << 40, 1), END};
  TRANSPOSE_ERROR(stride, wide, "spatial dim 0: the output size is too large");
  const attr_t opbig[] = {INTS("output_padding", INT64_MAX, 0), END};
  TRANSPOSE_ERROR(opbig, xw, "spatial dim 0: the output size is too large");
  const attr_t osbig[] = {INTS("output_shape", INT64_MAX, 5), END};
  TRANSPOSE_ERROR(osbig, xw, "spatial dim 0: the output size is too large");
  const lk_shape_t b[] = {x, SHAPE(LK_F32, 2, 2, 3, 3), SHAPE(LK_F32, 3)};
  TRANSPOSE_ERROR(none, b, "operand #2 (B) must have 2 elements, got 3");
}

/* ---- the vocabulary ---------------------------------------------------------------- */

static void test_attr_defaults(void) {
  const attr_t a[] = {INT("i", 7),          FLT("f", 2.75),
                      STR("s", "SAME_UPPER"), INTS("is", 1, 2, 3),
                      FLTS("fs", 0.5, -1.5), END};
  lk_attrs_t r = {a, &table_reader};
  CHECK(lk_attr_int(r, "i", 0) == 7);
  CHECK(lk_attr_int(r, "f", 0) == 2); /* toward zero */
  CHECK(lk_attr_int(r, "s", -4) == -4);  /* wrong kind: the default */
  CHECK(lk_attr_int(r, "missing", 9) == 9);
  CHECK(lk_attr_float(r, "i", 0) == 7.0 && lk_attr_float(r, "f", 0) == 2.75);
  CHECK(lk_attr_float(r, "is", 1.5) == 1.5);
  char buf[8];
  CHECK(strcmp(lk_attr_str(r, "s", buf, sizeof buf, "x"), "SAME_UP") == 0);
  CHECK(strcmp(lk_attr_str(r, "missing", buf, sizeof buf, "NOTSET"),
               "NOTSET") == 0);
  CHECK(strcmp(lk_attr_str(r, "i", buf, sizeof buf, NULL), "") == 0);
  int64_t v[2] = {0, 0};
  CHECK(lk_attr_ints(r, "is", v, 2) == 3 && v[0] == 1 && v[1] == 2);
  CHECK(lk_attr_ints(r, "fs", v, 2) == 2 && v[0] == 0 && v[1] == -1);
  CHECK(lk_attr_ints(r, "i", v, 2) == -1 && lk_attr_ints(r, "no", v, 2) == -1);
  double d[3];
  CHECK(lk_attr_floats(r, "is", d, 3) == 3 && d[2] == 3.0);
  CHECK(lk_attr_floats(r, "fs", d, 3) == 2 && d[1] == -1.5);
}

static void test_plan_context(void) {
  const attr_t a[] = {STR("mode", "linear"), END};
  lk_plan_t p = plan_over(a);
  CHECK(p.workspace_size == 0 && p.error[0] == '\0');
  static const char *const modes[] = {"nearest", "linear", "cubic"};
  int i = -1;
  CHECK(LT_SUCCEEDED(lk_plan_attr_choice(&p, "mode", "nearest", modes, 3, &i)));
  CHECK(i == 1);
  CHECK(LT_SUCCEEDED(lk_plan_attr_choice(&p, "other", "cubic", modes, 3, &i)));
  CHECK(i == 2);
  const char *const two[] = {"nearest", "cubic"};
  FAILS_WITH(lk_plan_attr_choice(&p, "mode", "", two, 2, &i), &p,
             "attribute 'mode' must be one of nearest, cubic; got 'linear'");
  /* The message is truncated, never overflowed. */
  char longer[2 * LK_PLAN_ERROR_CAP];
  memset(longer, 'x', sizeof longer - 1);
  longer[sizeof longer - 1] = '\0';
  CHECK(LT_FAILED(lk_plan_fail(&p, "%s", longer)));
  CHECK(strlen(p.error) == LK_PLAN_ERROR_CAP - 1);
  /* lk_shapes_of: concrete tensors, absent ones without rank or value. */
  float data[6];
  lk_tensor_t t[2] = {{LK_F32, 2, {2, 3}, data}, {LK_DTYPE_NONE, 0, {0}, NULL}};
  lk_shape_t s[2];
  lk_shapes_of(t, 2, s);
  CHECK(s[0].dtype == LK_F32 && s[0].rank == 2 && s[0].dims[1] == 3);
  CHECK(s[0].value == &t[0]);
  CHECK(s[1].rank == -1 && s[1].value == NULL);
  CHECK(lk_shape_present(s, 2, 0) && !lk_shape_present(s, 2, 1) &&
        !lk_shape_present(s, 2, 2));
}

int main(void) {
  test_pool_explicit();
  test_pool_auto_pad();
  test_pool_ceil_and_dilations();
  test_pool_global_and_types();
  test_pool_dynamic();
  test_pool_errors();
  test_conv_basic();
  test_conv_auto_pad();
  test_conv_groups_and_activation();
  test_conv_spatial_ranks();
  test_conv_dynamic();
  test_conv_errors();
  test_transpose();
  test_transpose_errors();
  test_attr_defaults();
  test_plan_context();
  if (g_failures) {
    fprintf(stderr, "plan_nn_test: %d failures\n", g_failures);
    return 1;
  }
  printf("plan_nn_test: ok\n");
  return 0;
}

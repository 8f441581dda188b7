/* ref_nn_conv_test.c - the convolution and pooling reference kernels
 * (kernels/ref/conv.h, pool.h): hand-checked cases (the ONNX operator
 * examples), a naive 2-D convolution as a second oracle on random odd
 * shapes for both the float32 and the double paths, float16, 1-D and 3-D
 * inputs, the fused residual, and every pooling type. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/ref/conv.h"
#include "kernels/ref/pool.h"

#include "test/unit/lite_test_util.h"
#include "test/unit/ref_ws.h"

static uint32_t g_seed = 12345;

static lk_conv_params_t conv_params(int32_t spatial) {
  lk_conv_params_t p;
  memset(&p, 0, sizeof p);
  p.spatial = spatial;
  p.group = 1;
  p.act = LK_ACT_NONE;
  for (int32_t d = 0; d < spatial; d++)
    p.strides[d] = p.dilations[d] = 1;
  return p;
}

/* ---- conv ------------------------------------------------------------------
 */

/* ONNX Conv example: 5x5 ramp, 3x3 ones, with and without padding 1. */
static void test_conv_onnx_example(void) {
  float x[25], w[9], y[25];
  ramp(x, 25, 0);
  fill(w, 9, 1);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 1, 5, 5));
  lk_tensor_t tw = tensor(LK_F32, w, DIMS(1, 1, 3, 3));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 1, 5, 5));
  lk_conv_params_t p = conv_params(2);
  p.pads_begin[0] = p.pads_begin[1] = 1;
  CHECK(WS_CONV2D(&p, &tx, &tw, NULL, &ty));
  double want[25] = {12,  21,  27, 33,  24,  33,  54, 63,  72,
                     51,  63,  99, 108, 117, 81,  93, 144, 153,
                     162, 111, 72, 111, 117, 123, 84};
  CHECK(all_near(&ty, want, 25, 0));
  /* No padding, stride 2 (test_conv_with_strides_no_padding on 7x5). */
  float x7[35], y2[6];
  ramp(x7, 35, 0);
  lk_tensor_t tx7 = tensor(LK_F32, x7, DIMS(1, 1, 7, 5));
  lk_tensor_t ty2 = tensor(LK_F32, y2, DIMS(1, 1, 3, 2));
  lk_conv_params_t q = conv_params(2);
  q.strides[0] = q.strides[1] = 2;
  CHECK(WS_CONV2D(&q, &tx7, &tw, NULL, &ty2));
  CHECK(all_near(&ty2, (double[]){54, 72, 144, 162, 234, 252}, 6, 0));
}

/* A direct transcription of the definition, in double through the generic
 * accessors: the second oracle for random shapes. */
static void naive_conv(const lk_conv_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *w, const lk_tensor_t *b, double *y,
                       const int64_t *ydims) {
  const lk_tensor_t *r = p->residual;
  int64_t n = x->dims[0], c = x->dims[1], h = x->dims[2], wd = x->dims[3];
  int64_t m = w->dims[0], cg = w->dims[1], kh = w->dims[2], kw = w->dims[3];
  int64_t oh = ydims[2], ow = ydims[3], mg = m / p->group;
  for (int64_t in = 0; in < n; in++)
    for (int64_t om = 0; om < m; om++)
      for (int64_t i = 0; i < oh; i++)
        for (int64_t j = 0; j < ow; j++) {
          double s = b ? lk_load_f64(b, om) : 0;
          for (int64_t cc = 0; cc < cg; cc++)
            for (int64_t u = 0; u < kh; u++)
              for (int64_t v = 0; v < kw; v++) {
                int64_t yy =
                    i * p->strides[0] + u * p->dilations[0] - p->pads_begin[0];
                int64_t xx =
                    j * p->strides[1] + v * p->dilations[1] - p->pads_begin[1];
                if (yy < 0 || yy >= h || xx < 0 || xx >= wd) continue;
                int64_t ch = (om / mg) * cg + cc;
                s += lk_load_f64(x, ((in * c + ch) * h + yy) * wd + xx) *
                     lk_load_f64(w, ((om * cg + cc) * kh + u) * kw + v);
              }
          int64_t at = ((in * m + om) * oh + i) * ow + j;
          if (r) s += lk_load_f64(r, at);
          y[at] = p->act == LK_ACT_NONE
                      ? s
                      : lk_ref_activation(p->act, p->act_alpha, p->act_beta, s);
        }
}

static void random_conv_case(lk_dtype_t dt, int64_t n, int64_t c, int64_t h,
                             int64_t wd, int64_t m, int64_t group, int64_t kh,
                             int64_t kw, int64_t sh, int64_t sw, int64_t dh,
                             int64_t dw, int64_t ph, int64_t pw, int64_t ph2,
                             int64_t pw2, bool bias, lk_activation_t act) {
  lk_conv_params_t p = conv_params(2);
  p.group = group;
  p.strides[0] = sh;
  p.strides[1] = sw;
  p.dilations[0] = dh;
  p.dilations[1] = dw;
  p.pads_begin[0] = ph;
  p.pads_begin[1] = pw;
  p.act = act;
  p.act_alpha = lk_activation_default_alpha(act);
  p.act_beta = lk_activation_default_beta(act);
  int64_t oh = (h + ph + ph2 - ((kh - 1) * dh + 1)) / sh + 1;
  int64_t ow = (wd + pw + pw2 - ((kw - 1) * dw + 1)) / sw + 1;
  size_t es = lk_dtype_size(dt);
  lk_tensor_t tx = tensor(dt, NULL, DIMS(n, c, h, wd));
  lk_tensor_t tw = tensor(dt, NULL, DIMS(m, c / group, kh, kw));
  lk_tensor_t tb = tensor(dt, NULL, DIMS(m));
  lk_tensor_t ty = tensor(dt, NULL, DIMS(n, m, oh, ow));
  tx.data = malloc(lk_nbytes(&tx));
  tw.data = malloc(lk_nbytes(&tw));
  tb.data = malloc(lk_nbytes(&tb));
  ty.data = calloc((size_t)lk_numel(&ty), es);
  double *want = malloc((size_t)lk_numel(&ty) * sizeof(double));
  for (int64_t i = 0; i < lk_numel(&tx); i++)
    lk_store_f64(&tx, i, rnd(&g_seed));
  for (int64_t i = 0; i < lk_numel(&tw); i++)
    lk_store_f64(&tw, i, rnd(&g_seed));
  for (int64_t i = 0; i < m; i++)
    lk_store_f64(&tb, i, rnd(&g_seed));
  naive_conv(&p, &tx, &tw, bias ? &tb : NULL, want, ty.dims);
  CHECK(WS_CONV2D(&p, &tx, &tw, bias ? &tb : NULL, &ty));
  double tol = dt == LK_F16 ? 2e-3 : dt == LK_F32 ? 1e-5 : 1e-12;
  if (!all_near(&ty, want, lk_numel(&ty), tol))
    fprintf(stderr, "  conv case %s n%lld c%lld %lldx%lld m%lld g%lld\n",
            lk_dtype_name(dt), (long long)n, (long long)c, (long long)h,
            (long long)wd, (long long)m, (long long)group);
  free(tx.data);
  free(tw.data);
  free(tb.data);
  free(ty.data);
  free(want);
}

static void test_conv_random(void) {
  static const lk_dtype_t dts[] = {LK_F32, LK_F64, LK_F16};
  for (size_t i = 0; i < 3; i++) {
    lk_dtype_t dt = dts[i];
    random_conv_case(dt, 1, 3, 7, 5, 4, 1, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, true,
                     LK_ACT_NONE);
    random_conv_case(dt, 2, 4, 9, 8, 6, 2, 3, 2, 2, 3, 1, 1, 1, 2, 1, 0, false,
                     LK_ACT_RELU);
    random_conv_case(dt, 1, 6, 11, 10, 6, 6, 3, 3, 1, 1, 2, 2, 2, 2, 2, 2, true,
                     LK_ACT_LEAKY_RELU); /* depthwise, dilated */
    random_conv_case(dt, 1, 5, 4, 13, 3, 1, 1, 1, 1, 2, 1, 1, 0, 0, 0, 0, true,
                     LK_ACT_SIGMOID); /* 1x1, strided */
    random_conv_case(dt, 1, 2, 3, 3, 2, 1, 5, 5, 1, 1, 1, 1, 2, 2, 2, 2, true,
                     LK_ACT_NONE); /* kernel larger than input */
    random_conv_case(dt, 2, 3, 6, 17, 2, 1, 2, 3, 3, 4, 2, 2, 0, 3, 1, 2, true,
                     LK_ACT_NONE); /* strided and dilated, odd width */
    random_conv_case(dt, 1, 4, 7, 7, 8, 4, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, false,
                     LK_ACT_NONE); /* grouped, stride 2 */
  }
}

/* The fused residual: y = act(conv + b + r). Against the naive oracle in
 * every float dtype, and in f32 bit for bit against the unfused sequence
 * (conv with bias, then a float add of r, then the activation), which is
 * what makes the residual fusion exact. */
static void residual_case(lk_dtype_t dt, lk_activation_t act) {
  lk_conv_params_t p = conv_params(2);
  p.strides[0] = 2;
  p.pads_begin[0] = p.pads_begin[1] = 1;
  p.act = act;
  p.act_alpha = lk_activation_default_alpha(act);
  p.act_beta = lk_activation_default_beta(act);
  /* x 2x6x7x5 (g 2), w 6x3x3x3, pads 1: y 2x6x4x5 */
  lk_tensor_t tx = tensor(dt, NULL, DIMS(2, 6, 7, 5));
  lk_tensor_t tw = tensor(dt, NULL, DIMS(6, 3, 3, 3));
  lk_tensor_t tb = tensor(dt, NULL, DIMS(6));
  lk_tensor_t ty = tensor(dt, NULL, DIMS(2, 6, 4, 5));
  lk_tensor_t tr = ty;
  p.group = 2;
  lk_tensor_t *all[] = {&tx, &tw, &tb, &tr};
  for (int i = 0; i < 4; i++) {
    all[i]->data = malloc(lk_nbytes(all[i]));
    for (int64_t k = 0; k < lk_numel(all[i]); k++)
      lk_store_f64(all[i], k, rnd(&g_seed));
  }
  int64_t ny = lk_numel(&ty);
  ty.data = calloc((size_t)ny, lk_dtype_size(dt));
  double *want = malloc((size_t)ny * sizeof(double));
  p.residual = &tr;
  naive_conv(&p, &tx, &tw, &tb, want, ty.dims);
  CHECK(WS_CONV2D(&p, &tx, &tw, &tb, &ty));
  double tol = dt == LK_F16 ? 4e-3 : dt == LK_F32 ? 1e-5 : 1e-12;
  CHECK(all_near(&ty, want, ny, tol));
  if (dt == LK_F32) {
    lk_tensor_t tu = ty;
    tu.data = calloc((size_t)ny, sizeof(float));
    lk_conv_params_t q = p;
    q.residual = NULL;
    q.act = LK_ACT_NONE;
    CHECK(WS_CONV2D(&q, &tx, &tw, &tb, &tu));
    float *u = tu.data, *r = tr.data, *y = ty.data;
    bool same = true;
    for (int64_t i = 0; i < ny; i++) {
      float sum = u[i] + r[i];
      float v = (float)lk_ref_activation(act, p.act_alpha, p.act_beta, sum);
      same = same && memcmp(&v, &y[i], sizeof v) == 0;
    }
    CHECK(same);
    free(tu.data);
  }
  /* An absent residual (dtype none) is no residual. */
  lk_tensor_t none = k_none;
  p.residual = &none;
  CHECK(WS_CONV2D(&p, &tx, &tw, &tb, &ty));
  p.residual = NULL;
  lk_tensor_t tz = ty;
  tz.data = calloc((size_t)ny, lk_dtype_size(dt));
  CHECK(WS_CONV2D(&p, &tx, &tw, &tb, &tz));
  CHECK(memcmp(tz.data, ty.data, lk_nbytes(&ty)) == 0);
  free(tz.data);
  for (int i = 0; i < 4; i++)
    free(all[i]->data);
  free(ty.data);
  free(want);
}

static void test_conv_residual(void) {
  static const lk_dtype_t dts[] = {LK_F32, LK_F64, LK_F16};
  for (size_t i = 0; i < 3; i++) {
    residual_case(dts[i], LK_ACT_NONE);
    residual_case(dts[i], LK_ACT_RELU);
    residual_case(dts[i], LK_ACT_HARD_SWISH);
  }
  /* The transposed conv takes one too: 1-D, ones, x = [1, 2] -> [1, 3, 2]
   * plus r = [10, 20, 30], then relu6 (bound 25). */
  double x[2] = {1, 2}, w[2] = {1, 1}, r[3] = {10, 20, 30}, y[3];
  lk_tensor_t tx = tensor(LK_F64, x, DIMS(1, 1, 2));
  lk_tensor_t tw = tensor(LK_F64, w, DIMS(1, 1, 2));
  lk_tensor_t tr = tensor(LK_F64, r, DIMS(1, 1, 3));
  lk_tensor_t ty = tensor(LK_F64, y, DIMS(1, 1, 3));
  lk_conv_params_t p = conv_params(1);
  p.residual = &tr;
  p.act = LK_ACT_RELU6;
  p.act_alpha = 25;
  CHECK(WS_CONV2D_TRANSPOSE(&p, &tx, &tw, NULL, &ty));
  CHECK(all_near(&ty, (double[]){11, 23, 25}, 3, 0));
}

/* The conv2d op with its 4th operand: evaluation adds R before the
 * activation; the verifier wants R of the result's exact shape and dtype. */
static void test_conv_residual_op(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  const char *src =
      "func.func @f(%x: tensor<1x1x2x2xf32>, %w: tensor<1x1x1x1xf32>, "
      "%r: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {\n"
      "  %n = \"lite.none\"() : () -> none\n"
      "  %y = \"lite.conv2d\"(%x, %w, %n, %r) {activation = \"relu\"} : "
      "(tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, none, tensor<1x1x2x2xf32>) "
      "-> tensor<1x1x2x2xf32>\n"
      "  return %y : tensor<1x1x2x2xf32>\n}\n";
  float x[4] = {1, -2, 3, -4}, w[1] = {2}, r[4] = {0.5f, 1, -7, 10};
  lk_tensor_t in[4] = {tensor(LK_F32, x, DIMS(1, 1, 2, 2)),
                       tensor(LK_F32, w, DIMS(1, 1, 1, 1)), k_none,
                       tensor(LK_F32, r, DIMS(1, 1, 2, 2))};
  lk_tensor_t out[1];
  CHECK(LT_SUCCEEDED(eval(ctx, &log, src, in, out)));
  CHECK(all_near(&out[0], (double[]){2.5, 0, 0, 2}, 4, 0));
  release(out, 1);

  static const struct {
    const char *r_type, *error;
  } bad[] = {
      {"tensor<1x1x2x3xf32>", "operand #3 (R) must have the result's shape: "
                              "dim 3 is 3, the result's is 2"},
      {"tensor<1x2x2xf32>", "operand #3 (R) must have the result's rank 4, "
                            "got 3"},
      {"tensor<1x1x2x2xf64>", "operand #3 (R)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "func.func @f(%%x: tensor<1x1x2x2xf32>, %%w: "
             "tensor<1x1x1x1xf32>, %%r: %s) -> tensor<1x1x2x2xf32> {\n"
             "  %%n = \"lite.none\"() : () -> none\n"
             "  %%y = \"lite.conv2d\"(%%x, %%w, %%n, %%r) : "
             "(tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, none, %s) -> "
             "tensor<1x1x2x2xf32>\n"
             "  return %%y : tensor<1x1x2x2xf32>\n}\n",
             bad[i].r_type, bad[i].r_type);
    lite_log_reset(&log);
    lt_op_t *m = lite_parse(ctx, text);
    CHECK(m != NULL);
    if (!m) continue;
    CHECK(LT_FAILED(lt_op_verify(m)) && last_error_has(&log, bad[i].error));
    lt_op_destroy(m);
  }
  lite_log_free(&log);
  lt_context_destroy(ctx);
}

/* The spatial rank is a parameter: 1-D and 3-D against hand sums. */
static void test_conv_1d_3d(void) {
  double x[5] = {1, 2, 3, 4, 5}, w[2] = {1, -1}, y[6];
  lk_tensor_t tx = tensor(LK_F64, x, DIMS(1, 1, 5));
  lk_tensor_t tw = tensor(LK_F64, w, DIMS(1, 1, 2));
  lk_tensor_t ty = tensor(LK_F64, y, DIMS(1, 1, 6));
  lk_conv_params_t p = conv_params(1);
  p.pads_begin[0] = 1; /* and 1 at the end: output 5 + 2 - 2 + 1 = 6 */
  CHECK(WS_CONV2D(&p, &tx, &tw, NULL, &ty));
  CHECK(all_near(&ty, (double[]){-1, -1, -1, -1, -1, 5}, 6, 0));

  float x3[2 * 3 * 4], w3[2 * 2 * 2], y3[1 * 2 * 3], b3[1] = {0.5f};
  ramp(x3, 24, 0);
  fill(w3, 8, 1);
  lk_tensor_t tx3 = tensor(LK_F32, x3, DIMS(1, 1, 2, 3, 4));
  lk_tensor_t tw3 = tensor(LK_F32, w3, DIMS(1, 1, 2, 2, 2));
  lk_tensor_t tb3 = tensor(LK_F32, b3, DIMS(1));
  lk_tensor_t ty3 = tensor(LK_F32, y3, DIMS(1, 1, 1, 2, 3));
  lk_conv_params_t q = conv_params(3);
  CHECK(WS_CONV2D(&q, &tx3, &tw3, &tb3, &ty3));
  /* Window at (0, i, j) sums x[d][i..i+1][j..j+1] over d = 0, 1. */
  double want[6];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0.5;
      for (int d = 0; d < 2; d++)
        for (int u = 0; u < 2; u++)
          for (int v = 0; v < 2; v++)
            s += (d * 3 + i + u) * 4 + j + v;
      want[i * 3 + j] = s;
    }
  CHECK(all_near(&ty3, want, 6, 0));
}

/* ---- conv_transpose --------------------------------------------------------
 */

/* ONNX ConvTranspose example: 3x3 ramp, two 3x3 kernels of ones. */
static void test_conv_transpose(void) {
  float x[9], w[18], y[2 * 25];
  ramp(x, 9, 0);
  fill(w, 18, 1);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 1, 3, 3));
  lk_tensor_t tw = tensor(LK_F32, w, DIMS(1, 2, 3, 3));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 2, 5, 5));
  lk_conv_params_t p = conv_params(2);
  CHECK(WS_CONV2D_TRANSPOSE(&p, &tx, &tw, NULL, &ty));
  double plane[25] = {0,  1,  3, 3,  2,  3,  8,  15, 12, 7,  9,  21, 36,
                      27, 15, 9, 20, 33, 24, 13, 6,  13, 21, 15, 8};
  double want[50];
  memcpy(want, plane, sizeof plane);
  memcpy(want + 25, plane, sizeof plane);
  CHECK(all_near(&ty, want, 50, 0));

  /* strides (3, 2), pads (1, 2, 1, 2): test_convtranspose_pads, f64 with a
   * bias of 1 and 2 per output map. */
  double xd[9], wd[18], yd[2 * 7 * 3], bd[2] = {1, 2};
  for (int i = 0; i < 9; i++)
    xd[i] = i;
  for (int i = 0; i < 18; i++)
    wd[i] = 1;
  lk_tensor_t txd = tensor(LK_F64, xd, DIMS(1, 1, 3, 3));
  lk_tensor_t twd = tensor(LK_F64, wd, DIMS(1, 2, 3, 3));
  lk_tensor_t tbd = tensor(LK_F64, bd, DIMS(2));
  lk_tensor_t tyd = tensor(LK_F64, yd, DIMS(1, 2, 7, 3));
  lk_conv_params_t q = conv_params(2);
  q.strides[0] = 3;
  q.strides[1] = 2;
  q.pads_begin[0] = 1;
  q.pads_begin[1] = 2;
  CHECK(WS_CONV2D_TRANSPOSE(&q, &txd, &twd, &tbd, &tyd));
  double rows[7][3] = {{1, 1, 3}, {1, 1, 3},   {7, 4, 9},  {7, 4, 9},
                       {7, 4, 9}, {13, 7, 15}, {13, 7, 15}};
  double wantd[42];
  for (int mm = 0; mm < 2; mm++)
    for (int i = 0; i < 7; i++)
      for (int j = 0; j < 3; j++)
        wantd[(mm * 7 + i) * 3 + j] = rows[i][j] + bd[mm];
  CHECK(all_near(&tyd, wantd, 42, 0));

  /* Negative leading pad (an output_shape past the natural size) shifts the
   * output; group 2 keeps channels apart. */
  double xg[2] = {1, 10}, wg[2 * 1 * 2] = {1, 2, 3, 4}, yg[2 * 3];
  lk_tensor_t txg = tensor(LK_F64, xg, DIMS(1, 2, 1));
  lk_tensor_t twg = tensor(LK_F64, wg, DIMS(2, 1, 2));
  lk_tensor_t tyg = tensor(LK_F64, yg, DIMS(1, 2, 3));
  lk_conv_params_t r = conv_params(1);
  r.group = 2;
  r.pads_begin[0] = -1;
  CHECK(WS_CONV2D_TRANSPOSE(&r, &txg, &twg, NULL, &tyg));
  CHECK(all_near(&tyg, (double[]){0, 1, 2, 0, 30, 40}, 6, 0));
}

/* ---- pool ------------------------------------------------------------------
 */

static lk_pool_params_t pool_params(lk_pool_type_t type, int32_t spatial,
                                    int64_t k) {
  lk_pool_params_t p;
  memset(&p, 0, sizeof p);
  p.type = type;
  p.spatial = spatial;
  p.p = 2;
  for (int32_t d = 0; d < spatial; d++) {
    p.kernel[d] = k;
    p.strides[d] = p.dilations[d] = 1;
  }
  return p;
}

static void test_pool(void) {
  /* 4x4 ramp (1..16), 3x3 windows, stride 2, pads 1: max / avg both ways. */
  float x[16], y[4];
  ramp(x, 16, 1);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 1, 4, 4));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 1, 2, 2));
  lk_pool_params_t p = pool_params(LK_POOL_MAX, 2, 3);
  p.strides[0] = p.strides[1] = 2;
  p.pads_begin[0] = p.pads_begin[1] = p.pads_end[0] = p.pads_end[1] = 1;
  CHECK(WS_POOL2D(&p, &tx, &ty));
  CHECK(all_near(&ty, (double[]){6, 8, 14, 16}, 4, 0));
  p.type = LK_POOL_AVG;
  CHECK(WS_POOL2D(&p, &tx, &ty));
  /* window (0,0) covers rows 0-1, cols 0-1: (1+2+5+6)/4; (0,1) rows 0-1,
   * cols 1-3: 30/6 */
  CHECK(all_near(&ty, (double[]){3.5, 5, 9.5, 11}, 4, 1e-7));
  p.count_include_pad = true;
  CHECK(WS_POOL2D(&p, &tx, &ty));
  CHECK(all_near(&ty, (double[]){14.0 / 9, 30.0 / 9, 57.0 / 9, 99.0 / 9}, 4,
                 1e-6));

  /* ceil_mode's extra window past the trailing pad: test_averagepool_2d_ceil
   * (4x4 ramp, kernel 3, stride 2 -> 2x2; the last window holds 2x2). */
  p = pool_params(LK_POOL_AVG, 2, 3);
  p.strides[0] = p.strides[1] = 2;
  CHECK(WS_POOL2D(&p, &tx, &ty));
  CHECK(all_near(&ty, (double[]){6, 7.5, 12, 13.5}, 4, 1e-7));
  p.count_include_pad = true; /* past the padded input never counts */
  CHECK(WS_POOL2D(&p, &tx, &ty));
  CHECK(all_near(&ty, (double[]){6, 7.5, 12, 13.5}, 4, 1e-7));
  /* A 2^40 x 2^40 window over the padding and one element: 2^80 padded
   * taps (an int64 count overflowed). */
  float one = 1, tiny = 0;
  lk_tensor_t t1 = tensor(LK_F32, &one, DIMS(1, 1, 1, 1));
  lk_tensor_t tt = tensor(LK_F32, &tiny, DIMS(1, 1, 1, 1));
  p = pool_params(LK_POOL_AVG, 2, (int64_t)1 << 40);
  p.count_include_pad = true;
  p.pads_begin[0] = p.pads_begin[1] = ((int64_t)1 << 40) - 1;
  CHECK(WS_POOL2D(&p, &t1, &tt));
  CHECK(tiny == (float)ldexp(1, -80));

  /* lp (p = 2 and 3) over 1-D windows of 2 with padding 1: the pad adds 0. */
  double xd[3] = {3, -4, 12}, yd[4];
  lk_tensor_t txd = tensor(LK_F64, xd, DIMS(1, 1, 3));
  lk_tensor_t tyd = tensor(LK_F64, yd, DIMS(1, 1, 4));
  lk_pool_params_t q = pool_params(LK_POOL_LP, 1, 2);
  q.pads_begin[0] = q.pads_end[0] = 1;
  CHECK(WS_POOL2D(&q, &txd, &tyd));
  CHECK(all_near(&tyd, (double[]){3, 5, sqrt(160), 12}, 4, 1e-12));
  q.p = 3;
  CHECK(WS_POOL2D(&q, &txd, &tyd));
  CHECK(all_near(&tyd, (double[]){3, cbrt(91), cbrt(64 + 1728), 12}, 4, 1e-12));

  /* max with dilation 2 on uint8 (test_maxpool_2d_dilations pattern) and a
   * window in the padding only: the dtype's lowest value. */
  uint8_t xu[16], yu[4];
  for (int i = 0; i < 16; i++)
    xu[i] = (uint8_t)(200 + i);
  lk_tensor_t txu = tensor(LK_U8, xu, DIMS(1, 1, 4, 4));
  lk_tensor_t tyu = tensor(LK_U8, yu, DIMS(1, 1, 2, 2));
  lk_pool_params_t r = pool_params(LK_POOL_MAX, 2, 2);
  r.dilations[0] = r.dilations[1] = 2;
  CHECK(WS_POOL2D(&r, &txu, &tyu));
  CHECK(yu[0] == 210 && yu[1] == 211 && yu[2] == 214 && yu[3] == 215);
  int8_t xi[2] = {-5, -7}, yi[3];
  lk_tensor_t txi = tensor(LK_I8, xi, DIMS(1, 1, 2));
  lk_tensor_t tyi = tensor(LK_I8, yi, DIMS(1, 1, 3));
  lk_pool_params_t s = pool_params(LK_POOL_MAX, 1, 1);
  s.pads_end[0] = 1;
  CHECK(WS_POOL2D(&s, &txi, &tyi));
  CHECK(yi[0] == -5 && yi[1] == -7 && yi[2] == -128);

  /* Global pooling is a window over everything; float16; NaN wins max. */
  uint16_t xh[6], yh[2];
  for (int i = 0; i < 6; i++)
    xh[i] = lk_f32_to_f16((float)i * 0.5f);
  lk_tensor_t txh = tensor(LK_F16, xh, DIMS(1, 2, 3));
  lk_tensor_t tyh = tensor(LK_F16, yh, DIMS(1, 2, 1));
  lk_pool_params_t g = pool_params(LK_POOL_AVG, 1, 3);
  CHECK(WS_POOL2D(&g, &txh, &tyh));
  CHECK(all_near(&tyh, (double[]){0.5, 2.0}, 2, 0));
  xh[1] = 0x7e00; /* NaN */
  g.type = LK_POOL_MAX;
  CHECK(WS_POOL2D(&g, &txh, &tyh));
  CHECK(isnan(lk_load_f64(&tyh, 0)) && lk_load_f64(&tyh, 1) == 2.5);
}

/* A workspace short of the kernel's size function is refused before the
 * kernel writes anything; each path's workspace (float32 with a strided
 * copy of x, double, the transpose, pooling). */
static void test_short_workspace(void) {
  double x[50], w[54], b[3], y[27];
  for (int i = 0; i < 54; i++) {
    if (i < 50) x[i] = i * 0.25;
    w[i] = 1.0 - i * 0.5;
  }
  for (int i = 0; i < 3; i++)
    b[i] = i;
  static const lk_dtype_t dts[] = {LK_F32, LK_F64};
  for (int k = 0; k < 2; k++) {
    lk_tensor_t tx = tensor(dts[k], x, DIMS(1, 2, 5, 5));
    lk_tensor_t tw = tensor(dts[k], w, DIMS(3, 2, 3, 3));
    lk_tensor_t tb = tensor(dts[k], b, DIMS(3));
    lk_tensor_t ty = tensor(dts[k], y, DIMS(1, 3, 2, 2));
    lk_conv_params_t p = conv_params(2);
    p.strides[0] = p.strides[1] = 2;
    CHECK_SHORT_WS(lk_ref_conv2d_workspace(&p, &tx, &tw, &tb, &ty), &ty,
                   lk_ref_conv2d(&p, &tx, &tw, &tb, &ty, ws));
    /* The transposed conv: x (1, 3, 2, 2) to y (1, 2, 4, 4). */
    lk_tensor_t tx2 = tensor(dts[k], y, DIMS(1, 3, 2, 2));
    lk_tensor_t tw2 = tensor(dts[k], w, DIMS(3, 2, 3, 3));
    lk_tensor_t ty2 = tensor(dts[k], x, DIMS(1, 2, 4, 4));
    lk_conv_params_t q = conv_params(2);
    q.pads_begin[0] = q.pads_begin[1] = 1;
    CHECK_SHORT_WS(
        lk_ref_conv2d_transpose_workspace(&q, &tx2, &tw2, NULL, &ty2), &ty2,
        lk_ref_conv2d_transpose(&q, &tx2, &tw2, NULL, &ty2, ws));
  }
  lk_tensor_t px = tensor(LK_F32, x, DIMS(1, 2, 4, 4));
  lk_tensor_t py = tensor(LK_F32, y, DIMS(1, 2, 2, 2));
  lk_pool_params_t pp = pool_params(LK_POOL_MAX, 2, 2);
  pp.strides[0] = pp.strides[1] = 2;
  CHECK(lk_ref_pool2d_workspace(&px, &py) == 256 + 64);
  CHECK_SHORT_WS(lk_ref_pool2d_workspace(&px, &py), &py,
                 lk_ref_pool2d(&pp, &px, &py, ws));
}

int main(void) {
  test_conv_onnx_example();
  test_conv_random();
  test_conv_1d_3d();
  test_conv_residual();
  test_conv_residual_op();
  test_conv_transpose();
  test_pool();
  test_short_workspace();
  return test_exit_status();
}

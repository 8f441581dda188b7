/* ref_nn_misc_test.c - the normalization, resize and top_k reference
 * kernels (kernels/ref/norm.h, resize.h, topk.h) against numpy and the ONNX
 * operator tests' expected outputs, over float32, float64, float16 and
 * integer inputs. */
#include <math.h>
#include <string.h>

#include "kernels/ref/norm.h"
#include "kernels/ref/resize.h"
#include "kernels/ref/topk.h"

#include "test/unit/lite_test_util.h"
#include "test/unit/ref_ws.h"

/* ---- normalizations
 * ---------------------------------------------------------- */

static void test_batch_norm(void) {
  float x[6] = {-1, 0, 1, 2, 3, 4}, s[2] = {1, 1.5f}, b[2] = {0, 1},
        m[2] = {0, 3}, v[2] = {1, 1.5f}, y[6];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 2, 1, 3));
  lk_tensor_t ts = tensor(LK_F32, s, DIMS(2)), tb = tensor(LK_F32, b, DIMS(2));
  lk_tensor_t tm = tensor(LK_F32, m, DIMS(2)), tv = tensor(LK_F32, v, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 2, 1, 3));
  lk_ref_batch_norm(1e-5, &tx, &ts, &tb, &tm, &tv, &ty);
  CHECK(all_near(&ty,
                 (double[]){-0.9999950000374997, 0.0, 0.9999950000374997,
                            -0.22474078892909666, 1.0, 2.224740788929097},
                 6, 1e-6));
  /* (N, C) input and a 1-D input of one channel, float64. */
  double x2[4] = {1, 2, 3, 4}, y2[4], one[1] = {1}, zero[1] = {0},
         var4[1] = {4};
  lk_tensor_t tx2 = tensor(LK_F64, x2, DIMS(4));
  lk_tensor_t ty2 = tensor(LK_F64, y2, DIMS(4));
  lk_tensor_t t1 = tensor(LK_F64, one, DIMS(1)),
              t0 = tensor(LK_F64, zero, DIMS(1));
  lk_tensor_t tv4 = tensor(LK_F64, var4, DIMS(1));
  lk_ref_batch_norm(0.0, &tx2, &t1, &t0, &t1, &tv4, &ty2);
  CHECK(all_near(&ty2, (double[]){0, 0.5, 1, 1.5}, 4, 0));
}

static void test_layer_norm(void) {
  float x[6] = {1, 2, 4, -3, 0, 3}, s[3] = {1, 2, 3}, b[3] = {0.5f, 0, -1};
  float y[6], mean[2], inv[2];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 3));
  lk_tensor_t ts = tensor(LK_F32, s, DIMS(3)), tb = tensor(LK_F32, b, DIMS(3));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 3));
  lk_tensor_t tmean = tensor(LK_F32, mean, DIMS(2, 1));
  lk_tensor_t tinv = tensor(LK_F32, inv, DIMS(2, 1));
  CHECK(WS_LAYER_NORM(1, 1e-5, &tx, &ts, &tb, &ty, &tmean, &tinv));
  CHECK(all_near(&ty,
                 (double[]){-0.5690415314502977, -0.5345207657251491,
                            3.008905742938616, -0.7247438507721387, 0.0,
                            2.674231552316416},
                 6, 1e-6));
  CHECK(all_near(&tmean, (double[]){2.3333333333333335, 0.0}, 2, 1e-7));
  CHECK(all_near(&tinv, (double[]){0.8017811485877232, 0.4082479502573796}, 2,
                 1e-7));
  /* axis 0 normalizes everything; no B, no statistics; a scale [2,1]
   * broadcasts over the last dim. */
  float s2[2] = {1, -1};
  lk_tensor_t ts2 = tensor(LK_F32, s2, DIMS(2, 1));
  CHECK(WS_LAYER_NORM(0, 0.0, &tx, &ts2, NULL, &ty, NULL, NULL));
  /* mean 7/6, population variance of the six values */
  double mu = 7.0 / 6, var = 0, want[6];
  for (int i = 0; i < 6; i++)
    var += (x[i] - mu) * (x[i] - mu) / 6;
  for (int i = 0; i < 6; i++)
    want[i] = (x[i] - mu) / sqrt(var) * (i < 3 ? 1 : -1);
  CHECK(all_near(&ty, want, 6, 1e-6));
}

static void test_instance_norm_lrn_mvn(void) {
  double x[6] = {1, 2, 6, 0, 0, 3}, s[2] = {2, 1}, b[2] = {0, 1}, y[6];
  lk_tensor_t tx = tensor(LK_F64, x, DIMS(1, 2, 3));
  lk_tensor_t ts = tensor(LK_F64, s, DIMS(2)), tb = tensor(LK_F64, b, DIMS(2));
  lk_tensor_t ty = tensor(LK_F64, y, DIMS(1, 2, 3));
  lk_ref_instance_norm(1e-5, &tx, &ts, &tb, &ty);
  CHECK(all_near(&ty,
                 (double[]){-1.8516382156480775, -0.9258191078240388,
                            2.7774573234721163, 0.29289498657377633,
                            0.29289498657377633, 2.414210026852447},
                 6, 1e-12));

  uint16_t xh[4], yh[4];
  lk_tensor_t txh = tensor(LK_F16, xh, DIMS(1, 4, 1, 1));
  lk_tensor_t tyh = tensor(LK_F16, yh, DIMS(1, 4, 1, 1));
  for (int i = 0; i < 4; i++)
    lk_store_f64(&txh, i, i + 1);
  lk_lrn_params_t lp = {0.1, 0.75, 1.0, 3};
  lk_ref_lrn(&lp, &txh, &tyh);
  CHECK(all_near(&tyh,
                 (double[]){0.8908198951074957, 1.5006569687168565,
                            1.806438526537216, 2.538802488004848},
                 4, 1e-3));

  float xm[8], ym[8];
  for (int i = 0; i < 8; i++)
    xm[i] = (float)pow(i, 1.5);
  lk_tensor_t txm = tensor(LK_F32, xm, DIMS(2, 2, 1, 2));
  lk_tensor_t tym = tensor(LK_F32, ym, DIMS(2, 2, 1, 2));
  CHECK(WS_MVN((1u << 0) | (1u << 2) | (1u << 3), &txm, &tym));
  CHECK(all_near(&tym,
                 (double[]){-1.0744657480732316, -0.8614929727754622,
                            -1.1518330903450933, -0.7873292025787746,
                            0.6293164543089238, 1.3066422665397706,
                            0.6752870262587846, 1.2638752666650834},
                 8, 1e-6));
}

/* ---- resize
 * ------------------------------------------------------------------ */

static lk_resize_params_t resize_params(lk_resize_mode_t mode,
                                        lk_resize_coord_t coord,
                                        const lk_tensor_t *x,
                                        const double *scales, bool sizes,
                                        const lk_tensor_t *y) {
  lk_resize_params_t p;
  memset(&p, 0, sizeof p);
  p.mode = mode;
  p.coord = coord;
  p.nearest = LK_RESIZE_NEAREST_ROUND_PREFER_FLOOR;
  p.cubic_coeff_a = -0.75;
  for (int32_t d = 0; d < x->rank; d++) {
    p.scales[d] = sizes ? (double)y->dims[d] / (double)x->dims[d] : scales[d];
    p.lengths[d] = sizes ? (double)y->dims[d] : scales[d] * (double)x->dims[d];
    p.roi_end[d] = 1;
  }
  return p;
}

static void test_resize(void) {
  float x[16], y[64];
  ramp(x, 16, 1);
  /* test_resize_upsample_scales_linear (half_pixel) */
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 1, 2, 2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 1, 4, 4));
  lk_resize_params_t p =
      resize_params(LK_RESIZE_LINEAR, LK_RESIZE_COORD_HALF_PIXEL, &tx,
                    (double[]){1, 1, 2, 2}, false, &ty);
  CHECK(WS_RESIZE(&p, &tx, &ty));
  CHECK(all_near(&ty,
                 (double[]){1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75,
                            3.25, 3.5, 3, 3.25, 3.75, 4},
                 16, 1e-7));
  /* test_resize_downsample_scales_linear_align_corners: the resized length
   * is 4 * 0.6 = 2.4, not the 2 output elements. */
  lk_tensor_t tx24 = tensor(LK_F32, x, DIMS(1, 1, 2, 4));
  lk_tensor_t ty12 = tensor(LK_F32, y, DIMS(1, 1, 1, 2));
  p = resize_params(LK_RESIZE_LINEAR, LK_RESIZE_COORD_ALIGN_CORNERS, &tx24,
                    (double[]){1, 1, 0.6, 0.6}, false, &ty12);
  CHECK(WS_RESIZE(&p, &tx24, &ty12));
  CHECK(all_near(&ty12, (double[]){1, 3.142857}, 2, 1e-6));
  /* test_resize_upsample_scales_cubic, first and last rows */
  lk_tensor_t tx44 = tensor(LK_F32, x, DIMS(1, 1, 4, 4));
  lk_tensor_t ty88 = tensor(LK_F32, y, DIMS(1, 1, 8, 8));
  p = resize_params(LK_RESIZE_CUBIC, LK_RESIZE_COORD_HALF_PIXEL, &tx44,
                    (double[]){1, 1, 2, 2}, false, &ty88);
  CHECK(WS_RESIZE(&p, &tx44, &ty88));
  lk_tensor_t first = ty88;
  first.dims[2] = 1;
  CHECK(all_near(&first,
                 (double[]){0.47265625, 0.76953125, 1.2460938, 1.875, 2.28125,
                            2.9101562, 3.3867188, 3.6835938},
                 8, 1e-6));
  lk_tensor_t last = ty88;
  last.data = y + 56;
  last.dims[2] = 1;
  CHECK(all_near(&last,
                 (double[]){13.316406, 13.613281, 14.089844, 14.71875, 15.125,
                            15.753906, 16.230469, 16.527344},
                 8, 1e-6));
  /* test_resize_tf_crop_and_resize: extrapolation outside the roi */
  lk_tensor_t ty33 = tensor(LK_F32, y, DIMS(1, 1, 3, 3));
  p = resize_params(LK_RESIZE_LINEAR, LK_RESIZE_COORD_TF_CROP_AND_RESIZE, &tx44,
                    NULL, true, &ty33);
  double roi[8] = {0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7};
  for (int d = 0; d < 4; d++) {
    p.roi_start[d] = roi[d];
    p.roi_end[d] = roi[4 + d];
  }
  p.extrapolation_value = 10;
  CHECK(WS_RESIZE(&p, &tx44, &ty33));
  CHECK(all_near(&ty33, (double[]){7.6, 10, 10, 12.4, 10, 10, 10, 10, 10}, 9,
                 1e-6));
  /* nearest, sizes, float: test_resize_downsample_sizes_nearest */
  lk_tensor_t ty13 = tensor(LK_F32, y, DIMS(1, 1, 1, 3));
  p = resize_params(LK_RESIZE_NEAREST, LK_RESIZE_COORD_HALF_PIXEL, &tx24, NULL,
                    true, &ty13);
  CHECK(WS_RESIZE(&p, &tx24, &ty13));
  CHECK(all_near(&ty13, (double[]){1, 2, 4}, 3, 0));
  /* nearest ceil, half_pixel on int64 (copies exactly, past 2^53) */
  int64_t xi[4] = {INT64_C(1) << 60, 2, 3, (INT64_C(1) << 60) + 1}, yi[8];
  lk_tensor_t txi = tensor(LK_I64, xi, DIMS(4));
  lk_tensor_t tyi = tensor(LK_I64, yi, DIMS(8));
  p = resize_params(LK_RESIZE_NEAREST, LK_RESIZE_COORD_HALF_PIXEL, &txi, NULL,
                    true, &tyi);
  p.nearest = LK_RESIZE_NEAREST_CEIL;
  CHECK(WS_RESIZE(&p, &txi, &tyi));
  /* as row 0 of test_resize_upsample_sizes_nearest_ceil_half_pixel:
   * 1 2 2 3 3 4 4 4 */
  CHECK(yi[0] == xi[0] && yi[1] == 2 && yi[2] == 2 && yi[3] == 3 &&
        yi[5] == xi[3] && yi[7] == xi[3]);
  /* Name lookups. */
  lk_resize_coord_t cm;
  lk_resize_mode_t md;
  lk_resize_nearest_t nm;
  CHECK(lk_resize_coord_from_name("tf_half_pixel_for_nn", &cm) &&
        cm == LK_RESIZE_COORD_TF_HALF_PIXEL_FOR_NN);
  CHECK(lk_resize_mode_from_name("cubic", &md) && md == LK_RESIZE_CUBIC);
  CHECK(lk_resize_nearest_from_name("floor", &nm) &&
        nm == LK_RESIZE_NEAREST_FLOOR);
  CHECK(!lk_resize_mode_from_name("bilinear", &md));
}

/* ---- top_k
 * ------------------------------------------------------------------- */

static void test_top_k(void) {
  /* Ties keep the lower index first, both directions; axis 1 of [2,4]. */
  float x[8] = {3, 1, 3, 2, 0, 5, 5, 5}, v[4];
  int64_t idx[4];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 4));
  lk_tensor_t tv = tensor(LK_F32, v, DIMS(2, 2));
  lk_tensor_t ti = tensor(LK_I64, idx, DIMS(2, 2));
  lk_topk_params_t p = {1, 2, true, true};
  CHECK(WS_TOP_K(&p, &tx, &tv, &ti));
  CHECK(v[0] == 3 && v[1] == 3 && idx[0] == 0 && idx[1] == 2);
  CHECK(v[2] == 5 && v[3] == 5 && idx[2] == 1 && idx[3] == 2);
  p.largest = false;
  CHECK(WS_TOP_K(&p, &tx, &tv, &ti));
  CHECK(v[0] == 1 && v[1] == 2 && idx[0] == 1 && idx[1] == 3);
  CHECK(v[2] == 0 && v[3] == 5 && idx[2] == 0 && idx[3] == 1);
  /* axis 0 of [3,2] int64 beyond 2^53 and uint64 above INT64_MAX. */
  int64_t xi[6] = {(INT64_C(1) << 60) + 1, 7, INT64_C(1) << 60, 9, -4, 8};
  int64_t vi[2], ii[2];
  lk_tensor_t txi = tensor(LK_I64, xi, DIMS(3, 2));
  lk_tensor_t tvi = tensor(LK_I64, vi, DIMS(1, 2));
  lk_tensor_t tii = tensor(LK_I64, ii, DIMS(1, 2));
  lk_topk_params_t q = {0, 1, true, true};
  CHECK(WS_TOP_K(&q, &txi, &tvi, &tii));
  CHECK(vi[0] == (INT64_C(1) << 60) + 1 && ii[0] == 0 && vi[1] == 9 &&
        ii[1] == 1);
  uint64_t xu[3] = {UINT64_C(1) << 63, 1, UINT64_MAX}, vu[3];
  int64_t iu[3];
  lk_tensor_t txu = tensor(LK_U64, xu, DIMS(3));
  lk_tensor_t tvu = tensor(LK_U64, vu, DIMS(3));
  lk_tensor_t tiu = tensor(LK_I64, iu, DIMS(3));
  lk_topk_params_t r = {0, 3, true, true};
  CHECK(WS_TOP_K(&r, &txu, &tvu, &tiu));
  CHECK(iu[0] == 2 && iu[1] == 0 && iu[2] == 1);
  /* NaN sorts above everything; k = 0 writes nothing. */
  double xd[3] = {1, NAN, 2}, vd[2];
  int64_t id[2];
  lk_tensor_t txd = tensor(LK_F64, xd, DIMS(3));
  lk_tensor_t tvd = tensor(LK_F64, vd, DIMS(2));
  lk_tensor_t tid = tensor(LK_I64, id, DIMS(2));
  lk_topk_params_t s = {0, 2, true, true};
  CHECK(WS_TOP_K(&s, &txd, &tvd, &tid));
  CHECK(isnan(vd[0]) && id[0] == 1 && vd[1] == 2 && id[1] == 2);
  lk_tensor_t tv0 = tensor(LK_F64, NULL, DIMS(0)),
              ti0 = tensor(LK_I64, NULL, DIMS(0));
  lk_topk_params_t z = {0, 0, true, true};
  CHECK(WS_TOP_K(&z, &txd, &tv0, &ti0));
}

/* Each kernel's workspace refused one byte short, before anything is
 * written. */
static void test_short_workspace(void) {
  float x[16], y[16], mean[4], inv[4];
  ramp(x, 16, 1);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 2, 4));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 2, 4));
  lk_tensor_t tm = tensor(LK_F32, mean, DIMS(2, 2, 1));
  lk_tensor_t ti = tensor(LK_F32, inv, DIMS(2, 2, 1));
  /* x and its groups (16 each) and 4 groups' counts, means and variances:
   * 128 + 128 + 3 x 64. */
  CHECK(lk_ref_layer_norm_workspace(2, &tx) == 448);
  CHECK_SHORT_WS(
      lk_ref_layer_norm_workspace(2, &tx), &ty,
      lk_ref_layer_norm(2, 1e-5, &tx, NULL, NULL, &ty, &tm, &ti, ws));
  CHECK_SHORT_WS(lk_ref_mvn_workspace(1u << 2, &tx), &ty,
                 lk_ref_mvn(1u << 2, &tx, &ty, ws));
  lk_resize_params_t rp;
  memset(&rp, 0, sizeof rp);
  rp.mode = LK_RESIZE_LINEAR;
  for (int d = 0; d < 3; d++) {
    rp.scales[d] = 1;
    rp.lengths[d] = (double)tx.dims[d];
    rp.roi_end[d] = 1;
  }
  CHECK_SHORT_WS(lk_ref_resize_workspace(&rp, &tx, &ty), &ty,
                 lk_ref_resize(&rp, &tx, &ty, ws));
  CHECK(all_near(
      &ty, (double[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
      16, 1e-6));
  int64_t idx[4];
  lk_tensor_t tv = tensor(LK_F32, y, DIMS(2, 2, 1));
  lk_tensor_t tix = tensor(LK_I64, idx, DIMS(2, 2, 1));
  lk_topk_params_t kp = {2, 1, true, true};
  CHECK(lk_ref_top_k_workspace(&kp, &tx) == 2 * 128); /* 4 x 24 bytes each */
  CHECK_SHORT_WS(lk_ref_top_k_workspace(&kp, &tx), &tv,
                 lk_ref_top_k(&kp, &tx, &tv, &tix, ws));
  CHECK(all_near(&tv, (double[]){4, 8, 12, 16}, 4, 0));
}

int main(void) {
  test_batch_norm();
  test_layer_norm();
  test_instance_norm_lrn_mvn();
  test_resize();
  test_top_k();
  test_short_workspace();
  return test_exit_status();
}

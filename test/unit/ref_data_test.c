/* ref_data_test.c - the data movement reference kernels (kernels/ref/data.h)
 * on small hand-checked inputs (expectations from numpy), odd shapes and
 * several dtypes, including their index errors. */
#include <string.h>

#include "kernels/ref/data.h"
#include "test/unit/lite_test_util.h"

static void test_transpose(void) {
  int32_t x[6] = {1, 2, 3, 4, 5, 6}, y[6];
  lk_tensor_t tx = tensor(LK_I32, x, DIMS(2, 3));
  lk_tensor_t ty = tensor(LK_I32, y, DIMS(3, 2));
  lk_transpose_params_t p = {{1, 0}};
  lk_ref_transpose(&p, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){1, 4, 2, 5, 3, 6}, 6));

  /* [2,3,4] f64 with perm (1,2,0) against numpy. */
  double a[24], b[24];
  for (int i = 0; i < 24; i++)
    a[i] = i;
  lk_tensor_t ta = tensor(LK_F64, a, DIMS(2, 3, 4));
  lk_tensor_t tb = tensor(LK_F64, b, DIMS(3, 4, 2));
  lk_transpose_params_t q = {{1, 2, 0}};
  lk_ref_transpose(&q, &ta, &tb);
  int64_t want[24] = {0, 12, 1, 13, 2, 14, 3, 15, 4,  16, 5,  17,
                      6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23};
  CHECK(all_eq(&tb, want, 24));

  /* rank 0 and empty tensors are copies of nothing or one element */
  uint16_t s = 0x3c00, t = 0;
  lk_tensor_t ts = scalar(LK_F16, &s), tt = scalar(LK_F16, &t);
  lk_transpose_params_t none = {{0}};
  lk_ref_transpose(&none, &ts, &tt);
  CHECK(t == 0x3c00);
  lk_tensor_t te = tensor(LK_F32, NULL, DIMS(0, 3));
  lk_tensor_t tf = tensor(LK_F32, NULL, DIMS(3, 0));
  lk_ref_transpose(&p, &te, &tf); /* must not touch data */
}

static void test_concat_split(void) {
  uint8_t a[6] = {1, 2, 3, 4, 5, 6}, b[2] = {7, 8}, y[8];
  lk_tensor_t xs[3] = {tensor(LK_U8, a, DIMS(2, 3)),
                       tensor(LK_U8, NULL, DIMS(2, 0)),
                       tensor(LK_U8, b, DIMS(2, 1))};
  lk_tensor_t ty = tensor(LK_U8, y, DIMS(2, 4));
  lk_ref_concat(1, 3, xs, &ty);
  CHECK(all_eq(&ty, (int64_t[]){1, 2, 3, 7, 4, 5, 6, 8}, 8));

  uint8_t p[6] = {0}, q[2] = {0};
  lk_tensor_t ys[3] = {tensor(LK_U8, p, DIMS(2, 3)),
                       tensor(LK_U8, NULL, DIMS(2, 0)),
                       tensor(LK_U8, q, DIMS(2, 1))};
  lk_ref_split(1, &ty, 3, ys);
  CHECK(memcmp(p, a, 6) == 0 && memcmp(q, b, 2) == 0);

  /* axis 0 of an i64 tensor */
  int64_t c[4] = {1, 2, 3, 4}, d[2] = {5, 6}, z[6];
  lk_tensor_t cs[2] = {tensor(LK_I64, c, DIMS(2, 2)),
                       tensor(LK_I64, d, DIMS(1, 2))};
  lk_tensor_t tz = tensor(LK_I64, z, DIMS(3, 2));
  lk_ref_concat(0, 2, cs, &tz);
  CHECK(all_eq(&tz, (int64_t[]){1, 2, 3, 4, 5, 6}, 6));
}

static void test_slice(void) {
  float x[10], y[3];
  ramp(x, 10, 0);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(10));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(3));
  lk_slice_params_t p = {{8}, {-3}}; /* x[8::-3] */
  lk_ref_slice(&p, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){8, 5, 2}, 3));

  int16_t a[12], b[4];
  for (int i = 0; i < 12; i++)
    a[i] = (int16_t)i;
  lk_tensor_t ta = tensor(LK_I16, a, DIMS(3, 4));
  lk_tensor_t tb = tensor(LK_I16, b, DIMS(2, 2));
  lk_slice_params_t q = {{1, 3}, {1, -2}}; /* a[1:3, 3::-2] */
  lk_ref_slice(&q, &ta, &tb);
  CHECK(all_eq(&tb, (int64_t[]){7, 5, 11, 9}, 4));
}

static void test_pad(void) {
  int32_t x[3] = {1, 2, 3}, y[8];
  lk_tensor_t tx = tensor(LK_I32, x, DIMS(3));
  lk_tensor_t ty = tensor(LK_I32, y, DIMS(8));
  lk_pad_params_t p = {.mode = LK_PAD_REFLECT, .begin = {2}};
  lk_ref_pad(&p, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){3, 2, 1, 2, 3, 2, 1, 2}, 8));
  p.mode = LK_PAD_EDGE;
  lk_ref_pad(&p, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){1, 1, 1, 2, 3, 3, 3, 3}, 8));
  p.mode = LK_PAD_WRAP;
  lk_ref_pad(&p, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){2, 3, 1, 2, 3, 1, 2, 3}, 8));

  /* reflect beyond the dim repeats the mirror: numpy.pad(x, 5, 'reflect') */
  int32_t z[13];
  lk_tensor_t tz = tensor(LK_I32, z, DIMS(13));
  lk_pad_params_t r = {.mode = LK_PAD_REFLECT, .begin = {5}};
  lk_ref_pad(&r, &tx, &tz);
  CHECK(all_eq(&tz, (int64_t[]){2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2}, 13));

  /* constant with a value, 2-D, cropping one side: pads (1, -1) on dim 1 */
  int64_t a[6] = {1, 2, 3, 4, 5, 6}, b[12], v = -7;
  lk_tensor_t ta = tensor(LK_I64, a, DIMS(2, 3));
  lk_tensor_t tb = tensor(LK_I64, b, DIMS(4, 3));
  lk_tensor_t tv = scalar(LK_I64, &v);
  lk_pad_params_t c = {.mode = LK_PAD_CONSTANT, .begin = {1, 1}, .value = &tv};
  lk_ref_pad(&c, &ta, &tb);
  CHECK(
      all_eq(&tb, (int64_t[]){-7, -7, -7, -7, 1, 2, -7, 4, 5, -7, -7, -7}, 12));
  /* the attribute form gives the same; a bound value tensor wins over it */
  lk_pad_params_t ca = {.mode = LK_PAD_CONSTANT, .begin = {1, 1},
                        .constant_given = true, .constant = -7};
  memset(b, 0, sizeof b);
  lk_ref_pad(&ca, &ta, &tb);
  CHECK(
      all_eq(&tb, (int64_t[]){-7, -7, -7, -7, 1, 2, -7, 4, 5, -7, -7, -7}, 12));
  c.constant_given = true;
  c.constant = 3;
  lk_ref_pad(&c, &ta, &tb);
  CHECK(lk_load_i64(&tb, 0) == -7);
  /* no value: zeros */
  lk_pad_params_t z0 = {.mode = LK_PAD_CONSTANT};
  int64_t e[8];
  lk_tensor_t te = tensor(LK_I64, e, DIMS(2, 4));
  memset(e, 0xff, sizeof e);
  lk_ref_pad(&z0, &ta, &te);
  CHECK(all_eq(&te, (int64_t[]){1, 2, 3, 0, 4, 5, 6, 0}, 8));
}

static void test_tile_expand(void) {
  int8_t x[4] = {1, 2, 3, 4}, y[24];
  lk_tensor_t tx = tensor(LK_I8, x, DIMS(2, 2));
  lk_tensor_t ty = tensor(LK_I8, y, DIMS(4, 6));
  lk_ref_tile(&tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4,
                                1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4},
               24));

  /* expand [3, 1] to [2, 3, 4] */
  double a[3] = {1, 2, 3}, b[24];
  lk_tensor_t ta = tensor(LK_F64, a, DIMS(3, 1));
  lk_tensor_t tb = tensor(LK_F64, b, DIMS(2, 3, 4));
  lk_ref_tile(&ta, &tb);
  bool ok = true;
  for (int i = 0; i < 24; i++)
    ok = ok && b[i] == a[(i / 4) % 3];
  CHECK(ok);
}

static void test_space(void) {
  int32_t x[32], y[32], z[32];
  for (int i = 0; i < 32; i++)
    x[i] = i;
  lk_tensor_t tx = tensor(LK_I32, x, DIMS(1, 8, 2, 2));
  lk_tensor_t ty = tensor(LK_I32, y, DIMS(1, 2, 4, 4));
  lk_space_params_t dcr = {LK_SPACE_DEPTH_TO_SPACE_DCR, 2};
  lk_ref_space(&dcr, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){0,  8,  1,  9,  16, 24, 17, 25, 2,  10, 3,
                                11, 18, 26, 19, 27, 4,  12, 5,  13, 20, 28,
                                21, 29, 6,  14, 7,  15, 22, 30, 23, 31},
               32));
  /* space_to_depth undoes DCR depth_to_space */
  lk_tensor_t tz = tensor(LK_I32, z, DIMS(1, 8, 2, 2));
  lk_space_params_t s2d = {LK_SPACE_SPACE_TO_DEPTH, 2};
  lk_ref_space(&s2d, &ty, &tz);
  CHECK(memcmp(x, z, sizeof x) == 0);

  lk_space_params_t crd = {LK_SPACE_DEPTH_TO_SPACE_CRD, 2};
  lk_ref_space(&crd, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){0,  4,  1,  5,  8,  12, 9,  13, 2,  6,  3,
                                7,  10, 14, 11, 15, 16, 20, 17, 21, 24, 28,
                                25, 29, 18, 22, 19, 23, 26, 30, 27, 31},
               32));

  /* shuffle_channel group 2 on 4 channels of 1x2: channel order 0 2 1 3 */
  float c[8] = {0, 1, 10, 11, 20, 21, 30, 31}, d[8];
  lk_tensor_t tc = tensor(LK_F32, c, DIMS(1, 4, 1, 2));
  lk_tensor_t td = tensor(LK_F32, d, DIMS(1, 4, 1, 2));
  lk_space_params_t sh = {LK_SPACE_SHUFFLE_CHANNEL, 2};
  lk_ref_space(&sh, &tc, &td);
  CHECK(all_eq(&td, (int64_t[]){0, 1, 20, 21, 10, 11, 30, 31}, 8));
}

static void test_gather(void) {
  float x[6] = {1, 2, 3, 4, 5, 6}, y[4];
  int32_t idx[2] = {-1, 0};
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 3));
  lk_tensor_t ti = tensor(LK_I32, idx, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 2));
  lk_index_error_t e = {0};
  CHECK(lk_ref_gather(1, &tx, &ti, &ty, &e));
  CHECK(all_eq(&ty, (int64_t[]){3, 1, 6, 4}, 4));
  idx[1] = 3;
  CHECK(!lk_ref_gather(1, &tx, &ti, &ty, &e));
  CHECK(e.position == 1 && e.value == 3 && e.bound == 3);

  /* gather_elements, ONNX's example: axis 1 */
  int64_t a[4] = {1, 2, 3, 4}, gi[4] = {0, 0, 1, 0}, g[4];
  lk_tensor_t ta = tensor(LK_I64, a, DIMS(2, 2));
  lk_tensor_t tgi = tensor(LK_I64, gi, DIMS(2, 2));
  lk_tensor_t tg = tensor(LK_I64, g, DIMS(2, 2));
  CHECK(lk_ref_gather_elements(1, &ta, &tgi, &tg, &e));
  CHECK(all_eq(&tg, (int64_t[]){1, 1, 4, 3}, 4));
  gi[2] = -3;
  CHECK(!lk_ref_gather_elements(1, &ta, &tgi, &tg, &e) && e.position == 2);

  /* gather_nd with batch_dims 1: data [2,2,2], indices [[1],[0]] */
  int32_t nd[8] = {0, 1, 2, 3, 4, 5, 6, 7}, out[4];
  int64_t ni[2] = {1, 0};
  lk_tensor_t tnd = tensor(LK_I32, nd, DIMS(2, 2, 2));
  lk_tensor_t tni = tensor(LK_I64, ni, DIMS(2, 1));
  lk_tensor_t tout = tensor(LK_I32, out, DIMS(2, 2));
  CHECK(lk_ref_gather_nd(1, &tnd, &tni, &tout, &e));
  CHECK(all_eq(&tout, (int64_t[]){2, 3, 4, 5}, 4));
  /* batch_dims 0, full tuples: [[0,1],[1,0]] on [2,2] */
  int64_t fi[4] = {0, 1, 1, 0}, f[2];
  lk_tensor_t tfi = tensor(LK_I64, fi, DIMS(2, 2));
  lk_tensor_t tf = tensor(LK_I64, f, DIMS(2));
  CHECK(lk_ref_gather_nd(0, &ta, &tfi, &tf, &e));
  CHECK(all_eq(&tf, (int64_t[]){2, 3}, 2));
  fi[3] = 2;
  CHECK(!lk_ref_gather_nd(0, &ta, &tfi, &tf, &e) && e.value == 2);
}

static void test_scatter(void) {
  /* scatter_elements with duplicate indices, add: ONNX's example */
  float x[5] = {1, 2, 3, 4, 5}, u[2] = {1.1f, 2.1f}, y[5];
  int64_t idx[2] = {1, 1};
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 5));
  lk_tensor_t ti = tensor(LK_I64, idx, DIMS(1, 2));
  lk_tensor_t tu = tensor(LK_F32, u, DIMS(1, 2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 5));
  lk_index_error_t e;
  CHECK(lk_ref_scatter_elements(1, LK_SCATTER_ADD, &tx, &ti, &tu, &ty, &e));
  CHECK(y[0] == 1 && y[1] == 2 + 1.1f + 2.1f && y[2] == 3 && y[4] == 5);
  CHECK(lk_ref_scatter_elements(1, LK_SCATTER_NONE, &tx, &ti, &tu, &ty, &e));
  CHECK(y[1] == 2.1f);
  idx[0] = -6;
  CHECK(!lk_ref_scatter_elements(1, LK_SCATTER_NONE, &tx, &ti, &tu, &ty, &e));
  CHECK(e.position == 0 && e.value == -6 && e.bound == 5);

  /* integer reductions wrap like the dtype; max/min pick */
  int8_t a[3] = {100, -5, 7}, b[3] = {100, 3, -9}, c[3];
  int32_t ai[3] = {0, 1, 2};
  lk_tensor_t ta = tensor(LK_I8, a, DIMS(3));
  lk_tensor_t tai = tensor(LK_I32, ai, DIMS(3));
  lk_tensor_t tb = tensor(LK_I8, b, DIMS(3));
  lk_tensor_t tc = tensor(LK_I8, c, DIMS(3));
  CHECK(lk_ref_scatter_elements(0, LK_SCATTER_ADD, &ta, &tai, &tb, &tc, &e));
  CHECK(all_eq(&tc, (int64_t[]){-56, -2, -2}, 3));
  CHECK(lk_ref_scatter_elements(0, LK_SCATTER_MAX, &ta, &tai, &tb, &tc, &e));
  CHECK(all_eq(&tc, (int64_t[]){100, 3, 7}, 3));
  CHECK(lk_ref_scatter_elements(0, LK_SCATTER_MIN, &ta, &tai, &tb, &tc, &e));
  CHECK(all_eq(&tc, (int64_t[]){100, -5, -9}, 3));
  CHECK(lk_ref_scatter_elements(0, LK_SCATTER_MUL, &ta, &tai, &tb, &tc, &e));
  CHECK(all_eq(&tc, (int64_t[]){16, -15, -63}, 3));

  /* scatter_nd: rows 0 and 2 of a [4,2] replaced, then multiplied */
  double d[8] = {1, 1, 2, 2, 3, 3, 4, 4}, up[4] = {5, 6, 7, 8}, r[8];
  int64_t ni[2] = {2, 0};
  lk_tensor_t td = tensor(LK_F64, d, DIMS(4, 2));
  lk_tensor_t tni = tensor(LK_I64, ni, DIMS(2, 1));
  lk_tensor_t tup = tensor(LK_F64, up, DIMS(2, 2));
  lk_tensor_t tr = tensor(LK_F64, r, DIMS(4, 2));
  CHECK(lk_ref_scatter_nd(LK_SCATTER_NONE, &td, &tni, &tup, &tr, &e));
  CHECK(all_eq(&tr, (int64_t[]){7, 8, 2, 2, 5, 6, 4, 4}, 8));
  CHECK(lk_ref_scatter_nd(LK_SCATTER_MUL, &td, &tni, &tup, &tr, &e));
  CHECK(all_eq(&tr, (int64_t[]){7, 8, 2, 2, 15, 18, 4, 4}, 8));
  ni[1] = 4;
  CHECK(!lk_ref_scatter_nd(LK_SCATTER_NONE, &td, &tni, &tup, &tr, &e));
  CHECK(e.position == 1 && e.bound == 4);
}

static void test_one_hot(void) {
  /* indices [2] = {1, -1}, depth 3, axis 0: y[3, 2] */
  int64_t idx[2] = {1, -1};
  float values[2] = {-1, 5}, y[6];
  lk_tensor_t ti = tensor(LK_I64, idx, DIMS(2));
  lk_tensor_t tv = tensor(LK_F32, values, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(3, 2));
  lk_ref_one_hot(0, &ti, &tv, &ty);
  CHECK(all_eq(&ty, (int64_t[]){-1, -1, 5, -1, -1, 5}, 6));
  /* axis -1 (last): y[2, 3]; an out-of-range index gives all off */
  idx[1] = 7;
  lk_tensor_t tz = tensor(LK_F32, y, DIMS(2, 3));
  lk_ref_one_hot(1, &ti, &tv, &tz);
  CHECK(all_eq(&tz, (int64_t[]){-1, 5, -1, -1, -1, -1}, 6));
}

static void test_non_zero_compress(void) {
  uint16_t x[4]; /* f16 [[1, 0], [NaN, -0]] */
  x[0] = 0x3c00, x[1] = 0, x[2] = 0x7e00, x[3] = 0x8000;
  lk_tensor_t tx = tensor(LK_F16, x, DIMS(2, 2));
  CHECK(lk_ref_count_nonzero(&tx) == 2);
  int64_t y[4];
  lk_tensor_t ty = tensor(LK_I64, y, DIMS(2, 2));
  lk_ref_non_zero(&tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){0, 1, 0, 0}, 4));

  int32_t a[6] = {1, 2, 3, 4, 5, 6}, b[4];
  uint8_t cond[2] = {0, 1};
  lk_tensor_t ta = tensor(LK_I32, a, DIMS(3, 2));
  lk_tensor_t tc = tensor(LK_BOOL, cond, DIMS(2));
  lk_tensor_t tb = tensor(LK_I32, b, DIMS(1, 2));
  lk_index_error_t e;
  CHECK(lk_ref_compress(0, &ta, &tc, &tb, &e)); /* short condition */
  CHECK(all_eq(&tb, (int64_t[]){3, 4}, 2));
  lk_tensor_t tb1 = tensor(LK_I32, b, DIMS(3, 1));
  CHECK(lk_ref_compress(1, &ta, &tc, &tb1, &e));
  CHECK(all_eq(&tb1, (int64_t[]){2, 4, 6}, 3));
  lk_tensor_t tf = tensor(LK_I32, b, DIMS(1));
  CHECK(lk_ref_compress(-1, &ta, &tc, &tf, &e)); /* flattened */
  CHECK(b[0] == 2);
  uint8_t longc[3] = {1, 0, 1};
  lk_tensor_t tl = tensor(LK_BOOL, longc, DIMS(3));
  CHECK(!lk_ref_compress(1, &ta, &tl, &tb1, &e) && e.position == 2);
}

static void test_trilu(void) {
  int64_t x[12], y[12];
  for (int i = 0; i < 12; i++)
    x[i] = i;
  lk_tensor_t tx = tensor(LK_I64, x, DIMS(3, 4));
  lk_tensor_t ty = tensor(LK_I64, y, DIMS(3, 4));
  lk_trilu_params_t up = {true, 1}, lo = {false, -1};
  lk_ref_trilu(&up, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){0, 1, 2, 3, 0, 0, 6, 7, 0, 0, 0, 11}, 12));
  lk_ref_trilu(&lo, &tx, &ty);
  CHECK(all_eq(&ty, (int64_t[]){0, 0, 0, 0, 4, 0, 0, 0, 8, 9, 0, 0}, 12));
  /* batched [2, 1, 2], k far out of range keeps everything */
  lk_tensor_t tb = tensor(LK_I64, x, DIMS(2, 1, 2));
  lk_tensor_t tc = tensor(LK_I64, y, DIMS(2, 1, 2));
  lk_trilu_params_t all = {false, 100};
  lk_ref_trilu(&all, &tb, &tc);
  CHECK(all_eq(&tc, (int64_t[]){0, 1, 2, 3}, 4));
}

static void test_generators(void) {
  uint16_t v = 0x4000, y[3]; /* f16 2.0 */
  lk_tensor_t tv = tensor(LK_F16, &v, DIMS(1));
  lk_tensor_t ty = tensor(LK_F16, y, DIMS(3));
  lk_ref_fill(&tv, &ty);
  CHECK(y[0] == 0x4000 && y[2] == 0x4000);

  int32_t s = 10, d = -3, r[4];
  lk_tensor_t ts = scalar(LK_I32, &s), td = scalar(LK_I32, &d);
  lk_tensor_t tr = tensor(LK_I32, r, DIMS(4));
  lk_ref_range(&ts, &td, &tr);
  CHECK(all_eq(&tr, (int64_t[]){10, 7, 4, 1}, 4));
  float fs = 1.5f, fd = 0.5f, f[3];
  lk_tensor_t tfs = scalar(LK_F32, &fs), tfd = scalar(LK_F32, &fd);
  lk_tensor_t tf = tensor(LK_F32, f, DIMS(3));
  lk_ref_range(&tfs, &tfd, &tf);
  CHECK(f[0] == 1.5f && f[1] == 2.0f && f[2] == 2.5f);
}

int main(void) {
  test_transpose();
  test_concat_split();
  test_slice();
  test_pad();
  test_tile_expand();
  test_space();
  test_gather();
  test_scatter();
  test_one_hot();
  test_non_zero_compress();
  test_trilu();
  test_generators();
  return test_exit_status();
}

/* ref_math_test.c - the math reference kernels on small hand-checked
 * inputs: broadcasting, activations, unary and binary elementwise ops over
 * every dtype class, comparisons, where, variadic ops, clip, scale, cast,
 * reductions, arg, cumsum, softmax, lp_norm and quantization. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernels/ref/activation.h"
#include "kernels/ref/broadcast.h"
#include "kernels/ref/elementwise.h"
#include "kernels/ref/quant.h"
#include "kernels/ref/reduce.h"
#include "kernels/ref/softmax.h"

#include "test/unit/lite_test_util.h"

static bool all_near_f32(const float *got, const double *want, int n) {
  for (int i = 0; i < n; i++)
    if (!near(got[i], want[i], 1e-6)) {
      fprintf(stderr, "  element %d: got %.9g, want %.9g\n", i, got[i],
              want[i]);
      return false;
    }
  return true;
}

/* ---- broadcast --------------------------------------------------------- */

static void test_broadcast(void) {
  int64_t out_rank_dims[3] = {2, 3, 4};
  int32_t r;
  int64_t d[LK_MAX_RANK];
  const int64_t d31[2] = {3, 1}, d214[3] = {2, 1, 4}, d3[1] = {3}, d4[1] = {4},
                d5[1] = {5}, d24[2] = {2, 4}, d14[2] = {1, 4};
  CHECK(lk_bcast_shape(2, d31, 3, d214, &r, d) && r == 3 && d[0] == 2 &&
        d[1] == 3 && d[2] == 4);
  CHECK(!lk_bcast_shape(1, d3, 1, d4, &r, d));
  CHECK(lk_bcast_shape(0, NULL, 1, d5, &r, d) && r == 1 && d[0] == 5);
  CHECK(lk_bcast_compatible(3, out_rank_dims, 2, d31));
  CHECK(!lk_bcast_compatible(3, out_rank_dims, 2, d24));
  CHECK(!lk_bcast_compatible(1, d4, 2, d14));

  /* [3,1] into [2,3,4]: output (i, j, k) reads input (j, 0) = j. */
  lk_tensor_t in = tensor(LK_F32, NULL, DIMS(3, 1));
  lk_bcast_map_t m;
  CHECK(lk_bcast_map_init(&m, 3, out_rank_dims, &in));
  bool ok = true;
  for (int64_t i = 0; i < 24; i++)
    ok = ok && lk_bcast_map_index(&m, i) == (i / 4) % 3;
  CHECK(ok);

  /* The iterator agrees with the map for two inputs at once. */
  lk_tensor_t b = tensor(LK_F32, NULL, DIMS(2, 1, 4));
  const lk_tensor_t *ins[2] = {&in, &b};
  lk_bcast_iter_t it;
  lk_bcast_map_t mb;
  CHECK(lk_bcast_iter_init(&it, 3, out_rank_dims, ins, 2));
  CHECK(lk_bcast_map_init(&mb, 3, out_rank_dims, &b));
  ok = true;
  for (int64_t i = 0; i < 24; i++, lk_bcast_iter_next(&it))
    ok = ok && it.off[0] == lk_bcast_map_index(&m, i) &&
         it.off[1] == lk_bcast_map_index(&mb, i);
  CHECK(ok);
  CHECK(!lk_bcast_iter_init(&it, 1, d4, ins, 2));

  /* Scalars map everything to element 0. */
  lk_tensor_t s = scalar(LK_F32, NULL);
  CHECK(lk_bcast_map_init(&m, 3, out_rank_dims, &s));
  CHECK(lk_bcast_map_index(&m, 23) == 0);
}

/* ---- activation --------------------------------------------------------- */

static void test_activation(void) {
  lk_activation_t k;
  CHECK(lk_activation_from_name("leaky_relu", &k) && k == LK_ACT_LEAKY_RELU);
  CHECK(lk_activation_from_name("", &k) && k == LK_ACT_NONE);
  CHECK(lk_activation_from_name("none", &k) && k == LK_ACT_NONE);
  CHECK(!lk_activation_from_name("relu7", &k));
  CHECK(strcmp(lk_activation_name(LK_ACT_HARD_SWISH), "hard_swish") == 0);
  CHECK(lk_activation_default_alpha(LK_ACT_RELU6) == 6.0);
  CHECK(lk_activation_default_alpha(LK_ACT_LEAKY_RELU) == 0.01);
  CHECK(lk_activation_default_beta(LK_ACT_HARD_SIGMOID) == 0.5);

  CHECK(lk_ref_activation(LK_ACT_RELU, 0, 0, -2) == 0);
  CHECK(lk_ref_activation(LK_ACT_RELU, 0, 0, 3) == 3);
  CHECK(lk_ref_activation(LK_ACT_RELU6, 6, 0, 7) == 6);
  CHECK(lk_ref_activation(LK_ACT_RELU6, 6, 0, -1) == 0);
  CHECK(lk_ref_activation(LK_ACT_LEAKY_RELU, 0.1, 0, -2) == -0.2);
  CHECK(near(lk_ref_activation(LK_ACT_SIGMOID, 0, 0, 0), 0.5, 1e-15));
  CHECK(near(lk_ref_activation(LK_ACT_SIGMOID, 0, 0, -800), 0, 1e-15));
  CHECK(near(lk_ref_activation(LK_ACT_TANH, 0, 0, 1), tanh(1.0), 1e-15));
  /* hard_swish(1) = 1 * (1/6 + 0.5) */
  CHECK(near(lk_ref_activation(LK_ACT_HARD_SWISH, 1.0 / 6, 0.5, 1), 2.0 / 3.0,
             1e-15));
  CHECK(lk_ref_activation(LK_ACT_HARD_SIGMOID, 0.2, 0.5, 10) == 1);
  CHECK(near(lk_ref_activation(LK_ACT_SWISH, 0, 1, 2), 2 / (1 + exp(-2.0)),
             1e-15));
  CHECK(
      near(lk_ref_activation(LK_ACT_GELU, 0, 0, 1), 0.8413447460685429, 1e-12));
  CHECK(isnan(lk_ref_activation(LK_ACT_RELU, 0, 0, NAN)));

  float v[3] = {-1, 0.5f, 8};
  lk_tensor_t t = tensor(LK_F32, v, DIMS(3));
  lk_ref_activation_apply(LK_ACT_RELU6, 6, 0, &t);
  CHECK(v[0] == 0 && v[1] == 0.5f && v[2] == 6);
  int8_t iv[2] = {-5, 9};
  lk_tensor_t ti = tensor(LK_I8, iv, DIMS(2));
  lk_ref_activation_apply(LK_ACT_RELU, 0, 0, &ti);
  CHECK(iv[0] == 0 && iv[1] == 9);
}

/* ---- unary -------------------------------------------------------------- */

static double unary1(lk_unary_op_t op, double x) {
  lk_unary_params_t p;
  lk_unary_params_init(&p, op);
  return lk_unary_f64(&p, x);
}

static void test_unary_scalars(void) {
  CHECK(unary1(LK_UNARY_LEAKY_RELU, -1) == -0.01);
  CHECK(unary1(LK_UNARY_THRESHOLDED_RELU, 1) == 0);
  CHECK(unary1(LK_UNARY_THRESHOLDED_RELU, 1.5) == 1.5);
  CHECK(near(unary1(LK_UNARY_ELU, -1), expm1(-1.0), 1e-15));
  CHECK(near(unary1(LK_UNARY_SELU, -1),
             (double)1.0507009873554805f * (double)1.6732632423543772f *
                 expm1(-1.0),
             1e-12));
  CHECK(near(unary1(LK_UNARY_SELU, 2), 2 * (double)1.0507009873554805f, 1e-12));
  CHECK(near(unary1(LK_UNARY_CELU, -1), expm1(-1.0), 1e-15));
  CHECK(unary1(LK_UNARY_HARD_SIGMOID, 1) == 0.7);
  CHECK(unary1(LK_UNARY_HARD_SWISH, -4) == 0);
  CHECK(unary1(LK_UNARY_HARD_SWISH, 4) == 4);
  CHECK(near(unary1(LK_UNARY_MISH, 1), tanh(log1p(exp(1.0))), 1e-15));
  CHECK(near(unary1(LK_UNARY_SOFTPLUS, 1000), 1000, 1e-15));
  CHECK(near(unary1(LK_UNARY_SOFTPLUS, 0), log(2.0), 1e-15));
  CHECK(unary1(LK_UNARY_SOFTSIGN, -3) == -0.75);
  CHECK(unary1(LK_UNARY_SHRINK, 0.4) == 0);
  CHECK(unary1(LK_UNARY_SHRINK, -1) == -1);
  CHECK(unary1(LK_UNARY_RSQRT, 4) == 0.5);
  CHECK(unary1(LK_UNARY_RECIPROCAL, -4) == -0.25);
  /* Round is half to even. */
  CHECK(unary1(LK_UNARY_ROUND, 0.5) == 0 && unary1(LK_UNARY_ROUND, 1.5) == 2 &&
        unary1(LK_UNARY_ROUND, 2.5) == 2 &&
        unary1(LK_UNARY_ROUND, -2.5) == -2 && unary1(LK_UNARY_ROUND, 2.6) == 3);
  CHECK(unary1(LK_UNARY_SIGN, -0.1) == -1 && unary1(LK_UNARY_SIGN, 0) == 0);
  CHECK(unary1(LK_UNARY_FLOOR, -1.5) == -2 &&
        unary1(LK_UNARY_CEIL, -1.5) == -1);
  CHECK(near(unary1(LK_UNARY_ACOSH, 2), acosh(2.0), 1e-15));
  CHECK(isnan(unary1(LK_UNARY_LOG, -1)));
  CHECK(unary1(LK_UNARY_NOT, 0) == 1 && unary1(LK_UNARY_NOT, 1) == 0);

  lk_unary_params_t p;
  lk_unary_params_init(&p, LK_UNARY_GELU);
  CHECK(near(lk_unary_f64(&p, 1), 0.8413447460685429, 1e-12));
  p.gelu_tanh = true;
  CHECK(near(lk_unary_f64(&p, 1), 0.8411919906082768, 1e-12));
  lk_unary_params_init(&p, LK_UNARY_IS_INF);
  CHECK(lk_unary_f64(&p, -INFINITY) == 1 && lk_unary_f64(&p, 1e308) == 0);
  p.detect_negative = false;
  CHECK(lk_unary_f64(&p, -INFINITY) == 0 && lk_unary_f64(&p, INFINITY) == 1);

  CHECK(lk_unary_class(LK_UNARY_ABS) == LK_UNARY_NUMERIC);
  CHECK(lk_unary_class(LK_UNARY_EXP) == LK_UNARY_FLOAT);
  CHECK(lk_unary_class(LK_UNARY_NOT) == LK_UNARY_LOGICAL);
  CHECK(lk_unary_class(LK_UNARY_IS_NAN) == LK_UNARY_PREDICATE);
}

static void test_unary_tensors(void) {
  lk_unary_params_t p;
  /* float32, odd shape */
  float x[5] = {-2, -0.5f, 0, 0.5f, 2}, y[5];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(5, 1)),
              ty = tensor(LK_F32, y, DIMS(5, 1));
  lk_unary_params_init(&p, LK_UNARY_EXP);
  lk_ref_unary(&p, &tx, &ty);
  CHECK(all_near_f32(y, (double[]){exp(-2.0), exp(-0.5), 1, exp(0.5), exp(2.0)},
                     5));

  /* float16 and float64 through the generic path */
  uint16_t h[3] = {lk_f32_to_f16(-1.5f), lk_f32_to_f16(0.25f),
                   lk_f32_to_f16(4)},
           hy[3];
  lk_tensor_t th = tensor(LK_F16, h, DIMS(3)),
              thy = tensor(LK_F16, hy, DIMS(3));
  lk_unary_params_init(&p, LK_UNARY_ABS);
  lk_ref_unary(&p, &th, &thy);
  CHECK(lk_f16_to_f32(hy[0]) == 1.5f && lk_f16_to_f32(hy[1]) == 0.25f &&
        lk_f16_to_f32(hy[2]) == 4);
  double d[2] = {4, 9}, dy[2];
  lk_tensor_t td = tensor(LK_F64, d, DIMS(2)),
              tdy = tensor(LK_F64, dy, DIMS(2));
  lk_unary_params_init(&p, LK_UNARY_SQRT);
  lk_ref_unary(&p, &td, &tdy);
  CHECK(dy[0] == 2 && dy[1] == 3);

  /* integers: relu/abs/neg/sign, signed and unsigned, with wrap-around */
  int8_t i8[4] = {-128, -3, 0, 7}, i8y[4];
  lk_tensor_t ti = tensor(LK_I8, i8, DIMS(2, 2)),
              tiy = tensor(LK_I8, i8y, DIMS(2, 2));
  lk_unary_params_init(&p, LK_UNARY_ABS);
  lk_ref_unary(&p, &ti, &tiy);
  CHECK(all_eq(&tiy, (int64_t[]){-128, 3, 0, 7}, 4));
  lk_unary_params_init(&p, LK_UNARY_RELU);
  lk_ref_unary(&p, &ti, &tiy);
  CHECK(all_eq(&tiy, (int64_t[]){0, 0, 0, 7}, 4));
  lk_unary_params_init(&p, LK_UNARY_SIGN);
  lk_ref_unary(&p, &ti, &tiy);
  CHECK(all_eq(&tiy, (int64_t[]){-1, -1, 0, 1}, 4));
  uint64_t u[2] = {UINT64_MAX, 0}, uy[2];
  lk_tensor_t tu = tensor(LK_U64, u, DIMS(2)),
              tuy = tensor(LK_U64, uy, DIMS(2));
  lk_unary_params_init(&p, LK_UNARY_ABS);
  lk_ref_unary(&p, &tu, &tuy);
  CHECK(uy[0] == UINT64_MAX && uy[1] == 0);
  lk_unary_params_init(&p, LK_UNARY_SIGN);
  lk_ref_unary(&p, &tu, &tuy);
  CHECK(uy[0] == 1 && uy[1] == 0);
  int32_t i32[2] = {5, -6}, i32y[2];
  lk_tensor_t t32 = tensor(LK_I32, i32, DIMS(2)),
              t32y = tensor(LK_I32, i32y, DIMS(2));
  lk_unary_params_init(&p, LK_UNARY_NEG);
  lk_ref_unary(&p, &t32, &t32y);
  CHECK(i32y[0] == -5 && i32y[1] == 6);

  /* bool -> bool, float -> bool */
  uint8_t b[3] = {1, 0, 1}, by[3];
  lk_tensor_t tb = tensor(LK_BOOL, b, DIMS(3)),
              tby = tensor(LK_BOOL, by, DIMS(3));
  lk_unary_params_init(&p, LK_UNARY_NOT);
  lk_ref_unary(&p, &tb, &tby);
  CHECK(by[0] == 0 && by[1] == 1 && by[2] == 0);
  float f[3] = {NAN, INFINITY, 1};
  lk_tensor_t tf = tensor(LK_F32, f, DIMS(3));
  lk_unary_params_init(&p, LK_UNARY_IS_NAN);
  lk_ref_unary(&p, &tf, &tby);
  CHECK(by[0] == 1 && by[1] == 0 && by[2] == 0);
  lk_unary_params_init(&p, LK_UNARY_IS_INF);
  lk_ref_unary(&p, &tf, &tby);
  CHECK(by[0] == 0 && by[1] == 1 && by[2] == 0);

  /* a scalar and an empty tensor */
  float s = 4, sy = 0;
  lk_tensor_t ts = scalar(LK_F32, &s), tsy = scalar(LK_F32, &sy);
  lk_unary_params_init(&p, LK_UNARY_SQRT);
  lk_ref_unary(&p, &ts, &tsy);
  CHECK(sy == 2);
  lk_tensor_t te = tensor(LK_F32, NULL, DIMS(0, 3));
  lk_ref_unary(&p, &te, &te);
}

/* ---- binary -------------------------------------------------------------- */

static lk_binary_params_t bparams(lk_binary_op_t op) {
  lk_binary_params_t p = {.op = op, .act = LK_ACT_NONE};
  return p;
}

static void test_binary(void) {
  /* [2,3] + [3] broadcast, float32 */
  float a[6] = {1, 2, 3, 4, 5, 6}, b[3] = {10, 20, 30}, y[6];
  lk_tensor_t ta = tensor(LK_F32, a, DIMS(2, 3)),
              tb = tensor(LK_F32, b, DIMS(3)),
              ty = tensor(LK_F32, y, DIMS(2, 3));
  lk_binary_params_t p = bparams(LK_BINARY_ADD);
  CHECK(lk_ref_binary(&p, &ta, &tb, &ty) == LK_REF_OK);
  CHECK(all_near_f32(y, (double[]){11, 22, 33, 14, 25, 36}, 6));
  /* [2,1] - [1,3]: outer difference, with a fused relu */
  float c[2] = {1, 5}, d[3] = {0, 2, 4}, z[6];
  lk_tensor_t tc = tensor(LK_F32, c, DIMS(2, 1)),
              td = tensor(LK_F32, d, DIMS(1, 3)),
              tz = tensor(LK_F32, z, DIMS(2, 3));
  p = bparams(LK_BINARY_SUB);
  p.act = LK_ACT_RELU;
  CHECK(lk_ref_binary(&p, &tc, &td, &tz) == LK_REF_OK);
  CHECK(all_near_f32(z, (double[]){1, 0, 0, 5, 3, 1}, 6));
  /* a shape that does not broadcast */
  lk_tensor_t bad = tensor(LK_F32, d, DIMS(2));
  CHECK(lk_ref_binary(&p, &bad, &td, &tz) == LK_REF_BAD_SHAPE);

  /* float64 division and pow */
  double e[2] = {1, -8}, f[2] = {4, 3}, g[2];
  lk_tensor_t te = tensor(LK_F64, e, DIMS(2)), tf = tensor(LK_F64, f, DIMS(2)),
              tg = tensor(LK_F64, g, DIMS(2));
  p = bparams(LK_BINARY_DIV);
  CHECK(lk_ref_binary(&p, &te, &tf, &tg) == LK_REF_OK && g[0] == 0.25 &&
        near(g[1], -8.0 / 3, 1e-15));
  p = bparams(LK_BINARY_POW);
  CHECK(lk_ref_binary(&p, &te, &tf, &tg) == LK_REF_OK && g[0] == 1 &&
        g[1] == -512);

  /* integer division truncates; division by zero is reported */
  int32_t ia[4] = {7, -7, 7, -7}, ib[4] = {2, 2, -2, -2}, iy[4];
  lk_tensor_t tia = tensor(LK_I32, ia, DIMS(4)),
              tib = tensor(LK_I32, ib, DIMS(4)),
              tiy = tensor(LK_I32, iy, DIMS(4));
  p = bparams(LK_BINARY_DIV);
  CHECK(lk_ref_binary(&p, &tia, &tib, &tiy) == LK_REF_OK);
  CHECK(all_eq(&tiy, (int64_t[]){3, -3, -3, 3}, 4));
  /* mod: Python's sign rule, and C's with fmod */
  p = bparams(LK_BINARY_MOD);
  CHECK(lk_ref_binary(&p, &tia, &tib, &tiy) == LK_REF_OK);
  CHECK(all_eq(&tiy, (int64_t[]){1, 1, -1, -1}, 4));
  p.fmod = true;
  CHECK(lk_ref_binary(&p, &tia, &tib, &tiy) == LK_REF_OK);
  CHECK(all_eq(&tiy, (int64_t[]){1, -1, 1, -1}, 4));
  int32_t zero = 0;
  lk_tensor_t tzero = scalar(LK_I32, &zero);
  CHECK(lk_ref_binary(&p, &tia, &tzero, &tiy) == LK_REF_DIV_BY_ZERO);
  p = bparams(LK_BINARY_DIV);
  CHECK(lk_ref_binary(&p, &tia, &tzero, &tiy) == LK_REF_DIV_BY_ZERO);
  /* float mod with fmod keeps the dividend's sign */
  float fa[2] = {-4.5f, 4.5f}, fb[2] = {2, -2}, fy[2];
  lk_tensor_t tfa = tensor(LK_F32, fa, DIMS(2)),
              tfb = tensor(LK_F32, fb, DIMS(2)),
              tfy = tensor(LK_F32, fy, DIMS(2));
  p = bparams(LK_BINARY_MOD);
  p.fmod = true;
  CHECK(lk_ref_binary(&p, &tfa, &tfb, &tfy) == LK_REF_OK && fy[0] == -0.5f &&
        fy[1] == 0.5f);

  /* uint8 wraps; uint64 above INT64_MAX divides exactly */
  uint8_t ua[2] = {250, 3}, ub[2] = {10, 5}, uy[2];
  lk_tensor_t tua = tensor(LK_U8, ua, DIMS(2)),
              tub = tensor(LK_U8, ub, DIMS(2)),
              tuy = tensor(LK_U8, uy, DIMS(2));
  p = bparams(LK_BINARY_ADD);
  CHECK(lk_ref_binary(&p, &tua, &tub, &tuy) == LK_REF_OK && uy[0] == 4 &&
        uy[1] == 8);
  p = bparams(LK_BINARY_SUB);
  CHECK(lk_ref_binary(&p, &tua, &tub, &tuy) == LK_REF_OK && uy[0] == 240 &&
        uy[1] == 254);
  uint64_t big[1] = {UINT64_MAX - 1}, two[1] = {2}, q[1];
  lk_tensor_t tbig = tensor(LK_U64, big, DIMS(1)),
              ttwo = tensor(LK_U64, two, DIMS(1)),
              tq = tensor(LK_U64, q, DIMS(1));
  p = bparams(LK_BINARY_DIV);
  CHECK(lk_ref_binary(&p, &tbig, &ttwo, &tq) == LK_REF_OK &&
        q[0] == UINT64_MAX / 2);
  p = bparams(LK_BINARY_MOD);
  big[0] = UINT64_MAX;
  CHECK(lk_ref_binary(&p, &tbig, &ttwo, &tq) == LK_REF_OK && q[0] == 1);

  /* pow with mixed dtypes: int base, float exponent; float base, int exponent
   */
  int64_t pb[3] = {2, 3, -2}, py[3];
  float pe[3] = {3, 0.5f, 2};
  lk_tensor_t tpb = tensor(LK_I64, pb, DIMS(3)),
              tpe = tensor(LK_F32, pe, DIMS(3)),
              tpy = tensor(LK_I64, py, DIMS(3));
  p = bparams(LK_BINARY_POW);
  CHECK(lk_ref_binary(&p, &tpb, &tpe, &tpy) == LK_REF_OK);
  CHECK(py[0] == 8 && py[1] == 1 && py[2] == 4);
  int64_t ie[3] = {2, 3, 0};
  lk_tensor_t tie = tensor(LK_I64, ie, DIMS(3));
  CHECK(lk_ref_binary(&p, &tpb, &tie, &tpy) == LK_REF_OK);
  CHECK(py[0] == 4 && py[1] == 27 && py[2] == 1);
  float fb2[2] = {2, 3}, fy2[2];
  int32_t ie2[2] = {-1, 2};
  lk_tensor_t tfb2 = tensor(LK_F32, fb2, DIMS(2)),
              tie2 = tensor(LK_I32, ie2, DIMS(2)),
              tfy2 = tensor(LK_F32, fy2, DIMS(2));
  CHECK(lk_ref_binary(&p, &tfb2, &tie2, &tfy2) == LK_REF_OK && fy2[0] == 0.5f &&
        fy2[1] == 9);

  /* prelu with a per-channel slope [3,1,1] on [1,3,1,2] */
  float px[6] = {-1, 1, -2, 2, -3, 3}, ps[3] = {0.5f, 2, 0}, pyy[6];
  lk_tensor_t tpx = tensor(LK_F32, px, DIMS(1, 3, 1, 2)),
              tps = tensor(LK_F32, ps, DIMS(3, 1, 1)),
              tpyy = tensor(LK_F32, pyy, DIMS(1, 3, 1, 2));
  p = bparams(LK_BINARY_PRELU);
  CHECK(lk_ref_binary(&p, &tpx, &tps, &tpyy) == LK_REF_OK);
  CHECK(all_near_f32(pyy, (double[]){-0.5, 1, -4, 2, 0, 3}, 6));

  /* bit shifts, including a shift past the width */
  uint8_t sx[3] = {16, 4, 1}, sa[3] = {1, 2, 9}, sy[3];
  lk_tensor_t tsx = tensor(LK_U8, sx, DIMS(3)),
              tsa = tensor(LK_U8, sa, DIMS(3)),
              tsy = tensor(LK_U8, sy, DIMS(3));
  p = bparams(LK_BINARY_BIT_SHIFT);
  CHECK(lk_ref_binary(&p, &tsx, &tsa, &tsy) == LK_REF_OK && sy[0] == 32 &&
        sy[1] == 16 && sy[2] == 0);
  p.shift_right = true;
  CHECK(lk_ref_binary(&p, &tsx, &tsa, &tsy) == LK_REF_OK && sy[0] == 8 &&
        sy[1] == 1 && sy[2] == 0);
  uint64_t s64[1] = {1}, a64[1] = {70}, y64[1];
  lk_tensor_t ts64 = tensor(LK_U64, s64, DIMS(1)),
              ta64 = tensor(LK_U64, a64, DIMS(1)),
              ty64 = tensor(LK_U64, y64, DIMS(1));
  p.shift_right = false;
  CHECK(lk_ref_binary(&p, &ts64, &ta64, &ty64) == LK_REF_OK && y64[0] == 0);

  /* float16 multiply with a fused leaky_relu */
  uint16_t ha[2] = {lk_f32_to_f16(-2), lk_f32_to_f16(3)},
           hb[1] = {lk_f32_to_f16(2)}, hy[2];
  lk_tensor_t tha = tensor(LK_F16, ha, DIMS(2)),
              thb = tensor(LK_F16, hb, DIMS(1)),
              thy = tensor(LK_F16, hy, DIMS(2));
  p = bparams(LK_BINARY_MUL);
  p.act = LK_ACT_LEAKY_RELU;
  p.act_alpha = 0.5;
  CHECK(lk_ref_binary(&p, &tha, &thb, &thy) == LK_REF_OK &&
        lk_f16_to_f32(hy[0]) == -2 && lk_f16_to_f32(hy[1]) == 6);
}

/* ---- compare, where, variadic -----------------------------------------------
 */

static void test_compare_where(void) {
  float a[4] = {1, 2, NAN, 4}, b[1] = {2};
  uint8_t y[4];
  lk_tensor_t ta = tensor(LK_F32, a, DIMS(4)), tb = tensor(LK_F32, b, DIMS(1)),
              ty = tensor(LK_BOOL, y, DIMS(4));
  CHECK(lk_ref_compare(LK_COMPARE_GREATER, &ta, &tb, &ty));
  CHECK(all_eq(&ty, (int64_t[]){0, 0, 0, 1}, 4));
  CHECK(lk_ref_compare(LK_COMPARE_LESS_EQUAL, &ta, &tb, &ty));
  CHECK(all_eq(&ty, (int64_t[]){1, 1, 0, 0}, 4));
  CHECK(lk_ref_compare(LK_COMPARE_EQUAL, &ta, &tb, &ty));
  CHECK(all_eq(&ty, (int64_t[]){0, 1, 0, 0}, 4));
  CHECK(lk_ref_compare(LK_COMPARE_GREATER_EQUAL, &ta, &tb, &ty));
  CHECK(all_eq(&ty, (int64_t[]){0, 1, 0, 1}, 4));
  /* unsigned order above INT64_MAX */
  uint64_t ua[2] = {UINT64_MAX, 1}, ub[2] = {1, UINT64_MAX};
  uint8_t uy[2];
  lk_tensor_t tua = tensor(LK_U64, ua, DIMS(2)),
              tub = tensor(LK_U64, ub, DIMS(2)),
              tuy = tensor(LK_BOOL, uy, DIMS(2));
  CHECK(lk_ref_compare(LK_COMPARE_LESS, &tua, &tub, &tuy) && uy[0] == 0 &&
        uy[1] == 1);
  int16_t sa[2] = {-1, 3}, sb[2] = {2, 3};
  lk_tensor_t tsa = tensor(LK_I16, sa, DIMS(2)),
              tsb = tensor(LK_I16, sb, DIMS(2));
  CHECK(lk_ref_compare(LK_COMPARE_LESS, &tsa, &tsb, &tuy) && uy[0] == 1 &&
        uy[1] == 0);
  /* logic with broadcasting [2,2] x [2] */
  uint8_t la[4] = {0, 0, 1, 1}, lb[2] = {0, 1}, ly[4];
  lk_tensor_t tla = tensor(LK_BOOL, la, DIMS(2, 2)),
              tlb = tensor(LK_BOOL, lb, DIMS(2)),
              tly = tensor(LK_BOOL, ly, DIMS(2, 2));
  CHECK(lk_ref_compare(LK_COMPARE_AND, &tla, &tlb, &tly));
  CHECK(all_eq(&tly, (int64_t[]){0, 0, 0, 1}, 4));
  CHECK(lk_ref_compare(LK_COMPARE_OR, &tla, &tlb, &tly));
  CHECK(all_eq(&tly, (int64_t[]){0, 1, 1, 1}, 4));
  CHECK(lk_ref_compare(LK_COMPARE_XOR, &tla, &tlb, &tly));
  CHECK(all_eq(&tly, (int64_t[]){0, 1, 1, 0}, 4));
  CHECK(!lk_ref_compare(LK_COMPARE_XOR, &tla, &tla, &tuy));

  /* where: [2,1] condition, [2] x, scalar y; int64 payload */
  uint8_t cond[2] = {1, 0};
  int64_t x[2] = {7, 8}, yv = -1, out[4];
  lk_tensor_t tcond = tensor(LK_BOOL, cond, DIMS(2, 1)),
              tx = tensor(LK_I64, x, DIMS(2)), tyv = scalar(LK_I64, &yv),
              tout = tensor(LK_I64, out, DIMS(2, 2));
  CHECK(lk_ref_where(&tcond, &tx, &tyv, &tout));
  CHECK(out[0] == 7 && out[1] == 8 && out[2] == -1 && out[3] == -1);
}

static void test_variadic(void) {
  float a[3] = {1, 5, 3}, b[1] = {2}, c[3] = {4, 0, NAN}, y[3];
  lk_tensor_t in[3] = {tensor(LK_F32, a, DIMS(3)), tensor(LK_F32, b, DIMS(1)),
                       tensor(LK_F32, c, DIMS(3))};
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(3));
  CHECK(lk_ref_variadic(LK_VARIADIC_SUM, in, 2, &ty));
  CHECK(all_near_f32(y, (double[]){3, 7, 5}, 3));
  CHECK(lk_ref_variadic(LK_VARIADIC_MEAN, in, 2, &ty));
  CHECK(all_near_f32(y, (double[]){1.5, 3.5, 2.5}, 3));
  CHECK(lk_ref_variadic(LK_VARIADIC_MAX, in, 3, &ty));
  CHECK(all_near_f32(y, (double[]){4, 5, NAN}, 3));
  CHECK(lk_ref_variadic(LK_VARIADIC_MIN, in, 3, &ty));
  CHECK(all_near_f32(y, (double[]){1, 0, NAN}, 3));
  CHECK(lk_ref_variadic(LK_VARIADIC_SUM, in, 1, &ty));
  CHECK(all_near_f32(y, (double[]){1, 5, 3}, 3));
  /* unsigned max/min above INT64_MAX; [2] with [2,1] broadcast */
  uint64_t u[2] = {UINT64_MAX, 3}, v[2] = {4, 5}, uy[4];
  lk_tensor_t uin[2] = {tensor(LK_U64, u, DIMS(2)),
                        tensor(LK_U64, v, DIMS(2, 1))};
  lk_tensor_t tuy = tensor(LK_U64, uy, DIMS(2, 2));
  CHECK(lk_ref_variadic(LK_VARIADIC_MAX, uin, 2, &tuy));
  CHECK(uy[0] == UINT64_MAX && uy[1] == 4 && uy[2] == UINT64_MAX && uy[3] == 5);
  CHECK(lk_ref_variadic(LK_VARIADIC_MIN, uin, 2, &tuy));
  CHECK(uy[0] == 4 && uy[1] == 3 && uy[2] == 5 && uy[3] == 3);
  int8_t s[2] = {-5, 100}, t[2] = {-6, 120}, sy[2];
  lk_tensor_t sin[2] = {tensor(LK_I8, s, DIMS(2)), tensor(LK_I8, t, DIMS(2))};
  lk_tensor_t tsy = tensor(LK_I8, sy, DIMS(2));
  CHECK(lk_ref_variadic(LK_VARIADIC_MAX, sin, 2, &tsy) && sy[0] == -5 &&
        sy[1] == 120);
  uint64_t wrong[3];
  lk_tensor_t twrong = tensor(LK_U64, wrong, DIMS(3));
  CHECK(!lk_ref_variadic(LK_VARIADIC_MAX, uin, 2, &twrong));
}

/* ---- clip, scale, cast ------------------------------------------------------
 */

static void test_clip_scale_cast(void) {
  float x[5] = {-3, -1, 0, 2, NAN}, lo = -1.5f, hi = 1, y[5];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(5)), ty = tensor(LK_F32, y, DIMS(5));
  lk_tensor_t tlo = scalar(LK_F32, &lo), thi = tensor(LK_F32, &hi, DIMS(1));
  lk_ref_clip(&tx, &tlo, &thi, &ty);
  CHECK(all_near_f32(y, (double[]){-1.5, -1, 0, 1, NAN}, 5));
  lk_ref_clip(&tx, NULL, &thi, &ty);
  CHECK(all_near_f32(y, (double[]){-3, -1, 0, 1, NAN}, 5));
  lk_tensor_t none = {.dtype = LK_DTYPE_NONE};
  lk_ref_clip(&tx, &tlo, &none, &ty);
  CHECK(all_near_f32(y, (double[]){-1.5, -1, 0, 2, NAN}, 5));
  /* lo > hi gives hi, as numpy */
  float lo2 = 5;
  lk_tensor_t tlo2 = scalar(LK_F32, &lo2);
  lk_ref_clip(&tx, &tlo2, &thi, &ty);
  CHECK(y[0] == 1 && y[3] == 1);
  /* integers, including uint64 bounds above INT64_MAX */
  int8_t ix[3] = {-128, 0, 127}, ilo = -10, iy[3];
  lk_tensor_t tix = tensor(LK_I8, ix, DIMS(3)), tilo = scalar(LK_I8, &ilo),
              tiy = tensor(LK_I8, iy, DIMS(3));
  lk_ref_clip(&tix, &tilo, NULL, &tiy);
  CHECK(iy[0] == -10 && iy[1] == 0 && iy[2] == 127);
  uint64_t ux[2] = {UINT64_MAX, 1}, uhi = UINT64_MAX - 5, uy[2];
  lk_tensor_t tux = tensor(LK_U64, ux, DIMS(2)), tuhi = scalar(LK_U64, &uhi),
              tuy = tensor(LK_U64, uy, DIMS(2));
  lk_ref_clip(&tux, NULL, &tuhi, &tuy);
  CHECK(uy[0] == UINT64_MAX - 5 && uy[1] == 1);

  /* scale: both bias orders, then an activation */
  float sx[2] = {1, -2}, sy[2];
  lk_tensor_t tsx = tensor(LK_F32, sx, DIMS(2)),
              tsy = tensor(LK_F32, sy, DIMS(2));
  lk_scale_params_t sp = {.scale = 3, .bias = 1, .bias_after_scale = true};
  lk_ref_scale(&sp, &tsx, &tsy);
  CHECK(sy[0] == 4 && sy[1] == -5);
  sp.bias_after_scale = false;
  lk_ref_scale(&sp, &tsx, &tsy);
  CHECK(sy[0] == 6 && sy[1] == -3);
  sp.act = LK_ACT_RELU;
  lk_ref_scale(&sp, &tsx, &tsy);
  CHECK(sy[0] == 6 && sy[1] == 0);

  /* cast: float -> int truncates, -> bool is != 0, int64 -> float exact
   * enough, uint64 -> double stays positive, f32 -> f16 rounds */
  float cf[4] = {-2.7f, 2.7f, 0, NAN};
  int32_t ci[4];
  uint8_t cb[4];
  lk_tensor_t tcf = tensor(LK_F32, cf, DIMS(4)),
              tci = tensor(LK_I32, ci, DIMS(4)),
              tcb = tensor(LK_BOOL, cb, DIMS(4));
  lk_ref_cast(&tcf, &tci);
  CHECK(ci[0] == -2 && ci[1] == 2 && ci[2] == 0);
  lk_ref_cast(&tcf, &tcb);
  CHECK(cb[0] == 1 && cb[2] == 0 && cb[3] == 1);
  uint64_t cu[1] = {UINT64_MAX};
  double cd[1];
  lk_tensor_t tcu = tensor(LK_U64, cu, DIMS(1)),
              tcd = tensor(LK_F64, cd, DIMS(1));
  lk_ref_cast(&tcu, &tcd);
  CHECK(cd[0] == 18446744073709551615.0);
  int64_t cl[1] = {(1LL << 53) + 1};
  int16_t cs[1];
  lk_tensor_t tcl = tensor(LK_I64, cl, DIMS(1)),
              tcs = tensor(LK_I16, cs, DIMS(1));
  lk_ref_cast(&tcl, &tcs);
  CHECK(cs[0] == 1); /* low 16 bits */
  uint16_t ch[1];
  float c1[1] = {1.0009765625f}; /* 1 + 2^-10: exactly one f16 ulp */
  lk_tensor_t tc1 = tensor(LK_F32, c1, DIMS(1)),
              tch = tensor(LK_F16, ch, DIMS(1));
  lk_ref_cast(&tc1, &tch);
  CHECK(lk_f16_to_f32(ch[0]) == 1.0009765625f);
  lk_tensor_t tsame = tensor(LK_F32, y, DIMS(4));
  lk_ref_cast(&tcf, &tsame);
  CHECK(y[0] == -2.7f && isnan(y[3]));
}

/* ---- reductions -------------------------------------------------------------
 */

static void test_reduce(void) {
  /* x = [[[1,2],[3,4]],[[5,6],[7,8]]] (2x2x2) */
  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 2, 2));
  lk_reduce_params_t p = {.op = LK_REDUCE_SUM, .axes = {false, true, false}};
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 1, 2));
  lk_ref_reduce(&p, &tx, &ty);
  CHECK(all_near_f32(y, (double[]){4, 6, 12, 14}, 4));
  /* axes 0 and 2: [[1,2,5,6], [3,4,7,8]] */
  lk_reduce_params_t p02 = {.op = LK_REDUCE_MEAN, .axes = {true, false, true}};
  ty = tensor(LK_F32, y, DIMS(2));
  lk_ref_reduce(&p02, &tx, &ty);
  CHECK(y[0] == 3.5f && y[1] == 5.5f);
  p02.op = LK_REDUCE_MAX;
  lk_ref_reduce(&p02, &tx, &ty);
  CHECK(y[0] == 6 && y[1] == 8);
  p02.op = LK_REDUCE_MIN;
  lk_ref_reduce(&p02, &tx, &ty);
  CHECK(y[0] == 1 && y[1] == 3);
  p02.op = LK_REDUCE_PROD;
  lk_ref_reduce(&p02, &tx, &ty);
  CHECK(y[0] == 60 && y[1] == 672);
  /* all axes: l1, l2, sum_square, log_sum, log_sum_exp */
  lk_reduce_params_t all = {.op = LK_REDUCE_L1, .axes = {true, true, true}};
  lk_tensor_t t1 = scalar(LK_F32, y);
  lk_ref_reduce(&all, &tx, &t1);
  CHECK(y[0] == 36);
  all.op = LK_REDUCE_SUM_SQUARE;
  lk_ref_reduce(&all, &tx, &t1);
  CHECK(y[0] == 204);
  all.op = LK_REDUCE_L2;
  lk_ref_reduce(&all, &tx, &t1);
  CHECK(near(y[0], sqrt(204.0), 1e-6));
  all.op = LK_REDUCE_LOG_SUM;
  lk_ref_reduce(&all, &tx, &t1);
  CHECK(near(y[0], log(36.0), 1e-6));
  double big[2] = {1000, 1000}, r;
  lk_tensor_t tbig = tensor(LK_F64, big, DIMS(2)), tr = scalar(LK_F64, &r);
  lk_reduce_params_t lse = {.op = LK_REDUCE_LOG_SUM_EXP, .axes = {true}};
  lk_ref_reduce(&lse, &tbig, &tr);
  CHECK(near(r, 1000 + log(2.0), 1e-12));

  /* NaN propagates through max */
  float nx[3] = {1, NAN, 3}, ny;
  lk_tensor_t tnx = tensor(LK_F32, nx, DIMS(3)), tny = scalar(LK_F32, &ny);
  lk_reduce_params_t mx = {.op = LK_REDUCE_MAX, .axes = {true}};
  lk_ref_reduce(&mx, &tnx, &tny);
  CHECK(isnan(ny));

  /* integers stay exact; uint64 max is unsigned; int mean truncates */
  int64_t ix[3] = {(1LL << 60), (1LL << 60), -1}, iy;
  lk_tensor_t tix = tensor(LK_I64, ix, DIMS(3)), tiy = scalar(LK_I64, &iy);
  lk_reduce_params_t is = {.op = LK_REDUCE_SUM, .axes = {true}};
  lk_ref_reduce(&is, &tix, &tiy);
  CHECK(iy == (1LL << 61) - 1);
  is.op = LK_REDUCE_MEAN;
  int32_t mx32[2] = {-3, 0}, my32;
  lk_tensor_t tm32 = tensor(LK_I32, mx32, DIMS(2)),
              tmy32 = scalar(LK_I32, &my32);
  lk_ref_reduce(&is, &tm32, &tmy32);
  CHECK(my32 == -1);
  uint64_t ux[2] = {1, UINT64_MAX}, uy;
  lk_tensor_t tux = tensor(LK_U64, ux, DIMS(2)), tuy = scalar(LK_U64, &uy);
  is.op = LK_REDUCE_MAX;
  lk_ref_reduce(&is, &tux, &tuy);
  CHECK(uy == UINT64_MAX);
  is.op = LK_REDUCE_L1;
  int8_t l1x[3] = {-3, 2, -1}, l1y;
  lk_tensor_t tl1x = tensor(LK_I8, l1x, DIMS(3)), tl1y = scalar(LK_I8, &l1y);
  lk_ref_reduce(&is, &tl1x, &tl1y);
  CHECK(l1y == 6);

  /* empty reductions give identities */
  lk_tensor_t te = tensor(LK_F32, NULL, DIMS(2, 0));
  float ey[2];
  lk_tensor_t tey = tensor(LK_F32, ey, DIMS(2, 1));
  lk_reduce_params_t ep = {.op = LK_REDUCE_SUM, .axes = {false, true}};
  lk_ref_reduce(&ep, &te, &tey);
  CHECK(ey[0] == 0 && ey[1] == 0);
  ep.op = LK_REDUCE_PROD;
  lk_ref_reduce(&ep, &te, &tey);
  CHECK(ey[0] == 1);
  ep.op = LK_REDUCE_MAX;
  lk_ref_reduce(&ep, &te, &tey);
  CHECK(isinf(ey[0]) && ey[0] < 0);
  lk_tensor_t tei = tensor(LK_I8, NULL, DIMS(2, 0));
  int8_t eiy[2];
  lk_tensor_t teiy = tensor(LK_I8, eiy, DIMS(2));
  ep.op = LK_REDUCE_MAX;
  lk_ref_reduce(&ep, &tei, &teiy);
  CHECK(eiy[0] == -128);
  ep.op = LK_REDUCE_MIN;
  lk_ref_reduce(&ep, &tei, &teiy);
  CHECK(eiy[0] == 127);
}

static void test_arg_cumsum(void) {
  /* [[2, 9, 9], [4, 1, 4]] */
  float x[6] = {2, 9, 9, 4, 1, 4};
  int64_t y[3];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 3)),
              ty = tensor(LK_I64, y, DIMS(2));
  lk_arg_params_t p = {.axis = 1};
  lk_ref_arg(&p, &tx, &ty);
  CHECK(y[0] == 1 && y[1] == 0);
  p.select_last_index = true;
  lk_ref_arg(&p, &tx, &ty);
  CHECK(y[0] == 2 && y[1] == 2);
  p = (lk_arg_params_t){.is_min = true, .axis = 0};
  ty = tensor(LK_I64, y, DIMS(1, 3));
  lk_ref_arg(&p, &tx, &ty);
  CHECK(y[0] == 0 && y[1] == 1 && y[2] == 1);
  p.select_last_index = true;
  lk_ref_arg(&p, &tx, &ty);
  CHECK(y[0] == 0 && y[1] == 1 && y[2] == 1);
  float nx[3] = {1, NAN, 5};
  int64_t ny;
  lk_tensor_t tnx = tensor(LK_F32, nx, DIMS(3)), tny = scalar(LK_I64, &ny);
  p = (lk_arg_params_t){.axis = 0};
  lk_ref_arg(&p, &tnx, &tny);
  CHECK(ny == 1);
  uint32_t ux[3] = {5, 0xffffffffu, 7};
  lk_tensor_t tux = tensor(LK_U32, ux, DIMS(3));
  lk_ref_arg(&p, &tux, &tny);
  CHECK(ny == 1);
  p.is_min = true;
  lk_ref_arg(&p, &tux, &tny);
  CHECK(ny == 0);

  /* cumsum along both axes, exclusive and reverse */
  double c[6] = {1, 2, 3, 4, 5, 6}, cy[6];
  lk_tensor_t tc = tensor(LK_F64, c, DIMS(2, 3)),
              tcy = tensor(LK_F64, cy, DIMS(2, 3));
  lk_cumsum_params_t cp = {.axis = 1};
  lk_ref_cumsum(&cp, &tc, &tcy);
  CHECK(cy[0] == 1 && cy[1] == 3 && cy[2] == 6 && cy[3] == 4 && cy[5] == 15);
  cp.exclusive = true;
  lk_ref_cumsum(&cp, &tc, &tcy);
  CHECK(cy[0] == 0 && cy[1] == 1 && cy[2] == 3 && cy[3] == 0 && cy[5] == 9);
  cp.reverse = true;
  lk_ref_cumsum(&cp, &tc, &tcy);
  CHECK(cy[0] == 5 && cy[1] == 3 && cy[2] == 0);
  cp = (lk_cumsum_params_t){.axis = 0, .reverse = true};
  lk_ref_cumsum(&cp, &tc, &tcy);
  CHECK(cy[0] == 5 && cy[2] == 9 && cy[3] == 4 && cy[5] == 6);
  int32_t ic[3] = {2147483647, 1, 1}, icy[3];
  lk_tensor_t tic = tensor(LK_I32, ic, DIMS(3)),
              ticy = tensor(LK_I32, icy, DIMS(3));
  cp = (lk_cumsum_params_t){.axis = 0};
  lk_ref_cumsum(&cp, &tic, &ticy);
  CHECK(icy[0] == 2147483647 && icy[1] == INT32_MIN && icy[2] == INT32_MIN + 1);
}

/* ---- softmax, lp_norm
 * --------------------------------------------------------- */

static void test_softmax(void) {
  float x[6] = {1, 2, 3, 1000, 1000, 1000}, y[6];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 3)),
              ty = tensor(LK_F32, y, DIMS(2, 3));
  lk_softmax_params_t p = {.op = LK_SOFTMAX, .axis = 1};
  lk_ref_softmax(&p, &tx, &ty);
  double s = exp(1.0) + exp(2.0) + exp(3.0);
  CHECK(all_near_f32(y,
                     (double[]){exp(1.0) / s, exp(2.0) / s, exp(3.0) / s,
                                1.0 / 3, 1.0 / 3, 1.0 / 3},
                     6));
  p.op = LK_LOG_SOFTMAX;
  lk_ref_softmax(&p, &tx, &ty);
  CHECK(all_near_f32(y,
                     (double[]){1 - log(s), 2 - log(s), 3 - log(s), -log(3.0),
                                -log(3.0), -log(3.0)},
                     6));
  p.op = LK_HARDMAX;
  lk_ref_softmax(&p, &tx, &ty);
  CHECK(all_near_f32(y, (double[]){0, 0, 1, 1, 0, 0}, 6));
  p = (lk_softmax_params_t){.op = LK_SOFTMAX, .axis = 0};
  lk_ref_softmax(&p, &tx, &ty);
  CHECK(near(y[0], 0, 1e-12) && near(y[3], 1, 1e-12));

  float l[4] = {3, 4, -1, 1}, ly[4];
  lk_tensor_t tl = tensor(LK_F32, l, DIMS(2, 2)),
              tly = tensor(LK_F32, ly, DIMS(2, 2));
  lk_lp_norm_params_t lp = {.axis = 1, .p = 2};
  lk_ref_lp_norm(&lp, &tl, &tly);
  CHECK(all_near_f32(ly, (double[]){0.6, 0.8, -M_SQRT1_2, M_SQRT1_2}, 4));
  lp = (lk_lp_norm_params_t){.axis = 0, .p = 1};
  lk_ref_lp_norm(&lp, &tl, &tly);
  CHECK(all_near_f32(ly, (double[]){0.75, 0.8, -0.25, 0.2}, 4));
}

/* ---- quantization -------------------------------------------------------- */

static void test_quant(void) {
  /* per tensor, uint8, ties to even, saturation */
  float x[6] = {0, 2, 3, 1000, -1000, 5}, s = 2;
  uint8_t zp = 128, q[6];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(6)), ts = scalar(LK_F32, &s),
              tzp = scalar(LK_U8, &zp), tq = tensor(LK_U8, q, DIMS(6));
  lk_quant_params_t p = {.axis = 0};
  CHECK(!lk_quant_per_axis(&p, &tx, &ts));
  lk_ref_quantize(&p, &tx, &ts, &tzp, &tq);
  /* 0/2=0, 2/2=1, 3/2=1.5->2, 500 -> 255, -500 -> 0, 2.5 -> 2 */
  CHECK(all_eq(&tq, (int64_t[]){128, 129, 130, 255, 0, 130}, 6));
  /* no zero point: uint8 with 0 */
  lk_ref_quantize(&p, &tx, &ts, NULL, &tq);
  CHECK(all_eq(&tq, (int64_t[]){0, 1, 2, 255, 0, 2}, 6));
  lk_ref_dequantize(&p, &tq, &ts, &tzp, &tx);
  CHECK(all_near_f32(x, (double[]){-256, -254, -252, 254, -256, -252}, 6));

  /* per axis along axis 1 of [1,3,2], int8 */
  float ax[6] = {1, -1, 10, -10, 100, -100}, as[3] = {1, 10, 100};
  int8_t az[3] = {0, 1, -1}, aq[6];
  lk_tensor_t tax = tensor(LK_F32, ax, DIMS(1, 3, 2)),
              tas = tensor(LK_F32, as, DIMS(3)),
              taz = tensor(LK_I8, az, DIMS(3)),
              taq = tensor(LK_I8, aq, DIMS(1, 3, 2));
  lk_quant_params_t pa = {.axis = 1};
  CHECK(lk_quant_per_axis(&pa, &tax, &tas));
  lk_ref_quantize(&pa, &tax, &tas, &taz, &taq);
  CHECK(all_eq(&taq, (int64_t[]){1, -1, 2, 0, 0, -2}, 6));
  lk_ref_quantize(&pa, &tax, &tas, NULL, &taq);
  float big[6] = {300, -300, 0, 0, 0, 0};
  lk_tensor_t tbig = tensor(LK_F32, big, DIMS(1, 3, 2));
  lk_ref_quantize(&pa, &tbig, &tas, NULL, &taq);
  CHECK(aq[0] == 127 && aq[1] == -128);
  float dq[6];
  lk_tensor_t tdq = tensor(LK_F32, dq, DIMS(1, 3, 2));
  int8_t dx[6] = {1, 2, 3, 4, 5, 6};
  lk_tensor_t tdx = tensor(LK_I8, dx, DIMS(1, 3, 2));
  lk_ref_dequantize(&pa, &tdx, &tas, &taz, &tdq);
  CHECK(all_near_f32(dq, (double[]){1, 2, 20, 30, 600, 700}, 6));

  /* the division rounds to the scale's precision before rounding to an
   * integer: 0.3f / 0.2f is 1.5f in float (1.4999999... in double) */
  float tx1 = 0.3f, ts1 = 0.2f;
  uint8_t tq1;
  lk_tensor_t t_x1 = scalar(LK_F32, &tx1), t_s1 = scalar(LK_F32, &ts1),
              t_q1 = scalar(LK_U8, &tq1);
  lk_ref_quantize(&p, &t_x1, &t_s1, NULL, &t_q1);
  CHECK(tq1 == 2);

  /* calib: float -> int8 divides by scale and saturates; back multiplies */
  float cx[3] = {0.25f, -1, 100};
  int8_t cq[3];
  lk_tensor_t tcx = tensor(LK_F32, cx, DIMS(3)),
              tcq = tensor(LK_I8, cq, DIMS(3));
  lk_ref_calib(0.5, &tcx, &tcq);
  CHECK(cq[0] == 0 && cq[1] == -2 && cq[2] == 127);
  lk_ref_calib(0.5, &tcq, &tcx);
  CHECK(cx[0] == 0 && cx[1] == -1 && cx[2] == 63.5f);
  uint16_t ch[3];
  lk_tensor_t tch = tensor(LK_F16, ch, DIMS(3));
  lk_ref_calib(0.5, &tcx, &tch);
  CHECK(lk_f16_to_f32(ch[2]) == 63.5f);
}

int main(void) {
  test_broadcast();
  test_activation();
  test_unary_scalars();
  test_unary_tensors();
  test_binary();
  test_compare_where();
  test_variadic();
  test_clip_scale_cast();
  test_reduce();
  test_arg_cumsum();
  test_softmax();
  test_quant();
  return test_exit_status();
}

/* ref_nn_dense_test.c - the matrix product and einsum reference kernels
 * (kernels/ref/gemm.h, einsum.h): numpy-checked small cases, batch
 * broadcasting and 1-D operands, every dtype class (float32 fast path,
 * double, float16, integers with wrap-around), gemm's transposes and C
 * broadcasting, fc's flattening, and the einsum parser's forms and errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/ref/einsum.h"
#include "kernels/ref/gemm.h"

#include "test/unit/lite_test_util.h"
#include "test/unit/ref_ws.h"

/* ---- matmul ----------------------------------------------------------------
 */

static void test_matmul(void) {
  /* [2,3] @ [3,2] in f32, f64 and f16 */
  static const lk_dtype_t dts[] = {LK_F32, LK_F64, LK_F16};
  for (int k = 0; k < 3; k++) {
    uint64_t a[6], b[6], y[4]; /* storage for any float dtype */
    lk_tensor_t ta = tensor(dts[k], a, DIMS(2, 3));
    lk_tensor_t tb = tensor(dts[k], b, DIMS(3, 2));
    lk_tensor_t ty = tensor(dts[k], y, DIMS(2, 2));
    for (int i = 0; i < 6; i++) {
      lk_store_f64(&ta, i, i + 1);
      lk_store_f64(&tb, i, i - 2);
    }
    CHECK(WS_MATMUL(&ta, &tb, &ty));
    /* [[1,2,3],[4,5,6]] @ [[-2,-1],[0,1],[2,3]] */
    CHECK(all_near(&ty, (double[]){4, 10, 4, 19}, 4, 0));
  }

  /* Batch broadcasting: [2,1,2,3] @ [3,3,2] -> [2,3,2,2]. */
  float a[12], b[18], y[24];
  ramp(a, 12, 0);
  for (int i = 0; i < 18; i++)
    b[i] = (float)(i % 5) - 1.0f;
  lk_tensor_t ta = tensor(LK_F32, a, DIMS(2, 1, 2, 3));
  lk_tensor_t tb = tensor(LK_F32, b, DIMS(3, 3, 2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 3, 2, 2));
  CHECK(WS_MATMUL(&ta, &tb, &ty));
  double want[24];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int r = 0; r < 2; r++)
        for (int cc = 0; cc < 2; cc++) {
          double s = 0;
          for (int kk = 0; kk < 3; kk++)
            s += a[(i * 2 + r) * 3 + kk] * b[(j * 3 + kk) * 2 + cc];
          want[((i * 3 + j) * 2 + r) * 2 + cc] = s;
        }
  CHECK(all_near(&ty, want, 24, 0));

  /* 1-D operands: vector @ matrix, matrix @ vector, dot product. */
  double v[3] = {1, 2, 3}, m[6] = {1, 2, 3, 4, 5, 6}, r2[2], r0[1];
  lk_tensor_t tv = tensor(LK_F64, v, DIMS(3));
  lk_tensor_t tm = tensor(LK_F64, m, DIMS(3, 2));
  lk_tensor_t tm2 = tensor(LK_F64, m, DIMS(2, 3));
  lk_tensor_t tr2 = tensor(LK_F64, r2, DIMS(2));
  lk_tensor_t tr0 = scalar(LK_F64, r0);
  CHECK(WS_MATMUL(&tv, &tm, &tr2));
  CHECK(all_near(&tr2, (double[]){22, 28}, 2, 0));
  CHECK(WS_MATMUL(&tm2, &tv, &tr2));
  CHECK(all_near(&tr2, (double[]){14, 32}, 2, 0));
  CHECK(WS_MATMUL(&tv, &tv, &tr0));
  CHECK(r0[0] == 14);
  /* 1-D against a batch: [3] @ [2,3,2] -> [2,2]. */
  double mb[12], rb[4];
  for (int i = 0; i < 12; i++)
    mb[i] = i;
  lk_tensor_t tmb = tensor(LK_F64, mb, DIMS(2, 3, 2));
  lk_tensor_t trb = tensor(LK_F64, rb, DIMS(2, 2));
  CHECK(WS_MATMUL(&tv, &tmb, &trb));
  CHECK(all_near(&trb, (double[]){16, 22, 52, 58}, 4, 0));

  /* Integers wrap like C's unsigned arithmetic; uint64 keeps its range. */
  int32_t ia[2] = {65536, 3}, ib[2] = {65536, 2}, iy[1];
  lk_tensor_t tia = tensor(LK_I32, ia, DIMS(1, 2));
  lk_tensor_t tib = tensor(LK_I32, ib, DIMS(2, 1));
  lk_tensor_t tiy = tensor(LK_I32, iy, DIMS(1, 1));
  CHECK(WS_MATMUL(&tia, &tib, &tiy));
  CHECK(iy[0] == 6); /* 2^32 wraps to 0 */
  uint64_t ua[2] = {UINT64_C(1) << 63, 1}, ub[2] = {1, 5}, uy[1];
  lk_tensor_t tua = tensor(LK_U64, ua, DIMS(1, 2));
  lk_tensor_t tub = tensor(LK_U64, ub, DIMS(2, 1));
  lk_tensor_t tuy = tensor(LK_U64, uy, DIMS(1, 1));
  CHECK(WS_MATMUL(&tua, &tub, &tuy));
  CHECK(uy[0] == (UINT64_C(1) << 63) + 5);

  /* Empty inner dimension: zeros. */
  float e0[1], e1[1], ez[4] = {7, 7, 7, 7};
  lk_tensor_t te0 = tensor(LK_F32, e0, DIMS(2, 0));
  lk_tensor_t te1 = tensor(LK_F32, e1, DIMS(0, 2));
  lk_tensor_t tez = tensor(LK_F32, ez, DIMS(2, 2));
  CHECK(WS_MATMUL(&te0, &te1, &tez));
  CHECK(all_near(&tez, (double[]){0, 0, 0, 0}, 4, 0));
}

/* Random odd shapes (row blocks of four plus a remainder, rows longer than
 * the unrolled loops) against a naive triple loop, for every engine class
 * and both transposes. */
static uint32_t g_seed = 777;

static void test_gemm_random(void) {
  static const lk_dtype_t dts[] = {LK_F32, LK_F64, LK_I32};
  for (int di = 0; di < 3; di++)
    for (int tr = 0; tr < 4; tr++) {
      lk_dtype_t dt = dts[di];
      bool ta = tr & 1, tb = tr & 2;
      int64_t m = 7, k = 5, n = 11;
      double a[35], b[55], c[11], want[77];
      uint64_t abuf[35], bbuf[55], cbuf[11], ybuf[77];
      for (int i = 0; i < 35; i++)
        a[i] = dt == LK_I32 ? (int)(rnd(&g_seed) * 9) : rnd(&g_seed);
      for (int i = 0; i < 55; i++)
        b[i] = dt == LK_I32 ? (int)(rnd(&g_seed) * 9) : rnd(&g_seed);
      for (int i = 0; i < 11; i++)
        c[i] = dt == LK_I32 ? (int)(rnd(&g_seed) * 9) : rnd(&g_seed);
      lk_tensor_t tA =
          ta ? tensor(dt, abuf, DIMS(5, 7)) : tensor(dt, abuf, DIMS(7, 5));
      lk_tensor_t tB =
          tb ? tensor(dt, bbuf, DIMS(11, 5)) : tensor(dt, bbuf, DIMS(5, 11));
      lk_tensor_t tC = tensor(dt, cbuf, DIMS(11));
      lk_tensor_t tY = tensor(dt, ybuf, DIMS(7, 11));
      for (int64_t i = 0; i < m; i++)
        for (int64_t kk = 0; kk < k; kk++)
          lk_store_f64(&tA, ta ? kk * m + i : i * k + kk, a[i * k + kk]);
      for (int64_t kk = 0; kk < k; kk++)
        for (int64_t j = 0; j < n; j++)
          lk_store_f64(&tB, tb ? j * k + kk : kk * n + j, b[kk * n + j]);
      for (int j = 0; j < 11; j++)
        lk_store_f64(&tC, j, c[j]);
      for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
          double sum = 0;
          for (int64_t kk = 0; kk < k; kk++)
            sum += a[i * k + kk] * b[kk * n + j];
          want[i * n + j] = sum + c[j];
        }
      lk_gemm_params_t p = {1.0, 1.0, ta, tb, LK_ACT_NONE, 0, 0};
      CHECK(WS_GEMM(&p, &tA, &tB, &tC, &tY));
      if (!all_near(&tY, want, 77, dt == LK_F32 ? 1e-6 : 1e-12))
        fprintf(stderr, "  gemm %s transA %d transB %d\n", lk_dtype_name(dt),
                ta, tb);
    }
}

/* ---- gemm and fc ------------------------------------------------------------
 */

static void test_gemm(void) {
  /* A^T (A stored 3x2), B^T (B stored 2x3), C a row broadcast. */
  float a[6] = {1, 4, 2, 5, 3, 6}, b[6] = {-2, 0, 2, -1, 1, 3}, c[2] = {1, 2};
  float y[4];
  lk_tensor_t ta = tensor(LK_F32, a, DIMS(3, 2));
  lk_tensor_t tb = tensor(LK_F32, b, DIMS(2, 3));
  lk_tensor_t tc = tensor(LK_F32, c, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 2));
  lk_gemm_params_t p = {0.5, 2.0, true, true, LK_ACT_NONE, 0, 0};
  CHECK(WS_GEMM(&p, &ta, &tb, &tc, &ty));
  /* A'B' = [[4,10],[4,19]]; 0.5 * that + 2 * [1,2] */
  CHECK(all_near(&ty, (double[]){4, 9, 4, 13.5}, 4, 0));
  /* No C, relu, float64 through the double path; C as a column [2,1]. */
  double ad[6] = {1, 2, 3, 4, 5, 6}, bd[6] = {-2, -1, 0, 1, 2, 3},
         cd[2] = {-10, 1};
  double yd[4];
  lk_tensor_t tad = tensor(LK_F64, ad, DIMS(2, 3));
  lk_tensor_t tbd = tensor(LK_F64, bd, DIMS(3, 2));
  lk_tensor_t tcd = tensor(LK_F64, cd, DIMS(2, 1));
  lk_tensor_t tyd = tensor(LK_F64, yd, DIMS(2, 2));
  lk_gemm_params_t q = {1.0, 1.0, false, false, LK_ACT_RELU, 0, 0};
  CHECK(WS_GEMM(&q, &tad, &tbd, &tcd, &tyd));
  CHECK(all_near(&tyd, (double[]){0, 0, 5, 20}, 4, 0));
  CHECK(WS_GEMM(&q, &tad, &tbd, NULL, &tyd));
  CHECK(all_near(&tyd, (double[]){4, 10, 4, 19}, 4, 0));
  /* int64 with a scalar C stays exact past 2^53. */
  int64_t ai[1] = {INT64_C(1) << 60}, bi[1] = {3}, ci[1] = {1}, yi[1];
  lk_tensor_t tai = tensor(LK_I64, ai, DIMS(1, 1));
  lk_tensor_t tbi = tensor(LK_I64, bi, DIMS(1, 1));
  lk_tensor_t tci = scalar(LK_I64, ci);
  lk_tensor_t tyi = tensor(LK_I64, yi, DIMS(1, 1));
  lk_gemm_params_t r = {1.0, 1.0, false, false, LK_ACT_NONE, 0, 0};
  CHECK(WS_GEMM(&r, &tai, &tbi, &tci, &tyi));
  CHECK(yi[0] == 3 * (INT64_C(1) << 60) + 1);
}

static void test_fc(void) {
  /* x [2,2,3] flattened at 2 -> [4,3] @ w [3,2] + bias, then relu. */
  float x[12], w[6] = {1, 0, 0, 1, 1, -1}, b[2] = {0.5f, -20}, y[8];
  ramp(x, 12, 0);
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(2, 2, 3));
  lk_tensor_t tw = tensor(LK_F32, w, DIMS(3, 2));
  lk_tensor_t tb = tensor(LK_F32, b, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(2, 2, 2));
  lk_fc_params_t p = {2, LK_ACT_RELU, 0, 0};
  CHECK(WS_FC(&p, &tx, &tw, &tb, &ty));
  /* row r = (3r, 3r+1, 3r+2): (3r + 3r+2 + 0.5, 3r+1 - (3r+2) - 20) */
  CHECK(all_near(&ty, (double[]){2.5, 0, 8.5, 0, 14.5, 0, 20.5, 0}, 8, 0));
  /* in_num_col_dims 1: [2,6] @ [6,1], no bias, float16. */
  uint16_t xh[12], wh[6], yh[2];
  lk_tensor_t txh = tensor(LK_F16, xh, DIMS(2, 2, 3));
  lk_tensor_t twh = tensor(LK_F16, wh, DIMS(6, 1));
  lk_tensor_t tyh = tensor(LK_F16, yh, DIMS(2, 1));
  for (int i = 0; i < 12; i++)
    lk_store_f64(&txh, i, i);
  for (int i = 0; i < 6; i++)
    lk_store_f64(&twh, i, 1);
  lk_fc_params_t q = {1, LK_ACT_NONE, 0, 0};
  CHECK(WS_FC(&q, &txh, &twh, NULL, &tyh));
  CHECK(all_near(&tyh, (double[]){15, 51}, 2, 0));
}

/* The gemm engine's workspace by its rules, and a short one refused before
 * anything is written. */
static void test_short_workspace(void) {
  double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, -1, 2, 1, 0}, y[4];
  /* float32, B as it is: none. */
  lk_tensor_t fa = tensor(LK_F32, a, DIMS(2, 3)),
              fb = tensor(LK_F32, b, DIMS(3, 2));
  lk_tensor_t fy = tensor(LK_F32, y, DIMS(2, 2));
  CHECK(lk_ref_matmul_workspace(&fa, &fb, &fy) == 0);
  CHECK(lk_ref_matmul(&fa, &fb, &fy, test_ws(0)));
  /* double: A (6), B (6) and the accumulator (4), 64 bytes each. */
  lk_tensor_t ta = tensor(LK_F64, a, DIMS(2, 3)),
              tb = tensor(LK_F64, b, DIMS(3, 2));
  lk_tensor_t ty = tensor(LK_F64, y, DIMS(2, 2));
  CHECK(lk_ref_matmul_workspace(&ta, &tb, &ty) == 3 * 64);
  CHECK_SHORT_WS(lk_ref_matmul_workspace(&ta, &tb, &ty), &ty,
                 lk_ref_matmul(&ta, &tb, &ty, ws));
  CHECK(all_near(&ty, (double[]){2, 4, 5, 10}, 4, 0));
  /* float32 with B transposed: B's copy and the transpose's. */
  lk_gemm_params_t p = {1, 1, false, true, LK_ACT_NONE, 0, 0};
  lk_tensor_t gb = tensor(LK_F32, b, DIMS(2, 3));
  CHECK(lk_ref_gemm_workspace(&p, &fa, &gb, NULL, &fy) == 2 * 64);
  CHECK_SHORT_WS(lk_ref_gemm_workspace(&p, &fa, &gb, NULL, &fy), &fy,
                 lk_ref_gemm(&p, &fa, &gb, NULL, &fy, ws));
  /* fc in double: X as [2, 3], W, the accumulator. */
  lk_fc_params_t q = {1, LK_ACT_NONE, 0, 0};
  lk_tensor_t cx = tensor(LK_F64, a, DIMS(2, 3)),
              cw = tensor(LK_F64, b, DIMS(3, 2));
  CHECK(lk_ref_fc_workspace(&q, &cx, &cw, NULL, &ty) == 3 * 64);
  CHECK_SHORT_WS(lk_ref_fc_workspace(&q, &cx, &cw, NULL, &ty), &ty,
                 lk_ref_fc(&q, &cx, &cw, NULL, &ty, ws));
}

/* ---- einsum ----------------------------------------------------------------
 */

static bool parse(const char *eq, int32_t n, const int32_t *ranks,
                  lk_einsum_t *e) {
  char err[128];
  bool ok = lk_einsum_parse(eq, n, ranks, e, err, sizeof err);
  if (!ok) fprintf(stderr, "  '%s': %s\n", eq, err);
  return ok;
}

static void test_einsum_parse(void) {
  lk_einsum_t e;
  char err[128];
  CHECK(parse("ij,jk->ik", 2, (int32_t[]){2, 2}, &e));
  CHECK(e.out_rank == 2 && e.out_labels[0] == 'i' - 'a' &&
        e.out_labels[1] == 'k' - 'a');
  /* Implicit: letters used once, ASCII order (upper case first). */
  CHECK(parse("ba,aC", 2, (int32_t[]){2, 2}, &e));
  CHECK(e.out_rank == 2 && e.out_labels[0] == 26 + ('C' - 'A') &&
        e.out_labels[1] == 'b' - 'a');
  CHECK(parse("ii", 1, (int32_t[]){2}, &e) && e.out_rank == 0);
  /* Ellipsis, right-aligned between operands of different ranks. */
  CHECK(parse("...ij, ...jk", 2, (int32_t[]){4, 3}, &e));
  CHECK(e.ellipsis_rank == 2 && e.out_rank == 4 && e.in_rank[1] == 3);
  CHECK(e.in_labels[1][0] == LK_EINSUM_ELLIPSIS_LABEL + 1);
  /* Errors. */
  CHECK(!lk_einsum_parse("ij,jk", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(strstr(err, "more terms") != NULL);
  CHECK(!lk_einsum_parse("ijk", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(strstr(err, "rank 2") != NULL);
  CHECK(!lk_einsum_parse("ij->ii", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(strstr(err, "more than once") != NULL);
  CHECK(!lk_einsum_parse("ij->k", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(strstr(err, "not in any input") != NULL);
  CHECK(!lk_einsum_parse("i1", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(!lk_einsum_parse("..i", 1, (int32_t[]){1}, &e, err, sizeof err));
  CHECK(!lk_einsum_parse("...i->i", 1, (int32_t[]){2}, &e, err, sizeof err));
  CHECK(strstr(err, "'...'") != NULL);
  CHECK(!lk_einsum_parse("......", 1, (int32_t[]){2}, &e, err, sizeof err));
}

static void einsum_run(const char *eq, int32_t n, const lk_tensor_t *in,
                       lk_tensor_t *y) {
  int32_t ranks[4];
  const lk_tensor_t *ins[4];
  for (int32_t i = 0; i < n; i++) {
    ranks[i] = in[i].rank;
    ins[i] = &in[i];
  }
  lk_einsum_t e;
  if (!parse(eq, n, ranks, &e)) {
    g_failures++;
    return;
  }
  lk_ref_einsum(&e, ins, y);
}

static void test_einsum(void) {
  double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {-2, -1, 0, 1, 2, 3}, y[9];
  lk_tensor_t in[2] = {tensor(LK_F64, a, DIMS(2, 3)),
                       tensor(LK_F64, b, DIMS(3, 2))};
  lk_tensor_t ty = tensor(LK_F64, y, DIMS(2, 2));
  einsum_run("ij,jk->ik", 2, in, &ty);
  CHECK(all_near(&ty, (double[]){4, 10, 4, 19}, 4, 0));
  lk_tensor_t tt = tensor(LK_F64, y, DIMS(3, 2));
  einsum_run("ij->ji", 1, in, &tt);
  CHECK(all_near(&tt, (double[]){1, 4, 2, 5, 3, 6}, 6, 0));
  lk_tensor_t ts = scalar(LK_F64, y);
  einsum_run("ij->", 1, in, &ts);
  CHECK(y[0] == 21);
  /* Trace and diagonal of a 3x3, batch diagonal with an ellipsis. */
  double m[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  lk_tensor_t tm = tensor(LK_F64, m, DIMS(3, 3));
  einsum_run("ii", 1, &tm, &ts);
  CHECK(y[0] == 15);
  lk_tensor_t td = tensor(LK_F64, y, DIMS(3));
  einsum_run("ii->i", 1, &tm, &td);
  CHECK(all_near(&td, (double[]){1, 5, 9}, 3, 0));
  double bm[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  lk_tensor_t tbm = tensor(LK_F64, bm, DIMS(2, 2, 2));
  lk_tensor_t tbd = tensor(LK_F64, y, DIMS(2, 2));
  einsum_run("...ii->...i", 1, &tbm, &tbd);
  CHECK(all_near(&tbd, (double[]){1, 4, 5, 8}, 4, 0));
  /* Ellipsis broadcasting [2,1,3] x [4,3] -> [2,4]; f32. */
  float u[6] = {1, 2, 3, 4, 5, 6}, v[12], w[8];
  for (int i = 0; i < 12; i++)
    v[i] = (float)(i % 3 == 0);
  lk_tensor_t uv[2] = {tensor(LK_F32, u, DIMS(2, 1, 3)),
                       tensor(LK_F32, v, DIMS(4, 3))};
  lk_tensor_t tw = tensor(LK_F32, w, DIMS(2, 4));
  einsum_run("...i,...i->...", 2, uv, &tw);
  CHECK(all_near(&tw, (double[]){1, 1, 1, 1, 4, 4, 4, 4}, 8, 0));
  /* Three operands, an outer product, integers. */
  int32_t p[2] = {1, 2}, q[3] = {1, 10, 100}, r[2] = {3, 4}, o[6];
  lk_tensor_t pq[3] = {tensor(LK_I32, p, DIMS(2)), tensor(LK_I32, q, DIMS(3)),
                       tensor(LK_I32, r, DIMS(2))};
  lk_tensor_t to = tensor(LK_I32, o, DIMS(2, 3));
  einsum_run("i,j,i->ij", 3, pq, &to);
  CHECK(all_eq(&to, (int64_t[]){3, 30, 300, 8, 80, 800}, 6));
  /* A zero-size summed label gives zeros. */
  double z0[1], zy[2] = {5, 5};
  lk_tensor_t zin[2] = {tensor(LK_F64, z0, DIMS(2, 0)),
                        tensor(LK_F64, z0, DIMS(0))};
  lk_tensor_t tzy = tensor(LK_F64, zy, DIMS(2));
  einsum_run("ij,j->i", 2, zin, &tzy);
  CHECK(zy[0] == 0 && zy[1] == 0);
}

int main(void) {
  test_matmul();
  test_gemm();
  test_gemm_random();
  test_fc();
  test_short_workspace();
  test_einsum_parse();
  test_einsum();
  return test_exit_status();
}

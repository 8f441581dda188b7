/* plan_dense_test.c - the plan steps of matmul, gemm and fc
 * (kernels/plan/dense.h) with no IR: result shapes, the gemm engine's
 * parameters, dynamic dims and unknown ranks, batch broadcasting, and every
 * error message. */
#include "kernels/plan/dense.h"

#include "test/unit/plan_table.h"

static const attr_t none[] = {END};

static lt_result_t run_matmul(lk_shape_t a, lk_shape_t b, lk_shape_t *out,
                              lk_plan_t *p) {
  lk_shape_t in[2] = {a, b};
  *p = plan_over(none);
  memset(out, 0, sizeof *out);
  return lk_plan_matmul(p, in, 2, out);
}

static lt_result_t run_gemm(const attr_t *table, const lk_shape_t *in,
                            uint32_t n, lk_shape_t *out, lk_gemm_params_t *kp,
                            lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_gemm(p, in, n, out, kp);
}

static lt_result_t run_fc(const attr_t *table, const lk_shape_t *in, uint32_t n,
                          lk_shape_t *out, lk_fc_params_t *kp, lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_fc(p, in, n, out, kp);
}

/* ---- matmul
 * -------------------------------------------------------------------- */

static void test_matmul_shapes(void) {
  lk_plan_t p;
  lk_shape_t out;
  SUCCEEDS(run_matmul(SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4), &out, &p), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 4));
  CHECK(p.workspace_size == 0);
  /* Batch dims broadcast, right-aligned. */
  SUCCEEDS(
      run_matmul(SHAPE(LK_F32, 5, 1, 2, 3), SHAPE(LK_F32, 4, 3, 6), &out, &p),
      &p);
  CHECK(DIMS_ARE(&out, 5, 4, 2, 6));
  /* 1-D operands: a row vector, a column vector; their unit dim drops. */
  SUCCEEDS(run_matmul(SHAPE(LK_F32, 3), SHAPE(LK_F32, 7, 3, 4), &out, &p), &p);
  CHECK(DIMS_ARE(&out, 7, 4));
  SUCCEEDS(run_matmul(SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3), &out, &p), &p);
  CHECK(DIMS_ARE(&out, 2));
  SUCCEEDS(run_matmul(SHAPE(LK_F32, 3), SHAPE(LK_F32, 3), &out, &p), &p);
  CHECK(out.rank == 0);
  /* Integers multiply too. */
  SUCCEEDS(run_matmul(SHAPE(LK_I32, 2, 2), SHAPE(LK_I32, 2, 2), &out, &p), &p);
  CHECK(out.dtype == LK_I32);
}

static void test_matmul_dynamic(void) {
  lk_plan_t p;
  lk_shape_t out;
  SUCCEEDS(run_matmul(SHAPE(LK_F32, -1, 3), SHAPE(LK_F32, 3, -1), &out, &p),
           &p);
  CHECK(DIMS_ARE(&out, -1, -1));
  /* An unknown inner dim passes; the known one is checked at run time. */
  SUCCEEDS(run_matmul(SHAPE(LK_F32, 2, -1), SHAPE(LK_F32, 3, 4), &out, &p), &p);
  CHECK(DIMS_ARE(&out, 2, 4));
  /* A known batch dim other than 1 fixes an unknown one; 1 does not. */
  SUCCEEDS(
      run_matmul(SHAPE(LK_F32, -1, 2, 3), SHAPE(LK_F32, 4, 3, 5), &out, &p),
      &p);
  CHECK(DIMS_ARE(&out, 4, 2, 5));
  SUCCEEDS(
      run_matmul(SHAPE(LK_F32, -1, 2, 3), SHAPE(LK_F32, 1, 3, 5), &out, &p),
      &p);
  CHECK(DIMS_ARE(&out, -1, 2, 5));
  /* Unknown rank: the result's rank is unknown too, its dtype is not. */
  SUCCEEDS(run_matmul(unranked(LK_F16), SHAPE(LK_F16, 3, 4), &out, &p), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F16);
  SUCCEEDS(run_matmul(SHAPE(LK_F16, 3, 4), unranked(LK_F16), &out, &p), &p);
  CHECK(out.rank == -1);
}

static void test_matmul_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  FAILS_WITH(run_matmul(SHAPE(LK_BOOL, 2, 2), SHAPE(LK_BOOL, 2, 2), &out, &p),
             &p, "operand #0 (A) must have a numeric element type, got i1");
  FAILS_WITH(run_matmul(SHAPE(LK_F32, 2, 2), SHAPE(LK_F16, 2, 2), &out, &p), &p,
             "operand #1 (B) must have element type f32 like operand #0, "
             "got f16");
  FAILS_WITH(run_matmul(SHAPE(LK_F32), SHAPE(LK_F32, 2, 2), &out, &p), &p,
             "operand #0 (A) must have rank >= 1, got 0");
  FAILS_WITH(run_matmul(SHAPE(LK_F32, 2, 2), SHAPE(LK_F32), &out, &p), &p,
             "operand #1 (B) must have rank >= 1, got 0");
  FAILS_WITH(run_matmul(SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 4, 5), &out, &p), &p,
             "operand #0 (A) has inner dimension 3 but operand #1 (B) "
             "has 4");
  FAILS_WITH(run_matmul(SHAPE(LK_F32, 3), SHAPE(LK_F32, 4), &out, &p), &p,
             "operand #0 (A) has inner dimension 3 but operand #1 (B) has 4");
  FAILS_WITH(run_matmul(SHAPE(LK_F32, 2, -1, 2, 3), SHAPE(LK_F32, 5, 3, 3, 4),
                        &out, &p),
             &p,
             "operands do not broadcast: #0 [2x-1], #1 [5x3] (dimension 0: "
             "2 vs 5)");
  lk_shape_t only[1] = {SHAPE(LK_F32, 2, 2)};
  p = plan_over(none);
  FAILS_WITH(lk_plan_matmul(&p, only, 1, &out), &p,
             "operand #1 (B) is required, got none");
}

/* ---- gemm
 * ---------------------------------------------------------------------- */

static void test_gemm_params(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gemm_params_t kp;
  lk_shape_t ab[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run_gemm(none, ab, 2, &out, &kp, &p), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 4));
  CHECK(kp.alpha == 1.0 && kp.beta == 1.0 && !kp.trans_a && !kp.trans_b);
  CHECK(kp.act == LK_ACT_NONE && p.workspace_size == 0);
  /* Transposes swap which dims are M, K and N. */
  const attr_t t[] = {INT("transA", 1),
                      INT("transB", 1),
                      FLT("alpha", 0.5),
                      FLT("beta", 2.0),
                      STR("activation", "leaky_relu"),
                      FLT("activation_alpha", 0.2),
                      END};
  lk_shape_t tab[3] = {SHAPE(LK_F32, 3, 2), SHAPE(LK_F32, 4, 3),
                       SHAPE(LK_F32, 4)};
  SUCCEEDS(run_gemm(t, tab, 3, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, 2, 4));
  CHECK(kp.trans_a && kp.trans_b && kp.alpha == 0.5 && kp.beta == 2.0);
  CHECK(kp.act == LK_ACT_LEAKY_RELU && kp.act_alpha == 0.2);
  /* C broadcasts: a scalar, a row, a column, the whole result. */
  lk_shape_t cs[] = {SHAPE(LK_F32), SHAPE(LK_F32, 1, 4), SHAPE(LK_F32, 2, 1),
                     SHAPE(LK_F32, 2, 4), SHAPE(LK_F32, -1, 4)};
  for (size_t i = 0; i < LT_ARRAY_SIZE(cs); i++) {
    lk_shape_t in[3] = {ab[0], ab[1], cs[i]};
    SUCCEEDS(run_gemm(none, in, 3, &out, &kp, &p), &p);
  }
  /* An absent C is no operand. */
  lk_shape_t no_c[3] = {ab[0], ab[1], absent()};
  SUCCEEDS(run_gemm(none, no_c, 3, &out, &kp, &p), &p);
}

static void test_gemm_dynamic(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gemm_params_t kp;
  lk_shape_t dyn[2] = {SHAPE(LK_F32, -1, 3), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run_gemm(none, dyn, 2, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, -1, 4));
  /* The rank is 2 whatever the operands say. */
  lk_shape_t unk[2] = {unranked(LK_F32), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run_gemm(none, unk, 2, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, -1, 4));
  /* C's check waits for the dims it compares with. */
  lk_shape_t c_dyn[3] = {SHAPE(LK_F32, -1, 3), SHAPE(LK_F32, 3, 4),
                         SHAPE(LK_F32, 7, 4)};
  SUCCEEDS(run_gemm(none, c_dyn, 3, &out, &kp, &p), &p);
}

static void test_gemm_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gemm_params_t kp;
  lk_shape_t bad_c[3] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4),
                         SHAPE(LK_F32, 3, 4)};
  FAILS_WITH(run_gemm(none, bad_c, 3, &out, &kp, &p), &p,
             "operand #2 (C) does not broadcast to the 2x4 result: dim 0 is 3");
  lk_shape_t c3[3] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4),
                      SHAPE(LK_F32, 1, 2, 4)};
  FAILS_WITH(run_gemm(none, c3, 3, &out, &kp, &p), &p,
             "operand #2 (C) must have rank 0 to 2, got 3");
  lk_shape_t c_i32[3] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4),
                         SHAPE(LK_I32, 4)};
  FAILS_WITH(run_gemm(none, c_i32, 3, &out, &kp, &p), &p,
             "operand #2 (C) must have element type f32 like operand #0, got "
             "i32");
  const attr_t ta[] = {INT("transA", 1), END};
  lk_shape_t inner[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4)};
  FAILS_WITH(run_gemm(ta, inner, 2, &out, &kp, &p), &p,
             "operand #0 (A) has inner dimension 2 but operand #1 (B) has 3");
  lk_shape_t r3[2] = {SHAPE(LK_F32, 1, 2, 3), SHAPE(LK_F32, 3, 4)};
  FAILS_WITH(run_gemm(none, r3, 2, &out, &kp, &p), &p,
             "operand #0 (A) must have rank 2, got 3");
  lk_shape_t r1[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3)};
  FAILS_WITH(run_gemm(none, r1, 2, &out, &kp, &p), &p,
             "operand #1 (B) must have rank 2, got 1");
  const attr_t act[] = {STR("activation", "swishy"), END};
  FAILS_WITH(run_gemm(act, inner, 2, &out, &kp, &p), &p,
             "attribute 'activation' must be one of none, relu, relu6, "
             "leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, "
             "gelu; got \"swishy\"");
}

/* ---- fc
 * ------------------------------------------------------------------------ */

static void test_fc(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_fc_params_t kp;
  /* Rows are X's dims before in_num_col_dims, the rest flatten into K. */
  lk_shape_t xw[3] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 12, 5),
                      SHAPE(LK_F32, 5)};
  SUCCEEDS(run_fc(none, xw, 3, &out, &kp, &p), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 5));
  CHECK(kp.in_num_col_dims == 1 && kp.act == LK_ACT_NONE);
  CHECK(p.workspace_size == 0);
  const attr_t k2[] = {INT("in_num_col_dims", 2), STR("activation", "relu"),
                       END};
  lk_shape_t xw2[3] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 4, 5),
                       SHAPE(LK_F32, 1, 5)};
  SUCCEEDS(run_fc(k2, xw2, 3, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, 2, 3, 5));
  CHECK(kp.in_num_col_dims == 2 && kp.act == LK_ACT_RELU);
  /* Dynamic rows stay dynamic; a dynamic column skips the K check. */
  lk_shape_t dyn[2] = {SHAPE(LK_F32, -1, -1, 4), SHAPE(LK_F32, 7, 5)};
  SUCCEEDS(run_fc(none, dyn, 2, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, -1, 5));
  lk_shape_t unk[2] = {unranked(LK_F32), SHAPE(LK_F32, 7, 5)};
  SUCCEEDS(run_fc(k2, unk, 2, &out, &kp, &p), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F32 && kp.in_num_col_dims == 2);
}

static void test_fc_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_fc_params_t kp;
  const attr_t k3[] = {INT("in_num_col_dims", 3), END};
  lk_shape_t xw[2] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 12, 5)};
  FAILS_WITH(run_fc(k3, xw, 2, &out, &kp, &p), &p,
             "attribute 'in_num_col_dims' must be in [1, 3) for operand #0 (X) "
             "of rank 3, got 3");
  const attr_t k0[] = {INT("in_num_col_dims", 0), END};
  FAILS_WITH(run_fc(k0, xw, 2, &out, &kp, &p), &p,
             "attribute 'in_num_col_dims' must be in [1, 3) for operand #0 (X) "
             "of rank 3, got 0");
  lk_shape_t inner[2] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_F32, 4, 5)};
  FAILS_WITH(run_fc(none, inner, 2, &out, &kp, &p), &p,
             "operand #0 (X) has inner dimension 12 but operand #1 (W) has 4");
  lk_shape_t b_len[3] = {xw[0], xw[1], SHAPE(LK_F32, 4)};
  FAILS_WITH(run_fc(none, b_len, 3, &out, &kp, &p), &p,
             "operand #2 (bias) must have shape [5] or [1, 5]");
  lk_shape_t b_rows[3] = {xw[0], xw[1], SHAPE(LK_F32, 2, 5)};
  FAILS_WITH(run_fc(none, b_rows, 3, &out, &kp, &p), &p,
             "operand #2 (bias) must have shape [5] or [1, 5]");
  lk_shape_t b_rank[3] = {xw[0], xw[1], SHAPE(LK_F32)};
  FAILS_WITH(run_fc(none, b_rank, 3, &out, &kp, &p), &p,
             "operand #2 (bias) must have rank 1 to 2, got 0");
  lk_shape_t x1[2] = {SHAPE(LK_F32, 12), SHAPE(LK_F32, 12, 5)};
  FAILS_WITH(run_fc(none, x1, 2, &out, &kp, &p), &p,
             "operand #0 (X) must have rank >= 2, got 1");
  lk_shape_t w3[2] = {SHAPE(LK_F32, 2, 12), SHAPE(LK_F32, 1, 12, 5)};
  FAILS_WITH(run_fc(none, w3, 2, &out, &kp, &p), &p,
             "operand #1 (W) must have rank 2, got 3");
  lk_shape_t bools[2] = {SHAPE(LK_BOOL, 2, 12), SHAPE(LK_BOOL, 12, 5)};
  FAILS_WITH(run_fc(none, bools, 2, &out, &kp, &p), &p,
             "operand #0 (X) must have a numeric element type, got i1");
}

int main(void) {
  test_matmul_shapes();
  test_matmul_dynamic();
  test_matmul_errors();
  test_gemm_params();
  test_gemm_dynamic();
  test_gemm_errors();
  test_fc();
  test_fc_errors();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

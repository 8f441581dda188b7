/* plan_topk_test.c - the plan step of top_k (kernels/plan/topk.h) with no
 * IR: result shapes with a constant K, params, dynamic dims, unknown K and
 * rank, and the error messages. */
#include "kernels/plan/topk.h"

#include "test/unit/plan_table.h"

static int64_t k_data[1];
static lk_tensor_t k_tensor = {.dtype = LK_I64, .rank = 1, .dims = {1},
                               .data = k_data};

/* K as a constant [1] operand holding k. */
static lk_shape_t k_const(int64_t k) {
  k_data[0] = k;
  return shape_value(&k_tensor);
}

static lt_result_t run(const attr_t *table, lk_shape_t x, lk_shape_t k,
                       lk_shape_t out[2], lk_topk_params_t *kp,
                       lk_plan_t *p) {
  lk_shape_t in[2] = {x, k};
  *p = plan_over(table);
  memset(out, 0, 2 * sizeof *out);
  return lk_plan_top_k(p, in, 2, out, 2, kp);
}

static const attr_t none[] = {END};

static void test_shapes(void) {
  lk_plan_t p;
  lk_shape_t out[2];
  lk_topk_params_t kp;
  SUCCEEDS(run(none, SHAPE(LK_F32, 3, 10), k_const(4), out, &kp, &p), &p);
  CHECK(out[0].dtype == LK_F32 && DIMS_ARE(&out[0], 3, 4));
  CHECK(out[1].dtype == LK_I64 && DIMS_ARE(&out[1], 3, 4));
  CHECK(kp.axis == 1 && kp.k == 4 && kp.largest && kp.sorted);
  /* Two arrays of 10 sort items (24 bytes each), rounded up to 256. */
  CHECK(p.workspace_size == 2 * 256);
  const attr_t attrs[] = {INT("axis", -2), INT("largest", 0),
                          INT("sorted", 0), END};
  SUCCEEDS(run(attrs, SHAPE(LK_I32, 6, -1), k_const(6), out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out[0], 6, -1) && DIMS_ARE(&out[1], 6, -1));
  CHECK(kp.axis == 0 && kp.k == 6 && !kp.largest && !kp.sorted);
  CHECK(p.workspace_size == 0); /* planned again once X's dims are known */
  /* K's value unknown: the axis is dynamic. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 3, 10), SHAPE(LK_I64, 1), out, &kp, &p),
           &p);
  CHECK(DIMS_ARE(&out[0], 3, -1) && kp.k == -1);
  CHECK(p.workspace_size == 2 * 256); /* the axis decides it, not K */
  /* A dynamic axis takes any K. */
  SUCCEEDS(run(none, SHAPE(LK_F32, 3, -1), k_const(100), out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out[0], 3, 100));
  SUCCEEDS(run(none, unranked(LK_F32), k_const(2), out, &kp, &p), &p);
  CHECK(out[0].rank == -1 && out[1].rank == -1 && kp.axis == -1);
}

static void test_errors(void) {
  lk_plan_t p;
  lk_shape_t out[2];
  lk_topk_params_t kp;
  FAILS_WITH(run(none, SHAPE(LK_F32, 3, 10), k_const(11), out, &kp, &p), &p,
             "operand #1 (K) is 11, outside [0, 10] (the size of the axis)");
  FAILS_WITH(run(none, SHAPE(LK_F32, 3, 10), k_const(-1), out, &kp, &p), &p,
             "operand #1 (K) is -1, outside [0, 10] (the size of the axis)");
  const attr_t far[] = {INT("axis", 2), END};
  FAILS_WITH(run(far, SHAPE(LK_F32, 3, 10), k_const(1), out, &kp, &p), &p,
             "attribute 'axis' 2 is out of range for rank 2");
  FAILS_WITH(run(none, SHAPE(LK_F32, 3), SHAPE(LK_F32, 1), out, &kp, &p), &p,
             "operand #1 (K) must have an integer element type, got f32");
  FAILS_WITH(run(none, SHAPE(LK_F32, 3), SHAPE(LK_I64, 2), out, &kp, &p), &p,
             "operand #1 (K) must have one element, got 2");
  FAILS_WITH(run(none, SHAPE(LK_BOOL, 3), k_const(1), out, &kp, &p), &p,
             "operand #0 (X) must have a numeric element type, got bool");
  FAILS_WITH(run(none, SHAPE(LK_F32), k_const(1), out, &kp, &p), &p,
             "operand #0 (X) must have rank >= 1, got 0");
  FAILS_WITH(run(none, SHAPE(LK_F32, 3), SHAPE(LK_I64, 1, 1), out, &kp, &p),
             &p, "operand #1 (K) must have rank 0 to 1, got 2");
}

int main(void) {
  test_shapes();
  test_errors();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

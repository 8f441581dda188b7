/* plan_norm_test.c - the plan steps of the normalizations
 * (kernels/plan/norm.h) with no IR: result shapes, the kernels'
 * parameters, dynamic dims and unknown ranks, and the error messages. */
#include "kernels/plan/norm.h"

#include "test/unit/plan_table.h"

static const attr_t none[] = {END};

static void test_batch_norm(void) {
  lk_plan_t p = plan_over(none);
  lk_norm_params_t kp;
  lk_shape_t out = {0};
  lk_shape_t v3 = SHAPE(LK_F32, 3);
  lk_shape_t in[5] = {SHAPE(LK_F32, 2, 3, 4, 4), v3, v3, v3, v3};
  SUCCEEDS(lk_plan_batch_norm(&p, in, 5, &out, &kp), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 3, 4, 4));
  CHECK(kp.epsilon == 1e-5 && p.workspace_size == 0);
  const attr_t eps[] = {FLT("epsilon", 0.25), END};
  p = plan_over(eps);
  SUCCEEDS(lk_plan_batch_norm(&p, in, 5, &out, &kp), &p);
  CHECK(kp.epsilon == 0.25);
  /* A 1-D X is one channel; a dynamic channel dim accepts any length. */
  lk_shape_t one[5] = {SHAPE(LK_F32, 7), SHAPE(LK_F32, 1), SHAPE(LK_F32, 1),
                       SHAPE(LK_F32, 1), SHAPE(LK_F32, 1)};
  p = plan_over(none);
  SUCCEEDS(lk_plan_batch_norm(&p, one, 5, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 7));
  lk_shape_t dyn[5] = {SHAPE(LK_F32, -1, -1, 8), v3, v3, v3, v3};
  SUCCEEDS(lk_plan_batch_norm(&p, dyn, 5, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, -1, -1, 8));
  lk_shape_t unk[5] = {unranked(LK_F32), v3, v3, v3, v3};
  SUCCEEDS(lk_plan_batch_norm(&p, unk, 5, &out, &kp), &p);
  CHECK(out.rank == -1);

  lk_shape_t bad_len[5] = {in[0], v3, v3, SHAPE(LK_F32, 4), v3};
  FAILS_WITH(lk_plan_batch_norm(&p, bad_len, 5, &out, &kp), &p,
             "operand #3 (input_mean) must have 3 elements, got 4");
  lk_shape_t ints[5] = {SHAPE(LK_I32, 2, 3), v3, v3, v3, v3};
  FAILS_WITH(lk_plan_batch_norm(&p, ints, 5, &out, &kp), &p,
             "operand #0 (X) must have a float element type, got i32");
  lk_shape_t missing[5] = {in[0], v3, absent(), v3, v3};
  FAILS_WITH(lk_plan_batch_norm(&p, missing, 5, &out, &kp), &p,
             "operand #2 (B) is required, got none");
}

static void test_layer_norm(void) {
  lk_plan_t p = plan_over(none);
  lk_layer_norm_params_t kp;
  lk_shape_t out[3] = {{0}};
  lk_shape_t in[3] = {SHAPE(LK_F32, 2, 5, 8), SHAPE(LK_F32, 8),
                      SHAPE(LK_F32, 1, 8)};
  SUCCEEDS(lk_plan_layer_norm(&p, in, 3, out, 3, &kp), &p);
  CHECK(kp.axis == 2 && kp.epsilon == 1e-5 && kp.stash_dtype == LK_F32);
  CHECK(DIMS_ARE(&out[0], 2, 5, 8));
  CHECK(out[1].dtype == LK_F32 && DIMS_ARE(&out[1], 2, 5, 1));
  CHECK(DIMS_ARE(&out[2], 2, 5, 1));

  const attr_t ax[] = {INT("axis", 1), INT("stash_type", 11),
                       FLT("epsilon", 1e-3), END};
  p = plan_over(ax);
  lk_shape_t dyn[2] = {SHAPE(LK_F16, -1, 5, -1), SHAPE(LK_F16, 5, 1)};
  SUCCEEDS(lk_plan_layer_norm(&p, dyn, 2, out, 2, &kp), &p);
  CHECK(kp.axis == 1 && kp.epsilon == 1e-3 && kp.stash_dtype == LK_F64);
  CHECK(out[0].dtype == LK_F16 && DIMS_ARE(&out[0], -1, 5, -1));
  CHECK(out[1].dtype == LK_F64 && DIMS_ARE(&out[1], -1, 1, 1));

  lk_shape_t unk[2] = {unranked(LK_F32), SHAPE(LK_F32, 8)};
  p = plan_over(none);
  SUCCEEDS(lk_plan_layer_norm(&p, unk, 2, out, 2, &kp), &p);
  CHECK(out[0].rank == -1 && out[1].rank == -1);

  const attr_t far[] = {INT("axis", 3), END};
  p = plan_over(far);
  FAILS_WITH(lk_plan_layer_norm(&p, in, 2, out, 1, &kp), &p,
             "attribute 'axis' 3 is out of range for rank 3");
  const attr_t st[] = {INT("stash_type", 7), END};
  p = plan_over(st);
  FAILS_WITH(lk_plan_layer_norm(&p, in, 2, out, 1, &kp), &p,
             "attribute 'stash_type' must name a float type (1 float, 10 "
             "float16, 11 double, 16 bfloat16), got 7");
  p = plan_over(none);
  lk_shape_t wide[2] = {in[0], SHAPE(LK_F32, 1, 1, 1, 8)};
  FAILS_WITH(lk_plan_layer_norm(&p, wide, 2, out, 1, &kp), &p,
             "operand #1 (Scale) of rank 4 does not broadcast to operand #0 "
             "(X) of rank 3");
  lk_shape_t mism[3] = {in[0], SHAPE(LK_F32, 8), SHAPE(LK_F32, 4, 8)};
  FAILS_WITH(lk_plan_layer_norm(&p, mism, 3, out, 1, &kp), &p,
             "operand #2 (B) does not broadcast to operand #0 (X): dim 0 is "
             "4, X has 5");
  FAILS_WITH(lk_plan_layer_norm(&p, in, 1, out, 1, &kp), &p,
             "operand #1 (Scale) is required, got none");
}

static void test_instance_norm(void) {
  lk_plan_t p = plan_over(none);
  lk_norm_params_t kp;
  lk_shape_t out = {0};
  lk_shape_t in[3] = {SHAPE(LK_F32, 1, 4, 6), SHAPE(LK_F32, 4),
                      SHAPE(LK_F32, 4)};
  SUCCEEDS(lk_plan_instance_norm(&p, in, 3, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, 4, 6) && kp.epsilon == 1e-5);
  lk_shape_t two[3] = {SHAPE(LK_F32, 1, 4), in[1], in[2]};
  FAILS_WITH(lk_plan_instance_norm(&p, two, 3, &out, &kp), &p,
             "operand #0 (input) must have rank >= 3, got 2");
  lk_shape_t len[3] = {in[0], in[1], SHAPE(LK_F32, 5)};
  FAILS_WITH(lk_plan_instance_norm(&p, len, 3, &out, &kp), &p,
             "operand #2 (B) must have 4 elements, got 5");
}

static void test_lrn(void) {
  const attr_t attrs[] = {INT("size", 3), FLT("alpha", 0.5), END};
  lk_plan_t p = plan_over(attrs);
  lk_lrn_params_t kp;
  lk_shape_t out = {0};
  lk_shape_t in[1] = {SHAPE(LK_F32, 1, 8, -1, 3)};
  SUCCEEDS(lk_plan_lrn(&p, in, 1, &out, &kp), &p);
  CHECK(DIMS_ARE(&out, 1, 8, -1, 3));
  CHECK(kp.size == 3 && kp.alpha == 0.5 && kp.beta == 0.75 && kp.bias == 1.0);
  p = plan_over(none);
  FAILS_WITH(lk_plan_lrn(&p, in, 1, &out, &kp), &p,
             "attribute 'size' must be >= 1, got 0");
  p = plan_over(attrs);
  lk_shape_t one[1] = {SHAPE(LK_F32, 8)};
  FAILS_WITH(lk_plan_lrn(&p, one, 1, &out, &kp), &p,
             "operand #0 (X) must have rank >= 2, got 1");
}

static void test_mvn(void) {
  lk_plan_t p = plan_over(none);
  lk_mvn_params_t kp;
  lk_shape_t out = {0};
  lk_shape_t in[1] = {SHAPE(LK_F32, 2, 3, 4, 5)};
  SUCCEEDS(lk_plan_mvn(&p, in, 1, &out, &kp), &p);
  CHECK(kp.axes_mask == 0xdu && DIMS_ARE(&out, 2, 3, 4, 5));
  const attr_t neg[] = {INTS("axes", -1, 1), END};
  p = plan_over(neg);
  SUCCEEDS(lk_plan_mvn(&p, in, 1, &out, &kp), &p);
  CHECK(kp.axes_mask == 0xau);
  lk_shape_t unk[1] = {unranked(LK_F32)};
  SUCCEEDS(lk_plan_mvn(&p, unk, 1, &out, &kp), &p);
  CHECK(out.rank == -1);

  const attr_t rep[] = {INTS("axes", 1, -3), END};
  p = plan_over(rep);
  FAILS_WITH(lk_plan_mvn(&p, in, 1, &out, &kp), &p,
             "attribute 'axes' repeats axis 1");
  const attr_t far[] = {INTS("axes", 4), END};
  p = plan_over(far);
  FAILS_WITH(lk_plan_mvn(&p, in, 1, &out, &kp), &p,
             "attribute 'axes' value 4 is out of range for rank 4");
  p = plan_over(none);
  lk_shape_t two[1] = {SHAPE(LK_F32, 2, 3)};
  FAILS_WITH(lk_plan_mvn(&p, two, 1, &out, &kp), &p,
             "attribute 'axes' has 3 values, more than the rank 2 of operand "
             "#0 (X)");
}

int main(void) {
  test_batch_norm();
  test_layer_norm();
  test_instance_norm();
  test_lrn();
  test_mvn();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

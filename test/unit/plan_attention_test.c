/* plan_attention_test.c - the plan step of attention
 * (kernels/plan/attention.h) with no IR: the result shape, num_heads and
 * scale, dynamic dims, unknown ranks, the mask's broadcast and the error
 * messages. */
#include <math.h>

#include "kernels/plan/attention.h"

#include "test/unit/plan_table.h"

static const attr_t heads2[] = {INT("num_heads", 2), END};

/* X [2, 5, 6], W* [6, 8], B* [8]. */
static void operands(lk_shape_t in[8]) {
  in[0] = SHAPE(LK_F32, 2, 5, 6);
  for (int i = 1; i < 7; i += 2) {
    in[i] = SHAPE(LK_F32, 6, 8);
    in[i + 1] = SHAPE(LK_F32, 8);
  }
  in[7] = absent();
}

static lt_result_t run(const attr_t *table, const lk_shape_t *in, uint32_t n,
                       lk_shape_t *out, lk_attention_params_t *kp,
                       lk_plan_t *p) {
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_attention(p, in, n, out, kp);
}

static void test_shapes(void) {
  lk_plan_t p;
  lk_shape_t in[8], out;
  lk_attention_params_t kp;
  operands(in);
  SUCCEEDS(run(heads2, in, 7, &out, &kp, &p), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 5, 8));
  CHECK(kp.num_heads == 2 && fabs(kp.scale - 0.5) < 1e-12);
  /* The kernel's float32 scratch, each piece rounded up to 64 bytes: Q, K,
   * V (120 floats: 512), a head's K^T and V (40 floats each at most: 192),
   * its scores (25: 128) and its result (40: 192). */
  CHECK(p.workspace_size == 1216);
  const attr_t scaled[] = {INT("num_heads", 4), FLT("scale", 0.125), END};
  in[7] = SHAPE(LK_F32, 2, 1, 1, 5);
  SUCCEEDS(run(scaled, in, 8, &out, &kp, &p), &p);
  CHECK(kp.num_heads == 4 && kp.scale == 0.125);
  CHECK(p.workspace_size == 1216); /* a float32 mask is read in place */
  /* Dynamic batch and sequence; a mask over them passes. */
  in[0] = SHAPE(LK_F32, -1, -1, 6);
  in[7] = SHAPE(LK_F32, 3, 2, 7, 7);
  SUCCEEDS(run(heads2, in, 8, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, -1, -1, 8));
  CHECK(p.workspace_size == 0); /* planned again once the dims are known */
  /* An unknown width leaves it -1 and the scale 1. */
  operands(in);
  in[0] = unranked(LK_F32);
  for (int i = 1; i < 7; i += 2) {
    in[i] = SHAPE(LK_F32, -1, -1);
    in[i + 1] = SHAPE(LK_F32, -1);
  }
  SUCCEEDS(run(heads2, in, 7, &out, &kp, &p), &p);
  CHECK(DIMS_ARE(&out, -1, -1, -1) && kp.scale == 1.0);
}

static void test_errors(void) {
  lk_plan_t p;
  lk_shape_t in[8], out;
  lk_attention_params_t kp;
  operands(in);
  const attr_t none[] = {END};
  FAILS_WITH(run(none, in, 7, &out, &kp, &p), &p,
             "attribute 'num_heads' must be positive, got 0");
  const attr_t heads3[] = {INT("num_heads", 3), END};
  FAILS_WITH(run(heads3, in, 7, &out, &kp, &p), &p,
             "num_heads 3 does not divide the projection width 8");
  in[3] = SHAPE(LK_F32, 4, 8);
  FAILS_WITH(run(heads2, in, 7, &out, &kp, &p), &p,
             "operand #3 (Wk) must have 6 rows (X's last dim), got 4");
  operands(in);
  in[5] = SHAPE(LK_F32, 6, 4);
  FAILS_WITH(run(heads2, in, 7, &out, &kp, &p), &p,
             "operand #5 (Wv) has 4 columns; Wq, Wk and Wv must agree (8)");
  operands(in);
  in[4] = SHAPE(LK_F32, 4);
  FAILS_WITH(run(heads2, in, 7, &out, &kp, &p), &p,
             "operand #4 (Bk) must have 8 elements, got 4");
  operands(in);
  in[0] = SHAPE(LK_F32, 5, 6);
  FAILS_WITH(run(heads2, in, 7, &out, &kp, &p), &p,
             "operand #0 (X) must have rank 3, got 2");
  operands(in);
  in[7] = SHAPE(LK_F32, 3, 5);
  FAILS_WITH(run(heads2, in, 8, &out, &kp, &p), &p,
             "operand #7 (Mask) of shape 3x5 does not broadcast to the scores "
             "[B, num_heads, S, S] = 2x2x5x5 (dim 0 is 3, want 1 or 5)");
  operands(in);
  FAILS_WITH(run(heads2, in, 6, &out, &kp, &p), &p,
             "operand #6 (Bv) is required, got none");
}

int main(void) {
  test_shapes();
  test_errors();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

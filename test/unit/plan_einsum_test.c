/* plan_einsum_test.c - the plan step of einsum (kernels/plan/einsum.h)
 * with no IR: result shapes, the parsed equation, dynamic dims, unknown
 * ranks, ellipsis broadcasting and the error messages. */
#include "kernels/plan/einsum.h"

#include "test/unit/plan_table.h"

static lt_result_t run(const char *eq, const lk_shape_t *in, uint32_t n,
                       lk_shape_t *out, lk_einsum_t *e, lk_plan_t *p) {
  const attr_t table[] = {STR("equation", eq), END};
  *p = plan_over(table);
  memset(out, 0, sizeof *out);
  return lk_plan_einsum(p, in, n, out, e);
}

static void test_shapes(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_einsum_t e;
  lk_shape_t mm[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run("ij,jk->ik", mm, 2, &out, &e, &p), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 4));
  CHECK(e.num_inputs == 2 && e.out_rank == 2 && e.in_rank[1] == 2);
  CHECK(e.out_labels[0] == 'i' - 'a' && e.out_labels[1] == 'k' - 'a');
  CHECK(p.workspace_size == 0);
  /* Implicit output: the labels used once, in order. */
  SUCCEEDS(run("ij,jk", mm, 2, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, 2, 4));
  /* A full contraction is a scalar; a transpose keeps every dim. */
  lk_shape_t v[2] = {SHAPE(LK_I64, 5), SHAPE(LK_I64, 5)};
  SUCCEEDS(run("i,i->", v, 2, &out, &e, &p), &p);
  CHECK(out.rank == 0 && out.dtype == LK_I64);
  lk_shape_t t[1] = {SHAPE(LK_F32, 2, 3, 4)};
  SUCCEEDS(run("abc->cab", t, 1, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, 4, 2, 3));
  /* The ellipsis broadcasts: a 1 takes the other operand's size. */
  lk_shape_t bc[2] = {SHAPE(LK_F32, 7, 1, 2, 3), SHAPE(LK_F32, 5, 3, 4)};
  SUCCEEDS(run("...ij,...jk->...ik", bc, 2, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, 7, 5, 2, 4) && e.ellipsis_rank == 2);
}

static void test_dynamic(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_einsum_t e;
  /* A dynamic dim whose label another operand fixes takes that size. */
  lk_shape_t dyn[2] = {SHAPE(LK_F32, -1, 3), SHAPE(LK_F32, -1, 4)};
  SUCCEEDS(run("ij,jk->ik", dyn, 2, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, -1, 4));
  lk_shape_t fixed[2] = {SHAPE(LK_F32, 2, -1), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run("ij,jk->ik", fixed, 2, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, 2, 4));
  /* An ellipsis dim of 1 beside an unknown one stays unknown. */
  lk_shape_t ell[2] = {SHAPE(LK_F32, 1, 3), SHAPE(LK_F32, -1, 3)};
  SUCCEEDS(run("...i,...i->...", ell, 2, &out, &e, &p), &p);
  CHECK(DIMS_ARE(&out, -1));
  /* An unknown rank leaves the equation unparsed and the rank unknown. */
  lk_shape_t unk[2] = {unranked(LK_F32), SHAPE(LK_F32, 3, 4)};
  SUCCEEDS(run("ij,jk->ik", unk, 2, &out, &e, &p), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F32 && e.num_inputs == 0);
}

static void test_errors(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_einsum_t e;
  lk_shape_t bad[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 4, 5)};
  FAILS_WITH(run("ij,jk->ik", bad, 2, &out, &e, &p), &p,
             "label 'j' has size 4 in operand #1 (dim 0) but 3 elsewhere");
  lk_shape_t bc[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F32, 4, 3)};
  FAILS_WITH(run("...i,...i->...", bc, 2, &out, &e, &p), &p,
             "dims covered by '...' do not broadcast: operand #1 dim 0 is 4, "
             "another operand has 2");
  lk_shape_t mixed[2] = {SHAPE(LK_F32, 2, 3), SHAPE(LK_F64, 3, 4)};
  FAILS_WITH(run("ij,jk->ik", mixed, 2, &out, &e, &p), &p,
             "operand #1 (Inputs) must have element type f32 like operand #0, "
             "got f64");
  lk_shape_t bools[1] = {SHAPE(LK_BOOL, 2)};
  FAILS_WITH(run("i->i", bools, 1, &out, &e, &p), &p,
             "operand #0 (Inputs) must have a numeric element type, got bool");
  lk_shape_t many[LK_EINSUM_MAX_INPUTS + 1];
  for (int i = 0; i <= LK_EINSUM_MAX_INPUTS; i++)
    many[i] = SHAPE(LK_F32, 2);
  char want[64];
  snprintf(want, sizeof want, "takes at most %d operands, got %d",
           LK_EINSUM_MAX_INPUTS, LK_EINSUM_MAX_INPUTS + 1);
  FAILS_WITH(
      run("i", many, LK_EINSUM_MAX_INPUTS + 1, &out, &e, &p), &p, want);
  FAILS_WITH(run("i", many, 0, &out, &e, &p), &p,
             "operand #0 (Inputs) is required, got none");
  /* The parser's own message, behind the equation. */
  lk_shape_t rank[1] = {SHAPE(LK_F32, 2, 3)};
  CHECK(LT_FAILED(run("ijk->i", rank, 1, &out, &e, &p)));
  CHECK(strncmp(p.error, "equation 'ijk->i': ", 19) == 0 &&
        strlen(p.error) > 19);
}

int main(void) {
  test_shapes();
  test_dynamic();
  test_errors();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

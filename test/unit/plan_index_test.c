/* plan_index_test.c - the plan steps of kernels/plan/data_index.h (gather,
 * gather_elements, gather_nd, scatter_elements, scatter_nd, one_hot,
 * non_zero, compress, constant_of_shape, range) with no IR: attributes from
 * a static table behind lk_attrs_t, operands as shapes with or without
 * their contents. Result shapes, parameter blocks, data-dependent dims
 * exact with values and -1 without, unknown ranks, and the error
 * messages. */
#include "kernels/plan/data_index.h"

#include <math.h>

#include "test/unit/plan_table.h"

/* ---- constant operands --------------------------------------------------- */

static lk_tensor_t g_consts[32];
static int64_t g_storage[32][32];
static int g_num_consts;

static lk_tensor_t *new_const(lk_dtype_t dtype, int32_t rank,
                              const int64_t *dims) {
  int k = g_num_consts++ % 32;
  lk_tensor_t *t = &g_consts[k];
  memset(t, 0, sizeof *t);
  t->dtype = dtype;
  t->rank = rank;
  for (int32_t d = 0; d < rank; d++)
    t->dims[d] = dims[d];
  t->data = g_storage[k];
  return t;
}

/* A constant operand of dtype and dims holding vals (converted). */
static lk_shape_t konst(lk_dtype_t dtype, int32_t rank, const int64_t *dims,
                        const double *vals) {
  lk_tensor_t *t = new_const(dtype, rank, dims);
  for (int64_t i = 0; i < lk_numel(t); i++)
    lk_store_f64(t, i, vals[i]);
  return shape_value(t);
}
#define NVALS(...) ((int64_t)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)))
#define VEC(dt, ...)                                                           \
  konst(dt, 1, (const int64_t[]){NVALS(__VA_ARGS__)},                          \
        (const double[]){__VA_ARGS__})
#define SCALAR(dt, v) konst(dt, 0, NULL, (const double[]){v})

/* An i64 scalar operand holding v exactly (beyond what a double holds). */
static lk_shape_t scalar_i64(int64_t v) {
  lk_tensor_t *t = new_const(LK_I64, 0, NULL);
  lk_store_i64(t, 0, v);
  return shape_value(t);
}

static lk_shape_t blank(void) {
  lk_shape_t s;
  memset(&s, 0, sizeof s);
  return s;
}

/* Runs `call` over a fresh p (attribute table attrs) and out. */
#define STEP(attrs, call) (p = plan_over(attrs), out = blank(), (call))

static const attr_t k_none[] = {END};

/* ---- gather -------------------------------------------------------------- */

static void test_gather(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gather_params_t kp;
  const attr_t ax1[] = {INT("axis", 1), END}, axm1[] = {INT("axis", -1), END};
  lk_shape_t in[2] = {SHAPE(LK_F32, 3, 4, 5), SHAPE(LK_I64, 2, 6)};
  SUCCEEDS(STEP(ax1, lk_plan_gather(&p, in, 2, &out, &kp)), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 3, 2, 6, 5) && kp.axis == 1);
  SUCCEEDS(STEP(axm1, lk_plan_gather(&p, in, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 3, 4, 2, 6) && kp.axis == 2);
  /* Dynamic dims pass through; unknown ranks leave the result unranked. */
  lk_shape_t dyn[2] = {SHAPE(LK_F32, -1, 4), SHAPE(LK_I32, -1)};
  SUCCEEDS(STEP(k_none, lk_plan_gather(&p, dyn, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, -1, 4) && kp.axis == 0);
  lk_shape_t unr[2] = {SHAPE(LK_F32, 3, 4), unranked(LK_I64)};
  SUCCEEDS(STEP(ax1, lk_plan_gather(&p, unr, 2, &out, &kp)), &p);
  CHECK(out.rank == -1 && kp.axis == 1);
  unr[0] = unranked(LK_F32);
  unr[1] = SHAPE(LK_I64, 2);
  SUCCEEDS(STEP(ax1, lk_plan_gather(&p, unr, 2, &out, &kp)), &p);
  CHECK(out.rank == -1);
  /* Known indices are checked; negative ones count from the back. */
  lk_shape_t idx[2] = {SHAPE(LK_F32, 3), VEC(LK_I64, 0, -3)};
  SUCCEEDS(STEP(k_none, lk_plan_gather(&p, idx, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 2));
  idx[1] = VEC(LK_I64, 0, 3);
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, idx, 2, &out, &kp)), &p,
             "operand #1 (indices) element 1 is 3, out of range for a dim of "
             "size 3");
  idx[1] = VEC(LK_I8, -4);
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, idx, 2, &out, &kp)), &p,
             "operand #1 (indices) element 0 is -4, out of range for a dim of "
             "size 3");
  /* Errors. */
  lk_shape_t bad[2] = {SHAPE(LK_F32, 3), SHAPE(LK_BOOL, 2)};
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, bad, 2, &out, &kp)), &p,
             "operand #1 (indices) must have an integer element type, got i1");
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, in, 1, &out, &kp)), &p,
             "operand #1 is required, got none");
  bad[1] = absent();
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, bad, 2, &out, &kp)), &p,
             "operand #1 is required, got none");
  const attr_t ax3[] = {INT("axis", 3), END};
  FAILS_WITH(STEP(ax3, lk_plan_gather(&p, in, 2, &out, &kp)), &p,
             "axis 3 is out of range for rank 3");
  lk_shape_t deep[2] = {SHAPE(LK_F32, 1, 1, 1, 1, 1),
                        SHAPE(LK_I64, 1, 1, 1, 1, 1)};
  FAILS_WITH(STEP(k_none, lk_plan_gather(&p, deep, 2, &out, &kp)), &p,
             "result rank 9 exceeds the maximum rank 8");
}

/* ---- gather_elements / scatter_elements ---------------------------------- */

static void test_elements(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gather_params_t gp;
  lk_scatter_params_t sp;
  const attr_t ax1[] = {INT("axis", 1), END};
  lk_shape_t in[2] = {SHAPE(LK_F64, 2, 3), SHAPE(LK_I64, 2, 5)};
  SUCCEEDS(STEP(ax1, lk_plan_gather_elements(&p, in, 2, &out, &gp)), &p);
  CHECK(out.dtype == LK_F64 && DIMS_ARE(&out, 2, 5) && gp.axis == 1);
  /* indices of unknown rank: data's rank, dims unknown */
  in[1] = unranked(LK_I64);
  SUCCEEDS(STEP(ax1, lk_plan_gather_elements(&p, in, 2, &out, &gp)), &p);
  CHECK(DIMS_ARE(&out, -1, -1));
  in[0] = unranked(LK_F64);
  in[1] = SHAPE(LK_I64, 4);
  SUCCEEDS(STEP(ax1, lk_plan_gather_elements(&p, in, 2, &out, &gp)), &p);
  CHECK(DIMS_ARE(&out, 4) && out.dtype == LK_F64);
  lk_shape_t r1[2] = {SHAPE(LK_F32, 2, 2), SHAPE(LK_I64, 2)};
  FAILS_WITH(STEP(k_none, lk_plan_gather_elements(&p, r1, 2, &out, &gp)), &p,
             "operand #1 (indices) must have rank 2, got 1");
  lk_shape_t wide[2] = {SHAPE(LK_F32, 2, 2), SHAPE(LK_I64, 1, 5)};
  FAILS_WITH(STEP(k_none, lk_plan_gather_elements(&p, wide, 2, &out, &gp)), &p,
             "operand #1 (indices) has size 5 in dim 1; data has only 2");
  lk_shape_t oob[2] = {
      SHAPE(LK_F32, 2, 2),
      konst(LK_I64, 2, (const int64_t[]){1, 1}, (const double[]){-3})};
  FAILS_WITH(STEP(ax1, lk_plan_gather_elements(&p, oob, 2, &out, &gp)), &p,
             "operand #1 (indices) element 0 is -3, out of range for a dim of "
             "size 2");

  /* scatter_elements: data's shape; the reduction and axis. */
  const attr_t add[] = {INT("axis", -2), STR("reduction", "add"), END};
  lk_shape_t sc[3] = {SHAPE(LK_F32, 3, 3), SHAPE(LK_I32, 2, 3),
                      SHAPE(LK_F32, 2, 3)};
  SUCCEEDS(STEP(add, lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p);
  CHECK(DIMS_ARE(&out, 3, 3) && out.dtype == LK_F32 && out.value == NULL);
  CHECK(sp.axis == 0 && sp.reduction == LK_SCATTER_ADD);
  const attr_t reds[][2] = {{STR("reduction", "mul"), END},
                            {STR("reduction", "max"), END},
                            {STR("reduction", "min"), END},
                            {END}};
  const lk_scatter_reduction_t want[] = {LK_SCATTER_MUL, LK_SCATTER_MAX,
                                         LK_SCATTER_MIN, LK_SCATTER_NONE};
  for (int i = 0; i < 4; i++) {
    SUCCEEDS(STEP(reds[i], lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p);
    CHECK(sp.reduction == want[i]);
  }
  sc[2] = SHAPE(LK_F64, 2, 3);
  FAILS_WITH(STEP(k_none, lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p,
             "operand #2 (updates) has element type f64; data has f32");
  sc[2] = SHAPE(LK_F32, 2, 2);
  FAILS_WITH(STEP(k_none, lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p,
             "operand #2 (updates) has shape [2x2]; expected [2x3]");
  sc[2] = SHAPE(LK_F32, 2, 3);
  const attr_t sum[] = {STR("reduction", "sum"), END};
  FAILS_WITH(STEP(sum, lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p,
             "attribute 'reduction' must be one of none, add, mul, max, min; "
             "got 'sum'");
  sc[1] = konst(LK_I64, 2, (const int64_t[]){1, 2}, (const double[]){0, 3});
  sc[2] = SHAPE(LK_F32, 1, 2);
  FAILS_WITH(STEP(k_none, lk_plan_scatter_elements(&p, sc, 3, &out, &sp)), &p,
             "operand #1 (indices) element 1 is 3, out of range for a dim of "
             "size 3");
  FAILS_WITH(STEP(k_none, lk_plan_scatter_elements(&p, sc, 2, &out, &sp)), &p,
             "operand #2 is required, got none");
}

/* ---- gather_nd / scatter_nd ---------------------------------------------- */

static void test_nd(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_gather_nd_params_t gp;
  lk_scatter_params_t sp;
  lk_shape_t in[2] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_I64, 5, 2)};
  SUCCEEDS(STEP(k_none, lk_plan_gather_nd(&p, in, 2, &out, &gp)), &p);
  CHECK(DIMS_ARE(&out, 5, 4) && out.dtype == LK_F32 && gp.batch_dims == 0);
  const attr_t b1[] = {INT("batch_dims", 1), END};
  lk_shape_t bt[2] = {SHAPE(LK_F32, 2, 3, 4), SHAPE(LK_I64, -1, 5, 1)};
  SUCCEEDS(STEP(b1, lk_plan_gather_nd(&p, bt, 2, &out, &gp)), &p);
  CHECK(DIMS_ARE(&out, 2, 5, 4) && gp.batch_dims == 1);
  /* tuple length unknown: the rank is too */
  bt[1] = SHAPE(LK_I64, 2, -1);
  SUCCEEDS(STEP(b1, lk_plan_gather_nd(&p, bt, 2, &out, &gp)), &p);
  CHECK(out.rank == -1 && gp.batch_dims == 1);
  lk_shape_t unr[2] = {unranked(LK_F32), unranked(LK_I64)};
  SUCCEEDS(STEP(k_none, lk_plan_gather_nd(&p, unr, 2, &out, &gp)), &p);
  CHECK(out.rank == -1);
  lk_shape_t e[2] = {SHAPE(LK_F32, 2), shape_of(LK_I64, 0, NULL)};
  FAILS_WITH(STEP(k_none, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "operand #1 (indices) must have rank >= 1");
  e[0] = shape_of(LK_F32, 0, NULL);
  e[1] = SHAPE(LK_I64, 1);
  FAILS_WITH(STEP(k_none, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "operand #0 (data) must have rank >= 1");
  const attr_t b2[] = {INT("batch_dims", 2), END};
  e[0] = SHAPE(LK_F32, 2, 2);
  e[1] = SHAPE(LK_I64, 2, 2, 1);
  FAILS_WITH(STEP(b2, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "batch_dims 2 must be less than the ranks of data (2) and "
             "indices (3)");
  e[1] = SHAPE(LK_I64, 3, 1);
  FAILS_WITH(STEP(b1, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "batch dim 0 has size 2 in data but 3 in indices");
  e[1] = SHAPE(LK_I64, 4, 3);
  FAILS_WITH(STEP(k_none, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "index tuples have 3 entries; expected 1 to 2 (data rank 2 less "
             "0 batch dims)");
  e[1] = SHAPE(LK_F32, 4, 1);
  FAILS_WITH(STEP(k_none, lk_plan_gather_nd(&p, e, 2, &out, &gp)), &p,
             "operand #1 (indices) must have an integer element type, got f32");

  const attr_t mul[] = {STR("reduction", "mul"), END};
  lk_shape_t sc[3] = {SHAPE(LK_F32, 4, 4), SHAPE(LK_I64, 2, 1),
                      SHAPE(LK_F32, 2, 4)};
  SUCCEEDS(STEP(mul, lk_plan_scatter_nd(&p, sc, 3, &out, &sp)), &p);
  CHECK(DIMS_ARE(&out, 4, 4) && sp.reduction == LK_SCATTER_MUL && sp.axis == 0);
  sc[2] = SHAPE(LK_F32, 2, 3);
  FAILS_WITH(STEP(k_none, lk_plan_scatter_nd(&p, sc, 3, &out, &sp)), &p,
             "operand #2 (updates) has shape [2x3]; expected [2x4]");
  sc[2] = SHAPE(LK_I32, 2, 4);
  FAILS_WITH(STEP(k_none, lk_plan_scatter_nd(&p, sc, 3, &out, &sp)), &p,
             "operand #2 (updates) has element type i32; data has f32");
}

/* ---- one_hot ------------------------------------------------------------- */

static void test_one_hot(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_one_hot_params_t kp;
  lk_shape_t in[3] = {SHAPE(LK_I64, 2, 3), SCALAR(LK_I64, 5), SHAPE(LK_F32, 2)};
  SUCCEEDS(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 3, 5) && kp.axis == 2);
  const attr_t ax0[] = {INT("axis", 0), END};
  in[1] = VEC(LK_F32, 4.0); /* a float depth, 1-D of one */
  SUCCEEDS(STEP(ax0, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 4, 2, 3) && kp.axis == 0);
  /* depth not known yet */
  in[1] = shape_of(LK_I64, 0, NULL);
  SUCCEEDS(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 2, 3, -1));
  in[0] = unranked(LK_I64);
  SUCCEEDS(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p);
  CHECK(out.rank == -1 && out.dtype == LK_F32);
  in[0] = SHAPE(LK_I64, 2);
  in[1] = SCALAR(LK_I64, 0);
  FAILS_WITH(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p,
             "depth must be a positive count, got 0");
  in[1] = SHAPE(LK_I64, 2);
  FAILS_WITH(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p,
             "operand #1 (depth) must be a scalar, got shape [2]");
  in[1] = SCALAR(LK_I64, 3);
  in[2] = SHAPE(LK_F32, 3);
  FAILS_WITH(STEP(k_none, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p,
             "operand #2 (values) must be [off, on] (shape [2]), got [3]");
  in[2] = SHAPE(LK_F32, 2);
  const attr_t ax3[] = {INT("axis", 3), END};
  FAILS_WITH(STEP(ax3, lk_plan_one_hot(&p, in, 3, &out, &kp)), &p,
             "axis 3 is out of range for rank 2");
  lk_shape_t deep[3] = {SHAPE(LK_I64, 1, 1, 1, 1, 1, 1, 1, 1),
                        SCALAR(LK_I64, 3), SHAPE(LK_F32, 2)};
  FAILS_WITH(STEP(k_none, lk_plan_one_hot(&p, deep, 3, &out, &kp)), &p,
             "result rank 9 exceeds the maximum rank 8");
  lk_shape_t big[3] = {SHAPE(LK_I64, 1 << 30, 1 << 30), SCALAR(LK_I64, 1024),
                       SHAPE(LK_F32, 2)};
  FAILS_WITH(STEP(k_none, lk_plan_one_hot(&p, big, 3, &out, &kp)), &p,
             "result shape [1073741824x1073741824x1024] has too many "
             "elements");
}

/* ---- non_zero, compress -------------------------------------------------- */

static void test_non_zero(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_shape_t x = konst(LK_F32, 2, (const int64_t[]){2, 3},
                       (const double[]){0, 1.5, 0, -2, 0, (double)NAN});
  SUCCEEDS(STEP(k_none, lk_plan_non_zero(&p, &x, 1, &out)), &p);
  CHECK(out.dtype == LK_I64 && DIMS_ARE(&out, 2, 3));
  x = SHAPE(LK_I32, 4, 5, 6);
  SUCCEEDS(STEP(k_none, lk_plan_non_zero(&p, &x, 1, &out)), &p);
  CHECK(DIMS_ARE(&out, 3, -1));
  x = unranked(LK_F32);
  SUCCEEDS(STEP(k_none, lk_plan_non_zero(&p, &x, 1, &out)), &p);
  CHECK(DIMS_ARE(&out, -1, -1));
  FAILS_WITH(STEP(k_none, lk_plan_non_zero(&p, &x, 0, &out)), &p,
             "operand #0 is required, got none");
}

static void test_compress(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_compress_params_t kp;
  const attr_t ax0[] = {INT("axis", 0), END}, axm1[] = {INT("axis", -1), END};
  lk_shape_t in[2] = {SHAPE(LK_F32, 3, 2), VEC(LK_BOOL, 1, 0, 1)};
  SUCCEEDS(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 2) && kp.axis == 0);
  /* No axis: over the flattened input; a short condition drops the rest. */
  SUCCEEDS(STEP(k_none, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 2) && kp.axis == -1);
  in[1] = VEC(LK_BOOL, 0, 1);
  SUCCEEDS(STEP(axm1, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 3, 1) && kp.axis == 1);
  in[1] = SHAPE(LK_BOOL, 3);
  SUCCEEDS(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, -1, 2));
  SUCCEEDS(STEP(k_none, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, -1));
  in[0] = unranked(LK_F32);
  SUCCEEDS(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p);
  CHECK(out.rank == -1);
  in[0] = SHAPE(LK_F32, 3, 2);
  in[1] = VEC(LK_BOOL, 0, 0, 0, 1);
  FAILS_WITH(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p,
             "condition selects element 3, beyond the 3 elements of the axis");
  in[1] = VEC(LK_BOOL, 0, 0, 0, 0, 0, 0, 1);
  FAILS_WITH(STEP(k_none, lk_plan_compress(&p, in, 2, &out, &kp)), &p,
             "condition selects element 6, beyond the 6 elements of the axis");
  in[1] = SHAPE(LK_I32, 3);
  FAILS_WITH(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p,
             "operand #1 (condition) must have element type i1, got i32");
  in[1] = SHAPE(LK_BOOL, 3, 1);
  FAILS_WITH(STEP(ax0, lk_plan_compress(&p, in, 2, &out, &kp)), &p,
             "operand #1 (condition) must have rank 1, got 2");
  in[1] = SHAPE(LK_BOOL, 3);
  const attr_t ax2[] = {INT("axis", 2), END};
  FAILS_WITH(STEP(ax2, lk_plan_compress(&p, in, 2, &out, &kp)), &p,
             "axis 2 is out of range for rank 2");
}

/* ---- generators ---------------------------------------------------------- */

static void test_constant_of_shape(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_constant_of_shape_params_t kp;
  lk_shape_t s = VEC(LK_I64, 2, 3);
  static const uint8_t zeros[8];
  SUCCEEDS(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 2, 3) && kp.dtype == LK_F32 &&
        memcmp(kp.value, zeros, 8) == 0);
  /* The tensor `value` gives the dtype and the fill's bytes. */
  int64_t seven = 7;
  lk_tensor_t i64 = {LK_I64, 1, {1}, &seven};
  const attr_t value[] = {TENSOR("value", &i64), END};
  SUCCEEDS(STEP(value, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(out.dtype == LK_I64 && DIMS_ARE(&out, 2, 3) && kp.dtype == LK_I64 &&
        memcmp(kp.value, &seven, 8) == 0);
  float half = 0.5f;
  lk_tensor_t f32 = {LK_F32, 0, {0}, &half};
  const attr_t scalar[] = {TENSOR("value", &f32), END};
  SUCCEEDS(STEP(scalar, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(out.dtype == LK_F32 && kp.dtype == LK_F32 &&
        memcmp(kp.value, &half, 4) == 0 && memcmp(kp.value + 4, zeros, 4) == 0);
  /* The value's checks come first, as they did in the dialect. */
  int32_t pair[2] = {1, 2};
  lk_tensor_t two = {LK_I32, 1, {2}, pair};
  const attr_t bad_two[] = {TENSOR("value", &two), END};
  const attr_t bad_kind[] = {INT("value", 7), END};
  lk_tensor_t none = {LK_DTYPE_NONE, 1, {1}, pair};
  const attr_t bad_dtype[] = {TENSOR("value", &none), END};
  FAILS_WITH(STEP(bad_two, lk_plan_constant_of_shape(&p, &s, 0, &out, &kp)),
             &p, "attribute 'value' must be a one-element tensor");
  FAILS_WITH(STEP(bad_kind, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)),
             &p, "attribute 'value' must be a one-element tensor");
  FAILS_WITH(STEP(bad_dtype, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)),
             &p, "attribute 'value' has an unsupported element type");
  s = SHAPE(LK_I32, 3);
  SUCCEEDS(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, -1, -1, -1));
  s = SHAPE(LK_I64, -1);
  SUCCEEDS(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(out.rank == -1);
  s = VEC(LK_I64, 0);
  SUCCEEDS(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p);
  CHECK(DIMS_ARE(&out, 0));
  s = VEC(LK_I64, 2, -4);
  FAILS_WITH(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p,
             "shape[1] is -4; dims must be >= 0");
  s = VEC(LK_I64, 4294967296.0, 4294967296.0);
  FAILS_WITH(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p,
             "result shape [4294967296x4294967296] has too many elements");
  s = SHAPE(LK_F32, 2);
  FAILS_WITH(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p,
             "operand #0 (shape) must have an integer element type, got f32");
  s = SHAPE(LK_I64, 2, 2);
  FAILS_WITH(STEP(k_none, lk_plan_constant_of_shape(&p, &s, 1, &out, &kp)), &p,
             "operand #0 (shape) must have rank 1, got 2");
}

static void test_range(void) {
  lk_plan_t p;
  lk_shape_t out;
  lk_shape_t in[3] = {SCALAR(LK_I64, 1), SCALAR(LK_I64, 10), SCALAR(LK_I64, 3)};
  SUCCEEDS(STEP(k_none, lk_plan_range(&p, in, 3, &out)), &p);
  CHECK(out.dtype == LK_I64 && DIMS_ARE(&out, 3));
  in[0] = SCALAR(LK_I64, 10), in[1] = SCALAR(LK_I64, 1);
  in[2] = SCALAR(LK_I64, -3);
  SUCCEEDS(STEP(k_none, lk_plan_range(&p, in, 3, &out)), &p);
  CHECK(DIMS_ARE(&out, 3));
  in[2] = SCALAR(LK_I64, 3); /* the wrong way: empty */
  SUCCEEDS(STEP(k_none, lk_plan_range(&p, in, 3, &out)), &p);
  CHECK(DIMS_ARE(&out, 0));
  lk_shape_t f[3] = {SCALAR(LK_F32, 0), VEC(LK_F32, 1), SCALAR(LK_F32, 0.25)};
  SUCCEEDS(STEP(k_none, lk_plan_range(&p, f, 3, &out)), &p);
  CHECK(out.dtype == LK_F32 && DIMS_ARE(&out, 4));
  f[1] = shape_of(LK_F32, 0, NULL); /* limit not known yet */
  SUCCEEDS(STEP(k_none, lk_plan_range(&p, f, 3, &out)), &p);
  CHECK(DIMS_ARE(&out, -1));
  /* Errors. */
  lk_shape_t e[3] = {shape_of(LK_I64, 0, NULL), shape_of(LK_I32, 0, NULL),
                     shape_of(LK_I64, 0, NULL)};
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, e, 3, &out)), &p,
             "operand #1 (limit) has element type i32; start has i64");
  e[1] = e[0];
  e[2] = SHAPE(LK_I64, 2);
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, e, 3, &out)), &p,
             "operand #2 (delta) must be a scalar, got shape [2]");
  e[2] = SCALAR(LK_I64, 0);
  e[0] = e[1] = SCALAR(LK_I64, 1);
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, e, 3, &out)), &p,
             "delta must not be zero");
  f[1] = SCALAR(LK_F32, (double)INFINITY);
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, f, 3, &out)), &p,
             "range from 0 to inf by 0.25 does not have a finite, supported "
             "number of elements");
  e[0] = scalar_i64(INT64_MIN), e[1] = scalar_i64(INT64_MAX);
  e[2] = scalar_i64(1);
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, e, 3, &out)), &p,
             "range from -9223372036854775808 to 9223372036854775807 by 1 has "
             "too many elements");
  lk_shape_t b[3] = {shape_of(LK_BOOL, 0, NULL), shape_of(LK_BOOL, 0, NULL),
                     shape_of(LK_BOOL, 0, NULL)};
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, b, 3, &out)), &p,
             "operand #0 (start) must be numeric, got i1");
  FAILS_WITH(STEP(k_none, lk_plan_range(&p, b, 2, &out)), &p,
             "operand #2 is required, got none");
}

int main(void) {
  test_gather();
  test_elements();
  test_nd();
  test_one_hot();
  test_non_zero();
  test_compress();
  test_constant_of_shape();
  test_range();
  if (g_failures) {
    fprintf(stderr, "plan_index_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("plan_index_test: ok\n");
  return 0;
}

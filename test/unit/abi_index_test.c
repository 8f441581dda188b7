/* abi_index_test.c - the indexing, selection and generator kernels through
 * the call-record ABI, as the runtime will run them: each op planned by
 * its plan_steps.def row (lk_plan_step_find + lk_plan_step_run, every
 * operand's value known), dense views over the buffers, the registry row
 * called with the step's parameter block and checked against hand-computed
 * numbers, in f32 (both rows) and in i64 (the any row). Then the
 * refusals: too few inputs, a wrong parameter block, the f32 row given i64
 * data, out-of-range indices the step did not see, results not of the
 * data-dependent dims, and a constant_of_shape result not of its fill's
 * dtype. */
#include <stdlib.h>
#include <string.h>

#include "kernels/abi.h"
#include "kernels/abi_ref.h"
#include "kernels/plan/data_index.h"
#include "kernels/registry.h"

#include "test/unit/plan_table.h"

/* ---- one op, planned and called ------------------------------------------ */

/* An operand: its dims and values; `data` ones take the case's data dtype
 * (the one the row's precision follows), the others `dtype`. */
typedef struct operand {
  bool data;
  lk_dtype_t dtype;
  int32_t rank;
  int64_t dims[4];
  const double *v;
} operand_t;

typedef struct tcase {
  const char *op;
  const attr_t *attrs;
  uint32_t n;
  operand_t in[3];
  int32_t rank; /* the result's */
  int64_t dims[4];
  const double *want;
} tcase_t;

#define D(r, ...) .rank = r, .dims = {__VA_ARGS__}
#define V(...)                                                                 \
  .v = (const double[]) { __VA_ARGS__ }
#define W(...)                                                                 \
  .want = (const double[]) { __VA_ARGS__ }

/* A tensor of dtype and dims holding v (or uninitialized bytes). */
static lk_tensor_t tensor(lk_dtype_t dtype, int32_t rank, const int64_t *dims,
                          const double *v) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank};
  memcpy(t.dims, dims, (size_t)rank * sizeof *dims);
  t.data = malloc(lk_nbytes(&t) + 1);
  memset(t.data, 0x5a, lk_nbytes(&t) + 1);
  for (int64_t i = 0; v && i < lk_numel(&t); i++)
    lk_store_f64(&t, i, v[i]);
  return t;
}

/* A planned call: operands, the result, the step's parameter block. */
typedef struct planned {
  lk_tensor_t in[3], y;
  uint32_t n;
  unsigned char params[64];
  size_t params_size;
} planned_t;

/* Plans c with data dtype dt (values known, as at run time) and allocates
 * the result from the step's shape, which must be c's. */
static bool plan(const tcase_t *c, lk_dtype_t dt, planned_t *pc) {
  const lk_plan_step_t *s = lk_plan_step_find(c->op);
  memset(pc, 0, sizeof *pc);
  CHECK(s && s->params_size <= sizeof pc->params);
  if (!s) return false;
  lk_shape_t sin[3], sout = {0};
  pc->n = c->n;
  for (uint32_t i = 0; i < c->n; i++) {
    const operand_t *o = &c->in[i];
    pc->in[i] = tensor(o->data ? dt : o->dtype, o->rank, o->dims, o->v);
  }
  lk_shapes_of(pc->in, c->n, sin);
  lk_plan_t p = plan_over(c->attrs);
  lt_result_t r = lk_plan_step_run(s, &p, sin, c->n, &sout, 1, pc->params);
  CHECK(succeeded(r, &p, __LINE__) && dims_are(&sout, c->rank, c->dims));
  if (LT_FAILED(r) || !dims_are(&sout, c->rank, c->dims)) return false;
  pc->params_size = s->params_size;
  pc->y = tensor(sout.dtype, sout.rank, sout.dims, NULL);
  return true;
}

static void release(planned_t *pc) {
  for (uint32_t i = 0; i < pc->n; i++)
    free(pc->in[i].data);
  free(pc->y.data);
}

/* Calls row `ref_<op>__<spell>_nchw` over pc's first n inputs with a
 * params_size-byte block. */
static lt_status_t call(lk_registry_t *r, const char *op, const char *spell,
                        const planned_t *pc, uint32_t n, size_t params_size) {
  lk_view_t iv[3], ov;
  for (uint32_t i = 0; i < n; i++)
    CHECK(lk_view_dense(&iv[i], pc->in[i].dtype, pc->in[i].rank, pc->in[i].dims,
                        LK_LAYOUT_NCHW, pc->in[i].data));
  CHECK(lk_view_dense(&ov, pc->y.dtype, pc->y.rank, pc->y.dims, LK_LAYOUT_NCHW,
                      pc->y.data));
  lk_call_t c = {.inputs = iv,
                 .num_inputs = n,
                 .outputs = &ov,
                 .num_outputs = 1,
                 .params = pc->params,
                 .params_size = params_size};
  char name[96];
  snprintf(name, sizeof name, "ref_%s__%s_nchw", op, spell);
  const lk_kernel_t *k = lk_registry_find(r, name);
  CHECK(k && lk_kernel_runnable(k));
  return k ? lk_kernel_call(k, &c) : NULL;
}

/* The status has `code` (and is released). */
static bool status_is(lt_status_t st, lt_status_code_t code, int line) {
  bool ok = lt_status_code(st) == code;
  if (!ok)
    fprintf(stderr, "line %d: expected %s, got %s: %s\n", line,
            lt_status_code_name(code), lt_status_code_name(lt_status_code(st)),
            st ? lt_status_message(st) : "");
  lt_status_free(st);
  return ok;
}
#define STATUS_IS(st, code) CHECK(status_is(st, code, __LINE__))

static bool result_is(const tcase_t *c, const lk_tensor_t *y) {
  for (int64_t i = 0; i < lk_numel(y); i++)
    if (lk_load_f64(y, i) != c->want[i]) {
      fprintf(stderr, "%s: element %lld is %g, want %g\n", c->op, (long long)i,
              lk_load_f64(y, i), c->want[i]);
      return false;
    }
  return true;
}

/* c in f32 through both rows and in i64 through the any row, all with c's
 * numbers; then the refusals every row makes. */
static void run_case(lk_registry_t *r, const tcase_t *c) {
  planned_t pc;
  if (plan(c, LK_F32, &pc)) {
    STATUS_IS(call(r, c->op, "f32", &pc, pc.n, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(c, &pc.y));
    memset(pc.y.data, 0x5a, lk_nbytes(&pc.y));
    STATUS_IS(call(r, c->op, "any", &pc, pc.n, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(c, &pc.y));
    STATUS_IS(call(r, c->op, "f32", &pc, pc.n - 1, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
    STATUS_IS(call(r, c->op, "any", &pc, pc.n, pc.params_size + 1),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  if (plan(c, LK_I64, &pc)) {
    STATUS_IS(call(r, c->op, "any", &pc, pc.n, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(c, &pc.y));
    STATUS_IS(call(r, c->op, "f32", &pc, pc.n, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
}

/* ---- the cases ----------------------------------------------------------- */

static const attr_t k_none[] = {END};
static const attr_t k_axis0[] = {INT("axis", 0), END};
static const attr_t k_axis1[] = {INT("axis", 1), END};
static const attr_t k_add[] = {INT("axis", 0), STR("reduction", "add"), END};

/* Operand fields: a data operand, or one of dtype dt. */
#define DATA(r, ...) .data = true, D(r, __VA_ARGS__)
#define OF(dt, r, ...) .dtype = dt, D(r, __VA_ARGS__)

static const tcase_t k_cases[] = {
    /* rows 2 and 0 of a 3x2 (-3 counts from the back) */
    {"gather",
     k_none,
     2,
     {{DATA(2, 3, 2), V(1, 2, 3, 4, 5, 6)}, {OF(LK_I64, 1, 2), V(2, -3)}},
     D(2, 2, 2),
     W(5, 6, 1, 2)},
    {"gather_elements",
     k_axis1,
     2,
     {{DATA(2, 2, 2), V(1, 2, 3, 4)}, {OF(LK_I32, 2, 2, 2), V(0, 0, 1, 0)}},
     D(2, 2, 2),
     W(1, 1, 4, 3)},
    {"gather_nd",
     k_none,
     2,
     {{DATA(2, 2, 2), V(1, 2, 3, 4)}, {OF(LK_I64, 2, 2, 2), V(0, 0, 1, 1)}},
     D(1, 2),
     W(1, 4)},
    /* ONNX's ScatterElements example over ones, adding */
    {"scatter_elements",
     k_add,
     3,
     {{DATA(2, 3, 3), V(1, 1, 1, 1, 1, 1, 1, 1, 1)},
      {OF(LK_I64, 2, 2, 3), V(1, 0, 2, 0, 2, 1)},
      {DATA(2, 2, 3), V(10, 11, 12, 20, 21, 22)}},
     D(2, 3, 3),
     W(21, 12, 1, 11, 1, 23, 1, 22, 13)},
    /* ONNX's ScatterND example 1 */
    {"scatter_nd",
     k_none,
     3,
     {{DATA(1, 8), V(1, 2, 3, 4, 5, 6, 7, 8)},
      {OF(LK_I64, 2, 4, 1), V(4, 3, 1, 7)},
      {DATA(1, 4), V(9, 10, 11, 12)}},
     D(1, 8),
     W(1, 11, 3, 10, 9, 6, 7, 12)},
    {"range",
     k_none,
     3,
     {{DATA(0, 0), V(1)}, {DATA(0, 0), V(10)}, {DATA(0, 0), V(3)}},
     D(1, 3),
     W(1, 4, 7)},
    /* depth 3, on 5 off 0, the last index negative */
    {"one_hot",
     k_none,
     3,
     {{OF(LK_I64, 1, 3), V(0, 2, -1)},
      {OF(LK_I64, 0, 0), V(3)},
      {DATA(1, 2), V(0, 5)}},
     D(2, 3, 3),
     W(5, 0, 0, 0, 0, 5, 0, 0, 5)},
    {"non_zero",
     k_none,
     1,
     {{DATA(2, 2, 3), V(1, 0, 0, 0, 2, 3)}},
     D(2, 2, 3),
     W(0, 1, 1, 0, 1, 2)},
    {"compress",
     k_axis0,
     2,
     {{DATA(2, 3, 2), V(1, 2, 3, 4, 5, 6)}, {OF(LK_BOOL, 1, 3), V(0, 1, 1)}},
     D(2, 2, 2),
     W(3, 4, 5, 6)},
    /* no axis: the flattened input, a short condition */
    {"compress",
     k_none,
     2,
     {{DATA(2, 3, 2), V(1, 2, 3, 4, 5, 6)},
      {OF(LK_BOOL, 1, 5), V(0, 1, 0, 0, 1)}},
     D(1, 2),
     W(2, 5)},
};

/* constant_of_shape has no data operand: f32 zeros, through both rows; the
 * f32 row refuses an i64 result; a tensor `value` fills i64 and f32, and a
 * result of another dtype than the block's is refused. */
static void test_constant_of_shape(lk_registry_t *r) {
  tcase_t c = {"constant_of_shape",           k_none,     1,
               {{OF(LK_I64, 1, 2), V(2, 3)}}, D(2, 2, 3), W(0, 0, 0, 0, 0, 0)};
  planned_t pc;
  if (plan(&c, LK_F32, &pc)) {
    CHECK(pc.y.dtype == LK_F32);
    STATUS_IS(call(r, c.op, "f32", &pc, 1, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(&c, &pc.y));
    memset(pc.y.data, 0x5a, lk_nbytes(&pc.y));
    STATUS_IS(call(r, c.op, "any", &pc, 1, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(&c, &pc.y));
    STATUS_IS(call(r, c.op, "any", &pc, 0, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
    STATUS_IS(call(r, c.op, "f32", &pc, 1, 0), LT_STATUS_INVALID_ARGUMENT);
    free(pc.y.data);
    pc.y = tensor(LK_I64, 2, pc.y.dims, NULL);
    STATUS_IS(call(r, c.op, "f32", &pc, 1, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  /* An i64 `value` fills i64 through the any row (beyond what a double
   * holds, so the bytes are copied, not converted). */
  int64_t big = ((int64_t)1 << 53) + 1;
  lk_tensor_t i64 = {LK_I64, 1, {1}, &big};
  const attr_t value_i64[] = {TENSOR("value", &i64), END};
  c.attrs = value_i64;
  if (plan(&c, LK_F32, &pc)) {
    CHECK(pc.y.dtype == LK_I64);
    STATUS_IS(call(r, c.op, "any", &pc, 1, pc.params_size), LT_STATUS_OK);
    for (int64_t i = 0; i < 6; i++)
      CHECK(((const int64_t *)pc.y.data)[i] == big);
    /* A result not of the block's dtype is refused. */
    free(pc.y.data);
    pc.y = tensor(LK_I32, 2, pc.y.dims, NULL);
    STATUS_IS(call(r, c.op, "any", &pc, 1, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  /* An f32 `value` through the f32 row. */
  float fill = -2.5f;
  lk_tensor_t f32 = {LK_F32, 0, {0}, &fill};
  const attr_t value_f32[] = {TENSOR("value", &f32), END};
  c.attrs = value_f32;
  c.want = (const double[]){-2.5, -2.5, -2.5, -2.5, -2.5, -2.5};
  if (plan(&c, LK_F32, &pc)) {
    CHECK(pc.y.dtype == LK_F32);
    STATUS_IS(call(r, c.op, "f32", &pc, 1, pc.params_size), LT_STATUS_OK);
    CHECK(result_is(&c, &pc.y));
  }
  release(&pc);
}

/* What the step cannot see at compile time the kernel refuses: indices
 * planned without their values, a result not of the data-dependent dims
 * (a stale plan), a parameter block planned for another rank. */
static void test_refusals(lk_registry_t *r) {
  planned_t pc;
  if (plan(&k_cases[0], LK_F32, &pc)) { /* gather */
    lk_store_f64(&pc.in[1], 1, 3);
    lt_status_t st = call(r, "gather", "f32", &pc, 2, pc.params_size);
    CHECK(st && strcmp(lt_status_message(st),
                       "ref_gather__f32_nchw: operand #1 (indices) element 1 "
                       "is 3, out of range for a dim of size 3") == 0);
    STATUS_IS(st, LT_STATUS_INVALID_ARGUMENT);
    lk_store_f64(&pc.in[1], 1, 0);
    ((lk_gather_params_t *)pc.params)->axis = 2;
    STATUS_IS(call(r, "gather", "f32", &pc, 2, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  if (plan(&k_cases[7], LK_F32, &pc)) { /* non_zero: one more non-zero */
    lk_store_f64(&pc.in[0], 1, 7);
    STATUS_IS(call(r, "non_zero", "f32", &pc, 1, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  if (plan(&k_cases[8], LK_F32, &pc)) { /* compress: one fewer selected */
    lk_store_f64(&pc.in[1], 1, 0);
    STATUS_IS(call(r, "compress", "f32", &pc, 2, pc.params_size),
              LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
  if (plan(&k_cases[4], LK_F32, &pc)) { /* scatter_nd: index 8 of 8 */
    lk_store_f64(&pc.in[1], 2, 8);
    lt_status_t st = call(r, "scatter_nd", "any", &pc, 3, pc.params_size);
    CHECK(st && strstr(lt_status_message(st), "element 2 is 8, out of range "
                                              "for a dim of size 8"));
    STATUS_IS(st, LT_STATUS_INVALID_ARGUMENT);
  }
  release(&pc);
}

/* Every op of the block has its row, with its parameter block's size. */
static void test_rows(void) {
  static const struct {
    const char *op;
    size_t size;
  } rows[] = {{"gather", sizeof(lk_gather_params_t)},
              {"gather_elements", sizeof(lk_gather_params_t)},
              {"gather_nd", sizeof(lk_gather_nd_params_t)},
              {"scatter_elements", sizeof(lk_scatter_params_t)},
              {"scatter_nd", sizeof(lk_scatter_params_t)},
              {"constant_of_shape", sizeof(lk_constant_of_shape_params_t)},
              {"range", sizeof(lk_no_params_t)},
              {"one_hot", sizeof(lk_one_hot_params_t)},
              {"non_zero", sizeof(lk_no_params_t)},
              {"compress", sizeof(lk_compress_params_t)}};
  for (size_t i = 0; i < LT_ARRAY_SIZE(rows); i++) {
    const lk_plan_step_t *s = lk_plan_step_find(rows[i].op);
    CHECK(s && s->params_size == rows[i].size && s->num_outputs == 1);
  }
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_rows();
  for (size_t i = 0; i < LT_ARRAY_SIZE(k_cases); i++)
    run_case(r, &k_cases[i]);
  test_constant_of_shape(r);
  test_refusals(r);
  lk_registry_destroy(r);
  if (g_failures) {
    fprintf(stderr, "abi_index_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("abi_index_test: ok\n");
  return 0;
}

/* abi_reduce_test.c - the reductions' registry rows (kernels/
 * abi_ref_reduce.c) as the runtime will call them: plan through
 * lk_plan_step_find + lk_plan_step_run with every operand's contents known,
 * make dense views over buffers of the planned shapes, call the row. The
 * numbers are checked by hand or against the direct lk_ref_* call; each
 * family's rows refuse a wrong operand count, a wrong parameter block, a
 * result of the wrong size and, on the f32 row, i64 data. */
#include <stdlib.h>

#include "kernels/abi_ref.h"
#include "kernels/plan/reduce.h"
#include "kernels/registry.h"

#include "test/unit/plan_table.h"

static const attr_t no_attrs[] = {END};

static lk_tensor_t tensor(lk_dtype_t dtype, void *data, int32_t rank,
                          const int64_t *dims) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank, .data = data};
  for (int32_t d = 0; d < rank; d++)
    t.dims[d] = dims[d];
  return t;
}
#define T(dtype, data, ...)                                                    \
  tensor(dtype, data,                                                          \
         (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),        \
         (const int64_t[]){__VA_ARGS__})

/* One planned call: the result's shape and the parameter block. */
typedef struct planned {
  lk_shape_t out;
  union {
    lk_reduce_params_t reduce;
    lk_arg_params_t arg;
    lk_cumsum_params_t cumsum;
  } params;
  size_t params_size;
} planned_t;

/* Plans op over in[0..n) (contents known) with table's attributes. */
static bool plan(const char *op, const attr_t *table, const lk_tensor_t *in,
                 uint32_t n, planned_t *pl) {
  const lk_plan_step_t *s = lk_plan_step_find(op);
  CHECK(s && s->params_size <= sizeof pl->params);
  if (!s) return false;
  lk_shape_t shapes[3];
  lk_shapes_of(in, n, shapes);
  lk_plan_t p = plan_over(table);
  pl->params_size = s->params_size;
  if (LT_SUCCEEDED(
          lk_plan_step_run(s, &p, shapes, n, &pl->out, 1, &pl->params)))
    return true;
  fprintf(stderr, "planning %s failed: %s\n", op, p.error);
  g_failures++;
  return false;
}

/* Calls row `kernel` on in[0..n) into a result of shape *y over y_data. */
static lt_status_t call_row(lk_registry_t *r, const char *kernel,
                            const lk_tensor_t *in, uint32_t n,
                            const lk_shape_t *y, void *y_data,
                            const void *params, size_t params_size) {
  lk_view_t iv[3], ov;
  for (uint32_t i = 0; i < n; i++)
    CHECK(lk_view_dense(&iv[i], in[i].dtype, in[i].rank, in[i].dims,
                        LK_LAYOUT_NCHW, in[i].data));
  CHECK(lk_view_dense(&ov, y->dtype, y->rank, y->dims, LK_LAYOUT_NCHW, y_data));
  lk_call_t c = {.inputs = iv,
                 .num_inputs = n,
                 .outputs = &ov,
                 .num_outputs = 1,
                 .params = params,
                 .params_size = params_size};
  const lk_kernel_t *k = lk_registry_find(r, kernel);
  CHECK(k && lk_kernel_runnable(k));
  return k ? lk_kernel_call(k, &c)
           : lt_status_make(LT_STATUS_NOT_FOUND, "no row %s", kernel);
}

/* Plans op, calls the row into y_data (cap elements of room). */
static bool run(lk_registry_t *r, const char *op, const char *kernel,
                const attr_t *table, const lk_tensor_t *in, uint32_t n,
                void *y_data, int64_t cap, planned_t *pl) {
  if (!plan(op, table, in, n, pl)) return false;
  lk_tensor_t y = {.dtype = pl->out.dtype, .rank = pl->out.rank};
  memcpy(y.dims, pl->out.dims, sizeof y.dims);
  CHECK(lk_numel(&y) <= cap);
  lt_status_t st = call_row(r, kernel, in, n, &pl->out, y_data, &pl->params,
                            pl->params_size);
  if (st == LT_OK) return true;
  fprintf(stderr, "%s: %s\n", kernel, lt_status_message(st));
  lt_status_free(st);
  g_failures++;
  return false;
}

/* The call was refused as an invalid argument naming the kernel. */
static bool refused(lt_status_t st, const char *kernel, int line) {
  bool ok = lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
            strstr(lt_status_message(st), kernel);
  if (!ok)
    fprintf(stderr, "line %d: %s not refused (%s)\n", line, kernel,
            st ? lt_status_message(st) : "ok");
  lt_status_free(st);
  return ok;
}
#define REFUSED(st, kernel) CHECK(refused(st, kernel, __LINE__))

static bool floats_are(const float *got, const float *want, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (got[i] != want[i]) return false;
  return true;
}

static float g_x[6] = {1, -2, 3, -4, 5, 6}; /* 2x3 */

/* ---- reduce ------------------------------------------------------------ */

static void test_reduce(lk_registry_t *r) {
  planned_t pl;
  float y[6];
  lk_tensor_t x = T(LK_F32, g_x, 2, 3);

  const attr_t ax1[] = {INTS("axes", 1), INT("keepdims", 0), END};
  CHECK(
      run(r, "reduce_sum", "ref_reduce_sum__f32_nchw", ax1, &x, 1, y, 6, &pl));
  CHECK(DIMS_ARE(&pl.out, 2) && floats_are(y, (float[]){2, 7}, 2));

  /* Axes as an operand: the step folds them into the block. */
  int64_t zero[] = {0};
  lk_tensor_t in[2] = {x, T(LK_I64, zero, 1)};
  CHECK(run(r, "reduce_max", "ref_reduce_max__f32_nchw", no_attrs, in, 2, y, 6,
            &pl));
  CHECK(DIMS_ARE(&pl.out, 1, 3) && floats_are(y, (float[]){1, 5, 6}, 3));

  /* Every op through its row equals the direct call. */
  static const char *const names[] = {
#define X(e, name) #name,
      LK_REDUCE_OPS(X)
#undef X
  };
  const attr_t last[] = {INTS("axes", -1), END};
  for (size_t i = 0; i < LT_ARRAY_SIZE(names); i++) {
    char op[64], kernel[96];
    snprintf(op, sizeof op, "reduce_%s", names[i]);
    snprintf(kernel, sizeof kernel, "ref_%s__f32_nchw", op);
    float want[2] = {0}, got[2] = {0};
    if (!run(r, op, kernel, last, &x, 1, got, 2, &pl)) continue;
    lk_tensor_t w = T(LK_F32, want, 2, 1);
    CHECK(pl.params.reduce.op == (lk_reduce_op_t)i);
    lk_ref_reduce(&pl.params.reduce, &x, &w);
    CHECK(memcmp(got, want, sizeof got) == 0);
  }

  /* noop_with_empty_axes: a copy, not |x|. */
  const attr_t noop[] = {INT("noop_with_empty_axes", 1), END};
  CHECK(run(r, "reduce_l2", "ref_reduce_l2__f32_nchw", noop, &x, 1, y, 6, &pl));
  CHECK(DIMS_ARE(&pl.out, 2, 3) && floats_are(y, g_x, 6));
  /* A result of another element type is refused, not copied into. */
  lk_shape_t i8 = SHAPE(LK_I8, 2, 3);
  REFUSED(call_row(r, "ref_reduce_l2__f32_nchw", &x, 1, &i8, y, &pl.params,
                   pl.params_size),
          "ref_reduce_l2__f32_nchw");

  /* The any row: i32, every axis, to a scalar. */
  int32_t xi[] = {2, 3, 4, 5}, yi = 0;
  lk_tensor_t ti = T(LK_I32, xi, 2, 2);
  const attr_t flat[] = {INT("keepdims", 0), END};
  CHECK(run(r, "reduce_prod", "ref_reduce_prod__any_nchw", flat, &ti, 1, &yi, 1,
            &pl));
  CHECK(pl.out.rank == 0 && yi == 120);

  /* A row computes its own op whatever the block says. */
  CHECK(plan("reduce_sum", ax1, &x, 1, &pl));
  lt_status_t st = call_row(r, "ref_reduce_min__f32_nchw", &x, 1, &pl.out, y,
                            &pl.params, pl.params_size);
  CHECK(st == LT_OK && floats_are(y, (float[]){-2, -4}, 2));
  lt_status_free(st);

  /* Refusals. */
  const char *f32 = "ref_reduce_sum__f32_nchw";
  lk_tensor_t three[3] = {x, in[1], in[1]};
  REFUSED(call_row(r, f32, three, 3, &pl.out, y, &pl.params, pl.params_size),
          f32);
  REFUSED(call_row(r, f32, &x, 0, &pl.out, y, &pl.params, pl.params_size), f32);
  REFUSED(call_row(r, f32, &x, 1, &pl.out, y, &pl.params, pl.params_size - 1),
          f32);
  lk_shape_t wrong = SHAPE(LK_F32, 3);
  REFUSED(call_row(r, f32, &x, 1, &wrong, y, &pl.params, pl.params_size), f32);
  int64_t xl[] = {1, 2, 3, 4, 5, 6}, yl[2];
  lk_tensor_t tl = T(LK_I64, xl, 2, 3);
  CHECK(plan("reduce_sum", ax1, &tl, 1, &pl));
  REFUSED(call_row(r, f32, &tl, 1, &pl.out, yl, &pl.params, pl.params_size),
          f32);
  st = call_row(r, "ref_reduce_sum__any_nchw", &tl, 1, &pl.out, yl, &pl.params,
                pl.params_size);
  CHECK(st == LT_OK && yl[0] == 6 && yl[1] == 15);
  lt_status_free(st);
}

/* ---- argmax / argmin --------------------------------------------------- */

static void test_arg(lk_registry_t *r) {
  planned_t pl;
  int64_t y[6];
  lk_tensor_t x = T(LK_F32, g_x, 2, 3);
  CHECK(run(r, "argmax", "ref_argmax__f32_nchw", no_attrs, &x, 1, y, 6, &pl));
  CHECK(DIMS_ARE(&pl.out, 1, 3) && pl.out.dtype == LK_I64);
  CHECK(y[0] == 0 && y[1] == 1 && y[2] == 1);

  int32_t xi[] = {1, -2, 3, -4, 5, 6};
  lk_tensor_t ti = T(LK_I32, xi, 2, 3);
  const attr_t ax1[] = {INT("axis", 1), INT("keepdims", 0), END};
  CHECK(run(r, "argmin", "ref_argmin__any_nchw", ax1, &ti, 1, y, 6, &pl));
  CHECK(DIMS_ARE(&pl.out, 2) && y[0] == 1 && y[1] == 0);
  /* Same as the direct call. */
  int64_t want[2];
  lk_tensor_t w = T(LK_I64, want, 2);
  lk_ref_arg(&pl.params.arg, &ti, &w);
  CHECK(want[0] == y[0] && want[1] == y[1]);

  int32_t ties[] = {7, 7};
  lk_tensor_t tt = T(LK_I32, ties, 2);
  const attr_t last[] = {INT("select_last_index", 1), END};
  CHECK(run(r, "argmax", "ref_argmax__any_nchw", last, &tt, 1, y, 6, &pl));
  CHECK(y[0] == 1);

  /* Refusals. */
  const char *f32 = "ref_argmax__f32_nchw";
  CHECK(plan("argmax", no_attrs, &x, 1, &pl));
  lk_tensor_t two[2] = {x, x};
  REFUSED(call_row(r, f32, two, 2, &pl.out, y, &pl.params, pl.params_size),
          f32);
  REFUSED(call_row(r, f32, &x, 1, &pl.out, y, &pl.params, pl.params_size + 1),
          f32);
  lk_arg_params_t far = pl.params.arg;
  far.axis = 2;
  REFUSED(call_row(r, f32, &x, 1, &pl.out, y, &far, sizeof far), f32);
  lk_shape_t wrong = SHAPE(LK_I64, 2);
  REFUSED(call_row(r, f32, &x, 1, &wrong, y, &pl.params, pl.params_size), f32);
  int64_t xl[] = {1, 2, 3, 4, 5, 6};
  lk_tensor_t tl = T(LK_I64, xl, 2, 3);
  REFUSED(call_row(r, f32, &tl, 1, &pl.out, y, &pl.params, pl.params_size),
          f32);
}

/* ---- cumsum ------------------------------------------------------------ */

static void test_cumsum(lk_registry_t *r) {
  planned_t pl;
  float y[6];
  int64_t one = 1;
  lk_tensor_t in[2] = {T(LK_F32, g_x, 2, 3), tensor(LK_I64, &one, 0, NULL)};
  CHECK(run(r, "cumsum", "ref_cumsum__f32_nchw", no_attrs, in, 2, y, 6, &pl));
  CHECK(DIMS_ARE(&pl.out, 2, 3) && pl.params.cumsum.axis == 1);
  CHECK(floats_are(y, (float[]){1, -1, 2, -4, 1, 7}, 6));

  const attr_t back[] = {INT("exclusive", 1), INT("reverse", 1), END};
  CHECK(run(r, "cumsum", "ref_cumsum__f32_nchw", back, in, 2, y, 6, &pl));
  CHECK(floats_are(y, (float[]){1, 3, 0, 11, 6, 0}, 6));

  int64_t xl[] = {1, 2, 3, 4, 5, 6}, yl[6], want[6];
  int32_t zero = 0;
  lk_tensor_t li[2] = {T(LK_I64, xl, 2, 3), T(LK_I32, &zero, 1)};
  CHECK(run(r, "cumsum", "ref_cumsum__any_nchw", no_attrs, li, 2, yl, 6, &pl));
  lk_tensor_t w = T(LK_I64, want, 2, 3);
  lk_ref_cumsum(&pl.params.cumsum, &li[0], &w);
  CHECK(memcmp(yl, want, sizeof yl) == 0 && yl[3] == 5 && yl[5] == 9);

  /* Refusals. */
  const char *f32 = "ref_cumsum__f32_nchw";
  REFUSED(call_row(r, f32, in, 1, &pl.out, y, &pl.params, pl.params_size), f32);
  REFUSED(call_row(r, f32, in, 2, &pl.out, y, NULL, 0), f32);
  lk_cumsum_params_t unplanned = {.axis = -1};
  REFUSED(call_row(r, f32, in, 2, &pl.out, y, &unplanned, sizeof unplanned),
          f32);
  REFUSED(call_row(r, f32, li, 2, &pl.out, yl, &pl.params, pl.params_size),
          f32);
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_reduce(r);
  test_arg(r);
  test_cumsum(r);
  lk_registry_destroy(r);
  if (g_failures) {
    fprintf(stderr, "abi_reduce_test: %d failures\n", g_failures);
    return 1;
  }
  printf("abi_reduce_test: ok\n");
  return 0;
}

/* abi_resize_test.c - resize as the runtime will run it: the plan step
 * found by op name over operands with known contents, outputs allocated
 * from the result shapes, the registry row called with dense views; the
 * numbers are the ONNX test cases'. Then the row's refusals. */
#include <math.h>
#include <stdlib.h>

#include "kernels/abi_ref.h"
#include "kernels/plan/resize.h"
#include "kernels/registry.h"

#include "test/unit/plan_table.h"

/* A resize to run: X, roi, scales, sizes (dtype none: absent). */
typedef struct job {
  lk_tensor_t in[4];
  lk_tensor_t y; /* allocated by run_row from the planned shape */
  lk_resize_params_t params;
  size_t workspace_size; /* the plan step's */
} job_t;

static lk_tensor_t vec(lk_dtype_t dtype, void *data, int64_t n) {
  return (lk_tensor_t){.dtype = dtype, .rank = 1, .dims = {n}, .data = data};
}

static lk_tensor_t none_tensor(void) {
  return (lk_tensor_t){.dtype = LK_DTYPE_NONE, .rank = -1};
}

/* Plans j through lk_plan_step_find("resize") (every operand's contents
 * known, as at run time) and allocates j->y. */
static bool plan(const attr_t *attrs, job_t *j) {
  const lk_plan_step_t *s = lk_plan_step_find("resize");
  CHECK(s && s->params_size == sizeof(lk_resize_params_t));
  if (!s) return false;
  lk_shape_t in[4], out;
  lk_shapes_of(j->in, 4, in);
  memset(&out, 0, sizeof out);
  lk_plan_t p = plan_over(attrs);
  if (!succeeded(lk_plan_step_run(s, &p, in, 4, &out, 1, &j->params), &p,
                 __LINE__))
    return false;
  j->workspace_size = p.workspace_size;
  j->y = (lk_tensor_t){.dtype = out.dtype, .rank = out.rank};
  memcpy(j->y.dims, out.dims, sizeof out.dims);
  j->y.data = calloc((size_t)lk_numel(&j->y) + 1, lk_dtype_size(out.dtype));
  return j->y.data != NULL;
}

/* Calls row `name` over j's first num_in operands, with a parameter block
 * of params_size bytes and a workspace of j->workspace_size (exactly). */
static lt_status_t call_row(lk_registry_t *r, const char *name, job_t *j,
                            uint32_t num_in, size_t params_size) {
  lk_view_t iv[5], ov;
  for (uint32_t i = 0; i < num_in; i++) {
    memset(&iv[i], 0, sizeof iv[i]);
    const lk_tensor_t *t = &j->in[i % 4];
    if (t->dtype == LK_DTYPE_NONE)
      iv[i].dtype = LK_DTYPE_NONE;
    else
      CHECK(lk_view_dense(&iv[i], t->dtype, t->rank, t->dims, LK_LAYOUT_NCHW,
                          t->data));
  }
  CHECK(lk_view_dense(&ov, j->y.dtype, j->y.rank, j->y.dims, LK_LAYOUT_NCHW,
                      j->y.data));
  lk_call_t c = {.inputs = iv,
                 .num_inputs = num_in,
                 .outputs = &ov,
                 .num_outputs = 1,
                 .params = &j->params,
                 .params_size = params_size,
                 .workspace =
                     j->workspace_size ? malloc(j->workspace_size) : NULL,
                 .workspace_size = j->workspace_size};
  const lk_kernel_t *k = lk_registry_find(r, name);
  CHECK(k && lk_kernel_runnable(k));
  lt_status_t st = k ? lk_kernel_call(k, &c)
                     : lt_status_make(LT_STATUS_NOT_FOUND, "no row %s", name);
  free(c.workspace);
  return st;
}

/* The call succeeds and y holds want[0..n) (within tol). */
static void expect(lt_status_t st, const job_t *j, const double *want,
                   int64_t n, double tol, int line) {
  if (st != LT_OK) {
    fprintf(stderr, "line %d: %s\n", line, lt_status_message(st));
    g_failures++;
    lt_status_free(st);
    return;
  }
  if (lk_numel(&j->y) != n) {
    fprintf(stderr, "line %d: %lld elements, expected %lld\n", line,
            (long long)lk_numel(&j->y), (long long)n);
    g_failures++;
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    double got = lk_load_f64(&j->y, i);
    if (!(got <= want[i] + tol && got >= want[i] - tol)) { /* NaN fails */
      fprintf(stderr, "line %d: y[%lld] = %g, expected %g\n", line,
              (long long)i, got, want[i]);
      g_failures++;
    }
  }
}
#define EXPECT(st, j, tol, ...)                                                \
  expect(st, j, (const double[]){__VA_ARGS__},                                 \
         (int64_t)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), tol,     \
         __LINE__)

/* j's planned result has the given dims. */
static bool y_dims_are(const job_t *j, int32_t rank, const int64_t *dims) {
  lk_shape_t s = shape_of(j->y.dtype, j->y.rank, j->y.dims);
  return dims_are(&s, rank, dims);
}
#define Y_DIMS_ARE(j, ...)                                                     \
  y_dims_are(j, (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), \
             (const int64_t[]){__VA_ARGS__})

static float ramp[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

/* test_resize_upsample_scales_linear: scales as an operand. */
static void test_linear(lk_registry_t *r) {
  float scales[4] = {1, 1, 2, 2};
  job_t j = {.in = {{.dtype = LK_F32,
                     .rank = 4,
                     .dims = {1, 1, 2, 2},
                     .data = (float[]){1, 2, 3, 4}},
                    none_tensor(),
                    vec(LK_F32, scales, 4),
                    none_tensor()}};
  const attr_t attrs[] = {STR("mode", "linear"), END};
  if (!plan(attrs, &j)) return;
  CHECK(Y_DIMS_ARE(&j, 1, 1, 4, 4));
  EXPECT(call_row(r, "ref_resize__f32_nchw", &j, 3, sizeof j.params), &j, 1e-6,
         1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3, 3.25,
         3.75, 4);
  free(j.y.data);
}

/* test_resize_tf_crop_and_resize: the roi and the sizes are operands; the
 * plan step puts the roi into the parameters. */
static void test_crop(lk_registry_t *r) {
  float roi[8] = {0, 0, 0.4f, 0.6f, 1, 1, 1.2f, 1.7f};
  int64_t sizes[4] = {1, 1, 3, 3};
  job_t j = {
      .in = {{.dtype = LK_F32, .rank = 4, .dims = {1, 1, 4, 4}, .data = ramp},
             vec(LK_F32, roi, 8),
             vec(LK_F32, NULL, 0),
             vec(LK_I64, sizes, 4)}};
  const attr_t attrs[] = {
      STR("mode", "linear"),
      STR("coordinate_transformation_mode", "tf_crop_and_resize"),
      FLT("extrapolation_value", 10), END};
  if (!plan(attrs, &j)) return;
  CHECK(Y_DIMS_ARE(&j, 1, 1, 3, 3));
  EXPECT(call_row(r, "ref_resize__f32_nchw", &j, 4, sizeof j.params), &j, 1e-5,
         7.6, 10, 10, 12.4, 10, 10, 10, 10, 10);
  free(j.y.data);
  /* A NaN roi puts every position outside (it was cast to an index). */
  roi[2] = NAN;
  if (!plan(attrs, &j)) return;
  EXPECT(call_row(r, "ref_resize__f32_nchw", &j, 4, sizeof j.params), &j, 0,
         10, 10, 10, 10, 10, 10, 10, 10, 10);
  free(j.y.data);
}

/* An empty result beside a long axis: nothing to compute (the kernel
 * tabled taps for every output position of every axis, 2^40 here, and ran
 * out of memory). */
static void test_empty(lk_registry_t *r) {
  float scales[4] = {1, 1, 1, 1};
  job_t j = {.in = {{.dtype = LK_F32,
                     .rank = 4,
                     .dims = {1, 1, 0, (int64_t)1 << 40},
                     .data = ramp},
                    none_tensor(),
                    vec(LK_F32, scales, 4),
                    none_tensor()}};
  if (!plan((const attr_t[]){END}, &j)) return;
  CHECK(Y_DIMS_ARE(&j, 1, 1, 0, (int64_t)1 << 40));
  lt_status_t st = call_row(r, "ref_resize__f32_nchw", &j, 3, sizeof j.params);
  if (st) fprintf(stderr, "test_empty: %s\n", lt_status_message(st));
  CHECK(st == LT_OK);
  lt_status_free(st);
  free(j.y.data);
}

/* Nearest on i32 through the any row, sizes on the last axis only
 * (test_resize_downsample_sizes_nearest's first row). */
static void test_nearest_any(lk_registry_t *r) {
  int32_t x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int64_t sizes[1] = {3};
  job_t j = {.in = {{.dtype = LK_I32, .rank = 2, .dims = {2, 4}, .data = x},
                    none_tensor(),
                    none_tensor(),
                    vec(LK_I64, sizes, 1)}};
  const attr_t attrs[] = {INTS("axes", -1), END};
  if (!plan(attrs, &j)) return;
  CHECK(j.y.dtype == LK_I32 && Y_DIMS_ARE(&j, 2, 3));
  EXPECT(call_row(r, "ref_resize__any_nchw", &j, 4, sizeof j.params), &j, 0, 1,
         2, 4, 5, 6, 8);
  /* The f32 row refuses i32 data. */
  lt_status_t st = call_row(r, "ref_resize__f32_nchw", &j, 4, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  free(j.y.data);
}

static void test_refusals(lk_registry_t *r) {
  float scales[2] = {2, 2};
  job_t j = {.in = {{.dtype = LK_F32,
                     .rank = 2,
                     .dims = {2, 2},
                     .data = (float[]){1, 2, 3, 4}},
                    none_tensor(),
                    vec(LK_F32, scales, 2),
                    none_tensor()}};
  if (!plan((const attr_t[]){END}, &j)) return;
  lt_status_t st = call_row(r, "ref_resize__f32_nchw", &j, 3, sizeof j.params);
  CHECK(st == LT_OK);
  lt_status_free(st);
  const char *rows[] = {"ref_resize__f32_nchw", "ref_resize__any_nchw"};
  for (int k = 0; k < 2; k++) {
    /* No X, or one operand too many. */
    st = call_row(r, rows[k], &j, 0, sizeof j.params);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    st = call_row(r, rows[k], &j, 5, sizeof j.params);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    /* Another op's parameter block. */
    st = call_row(r, rows[k], &j, 1, sizeof j.params - 8);
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
  }
  /* A workspace a byte short of the plan step's: refused, y untouched. */
  CHECK(j.workspace_size > 0);
  job_t js = j;
  js.workspace_size--;
  memset(j.y.data, 0x5a, lk_nbytes(&j.y));
  st = call_row(r, "ref_resize__any_nchw", &js, 1, sizeof j.params);
  char want[96];
  snprintf(want, sizeof want,
           "ref_resize__any_nchw: workspace of %zu bytes, needs %zu",
           js.workspace_size, j.workspace_size);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strcmp(lt_status_message(st), want) == 0);
  lt_status_free(st);
  for (int64_t i = 0; i < lk_numel(&j.y); i++)
    CHECK(((const uint32_t *)j.y.data)[i] == 0x5a5a5a5a);
  /* i64 data on the f32 row. */
  job_t ji = j;
  ji.in[0] = (lk_tensor_t){.dtype = LK_I64,
                           .rank = 2,
                           .dims = {2, 2},
                           .data = (int64_t[]){1, 2, 3, 4}};
  ji.y.dtype = LK_I64;
  ji.y.data = (int64_t[16]){0};
  st = call_row(r, "ref_resize__f32_nchw", &ji, 1, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  /* An output the plan step would not give: other dtype, other rank, or
   * elements from an empty axis. */
  st = call_row(r, "ref_resize__any_nchw", &ji, 1, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_OK);
  lt_status_free(st);
  ji.y.dtype = LK_F32;
  st = call_row(r, "ref_resize__any_nchw", &ji, 1, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  job_t jr = j;
  jr.y.rank = 1;
  jr.y.dims[0] = 16;
  st = call_row(r, "ref_resize__f32_nchw", &jr, 1, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  job_t je = j;
  je.in[0].dims[0] = 0;
  st = call_row(r, "ref_resize__f32_nchw", &je, 1, sizeof j.params);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  free(j.y.data);
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_linear(r);
  test_crop(r);
  test_empty(r);
  test_nearest_any(r);
  test_refusals(r);
  lk_registry_destroy(r);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

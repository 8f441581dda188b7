/* ref_data_ops_test.c - the data families of the lite dialect through the
 * evaluator: results whose shape depends on data (non_zero, compress),
 * absent optional operands, variadic results, errors found at run time, and
 * static result types inferred from constant shape operands. */
#include <string.h>

#include "test/unit/lite_test_util.h"

static void test_data_dependent(lt_context_t *ctx, lite_log_t *log) {
  float x[4] = {1, 0, 0, 3};
  lk_tensor_t in[2] = {tensor(LK_F32, x, DIMS(2, 2))};
  lk_tensor_t out[1];
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x2xf32>) {\n"
      "  %0 = \"lite.non_zero\"(%x) : (tensor<2x2xf32>) -> tensor<2x?xi64>\n"
      "  return\n}\n",
      in, out)));
  CHECK(out[0].dtype == LK_I64 && out[0].rank == 2 && out[0].dims[1] == 2);
  CHECK(all_eq(&out[0], (int64_t[]){0, 1, 0, 1}, 4));
  release(out, 1);

  uint8_t cond[2] = {1, 1};
  in[1] = tensor(LK_BOOL, cond, DIMS(2));
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x2xf32>, %c: tensor<2xi1>) {\n"
      "  %0 = \"lite.compress\"(%x, %c) {axis = 1 : i64} : (tensor<2x2xf32>, "
      "tensor<2xi1>) -> tensor<2x?xf32>\n  return\n}\n",
      in, out)));
  CHECK(out[0].rank == 2 && out[0].dims[0] == 2 && out[0].dims[1] == 2);
  CHECK(all_eq(&out[0], (int64_t[]){1, 0, 0, 3}, 4));
  release(out, 1);
}

static void test_optional_operands(lt_context_t *ctx, lite_log_t *log) {
  int32_t x[6] = {0, 1, 2, 3, 4, 5};
  int64_t starts[1] = {-1}, ends[1] = {INT64_MIN}, steps[1] = {-2};
  lk_tensor_t in[5] = {
      tensor(LK_I32, x, DIMS(6)), tensor(LK_I64, starts, DIMS(1)),
      tensor(LK_I64, ends, DIMS(1)), k_none, tensor(LK_I64, steps, DIMS(1))};
  lk_tensor_t out[2];
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<6xi32>, %s: tensor<1xi64>, %e: tensor<1xi64>, "
      "%st: tensor<1xi64>) {\n  %n = \"lite.none\"() : () -> none\n"
      "  %0 = \"lite.slice\"(%x, %s, %e, %n, %st) : (tensor<6xi32>, "
      "tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<?xi32>\n"
      "  return\n}\n",
      in, out)));
  CHECK(all_eq(&out[0], (int64_t[]){5, 3, 1}, 3));
  release(out, 1);

  /* pad with an absent constant_value, on the listed axis only */
  int64_t pads[2] = {1, 2}, axes[1] = {-1};
  int32_t m[4] = {1, 2, 3, 4};
  lk_tensor_t pin[4] = {tensor(LK_I32, m, DIMS(2, 2)),
                        tensor(LK_I64, pads, DIMS(2)), k_none,
                        tensor(LK_I64, axes, DIMS(1))};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<2x2xi32>, %p: tensor<2xi64>, %a: "
           "tensor<1xi64>) {\n"
           "  %n = \"lite.none\"() : () -> none\n"
           "  %0 = \"lite.pad\"(%x, %p, %n, %a) {mode = \"wrap\"} : "
           "(tensor<2x2xi32>, "
           "tensor<2xi64>, none, tensor<1xi64>) -> tensor<2x?xi32>\n"
           "  return\n}\n",
           pin, out)));
  CHECK(out[0].dims[0] == 2 && out[0].dims[1] == 5);
  CHECK(all_eq(&out[0], (int64_t[]){2, 1, 2, 1, 2, 4, 3, 4, 3, 4}, 10));
  release(out, 1);

  /* dropout: identity plus an all-true mask; training mode is refused */
  float d[3] = {1, 2, 3}, ratio = 0.25f;
  uint8_t training = 1;
  lk_tensor_t din[3] = {tensor(LK_F32, d, DIMS(3)), scalar(LK_F32, &ratio),
                        scalar(LK_BOOL, &training)};
  const char *dropout =
      "func.func @f(%x: tensor<3xf32>, %r: tensor<f32>, %t: tensor<i1>) {\n"
      "  %0:2 = \"lite.dropout\"(%x, %r, %t) : (tensor<3xf32>, tensor<f32>, "
      "tensor<i1>) -> (tensor<3xf32>, tensor<3xi1>)\n  return\n}\n";
  CHECK(LT_FAILED(eval(ctx, log, dropout, din, out)));
  CHECK(last_error_has(log,
                       "'lite.dropout' op training_mode is true with ratio "
                       "0.25"));
  training = 0;
  CHECK(LT_SUCCEEDED(eval(ctx, log, dropout, din, out)));
  CHECK(all_eq(&out[0], (int64_t[]){1, 2, 3}, 3));
  CHECK(out[1].dtype == LK_BOOL && all_eq(&out[1], (int64_t[]){1, 1, 1}, 3));
  release(out, 2);
}

static void test_shapes_and_splits(lt_context_t *ctx, lite_log_t *log) {
  float x[24] = {0};
  lk_tensor_t in[2] = {tensor(LK_F32, x, DIMS(2, 3, 4))};
  lk_tensor_t out[3];
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x?x4xf32>) {\n"
      "  %0 = \"lite.shape\"(%x) {start = -2 : i64} : (tensor<2x?x4xf32>) -> "
      "tensor<2xi64>\n  return\n}\n",
      in, out)));
  CHECK(all_eq(&out[0], (int64_t[]){3, 4}, 2));
  release(out, 1);
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<2x?x4xf32>) {\n"
           "  %0 = \"lite.size\"(%x) : (tensor<2x?x4xf32>) -> tensor<i64>\n"
           "  return\n}\n",
           in, out)));
  CHECK(out[0].rank == 0 && all_eq(&out[0], (int64_t[]){24}, 1));
  release(out, 1);

  /* split by a run-time split operand into variadic results */
  ramp(x, 24, 0);
  int32_t sizes[3] = {1, 0, 3};
  in[1] = tensor(LK_I32, sizes, DIMS(3));
  const char *split =
      "func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<3xi32>) {\n"
      "  %0:3 = \"lite.split\"(%x, %s) {axis = -1 : i64} : (tensor<2x3x4xf32>, "
      "tensor<3xi32>) -> (tensor<2x3x?xf32>, tensor<2x3x?xf32>, "
      "tensor<2x3x?xf32>)\n  return\n}\n";
  CHECK(LT_SUCCEEDED(eval(ctx, log, split, in, out)));
  CHECK(out[0].dims[2] == 1 && out[1].dims[2] == 0 && out[2].dims[2] == 3);
  CHECK(all_eq(&out[0], (int64_t[]){0, 4, 8, 12, 16, 20}, 6));
  CHECK(lk_load_i64(&out[2], 0) == 1 && lk_load_i64(&out[2], 17) == 23);
  release(out, 3);
  sizes[1] = 1;
  CHECK(LT_FAILED(eval(ctx, log, split, in, out)));
  CHECK(last_error_has(log, "split sizes add up to 5, but dim 2 has size 4"));

  /* reshape with 0 (copy) and -1 (infer) at run time */
  int64_t shape[2] = {0, -1};
  in[1] = tensor(LK_I64, shape, DIMS(2));
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>) {\n"
      "  %0 = \"lite.reshape\"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> "
      "tensor<?x?xf32>\n  return\n}\n",
      in, out)));
  CHECK(out[0].rank == 2 && out[0].dims[0] == 2 && out[0].dims[1] == 12);
  CHECK(lk_load_i64(&out[0], 23) == 23);
  release(out, 1);
}

static void test_run_time_errors(lt_context_t *ctx, lite_log_t *log) {
  float x[3] = {1, 2, 3};
  int64_t idx[2] = {0, -4};
  lk_tensor_t in[2] = {tensor(LK_F32, x, DIMS(3)),
                       tensor(LK_I64, idx, DIMS(2))};
  lk_tensor_t out[1];
  CHECK(LT_FAILED(
      eval(ctx, log,
           "func.func @f(%x: tensor<3xf32>, %i: tensor<2xi64>) {\n"
           "  %0 = \"lite.gather\"(%x, %i) : (tensor<3xf32>, tensor<2xi64>) -> "
           "tensor<2xf32>\n  return\n}\n",
           in, out)));
  CHECK(last_error_has(log,
                       "'lite.gather' op operand #1 (indices) element 1 is -4, "
                       "out of range for a dim of size 3"));
  float u[2] = {5, 6};
  lk_tensor_t sin[3] = {in[0], tensor(LK_I64, idx, DIMS(2, 1)),
                        tensor(LK_F32, u, DIMS(2))};
  CHECK(LT_FAILED(eval(ctx, log,
                       "func.func @f(%x: tensor<3xf32>, %i: tensor<2x1xi64>, "
                       "%u: tensor<2xf32>) {\n"
                       "  %0 = \"lite.scatter_nd\"(%x, %i, %u) : "
                       "(tensor<3xf32>, tensor<2x1xi64>, "
                       "tensor<2xf32>) -> tensor<3xf32>\n  return\n}\n",
                       sin, out)));
  /* The step cannot see scatter_nd's bad index; its kernel's status is
   * reported at the op, naming the kernel. */
  CHECK(last_error_has(log,
                       "'lite.scatter_nd' op ref_scatter_nd__any_nchw: "
                       "operand #1 (indices) element 1 is -4"));
}

static void test_generators(lt_context_t *ctx, lite_log_t *log) {
  int64_t shape[2] = {2, 1};
  lk_tensor_t in[3] = {tensor(LK_I64, shape, DIMS(2))};
  lk_tensor_t out[1];
  CHECK(
      LT_SUCCEEDED(eval(ctx, log,
                        "func.func @f(%s: tensor<2xi64>) {\n"
                        "  %0 = \"lite.constant_of_shape\"(%s) {value = "
                        "dense<-3> : tensor<1xi64>}"
                        " : (tensor<2xi64>) -> tensor<?x?xi64>\n  return\n}\n",
                        in, out)));
  CHECK(out[0].dtype == LK_I64 && all_eq(&out[0], (int64_t[]){-3, -3}, 2));
  release(out, 1);
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%s: tensor<2xi64>) {\n"
           "  %0 = \"lite.constant_of_shape\"(%s) : (tensor<2xi64>) -> "
           "tensor<?x?xf32>\n  return\n}\n",
           in, out)));
  CHECK(out[0].dtype == LK_F32 && all_eq(&out[0], (int64_t[]){0, 0}, 2));
  release(out, 1);

  /* numpy.arange(1, 2, 0.3) has 4 elements */
  double s = 1, l = 2, d = 0.3;
  lk_tensor_t rin[3] = {scalar(LK_F64, &s), scalar(LK_F64, &l),
                        scalar(LK_F64, &d)};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f64>) {\n"
           "  %0 = \"lite.range\"(%a, %b, %c) : (tensor<f64>, tensor<f64>, "
           "tensor<f64>) -> tensor<?xf64>\n  return\n}\n",
           rin, out)));
  CHECK(out[0].dims[0] == 4 && ((double *)out[0].data)[3] == 1 + 3 * 0.3);
  release(out, 1);
}

/* Constant shape operands make inferred result types static. */
static void test_create(lt_context_t *ctx) {
  lt_builder_t b;
  lt_op_t *module = lite_module(ctx, &b);
  lt_loc_t loc = lt_loc_unknown(ctx);
  float data[6] = {0};
  int64_t shape[2] = {-1, 2}, dims2[2] = {2, 3}, dims1[1] = {2};
  const lt_type_t *xt = lt_type_tensor(ctx, 2, dims2, lt_type_f32(ctx), NULL);
  const lt_type_t *st = lt_type_tensor(
      ctx, 1, dims1, lt_type_integer(ctx, 64, LT_SIGNLESS), NULL);
  lt_value_t *x = lite_constant(&b, loc, xt, data, sizeof data);
  lt_value_t *s = lite_constant(&b, loc, st, shape, sizeof shape);
  CHECK(x && s);
  if (x && s) {
    lt_value_t *ops[2] = {x, s};
    lt_op_t *r = lt_lite_create(&b, LT_LITE_RESHAPE, loc, 2, ops, 0, NULL, 1);
    const lt_type_t *t = r ? lt_op_result(r, 0)->type : NULL;
    CHECK(t && t->shaped.rank == 2 && t->shaped.shape[0] == 3 &&
          t->shaped.shape[1] == 2);
    lt_op_t *sh = lt_lite_create(&b, LT_LITE_SHAPE, loc, 1, ops, 0, NULL, 1);
    t = sh ? lt_op_result(sh, 0)->type : NULL;
    CHECK(t && t->shaped.rank == 1 && t->shaped.shape[0] == 2);
  }
  lt_op_destroy(module);
}

int main(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  test_data_dependent(ctx, &log);
  test_optional_operands(ctx, &log);
  test_shapes_and_splits(ctx, &log);
  test_run_time_errors(ctx, &log);
  test_generators(ctx, &log);
  test_create(ctx);
  lt_context_destroy(ctx);
  lite_log_free(&log);
  return test_exit_status();
}

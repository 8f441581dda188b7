/* ref_data_ops_test.c - the data families of the lite dialect through the
 * evaluator: results whose shape depends on data (non_zero, compress),
 * absent optional operands, variadic results, errors found at run time, and
 * static result types inferred from constant shape operands. */
#include <string.h>

#include "dialects/dialects.h"
#include "dialects/lite/lite.h"
#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "test/unit/check.h"

static char g_diag[1024];

static bool record(void *user, const lt_diag_t *d) {
  if (d->severity == LT_SEV_ERROR)
    snprintf(g_diag, sizeof g_diag, "%s",
             d->message.data ? d->message.data : "");
  return true;
}

static lk_tensor_t tensor(lk_dtype_t dtype, void *data, int32_t rank,
                          const int64_t *dims) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank, .data = data};
  for (int32_t d = 0; d < rank; d++)
    t.dims[d] = dims[d];
  return t;
}

static const lk_tensor_t k_none = {.dtype = LK_DTYPE_NONE, .rank = -1};

/* The single op in the body of `func.func @f` of src (besides the return). */
typedef struct parsed {
  lt_op_t *module, *op;
} parsed_t;

static parsed_t parse_op(lt_context_t *ctx, const char *src) {
  parsed_t p = {lt_parse_source(ctx, "test", src, strlen(src), NULL), NULL};
  if (!p.module) return p;
  lt_block_t *body = lt_op_region(p.module, 0)->first;
  lt_op_t *func = body->first;
  lt_block_t *fb = lt_op_region(func, 0)->first;
  for (lt_op_t *op = fb->first; op; op = op->next)
    if (lt_lite_op_id(op) >= 0 && lt_lite_op_id(op) != LT_LITE_NONE) {
      p.op = op;
      break;
    }
  return p;
}

/* Evaluates the op of src on in[]; out[] must be freed by the caller. */
static lt_result_t eval(lt_context_t *ctx, const char *src,
                        const lk_tensor_t *in, lk_tensor_t *out) {
  parsed_t p = parse_op(ctx, src);
  memset(out, 0, p.op ? p.op->num_results * sizeof *out : 0);
  CHECK(p.op != NULL);
  if (!p.op) return LT_FAILURE;
  g_diag[0] = '\0';
  lt_result_t r = lt_lite_eval(p.op, lt_allocator_system(), in, out);
  lt_op_destroy(p.module);
  return r;
}

static bool ints_are(const lk_tensor_t *t, const int64_t *want, int64_t n) {
  if (lk_numel(t) != n) return false;
  for (int64_t i = 0; i < n; i++)
    if (lk_load_i64(t, i) != want[i]) return false;
  return true;
}

static void release(lk_tensor_t *out, int n) {
  for (int i = 0; i < n; i++)
    lt_lite_tensor_free(lt_allocator_system(), &out[i]);
}

static void test_data_dependent(lt_context_t *ctx) {
  float x[4] = {1, 0, 0, 3};
  lk_tensor_t in[2] = {tensor(LK_F32, x, 2, (int64_t[]){2, 2})};
  lk_tensor_t out[1];
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<2x2xf32>) {\n"
      "  %0 = \"lite.non_zero\"(%x) : (tensor<2x2xf32>) -> tensor<2x?xi64>\n"
      "  return\n}\n",
      in, out)));
  CHECK(out[0].dtype == LK_I64 && out[0].rank == 2 && out[0].dims[1] == 2);
  CHECK(ints_are(&out[0], (int64_t[]){0, 1, 0, 1}, 4));
  release(out, 1);

  uint8_t cond[2] = {1, 1};
  in[1] = tensor(LK_BOOL, cond, 1, (int64_t[]){2});
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<2x2xf32>, %c: tensor<2xi1>) {\n"
      "  %0 = \"lite.compress\"(%x, %c) {axis = 1 : i64} : (tensor<2x2xf32>, "
      "tensor<2xi1>) -> tensor<2x?xf32>\n  return\n}\n",
      in, out)));
  CHECK(out[0].rank == 2 && out[0].dims[0] == 2 && out[0].dims[1] == 2);
  CHECK(ints_are(&out[0], (int64_t[]){1, 0, 0, 3}, 4));
  release(out, 1);
}

static void test_optional_operands(lt_context_t *ctx) {
  int32_t x[6] = {0, 1, 2, 3, 4, 5};
  int64_t starts[1] = {-1}, ends[1] = {INT64_MIN}, steps[1] = {-2};
  lk_tensor_t in[5] = {tensor(LK_I32, x, 1, (int64_t[]){6}),
                       tensor(LK_I64, starts, 1, (int64_t[]){1}),
                       tensor(LK_I64, ends, 1, (int64_t[]){1}), k_none,
                       tensor(LK_I64, steps, 1, (int64_t[]){1})};
  lk_tensor_t out[2];
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<6xi32>, %s: tensor<1xi64>, %e: tensor<1xi64>, "
      "%st: tensor<1xi64>) {\n  %n = \"lite.none\"() : () -> none\n"
      "  %0 = \"lite.slice\"(%x, %s, %e, %n, %st) : (tensor<6xi32>, "
      "tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<?xi32>\n"
      "  return\n}\n",
      in, out)));
  CHECK(ints_are(&out[0], (int64_t[]){5, 3, 1}, 3));
  release(out, 1);

  /* pad with an absent constant_value, on the listed axis only */
  int64_t pads[2] = {1, 2}, axes[1] = {-1};
  int32_t m[4] = {1, 2, 3, 4};
  lk_tensor_t pin[4] = {tensor(LK_I32, m, 2, (int64_t[]){2, 2}),
                        tensor(LK_I64, pads, 1, (int64_t[]){2}), k_none,
                        tensor(LK_I64, axes, 1, (int64_t[]){1})};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<2x2xi32>, %p: tensor<2xi64>, %a: "
           "tensor<1xi64>) {\n"
           "  %n = \"lite.none\"() : () -> none\n"
           "  %0 = \"lite.pad\"(%x, %p, %n, %a) {mode = \"wrap\"} : "
           "(tensor<2x2xi32>, "
           "tensor<2xi64>, none, tensor<1xi64>) -> tensor<2x?xi32>\n"
           "  return\n}\n",
           pin, out)));
  CHECK(out[0].dims[0] == 2 && out[0].dims[1] == 5);
  CHECK(ints_are(&out[0], (int64_t[]){2, 1, 2, 1, 2, 4, 3, 4, 3, 4}, 10));
  release(out, 1);

  /* dropout: identity plus an all-true mask; training mode is refused */
  float d[3] = {1, 2, 3}, ratio = 0.25f;
  uint8_t training = 1;
  lk_tensor_t din[3] = {tensor(LK_F32, d, 1, (int64_t[]){3}),
                        tensor(LK_F32, &ratio, 0, NULL),
                        tensor(LK_BOOL, &training, 0, NULL)};
  const char *dropout =
      "func.func @f(%x: tensor<3xf32>, %r: tensor<f32>, %t: tensor<i1>) {\n"
      "  %0:2 = \"lite.dropout\"(%x, %r, %t) : (tensor<3xf32>, tensor<f32>, "
      "tensor<i1>) -> (tensor<3xf32>, tensor<3xi1>)\n  return\n}\n";
  CHECK(LT_FAILED(eval(ctx, dropout, din, out)));
  CHECK(strstr(g_diag, "'lite.dropout' op training_mode is true with ratio "
                       "0.25") != NULL);
  training = 0;
  CHECK(LT_SUCCEEDED(eval(ctx, dropout, din, out)));
  CHECK(ints_are(&out[0], (int64_t[]){1, 2, 3}, 3));
  CHECK(out[1].dtype == LK_BOOL && ints_are(&out[1], (int64_t[]){1, 1, 1}, 3));
  release(out, 2);
}

static void test_shapes_and_splits(lt_context_t *ctx) {
  float x[24] = {0};
  lk_tensor_t in[2] = {tensor(LK_F32, x, 3, (int64_t[]){2, 3, 4})};
  lk_tensor_t out[3];
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<2x?x4xf32>) {\n"
      "  %0 = \"lite.shape\"(%x) {start = -2 : i64} : (tensor<2x?x4xf32>) -> "
      "tensor<2xi64>\n  return\n}\n",
      in, out)));
  CHECK(ints_are(&out[0], (int64_t[]){3, 4}, 2));
  release(out, 1);
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<2x?x4xf32>) {\n"
           "  %0 = \"lite.size\"(%x) : (tensor<2x?x4xf32>) -> tensor<i64>\n"
           "  return\n}\n",
           in, out)));
  CHECK(out[0].rank == 0 && ints_are(&out[0], (int64_t[]){24}, 1));
  release(out, 1);

  /* split by a run-time split operand into variadic results */
  for (int i = 0; i < 24; i++)
    x[i] = (float)i;
  int32_t sizes[3] = {1, 0, 3};
  in[1] = tensor(LK_I32, sizes, 1, (int64_t[]){3});
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<3xi32>) {\n"
      "  %0:3 = \"lite.split\"(%x, %s) {axis = -1 : i64} : (tensor<2x3x4xf32>, "
      "tensor<3xi32>) -> (tensor<2x3x?xf32>, tensor<2x3x?xf32>, "
      "tensor<2x3x?xf32>)\n  return\n}\n",
      in, out)));
  CHECK(out[0].dims[2] == 1 && out[1].dims[2] == 0 && out[2].dims[2] == 3);
  CHECK(ints_are(&out[0], (int64_t[]){0, 4, 8, 12, 16, 20}, 6));
  CHECK(lk_load_i64(&out[2], 0) == 1 && lk_load_i64(&out[2], 17) == 23);
  release(out, 3);
  sizes[1] = 1;
  CHECK(LT_FAILED(eval(
      ctx,
      "func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<3xi32>) {\n"
      "  %0:3 = \"lite.split\"(%x, %s) {axis = -1 : i64} : (tensor<2x3x4xf32>, "
      "tensor<3xi32>) -> (tensor<2x3x?xf32>, tensor<2x3x?xf32>, "
      "tensor<2x3x?xf32>)\n  return\n}\n",
      in, out)));
  CHECK(strstr(g_diag, "split sizes add up to 5, but dim 2 has size 4"));

  /* reshape with 0 (copy) and -1 (infer) at run time */
  int64_t shape[2] = {0, -1};
  in[1] = tensor(LK_I64, shape, 1, (int64_t[]){2});
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>) {\n"
      "  %0 = \"lite.reshape\"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> "
      "tensor<?x?xf32>\n  return\n}\n",
      in, out)));
  CHECK(out[0].rank == 2 && out[0].dims[0] == 2 && out[0].dims[1] == 12);
  CHECK(lk_load_i64(&out[0], 23) == 23);
  release(out, 1);
}

static void test_run_time_errors(lt_context_t *ctx) {
  float x[3] = {1, 2, 3};
  int64_t idx[2] = {0, -4};
  lk_tensor_t in[2] = {tensor(LK_F32, x, 1, (int64_t[]){3}),
                       tensor(LK_I64, idx, 1, (int64_t[]){2})};
  lk_tensor_t out[1];
  CHECK(LT_FAILED(
      eval(ctx,
           "func.func @f(%x: tensor<3xf32>, %i: tensor<2xi64>) {\n"
           "  %0 = \"lite.gather\"(%x, %i) : (tensor<3xf32>, tensor<2xi64>) -> "
           "tensor<2xf32>\n  return\n}\n",
           in, out)));
  CHECK(strstr(g_diag, "'lite.gather' op operand #1 (indices) element 1 is -4, "
                       "out of range for a dim of size 3"));
  float u[2] = {5, 6};
  lk_tensor_t sin[3] = {in[0], tensor(LK_I64, idx, 2, (int64_t[]){2, 1}),
                        tensor(LK_F32, u, 1, (int64_t[]){2})};
  CHECK(LT_FAILED(eval(ctx,
                       "func.func @f(%x: tensor<3xf32>, %i: tensor<2x1xi64>, "
                       "%u: tensor<2xf32>) {\n"
                       "  %0 = \"lite.scatter_nd\"(%x, %i, %u) : "
                       "(tensor<3xf32>, tensor<2x1xi64>, "
                       "tensor<2xf32>) -> tensor<3xf32>\n  return\n}\n",
                       sin, out)));
  CHECK(strstr(g_diag, "'lite.scatter_nd' op operand #1 (indices) element 1 "
                       "is -4"));
}

static void test_generators(lt_context_t *ctx) {
  int64_t shape[2] = {2, 1};
  lk_tensor_t in[3] = {tensor(LK_I64, shape, 1, (int64_t[]){2})};
  lk_tensor_t out[1];
  CHECK(
      LT_SUCCEEDED(eval(ctx,
                        "func.func @f(%s: tensor<2xi64>) {\n"
                        "  %0 = \"lite.constant_of_shape\"(%s) {value = "
                        "dense<-3> : tensor<1xi64>}"
                        " : (tensor<2xi64>) -> tensor<?x?xi64>\n  return\n}\n",
                        in, out)));
  CHECK(out[0].dtype == LK_I64 && ints_are(&out[0], (int64_t[]){-3, -3}, 2));
  release(out, 1);
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%s: tensor<2xi64>) {\n"
           "  %0 = \"lite.constant_of_shape\"(%s) : (tensor<2xi64>) -> "
           "tensor<?x?xf32>\n  return\n}\n",
           in, out)));
  CHECK(out[0].dtype == LK_F32 && ints_are(&out[0], (int64_t[]){0, 0}, 2));
  release(out, 1);

  /* numpy.arange(1, 2, 0.3) has 4 elements */
  double s = 1, l = 2, d = 0.3;
  lk_tensor_t rin[3] = {tensor(LK_F64, &s, 0, NULL),
                        tensor(LK_F64, &l, 0, NULL),
                        tensor(LK_F64, &d, 0, NULL)};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f64>) {\n"
           "  %0 = \"lite.range\"(%a, %b, %c) : (tensor<f64>, tensor<f64>, "
           "tensor<f64>) -> tensor<?xf64>\n  return\n}\n",
           rin, out)));
  CHECK(out[0].dims[0] == 4 && ((double *)out[0].data)[3] == 1 + 3 * 0.3);
  release(out, 1);
}

/* Constant shape operands make inferred result types static. */
static void test_create(lt_context_t *ctx) {
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_builder_t b;
  lt_builder_init(&b, ctx);
  lt_builder_set_block_end(&b, lt_module_body(module));
  lt_loc_t loc = lt_loc_unknown(ctx);
  float data[6] = {0};
  int64_t shape[2] = {-1, 2}, dims2[2] = {2, 3}, dims1[1] = {2};
  const lt_type_t *xt = lt_type_tensor(ctx, 2, dims2, lt_type_f32(ctx), NULL);
  const lt_type_t *st = lt_type_tensor(
      ctx, 1, dims1, lt_type_integer(ctx, 64, LT_SIGNLESS), NULL);
  lt_named_attr_t xv = {lt_ident_cstr(ctx, "value"),
                        lt_attr_dense(ctx, xt, data, sizeof data)};
  lt_named_attr_t sv = {lt_ident_cstr(ctx, "value"),
                        lt_attr_dense(ctx, st, shape, sizeof shape)};
  lt_op_t *x = lt_lite_create(&b, LT_LITE_CONSTANT, loc, 0, NULL, 1, &xv, 1);
  lt_op_t *s = lt_lite_create(&b, LT_LITE_CONSTANT, loc, 0, NULL, 1, &sv, 1);
  CHECK(x && s);
  if (x && s) {
    lt_value_t *ops[2] = {lt_op_result(x, 0), lt_op_result(s, 0)};
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
  lt_context_t *ctx = NULL;
  if (lt_context_create(lt_allocator_system(), &ctx) != LT_OK) return 1;
  lt_register_core_dialects(ctx);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, record, NULL);
  test_data_dependent(ctx);
  test_optional_operands(ctx);
  test_shapes_and_splits(ctx);
  test_run_time_errors(ctx);
  test_generators(ctx);
  test_create(ctx);
  lt_diag_pop_handler(ctx, h);
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures != 0;
}

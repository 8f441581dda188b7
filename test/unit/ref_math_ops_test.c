/* ref_math_ops_test.c - the math families of the lite dialect through the
 * evaluator and lt_lite_create: dynamic and unranked shapes resolved at run
 * time, axes known only at run time, errors found at run time (integer
 * division by zero, bad axes), absent optional operands, fused activations,
 * and result types inferred when ops are built. */
#include <math.h>
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

static bool diag_has(const char *needle) {
  if (strstr(g_diag, needle)) return true;
  fprintf(stderr, "  diagnostic \"%s\" lacks \"%s\"\n", g_diag, needle);
  return false;
}

static lk_tensor_t tensor(lk_dtype_t dtype, void *data, int32_t rank,
                          const int64_t *dims) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank, .data = data};
  for (int32_t d = 0; d < rank; d++)
    t.dims[d] = dims[d];
  return t;
}

static const lk_tensor_t k_none = {.dtype = LK_DTYPE_NONE, .rank = -1};

/* The first lite op (other than lite.none) in the body of the first
 * function of src. */
typedef struct parsed {
  lt_op_t *module, *op;
} parsed_t;

static parsed_t parse_op(lt_context_t *ctx, const char *src) {
  parsed_t p = {lt_parse_source(ctx, "test", src, strlen(src), NULL), NULL};
  if (!p.module) return p;
  lt_op_t *func = lt_op_region(p.module, 0)->first->first;
  for (lt_op_t *op = lt_op_region(func, 0)->first->first; op; op = op->next)
    if (lt_lite_op_id(op) >= 0 && lt_lite_op_id(op) != LT_LITE_NONE) {
      p.op = op;
      break;
    }
  return p;
}

/* Evaluates the op of src on in[]; out[0] must be released by the caller
 * (on success). */
static lt_result_t eval(lt_context_t *ctx, const char *src,
                        const lk_tensor_t *in, lk_tensor_t *out) {
  parsed_t p = parse_op(ctx, src);
  memset(out, 0, sizeof *out);
  CHECK(p.op != NULL);
  if (!p.op) return LT_FAILURE;
  g_diag[0] = '\0';
  lt_result_t r = lt_lite_eval(p.op, lt_allocator_system(), in, out);
  lt_op_destroy(p.module);
  return r;
}

static void release(lk_tensor_t *t) {
  lt_lite_tensor_free(lt_allocator_system(), t);
}

static bool dims_are(const lk_tensor_t *t, int32_t rank, const int64_t *dims) {
  if (t->rank != rank) return false;
  for (int32_t d = 0; d < rank; d++)
    if (t->dims[d] != dims[d]) return false;
  return true;
}

static bool values_are(const lk_tensor_t *t, const double *want, int64_t n) {
  if (lk_numel(t) != n) return false;
  for (int64_t i = 0; i < n; i++) {
    double v = lk_load_f64(t, i);
    if (!(v == want[i] || (isnan(v) && isnan(want[i])) ||
          fabs(v - want[i]) <= 1e-6 * (1 + fabs(want[i])))) {
      fprintf(stderr, "  element %lld: got %.9g, want %.9g\n", (long long)i, v,
              want[i]);
      return false;
    }
  }
  return true;
}

/* ---- shapes only known at run time ------------------------------------------
 */

static void test_dynamic_shapes(lt_context_t *ctx) {
  float x[6] = {1, -2, 3, -4, 5, -6}, b[3] = {1, 1, 1};
  lk_tensor_t in[2] = {tensor(LK_F32, x, 2, (int64_t[]){2, 3}),
                       tensor(LK_F32, b, 1, (int64_t[]){3})};
  lk_tensor_t out;
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<?x3xf32>, %b: tensor<*xf32>) {\n"
      "  %0 = \"lite.add\"(%x, %b) {activation = \"leaky_relu\", "
      "activation_alpha = 0.5 : f32} : (tensor<?x3xf32>, tensor<*xf32>) -> "
      "tensor<*xf32>\n  return\n}\n",
      in, &out)));
  CHECK(out.dtype == LK_F32 && dims_are(&out, 2, (int64_t[]){2, 3}));
  CHECK(values_are(&out, (double[]){2, -0.5, 4, -1.5, 6, -2.5}, 6));
  release(&out);

  /* unranked unary */
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<*xf32>) {\n"
           "  %0 = \"lite.relu\"(%x) : (tensor<*xf32>) -> tensor<*xf32>\n"
           "  return\n}\n",
           in, &out)));
  CHECK(values_are(&out, (double[]){1, 0, 3, 0, 5, 0}, 6));
  release(&out);

  /* axes as a run-time operand */
  int64_t axes[2] = {-1, 0};
  lk_tensor_t rin[2] = {in[0], tensor(LK_I64, axes, 1, (int64_t[]){2})};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<?x3xf32>, %a: tensor<2xi64>) {\n"
           "  %0 = \"lite.reduce_l1\"(%x, %a) {keepdims = 0 : i64} : "
           "(tensor<?x3xf32>, tensor<2xi64>) -> tensor<?xf32>\n  return\n}\n",
           rin, &out)));
  CHECK(out.rank == 0 && values_are(&out, (double[]){21}, 1));
  release(&out);
  rin[1].dims[0] = 1;
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<?x3xf32>, %a: tensor<1xi64>) {\n"
      "  %0 = \"lite.reduce_max\"(%x, %a) : (tensor<?x3xf32>, tensor<1xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      rin, &out)));
  CHECK(dims_are(&out, 2, (int64_t[]){2, 1}) &&
        values_are(&out, (double[]){3, 5}, 2));
  release(&out);
  /* an empty axes operand without noop reduces everything */
  lk_tensor_t ein[2] = {in[0], tensor(LK_I64, axes, 1, (int64_t[]){0})};
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<?x3xf32>, %a: tensor<?xi64>) {\n"
      "  %0 = \"lite.reduce_sum\"(%x, %a) : (tensor<?x3xf32>, tensor<?xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      ein, &out)));
  CHECK(dims_are(&out, 2, (int64_t[]){1, 1}) &&
        values_are(&out, (double[]){-3}, 1));
  release(&out);

  /* cumsum's axis and softmax on a dynamic shape */
  int32_t ax1 = 1;
  lk_tensor_t cin[2] = {in[0], tensor(LK_I32, &ax1, 0, NULL)};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<?x3xf32>, %a: tensor<i32>) {\n"
           "  %0 = \"lite.cumsum\"(%x, %a) {reverse = 1 : i64} : "
           "(tensor<?x3xf32>, tensor<i32>) -> tensor<?x3xf32>\n  return\n}\n",
           cin, &out)));
  CHECK(values_are(&out, (double[]){2, 1, 3, -5, -1, -6}, 6));
  release(&out);
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<?x3xf32>) {\n"
      "  %0 = \"lite.log_softmax\"(%x) {axis = 0 : i64} : (tensor<?x3xf32>) "
      "-> tensor<?x3xf32>\n  return\n}\n",
      in, &out)));
  /* columns (1, -4), (-2, 5), (3, -6) */
  CHECK(values_are(&out,
                   (double[]){-log1p(exp(-5.0)), -7 - log1p(exp(-7.0)),
                              -log1p(exp(-9.0)), -5 - log1p(exp(-5.0)),
                              -log1p(exp(-7.0)), -9 - log1p(exp(-9.0))},
                   6));
  release(&out);
}

/* ---- errors found at run time
 * --------------------------------------------------- */

static void test_runtime_errors(lt_context_t *ctx) {
  int32_t n[2] = {7, 8}, z[2] = {1, 0};
  lk_tensor_t in[2] = {tensor(LK_I32, n, 1, (int64_t[]){2}),
                       tensor(LK_I32, z, 1, (int64_t[]){2})};
  lk_tensor_t out;
  CHECK(LT_FAILED(
      eval(ctx,
           "func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) {\n"
           "  %0 = \"lite.div\"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> "
           "tensor<2xi32>\n  return\n}\n",
           in, &out)));
  CHECK(diag_has("'lite.div' op integer division by zero"));
  CHECK(LT_FAILED(
      eval(ctx,
           "func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) {\n"
           "  %0 = \"lite.mod\"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> "
           "tensor<2xi32>\n  return\n}\n",
           in, &out)));
  CHECK(diag_has("'lite.mod' op integer remainder by zero"));

  /* operands whose run-time shapes do not broadcast */
  int32_t three[3] = {1, 2, 3};
  lk_tensor_t bad[2] = {in[0], tensor(LK_I32, three, 1, (int64_t[]){3})};
  CHECK(LT_FAILED(
      eval(ctx,
           "func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) {\n"
           "  %0 = \"lite.add\"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> "
           "tensor<?xi32>\n  return\n}\n",
           bad, &out)));
  CHECK(diag_has("operands do not broadcast"));

  /* axes that only turn out wrong at run time */
  float x[4] = {1, 2, 3, 4};
  int64_t dup[2] = {1, -1};
  lk_tensor_t rin[2] = {tensor(LK_F32, x, 2, (int64_t[]){2, 2}),
                        tensor(LK_I64, dup, 1, (int64_t[]){2})};
  CHECK(LT_FAILED(eval(
      ctx,
      "func.func @f(%x: tensor<2x2xf32>, %a: tensor<2xi64>) {\n"
      "  %0 = \"lite.reduce_sum\"(%x, %a) : (tensor<2x2xf32>, tensor<2xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      rin, &out)));
  CHECK(diag_has("operand #1 (axes) names axis 1 twice"));
  int64_t ax = 2;
  lk_tensor_t cin[2] = {rin[0], tensor(LK_I64, &ax, 1, (int64_t[]){1})};
  CHECK(LT_FAILED(eval(
      ctx,
      "func.func @f(%x: tensor<2x2xf32>, %a: tensor<1xi64>) {\n"
      "  %0 = \"lite.cumsum\"(%x, %a) : (tensor<2x2xf32>, tensor<1xi64>) -> "
      "tensor<2x2xf32>\n  return\n}\n",
      cin, &out)));
  CHECK(diag_has("operand #1 (axis) value 2 is out of range for rank 2"));

  /* per-axis scales whose length only shows at run time */
  float s[3] = {1, 1, 1};
  lk_tensor_t qin[2] = {rin[0], tensor(LK_F32, s, 1, (int64_t[]){3})};
  CHECK(LT_FAILED(eval(
      ctx,
      "func.func @f(%x: tensor<2x2xf32>, %s: tensor<?xf32>) {\n"
      "  %0 = \"lite.quantize\"(%x, %s) : (tensor<2x2xf32>, tensor<?xf32>) -> "
      "tensor<2x2xui8>\n  return\n}\n",
      qin, &out)));
  CHECK(diag_has("operand #1 (y_scale) has 3 elements; per-axis "
                 "quantization along axis 1 needs 2"));
}

/* ---- optional operands, dtypes
 * ------------------------------------------------ */

static void test_operands_and_dtypes(lt_context_t *ctx) {
  /* clip with an absent min in the middle */
  int8_t x[4] = {-100, -1, 50, 127}, hi = 60;
  lk_tensor_t in[3] = {tensor(LK_I8, x, 1, (int64_t[]){4}), k_none,
                       tensor(LK_I8, &hi, 0, NULL)};
  lk_tensor_t out;
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%x: tensor<4xi8>, %hi: tensor<i8>) {\n"
      "  %n = \"lite.none\"() : () -> none\n"
      "  %0 = \"lite.clip\"(%x, %n, %hi) : (tensor<4xi8>, none, tensor<i8>) -> "
      "tensor<4xi8>\n  return\n}\n",
      in, &out)));
  CHECK(out.dtype == LK_I8 &&
        values_are(&out, (double[]){-100, -1, 50, 60}, 4));
  release(&out);

  /* reduce with a `none` axes operand reduces everything */
  lk_tensor_t rin[2] = {in[0], k_none};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%x: tensor<4xi8>) {\n"
           "  %n = \"lite.none\"() : () -> none\n"
           "  %0 = \"lite.reduce_min\"(%x, %n) {keepdims = 0 : i64} : "
           "(tensor<4xi8>, none) -> tensor<i8>\n  return\n}\n",
           rin, &out)));
  CHECK(out.rank == 0 && values_are(&out, (double[]){-100}, 1));
  release(&out);

  /* f16 arithmetic rounds to f16; variadic over more inputs than the
   * broadcast iterator walks at once */
  uint16_t h[2] = {lk_f32_to_f16(1.0f), lk_f32_to_f16(0.5f)};
  lk_tensor_t hin[6];
  for (int i = 0; i < 6; i++)
    hin[i] = tensor(LK_F16, h, 1, (int64_t[]){2});
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%a: tensor<2xf16>) {\n"
           "  %0 = \"lite.sum\"(%a, %a, %a, %a, %a, %a) : (tensor<2xf16>, "
           "tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, "
           "tensor<2xf16>) -> tensor<2xf16>\n  return\n}\n",
           hin, &out)));
  CHECK(out.dtype == LK_F16 && values_are(&out, (double[]){6, 3}, 2));
  release(&out);

  /* cast from uint64 above INT64_MAX into float */
  uint64_t big = UINT64_MAX;
  lk_tensor_t cin[1] = {tensor(LK_U64, &big, 1, (int64_t[]){1})};
  CHECK(LT_SUCCEEDED(eval(ctx,
                          "func.func @f(%a: tensor<1xui64>) {\n"
                          "  %0 = \"lite.cast\"(%a) {to = f64} : "
                          "(tensor<1xui64>) -> tensor<1xf64>\n"
                          "  return\n}\n",
                          cin, &out)));
  CHECK(out.dtype == LK_F64 && lk_load_f64(&out, 0) > 1.8e19);
  release(&out);

  /* calib to f16 (precision from the declared result type) */
  float cf[2] = {1.5f, -2.25f};
  lk_tensor_t fin[1] = {tensor(LK_F32, cf, 1, (int64_t[]){2})};
  CHECK(LT_SUCCEEDED(
      eval(ctx,
           "func.func @f(%a: tensor<2xf32>) {\n"
           "  %0 = \"lite.calib\"(%a) : (tensor<2xf32>) -> tensor<2xf16>\n"
           "  return\n}\n",
           fin, &out)));
  CHECK(out.dtype == LK_F16 && values_are(&out, (double[]){1.5, -2.25}, 2));
  release(&out);

  /* dequantize int32 without a zero point; quantize into int8 */
  int32_t q[3] = {-3, 0, 1000};
  float s = 0.5f;
  lk_tensor_t din[2] = {tensor(LK_I32, q, 1, (int64_t[]){3}),
                        tensor(LK_F32, &s, 0, NULL)};
  CHECK(LT_SUCCEEDED(eval(
      ctx,
      "func.func @f(%q: tensor<3xi32>, %s: tensor<f32>) {\n"
      "  %0 = \"lite.dequantize\"(%q, %s) : (tensor<3xi32>, tensor<f32>) -> "
      "tensor<3xf32>\n  return\n}\n",
      din, &out)));
  CHECK(out.dtype == LK_F32 && values_are(&out, (double[]){-1.5, 0, 500}, 3));
  release(&out);
}

/* ---- building ops infers their result types
 * ---------------------------------- */

static const lt_type_t *result_of(lt_builder_t *b, lt_lite_op_id_t id,
                                  uint32_t n, lt_value_t *const *operands,
                                  uint32_t num_attrs,
                                  const lt_named_attr_t *attrs) {
  lt_op_t *op = lt_lite_create(b, id, lt_loc_unknown(b->ctx), n, operands,
                               num_attrs, attrs, 1);
  return op ? lt_op_result(op, 0)->type : NULL;
}

static void test_create(lt_context_t *ctx) {
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_builder_t b;
  lt_builder_init(&b, ctx);
  lt_builder_set_block_end(&b, lt_module_body(module));
  const lt_type_t *f32 = lt_type_f32(ctx);
  int64_t d23[2] = {2, 3}, d3[1] = {3}, dyn[2] = {LT_DYNAMIC, 3};
  float zeros[6] = {0};
  const lt_type_t *t23 = lt_type_tensor(ctx, 2, d23, f32, NULL);
  const lt_type_t *t3 = lt_type_tensor(ctx, 1, d3, f32, NULL);
  lt_named_attr_t va = {lt_ident_cstr(ctx, "value"),
                        lt_attr_dense(ctx, t23, zeros, sizeof zeros)};
  lt_named_attr_t vb = {lt_ident_cstr(ctx, "value"),
                        lt_attr_dense(ctx, t3, zeros, 3 * sizeof(float))};
  lt_value_t *a =
      lt_op_result(lt_lite_create(&b, LT_LITE_CONSTANT, lt_loc_unknown(ctx), 0,
                                  NULL, 1, &va, 1),
                   0);
  lt_value_t *c =
      lt_op_result(lt_lite_create(&b, LT_LITE_CONSTANT, lt_loc_unknown(ctx), 0,
                                  NULL, 1, &vb, 1),
                   0);

  lt_value_t *ab[2] = {a, c};
  CHECK(result_of(&b, LT_LITE_MUL, 2, ab, 0, NULL) == t23);
  CHECK(result_of(&b, LT_LITE_GREATER, 2, ab, 0, NULL) ==
        lt_type_tensor(ctx, 2, d23, lt_lite_element_type(ctx, LK_BOOL), NULL));
  lt_named_attr_t keep0 = {
      lt_ident_cstr(ctx, "keepdims"),
      lt_attr_integer(ctx, lt_lite_element_type(ctx, LK_I64), 0)};
  CHECK(result_of(&b, LT_LITE_ARGMAX, 1, &a, 1, &keep0) ==
        lt_type_tensor(ctx, 1, d3, lt_lite_element_type(ctx, LK_I64), NULL));
  CHECK(result_of(&b, LT_LITE_REDUCE_SUM, 1, &a, 1, &keep0) ==
        lt_type_tensor(ctx, 0, NULL, f32, NULL));
  lt_named_attr_t to = {lt_ident_cstr(ctx, "to"),
                        lt_attr_type(ctx, lt_lite_element_type(ctx, LK_U8))};
  CHECK(result_of(&b, LT_LITE_CAST, 1, &a, 1, &to) ==
        lt_type_tensor(ctx, 2, d23, lt_lite_element_type(ctx, LK_U8), NULL));
  CHECK(result_of(&b, LT_LITE_QUANTIZE, 2, ab, 0, NULL) ==
        lt_type_tensor(ctx, 2, d23, lt_lite_element_type(ctx, LK_U8), NULL));

  /* a dynamic operand keeps its dynamic dim through broadcasting */
  lt_block_t *blk = lt_module_body(module);
  const lt_type_t *tdyn = lt_type_tensor(ctx, 2, dyn, f32, NULL);
  lt_value_t *arg = lt_block_add_arg(blk, tdyn, lt_loc_unknown(ctx));
  lt_value_t *dc[2] = {arg, c};
  CHECK(result_of(&b, LT_LITE_SUB, 2, dc, 0, NULL) == tdyn);

  /* invalid operands are refused with a diagnostic */
  g_diag[0] = '\0';
  lt_value_t *ba[2] = {c, a};
  lt_named_attr_t shift = {lt_ident_cstr(ctx, "direction"),
                           lt_attr_string_cstr(ctx, "LEFT")};
  CHECK(result_of(&b, LT_LITE_BIT_SHIFT, 2, ba, 1, &shift) == NULL);
  CHECK(diag_has("must have an unsigned integer element type, got f32"));
  lt_op_destroy(module);
}

int main(void) {
  lt_context_t *ctx;
  if (lt_context_create(lt_allocator_system(), &ctx) != LT_OK) return 1;
  lt_register_core_dialects(ctx);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, record, NULL);
  test_dynamic_shapes(ctx);
  test_runtime_errors(ctx);
  test_operands_and_dtypes(ctx);
  test_create(ctx);
  lt_diag_pop_handler(ctx, h);
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

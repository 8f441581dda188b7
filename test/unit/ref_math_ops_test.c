/* ref_math_ops_test.c - the math families of the lite dialect through the
 * evaluator and lt_lite_create: dynamic and unranked shapes resolved at run
 * time, axes known only at run time, errors found at run time (integer
 * division by zero, bad axes), absent optional operands, fused activations,
 * and result types inferred when ops are built. */
#include <math.h>
#include <string.h>

#include "test/unit/lite_test_util.h"

static bool dims_are(const lk_tensor_t *t, int32_t rank, const int64_t *dims) {
  if (t->rank != rank) return false;
  for (int32_t d = 0; d < rank; d++)
    if (t->dims[d] != dims[d]) return false;
  return true;
}

/* ---- shapes only known at run time ------------------------------------------
 */

static void test_dynamic_shapes(lt_context_t *ctx, lite_log_t *log) {
  float x[6] = {1, -2, 3, -4, 5, -6}, b[3] = {1, 1, 1};
  lk_tensor_t in[2] = {tensor(LK_F32, x, DIMS(2, 3)),
                       tensor(LK_F32, b, DIMS(3))};
  lk_tensor_t out;
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<?x3xf32>, %b: tensor<*xf32>) {\n"
      "  %0 = \"lite.add\"(%x, %b) {activation = \"leaky_relu\", "
      "activation_alpha = 0.5 : f32} : (tensor<?x3xf32>, tensor<*xf32>) -> "
      "tensor<*xf32>\n  return\n}\n",
      in, &out)));
  CHECK(out.dtype == LK_F32 && dims_are(&out, DIMS(2, 3)));
  CHECK(all_near(&out, (double[]){2, -0.5, 4, -1.5, 6, -2.5}, 6, 1e-6));
  release(&out, 1);

  /* unranked unary */
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<*xf32>) {\n"
           "  %0 = \"lite.relu\"(%x) : (tensor<*xf32>) -> tensor<*xf32>\n"
           "  return\n}\n",
           in, &out)));
  CHECK(all_near(&out, (double[]){1, 0, 3, 0, 5, 0}, 6, 1e-6));
  release(&out, 1);

  /* axes as a run-time operand */
  int64_t axes[2] = {-1, 0};
  lk_tensor_t rin[2] = {in[0], tensor(LK_I64, axes, DIMS(2))};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<?x3xf32>, %a: tensor<2xi64>) {\n"
           "  %0 = \"lite.reduce_l1\"(%x, %a) {keepdims = 0 : i64} : "
           "(tensor<?x3xf32>, tensor<2xi64>) -> tensor<?xf32>\n  return\n}\n",
           rin, &out)));
  CHECK(out.rank == 0 && all_near(&out, (double[]){21}, 1, 1e-6));
  release(&out, 1);
  rin[1].dims[0] = 1;
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<?x3xf32>, %a: tensor<1xi64>) {\n"
      "  %0 = \"lite.reduce_max\"(%x, %a) : (tensor<?x3xf32>, tensor<1xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      rin, &out)));
  CHECK(dims_are(&out, DIMS(2, 1)) &&
        all_near(&out, (double[]){3, 5}, 2, 1e-6));
  release(&out, 1);
  /* an empty axes operand without noop reduces everything */
  lk_tensor_t ein[2] = {in[0], tensor(LK_I64, axes, DIMS(0))};
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<?x3xf32>, %a: tensor<?xi64>) {\n"
      "  %0 = \"lite.reduce_sum\"(%x, %a) : (tensor<?x3xf32>, tensor<?xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      ein, &out)));
  CHECK(dims_are(&out, DIMS(1, 1)) && all_near(&out, (double[]){-3}, 1, 1e-6));
  release(&out, 1);

  /* cumsum's axis and softmax on a dynamic shape */
  int32_t ax1 = 1;
  lk_tensor_t cin[2] = {in[0], scalar(LK_I32, &ax1)};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<?x3xf32>, %a: tensor<i32>) {\n"
           "  %0 = \"lite.cumsum\"(%x, %a) {reverse = 1 : i64} : "
           "(tensor<?x3xf32>, tensor<i32>) -> tensor<?x3xf32>\n  return\n}\n",
           cin, &out)));
  CHECK(all_near(&out, (double[]){2, 1, 3, -5, -1, -6}, 6, 1e-6));
  release(&out, 1);
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<?x3xf32>) {\n"
      "  %0 = \"lite.log_softmax\"(%x) {axis = 0 : i64} : (tensor<?x3xf32>) "
      "-> tensor<?x3xf32>\n  return\n}\n",
      in, &out)));
  /* columns (1, -4), (-2, 5), (3, -6) */
  CHECK(all_near(&out,
                 (double[]){-log1p(exp(-5.0)), -7 - log1p(exp(-7.0)),
                            -log1p(exp(-9.0)), -5 - log1p(exp(-5.0)),
                            -log1p(exp(-7.0)), -9 - log1p(exp(-9.0))},
                 6, 1e-6));
  release(&out, 1);
}

/* ---- errors found at run time
 * --------------------------------------------------- */

static void test_runtime_errors(lt_context_t *ctx, lite_log_t *log) {
  int32_t n[2] = {7, 8}, z[2] = {1, 0};
  lk_tensor_t in[2] = {tensor(LK_I32, n, DIMS(2)), tensor(LK_I32, z, DIMS(2))};
  lk_tensor_t out;
  CHECK(LT_FAILED(
      eval(ctx, log,
           "func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) {\n"
           "  %0 = \"lite.div\"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> "
           "tensor<2xi32>\n  return\n}\n",
           in, &out)));
  CHECK(last_error_has(log, "'lite.div' op ref_div__any_nchw: integer "
                            "division by zero"));
  CHECK(LT_FAILED(
      eval(ctx, log,
           "func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) {\n"
           "  %0 = \"lite.mod\"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> "
           "tensor<2xi32>\n  return\n}\n",
           in, &out)));
  CHECK(last_error_has(log, "'lite.mod' op ref_mod__any_nchw: integer "
                            "remainder by zero"));

  /* operands whose run-time shapes do not broadcast */
  int32_t three[3] = {1, 2, 3};
  lk_tensor_t bad[2] = {in[0], tensor(LK_I32, three, DIMS(3))};
  CHECK(LT_FAILED(
      eval(ctx, log,
           "func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) {\n"
           "  %0 = \"lite.add\"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> "
           "tensor<?xi32>\n  return\n}\n",
           bad, &out)));
  CHECK(last_error_has(log, "operands do not broadcast"));

  /* axes that only turn out wrong at run time */
  float x[4] = {1, 2, 3, 4};
  int64_t dup[2] = {1, -1};
  lk_tensor_t rin[2] = {tensor(LK_F32, x, DIMS(2, 2)),
                        tensor(LK_I64, dup, DIMS(2))};
  CHECK(LT_FAILED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x2xf32>, %a: tensor<2xi64>) {\n"
      "  %0 = \"lite.reduce_sum\"(%x, %a) : (tensor<2x2xf32>, tensor<2xi64>) "
      "-> tensor<?x?xf32>\n  return\n}\n",
      rin, &out)));
  CHECK(last_error_has(log, "operand #1 (axes) names axis 1 twice"));
  int64_t ax = 2;
  lk_tensor_t cin[2] = {rin[0], tensor(LK_I64, &ax, DIMS(1))};
  CHECK(LT_FAILED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x2xf32>, %a: tensor<1xi64>) {\n"
      "  %0 = \"lite.cumsum\"(%x, %a) : (tensor<2x2xf32>, tensor<1xi64>) -> "
      "tensor<2x2xf32>\n  return\n}\n",
      cin, &out)));
  CHECK(last_error_has(log,
                       "operand #1 (axis) value 2 is out of range for rank 2"));

  /* per-axis scales whose length only shows at run time */
  float s[3] = {1, 1, 1};
  lk_tensor_t qin[2] = {rin[0], tensor(LK_F32, s, DIMS(3))};
  CHECK(LT_FAILED(eval(
      ctx, log,
      "func.func @f(%x: tensor<2x2xf32>, %s: tensor<?xf32>) {\n"
      "  %0 = \"lite.quantize\"(%x, %s) : (tensor<2x2xf32>, tensor<?xf32>) -> "
      "tensor<2x2xui8>\n  return\n}\n",
      qin, &out)));
  CHECK(last_error_has(log, "operand #1 (y_scale) has 3 elements; per-axis "
                            "quantization along axis 1 needs 2"));
}

/* ---- optional operands, dtypes
 * ------------------------------------------------ */

static void test_operands_and_dtypes(lt_context_t *ctx, lite_log_t *log) {
  /* clip with an absent min in the middle */
  int8_t x[4] = {-100, -1, 50, 127}, hi = 60;
  lk_tensor_t in[3] = {tensor(LK_I8, x, DIMS(4)), k_none, scalar(LK_I8, &hi)};
  lk_tensor_t out;
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%x: tensor<4xi8>, %hi: tensor<i8>) {\n"
      "  %n = \"lite.none\"() : () -> none\n"
      "  %0 = \"lite.clip\"(%x, %n, %hi) : (tensor<4xi8>, none, tensor<i8>) -> "
      "tensor<4xi8>\n  return\n}\n",
      in, &out)));
  CHECK(out.dtype == LK_I8 &&
        all_near(&out, (double[]){-100, -1, 50, 60}, 4, 1e-6));
  release(&out, 1);

  /* reduce with a `none` axes operand reduces everything */
  lk_tensor_t rin[2] = {in[0], k_none};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%x: tensor<4xi8>) {\n"
           "  %n = \"lite.none\"() : () -> none\n"
           "  %0 = \"lite.reduce_min\"(%x, %n) {keepdims = 0 : i64} : "
           "(tensor<4xi8>, none) -> tensor<i8>\n  return\n}\n",
           rin, &out)));
  CHECK(out.rank == 0 && all_near(&out, (double[]){-100}, 1, 1e-6));
  release(&out, 1);

  /* f16 arithmetic rounds to f16; variadic over more inputs than the
   * broadcast iterator walks at once */
  uint16_t h[2] = {lk_f32_to_f16(1.0f), lk_f32_to_f16(0.5f)};
  lk_tensor_t hin[6];
  for (int i = 0; i < 6; i++)
    hin[i] = tensor(LK_F16, h, DIMS(2));
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%a: tensor<2xf16>) {\n"
           "  %0 = \"lite.sum\"(%a, %a, %a, %a, %a, %a) : (tensor<2xf16>, "
           "tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, "
           "tensor<2xf16>) -> tensor<2xf16>\n  return\n}\n",
           hin, &out)));
  CHECK(out.dtype == LK_F16 && all_near(&out, (double[]){6, 3}, 2, 1e-6));
  release(&out, 1);

  /* cast from uint64 above INT64_MAX into float */
  uint64_t big = UINT64_MAX;
  lk_tensor_t cin[1] = {tensor(LK_U64, &big, DIMS(1))};
  CHECK(LT_SUCCEEDED(eval(ctx, log,
                          "func.func @f(%a: tensor<1xui64>) {\n"
                          "  %0 = \"lite.cast\"(%a) {to = f64} : "
                          "(tensor<1xui64>) -> tensor<1xf64>\n"
                          "  return\n}\n",
                          cin, &out)));
  CHECK(out.dtype == LK_F64 && lk_load_f64(&out, 0) > 1.8e19);
  release(&out, 1);

  /* calib to f16 (precision from the declared result type) */
  float cf[2] = {1.5f, -2.25f};
  lk_tensor_t fin[1] = {tensor(LK_F32, cf, DIMS(2))};
  CHECK(LT_SUCCEEDED(
      eval(ctx, log,
           "func.func @f(%a: tensor<2xf32>) {\n"
           "  %0 = \"lite.calib\"(%a) : (tensor<2xf32>) -> tensor<2xf16>\n"
           "  return\n}\n",
           fin, &out)));
  CHECK(out.dtype == LK_F16 && all_near(&out, (double[]){1.5, -2.25}, 2, 1e-6));
  release(&out, 1);

  /* dequantize int32 without a zero point; quantize into int8 */
  int32_t q[3] = {-3, 0, 1000};
  float s = 0.5f;
  lk_tensor_t din[2] = {tensor(LK_I32, q, DIMS(3)), scalar(LK_F32, &s)};
  CHECK(LT_SUCCEEDED(eval(
      ctx, log,
      "func.func @f(%q: tensor<3xi32>, %s: tensor<f32>) {\n"
      "  %0 = \"lite.dequantize\"(%q, %s) : (tensor<3xi32>, tensor<f32>) -> "
      "tensor<3xf32>\n  return\n}\n",
      din, &out)));
  CHECK(out.dtype == LK_F32 &&
        all_near(&out, (double[]){-1.5, 0, 500}, 3, 1e-6));
  release(&out, 1);
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

static void test_create(lt_context_t *ctx, lite_log_t *log) {
  lt_builder_t b;
  lt_op_t *module = lite_module(ctx, &b);
  const lt_type_t *f32 = lt_type_f32(ctx);
  int64_t d23[2] = {2, 3}, d3[1] = {3}, dyn[2] = {LT_DYNAMIC, 3};
  float zeros[6] = {0};
  const lt_type_t *t23 = lt_type_tensor(ctx, 2, d23, f32, NULL);
  const lt_type_t *t3 = lt_type_tensor(ctx, 1, d3, f32, NULL);
  lt_loc_t loc = lt_loc_unknown(ctx);
  lt_value_t *a = lite_constant(&b, loc, t23, zeros, sizeof zeros);
  lt_value_t *c = lite_constant(&b, loc, t3, zeros, 3 * sizeof(float));
  CHECK(a && c);
  if (!a || !c) {
    lt_op_destroy(module);
    return;
  }

  lt_value_t *ab[2] = {a, c};
  CHECK(result_of(&b, LT_LITE_MUL, 2, ab, 0, NULL) == t23);
  CHECK(result_of(&b, LT_LITE_GREATER, 2, ab, 0, NULL) ==
        lt_type_tensor(ctx, 2, d23, lt_lite_element_type(ctx, LK_BOOL), NULL));
  lt_named_attr_t keep0 = int_attr(ctx, "keepdims", 0);
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
  lite_log_reset(log);
  lt_value_t *ba[2] = {c, a};
  lt_named_attr_t shift = str_attr(ctx, "direction", "LEFT");
  CHECK(result_of(&b, LT_LITE_BIT_SHIFT, 2, ba, 1, &shift) == NULL);
  CHECK(last_error_has(log,
                       "must have an unsigned integer element type, got f32"));
  lt_op_destroy(module);
}

int main(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  test_dynamic_shapes(ctx, &log);
  test_runtime_errors(ctx, &log);
  test_operands_and_dtypes(ctx, &log);
  test_create(ctx, &log);
  lt_context_destroy(ctx);
  lite_log_free(&log);
  return test_exit_status();
}

/* printer_test.c - the printer on IR built through the API; every expected
 * string is what mlir-opt-16 prints for the same IR. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/printer.h"

static int g_failures;
static lt_context_t *ctx;

static void expect_text(const char *what, const char *got, const char *want,
                        int line) {
  if (strcmp(got ? got : "", want) != 0) {
    fprintf(stderr, "printer_test.c:%d: %s\n  got:  %s\n  want: %s\n", line,
            what, got ? got : "(null)", want);
    g_failures++;
  }
}

static void check_attr(const lt_attr_t *a, const char *want, int line) {
  lt_strbuf_t sb = {0};
  lt_attr_print(a, &sb);
  expect_text("attribute", sb.data, want, line);
  lt_strbuf_free(&sb);
}
#define CHECK_ATTR(a, want) check_attr((a), (want), __LINE__)

static void check_type(const lt_type_t *t, const char *want, int line) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  expect_text("type", sb.data, want, line);
  lt_strbuf_free(&sb);
}
#define CHECK_TYPE(t, want) check_type((t), (want), __LINE__)

static void check_op(lt_op_t *op, const lt_print_flags_t *f, const char *want,
                     int line) {
  lt_strbuf_t sb = {0};
  lt_op_print(op, f, &sb);
  expect_text("op", sb.data, want, line);
  lt_strbuf_free(&sb);
}
#define CHECK_OP(op, f, want) check_op((op), (f), (want), __LINE__)

static const lt_type_t *int_t(uint32_t w) {
  return lt_type_integer(ctx, w, LT_SIGNLESS);
}

static const lt_attr_t *i64_attr(int64_t v) {
  return lt_attr_integer(ctx, int_t(64), v);
}

static void test_floats(void) {
  const lt_type_t *f32 = lt_type_f32(ctx);
  const lt_type_t *f64 = lt_type_float(ctx, LT_TYPE_F64);
  const lt_type_t *f16 = lt_type_float(ctx, LT_TYPE_F16);
  const lt_type_t *bf16 = lt_type_float(ctx, LT_TYPE_BF16);
  CHECK_ATTR(lt_attr_float(ctx, f64, 1.0), "1.000000e+00 : f64");
  CHECK_ATTR(lt_attr_float(ctx, f32, 0.1), "1.000000e-01 : f32");
  CHECK_ATTR(lt_attr_float(ctx, f32, 1.0 / 3.0), "0.333333343 : f32");
  CHECK_ATTR(lt_attr_float(ctx, f64, 1.0 / 3.0), "0.33333333333333331 : f64");
  CHECK_ATTR(lt_attr_float(ctx, f32, 1.234567), "1.23456705 : f32");
  CHECK_ATTR(lt_attr_float(ctx, f16, 1.5), "1.500000e+00 : f16");
  CHECK_ATTR(lt_attr_float(ctx, bf16, 3.0), "3.000000e+00 : bf16");
  CHECK_ATTR(lt_attr_float(ctx, f32, INFINITY), "0x7F800000 : f32");
  CHECK_ATTR(lt_attr_float(ctx, f16, -INFINITY), "0xFC00 : f16");
  CHECK_ATTR(lt_attr_float(ctx, f64, -0.0), "-0.000000e+00 : f64");
  /* APFloat prints this f32 integer without a '.', so MLIR uses hex. */
  CHECK_ATTR(lt_attr_float(ctx, f32, 123456789.0), "0x4CEB79A3 : f32");
  CHECK_ATTR(lt_attr_float(ctx, f64, 1e20), "1.000000e+20 : f64");
  CHECK_ATTR(lt_attr_float(ctx, f64, 3.3698483153923059e170),
             "3.3698483153923059E+170 : f64");
  CHECK_ATTR(lt_attr_float(ctx, f64, -969.61599999999999),
             "-969.61599999999999 : f64");
  lt_strbuf_t sb = {0};
  lt_print_float_bits(&sb, LT_TYPE_F32, 0xFFC00000u);
  expect_text("nan", sb.data, "0xFFC00000", __LINE__);
  lt_strbuf_free(&sb);
}

static void test_scalars(void) {
  CHECK_ATTR(lt_attr_unit(ctx), "unit");
  CHECK_ATTR(lt_attr_bool(ctx, true), "true");
  CHECK_ATTR(lt_attr_integer(ctx, int_t(1), 1), "true");
  CHECK_ATTR(lt_attr_integer(ctx, int_t(32), 5), "5 : i32");
  CHECK_ATTR(lt_attr_integer(ctx, int_t(8), -1), "-1 : i8");
  CHECK_ATTR(lt_attr_integer(ctx, lt_type_integer(ctx, 8, LT_UNSIGNED), 255),
             "255 : ui8");
  CHECK_ATTR(lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_UNSIGNED), -1),
             "18446744073709551615 : ui64");
  CHECK_ATTR(lt_attr_integer(ctx, lt_type_integer(ctx, 16, LT_SIGNED), -3),
             "-3 : si16");
  CHECK_ATTR(lt_attr_integer(ctx, lt_type_index(ctx), 7), "7 : index");
  CHECK_ATTR(i64_attr(INT64_MIN), "-9223372036854775808 : i64");
  static const char weird[] = "a\"b\\c\n\t\0\x7f \xc3\xa9";
  CHECK_ATTR(lt_attr_string(ctx, weird, sizeof weird - 1, NULL),
             "\"a\\22b\\\\c\\0A\\09\\00\\7F \\C3\\A9\"");
  CHECK_ATTR(lt_attr_string(ctx, "typed", 5, int_t(32)), "\"typed\" : i32");
  CHECK_ATTR(lt_attr_string_cstr(ctx, ""), "\"\"");
}

static void test_aggregates(void) {
  const lt_attr_t *inner[2] = {lt_attr_bool(ctx, true), lt_attr_unit(ctx)};
  lt_named_attr_t k = {lt_ident_cstr(ctx, "k"), i64_attr(1)};
  const lt_attr_t *elems[7] = {
      i64_attr(1),
      lt_attr_float(ctx, lt_type_float(ctx, LT_TYPE_F64), 2.0),
      lt_attr_integer(ctx, int_t(32), 3),
      lt_attr_float(ctx, lt_type_f32(ctx), 4.0),
      lt_attr_string_cstr(ctx, "x"),
      lt_attr_array(ctx, 2, inner),
      lt_attr_dict(ctx, 1, &k)};
  CHECK_ATTR(lt_attr_array(ctx, 7, elems),
             "[1, 2.000000e+00, 3 : i32, 4.000000e+00 : f32, \"x\", [true, "
             "unit], {k = 1 : i64}]");
  lt_named_attr_t d[3] = {{lt_ident_cstr(ctx, "b"), i64_attr(1)},
                          {lt_ident_cstr(ctx, "a"), lt_attr_unit(ctx)},
                          {lt_ident_cstr(ctx, "c d"), i64_attr(2)}};
  CHECK_ATTR(lt_attr_dict(ctx, 3, d), "{a, b = 1 : i64, \"c d\" = 2 : i64}");
  CHECK_ATTR(lt_attr_array(ctx, 0, NULL), "[]");
  CHECK_ATTR(lt_attr_dict(ctx, 0, NULL), "{}");
  const lt_ident_t *ab[2] = {lt_ident_cstr(ctx, "a"), lt_ident_cstr(ctx, "b")};
  CHECK_ATTR(lt_attr_symbol_ref(ctx, 2, ab), "@a::@b");
  const lt_ident_t *q[2] = {lt_ident_cstr(ctx, "a b"), lt_ident_cstr(ctx, "c")};
  CHECK_ATTR(lt_attr_symbol_ref(ctx, 2, q), "@\"a b\"::@c");
}

static void test_types(void) {
  const lt_type_t *f32 = lt_type_f32(ctx), *i32 = int_t(32);
  int64_t s1[2] = {LT_DYNAMIC, 4};
  CHECK_TYPE(lt_type_tensor(ctx, 2, s1, f32, NULL), "tensor<?x4xf32>");
  const lt_type_t *two[2] = {i32, i32}, *twof[2] = {f32, f32};
  CHECK_TYPE(lt_type_function(ctx, 2, two, 2, twof),
             "(i32, i32) -> (f32, f32)");
  CHECK_TYPE(lt_type_function(ctx, 0, NULL, 0, NULL), "() -> ()");
  const lt_type_t *fi = lt_type_function(ctx, 1, &i32, 1, &i32);
  CHECK_TYPE(lt_type_function(ctx, 1, &i32, 1, &fi), "(i32) -> ((i32) -> i32)");
  CHECK_TYPE(lt_type_opaque(ctx, "lite", "qint<8, sym>", 12),
             "!lite.qint<8, sym>");
  CHECK_TYPE(lt_type_opaque(ctx, "lite", "\"weird type\"", 12),
             "!lite<\"weird type\">");
  CHECK_TYPE(lt_type_unranked_tensor(ctx, f32), "tensor<*xf32>");
  int64_t s2[2] = {4, 8};
  CHECK_TYPE(lt_type_vector(ctx, 2, s2, lt_type_float(ctx, LT_TYPE_F16)),
             "vector<4x8xf16>");
  const lt_attr_t *place =
      lt_attr_opaque(ctx, "lite", "place<x86, f32, nchw>", 21);
  int64_t s3[2] = {1, LT_DYNAMIC};
  CHECK_TYPE(lt_type_tensor(ctx, 2, s3, f32, place),
             "tensor<1x?xf32, #lite.place<x86, f32, nchw>>");
  CHECK_TYPE(lt_type_none(ctx), "none");
  CHECK_TYPE(lt_type_tensor(ctx, 0, NULL, f32, NULL), "tensor<f32>");
  CHECK_TYPE(lt_type_integer(ctx, 8, LT_SIGNED), "si8");
  CHECK_TYPE(lt_type_index(ctx), "index");
  CHECK_ATTR(lt_attr_type(ctx, f32), "f32");
  CHECK_ATTR(lt_attr_opaque(ctx, "lite", "\"place<x86,f32,nchw>\"", 21),
             "#lite<\"place<x86,f32,nchw>\">");
  CHECK_ATTR(lt_attr_opaque(ctx, "lite", "place", 5), "#lite.place");
  CHECK_ATTR(lt_attr_opaque(ctx, "lite", "\"1\"", 3), "#lite<\"1\">");
}

static void test_dense(void) {
  const lt_type_t *f32 = lt_type_f32(ctx), *i32 = int_t(32);
  int64_t s22[2] = {2, 2};
  float half = 0.5f;
  CHECK_ATTR(
      lt_attr_dense(ctx, lt_type_tensor(ctx, 2, s22, f32, NULL), &half, 4),
      "dense<5.000000e-01> : tensor<2x2xf32>");
  int32_t v4[4] = {1, 2, 3, 4};
  CHECK_ATTR(lt_attr_dense(ctx, lt_type_tensor(ctx, 2, s22, i32, NULL), v4, 16),
             "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>");
  int64_t s0 = 0;
  CHECK_ATTR(
      lt_attr_dense(ctx, lt_type_tensor(ctx, 1, &s0, f32, NULL), NULL, 0),
      "dense<> : tensor<0xf32>");
  int64_t s2 = 2;
  uint8_t tf[2] = {1, 0};
  CHECK_ATTR(
      lt_attr_dense(ctx, lt_type_tensor(ctx, 1, &s2, int_t(1), NULL), tf, 2),
      "dense<[true, false]> : tensor<2xi1>");
  int32_t seven = 7;
  CHECK_ATTR(
      lt_attr_dense(ctx, lt_type_tensor(ctx, 0, NULL, i32, NULL), &seven, 4),
      "dense<7> : tensor<i32>");
  uint8_t u8[2] = {1, 255};
  CHECK_ATTR(
      lt_attr_dense(ctx,
                    lt_type_tensor(ctx, 1, &s2,
                                   lt_type_integer(ctx, 8, LT_UNSIGNED), NULL),
                    u8, 2),
      "dense<[1, 255]> : tensor<2xui8>");
  uint16_t h2[2] = {0x3E00, 0x4000}; /* f16 1.5, 2.0 */
  CHECK_ATTR(lt_attr_dense(
                 ctx,
                 lt_type_vector(ctx, 1, &s2, lt_type_float(ctx, LT_TYPE_F16)),
                 h2, 4),
             "dense<[1.500000e+00, 2.000000e+00]> : vector<2xf16>");
  int64_t s21[2] = {2, 1};
  int64_t v2[2] = {1, 2};
  CHECK_ATTR(
      lt_attr_dense(ctx, lt_type_tensor(ctx, 2, s21, int_t(64), NULL), v2, 16),
      "dense<[[1], [2]]> : tensor<2x1xi64>");
  /* 100 elements print as a list, 101 as hex (MLIR's default limit). */
  int8_t big[101];
  for (int i = 0; i < 101; i++)
    big[i] = (int8_t)i;
  int64_t n100 = 100, n101 = 101;
  lt_strbuf_t sb = {0};
  lt_attr_print(lt_attr_dense(ctx,
                              lt_type_tensor(ctx, 1, &n100, int_t(8), NULL),
                              big, 100),
                &sb);
  if (!sb.data || strncmp(sb.data, "dense<[0, 1, 2,", 15) != 0) {
    fprintf(stderr, "100 elements: %s\n", sb.data ? sb.data : "");
    g_failures++;
  }
  sb.len = 0;
  lt_attr_print(lt_attr_dense(ctx,
                              lt_type_tensor(ctx, 1, &n101, int_t(8), NULL),
                              big, 101),
                &sb);
  if (!sb.data || strncmp(sb.data, "dense<\"0x00010203", 17) != 0 ||
      !strstr(sb.data, "6364\"> : tensor<101xi8>")) {
    fprintf(stderr, "101 elements: %s\n", sb.data ? sb.data : "");
    g_failures++;
  }
  lt_strbuf_free(&sb);
  int64_t da[2] = {1, 2};
  CHECK_ATTR(lt_attr_dense_array(ctx, int_t(64), 2, da), "array<i64: 1, 2>");
  CHECK_ATTR(lt_attr_dense_array(ctx, int_t(32), 0, NULL), "array<i32>");
  float fa[2] = {1.0f, 2.5f};
  CHECK_ATTR(lt_attr_dense_array(ctx, f32, 2, fa),
             "array<f32: 1.000000e+00, 2.500000e+00>");
  uint8_t ba[2] = {1, 0};
  CHECK_ATTR(lt_attr_dense_array(ctx, int_t(1), 2, ba),
             "array<i1: true, false>");
  int8_t m1 = -1;
  CHECK_ATTR(lt_attr_dense_array(ctx, int_t(8), 1, &m1), "array<i8: -1>");
}

static lt_op_t *make_op(lt_block_t *b, const char *name, uint32_t nops,
                        lt_value_t **ops, uint32_t nres,
                        const lt_type_t **types, lt_loc_t loc) {
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, name, loc);
  for (uint32_t i = 0; i < nops; i++)
    lt_op_state_add_operand(&s, ops[i]);
  for (uint32_t i = 0; i < nres; i++)
    lt_op_state_add_result(&s, types[i]);
  lt_op_t *op = lt_op_create(&s);
  lt_op_state_free(&s);
  lt_block_push_back(b, op);
  return op;
}

/* A function with the locations of MLIR's alias example: aliases are
 * numbered by depth, block-argument ones printed before the module. */
static void test_locations(void) {
  const lt_type_t *i32 = int_t(32);
  lt_loc_t m_onnx = lt_loc_file(ctx, "m.onnx", 1, 2);
  lt_loc_t m56 = lt_loc_file(ctx, "m.onnx", 5, 6);
  lt_op_t *mod = lt_module_create(ctx, lt_loc_file(ctx, "loc1.mlir", 1, 1));
  const lt_type_t *two[2] = {i32, i32};
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "func.func", lt_loc_file(ctx, "x.py", 1, 1));
  lt_op_state_add_attr(&s, "sym_name", lt_attr_string_cstr(ctx, "f"));
  lt_op_state_add_attr(
      &s, "function_type",
      lt_attr_type(ctx, lt_type_function(ctx, 2, two, 1, &i32)));
  lt_op_state_add_region(&s);
  lt_op_t *fn = lt_op_create(&s);
  lt_op_state_free(&s);
  lt_block_push_back(lt_module_body(mod), fn);
  lt_block_t *entry = lt_block_create(ctx);
  lt_region_push_back(&fn->regions[0], entry);
  lt_value_t *x = lt_block_add_arg(entry, i32, lt_loc_file(ctx, "x.py", 3, 4));
  lt_block_add_arg(entry, i32, lt_loc_unknown(ctx));
  lt_op_t *a = make_op(entry, "lite.a", 1, &x, 1, &i32,
                       lt_loc_name(ctx, "conv1", m_onnx));
  lt_value_t *v = lt_op_result(a, 0);
  lt_loc_t pair[2] = {m_onnx, m56};
  lt_op_t *b = make_op(entry, "lite.b", 1, &v, 1, &i32,
                       lt_loc_fused(ctx, 2, pair, NULL));
  v = lt_op_result(b, 0);
  lt_loc_t nq[2] = {lt_loc_name(ctx, "n", lt_loc_file(ctx, "q", 1, 1)), m56};
  lt_op_t *c =
      make_op(entry, "lite.c", 1, &v, 1, &i32,
              lt_loc_fused(ctx, 2, nq, lt_attr_string_cstr(ctx, "lite.fuse")));
  v = lt_op_result(c, 0);
  lt_op_t *d =
      make_op(entry, "lite.d", 1, &v, 1, &i32,
              lt_loc_callsite(ctx, lt_loc_name(ctx, "foo", NULL), m_onnx));
  v = lt_op_result(d, 0);
  lt_op_t *e = make_op(entry, "lite.e", 1, &v, 1, &i32, lt_loc_unknown(ctx));
  v = lt_op_result(e, 0);
  make_op(entry, "func.return", 1, &v, 0, NULL,
          lt_loc_name(ctx, "a\"b\n", NULL));

  lt_print_flags_t f;
  lt_print_flags_init(&f);
  f.debuginfo = true;
  CHECK_OP(mod, &f,
           "#loc2 = loc(\"x.py\":3:4)\n"
           "#loc3 = loc(unknown)\n"
           "module {\n"
           "  func.func @f(%arg0: i32 loc(\"x.py\":3:4), %arg1: i32 "
           "loc(unknown)) -> i32 {\n"
           "    %0 = \"lite.a\"(%arg0) : (i32) -> i32 loc(#loc9)\n"
           "    %1 = \"lite.b\"(%0) : (i32) -> i32 loc(#loc10)\n"
           "    %2 = \"lite.c\"(%1) : (i32) -> i32 loc(#loc13)\n"
           "    %3 = \"lite.d\"(%2) : (i32) -> i32 loc(#loc12)\n"
           "    %4 = \"lite.e\"(%3) : (i32) -> i32 loc(#loc3)\n"
           "    return %4 : i32 loc(#loc8)\n"
           "  } loc(#loc1)\n"
           "} loc(#loc)\n"
           "#loc = loc(\"loc1.mlir\":1:1)\n"
           "#loc1 = loc(\"x.py\":1:1)\n"
           "#loc4 = loc(\"m.onnx\":1:2)\n"
           "#loc5 = loc(\"m.onnx\":5:6)\n"
           "#loc6 = loc(\"q\":1:1)\n"
           "#loc7 = loc(\"foo\")\n"
           "#loc8 = loc(\"a\\22b\\0A\")\n"
           "#loc9 = loc(\"conv1\"(#loc4))\n"
           "#loc10 = loc(fused[#loc4, #loc5])\n"
           "#loc11 = loc(\"n\"(#loc6))\n"
           "#loc12 = loc(callsite(#loc7 at #loc4))\n"
           "#loc13 = loc(fused<\"lite.fuse\">[#loc11, #loc5])\n");
  f.local_scope = true;
  lt_strbuf_t sb = {0};
  lt_op_print(e, &f, &sb);
  expect_text("local scope", sb.data,
              "%4 = \"lite.e\"(%3) : (i32) -> i32 loc(unknown)", __LINE__);
  sb.len = 0;
  lt_op_print(c, &f, &sb);
  expect_text("local scope", sb.data,
              "%2 = \"lite.c\"(%1) : (i32) -> i32 loc(fused<\"lite.fuse\">"
              "[\"n\"(\"q\":1:1), \"m.onnx\":5:6])",
              __LINE__);
  lt_strbuf_free(&sb);
  f.local_scope = false;
  f.generic = true;
  f.debuginfo = false;
  CHECK_OP(
      mod, &f,
      "\"builtin.module\"() ({\n"
      "  \"func.func\"() ({\n"
      "  ^bb0(%arg0: i32, %arg1: i32):\n"
      "    %0 = \"lite.a\"(%arg0) : (i32) -> i32\n"
      "    %1 = \"lite.b\"(%0) : (i32) -> i32\n"
      "    %2 = \"lite.c\"(%1) : (i32) -> i32\n"
      "    %3 = \"lite.d\"(%2) : (i32) -> i32\n"
      "    %4 = \"lite.e\"(%3) : (i32) -> i32\n"
      "    \"func.return\"(%4) : (i32) -> ()\n"
      "  }) {function_type = (i32, i32) -> i32, sym_name = \"f\"} : () -> ()\n"
      "}) : () -> ()\n");
  lt_op_erase(mod);

  /* Location-valued attributes get aliases even without debuginfo. */
  mod = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_op_t *xop = make_op(lt_module_body(mod), "lite.x", 0, NULL, 0, NULL,
                         lt_loc_unknown(ctx));
  const lt_attr_t *bl = lt_loc_file(ctx, "b", 1, 1);
  lt_op_set_attr(xop, "l", lt_loc_file(ctx, "a", 1, 2));
  lt_op_set_attr(xop, "m", lt_attr_array(ctx, 1, &bl));
  lt_print_flags_init(&f);
  CHECK_OP(mod, &f,
           "#loc = loc(\"a\":1:2)\n"
           "#loc1 = loc(\"b\":1:1)\n"
           "module {\n"
           "  \"lite.x\"() {l = #loc, m = [#loc1]} : () -> ()\n"
           "}\n");
  lt_op_erase(mod);
}

static void test_resources(void) {
  int64_t three = 3;
  const lt_type_t *t3 = lt_type_tensor(ctx, 1, &three, lt_type_f32(ctx), NULL);
  const lt_attr_t *w = lt_attr_dense_resource(ctx, t3, "weight0");
  const lt_attr_t *nodata = lt_attr_dense_resource(ctx, t3, "nodata");
  float data[3] = {1, 2, 3};
  lt_resource_set_blob(ctx, w->resource.resource, data, sizeof data, 4);
  float big[3] = {1, 2, 3};
  const lt_attr_t *dense = lt_attr_dense(ctx, t3, big, sizeof big);
  lt_op_t *mod = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_op_t *op = make_op(lt_module_body(mod), "lite.const", 0, NULL, 1, &t3,
                        lt_loc_unknown(ctx));
  lt_op_set_attr(op, "value", w);
  lt_op_set_attr(op, "other", nodata);
  lt_op_set_attr(op, "big", dense);
  lt_print_flags_t f;
  lt_print_flags_init(&f);
  CHECK_OP(
      mod, &f,
      "module {\n"
      "  %0 = \"lite.const\"() {big = dense<[1.000000e+00, 2.000000e+00, "
      "3.000000e+00]> : tensor<3xf32>, other = dense_resource<nodata> : "
      "tensor<3xf32>, value = dense_resource<weight0> : tensor<3xf32>} : () "
      "-> tensor<3xf32>\n"
      "}\n"
      "\n"
      "{-#\n"
      "  dialect_resources: {\n"
      "    builtin: {\n"
      "      weight0: \"0x040000000000803F0000004000004040\"\n"
      "    }\n"
      "  }\n"
      "#-}\n");
  f.elide_elements_larger = 2;
  f.local_scope = true;
  CHECK_OP(
      mod, &f,
      "module {\n"
      "  %0 = \"lite.const\"() {big = dense_resource<__elided__> : "
      "tensor<3xf32>, other = dense_resource<nodata> : tensor<3xf32>, value "
      "= dense_resource<weight0> : tensor<3xf32>} : () -> tensor<3xf32>\n"
      "}");
  lt_op_erase(mod);
}

int main(void) {
  if (lt_context_create(lt_allocator_system(), &ctx) != LT_OK) return 1;
  lt_register_core_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, true);
  test_floats();
  test_scalars();
  test_aggregates();
  test_types();
  test_dense();
  test_locations();
  test_resources();
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "printer_test: %d failure(s)\n", g_failures);
  return g_failures ? 1 : 0;
}

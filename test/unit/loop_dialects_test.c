/* loop_dialects_test.c - memref and scf through the C API: subview result
 * type inference and the cast rule, and IR that does not verify (the
 * parser does not verify, so lite-opt never prints it; diagnostics do)
 * printing in the generic form rather than a custom form that would read
 * back differently. */
#include <string.h>

#include "check.h"
#include "dialects/dialects.h"
#include "dialects/memref/memref.h"
#include "ir/parser.h"
#include "ir/printer.h"

static const lt_type_t *parse_type(lt_context_t *ctx, const char *s) {
  const lt_type_t *t = lt_parse_type_str(ctx, s);
  CHECK(t != NULL);
  return t;
}

static bool type_is(const lt_type_t *t, const char *want) {
  lt_strbuf_t sb = {0};
  if (t) lt_type_print(t, &sb);
  bool ok = sb.data && strcmp(sb.data, want) == 0;
  if (!ok)
    fprintf(stderr, "wanted %s, got %s\n", want, sb.data ? sb.data : "NULL");
  lt_strbuf_free(&sb);
  return ok;
}

static void test_subview_type(lt_context_t *ctx) {
  const lt_type_t *m = parse_type(ctx, "memref<8x8xf32>");
  int64_t off[] = {2, 3}, sizes[] = {4, 4}, strides[] = {2, 1};
  CHECK(type_is(lt_memref_subview_type(ctx, m, off, sizes, strides),
                "memref<4x4xf32, strided<[16, 1], offset: 19>>"));
  int64_t dyn_off[] = {LT_DYNAMIC, 0}, dyn_sizes[] = {LT_DYNAMIC, 4};
  CHECK(type_is(lt_memref_subview_type(ctx, m, dyn_off, dyn_sizes, strides),
                "memref<?x4xf32, strided<[16, 1], offset: ?>>"));
  /* A zero offset times a dynamic stride is still dynamic (saturated). */
  const lt_type_t *d = parse_type(ctx, "memref<?x?xf32>");
  int64_t zero[] = {0, 0}, ones[] = {1, 1};
  CHECK(type_is(lt_memref_subview_type(ctx, d, zero, sizes, ones),
                "memref<4x4xf32, strided<[?, 1], offset: ?>>"));
  CHECK(lt_memref_subview_type(ctx, lt_type_f32(ctx), zero, sizes, ones) ==
        NULL);
}

static void test_cast_rule(lt_context_t *ctx) {
  const lt_type_t *a = parse_type(ctx, "memref<4x4xf32>");
  CHECK(lt_memref_cast_compatible(a, parse_type(ctx, "memref<?x4xf32>")));
  CHECK(lt_memref_cast_compatible(
      a, parse_type(ctx, "memref<4x4xf32, strided<[4, 1]>>")));
  CHECK(lt_memref_cast_compatible(
      a, parse_type(ctx, "memref<4x4xf32, strided<[?, ?], offset: ?>>")));
  CHECK(!lt_memref_cast_compatible(
      a, parse_type(ctx, "memref<4x4xf32, strided<[4, 2]>>")));
  CHECK(!lt_memref_cast_compatible(a, parse_type(ctx, "memref<4x4xf16>")));
  CHECK(!lt_memref_cast_compatible(a, parse_type(ctx, "memref<4x4xf32, 1>")));
  CHECK(!lt_memref_cast_compatible(a, parse_type(ctx, "memref<16xf32>")));
  CHECK(!lt_memref_cast_compatible(a, parse_type(ctx, "tensor<4x4xf32>")));
}

static void expect_print(lt_context_t *ctx, const char *body,
                         const char *want) {
  lt_strbuf_t text = {0};
  lt_strbuf_printf(&text,
                   "func.func @f(%%m: memref<4xf32>, %%i: index, %%x: f32, "
                   "%%c: i1, %%t: tensor<4xf32>) {\n  %s\n  return\n}\n",
                   body);
  lt_op_t *m = lt_parse_source(ctx, "t.mlir", text.data, text.len, NULL);
  lt_strbuf_t out = {0};
  if (m) lt_op_print(m, NULL, &out);
  if (!m || !out.data || !strstr(out.data, want)) {
    fprintf(stderr, "for: %s\nwanted: %s\ngot:\n%s\n", body, want,
            out.data ? out.data : "(parse failed)");
    g_failures++;
  }
  lt_strbuf_free(&out);
  lt_strbuf_free(&text);
  if (m) lt_op_destroy(m);
}

static void test_generic_fallback(lt_context_t *ctx) {
  /* memref ops on non-memref types, or a load of the wrong type. */
  expect_print(ctx, "%0 = \"memref.load\"(%t, %i) : (tensor<4xf32>, index) "
                    "-> f32",
               "%0 = \"memref.load\"(%arg4, %arg1) : (tensor<4xf32>, index) "
               "-> f32");
  expect_print(ctx, "%0 = \"memref.load\"(%m, %i) : (memref<4xf32>, index) "
                    "-> f16",
               "\"memref.load\"(%arg0, %arg1)");
  expect_print(ctx, "\"memref.store\"(%x, %t, %i) : (f32, tensor<4xf32>, "
                    "index) -> ()",
               "\"memref.store\"(%arg2, %arg4, %arg1)");
  /* Segment sizes that do not describe the operands. */
  expect_print(ctx, "%0 = \"memref.alloc\"(%i) {operand_segment_sizes = "
                    "array<i32: 2, 0>} : (index) -> memref<?xf32>",
               "\"memref.alloc\"(%arg1) {operand_segment_sizes");
  expect_print(ctx, "%0 = \"memref.subview\"(%m) {operand_segment_sizes = "
                    "array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, "
                    "0>, static_sizes = array<i64: 2>, static_strides = "
                    "array<i64: 1>} : (memref<4xf32>) -> memref<2xf32>",
               "\"memref.subview\"(%arg0)");
  expect_print(ctx, "%0 = memref.subview %m[1] [2] [1] : memref<4xf32> to "
                    "memref<2xf32, strided<[1], offset: 1>>",
               "%subview = memref.subview %arg0[1] [2] [1] : memref<4xf32> "
               "to memref<2xf32, strided<[1], offset: 1>>");
  /* scf: a body whose arguments do not match, a bad condition. */
  expect_print(ctx, "\"scf.for\"(%i, %i, %i) ({\n^bb0(%a: f32):\n"
                    "\"scf.yield\"() : () -> ()\n}) : (index, index, index) "
                    "-> ()",
               "\"scf.for\"(%arg1, %arg1, %arg1) ({");
  expect_print(ctx, "\"scf.if\"(%i) ({\n\"scf.yield\"() : () -> ()\n}, {\n})"
                    " : (index) -> ()",
               "\"scf.if\"(%arg1) ({");
  expect_print(ctx, "\"scf.parallel\"(%i, %i, %i) ({\n^bb0(%a: index):\n"
                    "\"scf.yield\"() : () -> ()\n}) : (index, index, index) "
                    "-> ()",
               "\"scf.parallel\"(%arg1, %arg1, %arg1) ({");
  expect_print(ctx, "scf.if %c {\n}",
               "scf.if %arg3 {\n    }\n");
}

int main(void) {
  lt_context_t *ctx = NULL;
  if (lt_context_create(lt_allocator_system(), &ctx)) return 1;
  lt_register_core_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, true);
  test_subview_type(ctx);
  test_cast_rule(ctx);
  test_generic_fallback(ctx);
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d failures\n", g_failures);
  return g_failures != 0;
}

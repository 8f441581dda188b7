/* arith_asm_test.c - arith IR that the custom forms cannot spell (it does
 * not verify, so lite-opt never prints it; diagnostics and debugging do)
 * prints in the generic form, and attributes a form does not own stay in
 * the attribute dictionary. The parser does not verify, which lets the test
 * build such IR from text. */
#include <stdio.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "ir/printer.h"

static int g_failures;

static void expect_print(lt_context_t *ctx, const char *body,
                         const char *want) {
  lt_strbuf_t text = {0};
  lt_strbuf_printf(&text,
                   "func.func @f(%%a: i32, %%b: i64, %%x: f32, %%c: i32, "
                   "%%t: tensor<2xi32>) {\n  %s\n  return\n}\n",
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

int main(void) {
  lt_context_t *ctx = NULL;
  if (lt_context_create(lt_allocator_system(), &ctx)) return 1;
  lt_register_core_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, true);

  /* Operand and result types that differ. */
  expect_print(ctx, "%0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32",
               "%0 = \"arith.addi\"(%arg0, %arg1) : (i32, i64) -> i32");
  expect_print(ctx, "%0 = \"arith.subf\"(%x, %x) : (f32, f32) -> f64",
               "%0 = \"arith.subf\"(%arg2, %arg2) : (f32, f32) -> f64");
  /* A missing, out-of-range or mistyped predicate, a wrong result type. */
  expect_print(ctx, "%0 = \"arith.cmpi\"(%a, %a) : (i32, i32) -> i1",
               "%0 = \"arith.cmpi\"(%arg0, %arg0) : (i32, i32) -> i1");
  expect_print(ctx,
               "%0 = \"arith.cmpi\"(%a, %a) {predicate = 10} : (i32, i32) -> "
               "i1",
               "\"arith.cmpi\"(%arg0, %arg0) {predicate = 10 : i64}");
  expect_print(ctx,
               "%0 = \"arith.cmpf\"(%x, %x) {predicate = 1 : i32} : (f32, "
               "f32) -> i1",
               "\"arith.cmpf\"(%arg2, %arg2) {predicate = 1 : i32}");
  expect_print(ctx,
               "%0 = \"arith.cmpi\"(%t, %t) {predicate = 0} : "
               "(tensor<2xi32>, tensor<2xi32>) -> i1",
               "\"arith.cmpi\"(%arg4, %arg4) {predicate = 0 : i64} : "
               "(tensor<2xi32>, tensor<2xi32>) -> i1");
  expect_print(ctx,
               "%0 = \"arith.cmpi\"(%t, %t) {predicate = 0} : "
               "(tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1, #foo.enc>",
               "-> tensor<2xi1, #foo.enc>");
  /* A scalar condition that is not i1; mismatched branches. */
  expect_print(ctx,
               "%0 = \"arith.select\"(%c, %a, %a) : (i32, i32, i32) -> i32",
               "%0 = \"arith.select\"(%arg3, %arg0, %arg0) : (i32, i32, "
               "i32) -> i32");
  expect_print(ctx,
               "%0 = \"arith.select\"(%t, %t, %t) : (tensor<2xi32>, "
               "tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>",
               "%0 = arith.select %arg4, %arg4, %arg4 : tensor<2xi32>, "
               "tensor<2xi32>");
  /* Constants whose value does not give the result type keep their name. */
  expect_print(ctx, "%0 = \"arith.constant\"() {value = 1 : i32} : () -> i64",
               "%c1_i64 = \"arith.constant\"() {value = 1 : i32} : () -> "
               "i64");
  expect_print(ctx, "%0 = \"arith.constant\"() : () -> i32",
               "%cst = \"arith.constant\"() : () -> i32");
  expect_print(ctx, "%0 = \"arith.constant\"() {value = [1]} : () -> i32",
               "%cst = \"arith.constant\"() {value = [1]} : () -> i32");
  /* Strings are typed `none` unless typed otherwise. */
  expect_print(ctx, "%0 = \"arith.constant\"() {value = \"s\"} : () -> none",
               "%cst = arith.constant \"s\"\n");
  /* Fast-math text lite cannot read stays an ordinary attribute. */
  expect_print(ctx,
               "%0 = \"arith.addf\"(%x, %x) {fastmath = "
               "#arith.fastmath<bogus>} : (f32, f32) -> f32",
               "%0 = arith.addf %arg2, %arg2 {fastmath = "
               "#arith.fastmath<bogus>} : f32");
  expect_print(ctx,
               "%0 = \"arith.addf\"(%x, %x) {fastmath = "
               "#arith.fastmath< nsz , afn >} : (f32, f32) -> f32",
               "%0 = arith.addf %arg2, %arg2 fastmath<nsz,afn> : f32");
  expect_print(ctx,
               "%0 = \"arith.addi\"(%a, %a) {fastmath = "
               "#arith.fastmath<fast>} : (i32, i32) -> i32",
               "%0 = arith.addi %arg0, %arg0 {fastmath = "
               "#arith.fastmath<fast>} : i32");
  /* Wrong arities. */
  expect_print(ctx, "%0 = \"arith.addi\"(%a) : (i32) -> i32",
               "%0 = \"arith.addi\"(%arg0) : (i32) -> i32");
  expect_print(ctx, "%0 = \"arith.extsi\"() : () -> i64",
               "%0 = \"arith.extsi\"() : () -> i64");
  expect_print(ctx, "%0 = \"arith.select\"(%a, %a) : (i32, i32) -> i32",
               "%0 = \"arith.select\"(%arg0, %arg0) : (i32, i32) -> i32");
  expect_print(ctx, "\"arith.cmpi\"(%a, %a) {predicate = 0} : (i32, i32) -> ()",
               "\"arith.cmpi\"(%arg0, %arg0) {predicate = 0 : i64} : (i32, "
               "i32) -> ()");
  expect_print(ctx,
               "%0:2 = \"arith.constant\"() {value = 1 : i32} : () -> (i32, "
               "i32)",
               "%c1_i32:2 = \"arith.constant\"() {value = 1 : i32} : () -> "
               "(i32, i32)");
  expect_print(ctx, "\"arith.constant\"() {value = 1 : i32} : () -> ()",
               "\"arith.constant\"() {value = 1 : i32} : () -> ()");
  /* Generic printing is unaffected by names and forms. */
  lt_strbuf_t out = {0};
  const char *src = "%0 = arith.constant 4 : i32\n";
  lt_op_t *m = lt_parse_source(ctx, "t.mlir", src, strlen(src), NULL);
  lt_print_flags_t flags;
  lt_print_flags_init(&flags);
  flags.generic = true;
  if (m) lt_op_print(m, &flags, &out);
  if (!m || !out.data ||
      !strstr(out.data, "%0 = \"arith.constant\"() {value = 4 : i32} : () -> "
                        "i32")) {
    fprintf(stderr, "generic constant: %s\n", out.data ? out.data : "");
    g_failures++;
  }
  lt_strbuf_free(&out);
  if (m) lt_op_destroy(m);

  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

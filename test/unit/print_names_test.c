/* print_names_test.c - result names from asm_result_names hooks, checked
 * against what mlir-opt-16 prints for its test dialect's ops with the same
 * hooks (test.string_attr_pretty_name, test.asm_interface_op): sanitizing,
 * `_N` uniquing with one conflict counter per scope, sibling scopes, result
 * groups (`%x:2`, `%x#1`), numbers for unnamed results, generic form, and a
 * scope with enough names to grow the name table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "ir/printer.h"

#include "test/unit/check.h"

/* test.string_attr_pretty_name: result i is named names[i] unless empty. */
static void pretty_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                         void *cookie) {
  const lt_attr_t *names = lt_op_attr(op, "names");
  if (!names || names->kind != LT_ATTR_ARRAY) return;
  char buf[64];
  for (uint32_t i = 0; i < names->array.count && i < op->num_results; i++) {
    const lt_attr_t *s = names->array.elems[i];
    if (s->kind != LT_ATTR_STRING || !s->str.len || s->str.len >= sizeof buf)
      continue;
    memcpy(buf, s->str.data, s->str.len);
    buf[s->str.len] = '\0';
    set_name(cookie, lt_op_result(op, i), buf);
  }
}

/* test.asm_interface_op: `first`, `middle_results` for the results between
 * the first and the last, and a number for the last one (an empty name).
 * Also tries what a hook must not do: naming a result twice or a value of
 * another op. */
static void interface_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                            void *cookie) {
  set_name(cookie, lt_op_result(op, 0), "first");
  set_name(cookie, lt_op_result(op, 0), "again");
  if (op->num_results > 2)
    set_name(cookie, lt_op_result(op, 1), "middle_results");
  if (op->num_results > 1)
    set_name(cookie, lt_op_result(op, op->num_results - 1), "");
  if (op->prev && op->prev->num_results)
    set_name(cookie, lt_op_result(op->prev, 0), "stolen");
}

/* Names every result `v`; the empty name keeps the number. */
static void plain_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                        void *cookie) {
  const lt_attr_t *empty = lt_op_attr(op, "unnamed");
  set_name(cookie, lt_op_result(op, 0), empty ? "" : "v");
}

static const lt_op_def_t un_ops[] = {
    {.name = "un.pretty",
     .num_operands = 0,
     .num_results = -1,
     .asm_result_names = pretty_names},
    {.name = "un.iface",
     .num_operands = 0,
     .num_results = -1,
     .asm_result_names = interface_names},
    {.name = "un.v",
     .num_operands = 0,
     .num_results = 1,
     .asm_result_names = plain_names},
    {.name = "un.region",
     .num_operands = -1,
     .num_results = -1,
     .num_regions = 1,
     .asm_result_names = plain_names},
};

static const lt_dialect_t un_dialect = {
    .ns = "un", .ops = un_ops, .num_ops = LT_ARRAY_SIZE(un_ops)};

static lt_op_t *parse(lt_context_t *ctx, const char *text) {
  lt_op_t *m = lt_parse_source(ctx, "t.mlir", text, strlen(text), NULL);
  CHECK(m != NULL);
  return m;
}

/* Prints m and checks that the lines of `expected` occur in the output in
 * that order (each as a piece of a line). */
static void expect_lines(lt_op_t *m, bool generic, const char *expected) {
  lt_print_flags_t flags;
  lt_print_flags_init(&flags);
  flags.generic = generic;
  lt_strbuf_t out = {0};
  lt_op_print(m, &flags, &out);
  const char *at = out.data ? out.data : "";
  const char *line = expected;
  while (*line) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    char want[512];
    snprintf(want, sizeof want, "%.*s", (int)n, line);
    const char *hit = strstr(at, want);
    if (!hit) {
      fprintf(stderr, "missing line: %sin output:\n%s\n", want,
              out.data ? out.data : "");
      g_failures++;
      break;
    }
    at = hit + strlen(want);
    line += n + (end ? 1 : 0);
  }
  lt_strbuf_free(&out);
}

static void test_pretty_names(lt_context_t *ctx) {
  lt_op_t *m = parse(
      ctx,
      "func.func @f() {\n"
      "  %0:4 = \"un.pretty\"() {names = [\"1 a/b\", \"x\", \"\", \"x\"]} : () "
      "-> (i32, i32, i32, i32)\n"
      "  %1 = \"un.pretty\"() {names = [\"\\C3\\A9$.-_z9\"]} : () -> i32\n"
      "  %2:2 = \"un.pretty\"() {names = [\"\", \"y\"]} : () -> (i32, i32)\n"
      "  %3 = \"un.pretty\"() {names = [\"x_1\"]} : () -> i32\n"
      "  %4 = \"un.pretty\"() {names = [\"x\"]} : () -> i32\n"
      "  \"foo.use\"(%0#0, %0#1, %0#2, %0#3, %1, %2#0, %2#1, %3, %4) : (i32, "
      "i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
      "  %5:11 = \"un.pretty\"() {names = [\"a\", \"b\", \"c\", \"d\", "
      "\"e\", \"f\", \"g\", \"\", \"h\", \"i\", \"j\"]} : () -> (i8, i8, "
      "i8, i8, i8, i8, i8, i8, i8, i8, i8)\n"
      "  \"foo.use\"(%5#6, %5#7, %5#10) : (i8, i8, i8) -> ()\n"
      "  return\n"
      "}\n");
  if (!m) return;
  expect_lines(
      m, false,
      "    %_1_a2Fb, %x:2, %x_0 = \"un.pretty\"() {names = [\"1 "
      "a/b\", \"x\", \"\", \"x\"]} : () -> (i32, i32, i32, i32)\n"
      "    %C3A9$.-_z9 = \"un.pretty\"()\n"
      "    %0, %y = \"un.pretty\"()\n"
      "    %x_1 = \"un.pretty\"()\n"
      "    %x_2 = \"un.pretty\"()\n"
      "    \"foo.use\"(%_1_a2Fb, %x#0, %x#1, %x_0, %C3A9$.-_z9, %0, "
      "%y, %x_1, %x_2) : (i32, i32, i32, i32, i32, i32, i32, i32, "
      "i32) -> ()\n"
      "    %a, %b, %c, %d, %e, %f, %g:2, %h, %i, %j = \"un.pretty\"()\n"
      "    \"foo.use\"(%g#0, %g#1, %j)\n");
  /* The generic form numbers every value, as MLIR does. */
  expect_lines(m, true,
               "    %0:4 = \"un.pretty\"()\n"
               "    %1 = \"un.pretty\"()\n"
               "    %2:2 = \"un.pretty\"()\n"
               "    \"foo.use\"(%0#0, %0#1, %0#2, %0#3, %1, %2#0, %2#1, %3, "
               "%4)\n");
  lt_op_destroy(m);
}

static void test_result_groups(lt_context_t *ctx) {
  lt_op_t *m = parse(
      ctx, "func.func @f() {\n"
           "  %0, %1:2, %2 = \"un.iface\"() : () -> (i32, i32, i32, i32)\n"
           "  %3:3 = \"un.iface\"() : () -> (i32, i32, i32)\n"
           "  %4:2 = \"un.iface\"() : () -> (i32, i32)\n"
           "  \"foo.use\"(%0, %1#0, %1#1, %2, %3#0, %3#1, %3#2, %4#0, %4#1) : "
           "(i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
           "  return\n"
           "}\n");
  if (!m) return;
  expect_lines(m, false,
               "    %first, %middle_results:2, %0 = \"un.iface\"() : () -> "
               "(i32, i32, i32, i32)\n"
               "    %first_0, %middle_results_1, %1 = \"un.iface\"() : () -> "
               "(i32, i32, i32)\n"
               "    %first_2, %2 = \"un.iface\"() : () -> (i32, i32)\n"
               "    \"foo.use\"(%first, %middle_results#0, %middle_results#1, "
               "%0, %first_0, %middle_results_1, %1, %first_2, %2) : (i32, "
               "i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n");
  lt_op_destroy(m);
}

/* Sibling regions reuse names and suffixes; a nested region starts from
 * the conflict counter its parent region ended with and sees the parent's
 * names (the arith.constant case checked against mlir-opt-16 in
 * test/lit/dialects/arith-asm-interop.mlir, here with a hook of our own). */
static void test_scopes(lt_context_t *ctx) {
  lt_op_t *m =
      parse(ctx, "func.func @f() {\n"
                 "  %0 = \"un.v\"() : () -> i32\n"
                 "  %1 = \"un.v\"() : () -> i32\n"
                 "  %2 = \"un.region\"() ({\n"
                 "    %3 = \"un.v\"() : () -> i32\n"
                 "    %4 = \"un.v\"() {unnamed} : () -> i32\n"
                 "    \"foo.yield\"(%3, %4, %1) : (i32, i32, i32) -> ()\n"
                 "  }) : () -> i32\n"
                 "  %5 = \"un.region\"() ({\n"
                 "    %6 = \"un.v\"() : () -> i32\n"
                 "    \"foo.yield\"(%6) : (i32) -> ()\n"
                 "  }) : () -> i32\n"
                 "  \"foo.use\"(%0, %2, %5) : (i32, i32, i32) -> ()\n"
                 "  return\n"
                 "}\n");
  if (!m) return;
  expect_lines(m, false,
               "    %v = \"un.v\"() : () -> i32\n"
               "    %v_0 = \"un.v\"() : () -> i32\n"
               "    %v_1 = \"un.region\"() ({\n"
               "      %v_3 = \"un.v\"() : () -> i32\n"
               "      %0 = \"un.v\"() {unnamed} : () -> i32\n"
               "      \"foo.yield\"(%v_3, %0, %v_0) : (i32, i32, i32) -> ()\n"
               "    %v_2 = \"un.region\"() ({\n"
               "      %v_3 = \"un.v\"() : () -> i32\n"
               "    \"foo.use\"(%v, %v_1, %v_2) : (i32, i32, i32) -> ()\n");
  /* A nested op printed alone is numbered from its top-level ancestor. */
  lt_op_t *func = lt_module_body(m)->first;
  lt_op_t *inner = func->regions[0].first->first->next->next;
  lt_strbuf_t out = {0};
  lt_op_print(inner->regions[0].first->first, NULL, &out);
  CHECK(out.data && strcmp(out.data, "%v_3 = \"un.v\"() : () -> i32") == 0);
  lt_strbuf_free(&out);
  lt_op_destroy(m);
}

/* 300 equal names in one region and 300 in a nested one: the table grows
 * several times, and leaving the nested scope frees its names again. */
static void test_many_names(lt_context_t *ctx) {
  lt_strbuf_t text = {0}, want = {0};
  lt_strbuf_puts(&text, "func.func @f() {\n");
  for (int i = 0; i < 300; i++)
    lt_strbuf_puts(&text, "  \"un.v\"() : () -> i32\n");
  lt_strbuf_puts(&text, "  \"un.region\"() ({\n");
  for (int i = 0; i < 300; i++)
    lt_strbuf_puts(&text, "    \"un.v\"() : () -> i32\n");
  lt_strbuf_puts(&text, "  }) : () -> i32\n  \"un.region\"() ({\n"
                        "    \"un.v\"() : () -> i32\n  }) : () -> i32\n"
                        "  return\n}\n");
  lt_strbuf_puts(&want, "    %v = \"un.v\"() : () -> i32\n");
  for (int i = 0; i < 299; i++)
    lt_strbuf_printf(&want, "    %%v_%d = \"un.v\"() : () -> i32\n", i);
  lt_strbuf_puts(&want, "    %v_299 = \"un.region\"() ({\n");
  for (int i = 0; i < 300; i++)
    lt_strbuf_printf(&want, "      %%v_%d = \"un.v\"() : () -> i32\n", i + 301);
  lt_strbuf_puts(&want, "    %v_300 = \"un.region\"() ({\n"
                        "      %v_301 = \"un.v\"() : () -> i32\n");
  lt_op_t *m = parse(ctx, text.data);
  if (m) {
    expect_lines(m, false, want.data);
    lt_op_destroy(m);
  }
  lt_strbuf_free(&text);
  lt_strbuf_free(&want);
}

int main(void) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "cannot create a context: %s\n", lt_status_message(st));
    return 1;
  }
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &un_dialect);
  lt_context_set_allow_unregistered(ctx, true);

  test_pretty_names(ctx);
  test_result_groups(ctx);
  test_scopes(ctx);
  test_many_names(ctx);

  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

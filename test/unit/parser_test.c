/* parser_test.c - the parser's C API: single types and attributes, forward
 * references, line offsets, unterminated buffers, nesting limits, and the
 * custom-syntax API driven by a small dialect `ut` whose ops have parse
 * hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"

#include "test/unit/check.h"

/* ---- diagnostics recorder ---------------------------------------------- */

typedef struct diag_log {
  lt_strbuf_t text;
  int errors;
} diag_log_t;

static bool record(void *user, const lt_diag_t *d) {
  diag_log_t *log = user;
  lt_strbuf_t loc = {0};
  lt_loc_format(d->loc, &loc);
  lt_strbuf_printf(&log->text, "%s: %s\n", loc.data ? loc.data : "",
                   d->message.data ? d->message.data : "");
  lt_strbuf_free(&loc);
  if (d->severity == LT_SEV_ERROR) log->errors++;
  return true;
}

static void log_reset(diag_log_t *log) {
  log->text.len = 0;
  if (log->text.data) log->text.data[0] = '\0';
  log->errors = 0;
}

static bool log_has(const diag_log_t *log, const char *needle) {
  return log->text.data && strstr(log->text.data, needle);
}

/* ---- a dialect with custom syntax ------------------------------------------
 *   %r = ut.add %a, %b : i32            (operands share the result type)
 *   ut.wrap attributes {k} (%x: i32) { ... }   (a region with named args)
 *   %r = ut.cast %a : i32 -> f32 */

static lt_result_t ut_add_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  const char *pos = lt_asm_current_pos(p);
  lt_asm_operand_list_t ops;
  const lt_type_t *t;
  if (LT_FAILED(lt_asm_parse_operand_list(p, &ops)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)))
    return LT_FAILURE;
  const lt_type_t *types[2] = {t, t};
  if (LT_FAILED(lt_asm_resolve_operands(p, &ops, types, 2, pos, state)))
    return LT_FAILURE;
  lt_op_state_add_result(state, t);
  return LT_SUCCESS;
}

static lt_result_t ut_wrap_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_set_default_dialect(p, "ut");
  if (LT_FAILED(lt_asm_parse_optional_attr_dict_with_keyword(p, state)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN)))
    return LT_FAILURE;
  lt_asm_argument_t args[4];
  uint32_t n = 0;
  if (!lt_asm_parse_optional_token(p, LT_TOK_R_PAREN)) {
    do {
      if (n == 4) return lt_asm_emit_error(p, "too many arguments");
      if (LT_FAILED(lt_asm_parse_argument(p, &args[n++], true, false)))
        return LT_FAILURE;
    } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN))) return LT_FAILURE;
  }
  return lt_asm_parse_region(p, lt_op_state_add_region(state), args, n);
}

static lt_result_t ut_cast_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t x;
  const lt_type_t *from;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &x)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &x, from, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  if (!lt_asm_peek(p, LT_TOK_ARROW))
    return lt_asm_emit_error(p, "expected '->' and a result type");
  return lt_asm_parse_optional_arrow_types(p, state);
}

static const lt_op_def_t ut_ops[] = {
    {"ut.add", 2, 1, 0, 0, LT_TRAIT_PURE, "add", NULL, NULL, NULL, NULL,
     ut_add_parse, NULL, NULL},
    {"ut.wrap", 0, 0, 1, 0, 0, "wrap", NULL, NULL, NULL, NULL, ut_wrap_parse,
     NULL, NULL},
    {"ut.cast", 1, 1, 0, 0, LT_TRAIT_PURE, "cast", NULL, NULL, NULL, NULL,
     ut_cast_parse, NULL, NULL},
    {"ut.yield", -1, 0, 0, 0, LT_TRAIT_TERMINATOR, "yield", NULL, NULL, NULL,
     NULL, NULL, NULL, NULL},
};

static const lt_dialect_t ut_dialect = {
    .ns = "ut", .ops = ut_ops, .num_ops = LT_ARRAY_SIZE(ut_ops)};

/* ---- helpers ------------------------------------------------------------ */

static lt_op_t *parse(lt_context_t *ctx, const char *text) {
  return lt_parse_source(ctx, "t.mlir", text, strlen(text), NULL);
}

static lt_op_t *first_op(lt_op_t *module) {
  return lt_module_body(module)->first;
}

/* ---- tests -------------------------------------------------------------- */

static void test_type_and_attr_strings(lt_context_t *ctx, diag_log_t *log) {
  const lt_type_t *t = lt_parse_type_str(ctx, "tensor<2x?xf32>");
  CHECK(t && t->kind == LT_TYPE_TENSOR && t->shaped.rank == 2);
  CHECK(t && t->shaped.shape[0] == 2 && t->shaped.shape[1] == LT_DYNAMIC);
  CHECK(lt_parse_type_str(ctx, "(i32) -> (f32, i1)") ==
        lt_parse_type_str(ctx, "(i32)->(f32,i1)"));
  CHECK(lt_parse_type_str(ctx, "!x.y<1>")->kind == LT_TYPE_OPAQUE);

  log_reset(log);
  CHECK(lt_parse_type_str(ctx, "tensor<2xf32> extra") == NULL);
  CHECK(log_has(log, "found trailing characters: 'extra'"));
  log_reset(log);
  CHECK(lt_parse_type_str(ctx, "") == NULL && log->errors == 1);

  const lt_attr_t *a = lt_parse_attr_str(ctx, "dense<[1, 2]> : tensor<2xi32>");
  CHECK(a && a->kind == LT_ATTR_DENSE && lt_attr_dense_int(a, 1) == 2);
  a = lt_parse_attr_str(ctx, "{b = 1, a}");
  CHECK(a && a->kind == LT_ATTR_DICT && a->dict.count == 2);
  CHECK(a && strcmp(a->dict.entries[0].name->str, "a") == 0);
  CHECK(lt_parse_attr_str(ctx, "255 : i8") ==
        lt_parse_attr_str(ctx, "-1 : i8"));
  CHECK(lt_parse_attr_str(ctx, "1 : i1") == lt_attr_bool(ctx, true));
  a = lt_parse_attr_str(ctx, "loc(callsite(\"f\" at \"g\":1:2))");
  CHECK(a && a->kind == LT_ATTR_LOC_CALLSITE);
  log_reset(log);
  CHECK(lt_parse_attr_str(ctx, "[1, 2") == NULL);
  CHECK(log_has(log, "<attribute>:1:6: expected ',' or ']'"));
}

static void test_forward_refs_and_locations(lt_context_t *ctx,
                                            diag_log_t *log) {
  const char *text = "\"x.use\"(%v) : (i32) -> ()\n"
                     "%v = \"x.def\"() : () -> i32 loc(#l)\n"
                     "#l = loc(\"here\":3:4)\n";
  lt_parse_config_t cfg = {.no_implicit_module = false, .line_offset = 10};
  lt_op_t *m = lt_parse_source(ctx, "fwd.mlir", text, strlen(text), &cfg);
  CHECK(m != NULL);
  if (!m) return;
  lt_op_t *use = first_op(m);
  lt_op_t *def = use->next;
  CHECK(lt_op_operand(use, 0) == lt_op_result(def, 0));
  CHECK(lt_op_result(def, 0)->first_use == &use->operands[0]);
  CHECK(def->loc == lt_loc_file(ctx, "here", 3, 4));
  CHECK(use->loc == lt_loc_file(ctx, "fwd.mlir", 11, 1));
  lt_op_destroy(m);

  log_reset(log);
  CHECK(lt_parse_source(ctx, "split.mlir", "\n\"x\"(%u) : (i32) -> ()", 22,
                        &cfg) == NULL);
  CHECK(log_has(log, "split.mlir:12:5: use of undeclared SSA value name"));
}

static void test_unterminated_buffer(lt_context_t *ctx, diag_log_t *log) {
  /* Only the first len bytes belong to the input. */
  const char text[] = "\"x.a\"() : () -> ()garbage";
  lt_op_t *m = lt_parse_source(ctx, "b.mlir", text, 18, NULL);
  CHECK(m && first_op(m) && !first_op(m)->next);
  if (m) lt_op_destroy(m);
  char *exact = malloc(9);
  memcpy(exact, "\"x.b\"() ", 8); /* no NUL anywhere */
  log_reset(log);
  CHECK(lt_parse_source(ctx, "b.mlir", exact, 8, NULL) == NULL);
  CHECK(log_has(log, "b.mlir:1:8: expected ':' followed by operation type"));
  free(exact);
}

static char *repeat(const char *head, const char *unit, size_t n,
                    const char *tail) {
  size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
  char *s = malloc(hl + ul * n + tl + 1);
  memcpy(s, head, hl);
  for (size_t i = 0; i < n; i++)
    memcpy(s + hl + i * ul, unit, ul);
  memcpy(s + hl + ul * n, tail, tl + 1);
  return s;
}

static void test_nesting_limits(lt_context_t *ctx, diag_log_t *log) {
  static const char *const units[][3] = {
      {"\"x\"() {a = ", "[", "} : () -> ()"},
      {"\"x\"() {a = ", "{b = ", "} : () -> ()"},
      {"\"x\"() : () -> ", "(", ""},
      {"\"x\"() : () -> ", "tensor<", ""},
      {"", "\"x\"() ({ ", ""},
      {"\"x\"() {a = dense<", "[", "} : () -> ()"},
      {"\"x\"() : () -> () loc(", "fused[", ""},
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(units); i++) {
    char *s = repeat(units[i][0], units[i][1], 100000, units[i][2]);
    log_reset(log);
    CHECK(parse(ctx, s) == NULL);
    CHECK(log->errors == 1);
    CHECK(log_has(log, "nesting is deeper than the parser's limit of 1000"));
    free(s);
  }
  /* Just under the limit parses. */
  char *ok = repeat("\"x\"() {a = ", "[", 900, "");
  size_t len = strlen(ok);
  char *full = malloc(len + 900 + 32);
  memcpy(full, ok, len);
  memset(full + len, ']', 900);
  strcpy(full + len + 900, "} : () -> ()");
  lt_op_t *m = parse(ctx, full);
  CHECK(m != NULL);
  if (m) lt_op_destroy(m);
  free(ok);
  free(full);
}

static void test_custom_syntax(lt_context_t *ctx, diag_log_t *log) {
  const char *text =
      "ut.wrap attributes {k} (%x: i32 loc(\"x.py\":1:1), %y: i32) {\n"
      "  %s = ut.add %x, %y : i32\n"
      "  %t = add %s, %x {tag} : i32\n"
      "  %c = ut.cast %t : i32 -> f32\n"
      "  \"ut.yield\"(%c) : (f32) -> ()\n"
      "}\n";
  log_reset(log);
  lt_op_t *m = parse(ctx, text);
  CHECK(m != NULL);
  if (!m) {
    fprintf(stderr, "%s", log->text.data ? log->text.data : "");
    return;
  }
  lt_op_t *wrap = first_op(m);
  CHECK(strcmp(lt_op_name(wrap), "ut.wrap") == 0);
  CHECK(lt_op_attr(wrap, "k") != NULL);
  lt_block_t *entry = lt_op_region(wrap, 0)->first;
  CHECK(entry && entry->num_args == 2);
  CHECK(entry->args[0]->loc == lt_loc_file(ctx, "x.py", 1, 1));
  CHECK(entry->args[1]->loc == lt_loc_file(ctx, "t.mlir", 1, 50));
  lt_op_t *add = entry->first, *add2 = add->next, *cast = add2->next;
  CHECK(strcmp(lt_op_name(add2), "ut.add") == 0); /* default dialect */
  CHECK(lt_op_operand(add, 0) == entry->args[0]);
  CHECK(lt_op_operand(add2, 0) == lt_op_result(add, 0));
  CHECK(lt_op_attr(add2, "tag") != NULL);
  CHECK(cast->results[0].type == lt_type_float(ctx, LT_TYPE_F32));
  CHECK(LT_SUCCEEDED(lt_op_verify(m)));
  lt_op_destroy(m);

  log_reset(log);
  CHECK(parse(ctx, "ut.wrap () {\n  %a = ut.add %b : i32\n}") == NULL);
  CHECK(log_has(log, "t.mlir:2:15: custom op 'ut.add' 1 operands present, "
                     "but expected 2"));
  log_reset(log);
  CHECK(parse(ctx, "ut.wrap () {\n  %a = ut.cast %b : i32\n}") == NULL);
  CHECK(log_has(log, "custom op 'ut.cast' expected '->' and a result type"));
  log_reset(log);
  CHECK(parse(ctx, "ut.wrap () {\n  %a = yield\n}") == NULL);
  CHECK(log_has(log, "custom op 'ut.yield' has no custom assembly form"));
}

int main(void) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "cannot create a context: %s\n", lt_status_message(st));
    return 1;
  }
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &ut_dialect);
  lt_context_set_allow_unregistered(ctx, true);
  diag_log_t log = {{0}, 0};
  lt_diag_push_handler(ctx, record, &log);

  test_type_and_attr_strings(ctx, &log);
  test_forward_refs_and_locations(ctx, &log);
  test_unterminated_buffer(ctx, &log);
  test_nesting_limits(ctx, &log);
  test_custom_syntax(ctx, &log);

  lt_strbuf_free(&log.text);
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

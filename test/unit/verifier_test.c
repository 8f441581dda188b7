/* verifier_test.c - lt_op_verify: structure, terminators, successors,
 * isolation, symbols, dominance (same block, across blocks, nested regions,
 * graph regions), op hooks, and scale (flat and deeply nested IR). */
#include <time.h>

#include "ir_test_util.h"

static lt_context_t *ctx;
static diag_log_t dlog;

/* A module holding one `t.func @name` whose body region is returned. */
static lt_op_t *mk_module_func(const char *name, lt_region_t **out_body,
                               lt_op_t **out_func) {
  lt_op_t *m = lt_module_create(ctx, lt_loc_name(ctx, "module", NULL));
  lt_op_t *f = mk_op(ctx, lt_module_body(m), "t.func", 0, NULL, 0, 1, 0, NULL);
  lt_op_set_attr(f, "sym_name", lt_attr_string_cstr(ctx, name));
  *out_body = lt_op_region(f, 0);
  if (out_func) *out_func = f;
  return m;
}

static lt_op_t *mk_ret(lt_block_t *b, uint32_t n, lt_value_t **vals) {
  return mk_op(ctx, b, "t.ret", n, vals, 0, 0, 0, NULL);
}

static lt_op_t *mk_br(lt_block_t *b, uint32_t n, lt_block_t **succ) {
  return mk_op(ctx, b, "t.br", 0, NULL, 0, 0, n, succ);
}

/* Verifies m, expecting success (expect == NULL) or an error whose recorded
 * text contains every string in expect (NULL-terminated). */
static void expect_verify(lt_op_t *m, const char *const *expect, int line) {
  diag_log_reset(&dlog);
  lt_result_t r = lt_op_verify(m);
  bool ok = expect ? LT_FAILED(r) && dlog.errors == 1
                   : LT_SUCCEEDED(r) && dlog.errors == 0;
  for (const char *const *e = expect; ok && e && *e; e++)
    ok = diag_log_has(&dlog, *e);
  if (getenv("VERIFIER_TEST_VERBOSE"))
    fprintf(stderr, "line %d:\n%s", line, dlog.text.data ? dlog.text.data : "");
  if (!ok) {
    fprintf(stderr, "verifier_test.c:%d: unexpected verifier result %s\n%s",
            line, LT_SUCCEEDED(r) ? "success" : "failure",
            dlog.text.data ? dlog.text.data : "(no diagnostics)\n");
    g_failures++;
  }
  lt_op_destroy(m);
}

#define EXPECT_OK(m) expect_verify((m), NULL, __LINE__)
#define EXPECT_ERR(m, ...)                                                     \
  do {                                                                         \
    static const char *const expect_[] = {__VA_ARGS__, NULL};                  \
    expect_verify((m), expect_, __LINE__);                                     \
  } while (0)

/* ---- valid IR ------------------------------------------------------------ */

static void test_valid(void) {
  lt_region_t *body;
  lt_op_t *m = mk_module_func("f", &body, NULL);
  lt_block_t *b0 = add_block(ctx, body), *b1 = add_block(ctx, body),
             *b2 = add_block(ctx, body), *b3 = add_block(ctx, body);
  lt_value_t *a = lt_block_add_arg(b0, lt_type_f32(ctx), NULL);
  lt_value_t *v = lt_op_result(mk_def(ctx, b0, "t.def"), 0);
  lt_value_t *va[2] = {v, a};
  mk_op(ctx, b0, "t.use", 2, va, 0, 0, 0, NULL);
  lt_block_t *s12[2] = {b1, b2};
  mk_br(b0, 2, s12);
  mk_br(b1, 1, &b3);
  mk_br(b2, 1, &b3);
  /* v and a dominate the join block; x.unknown as a terminator is fine. */
  mk_op(ctx, b3, "t.use", 2, va, 0, 0, 0, NULL);
  mk_op(ctx, b3, "x.unknown", 0, NULL, 0, 0, 0, NULL);
  EXPECT_OK(m);

  /* Unregistered ops: single blocks need no terminator, anything goes. */
  m = mk_module_func("g", &body, NULL);
  lt_block_t *e = add_block(ctx, body);
  lt_op_t *u = mk_op(ctx, e, "x.container", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *ub = add_block(ctx, lt_op_region(u, 0));
  mk_def(ctx, ub, "x.def");
  mk_ret(e, 0, NULL);
  EXPECT_OK(m);
}

/* ---- terminators and successors ------------------------------------------ */

static void test_terminators(void) {
  lt_region_t *body;
  lt_op_t *m = mk_module_func("f", &body, NULL);
  mk_def(ctx, add_block(ctx, body), "t.def");
  EXPECT_ERR(m, "error: block with no terminator, has ", "t.def");

  m = mk_module_func("f", &body, NULL);
  lt_block_t *b = add_block(ctx, body);
  mk_ret(b, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(
      m, "error: 't.ret' op must be the last operation in the parent block");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_block_t *empty = add_block(ctx, body);
  mk_br(b, 1, &empty);
  EXPECT_ERR(m, "error: empty block: expect at least a terminator");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_block_t *b1 = add_block(ctx, body);
  mk_op(ctx, b, "x.br", 0, NULL, 0, 0, 1, &b1);
  mk_ret(b, 0, NULL);
  mk_ret(b1, 0, NULL);
  EXPECT_ERR(m, "error: operation with block successors must terminate its "
                "parent block");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  b1 = add_block(ctx, body);
  mk_br(b, 1, &b1);
  mk_op(ctx, b1, "t.def", 0, NULL, 1, 0, 1, &b1);
  EXPECT_ERR(m, "error: 't.def' op requires 0 successors but found 1");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  b1 = add_block(ctx, body);
  mk_br(b, 1, &b1);
  mk_br(b1, 1, &b);
  EXPECT_ERR(m, "error: entry block of region may not have predecessors");

  /* A branch into another region. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_op_t *r = mk_op(ctx, b, "t.region", 0, NULL, 0, 1, 0, NULL);
  mk_ret(add_block(ctx, lt_op_region(r, 0)), 0, NULL);
  lt_block_t *inner = add_block(ctx, lt_op_region(r, 0));
  mk_ret(inner, 0, NULL);
  mk_br(b, 1, &inner);
  EXPECT_ERR(m, "error: 't.br' op branching to block of a different region");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_value_t *v = lt_op_result(mk_def(ctx, b, "t.def"), 0);
  mk_op(ctx, b, "t.def", 1, &v, 1, 0, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.def' op requires zero operands");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  mk_op(ctx, b, "t.def", 0, NULL, 2, 0, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.def' op requires one result");

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  mk_op(ctx, b, "t.ret", 0, NULL, 0, 1, 0, NULL);
  EXPECT_ERR(m, "error: 't.ret' op requires zero regions");

  /* Graph regions: at most one block, no terminator needed. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_op_t *g = mk_op(ctx, b, "t.graph", 0, NULL, 0, 1, 0, NULL);
  add_block(ctx, lt_op_region(g, 0));
  add_block(ctx, lt_op_region(g, 0));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.graph' op expects region #0 to have 0 or 1 blocks");
}

/* ---- dominance ------------------------------------------------------------
 */

static void test_dominance(void) {
  lt_region_t *body;
  /* Same block: use before def. */
  lt_op_t *m = mk_module_func("f", &body, NULL);
  lt_block_t *b = add_block(ctx, body);
  lt_op_t *use = mk_use1(ctx, b, "t.use", NULL);
  lt_op_t *def = mk_def(ctx, b, "t.def");
  lt_op_set_operand(use, 0, lt_op_result(def, 0));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: operand #0 does not dominate this use",
             "note: operand defined here (op in the same block)");

  /* Across blocks: bb1 does not dominate bb2. */
  m = mk_module_func("f", &body, NULL);
  lt_block_t *b0 = add_block(ctx, body), *b1 = add_block(ctx, body),
             *b2 = add_block(ctx, body);
  mk_br(b0, 1, &b2);
  lt_value_t *v = lt_op_result(mk_def(ctx, b1, "t.def"), 0);
  mk_br(b1, 1, &b2);
  lt_value_t *uv[2] = {lt_block_add_arg(b0, lt_type_f32(ctx), NULL), v};
  mk_op(ctx, b2, "t.use", 2, uv, 0, 0, 0, NULL);
  mk_ret(b2, 0, NULL);
  EXPECT_ERR(m, "error: operand #1 does not dominate this use",
             "note: operand defined here (op in the same region)");

  /* Diamond: a def in one arm does not dominate the join. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  b2 = add_block(ctx, body);
  lt_block_t *b3 = add_block(ctx, body);
  lt_block_t *arms[2] = {b1, b2};
  mk_br(b0, 2, arms);
  v = lt_op_result(mk_def(ctx, b1, "t.def"), 0);
  mk_br(b1, 1, &b3);
  mk_br(b2, 1, &b3);
  mk_use1(ctx, b3, "t.use", v);
  mk_ret(b3, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use");

  /* A loop: the header dominates the body and the exit. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  b2 = add_block(ctx, body);
  b3 = add_block(ctx, body);
  mk_br(b0, 1, &b1);
  v = lt_op_result(mk_def(ctx, b1, "t.def"), 0);
  lt_block_t *hs[2] = {b2, b3};
  mk_br(b1, 2, hs);
  mk_use1(ctx, b2, "t.use", v);
  mk_br(b2, 1, &b1);
  mk_use1(ctx, b3, "t.use", v);
  mk_ret(b3, 0, NULL);
  EXPECT_OK(m);

  /* Block argument of a block that does not dominate the use. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  b2 = add_block(ctx, body);
  mk_br(b0, 1, &b2);
  lt_value_t *x = lt_block_add_arg(b1, lt_type_f32(ctx), NULL);
  mk_br(b1, 1, &b2);
  mk_use1(ctx, b2, "t.use", x);
  mk_ret(b2, 0, NULL);
  EXPECT_ERR(m, "error: operand #0 does not dominate this use",
             "note: operand defined as a block argument (block #1 in the same "
             "region)");

  /* Unreachable blocks are not checked. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  mk_ret(b0, 0, NULL);
  use = mk_use1(ctx, b1, "t.use", NULL);
  def = mk_def(ctx, b1, "t.def");
  lt_op_set_operand(use, 0, lt_op_result(def, 0));
  mk_ret(b1, 0, NULL);
  EXPECT_OK(m);

  /* Nested region using a value defined after its op. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_op_t *r = mk_op(ctx, b, "t.region", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *rb = add_block(ctx, lt_op_region(r, 0));
  use = mk_use1(ctx, rb, "t.use", NULL);
  mk_ret(rb, 0, NULL);
  def = mk_def(ctx, b, "t.def");
  lt_op_set_operand(use, 0, lt_op_result(def, 0));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: operand #0 does not dominate this use",
             "note: operand defined here (op in a parent region)");

  /* Value defined in a child region used outside of it. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  r = mk_op(ctx, b, "t.region", 0, NULL, 0, 1, 0, NULL);
  rb = add_block(ctx, lt_op_region(r, 0));
  v = lt_op_result(mk_def(ctx, rb, "t.def"), 0);
  mk_ret(rb, 0, NULL);
  mk_use1(ctx, b, "t.use", v);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "note: operand defined here (op in a child region)");

  /* An op's result is not available in its own regions. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  r = mk_op(ctx, b, "t.region", 0, NULL, 1, 1, 0, NULL);
  rb = add_block(ctx, lt_op_region(r, 0));
  mk_use1(ctx, rb, "t.use", lt_op_result(r, 0));
  mk_ret(rb, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use",
             "(op in a parent region)");

  /* A value of a sibling region is not visible. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_op_t *two = mk_op(ctx, b, "x.two", 0, NULL, 0, 2, 0, NULL);
  v = lt_op_result(mk_def(ctx, add_block(ctx, lt_op_region(two, 0)), "t.def"),
                   0);
  mk_use1(ctx, add_block(ctx, lt_op_region(two, 1)), "t.use", v);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use",
             "(op is neither in a parent nor in a child region)");

  /* Values from enclosing blocks that dominate the holder are fine, also
   * in nested multi-block regions. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  v = lt_op_result(mk_def(ctx, b0, "t.def"), 0);
  mk_br(b0, 1, &b1);
  r = mk_op(ctx, b1, "t.region", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *n0 = add_block(ctx, lt_op_region(r, 0));
  lt_block_t *n1 = add_block(ctx, lt_op_region(r, 0));
  mk_br(n0, 1, &n1);
  mk_use1(ctx, n1, "t.use", v);
  mk_ret(n1, 0, NULL);
  mk_ret(b1, 0, NULL);
  EXPECT_OK(m);

  /* ...but not when the def's block does not dominate the holder's. */
  m = mk_module_func("f", &body, NULL);
  b0 = add_block(ctx, body);
  b1 = add_block(ctx, body);
  b2 = add_block(ctx, body);
  lt_block_t *both[2] = {b1, b2};
  mk_br(b0, 2, both);
  v = lt_op_result(mk_def(ctx, b1, "t.def"), 0);
  mk_ret(b1, 0, NULL);
  r = mk_op(ctx, b2, "t.region", 0, NULL, 0, 1, 0, NULL);
  rb = add_block(ctx, lt_op_region(r, 0));
  mk_use1(ctx, rb, "t.use", v);
  mk_ret(rb, 0, NULL);
  mk_ret(b2, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use",
             "(op in a parent region)");

  /* Graph regions need no order inside, but still respect enclosing SSA. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  lt_op_t *g = mk_op(ctx, b, "t.graph", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *gb = add_block(ctx, lt_op_region(g, 0));
  use = mk_use1(ctx, gb, "t.use", NULL);
  def = mk_def(ctx, gb, "t.def");
  lt_op_set_operand(use, 0, lt_op_result(def, 0));
  lt_value_t *self_use[1] = {NULL};
  lt_op_t *cyc = mk_op(ctx, gb, "t.use", 1, self_use, 1, 0, 0, NULL);
  lt_op_set_operand(cyc, 0, lt_op_result(cyc, 0));
  mk_ret(b, 0, NULL);
  EXPECT_OK(m);

  /* In a graph region an op's result may even be used in its own regions
   * (MLIR accepts this in a module body). */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  g = mk_op(ctx, b, "t.graph", 0, NULL, 0, 1, 0, NULL);
  gb = add_block(ctx, lt_op_region(g, 0));
  r = mk_op(ctx, gb, "t.region", 0, NULL, 1, 1, 0, NULL);
  rb = add_block(ctx, lt_op_region(r, 0));
  mk_use1(ctx, rb, "t.use", lt_op_result(r, 0));
  mk_ret(rb, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_OK(m);

  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  g = mk_op(ctx, b, "t.graph", 0, NULL, 0, 1, 0, NULL);
  gb = add_block(ctx, lt_op_region(g, 0));
  use = mk_use1(ctx, gb, "t.use", NULL);
  def = mk_def(ctx, b, "t.def");
  lt_op_set_operand(use, 0, lt_op_result(def, 0));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use");

  /* An op may not use its own result in an SSA region. */
  m = mk_module_func("f", &body, NULL);
  b = add_block(ctx, body);
  cyc = mk_op(ctx, b, "t.use", 1, self_use, 1, 0, 0, NULL);
  lt_op_set_operand(cyc, 0, lt_op_result(cyc, 0));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "operand #0 does not dominate this use",
             "(op in the same block)");
}

/* ---- isolation, symbols, hooks
 * ----------------------------------------------- */

static void test_isolation_and_symbols(void) {
  lt_region_t *body;
  lt_op_t *f;
  lt_op_t *m = mk_module_func("f", &body, &f);
  lt_block_t *b = add_block(ctx, body);
  lt_value_t *v = lt_op_result(mk_def(ctx, b, "t.def"), 0);
  lt_op_t *g = mk_op(ctx, b, "t.func", 0, NULL, 0, 1, 0, NULL);
  lt_op_set_attr(g, "sym_name", lt_attr_string_cstr(ctx, "g"));
  lt_block_t *gb = add_block(ctx, lt_op_region(g, 0));
  lt_op_t *r = mk_op(ctx, gb, "t.region", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *rb = add_block(ctx, lt_op_region(r, 0));
  mk_use1(ctx, rb, "t.use", v);
  mk_ret(rb, 0, NULL);
  mk_ret(gb, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.use' op using value defined outside the region",
             "note: required by region isolation constraints");

  /* Redefinition of a symbol in a module. */
  m = mk_module_func("f", &body, &f);
  mk_ret(add_block(ctx, body), 0, NULL);
  lt_op_t *f2 = mk_op(ctx, lt_module_body(m), "t.func", 0, NULL, 0, 1, 0, NULL);
  lt_op_set_attr(f2, "sym_name", lt_attr_string_cstr(ctx, "f"));
  mk_ret(add_block(ctx, lt_op_region(f2, 0)), 0, NULL);
  EXPECT_ERR(m, "error: redefinition of symbol named 'f'",
             "note: see existing symbol definition here");

  m = mk_module_func("f", &body, &f);
  mk_ret(add_block(ctx, body), 0, NULL);
  lt_op_set_attr(f, "sym_name", NULL);
  EXPECT_ERR(m, "error: 't.func' op requires string attribute 'sym_name'");

  m = mk_module_func("f", &body, &f);
  mk_ret(add_block(ctx, body), 0, NULL);
  lt_op_set_attr(f, "sym_visibility", lt_attr_string_cstr(ctx, "hidden"));
  EXPECT_ERR(m, "'t.func' op visibility expected to be one of [\"public\", "
                "\"private\", \"nested\"], but got \"hidden\"");

  m = mk_module_func("f", &body, &f);
  mk_ret(add_block(ctx, body), 0, NULL);
  lt_op_set_attr(f, "sym_visibility", lt_attr_string_cstr(ctx, "private"));
  lt_op_set_attr(m, "x.note", lt_attr_unit(ctx));
  lt_op_set_attr(m, "sym_name", lt_attr_string_cstr(ctx, "outer"));
  EXPECT_OK(m);

  m = mk_module_func("f", &body, &f);
  mk_ret(add_block(ctx, body), 0, NULL);
  lt_op_set_attr(m, "foo", lt_attr_unit(ctx));
  EXPECT_ERR(m, "error: 'builtin.module' op can only contain attributes with "
                "dialect-prefixed names, found: 'foo'");

  m = lt_module_create(ctx, NULL);
  lt_block_add_arg(lt_module_body(m), lt_type_f32(ctx), NULL);
  EXPECT_ERR(m, "'builtin.module' op region should have no arguments");

  /* Same operand and result types; the op's own hook. */
  m = mk_module_func("f", &body, &f);
  b = add_block(ctx, body);
  v = lt_op_result(mk_def(ctx, b, "t.def"), 0);
  lt_op_t *s = mk_op(ctx, b, "t.same", 1, &v, 1, 0, 0, NULL);
  mk_ret(b, 0, NULL);
  EXPECT_OK(m);

  m = mk_module_func("f", &body, &f);
  b = add_block(ctx, body);
  v = lt_op_result(mk_def(ctx, b, "t.def"), 0);
  s = mk_op(ctx, b, "t.same", 1, &v, 1, 0, 0, NULL);
  lt_value_set_type(lt_op_result(s, 0), lt_type_f32(ctx));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.same' op requires the same type for all operands "
                "and results");

  m = mk_module_func("f", &body, &f);
  b = add_block(ctx, body);
  lt_op_t *c = mk_op(ctx, b, "t.checked", 0, NULL, 0, 0, 0, NULL);
  lt_op_set_attr(c, "bad", lt_attr_unit(ctx));
  mk_ret(b, 0, NULL);
  EXPECT_ERR(m, "error: 't.checked' op has a bad attribute");

  /* Errors inside functions come before the module's symbol checks. */
  m = mk_module_func("f", &body, &f);
  mk_def(ctx, add_block(ctx, body), "t.def");
  f2 = mk_op(ctx, lt_module_body(m), "t.func", 0, NULL, 0, 1, 0, NULL);
  lt_op_set_attr(f2, "sym_name", lt_attr_string_cstr(ctx, "f"));
  mk_ret(add_block(ctx, lt_op_region(f2, 0)), 0, NULL);
  EXPECT_ERR(m, "block with no terminator");
}

/* ---- emit helpers -------------------------------------------------------- */

static void test_emit(void) {
  lt_op_t *op = mk_def(ctx, NULL, "x.op");
  diag_log_reset(&dlog);
  CHECK(LT_FAILED(lt_op_emit_error(op, "bad %d", 7)));
  lt_op_emit_warning(op, "careful");
  lt_op_emit_remark(op, "fyi");
  CHECK(diag_log_has(&dlog, "error: 'x.op' op bad 7\n"));
  CHECK(diag_log_has(&dlog, "warning: 'x.op' op careful\n"));
  CHECK(diag_log_has(&dlog, "remark: 'x.op' op fyi\n"));
  lt_op_destroy(op);
}

/* ---- scale ------------------------------------------------------------------
 */

static void test_scale(void) {
  /* A flat function: each op uses the previous one and the argument. */
  enum { N = 200000 };
  lt_region_t *body;
  lt_op_t *m = mk_module_func("big", &body, NULL);
  lt_block_t *b = add_block(ctx, body);
  lt_value_t *prev = lt_block_add_arg(b, lt_type_f32(ctx), NULL);
  lt_value_t *arg = prev;
  for (int i = 0; i < N; i++) {
    lt_value_t *ops[2] = {prev, arg};
    prev = lt_op_result(mk_op(ctx, b, "t.use", 2, ops, 1, 0, 0, NULL), 0);
  }
  mk_ret(b, 1, &prev);
  clock_t t0 = clock();
  diag_log_reset(&dlog);
  CHECK(LT_SUCCEEDED(lt_op_verify(m)));
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  printf("verified %d ops in %.3f s\n", N + 2, secs);
  /* Break the chain near the end: the error is found, not a crash. */
  lt_op_t *last_use = b->last->prev;
  lt_op_t *first_use = b->first;
  lt_op_set_operand(first_use, 0, lt_op_result(last_use, 0));
  diag_log_reset(&dlog);
  CHECK(LT_FAILED(lt_op_verify(m)));
  CHECK(diag_log_has(&dlog, "operand #0 does not dominate this use"));
  lt_op_set_operand(first_use, 0, arg);
  lt_op_destroy(m);

  /* Deep nesting: explicit stacks keep the C stack flat. */
  enum { DEPTH = 20000 };
  m = mk_module_func("deep", &body, NULL);
  b = add_block(ctx, body);
  lt_value_t *top = lt_op_result(mk_def(ctx, b, "t.def"), 0);
  lt_block_t *cur = b;
  lt_value_t *local = top;
  for (int i = 0; i < DEPTH; i++) {
    /* Uses of the outermost value and of the enclosing level's value. */
    lt_value_t *ops[2] = {top, local};
    lt_op_t *r = mk_op(ctx, cur, "t.region", 2, ops, 0, 1, 0, NULL);
    mk_ret(cur, 0, NULL);
    cur = add_block(ctx, lt_op_region(r, 0));
    local = lt_op_result(mk_def(ctx, cur, "t.def"), 0);
  }
  lt_value_t *ops[2] = {top, local};
  mk_op(ctx, cur, "t.use", 2, ops, 0, 0, 0, NULL);
  mk_ret(cur, 0, NULL);
  EXPECT_OK(m);
}

int main(void) {
  ctx = make_context(&dlog);
  test_valid();
  test_terminators();
  test_dominance();
  test_isolation_and_symbols();
  test_emit();
  test_scale();
  lt_context_destroy(ctx);
  lt_strbuf_free(&dlog.text);
  if (g_failures) {
    fprintf(stderr, "verifier_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("verifier_test: all checks passed\n");
  return 0;
}

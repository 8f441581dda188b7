/* symbol_table_test.c - symbol names, lookups in a table op, nested
 * references (@a::@b) and lt_symbol_table_t (hash lookups, renaming on
 * insert, erase). */
#include "ir_test_util.h"

static lt_context_t *ctx;

/* A symbol op (t.func, or a nested module when nested is set) named name. */
static lt_op_t *mk_symbol(lt_block_t *into, const char *name, bool nested) {
  lt_op_t *op;
  if (nested) {
    op = lt_module_create(ctx, NULL);
    if (into) lt_block_push_back(into, op);
  } else {
    op = mk_op(ctx, into, "t.func", 0, NULL, 0, 1, 0, NULL);
  }
  lt_op_set_attr(op, "sym_name", lt_attr_string_cstr(ctx, name));
  return op;
}

static const lt_attr_t *ref(uint32_t n, const char *const *names) {
  const lt_ident_t *ids[4];
  for (uint32_t i = 0; i < n; i++)
    ids[i] = lt_ident_cstr(ctx, names[i]);
  return lt_attr_symbol_ref(ctx, n, ids);
}

static void test_lookup(void) {
  lt_op_t *m = lt_module_create(ctx, NULL);
  lt_block_t *body = lt_module_body(m);
  lt_op_t *f = mk_symbol(body, "f", false);
  lt_op_t *inner = mk_symbol(body, "inner", true);
  lt_op_t *g = mk_symbol(lt_module_body(inner), "g", false);
  lt_op_t *plain = mk_def(ctx, body, "x.plain");
  lt_op_t *user = mk_def(ctx, add_block(ctx, lt_op_region(f, 0)), "x.user");

  CHECK(lt_symbol_name(f) == lt_ident_cstr(ctx, "f"));
  CHECK(lt_symbol_name(plain) == NULL && lt_symbol_name(m) == NULL);
  CHECK(lt_symbol_lookup_in(m, lt_ident_cstr(ctx, "f")) == f);
  CHECK(lt_symbol_lookup_in(m, lt_ident_cstr(ctx, "inner")) == inner);
  CHECK(lt_symbol_lookup_in(m, lt_ident_cstr(ctx, "g")) == NULL);
  CHECK(lt_symbol_lookup_in(inner, lt_ident_cstr(ctx, "g")) == g);

  /* References resolve from the nearest enclosing symbol table. */
  static const char *const n_f[] = {"f"};
  static const char *const n_ig[] = {"inner", "g"};
  static const char *const n_fg[] = {"f", "g"};
  static const char *const n_g[] = {"g"};
  CHECK(lt_symbol_lookup_ref(user, ref(1, n_f)) == f);
  CHECK(lt_symbol_lookup_ref(user, ref(2, n_ig)) == g);
  CHECK(lt_symbol_lookup_ref(m, ref(2, n_ig)) == g);
  CHECK(lt_symbol_lookup_ref(user, ref(2, n_fg)) == NULL); /* f: no table */
  CHECK(lt_symbol_lookup_ref(user, ref(1, n_g)) == NULL);
  CHECK(lt_symbol_lookup_ref(g, ref(1, n_g)) == g); /* inner's table */
  CHECK(lt_symbol_lookup_ref(user, lt_attr_unit(ctx)) == NULL);
  lt_op_destroy(m);
}

static void test_table(void) {
  lt_op_t *m = lt_module_create(ctx, NULL);
  lt_block_t *body = lt_module_body(m);
  enum { N = 500 };
  char name[32];
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof(name), "s%d", i);
    mk_symbol(body, name, false);
  }
  lt_symbol_table_t *t = lt_symbol_table_create(m);
  for (int i = 0; i < N; i += 7) {
    snprintf(name, sizeof(name), "s%d", i);
    lt_op_t *op = lt_symbol_table_lookup(t, lt_ident_cstr(ctx, name));
    CHECK(op && lt_symbol_name(op) == lt_ident_cstr(ctx, name));
  }
  CHECK(lt_symbol_table_lookup(t, lt_ident_cstr(ctx, "nope")) == NULL);

  /* A clash renames the inserted op: s1 -> s1_0, then s1_1. */
  lt_op_t *dup = mk_symbol(NULL, "s1", false);
  lt_symbol_table_insert(t, dup);
  CHECK(dup->parent == body && body->last == dup);
  CHECK(lt_symbol_name(dup) == lt_ident_cstr(ctx, "s1_0"));
  CHECK(lt_symbol_table_lookup(t, lt_ident_cstr(ctx, "s1_0")) == dup);
  lt_op_t *dup2 = mk_symbol(NULL, "s1", false);
  lt_symbol_table_insert(t, dup2);
  CHECK(lt_symbol_name(dup2) == lt_ident_cstr(ctx, "s1_1"));
  /* A taken candidate is skipped. */
  mk_symbol(body, "s2_2", false);
  lt_symbol_table_destroy(t);
  t = lt_symbol_table_create(m);
  lt_op_t *dup3 = mk_symbol(NULL, "s2", false);
  lt_op_t *dup4 = mk_symbol(NULL, "s2", false);
  lt_op_t *dup5 = mk_symbol(NULL, "s2", false);
  lt_symbol_table_insert(t, dup3);
  lt_symbol_table_insert(t, dup4);
  lt_symbol_table_insert(t, dup5);
  CHECK(lt_symbol_name(dup3) == lt_ident_cstr(ctx, "s2_0"));
  CHECK(lt_symbol_name(dup4) == lt_ident_cstr(ctx, "s2_1"));
  CHECK(lt_symbol_name(dup5) == lt_ident_cstr(ctx, "s2_3"));
  /* Re-inserting a member is a no-op; a fresh name is kept as is. */
  lt_symbol_table_insert(t, dup3);
  CHECK(lt_symbol_name(dup3) == lt_ident_cstr(ctx, "s2_0"));
  lt_op_t *fresh = mk_symbol(NULL, "fresh", false);
  lt_symbol_table_insert(t, fresh);
  CHECK(lt_symbol_name(fresh) == lt_ident_cstr(ctx, "fresh"));
  CHECK(lt_symbol_lookup_in(m, lt_ident_cstr(ctx, "fresh")) == fresh);

  /* Erase removes the op from the table and the IR. */
  lt_symbol_table_erase(t, fresh);
  CHECK(lt_symbol_table_lookup(t, lt_ident_cstr(ctx, "fresh")) == NULL);
  CHECK(lt_symbol_lookup_in(m, lt_ident_cstr(ctx, "fresh")) == NULL);
  lt_op_t *again = mk_symbol(NULL, "fresh", false);
  lt_symbol_table_insert(t, again);
  CHECK(lt_symbol_name(again) == lt_ident_cstr(ctx, "fresh"));

  /* The module still verifies: every name is unique. */
  CHECK(LT_SUCCEEDED(lt_op_verify(m)));
  lt_symbol_table_destroy(t);
  lt_op_destroy(m);
}

/* Inserting into a body with a terminator keeps the terminator last. */
static void test_insert_before_terminator(void) {
  lt_op_t *holder = mk_op(ctx, NULL, "x.table", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *b = add_block(ctx, lt_op_region(holder, 0));
  lt_op_t *ret = mk_op(ctx, b, "t.ret", 0, NULL, 0, 0, 0, NULL);
  lt_symbol_table_t *t = lt_symbol_table_create(holder);
  lt_op_t *s = mk_symbol(NULL, "s", false);
  lt_symbol_table_insert(t, s);
  CHECK(b->first == s && b->last == ret);
  CHECK(lt_symbol_table_lookup(t, lt_ident_cstr(ctx, "s")) == s);
  lt_symbol_table_destroy(t);
  lt_op_destroy(holder);
}

int main(void) {
  ctx = make_context(NULL);
  test_lookup();
  test_table();
  test_insert_before_terminator();
  lt_context_destroy(ctx);
  if (g_failures) {
    fprintf(stderr, "symbol_table_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("symbol_table_test: all checks passed\n");
  return 0;
}

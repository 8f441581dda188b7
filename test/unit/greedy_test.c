/* greedy_test.c - the pattern set, rewriter and greedy driver: convergence,
 * the iteration and rewrite limits reporting non-convergence, benefit order,
 * trivially dead op erasure, folding with constant materialization and
 * deduplication, commutative operand order, unreachable blocks, and the op
 * chain matcher. IR is built through the API (no parser), under a counting
 * allocator that must balance at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/rewrite.h"
#include "test/lib/test_dialect.h"

#include "test/unit/check.h"

/* ---- counting allocator -------------------------------------------------- */

static long live_blocks;

static void *counting_fn(void *self, void *ptr, size_t old_size,
                         size_t new_size) {
  LT_UNUSED(self);
  LT_UNUSED(old_size);
  if (ptr) live_blocks--;
  if (new_size == 0) {
    free(ptr);
    return NULL;
  }
  void *p = realloc(ptr, new_size);
  if (p || ptr) live_blocks++;
  return p;
}

/* ---- fixture: a module holding `func.func @f(%arg0: i64)` ---------------- */

typedef struct fixture {
  lt_context_t *ctx;
  lt_op_t *module, *func;
  lt_block_t *entry;
  lt_value_t *arg;
  const lt_type_t *i64;
  lt_builder_t b;
} fixture_t;

static void setup(fixture_t *f) {
  lt_allocator_t a = {NULL, counting_fn};
  lt_status_t st = lt_context_create(a, &f->ctx);
  CHECK(st == LT_OK);
  lt_register_core_dialects(f->ctx);
  lt_register_test_dialect(f->ctx);
  lt_loc_t loc = lt_loc_unknown(f->ctx);
  f->i64 = lt_type_integer(f->ctx, 64, LT_SIGNLESS);
  f->module = lt_module_create(f->ctx, loc);
  lt_op_state_t s;
  lt_op_state_init(&s, f->ctx, "func.func", loc);
  lt_op_state_add_attr(&s, "sym_name", lt_attr_string_cstr(f->ctx, "f"));
  lt_op_state_add_attr(
      &s, "function_type",
      lt_attr_type(f->ctx, lt_type_function(f->ctx, 1, &f->i64, 0, NULL)));
  lt_op_state_add_region(&s);
  lt_builder_init(&f->b, f->ctx);
  lt_builder_set_block_end(&f->b, lt_module_body(f->module));
  f->func = lt_builder_create(&f->b, &s);
  lt_op_state_free(&s);
  f->entry = lt_builder_create_block(&f->b, lt_op_region(f->func, 0), NULL, 1,
                                     &f->i64, loc);
  f->arg = f->entry->args[0];
}

static void teardown(fixture_t *f) {
  lt_op_destroy(f->module);
  lt_context_destroy(f->ctx);
}

/* Appends `name(operands...) {attr_name = attr} : -> results` at the end of
 * the entry block (or of f->b's block). */
static lt_op_t *build(fixture_t *f, const char *name, uint32_t num_operands,
                      lt_value_t *const *operands, uint32_t num_results,
                      const char *attr_name, const lt_attr_t *attr) {
  lt_op_state_t s;
  lt_op_state_init(&s, f->ctx, name, lt_loc_unknown(f->ctx));
  for (uint32_t i = 0; i < num_operands; i++)
    lt_op_state_add_operand(&s, operands[i]);
  for (uint32_t i = 0; i < num_results; i++)
    lt_op_state_add_result(&s, f->i64);
  if (attr_name) lt_op_state_add_attr(&s, attr_name, attr);
  lt_op_t *op = lt_builder_create(&f->b, &s);
  lt_op_state_free(&s);
  return op;
}

static lt_op_t *constant(fixture_t *f, int64_t v) {
  return build(f, "test.constant", 0, NULL, 1, "value",
               lt_attr_integer(f->ctx, f->i64, v));
}

static lt_value_t *res(lt_op_t *op) { return lt_op_result(op, 0); }

static size_t count_ops(lt_block_t *b, const char *name) {
  size_t n = 0;
  LT_FOR_EACH_OP(op, b) { n += strcmp(lt_op_name(op), name) == 0; }
  return n;
}

static int64_t const_value(lt_value_t *v) {
  int64_t x = -999;
  CHECK(lt_match_constant_int(v, &x));
  return x;
}

/* ---- tests
 * -------------------------------------------------------------------- */

/* fold_add(2, 3) folds to a materialized 5; the operands become dead and go;
 * the run converges. */
static void test_fold_and_dead_constants(void) {
  fixture_t f;
  setup(&f);
  lt_value_t *ops[2] = {res(constant(&f, 2)), res(constant(&f, 3))};
  lt_op_t *add = build(&f, "test.fold_add", 2, ops, 1, NULL, NULL);
  lt_value_t *sum = res(add);
  lt_op_t *user = build(&f, "test.effect", 1, &sum, 0, NULL, NULL);
  bool changed = false;
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, &changed)));
  CHECK(changed);
  CHECK(count_ops(f.entry, "test.fold_add") == 0);
  CHECK(count_ops(f.entry, "test.constant") == 1);
  CHECK(const_value(lt_op_operand(user, 0)) == 5);
  CHECK(f.entry->first == lt_value_defining_op(lt_op_operand(user, 0)));
  teardown(&f);
}

/* Equal constants are merged into the first, which moves to the top. */
static void test_constant_dedup(void) {
  fixture_t f;
  setup(&f);
  lt_op_t *e0 = build(&f, "test.effect", 0, NULL, 0, NULL, NULL);
  lt_op_t *c1 = constant(&f, 7);
  lt_value_t *v1 = res(c1);
  lt_op_t *u1 = build(&f, "test.effect", 1, &v1, 0, NULL, NULL);
  lt_value_t *v2 = res(constant(&f, 7));
  lt_op_t *u2 = build(&f, "test.effect", 1, &v2, 0, NULL, NULL);
  bool changed = false;
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, &changed)));
  CHECK(changed);
  CHECK(count_ops(f.entry, "test.constant") == 1);
  CHECK(lt_op_operand(u1, 0) == lt_op_operand(u2, 0));
  CHECK(f.entry->first == c1 && c1->next == e0);
  /* A second run has nothing to do. */
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, &changed)));
  CHECK(!changed);
  teardown(&f);
}

/* A pattern that always applies never converges: the iteration limit stops
 * it and the result says so. */
static void test_iteration_limit(void) {
  fixture_t f;
  setup(&f);
  build(&f, "test.flip", 0, NULL, 0, NULL, NULL);
  lt_pattern_set_t *set = lt_pattern_set_create(f.ctx);
  lt_pattern_set_add_dialect_canonicalizations(set, &lt_test_dialect);
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.max_iterations = 3;
  bool changed = false;
  CHECK(LT_FAILED(lt_apply_patterns_greedily(f.func, set, &cfg, &changed)));
  CHECK(changed);
  lt_pattern_set_destroy(set);
  teardown(&f);
}

static int calls_low, calls_mid, calls_high;

static lt_result_t tag(lt_op_t *op, lt_rewriter_t *rw, const char *v) {
  if (lt_op_attr(op, "tag")) return LT_FAILURE;
  lt_rewriter_modify_start(rw, op);
  lt_op_set_attr(op, "tag", lt_attr_string_cstr(lt_rewriter_context(rw), v));
  lt_rewriter_modify_finalize(rw, op);
  return LT_SUCCESS;
}
static lt_result_t pat_low(const lt_pattern_t *p, lt_op_t *op,
                           lt_rewriter_t *rw) {
  LT_UNUSED(p);
  calls_low++;
  return tag(op, rw, "low");
}
static lt_result_t pat_mid(const lt_pattern_t *p, lt_op_t *op,
                           lt_rewriter_t *rw) {
  calls_mid++;
  return tag(op, rw, p->user);
}
static lt_result_t pat_high_fails(const lt_pattern_t *p, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  LT_UNUSED(p);
  calls_high++;
  return lt_rewriter_notify_match_failure(rw, op, "never applies");
}

/* What the listener heard: the insertion index of each applied pattern. */
typedef struct applied_log {
  const lt_pattern_set_t *set;
  size_t index[8], n;
} applied_log_t;

static void log_applied(void *user, const lt_pattern_t *pattern) {
  applied_log_t *log = user;
  if (log->n < 8) log->index[log->n] = lt_pattern_set_index(log->set, pattern);
  log->n++;
}

/* Highest benefit first; a failing pattern lets the next one try; equal
 * benefits keep insertion order; any-op patterns merge by benefit. The
 * listener hears of the one pattern that applied, never of failures. */
static void test_benefit_order(void) {
  fixture_t f;
  setup(&f);
  lt_op_t *op = build(&f, "test.effect", 0, NULL, 0, NULL, NULL);
  lt_pattern_set_t *set = lt_pattern_set_create(f.ctx);
  lt_pattern_set_add_fn(set, "test.effect", 1, pat_low, NULL);
  lt_pattern_set_add_fn(set, NULL, 2, pat_mid, "mid-first");
  lt_pattern_set_add_fn(set, "test.effect", 2, pat_mid, "mid-second");
  lt_pattern_set_add_fn(set, "test.effect", 3, pat_high_fails, NULL);
  CHECK(lt_pattern_set_size(set) == 4);
  const lt_pattern_t *order[8];
  CHECK(lt_pattern_set_lookup(set, op, order, 8) == 4);
  CHECK(order[0]->benefit == 3 && order[3]->benefit == 1);
  CHECK(strcmp(order[1]->user, "mid-first") == 0);
  /* Indices follow insertion, not lookup order. */
  CHECK(lt_pattern_set_index(set, order[0]) == 3);
  CHECK(lt_pattern_set_index(set, order[1]) == 1);
  CHECK(lt_pattern_set_index(set, order[2]) == 2);
  CHECK(lt_pattern_set_index(set, order[3]) == 0);
  lt_pattern_t foreign = *order[0];
  CHECK(lt_pattern_set_index(set, &foreign) == SIZE_MAX);
  /* Only the any-op pattern applies to other ops. */
  lt_op_t *other = build(&f, "test.pure", 0, NULL, 0, NULL, NULL);
  CHECK(lt_pattern_set_lookup(set, other, order, 8) == 1);
  lt_op_erase(other);

  calls_low = calls_mid = calls_high = 0;
  applied_log_t log = {.set = set};
  lt_pattern_listener_t listener = {&log, log_applied};
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.listener = &listener;
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, set, &cfg, NULL)));
  CHECK(log.n == 1 && log.index[0] == 1);
  const lt_attr_t *t = lt_op_attr(op, "tag");
  CHECK(t && t->str.len == 9 && memcmp(t->str.data, "mid-first", 9) == 0);
  /* Sweep 1: high fails, mid-first applies; the modified op is revisited
   * and every pattern refuses. Sweep 2 finds nothing to do. */
  CHECK(calls_high == 3 && calls_mid == 5 && calls_low == 2);
  lt_pattern_set_destroy(set);
  teardown(&f);
}

/* Unused pure ops go, recursively; side-effecting and unregistered ops and
 * used values stay. */
static void test_dead_op_erasure(void) {
  fixture_t f;
  setup(&f);
  lt_context_set_allow_unregistered(f.ctx, true);
  lt_value_t *a = res(build(&f, "test.pure", 1, &f.arg, 1, NULL, NULL));
  lt_value_t *b = res(build(&f, "test.pure", 1, &a, 1, NULL, NULL));
  build(&f, "test.pure", 1, &b, 1, NULL, NULL);
  lt_value_t *kept = res(build(&f, "test.pure", 1, &f.arg, 1, NULL, NULL));
  build(&f, "test.effect", 1, &kept, 1, NULL, NULL);
  build(&f, "foo.unknown", 1, &f.arg, 1, NULL, NULL);
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, NULL)));
  CHECK(count_ops(f.entry, "test.pure") == 1);
  CHECK(count_ops(f.entry, "test.effect") == 1);
  CHECK(count_ops(f.entry, "foo.unknown") == 1);
  teardown(&f);
}

/* A dead graph where one op uses a value twice: erasing that op does not
 * revisit the producer (two uses left at the time), so only region DCE
 * clears it within one sweep. */
static void test_region_dce(void) {
  for (int simplify = 0; simplify < 2; simplify++) {
    fixture_t f;
    setup(&f);
    lt_value_t *a = res(build(&f, "test.pure", 1, &f.arg, 1, NULL, NULL));
    lt_value_t *aa[2] = {a, a};
    lt_value_t *b = res(build(&f, "test.pure", 2, aa, 1, NULL, NULL));
    build(&f, "test.pure", 1, &b, 1, NULL, NULL);
    lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
    cfg.max_iterations = 1;
    cfg.region_simplify = simplify;
    CHECK(LT_FAILED(lt_apply_patterns_greedily(f.func, NULL, &cfg, NULL)));
    CHECK(count_ops(f.entry, "test.pure") == (simplify ? 0u : 1u));
    teardown(&f);
  }
}

/* A folder returning an operand replaces the op; commutative ops get their
 * constant operands moved to the back (an in-place fold). */
static void test_fold_value_and_commutative(void) {
  fixture_t f;
  setup(&f);
  lt_value_t *id = res(build(&f, "test.identity", 1, &f.arg, 1, NULL, NULL));
  lt_value_t *c = res(constant(&f, 1));
  lt_value_t *ops[2] = {c, id};
  lt_op_t *comm = build(&f, "test.commutative", 2, ops, 1, NULL, NULL);
  lt_value_t *cr = res(comm);
  build(&f, "test.effect", 1, &cr, 0, NULL, NULL);
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, NULL)));
  CHECK(count_ops(f.entry, "test.identity") == 0);
  CHECK(lt_op_operand(comm, 0) == f.arg);
  CHECK(lt_match_constant(lt_op_operand(comm, 1)) != NULL);
  /* Without folding nothing moves. */
  fixture_t g;
  setup(&g);
  lt_value_t *gid = res(build(&g, "test.identity", 1, &g.arg, 1, NULL, NULL));
  build(&g, "test.effect", 1, &gid, 0, NULL, NULL);
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.fold = false;
  bool changed = true;
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(g.func, NULL, &cfg, &changed)));
  CHECK(!changed && count_ops(g.entry, "test.identity") == 1);
  teardown(&g);
  teardown(&f);
}

/* neg(neg(x)) -> x by pattern; the inner neg dies afterwards. The limit on
 * rewrites stops after one. */
static void test_pattern_and_rewrite_limit(void) {
  fixture_t f;
  setup(&f);
  lt_value_t *n1 = res(build(&f, "test.neg", 1, &f.arg, 1, NULL, NULL));
  lt_value_t *n2 = res(build(&f, "test.neg", 1, &n1, 1, NULL, NULL));
  lt_op_t *user = build(&f, "test.effect", 1, &n2, 0, NULL, NULL);
  lt_value_t *m1 = res(build(&f, "test.neg", 1, &f.arg, 1, NULL, NULL));
  lt_value_t *m2 = res(build(&f, "test.neg", 1, &m1, 1, NULL, NULL));
  lt_op_t *user2 = build(&f, "test.effect", 1, &m2, 0, NULL, NULL);
  lt_pattern_set_t *set = lt_pattern_set_create(f.ctx);
  lt_pattern_set_add_dialect_canonicalizations(set, &lt_test_dialect);
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.max_num_rewrites = 1;
  CHECK(LT_FAILED(lt_apply_patterns_greedily(f.func, set, &cfg, NULL)));
  CHECK((lt_op_operand(user, 0) == f.arg) !=
        (lt_op_operand(user2, 0) == f.arg));
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, set, NULL, NULL)));
  CHECK(lt_op_operand(user, 0) == f.arg && lt_op_operand(user2, 0) == f.arg);
  CHECK(count_ops(f.entry, "test.neg") == 0);
  lt_pattern_set_destroy(set);
  teardown(&f);
}

/* A constant created by a pattern in the middle of the block is folded into
 * the hoisted, uniqued one. */
static lt_result_t make_constant(const lt_pattern_t *p, lt_op_t *op,
                                 lt_rewriter_t *rw) {
  LT_UNUSED(p);
  if (!lt_op_attr(op, "make")) return LT_FAILURE;
  lt_context_t *ctx = lt_rewriter_context(rw);
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "test.constant", op->loc);
  lt_op_state_add_attr(&s, "value", lt_attr_integer(ctx, i64, 42));
  lt_op_state_add_result(&s, i64);
  lt_op_t *c = lt_rewriter_create(rw, &s);
  lt_op_state_free(&s);
  lt_op_state_init(&s, ctx, "test.effect", op->loc);
  lt_op_state_add_operand(&s, lt_op_result(c, 0));
  lt_rewriter_replace_op_with_new(rw, op, &s);
  lt_op_state_free(&s);
  return LT_SUCCESS;
}

static void test_created_constant_is_uniqued(void) {
  fixture_t f;
  setup(&f);
  lt_op_t *c = constant(&f, 42);
  lt_value_t *cv = res(c);
  build(&f, "test.effect", 1, &cv, 0, NULL, NULL);
  build(&f, "test.effect", 0, NULL, 0, "make", lt_attr_unit(f.ctx));
  lt_pattern_set_t *set = lt_pattern_set_create(f.ctx);
  lt_pattern_set_add_fn(set, "test.effect", 1, make_constant, NULL);
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, set, NULL, NULL)));
  CHECK(count_ops(f.entry, "test.constant") == 1);
  CHECK(f.entry->first == c);
  LT_FOR_EACH_OP(op, f.entry) {
    if (strcmp(lt_op_name(op), "test.effect") == 0)
      CHECK(lt_op_operand(op, 0) == cv);
  }
  lt_pattern_set_destroy(set);
  teardown(&f);
}

/* A block no branch reaches is erased with region simplification on. */
static void test_unreachable_block(void) {
  fixture_t f;
  setup(&f);
  lt_region_t *body = lt_op_region(f.func, 0);
  lt_op_state_t s;
  build(&f, "test.terminator", 0, NULL, 0, NULL, NULL);
  lt_block_t *dead = lt_builder_create_block(&f.b, body, NULL, 1, &f.i64,
                                             lt_loc_unknown(f.ctx));
  lt_value_t *x = dead->args[0];
  build(&f, "test.effect", 1, &x, 0, NULL, NULL);
  lt_op_state_init(&s, f.ctx, "test.br", lt_loc_unknown(f.ctx));
  lt_op_state_add_successor(&s, dead);
  lt_builder_create(&f.b, &s);
  lt_op_state_free(&s);
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.region_simplify = false;
  bool changed = true;
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, &cfg, &changed)));
  CHECK(!changed && body->first != body->last);
  CHECK(LT_SUCCEEDED(lt_apply_patterns_greedily(f.func, NULL, NULL, &changed)));
  CHECK(changed && body->first == body->last);
  teardown(&f);
}

static bool is_arg_user(lt_op_t *op, void *user) {
  return lt_op_operand(op, 0) == user;
}

static void test_match_chain(void) {
  fixture_t f;
  setup(&f);
  lt_value_t *n = res(build(&f, "test.neg", 1, &f.arg, 1, NULL, NULL));
  lt_value_t *c = res(constant(&f, 3));
  lt_value_t *ops[2] = {c, n};
  lt_op_t *comm = build(&f, "test.commutative", 2, ops, 1, NULL, NULL);
  lt_value_t *cr = res(comm);
  lt_op_t *root = build(&f, "test.pure", 1, &cr, 1, NULL, NULL);

  lt_match_node_t chain[] = {
      {.name = "test.pure"},
      {.name = "test.commutative",
       .parent = 0,
       .operand = 0,
       .single_use = true},
      {.name = "test.neg",
       .parent = 1,
       .operand = LT_MATCH_ANY_OPERAND,
       .pred = is_arg_user,
       .pred_user = f.arg},
  };
  lt_op_t *m[3] = {0};
  CHECK(lt_match_chain(root, chain, 3, m));
  CHECK(m[0] == root && m[1] == comm && m[2] == lt_value_defining_op(n));
  /* A fixed operand position that holds the constant does not match. */
  chain[2].operand = 0;
  CHECK(!lt_match_chain(root, chain, 3, m));
  chain[2].operand = LT_MATCH_ANY_OPERAND;
  /* A second use of the product breaks single_use. */
  build(&f, "test.effect", 1, &cr, 0, NULL, NULL);
  CHECK(!lt_match_chain(root, chain, 3, m));
  chain[1].single_use = false;
  CHECK(lt_match_chain(root, chain, 3, m));
  chain[2].pred_user = NULL;
  CHECK(!lt_match_chain(root, chain, 3, m));
  CHECK(!lt_match_chain(comm, chain, 3, m));
  teardown(&f);
}

int main(void) {
  test_fold_and_dead_constants();
  test_constant_dedup();
  test_iteration_limit();
  test_benefit_order();
  test_dead_op_erasure();
  test_region_dce();
  test_fold_value_and_commutative();
  test_pattern_and_rewrite_limit();
  test_created_constant_is_uniqued();
  test_unreachable_block();
  test_match_chain();
  CHECK(live_blocks == 0);
  if (g_failures) {
    fprintf(stderr, "greedy_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("greedy_test: all checks passed\n");
  return 0;
}

/* ir_ops_test.c - the op/block/region object model: use-lists, RAUW,
 * operand growth, erase, walk, move, clone, op order and the builder. */
#include "ir_test_util.h"

/* A detached holder op with one region and one block to put ops in. */
static lt_op_t *mk_holder(lt_context_t *ctx, lt_block_t **out_body) {
  lt_op_t *h = mk_op(ctx, NULL, "x.holder", 0, NULL, 0, 1, 0, NULL);
  *out_body = add_block(ctx, lt_op_region(h, 0));
  return h;
}

static void test_use_lists(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  lt_op_t *def = mk_def(ctx, body, "x.def");
  lt_value_t *v = lt_op_result(def, 0);
  CHECK(lt_value_use_empty(v));
  enum { N = 1000 };
  lt_op_t *users[N];
  for (int i = 0; i < N; i++) {
    lt_value_t *ops[2] = {v, v};
    users[i] = mk_op(ctx, body, "x.user", 2, ops, 0, 0, 0, NULL);
  }
  CHECK(uses_consistent(v, 2 * N));
  CHECK(!lt_value_has_one_use(v));
  /* Removing uses anywhere in the list is a local unlink. */
  for (int i = 0; i < N; i += 3)
    lt_op_erase(users[i]);
  size_t left = 0;
  for (int i = 0; i < N; i++)
    left += i % 3 ? 2 : 0;
  CHECK(uses_consistent(v, left));
  for (int i = 0; i < N; i++)
    if (i % 3) lt_op_set_operand(users[i], 1, NULL);
  CHECK(uses_consistent(v, left / 2));
  for (int i = 0; i < N; i++)
    if (i % 3) lt_op_erase(users[i]);
  CHECK(uses_consistent(v, 0));
  lt_op_t *one = mk_use1(ctx, body, "x.user", v);
  CHECK(lt_value_has_one_use(v));
  CHECK(v->first_use->owner == one && lt_operand_index(v->first_use) == 0);
  CHECK(!lt_op_use_empty(def));
  lt_op_erase(one);
  CHECK(lt_op_use_empty(def));
  lt_op_destroy(holder);
}

static bool owner_is(lt_operand_t *use, void *user) {
  return use->owner == user;
}

static void test_rauw(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  lt_value_t *a = lt_op_result(mk_def(ctx, body, "x.a"), 0);
  lt_value_t *b = lt_op_result(mk_def(ctx, body, "x.b"), 0);
  lt_op_t *u1 = mk_use1(ctx, body, "x.u", a);
  lt_op_t *u2 = mk_use1(ctx, body, "x.u", a);
  lt_op_t *u3 = mk_use1(ctx, body, "x.u", b);
  lt_value_t *ab[2] = {a, b};
  lt_op_t *u4 = mk_op(ctx, body, "x.u", 2, ab, 0, 0, 0, NULL);
  CHECK(uses_consistent(a, 3) && uses_consistent(b, 2));
  lt_value_replace_all_uses(a, b);
  CHECK(uses_consistent(a, 0) && uses_consistent(b, 5));
  CHECK(lt_op_operand(u1, 0) == b && lt_op_operand(u2, 0) == b);
  CHECK(lt_op_operand(u4, 0) == b && lt_op_operand(u4, 1) == b);
  /* Back again, but only for u2. */
  lt_value_replace_uses_if(b, a, owner_is, u2);
  CHECK(uses_consistent(a, 1) && uses_consistent(b, 4));
  CHECK(lt_op_operand(u2, 0) == a && lt_op_operand(u3, 0) == b);
  /* Replacing into a value that already has uses keeps both lists sound. */
  lt_value_replace_all_uses(b, a);
  CHECK(uses_consistent(a, 5) && uses_consistent(b, 0));
  /* lt_op_replace_all_uses maps every result. */
  lt_op_t *pair = mk_op(ctx, body, "x.pair", 0, NULL, 2, 0, 0, NULL);
  lt_value_t *p01[2] = {lt_op_result(pair, 0), lt_op_result(pair, 1)};
  lt_op_t *pu = mk_op(ctx, body, "x.u", 2, p01, 0, 0, 0, NULL);
  lt_value_t *to[2] = {a, b};
  lt_op_replace_all_uses(pair, to);
  CHECK(lt_op_use_empty(pair));
  CHECK(lt_op_operand(pu, 0) == a && lt_op_operand(pu, 1) == b);
  CHECK(uses_consistent(a, 6) && uses_consistent(b, 1));
  lt_op_destroy(holder);
}

static void test_set_operands(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  lt_value_t *v[8];
  for (int i = 0; i < 8; i++)
    v[i] = lt_op_result(mk_def(ctx, body, "x.d"), 0);
  lt_op_t *op = mk_op(ctx, body, "x.var", 2, v, 1, 0, 0, NULL);
  lt_operand_t *tail = op->operands;
  CHECK(op->operand_capacity == 2);
  /* Growing moves the operands out of the op's own allocation. */
  lt_op_set_operands(op, 5, v + 1);
  CHECK(op->num_operands == 5 && op->operands != tail);
  for (uint32_t i = 0; i < 5; i++) {
    CHECK(lt_op_operand(op, i) == v[i + 1]);
    CHECK(lt_operand_index(&op->operands[i]) == i && op->operands[i].owner == op);
  }
  CHECK(uses_consistent(v[0], 0));
  for (int i = 1; i < 6; i++)
    CHECK(uses_consistent(v[i], 1));
  /* Shrinking keeps the storage; growing within capacity too. */
  lt_operand_t *grown = op->operands;
  lt_op_set_operands(op, 1, v + 7);
  CHECK(op->num_operands == 1 && op->operands == grown);
  CHECK(uses_consistent(v[1], 0) && uses_consistent(v[7], 1));
  lt_op_set_operands(op, 4, v);
  CHECK(op->num_operands == 4 && op->operands == grown);
  CHECK(uses_consistent(v[7], 0) && uses_consistent(v[3], 1));
  lt_value_t *same[8];
  for (int i = 0; i < 8; i++)
    same[i] = v[0];
  lt_op_set_operands(op, 8, same);
  CHECK(op->num_operands == 8 && uses_consistent(v[0], 8));
  lt_op_set_operands(op, 0, NULL);
  CHECK(op->num_operands == 0 && uses_consistent(v[0], 0));
  lt_op_set_operands(op, 3, v + 2);
  CHECK(uses_consistent(v[2], 1) && uses_consistent(v[4], 1));
  lt_op_destroy(holder); /* frees the separate operand array */
}

static void test_erase_while_iterating(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  for (int i = 0; i < 10; i++)
    mk_op(ctx, body, i % 2 ? "x.odd" : "x.even", 0, NULL, 0, 0, 0, NULL);
  LT_FOR_EACH_OP_SAFE(op, tmp, body) {
    if (strcmp(lt_op_name(op), "x.odd") == 0) lt_op_erase(op);
  }
  int n = 0;
  LT_FOR_EACH_OP(op, body) {
    CHECK(strcmp(lt_op_name(op), "x.even") == 0);
    CHECK(op->parent == body);
    n++;
  }
  CHECK(n == 5);
  CHECK(body->first->prev == NULL && body->last->next == NULL);
  LT_FOR_EACH_OP_SAFE(op, tmp, body) lt_op_erase(op);
  CHECK(body->first == NULL && body->last == NULL);
  lt_op_destroy(holder);
}

/* ---- walk ---------------------------------------------------------------- */

typedef struct walk_log {
  char text[256];
  const char *skip, *stop, *erase_except;
} walk_log_t;

static lt_walk_result_t log_fn(lt_op_t *op, void *user) {
  walk_log_t *w = user;
  const char *name = lt_op_name(op) + 2; /* drop "x." */
  strcat(w->text, name);
  strcat(w->text, " ");
  if (w->stop && strcmp(name, w->stop) == 0) return LT_WALK_INTERRUPT;
  if (w->skip && strcmp(name, w->skip) == 0) return LT_WALK_SKIP;
  if (w->erase_except && strcmp(name, w->erase_except) != 0) lt_op_erase(op);
  return LT_WALK_ADVANCE;
}

/* root { a { b  c { d } } ; e  ^bb1: f } */
static lt_op_t *build_tree(lt_context_t *ctx) {
  lt_op_t *root = mk_op(ctx, NULL, "x.root", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *rb = add_block(ctx, lt_op_region(root, 0));
  lt_op_t *a = mk_op(ctx, rb, "x.a", 0, NULL, 0, 2, 0, NULL);
  lt_block_t *ab = add_block(ctx, lt_op_region(a, 0));
  mk_op(ctx, ab, "x.b", 0, NULL, 0, 0, 0, NULL);
  lt_op_t *c = mk_op(ctx, ab, "x.c", 0, NULL, 0, 1, 0, NULL);
  mk_op(ctx, add_block(ctx, lt_op_region(c, 0)), "x.d", 0, NULL, 0, 0, 0, NULL);
  /* a's second region is empty: the walk must step over it. */
  mk_op(ctx, rb, "x.e", 0, NULL, 0, 0, 0, NULL);
  lt_block_t *rb2 = add_block(ctx, lt_op_region(root, 0));
  mk_op(ctx, rb2, "x.f", 0, NULL, 0, 0, 0, NULL);
  return root;
}

static void test_walk(lt_context_t *ctx) {
  lt_op_t *root = build_tree(ctx);
  walk_log_t w = {0};
  CHECK(lt_op_walk(root, LT_WALK_PRE, log_fn, &w) == LT_WALK_ADVANCE);
  CHECK(strcmp(w.text, "root a b c d e f ") == 0);
  memset(&w, 0, sizeof(w));
  lt_op_walk(root, LT_WALK_POST, log_fn, &w);
  CHECK(strcmp(w.text, "b d c a e f root ") == 0);
  memset(&w, 0, sizeof(w));
  w.skip = "a";
  lt_op_walk(root, LT_WALK_PRE, log_fn, &w);
  CHECK(strcmp(w.text, "root a e f ") == 0);
  memset(&w, 0, sizeof(w));
  w.stop = "c";
  CHECK(lt_op_walk(root, LT_WALK_PRE, log_fn, &w) == LT_WALK_INTERRUPT);
  CHECK(strcmp(w.text, "root a b c ") == 0);
  memset(&w, 0, sizeof(w));
  w.stop = "c";
  CHECK(lt_op_walk(root, LT_WALK_POST, log_fn, &w) == LT_WALK_INTERRUPT);
  CHECK(strcmp(w.text, "b d c ") == 0);
  /* Erasing the visited op in post-order leaves only the root. */
  memset(&w, 0, sizeof(w));
  w.erase_except = "root";
  lt_op_walk(root, LT_WALK_POST, log_fn, &w);
  CHECK(strcmp(w.text, "b d c a e f root ") == 0);
  LT_FOR_EACH_BLOCK(b, lt_op_region(root, 0)) CHECK(b->first == NULL);
  lt_op_destroy(root);
}

static lt_walk_result_t count_fn(lt_op_t *op, void *user) {
  LT_UNUSED(op);
  ++*(int *)user;
  return LT_WALK_ADVANCE;
}

/* Deep nesting must neither overflow the walk nor destruction. */
static void test_deep_nesting(lt_context_t *ctx) {
  enum { DEPTH = 20000 };
  lt_op_t *root = mk_op(ctx, NULL, "x.n", 0, NULL, 0, 1, 0, NULL);
  lt_op_t *cur = root;
  for (int i = 0; i < DEPTH; i++)
    cur = mk_op(ctx, add_block(ctx, lt_op_region(cur, 0)), "x.n", 0, NULL, 0, 1,
                0, NULL);
  int count = 0;
  lt_op_walk(root, LT_WALK_POST, count_fn, &count);
  CHECK(count == DEPTH + 1);
  count = 0;
  lt_op_walk(root, LT_WALK_PRE, count_fn, &count);
  CHECK(count == DEPTH + 1);
  lt_op_destroy(root);
}

static void test_move(lt_context_t *ctx) {
  lt_block_t *b1;
  lt_op_t *holder = mk_holder(ctx, &b1);
  lt_block_t *b2 = add_block(ctx, lt_op_region(holder, 0));
  lt_op_t *x = mk_def(ctx, b1, "x.x");
  lt_op_t *y = mk_def(ctx, b1, "x.y");
  lt_op_t *z = mk_def(ctx, b2, "x.z");
  lt_op_move_before(y, x);
  CHECK(b1->first == y && b1->last == x && y->next == x && x->prev == y);
  CHECK(lt_op_is_before(y, x) && !lt_op_is_before(x, y));
  lt_op_move_after(y, z);
  CHECK(y->parent == b2 && b2->first == z && b2->last == y);
  CHECK(b1->first == x && b1->last == x && x->prev == NULL && x->next == NULL);
  CHECK(lt_op_is_before(z, y));
  lt_op_move_before(x, z);
  CHECK(b1->first == NULL && b2->first == x && x->next == z);
  CHECK(lt_op_is_before(x, z) && lt_op_is_before(x, y));
  lt_op_remove(z);
  CHECK(z->parent == NULL && x->next == y && y->prev == x);
  lt_block_push_back(b1, z);
  CHECK(z->parent == b1);
  CHECK(lt_op_parent_op(z) == holder && lt_block_parent_op(b1) == holder);
  CHECK(lt_op_is_ancestor(holder, z) && lt_op_is_ancestor(z, z));
  CHECK(!lt_op_is_ancestor(z, holder));
  CHECK(lt_op_parent_of_name(z, "x.holder") == holder);
  CHECK(lt_op_parent_of_name(z, "x.z") == z);
  CHECK(lt_op_parent_of_name(z, "x.none") == NULL);
  lt_op_destroy(holder);
}

/* Position of op in its block, the ground truth for lt_op_is_before. */
static int position(lt_op_t *op) {
  int i = 0;
  for (lt_op_t *o = op->parent->first; o != op; o = o->next)
    i++;
  return i;
}

static void test_is_before(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  enum { N = 64 };
  lt_op_t *ops[N * 4];
  int n = 0;
  for (; n < N; n++)
    ops[n] = mk_def(ctx, body, "x.o");
  CHECK(lt_op_is_before(ops[0], ops[N - 1]));
  CHECK(!lt_op_is_before(ops[5], ops[5]));
  /* Insert at the front, in the middle and at the end, querying between. */
  unsigned seed = 12345;
  for (int round = 0; round < 3 * N; round++) {
    lt_op_t *op = mk_def(ctx, NULL, "x.o");
    seed = seed * 1103515245u + 12345u;
    lt_op_t *where = ops[(seed >> 8) % (unsigned)n];
    switch (round % 3) {
    case 0:
      lt_block_insert(body, body->first, op);
      break;
    case 1:
      lt_block_insert(body, where, op);
      break;
    default:
      lt_block_push_back(body, op);
      break;
    }
    ops[n++] = op;
    for (int k = 0; k < 8; k++) {
      seed = seed * 1103515245u + 12345u;
      lt_op_t *a = ops[(seed >> 4) % (unsigned)n];
      lt_op_t *b = ops[(seed >> 16) % (unsigned)n];
      CHECK(lt_op_is_before(a, b) == (position(a) < position(b)));
    }
  }
  /* Removing ops keeps the remaining numbering valid. */
  for (int i = 0; i < n; i += 2)
    lt_op_erase(ops[i]);
  for (int i = 1; i + 2 < n; i += 2)
    CHECK(lt_op_is_before(ops[i], ops[i + 2]) ==
          (position(ops[i]) < position(ops[i + 2])));
  lt_op_destroy(holder);
}

static void test_blocks(lt_context_t *ctx) {
  const lt_type_t *i32 = lt_type_integer(ctx, 32, LT_SIGNLESS);
  const lt_type_t *f32 = lt_type_f32(ctx);
  lt_block_t *b = lt_block_create(ctx);
  lt_value_t *a0 = lt_block_add_arg(b, i32, NULL);
  lt_value_t *a1 = lt_block_add_arg(b, f32, NULL);
  lt_value_t *a2 = lt_block_add_arg(b, i32, NULL);
  CHECK(b->num_args == 3 && a0->is_block_arg && a1->index == 1);
  CHECK(lt_value_parent_block(a2) == b && a0->owner.block == b);
  lt_op_t *u = mk_use1(ctx, b, "x.u", a2);
  lt_block_erase_arg(b, 1);
  CHECK(b->num_args == 2 && b->args[1] == a2 && a2->index == 1);
  CHECK(lt_op_operand(u, 0) == a2);
  CHECK(lt_value_loc(a0) != NULL);
  lt_block_t *c = lt_block_create(ctx);
  mk_def(ctx, c, "x.c1");
  mk_def(ctx, c, "x.c2");
  lt_block_splice(b, c);
  CHECK(c->first == NULL && b->last &&
        strcmp(lt_op_name(b->last), "x.c2") == 0);
  CHECK(b->last->parent == b && lt_op_is_before(u, b->last));
  lt_block_destroy(c);

  /* Regions: take_body moves blocks; predecessors follow successor uses. */
  lt_region_t *r1 = lt_region_create(ctx), *r2 = lt_region_create(ctx);
  lt_region_push_back(r1, b);
  lt_block_t *d = lt_block_create(ctx);
  lt_region_insert(r1, b, d);
  CHECK(r1->first == d && r1->last == b);
  CHECK(lt_block_has_no_preds(b));
  lt_op_t *br = mk_op(ctx, d, "t.br", 0, NULL, 0, 0, 1, &b);
  CHECK(!lt_block_has_no_preds(b) && b->first_pred->owner == br);
  CHECK(lt_block_terminator(d) == br && lt_block_terminator(b) == NULL);
  lt_op_set_successor(br, 0, d);
  CHECK(lt_block_has_no_preds(b) && d->first_pred->owner == br);
  lt_op_set_successor(br, 0, b);
  lt_region_take_body(r2, r1);
  CHECK(lt_region_empty(r1) && r2->first == d && d->parent == r2 &&
        b->parent == r2);
  lt_region_remove(r2, d);
  CHECK(r2->first == b && d->parent == NULL);
  lt_block_destroy(d); /* detaches br's successor link as the block goes */
  CHECK(lt_block_has_no_preds(b));
  lt_region_destroy(r1);
  lt_region_destroy(r2);
}

static void test_attrs(lt_context_t *ctx) {
  lt_op_t *op = mk_def(ctx, NULL, "x.attrs");
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  CHECK(op->attrs && op->attrs->kind == LT_ATTR_DICT);
  CHECK(lt_op_attr(op, "k") == NULL);
  const lt_attr_t *one = lt_attr_integer(ctx, i64, 1);
  const lt_attr_t *two = lt_attr_integer(ctx, i64, 2);
  lt_op_set_attr(op, "k", one);
  lt_op_set_attr(op, "a", two);
  CHECK(lt_op_attr(op, "k") == one && lt_op_attr(op, "a") == two);
  CHECK(op->attrs->dict.count == 2);
  CHECK(strcmp(op->attrs->dict.entries[0].name->str, "a") == 0);
  lt_op_set_attr(op, "k", two);
  CHECK(lt_op_attr(op, "k") == two && op->attrs->dict.count == 2);
  CHECK(lt_op_attr_id(op, lt_ident_cstr(ctx, "k")) == two);
  lt_op_set_attr(op, "k", NULL);
  CHECK(lt_op_attr(op, "k") == NULL && op->attrs->dict.count == 1);
  /* Many attributes: lookups by name use the sorted order. */
  char name[16];
  for (int i = 0; i < 40; i++) {
    snprintf(name, sizeof(name), "n%d", i);
    lt_op_set_attr(op, name, lt_attr_integer(ctx, i64, i));
  }
  for (int i = 0; i < 40; i++) {
    snprintf(name, sizeof(name), "n%d", i);
    const lt_attr_t *a = lt_op_attr(op, name);
    CHECK(a && a->i == i);
  }
  CHECK(lt_op_attr(op, "n40") == NULL && lt_op_attr(op, "n") == NULL);
  lt_op_set_attrs(op, NULL);
  CHECK(op->attrs->dict.count == 0);
  lt_op_destroy(op);
}

static void test_clone(lt_context_t *ctx) {
  lt_block_t *outer;
  lt_op_t *holder = mk_holder(ctx, &outer);
  lt_value_t *ext = lt_op_result(mk_def(ctx, outer, "x.ext"), 0);
  /* op { ^bb0(%arg): br ^bb2 ; ^bb1: %v = def; use(%v) ; ^bb2: use(%w, ext)
   *      br ^bb1 } where %w is defined in ^bb1 after ^bb2 in layout order. */
  lt_op_t *op = mk_op(ctx, outer, "x.op", 1, &ext, 2, 1, 0, NULL);
  lt_op_set_attr(op, "tag", lt_attr_unit(ctx));
  lt_region_t *r = lt_op_region(op, 0);
  lt_block_t *b0 = add_block(ctx, r);
  lt_block_t *b2 = add_block(ctx, r);
  lt_block_t *b1 = add_block(ctx, r);
  lt_value_t *arg = lt_block_add_arg(b0, lt_type_f32(ctx), NULL);
  mk_op(ctx, b0, "t.br", 1, &arg, 0, 0, 1, &b1);
  lt_op_t *def = mk_def(ctx, b1, "x.def");
  lt_value_t *w = lt_op_result(def, 0);
  mk_op(ctx, b1, "t.br", 0, NULL, 0, 0, 1, &b2);
  lt_value_t *we[2] = {w, ext};
  lt_op_t *inner = mk_op(ctx, b2, "x.inner", 2, we, 0, 1, 0, NULL);
  lt_block_t *ib = add_block(ctx, lt_op_region(inner, 0));
  mk_use1(ctx, ib, "x.nested", w);
  mk_op(ctx, b2, "t.ret", 0, NULL, 0, 0, 0, NULL);

  lt_ir_map_t *map = lt_ir_map_create(ctx);
  lt_op_t *copy = lt_op_clone(op, map);
  CHECK(copy && copy->parent == NULL && copy != op);
  CHECK(copy->info == op->info && copy->attrs == op->attrs);
  CHECK(copy->num_results == 2 && lt_op_operand(copy, 0) == ext);
  CHECK(lt_ir_map_lookup_value(map, lt_op_result(op, 1)) ==
        lt_op_result(copy, 1));
  CHECK(lt_op_result(copy, 0)->type == lt_op_result(op, 0)->type);
  lt_region_t *cr = lt_op_region(copy, 0);
  lt_block_t *c0 = cr->first, *c2 = c0 ? c0->next : NULL,
             *c1 = c2 ? c2->next : NULL;
  CHECK(c0 && c1 && c2 && c1->next == NULL);
  CHECK(lt_ir_map_lookup_block(map, b1) == c1);
  CHECK(c0->num_args == 1 && c0->args[0] != arg);
  CHECK(c0->args[0]->type == arg->type);
  lt_op_t *cbr = c0->first;
  CHECK(cbr->successors[0].block == c1 && lt_op_operand(cbr, 0) == c0->args[0]);
  CHECK(c1->last->successors[0].block == c2);
  lt_op_t *cinner = c2->first;
  lt_value_t *cw = lt_op_result(c1->first, 0);
  CHECK(cw != w && lt_op_operand(cinner, 0) == cw);
  CHECK(lt_op_operand(cinner, 1) == ext);
  lt_op_t *cnested = lt_op_region(cinner, 0)->first->first;
  CHECK(lt_op_operand(cnested, 0) == cw);
  CHECK(uses_consistent(w, 2) && uses_consistent(cw, 2));
  CHECK(count_uses(ext) == 4);
  CHECK(!lt_block_has_no_preds(c1) && c1->first_pred->owner == cbr);
  lt_ir_map_destroy(map);

  /* A pre-mapped outside value is substituted; NULL map works too. */
  map = lt_ir_map_create(ctx);
  lt_value_t *other = lt_op_result(mk_def(ctx, outer, "x.other"), 0);
  lt_ir_map_value(map, ext, other);
  lt_op_t *copy2 = lt_op_clone(op, map);
  CHECK(lt_op_operand(copy2, 0) == other);
  CHECK(count_uses(other) == 2);
  lt_ir_map_destroy(map);
  lt_op_t *copy3 = lt_op_clone(op, NULL);
  CHECK(copy3 && lt_op_operand(copy3, 0) == ext);

  /* lt_region_clone_into appends before a given block. */
  lt_region_t *dst = lt_region_create(ctx);
  lt_block_t *tailb = add_block(ctx, dst);
  lt_region_clone_into(r, dst, tailb, NULL);
  int nblocks = 0;
  LT_FOR_EACH_BLOCK(b, dst) nblocks++;
  CHECK(nblocks == 4 && dst->last == tailb);
  lt_region_destroy(dst);

  lt_op_destroy(copy);
  lt_op_destroy(copy2);
  lt_op_destroy(copy3);
  lt_op_destroy(holder);
}

/* ---- builder --------------------------------------------------------------
 */

typedef struct listen_log {
  int inserted;
  lt_op_t *last;
} listen_log_t;

static void on_inserted(void *user, lt_op_t *op) {
  listen_log_t *l = user;
  l->inserted++;
  l->last = op;
}

static void test_builder(lt_context_t *ctx) {
  lt_block_t *body;
  lt_op_t *holder = mk_holder(ctx, &body);
  listen_log_t log = {0};
  lt_listener_t listener = {.user = &log, .op_inserted = on_inserted};
  lt_builder_t b;
  lt_builder_init(&b, ctx);
  b.listener = &listener;
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "x.first", NULL);
  lt_op_t *detached = lt_builder_create(&b, &s);
  lt_op_state_free(&s);
  CHECK(detached && detached->parent == NULL && log.inserted == 0);
  lt_builder_set_block_end(&b, body);
  lt_builder_insert(&b, detached);
  CHECK(body->first == detached && log.inserted == 1 && log.last == detached);
  lt_op_t *second = mk_def(ctx, NULL, "x.second");
  lt_builder_set_block_start(&b, body);
  lt_builder_insert(&b, second);
  CHECK(body->first == second && second->next == detached);
  lt_op_t *third = mk_def(ctx, NULL, "x.third");
  lt_builder_set_after(&b, second);
  lt_builder_insert(&b, third);
  CHECK(second->next == third && third->next == detached);
  lt_op_t *fourth = mk_def(ctx, NULL, "x.fourth");
  lt_builder_set_before(&b, second);
  lt_builder_insert(&b, fourth);
  CHECK(body->first == fourth && log.inserted == 4);
  /* Clone notifies nested ops too. */
  lt_op_t *withregion = mk_op(ctx, NULL, "x.r", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *rb = add_block(ctx, lt_op_region(withregion, 0));
  mk_def(ctx, rb, "x.n1");
  mk_def(ctx, rb, "x.n2");
  lt_builder_set_block_end(&b, body);
  lt_op_t *cl = lt_builder_clone(&b, withregion, NULL);
  CHECK(cl && body->last == cl && log.inserted == 4 + 3 && log.last == cl);
  /* Blocks with arguments; the insertion point moves into the new block. */
  const lt_type_t *tys[2] = {lt_type_f32(ctx), lt_type_index(ctx)};
  lt_block_t *nb =
      lt_builder_create_block(&b, lt_op_region(holder, 0), NULL, 2, tys, NULL);
  CHECK(nb && nb->num_args == 2 && nb->args[1]->type == tys[1]);
  CHECK(b.block == nb && b.before == NULL &&
        lt_op_region(holder, 0)->last == nb);
  lt_builder_create_block(&b, lt_op_region(holder, 0), nb, 0, NULL, NULL);
  CHECK(b.block->next == nb);
  lt_op_destroy(withregion);
  lt_op_destroy(holder);
}

static void test_module(lt_context_t *ctx) {
  lt_op_t *m = lt_module_create(ctx, NULL);
  CHECK(m && m->info->registered);
  CHECK(strcmp(lt_op_name(m), "builtin.module") == 0);
  lt_block_t *body = lt_module_body(m);
  CHECK(body && body == lt_op_region(m, 0)->first);
  CHECK(lt_op_has_trait(m, LT_TRAIT_SYMBOL_TABLE) &&
        lt_op_has_trait(m, LT_TRAIT_NO_TERMINATOR));
  CHECK(lt_op_context(m) == ctx);
  lt_op_destroy(m);
}

int main(void) {
  lt_context_t *ctx = make_context(NULL);
  test_use_lists(ctx);
  test_rauw(ctx);
  test_set_operands(ctx);
  test_erase_while_iterating(ctx);
  test_walk(ctx);
  test_deep_nesting(ctx);
  test_move(ctx);
  test_is_before(ctx);
  test_blocks(ctx);
  test_attrs(ctx);
  test_clone(ctx);
  test_builder(ctx);
  test_module(ctx);
  lt_context_destroy(ctx);
  if (g_failures) {
    fprintf(stderr, "ir_ops_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("ir_ops_test: all checks passed\n");
  return 0;
}

/* cse.c - common subexpression elimination (MLIR's CSE pass).
 *
 * Blocks are visited so that dominators come first (single-block regions
 * directly, multi-block regions in reverse post-order; unreachable blocks
 * and multi-block graph regions are skipped). A pure op is replaced by an
 * earlier equivalent one that dominates it: same name, attributes, operands
 * (in any order for commutative ops), result types and structurally equal
 * regions. Ops of isolated-from-above and unregistered ops' regions get a
 * table of their own, so nothing is captured across their boundary. Trivially
 * dead pure ops met on the way are erased too, as MLIR's CSE does; erasure
 * waits until the walk ends. Side-effecting ops, terminators and unregistered
 * ops are never merged. */
#include <string.h>

#include "ir/dominance.h"
#include "ir/rewrite.h"
#include "passes/pass_list.h"

enum { STAT_CSE, STAT_DCE };

static const lt_pass_statistic_t cse_statistics[] = {
    [STAT_CSE] = {"num-cse", "Number of operations CSE'd"},
    [STAT_DCE] = {"num-dce", "Number of operations DCE'd"},
};

typedef struct cse_slot {
  lt_op_t *op;
  uint64_t hash;
} cse_slot_t;

/* Known ops of one isolation scope: a multimap from op hash to ops. */
typedef struct cse_table {
  cse_slot_t *slots;
  size_t cap, count;
} cse_table_t;

typedef struct cse {
  lt_allocator_t allocator;
  lt_dominance_t *dom;
  lt_op_t **erase;
  size_t num_erase, cap_erase;
  uint64_t num_cse, num_dce;
  bool oom;
} cse_t;

static uint64_t op_hash(lt_op_t *op) {
  uint64_t h = lt_hash_ptr(op->info);
  h = lt_hash_combine(h, lt_hash_ptr(op->attrs));
  for (uint32_t i = 0; i < op->num_results; i++)
    h = lt_hash_combine(h, lt_hash_ptr(op->results[i].type));
  /* Operand order does not matter for commutative ops: sum the hashes. */
  if (lt_op_has_trait(op, LT_TRAIT_COMMUTATIVE)) {
    uint64_t sum = 0;
    for (uint32_t i = 0; i < op->num_operands; i++)
      sum += lt_hash_ptr(op->operands[i].value);
    h = lt_hash_combine(h, sum);
  } else {
    for (uint32_t i = 0; i < op->num_operands; i++)
      h = lt_hash_combine(h, lt_hash_ptr(op->operands[i].value));
  }
  return lt_hash_combine(h, op->num_regions);
}

/* ---- structural equivalence ---------------------------------------------- */

/* Pairs of values defined inside the compared regions. */
typedef struct vmap {
  const lt_value_t **from, **to;
  size_t count, cap;
  lt_allocator_t allocator;
  bool oom;
} vmap_t;

static void vmap_add(vmap_t *m, const lt_value_t *a, const lt_value_t *b) {
  if (m->count == m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 16;
    const lt_value_t **f =
        lt_realloc(m->allocator, m->from, m->cap * sizeof *f, cap * sizeof *f);
    if (!f) {
      m->oom = true;
      return;
    }
    m->from = f;
    const lt_value_t **t =
        lt_realloc(m->allocator, m->to, m->cap * sizeof *t, cap * sizeof *t);
    if (!t) {
      m->oom = true;
      return;
    }
    m->to = t;
    m->cap = cap;
  }
  m->from[m->count] = a;
  m->to[m->count++] = b;
}

static bool vmap_match(const vmap_t *m, const lt_value_t *a,
                       const lt_value_t *b) {
  if (a == b) return true;
  if (!m) return false;
  for (size_t i = m->count; i-- > 0;)
    if (m->from[i] == a) return m->to[i] == b;
  return false;
}

static bool ops_equivalent(lt_op_t *a, lt_op_t *b, vmap_t *m);

/* Operands of a commutative op match as a multiset (as MLIR's
 * OperationEquivalence compares them). */
static bool operands_match_unordered(lt_op_t *a, lt_op_t *b, vmap_t *m) {
  uint64_t used = 0; /* ops with more than 64 operands compare in order */
  if (a->num_operands > 64) return false;
  for (uint32_t i = 0; i < a->num_operands; i++) {
    bool found = false;
    for (uint32_t j = 0; j < b->num_operands && !found; j++) {
      if (used & (1ull << j)) continue;
      if (vmap_match(m, a->operands[i].value, b->operands[j].value)) {
        used |= 1ull << j;
        found = true;
      }
    }
    if (!found) return false;
  }
  return true;
}

static bool operands_match(lt_op_t *a, lt_op_t *b, vmap_t *m) {
  bool in_order = true;
  for (uint32_t i = 0; i < a->num_operands && in_order; i++)
    in_order = vmap_match(m, a->operands[i].value, b->operands[i].value);
  if (in_order) return true;
  return lt_op_has_trait(a, LT_TRAIT_COMMUTATIVE) &&
         operands_match_unordered(a, b, m);
}

static bool regions_equivalent(lt_region_t *ra, lt_region_t *rb, vmap_t *m) {
  lt_block_t *ba = ra->first, *bb = rb->first;
  for (; ba && bb; ba = ba->next, bb = bb->next) {
    if (ba->num_args != bb->num_args) return false;
    for (uint32_t i = 0; i < ba->num_args; i++) {
      if (ba->args[i]->type != bb->args[i]->type) return false;
      vmap_add(m, ba->args[i], bb->args[i]);
    }
    lt_op_t *oa = ba->first, *ob = bb->first;
    for (; oa && ob; oa = oa->next, ob = ob->next) {
      if (!ops_equivalent(oa, ob, m)) return false;
      for (uint32_t i = 0; i < oa->num_results; i++)
        vmap_add(m, &oa->results[i], &ob->results[i]);
    }
    if (oa || ob || m->oom) return false;
  }
  return !ba && !bb;
}

static bool ops_equivalent(lt_op_t *a, lt_op_t *b, vmap_t *m) {
  if (a->info != b->info || a->attrs != b->attrs ||
      a->num_operands != b->num_operands || a->num_results != b->num_results ||
      a->num_regions != b->num_regions || a->num_successors ||
      b->num_successors)
    return false;
  for (uint32_t i = 0; i < a->num_results; i++)
    if (a->results[i].type != b->results[i].type) return false;
  if (!operands_match(a, b, m)) return false;
  if (a->num_regions == 0) return true;
  vmap_t local = {.allocator = lt_context_allocator(lt_op_context(a))};
  vmap_t *use = m ? m : &local;
  bool eq = true;
  for (uint32_t i = 0; i < a->num_regions && eq; i++)
    eq = regions_equivalent(&a->regions[i], &b->regions[i], use);
  if (!m) {
    lt_free(local.allocator, local.from, local.cap * sizeof *local.from);
    lt_free(local.allocator, local.to, local.cap * sizeof *local.to);
  }
  return eq;
}

/* ---- table
 * ------------------------------------------------------------------- */

static bool table_insert(cse_t *s, cse_table_t *t, lt_op_t *op, uint64_t h) {
  if ((t->count + 1) * 4 > t->cap * 3) {
    size_t cap = t->cap ? t->cap * 2 : 64;
    cse_slot_t *slots = lt_calloc(s->allocator, cap * sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < t->cap; i++) {
      if (!t->slots[i].op) continue;
      size_t j = (size_t)t->slots[i].hash & (cap - 1);
      while (slots[j].op)
        j = (j + 1) & (cap - 1);
      slots[j] = t->slots[i];
    }
    lt_free(s->allocator, t->slots, t->cap * sizeof *t->slots);
    t->slots = slots;
    t->cap = cap;
  }
  size_t j = (size_t)h & (t->cap - 1);
  while (t->slots[j].op)
    j = (j + 1) & (t->cap - 1);
  t->slots[j] = (cse_slot_t){op, h};
  t->count++;
  return true;
}

/* An earlier equivalent op that dominates op (ops in regions that were
 * left behind do not dominate it, which is what scoping achieves). */
static lt_op_t *table_lookup(cse_t *s, cse_table_t *t, lt_op_t *op,
                             uint64_t h) {
  if (!t->cap) return NULL;
  for (size_t j = (size_t)h & (t->cap - 1); t->slots[j].op;
       j = (j + 1) & (t->cap - 1)) {
    lt_op_t *e = t->slots[j].op;
    if (t->slots[j].hash == h && ops_equivalent(e, op, NULL) &&
        lt_dominance_op_properly_dominates(s->dom, e, op))
      return e;
  }
  return NULL;
}

static void table_free(cse_t *s, cse_table_t *t) {
  lt_free(s->allocator, t->slots, t->cap * sizeof *t->slots);
}

/* ---- walk
 * ----------------------------------------------------------------------- */

static void schedule_erase(cse_t *s, lt_op_t *op) {
  if (s->num_erase == s->cap_erase) {
    size_t cap = s->cap_erase ? s->cap_erase * 2 : 32;
    lt_op_t **e = lt_realloc(s->allocator, s->erase, s->cap_erase * sizeof *e,
                             cap * sizeof *e);
    if (!e) {
      s->oom = true;
      return;
    }
    s->erase = e;
    s->cap_erase = cap;
  }
  s->erase[s->num_erase++] = op;
}

static bool has_multi_block_region(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_regions; i++)
    if (op->regions[i].first && op->regions[i].first != op->regions[i].last)
      return true;
  return false;
}

static void simplify_op(cse_t *s, cse_table_t *t, lt_op_t *op) {
  if (lt_op_has_trait(op, LT_TRAIT_TERMINATOR)) return;
  if (lt_op_is_trivially_dead(op)) {
    schedule_erase(s, op);
    s->num_dce++;
    return;
  }
  if (!op->info->registered || !lt_op_has_trait(op, LT_TRAIT_PURE) ||
      op->num_successors || has_multi_block_region(op) ||
      !lt_op_would_be_trivially_dead(op))
    return;
  uint64_t h = op_hash(op);
  lt_op_t *existing = table_lookup(s, t, op, h);
  if (existing) {
    for (uint32_t i = 0; i < op->num_results; i++)
      lt_value_replace_all_uses(&op->results[i], &existing->results[i]);
    schedule_erase(s, op);
    s->num_cse++;
    return;
  }
  if (!table_insert(s, t, op, h)) s->oom = true;
}

static void simplify_region(cse_t *s, cse_table_t *t, lt_region_t *r);

static void simplify_block(cse_t *s, cse_table_t *t, lt_block_t *b) {
  LT_FOR_EACH_OP(op, b) {
    if (op->num_regions) {
      /* Values may not cross into isolated regions (an unregistered op's
       * regions might be isolated). */
      if (!op->info->registered ||
          lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE)) {
        cse_table_t nested = {0};
        for (uint32_t i = 0; i < op->num_regions; i++)
          simplify_region(s, &nested, &op->regions[i]);
        table_free(s, &nested);
      } else {
        for (uint32_t i = 0; i < op->num_regions; i++)
          simplify_region(s, t, &op->regions[i]);
      }
    }
    simplify_op(s, t, op);
  }
}

/* Reverse post-order of the blocks reachable from the entry. */
static size_t reverse_post_order(cse_t *s, lt_region_t *r,
                                 lt_block_t ***out_order) {
  size_t n = 0;
  LT_FOR_EACH_BLOCK(b, r) { n++; }
  lt_block_t **blocks = lt_calloc(s->allocator, n * sizeof *blocks);
  lt_block_t **order = lt_calloc(s->allocator, n * sizeof *order);
  struct frame {
    uint32_t block, next_succ;
  } *stack = lt_calloc(s->allocator, n * sizeof *stack);
  uint8_t *seen = lt_calloc(s->allocator, n);
  size_t count = 0;
  if (!blocks || !order || !stack || !seen) {
    s->oom = true;
    goto done;
  }
  size_t i = 0;
  LT_FOR_EACH_BLOCK(b, r) { blocks[i++] = b; }
  /* Blocks are few; index lookups by linear search keep this simple. */
  size_t sp = 0, post = n;
  stack[sp++] = (struct frame){0, 0};
  seen[0] = 1;
  while (sp) {
    struct frame *f = &stack[sp - 1];
    lt_op_t *term = blocks[f->block]->last;
    uint32_t ns = term ? term->num_successors : 0;
    if (f->next_succ < ns) {
      lt_block_t *succ = term->successors[f->next_succ++].block;
      for (size_t k = 0; k < n; k++)
        if (blocks[k] == succ && !seen[k]) {
          seen[k] = 1;
          stack[sp++] = (struct frame){(uint32_t)k, 0};
          break;
        }
      continue;
    }
    order[--post] = blocks[f->block];
    sp--;
  }
  count = n - post;
  memmove(order, order + post, count * sizeof *order);
done:
  lt_free(s->allocator, blocks, n * sizeof *blocks);
  lt_free(s->allocator, stack, n * sizeof *stack);
  lt_free(s->allocator, seen, n);
  if (s->oom) {
    lt_free(s->allocator, order, n * sizeof *order);
    order = NULL;
  }
  *out_order = order;
  return count;
}

static void simplify_region(cse_t *s, cse_table_t *t, lt_region_t *r) {
  if (!r->first) return;
  if (r->first == r->last) {
    simplify_block(s, t, r->first);
    return;
  }
  if (!lt_region_has_ssa_dominance(r)) return;
  lt_block_t **order;
  size_t n = reverse_post_order(s, r, &order);
  for (size_t i = 0; i < n; i++)
    simplify_block(s, t, order[i]);
  size_t total = 0;
  LT_FOR_EACH_BLOCK(b, r) { total++; }
  lt_free(s->allocator, order, total * sizeof *order);
}

static lt_result_t run_cse(lt_pass_t *pass, lt_op_t *op) {
  lt_context_t *ctx = lt_op_context(op);
  cse_t s = {.allocator = lt_context_allocator(ctx)};
  s.dom = lt_dominance_create(ctx);
  if (!s.dom) return lt_op_emit_error(op, "out of memory");
  cse_table_t table = {0};
  for (uint32_t i = 0; i < op->num_regions; i++)
    simplify_region(&s, &table, &op->regions[i]);
  table_free(&s, &table);
  lt_dominance_destroy(s.dom);
  for (size_t i = 0; i < s.num_erase; i++)
    lt_op_erase(s.erase[i]);
  lt_free(s.allocator, s.erase, s.cap_erase * sizeof *s.erase);
  lt_pass_stat_add(pass, STAT_CSE, s.num_cse);
  lt_pass_stat_add(pass, STAT_DCE, s.num_dce);
  lt_pass_set_changed(pass, s.num_cse + s.num_dce > 0);
  if (s.oom) return lt_op_emit_error(op, "out of memory");
  return LT_SUCCESS;
}

const lt_pass_info_t lt_cse_pass = {
    .argument = "cse",
    .name = "CSE",
    .summary = "Eliminate common sub-expressions",
    .anchor = NULL,
    .options_size = 0,
    .options = NULL,
    .num_options = 0,
    .statistics = cse_statistics,
    .num_statistics = LT_ARRAY_SIZE(cse_statistics),
    .run = run_cse,
};

/* rewrite.c - pattern sets, the rewriter, folding helpers and matchers.
 * The greedy driver that uses them lives in greedy.c. */
#include "ir/rewrite.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- pattern sets -------------------------------------------------------- */

typedef struct lt_pattern_entry {
  lt_pattern_t pattern;
  const lt_op_info_t *info; /* NULL for any-op patterns */
  uint32_t seq;             /* insertion order, breaks benefit ties */
} lt_pattern_entry_t;

struct lt_pattern_set {
  lt_context_t *ctx;
  lt_allocator_t allocator;
  /* Kept sorted by (info, benefit descending, seq), so the patterns of one
   * root are a contiguous best-first run found by binary search. */
  lt_pattern_entry_t *entries;
  size_t count, cap;
  uint32_t next_seq;
  bool failed; /* a pattern could not be added: the set is incomplete */
};

lt_pattern_set_t *lt_pattern_set_create(lt_context_t *ctx) {
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_pattern_set_t *set = lt_calloc(a, sizeof *set);
  if (!set) return NULL;
  set->ctx = ctx;
  set->allocator = a;
  return set;
}

void lt_pattern_set_destroy(lt_pattern_set_t *set) {
  if (!set) return;
  lt_free(set->allocator, set->entries, set->cap * sizeof *set->entries);
  lt_free(set->allocator, set, sizeof *set);
}

static int entry_cmp(const lt_pattern_entry_t *a, const lt_pattern_entry_t *b) {
  if (a->info != b->info)
    return (uintptr_t)a->info < (uintptr_t)b->info ? -1 : 1;
  if (a->pattern.benefit != b->pattern.benefit)
    return a->pattern.benefit > b->pattern.benefit ? -1 : 1;
  return a->seq < b->seq ? -1 : (a->seq > b->seq);
}

lt_result_t lt_pattern_set_add(lt_pattern_set_t *set,
                               const lt_pattern_t *pattern) {
  if (!set) return LT_FAILURE;
  if (!pattern || !pattern->match_and_rewrite) {
    set->failed = true;
    return LT_FAILURE;
  }
  if (set->count == set->cap) {
    size_t cap = set->cap ? set->cap * 2 : 16;
    lt_pattern_entry_t *e = lt_realloc(set->allocator, set->entries,
                                       set->cap * sizeof *e, cap * sizeof *e);
    if (!e) {
      set->failed = true;
      return LT_FAILURE;
    }
    set->entries = e;
    set->cap = cap;
  }
  lt_pattern_entry_t entry = {*pattern, NULL, set->next_seq++};
  if (pattern->root) {
    entry.info = lt_op_info_get(set->ctx, pattern->root, strlen(pattern->root));
    /* A NULL info would make a root pattern an any-op one. */
    if (!entry.info) {
      set->failed = true;
      return LT_FAILURE;
    }
  }
  /* Insertion keeps the order; the set is built once, so O(n) is fine. */
  size_t lo = 0, hi = set->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (entry_cmp(&set->entries[mid], &entry) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  memmove(&set->entries[lo + 1], &set->entries[lo],
          (set->count - lo) * sizeof *set->entries);
  set->entries[lo] = entry;
  set->count++;
  return LT_SUCCESS;
}

lt_result_t lt_pattern_set_add_fn(lt_pattern_set_t *set, const char *root,
                                  uint16_t benefit, lt_match_rewrite_fn_t fn,
                                  void *user) {
  lt_pattern_t p = {root, benefit, fn, user, NULL};
  return lt_pattern_set_add(set, &p);
}

bool lt_pattern_set_failed(const lt_pattern_set_t *set) {
  return set && set->failed;
}

size_t lt_pattern_set_size(const lt_pattern_set_t *set) {
  return set ? set->count : 0;
}

size_t lt_pattern_set_index(const lt_pattern_set_t *set,
                            const lt_pattern_t *pattern) {
  /* A scan by equality: ordering a foreign pointer against the entries
   * would be undefined, and a set holds few patterns. */
  for (size_t i = 0; set && i < set->count; i++)
    if (&set->entries[i].pattern == pattern) return set->entries[i].seq;
  return SIZE_MAX;
}

lt_context_t *lt_pattern_set_context(const lt_pattern_set_t *set) {
  return set->ctx;
}

void lt_pattern_set_add_dialect_canonicalizations(lt_pattern_set_t *set,
                                                  const lt_dialect_t *dialect) {
  if (!dialect) return;
  for (size_t i = 0; i < dialect->num_ops; i++)
    if (dialect->ops[i].canonicalize)
      dialect->ops[i].canonicalize(set->ctx, set);
}

/* [begin, end) of the entries rooted at info. */
static void entry_range(const lt_pattern_set_t *set, const lt_op_info_t *info,
                        size_t *out_begin, size_t *out_end) {
  size_t lo = 0, hi = set->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if ((uintptr_t)set->entries[mid].info < (uintptr_t)info)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t end = lo;
  while (end < set->count && set->entries[end].info == info)
    end++;
  *out_begin = lo;
  *out_end = end;
}

size_t lt_pattern_set_lookup(const lt_pattern_set_t *set, const lt_op_t *op,
                             const lt_pattern_t **out_patterns, size_t cap) {
  if (!set || set->count == 0) return 0;
  size_t ob, oe, ab, ae;
  entry_range(set, op->info, &ob, &oe);
  entry_range(set, NULL, &ab, &ae);
  size_t n = 0;
  /* Merge the two best-first runs; on equal benefit the earlier-added wins,
   * as MLIR's applicator orders by benefit and keeps insertion order. */
  while (ob < oe || ab < ae) {
    const lt_pattern_entry_t *e;
    if (ab >= ae)
      e = &set->entries[ob++];
    else if (ob >= oe)
      e = &set->entries[ab++];
    else {
      const lt_pattern_entry_t *x = &set->entries[ob], *y = &set->entries[ab];
      bool take_x =
          x->pattern.benefit > y->pattern.benefit ||
          (x->pattern.benefit == y->pattern.benefit && x->seq < y->seq);
      e = take_x ? &set->entries[ob++] : &set->entries[ab++];
    }
    if (n < cap) out_patterns[n] = &e->pattern;
    n++;
  }
  return n;
}

/* ---- rewriter ------------------------------------------------------------ */

void lt_rewriter_init(lt_rewriter_t *rw, lt_context_t *ctx,
                      const lt_listener_t *listener) {
  memset(rw, 0, sizeof *rw);
  lt_builder_init(&rw->b, ctx);
  if (listener) {
    rw->listener = *listener;
    rw->b.listener = &rw->listener;
  }
}

void lt_rewriter_set_before(lt_rewriter_t *rw, lt_op_t *op) {
  lt_builder_set_before(&rw->b, op);
}

void lt_rewriter_set_after(lt_rewriter_t *rw, lt_op_t *op) {
  lt_builder_set_after(&rw->b, op);
}

lt_op_t *lt_rewriter_create(lt_rewriter_t *rw, const lt_op_state_t *state) {
  return lt_builder_create(&rw->b, state);
}

lt_op_t *lt_rewriter_insert(lt_rewriter_t *rw, lt_op_t *op) {
  return lt_builder_insert(&rw->b, op);
}

static const lt_listener_t *listener_of(lt_rewriter_t *rw) {
  return rw->b.listener;
}

void lt_rewriter_erase_op(lt_rewriter_t *rw, lt_op_t *op) {
  const lt_listener_t *l = listener_of(rw);
  if (l && l->op_erased) l->op_erased(l->user, op);
  lt_op_erase(op);
}

void lt_rewriter_replace_op(lt_rewriter_t *rw, lt_op_t *op,
                            lt_value_t *const *values) {
  const lt_listener_t *l = listener_of(rw);
  if (l && l->op_replaced) l->op_replaced(l->user, op, values);
  if (op->num_results) lt_op_replace_all_uses(op, values);
  lt_rewriter_erase_op(rw, op);
}

lt_op_t *lt_rewriter_replace_op_with_new(lt_rewriter_t *rw, lt_op_t *op,
                                         const lt_op_state_t *state) {
  uint32_t n = op->num_results;
  if (state->num_results != n) return NULL;
  lt_value_t *stack_vals[8];
  lt_value_t **vals = stack_vals;
  lt_allocator_t a = lt_context_allocator(rw->b.ctx);
  if (n > 8) {
    vals = lt_alloc(a, n * sizeof *vals);
    if (!vals) return NULL;
  }
  lt_builder_set_before(&rw->b, op);
  lt_op_t *created = lt_builder_create(&rw->b, state);
  if (created) {
    for (uint32_t i = 0; i < n; i++)
      vals[i] = lt_op_result(created, i);
    lt_rewriter_replace_op(rw, op, vals);
  }
  if (vals != stack_vals) lt_free(a, vals, n * sizeof *vals);
  return created;
}

/* Notifies every op of the blocks, drops the uses among them, then erases
 * them: ops in dead blocks may use each other in any order. */
static void erase_blocks(lt_rewriter_t *rw, lt_block_t *const *blocks,
                         size_t n) {
  const lt_listener_t *l = listener_of(rw);
  for (size_t i = 0; i < n; i++)
    LT_FOR_EACH_OP(op, blocks[i]) {
      if (l && l->op_erased) l->op_erased(l->user, op);
    }
  for (size_t i = 0; i < n; i++)
    LT_FOR_EACH_OP(op, blocks[i]) { lt_op_drop_all_references(op); }
  for (size_t i = 0; i < n; i++) {
    lt_block_t *b = blocks[i];
    while (b->last) {
      lt_op_t *op = b->last;
      for (uint32_t r = 0; r < op->num_results; r++)
        while (op->results[r].first_use)
          lt_op_set_operand(op->results[r].first_use->owner,
                            lt_operand_index(op->results[r].first_use),
                            NULL);
      lt_op_erase(op);
    }
  }
  for (size_t i = 0; i < n; i++) {
    lt_block_t *b = blocks[i];
    if (b->parent) lt_region_remove(b->parent, b);
    lt_block_destroy(b);
  }
}

void lt_rewriter_erase_block(lt_rewriter_t *rw, lt_block_t *block) {
  erase_blocks(rw, &block, 1);
}

void lt_rewriter_erase_blocks(lt_rewriter_t *rw, lt_block_t *const *blocks,
                              size_t n) {
  erase_blocks(rw, blocks, n);
}

void lt_rewriter_replace_all_uses(lt_rewriter_t *rw, lt_value_t *from,
                                  lt_value_t *to) {
  const lt_listener_t *l = listener_of(rw);
  if (from == to) return;
  while (from->first_use) {
    lt_operand_t *use = from->first_use;
    lt_op_t *user = use->owner;
    lt_op_set_operand(user, lt_operand_index(use), to);
    if (l && l->op_modified) l->op_modified(l->user, user);
  }
}

void lt_rewriter_modify_start(lt_rewriter_t *rw, lt_op_t *op) {
  LT_UNUSED(rw);
  LT_UNUSED(op);
}

void lt_rewriter_modify_finalize(lt_rewriter_t *rw, lt_op_t *op) {
  const lt_listener_t *l = listener_of(rw);
  if (l && l->op_modified) l->op_modified(l->user, op);
}

void lt_rewriter_modify_cancel(lt_rewriter_t *rw, lt_op_t *op) {
  LT_UNUSED(rw);
  LT_UNUSED(op);
}

lt_result_t lt_rewriter_notify_match_failure(lt_rewriter_t *rw, lt_op_t *op,
                                             const char *fmt, ...) {
  if (!rw->on_match_failure) return LT_FAILURE;
  lt_strbuf_t sb = {0};
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&sb, fmt, ap);
  va_end(ap);
  rw->on_match_failure(rw->match_failure_user, op, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return LT_FAILURE;
}

/* ---- dead ops and folding ------------------------------------------------ */

/* A pure op is dead-erasable only if nothing nested in it has effects. */
static bool regions_are_pure(lt_op_t *op) {
  for (uint32_t r = 0; r < op->num_regions; r++)
    LT_FOR_EACH_BLOCK(b, &op->regions[r]) {
      LT_FOR_EACH_OP(nested, b) {
        if (!nested->info->registered ||
            !lt_op_has_trait(nested, LT_TRAIT_PURE))
          return false;
        if (nested->num_regions && !regions_are_pure(nested)) return false;
      }
    }
  return true;
}

bool lt_op_would_be_trivially_dead(lt_op_t *op) {
  if (!op->info->registered) return false; /* unknown effects */
  if (lt_op_has_trait(op, LT_TRAIT_TERMINATOR) ||
      lt_op_has_trait(op, LT_TRAIT_SYMBOL) ||
      !lt_op_has_trait(op, LT_TRAIT_PURE))
    return false;
  return op->num_regions == 0 || regions_are_pure(op);
}

bool lt_op_is_trivially_dead(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (!lt_value_use_empty(&op->results[i])) return false;
  return lt_op_would_be_trivially_dead(op);
}

static const lt_attr_t *constant_op_value(const lt_op_t *op) {
  if (!op || !lt_op_has_trait(op, LT_TRAIT_CONSTANT_LIKE) ||
      op->num_results != 1)
    return NULL;
  return lt_op_attr(op, "value");
}

lt_result_t lt_op_fold(lt_op_t *op, lt_fold_result_t *out_results) {
  for (uint32_t i = 0; i < op->num_results; i++)
    out_results[i] = (lt_fold_result_t){NULL, NULL};
  const lt_op_def_t *def = op->info->def;
  if (!def || !def->fold) {
    const lt_attr_t *value = constant_op_value(op);
    if (!value) return LT_FAILURE;
    out_results[0].attr = value;
    return LT_SUCCESS;
  }
  const lt_attr_t *stack_consts[8];
  const lt_attr_t **consts = stack_consts;
  uint32_t n = op->num_operands;
  lt_allocator_t a = lt_context_allocator(lt_op_context(op));
  if (n > 8) {
    consts = lt_alloc(a, n * sizeof *consts);
    if (!consts) return LT_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    consts[i] = v ? lt_match_constant(v) : NULL;
  }
  lt_result_t r = def->fold(op, consts, out_results);
  if (consts != stack_consts) lt_free(a, consts, n * sizeof *consts);
  return r;
}

/* ---- matchers ------------------------------------------------------------ */

const lt_attr_t *lt_match_constant(const lt_value_t *v) {
  if (!v || v->is_block_arg) return NULL;
  return constant_op_value(v->owner.op);
}

static bool attr_int(const lt_attr_t *a, int64_t *out) {
  if (!a) return false;
  switch (a->kind) {
  case LT_ATTR_BOOL:
    *out = a->b ? 1 : 0;
    return true;
  case LT_ATTR_INTEGER:
    *out = a->i;
    return true;
  case LT_ATTR_DENSE:
    if (!a->dense.splat || !lt_type_is_int_or_index(lt_type_element(a->type)))
      return false;
    *out = lt_attr_dense_int(a, 0);
    return true;
  default:
    return false;
  }
}

static bool attr_float(const lt_attr_t *a, double *out) {
  if (!a) return false;
  if (a->kind == LT_ATTR_FLOAT) {
    *out = a->f;
    return true;
  }
  if (a->kind == LT_ATTR_DENSE && a->dense.splat &&
      lt_type_is_float(lt_type_element(a->type))) {
    *out = lt_attr_dense_float(a, 0);
    return true;
  }
  return false;
}

bool lt_match_constant_int(const lt_value_t *v, int64_t *out_value) {
  return attr_int(lt_match_constant(v), out_value);
}

bool lt_match_constant_float(const lt_value_t *v, double *out_value) {
  return attr_float(lt_match_constant(v), out_value);
}

/* Compares the low `width` bits only: i1 `true` may be stored as -1. */
static bool int_bits_equal(int64_t v, const lt_type_t *t, uint64_t x) {
  uint32_t w = lt_type_bit_width(lt_type_element(t));
  uint64_t mask = (w == 0 || w >= 64) ? ~0ull : ((1ull << w) - 1);
  return ((uint64_t)v & mask) == (x & mask);
}

static bool match_int_or_float(const lt_value_t *v, uint64_t ix, double fx) {
  const lt_attr_t *a = lt_match_constant(v);
  int64_t i;
  double f;
  if (attr_int(a, &i)) return int_bits_equal(i, a->type, ix);
  if (attr_float(a, &f)) {
    if (fx == 0.0) return f == 0.0 && !signbit(f);
    return f == fx;
  }
  return false;
}

bool lt_match_zero(const lt_value_t *v) {
  return match_int_or_float(v, 0, 0.0);
}

bool lt_match_one(const lt_value_t *v) { return match_int_or_float(v, 1, 1.0); }

static bool node_accepts(const lt_match_node_t *node, lt_op_t *op) {
  if (!op) return false;
  if (node->name && strcmp(lt_op_name(op), node->name) != 0) return false;
  return !node->pred || node->pred(op, node->pred_user);
}

static bool match_from(const lt_match_node_t *nodes, uint32_t n, uint32_t i,
                       lt_op_t **out_ops) {
  if (i == n) return true;
  const lt_match_node_t *node = &nodes[i];
  if (node->parent < 0 || (uint32_t)node->parent >= i) return false;
  lt_op_t *consumer = out_ops[node->parent];
  uint32_t first = 0, last = consumer->num_operands;
  if (node->operand != LT_MATCH_ANY_OPERAND) {
    if (node->operand >= consumer->num_operands) return false;
    first = node->operand;
    last = first + 1;
  }
  for (uint32_t k = first; k < last; k++) {
    lt_value_t *v = lt_op_operand(consumer, k);
    if (!v) continue;
    lt_op_t *def = lt_value_defining_op(v);
    if (!node_accepts(node, def)) continue;
    if (node->single_use && !lt_value_has_one_use(v)) continue;
    out_ops[i] = def;
    if (match_from(nodes, n, i + 1, out_ops)) return true;
  }
  out_ops[i] = NULL;
  return false;
}

bool lt_match_chain(lt_op_t *root, const lt_match_node_t *nodes, uint32_t n,
                    lt_op_t **out_ops) {
  if (n == 0 || !node_accepts(&nodes[0], root)) return false;
  out_ops[0] = root;
  return match_from(nodes, n, 1, out_ops);
}

/* dominance.c - per-region dominator trees and dominance queries.
 *
 * A tree is built with the Cooper-Harvey-Kennedy iteration over reverse
 * post-order, then numbered by a DFS of the tree so that a query is two
 * comparisons: a dominates b iff in[a] <= in[b] <= out[a]. Unreachable
 * blocks get in = 0: they dominate nothing and are dominated by everything,
 * as in LLVM's DominatorTree. */
#include "ir/dominance.h"

#include <string.h>

#include "ir/op_internal.h"
#include "ir/ptr_map.h"

#define NONE UINT32_MAX

typedef struct dom_tree {
  uint32_t n;
  uint32_t *in, *out; /* by block position in the region */
} dom_tree_t;

struct lt_dominance {
  lt_allocator_t allocator;
  lt_ptr_map_t block_index; /* block -> position + 1 (as a pointer) */
  lt_ptr_map_t trees;       /* region -> dom_tree_t* */
};

lt_dominance_t *lt_dominance_create(lt_context_t *ctx) {
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_dominance_t *d = lt_alloc(a, sizeof(*d));
  if (!d) return NULL;
  d->allocator = a;
  lt_ptr_map_init(&d->block_index, a);
  lt_ptr_map_init(&d->trees, a);
  return d;
}

static void free_trees(lt_dominance_t *d) {
  for (size_t i = 0; i < d->trees.cap; i++) {
    lt_ptr_map_entry_t *e = &d->trees.entries[i];
    if (!e->value) continue;
    dom_tree_t *t = e->value;
    lt_free(d->allocator, t->in, 2 * (size_t)t->n * sizeof(uint32_t));
    lt_free(d->allocator, t, sizeof(*t));
    e->value = NULL;
  }
}

void lt_dominance_invalidate(lt_dominance_t *d) {
  free_trees(d);
  lt_ptr_map_clear(&d->trees);
  lt_ptr_map_clear(&d->block_index);
}

void lt_dominance_destroy(lt_dominance_t *d) {
  if (!d) return;
  free_trees(d);
  lt_ptr_map_deinit(&d->trees);
  lt_ptr_map_deinit(&d->block_index);
  lt_free(d->allocator, d, sizeof(*d));
}

/* ---- region structure --------------------------------------------------- */

bool lt_region_has_ssa_dominance(const lt_region_t *r) {
  const lt_op_t *op = r ? r->parent : NULL;
  return !(op && op->info->registered &&
           (op->info->traits & LT_TRAIT_GRAPH_REGION));
}

lt_op_t *lt_region_find_ancestor_op(lt_region_t *r, lt_op_t *op) {
  while (op) {
    lt_block_t *b = op->parent;
    if (!b) return NULL;
    if (b->parent == r) return op;
    op = b->parent ? b->parent->parent : NULL;
  }
  return NULL;
}

lt_block_t *lt_region_find_ancestor_block(lt_region_t *r, lt_block_t *b) {
  while (b) {
    if (b->parent == r) return b;
    lt_op_t *op = b->parent ? b->parent->parent : NULL;
    b = op ? op->parent : NULL;
  }
  return NULL;
}

bool lt_region_is_ancestor(const lt_region_t *a, const lt_region_t *b) {
  for (; b; b = lt_region_parent_region(b))
    if (a == b) return true;
  return false;
}

/* ---- tree construction --------------------------------------------------- */

static uint32_t block_pos(const lt_dominance_t *d, const lt_block_t *b) {
  void *v;
  if (!lt_ptr_map_find(&d->block_index, b, &v)) return NONE;
  return (uint32_t)((uintptr_t)v - 1);
}

static uint32_t intersect(const uint32_t *idom, const uint32_t *post,
                          uint32_t a, uint32_t b) {
  while (a != b) {
    while (post[a] < post[b])
      a = idom[a];
    while (post[b] < post[a])
      b = idom[b];
  }
  return a;
}

static dom_tree_t *build_tree(lt_dominance_t *d, lt_region_t *r) {
  uint32_t n = 0;
  LT_FOR_EACH_BLOCK(b, r) n++;
  lt_allocator_t a = d->allocator;
  dom_tree_t *t = lt_alloc(a, sizeof(*t));
  /* Scratch: blocks, post, order, idom, stack, stack positions/children. */
  size_t scratch_words = 7 * (size_t)n + 1;
  uint32_t *scratch = lt_alloc(a, scratch_words * sizeof(uint32_t));
  lt_block_t **blocks = lt_alloc(a, n * sizeof(lt_block_t *));
  uint32_t *inout = lt_calloc(a, 2 * (size_t)n * sizeof(uint32_t));
  if (!t || !scratch || !blocks || !inout) {
    if (t) lt_free(a, t, sizeof(*t));
    if (scratch) lt_free(a, scratch, scratch_words * sizeof(uint32_t));
    if (blocks) lt_free(a, blocks, n * sizeof(lt_block_t *));
    if (inout) lt_free(a, inout, 2 * (size_t)n * sizeof(uint32_t));
    return NULL;
  }
  t->n = n;
  t->in = inout;
  t->out = inout + n;
  uint32_t *post = scratch, *order = post + n, *idom = order + n,
           *stack = idom + n, *spos = stack + n, *child_start = spos + n,
           *children = child_start + n + 1;
  uint32_t i = 0;
  LT_FOR_EACH_BLOCK(b, r) {
    blocks[i] = b;
    lt_ptr_map_put(&d->block_index, b, (void *)(uintptr_t)(i + 1));
    post[i] = NONE;
    idom[i] = NONE;
    i++;
  }

  /* Post-order DFS from the entry along terminator successors. */
  uint32_t sp = 0, count = 0;
  stack[sp] = 0;
  spos[sp++] = 0;
  post[0] = NONE - 1; /* visited, not yet numbered */
  while (sp) {
    uint32_t bi = stack[sp - 1];
    lt_op_t *term = blocks[bi]->last;
    uint32_t ns = term ? term->num_successors : 0;
    if (spos[sp - 1] < ns) {
      lt_block_t *s = term->successors[spos[sp - 1]++].block;
      if (!s || s->parent != r) continue;
      uint32_t si = block_pos(d, s);
      if (post[si] != NONE) continue;
      post[si] = NONE - 1;
      stack[sp] = si;
      spos[sp++] = 0;
      continue;
    }
    post[bi] = count;
    order[count++] = bi;
    sp--;
  }

  /* Cooper-Harvey-Kennedy: iterate idoms over reverse post-order. */
  idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t k = count - 1; k-- > 0;) {
      uint32_t bi = order[k];
      uint32_t nd = NONE;
      for (lt_successor_t *u = blocks[bi]->first_pred; u; u = u->next_use) {
        lt_block_t *pb = u->owner->parent;
        if (!pb || pb->parent != r || pb->last != u->owner) continue;
        uint32_t pi = block_pos(d, pb);
        if (post[pi] >= NONE - 1 || idom[pi] == NONE) continue;
        nd = nd == NONE ? pi : intersect(idom, post, pi, nd);
      }
      if (nd != idom[bi]) {
        idom[bi] = nd;
        changed = true;
      }
    }
  }

  /* Children lists (counting sort by parent), then DFS numbering. */
  memset(child_start, 0, (n + 1) * sizeof(uint32_t));
  for (uint32_t v = 1; v < n; v++)
    if (idom[v] != NONE && v != 0) child_start[idom[v] + 1]++;
  for (uint32_t v = 0; v < n; v++)
    child_start[v + 1] += child_start[v];
  /* spos doubles as the fill cursor of each child list. */
  for (uint32_t v = 0; v < n; v++)
    spos[v] = child_start[v];
  for (uint32_t v = 1; v < n; v++)
    if (idom[v] != NONE) children[spos[idom[v]]++] = v;
  uint32_t clock = 0;
  sp = 0;
  stack[sp++] = 0;
  t->in[0] = ++clock;
  for (uint32_t v = 0; v < n; v++)
    spos[v] = child_start[v];
  while (sp) {
    uint32_t v = stack[sp - 1];
    if (spos[v] < child_start[v + 1]) {
      uint32_t c = children[spos[v]++];
      t->in[c] = ++clock;
      stack[sp++] = c;
    } else {
      t->out[v] = clock;
      sp--;
    }
  }
  lt_free(a, scratch, scratch_words * sizeof(uint32_t));
  lt_free(a, blocks, n * sizeof(lt_block_t *));
  lt_ptr_map_put(&d->trees, r, t);
  return t;
}

static dom_tree_t *tree_of(lt_dominance_t *d, lt_region_t *r) {
  dom_tree_t *t = lt_ptr_map_get(&d->trees, r);
  return t ? t : build_tree(d, r);
}

/* a != b, both blocks of the multi-block region r. */
static bool tree_properly_dominates(lt_dominance_t *d, lt_region_t *r,
                                    lt_block_t *a, lt_block_t *b) {
  dom_tree_t *t = tree_of(d, r);
  if (!t) return false;
  uint32_t ia = block_pos(d, a), ib = block_pos(d, b);
  if (ia == NONE || ib == NONE) return false;
  if (t->in[ib] == 0) return true;
  if (t->in[ia] == 0) return false;
  return t->in[ia] < t->in[ib] && t->in[ib] <= t->out[ia];
}

/* ---- queries ------------------------------------------------------------- */

bool lt_dominance_reachable(lt_dominance_t *d, lt_block_t *b) {
  lt_region_t *r = b->parent;
  if (!r || r->first == r->last) return true;
  dom_tree_t *t = tree_of(d, r);
  if (!t) return true;
  uint32_t i = block_pos(d, b);
  return i == NONE || t->in[i] != 0;
}

bool lt_dominance_block_properly_dominates(lt_dominance_t *d, lt_block_t *a,
                                           lt_block_t *b) {
  if (a == b) return !lt_region_has_ssa_dominance(a->parent);
  lt_region_t *r = a->parent;
  if (!r) return false;
  if (r != b->parent) {
    b = lt_region_find_ancestor_block(r, b);
    if (!b) return false;
    if (a == b) return true;
  }
  return tree_properly_dominates(d, r, a, b);
}

static bool op_properly_dominates(lt_dominance_t *d, lt_op_t *a, lt_op_t *b,
                                  bool enclosing_ok) {
  lt_block_t *ab = a->parent, *bb = b->parent;
  if (!ab || !bb) return false;
  if (a == b) return !lt_region_has_ssa_dominance(ab->parent);
  lt_region_t *r = ab->parent;
  if (r != bb->parent) {
    if (!r) return false;
    b = lt_region_find_ancestor_op(r, b);
    if (!b) return false;
    bb = b->parent;
    /* Otherwise an op "dominates" its nested ops only in a graph region:
     * the same-block rule below decides, as in MLIR. */
    if (a == b && enclosing_ok) return true;
  }
  if (ab == bb) return !lt_region_has_ssa_dominance(r) || lt_op_is_before(a, b);
  if (!r) return false;
  return tree_properly_dominates(d, r, ab, bb);
}

bool lt_dominance_op_properly_dominates(lt_dominance_t *d, lt_op_t *a,
                                        lt_op_t *b) {
  return op_properly_dominates(d, a, b, true);
}

bool lt_dominance_value_dominates(lt_dominance_t *d, lt_value_t *v,
                                  lt_op_t *op) {
  if (v->is_block_arg) {
    lt_block_t *a = v->owner.block, *b = op->parent;
    if (!b) return false;
    return a == b || lt_dominance_block_properly_dominates(d, a, b);
  }
  /* A value is not available inside the regions of its own defining op. */
  return op_properly_dominates(d, v->owner.op, op, false);
}

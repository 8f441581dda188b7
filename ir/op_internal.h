/* op_internal.h - layout of operations and blocks shared by the files of the
 * IR core object model (operation.c, block.c, clone.c, walk.c, verifier.c).
 * Internal to ir/. */
#ifndef LITE_IR_OP_INTERNAL_H
#define LITE_IR_OP_INTERNAL_H

#include "ir/operation.h"

/* An op's allocation is [results][lt_op_impl_t][operands][successors]
 * [regions]; ops find their context through op->info->ctx, and the size of
 * the allocation from the counts (the tail operands end where the
 * successors begin). */
typedef struct lt_op_impl {
  lt_op_t op;
} lt_op_impl_t;

typedef struct lt_block_impl {
  lt_block_t block;
  lt_context_t *ctx;
} lt_block_impl_t;

typedef struct lt_region_impl {
  lt_region_t region;
  lt_context_t *ctx;
} lt_region_impl_t;

/* op->order value of an op whose position has not been numbered yet. */
#define LT_ORDER_INVALID UINT32_MAX
/* Gap left between numbered ops so most insertions need no renumbering. */
#define LT_ORDER_STRIDE 5u

static inline lt_context_t *lt_block_context(const lt_block_t *b) {
  return ((const lt_block_impl_t *)b)->ctx;
}

/* Allocates an op with room for everything; operands and successors start
 * unlinked (NULL) and regions empty. attrs must be a DICT attribute. */
lt_op_t *lt_op_alloc(lt_context_t *ctx, const lt_op_info_t *info, lt_loc_t loc,
                     const lt_attr_t *attrs, uint32_t num_results,
                     const lt_type_t *const *result_types,
                     uint32_t num_operands, uint32_t num_successors,
                     uint32_t num_regions);

/* ---- use-list links ------------------------------------------------------ */
static inline void lt_use_link(lt_operand_t *u, lt_value_t *v) {
  u->value = v;
  if (!v) {
    u->next_use = NULL;
    u->back = NULL;
    return;
  }
  u->next_use = v->first_use;
  if (v->first_use) v->first_use->back = &u->next_use;
  u->back = &v->first_use;
  v->first_use = u;
}

static inline void lt_use_unlink(lt_operand_t *u) {
  if (!u->value) return;
  *u->back = u->next_use;
  if (u->next_use) u->next_use->back = u->back;
  u->value = NULL;
  u->next_use = NULL;
  u->back = NULL;
}

static inline void lt_succ_link(lt_successor_t *s, lt_block_t *b) {
  s->block = b;
  if (!b) {
    s->next_use = NULL;
    s->back = NULL;
    return;
  }
  s->next_use = b->first_pred;
  if (b->first_pred) b->first_pred->back = &s->next_use;
  s->back = &b->first_pred;
  b->first_pred = s;
}

static inline void lt_succ_unlink(lt_successor_t *s) {
  if (!s->block) return;
  *s->back = s->next_use;
  if (s->next_use) s->next_use->back = s->back;
  s->block = NULL;
  s->next_use = NULL;
  s->back = NULL;
}

/* Frees a block's arguments and the block itself; its ops must be gone and
 * nothing may use its arguments or name it as a successor any more. */
void lt_block_free_storage(lt_block_t *b);

/* Drops the operand and successor links of op itself (not nested ops). */
void lt_op_drop_own_references(lt_op_t *op);

/* Region of the block a value is defined in; NULL when detached. */
static inline lt_region_t *lt_value_parent_region(const lt_value_t *v) {
  lt_block_t *b = v->is_block_arg ? v->owner.block : v->owner.op->parent;
  return b ? b->parent : NULL;
}

static inline lt_op_t *lt_region_parent_op(const lt_region_t *r) {
  return r->parent;
}

/* Parent region of the op owning region r, NULL at top level. */
static inline lt_region_t *lt_region_parent_region(const lt_region_t *r) {
  lt_op_t *p = r->parent;
  return p && p->parent ? p->parent->parent : NULL;
}

#endif /* LITE_IR_OP_INTERNAL_H */

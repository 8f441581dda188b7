/* block.c - blocks (arguments, op lists, predecessor lists) and regions
 * (block lists, splice, take_body). */
#include <string.h>

#include "ir/op_internal.h"

/* ---- blocks -------------------------------------------------------------- */

lt_block_t *lt_block_create(lt_context_t *ctx) {
  lt_block_impl_t *impl =
      lt_calloc(lt_context_allocator(ctx), sizeof(lt_block_impl_t));
  if (!impl) return NULL;
  impl->ctx = ctx;
  impl->block.order_valid = true; /* an empty list is trivially numbered */
  return &impl->block;
}

void lt_block_free_storage(lt_block_t *b) {
  lt_allocator_t a = lt_context_allocator(lt_block_context(b));
  for (uint32_t i = 0; i < b->num_args; i++) {
    lt_value_t *arg = b->args[i];
    while (arg->first_use)
      lt_use_unlink(arg->first_use);
    lt_free(a, arg, sizeof(lt_value_t));
  }
  if (b->args) lt_free(a, b->args, b->args_capacity * sizeof(lt_value_t *));
  /* Branches that still name this block would dangle: detach them. */
  while (b->first_pred)
    lt_succ_unlink(b->first_pred);
  lt_free(a, b, sizeof(lt_block_impl_t));
}

/* Erases every op of the block; references between them are dropped first
 * so that no op is destroyed while another still uses its results. */
static void block_clear_ops(lt_block_t *b) {
  for (lt_op_t *op = b->first; op; op = op->next)
    lt_op_drop_all_references(op);
  lt_op_t *op = b->first;
  while (op) {
    lt_op_t *next = op->next;
    op->parent = NULL;
    op->prev = op->next = NULL;
    lt_op_destroy(op);
    op = next;
  }
  b->first = b->last = NULL;
  b->order_valid = true;
}

void lt_block_destroy(lt_block_t *b) {
  if (!b) return;
  if (b->parent) lt_region_remove(b->parent, b);
  block_clear_ops(b);
  lt_block_free_storage(b);
}

lt_value_t *lt_block_add_arg(lt_block_t *b, const lt_type_t *type,
                             lt_loc_t loc) {
  lt_context_t *ctx = lt_block_context(b);
  lt_allocator_t a = lt_context_allocator(ctx);
  if (b->num_args == b->args_capacity) {
    uint32_t cap = b->args_capacity ? b->args_capacity * 2 : 4;
    lt_value_t **fresh =
        lt_realloc(a, b->args, b->args_capacity * sizeof(lt_value_t *),
                   cap * sizeof(lt_value_t *));
    if (!fresh) return NULL;
    b->args = fresh;
    b->args_capacity = cap;
  }
  lt_value_t *v = lt_calloc(a, sizeof(lt_value_t));
  if (!v) return NULL;
  v->type = type;
  v->index = b->num_args;
  v->is_block_arg = true;
  v->owner.block = b;
  v->loc = loc ? loc : lt_loc_unknown(ctx);
  b->args[b->num_args++] = v;
  return v;
}

void lt_block_erase_arg(lt_block_t *b, uint32_t i) {
  if (i >= b->num_args) return;
  lt_value_t *arg = b->args[i];
  while (arg->first_use)
    lt_use_unlink(arg->first_use);
  lt_free(lt_context_allocator(lt_block_context(b)), arg, sizeof(lt_value_t));
  for (uint32_t j = i + 1; j < b->num_args; j++) {
    b->args[j - 1] = b->args[j];
    b->args[j - 1]->index = j - 1;
  }
  b->num_args--;
}

void lt_block_insert(lt_block_t *b, lt_op_t *before, lt_op_t *op) {
  if (op->parent) lt_op_remove(op);
  op->parent = b;
  op->order = LT_ORDER_INVALID;
  if (before) {
    op->next = before;
    op->prev = before->prev;
    if (before->prev)
      before->prev->next = op;
    else
      b->first = op;
    before->prev = op;
  } else {
    op->next = NULL;
    op->prev = b->last;
    if (b->last)
      b->last->next = op;
    else
      b->first = op;
    b->last = op;
  }
}

void lt_block_push_back(lt_block_t *b, lt_op_t *op) {
  lt_block_insert(b, NULL, op);
}

lt_op_t *lt_block_terminator(lt_block_t *b) {
  lt_op_t *last = b->last;
  if (!last) return NULL;
  if (lt_op_has_trait(last, LT_TRAIT_TERMINATOR)) return last;
  /* An unregistered op may be a terminator; one with successors must be. */
  if (!last->info->registered && last->num_successors) return last;
  return NULL;
}

bool lt_block_has_no_preds(const lt_block_t *b) {
  return b->first_pred == NULL;
}

void lt_block_splice(lt_block_t *dst, lt_block_t *src) {
  if (dst == src || !src->first) return;
  for (lt_op_t *op = src->first; op; op = op->next) {
    op->parent = dst;
    op->order = LT_ORDER_INVALID;
  }
  if (dst->last) {
    dst->last->next = src->first;
    src->first->prev = dst->last;
  } else {
    dst->first = src->first;
  }
  dst->last = src->last;
  src->first = src->last = NULL;
  dst->order_valid = false;
}

/* ---- regions ------------------------------------------------------------- */

lt_region_t *lt_region_create(lt_context_t *ctx) {
  lt_region_impl_t *impl =
      lt_calloc(lt_context_allocator(ctx), sizeof(lt_region_impl_t));
  if (!impl) return NULL;
  impl->ctx = ctx;
  return &impl->region;
}

void lt_region_destroy(lt_region_t *r) {
  if (!r) return;
  lt_region_clear(r);
  lt_region_impl_t *impl = (lt_region_impl_t *)r;
  lt_free(lt_context_allocator(impl->ctx), impl, sizeof(*impl));
}

void lt_region_insert(lt_region_t *r, lt_block_t *before, lt_block_t *b) {
  if (b->parent) lt_region_remove(b->parent, b);
  b->parent = r;
  if (before) {
    b->next = before;
    b->prev = before->prev;
    if (before->prev)
      before->prev->next = b;
    else
      r->first = b;
    before->prev = b;
  } else {
    b->next = NULL;
    b->prev = r->last;
    if (r->last)
      r->last->next = b;
    else
      r->first = b;
    r->last = b;
  }
}

void lt_region_push_back(lt_region_t *r, lt_block_t *b) {
  lt_region_insert(r, NULL, b);
}

void lt_region_remove(lt_region_t *r, lt_block_t *b) {
  if (b->parent != r) return;
  if (b->prev)
    b->prev->next = b->next;
  else
    r->first = b->next;
  if (b->next)
    b->next->prev = b->prev;
  else
    r->last = b->prev;
  b->prev = b->next = NULL;
  b->parent = NULL;
}

void lt_region_clear(lt_region_t *r) {
  /* Uses may cross blocks (and branches name blocks): drop every reference
   * in the region before destroying anything. */
  LT_FOR_EACH_BLOCK(b, r) {
    LT_FOR_EACH_OP(op, b) lt_op_drop_all_references(op);
  }
  lt_block_t *b = r->first;
  while (b) {
    lt_block_t *next = b->next;
    b->parent = NULL;
    b->prev = b->next = NULL;
    lt_block_destroy(b);
    b = next;
  }
  r->first = r->last = NULL;
}

void lt_region_take_body(lt_region_t *dst, lt_region_t *src) {
  if (dst == src || !src->first) return;
  for (lt_block_t *b = src->first; b; b = b->next)
    b->parent = dst;
  if (dst->last) {
    dst->last->next = src->first;
    src->first->prev = dst->last;
  } else {
    dst->first = src->first;
  }
  dst->last = src->last;
  src->first = src->last = NULL;
}

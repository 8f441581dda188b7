/* operation.c - operations: creation state, the single-allocation layout,
 * destroy/erase/move, operand use-lists, attributes and parent queries. */
#include <string.h>

#include "ir/context_impl.h"
#include "ir/diagnostics.h"
#include "ir/op_internal.h"

static inline lt_op_impl_t *impl_of(const lt_op_t *op) {
  return (lt_op_impl_t *)op;
}

/* Operands live right after the op until lt_op_set_operands outgrows them. */
static inline lt_operand_t *operand_tail(lt_op_t *op) {
  return (lt_operand_t *)(impl_of(op) + 1);
}

static lt_allocator_t op_allocator(const lt_op_t *op) {
  return lt_context_allocator(op->info->ctx);
}

/* ---- op state ----------------------------------------------------------- */

void lt_op_state_init(lt_op_state_t *s, lt_context_t *ctx, const char *name,
                      lt_loc_t loc) {
  memset(s, 0, sizeof(*s));
  s->ctx = ctx;
  s->info = lt_op_info_get(ctx, name, strlen(name));
  s->loc = loc ? loc : lt_loc_unknown(ctx);
}

/* Grows one of the state's arrays. Arrays filled directly by the caller
 * (capacity 0 but a count) are borrowed: copy them instead of reallocating. */
static bool state_grow(lt_op_state_t *s, void **arr, uint32_t count,
                       uint32_t *cap, size_t elem) {
  if (count < *cap) return true;
  uint32_t new_cap = *cap ? *cap * 2 : 4;
  while (new_cap <= count)
    new_cap *= 2;
  lt_allocator_t a = lt_context_allocator(s->ctx);
  void *fresh;
  if (*cap == 0) {
    fresh = lt_alloc(a, new_cap * elem);
    if (fresh && count) memcpy(fresh, *arr, count * elem);
  } else {
    fresh = lt_realloc(a, *arr, *cap * elem, new_cap * elem);
  }
  if (!fresh) return false;
  *arr = fresh;
  *cap = new_cap;
  return true;
}

/* Marks the state failed and returns false. */
static bool state_fail(lt_op_state_t *s) {
  s->failed = true;
  return false;
}

bool lt_op_state_add_operand(lt_op_state_t *s, lt_value_t *v) {
  if (!state_grow(s, (void **)&s->operands, s->num_operands, &s->cap_operands,
                  sizeof(*s->operands)))
    return state_fail(s);
  s->operands[s->num_operands++] = v;
  return true;
}

bool lt_op_state_add_result(lt_op_state_t *s, const lt_type_t *t) {
  if (!t || !state_grow(s, (void **)&s->result_types, s->num_results,
                        &s->cap_results, sizeof(*s->result_types)))
    return state_fail(s);
  s->result_types[s->num_results++] = t;
  return true;
}

bool lt_op_state_add_successor(lt_op_state_t *s, lt_block_t *b) {
  if (!state_grow(s, (void **)&s->successors, s->num_successors,
                  &s->cap_successors, sizeof(*s->successors)))
    return state_fail(s);
  s->successors[s->num_successors++] = b;
  return true;
}

bool lt_op_state_add_attr(lt_op_state_t *s, const char *name,
                          const lt_attr_t *value) {
  const lt_ident_t *id = lt_ident_cstr(s->ctx, name);
  if (!id || !value ||
      !state_grow(s, (void **)&s->attrs, s->num_attrs, &s->cap_attrs,
                  sizeof(*s->attrs)))
    return state_fail(s);
  s->attrs[s->num_attrs].name = id;
  s->attrs[s->num_attrs].value = value;
  s->num_attrs++;
  return true;
}

lt_region_t *lt_op_state_add_region(lt_op_state_t *s) {
  lt_region_t *r = lt_region_create(s->ctx);
  if (!r) {
    state_fail(s);
    return NULL;
  }
  if (!state_grow(s, (void **)&s->regions, s->num_regions, &s->cap_regions,
                  sizeof(*s->regions))) {
    lt_region_destroy(r);
    state_fail(s);
    return NULL;
  }
  s->regions[s->num_regions++] = r;
  return r;
}

void lt_op_state_free(lt_op_state_t *s) {
  lt_allocator_t a = lt_context_allocator(s->ctx);
  if (s->cap_operands)
    lt_free(a, s->operands, s->cap_operands * sizeof(*s->operands));
  if (s->cap_results)
    lt_free(a, s->result_types, s->cap_results * sizeof(*s->result_types));
  if (s->cap_successors)
    lt_free(a, s->successors, s->cap_successors * sizeof(*s->successors));
  if (s->cap_attrs) lt_free(a, s->attrs, s->cap_attrs * sizeof(*s->attrs));
  if (s->cap_regions) {
    /* Regions made by lt_op_state_add_region belong to the state; after
     * lt_op_create moved their blocks out they are empty shells. */
    for (uint32_t i = 0; i < s->num_regions; i++)
      if (s->regions[i]) lt_region_destroy(s->regions[i]);
    lt_free(a, s->regions, s->cap_regions * sizeof(*s->regions));
  }
  s->operands = NULL;
  s->result_types = NULL;
  s->successors = NULL;
  s->attrs = NULL;
  s->regions = NULL;
  s->num_operands = s->num_results = s->num_successors = 0;
  s->num_attrs = s->num_regions = 0;
  s->cap_operands = s->cap_results = s->cap_successors = 0;
  s->cap_attrs = s->cap_regions = 0;
  s->failed = false;
}

/* ---- creation and destruction ------------------------------------------- */

lt_op_t *lt_op_alloc(lt_context_t *ctx, const lt_op_info_t *info, lt_loc_t loc,
                     const lt_attr_t *attrs, uint32_t num_results,
                     const lt_type_t *const *result_types,
                     uint32_t num_operands, uint32_t num_successors,
                     uint32_t num_regions) {
  if (!info || !attrs) return NULL;
  size_t results_size = (size_t)num_results * sizeof(lt_value_t);
  size_t size = results_size + sizeof(lt_op_impl_t) +
                (size_t)num_operands * sizeof(lt_operand_t) +
                (size_t)num_successors * sizeof(lt_successor_t) +
                (size_t)num_regions * sizeof(lt_region_t);
  size_t block_size;
  char *base = lt_context_op_alloc(ctx, size, &block_size);
  if (!base) return NULL;
  lt_op_impl_t *impl = (lt_op_impl_t *)(base + results_size);
  lt_op_t *op = &impl->op;
  op->info = info;
  op->loc = loc ? loc : lt_loc_unknown(ctx);
  op->attrs = attrs;
  op->num_results = num_results;
  op->num_operands = num_operands;
  op->num_successors = num_successors;
  op->num_regions = num_regions;
  op->results = (lt_value_t *)base;
  op->operands = (lt_operand_t *)(impl + 1);
  op->successors = (lt_successor_t *)(op->operands + num_operands);
  op->regions = (lt_region_t *)(op->successors + num_successors);
  op->operand_capacity = num_operands;
  op->order = LT_ORDER_INVALID;
  LT_UNUSED(block_size); /* recomputed from the counts when freed */
  for (uint32_t i = 0; i < num_results; i++) {
    lt_value_t *v = &op->results[i];
    v->type = result_types ? result_types[i] : NULL;
    v->index = i;
    v->is_block_arg = false;
    v->owner.op = op;
  }
  for (uint32_t i = 0; i < num_operands; i++)
    op->operands[i].owner = op;
  for (uint32_t i = 0; i < num_successors; i++) {
    op->successors[i].owner = op;
    op->successors[i].index = i;
  }
  for (uint32_t i = 0; i < num_regions; i++)
    op->regions[i].parent = op;
  return op;
}

lt_op_t *lt_op_create(const lt_op_state_t *state) {
  if (state->failed || !state->info) return NULL;
  lt_context_t *ctx = state->ctx;
  const lt_attr_t *attrs = lt_attr_dict(ctx, state->num_attrs, state->attrs);
  lt_op_t *op =
      lt_op_alloc(ctx, state->info, state->loc, attrs, state->num_results,
                  state->result_types, state->num_operands,
                  state->num_successors, state->num_regions);
  if (!op) return NULL;
  for (uint32_t i = 0; i < state->num_operands; i++)
    lt_use_link(&op->operands[i], state->operands[i]);
  for (uint32_t i = 0; i < state->num_successors; i++)
    lt_succ_link(&op->successors[i], state->successors[i]);
  if (state->regions)
    for (uint32_t i = 0; i < state->num_regions; i++)
      if (state->regions[i])
        lt_region_take_body(&op->regions[i], state->regions[i]);
  return op;
}

void lt_op_drop_own_references(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    lt_use_unlink(&op->operands[i]);
  for (uint32_t i = 0; i < op->num_successors; i++)
    lt_succ_unlink(&op->successors[i]);
}

static lt_walk_result_t drop_refs_fn(lt_op_t *op, void *user) {
  LT_UNUSED(user);
  lt_op_drop_own_references(op);
  return LT_WALK_ADVANCE;
}

void lt_op_drop_all_references(lt_op_t *op) {
  lt_op_walk(op, LT_WALK_PRE, drop_refs_fn, NULL);
}

/* Frees op's storage and its (already emptied) blocks. Runs in post-order,
 * so everything nested in op is gone by the time op's turn comes. */
static lt_walk_result_t free_op_fn(lt_op_t *op, void *user) {
  LT_UNUSED(user);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    lt_block_t *b = op->regions[i].first;
    while (b) {
      lt_block_t *next = b->next;
      lt_block_free_storage(b);
      b = next;
    }
  }
  lt_allocator_t a = op_allocator(op);
  if (op->operands != operand_tail(op))
    lt_free(a, op->operands, op->operand_capacity * sizeof(lt_operand_t));
  char *base = (char *)op - (size_t)op->num_results * sizeof(lt_value_t);
  size_t tail_operands = (size_t)((char *)op->successors -
                                  (char *)operand_tail(op));
  size_t size = (size_t)op->num_results * sizeof(lt_value_t) +
                sizeof(lt_op_impl_t) + tail_operands +
                (size_t)op->num_successors * sizeof(lt_successor_t) +
                (size_t)op->num_regions * sizeof(lt_region_t);
  lt_context_op_free(op->info->ctx, base, size);
  return LT_WALK_ADVANCE;
}

void lt_op_destroy(lt_op_t *op) {
  if (!op) return;
  if (op->parent) lt_op_remove(op);
  /* References first: nested ops may use each other across blocks. */
  lt_op_drop_all_references(op);
  lt_op_walk(op, LT_WALK_POST, free_op_fn, NULL);
}

void lt_op_erase(lt_op_t *op) {
  if (!op) return;
  lt_op_destroy(op);
}

void lt_op_remove(lt_op_t *op) {
  lt_block_t *b = op->parent;
  if (!b) return;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->prev = op->next = NULL;
  op->parent = NULL;
  /* Removal keeps the remaining ops' numbering increasing. */
  op->order = LT_ORDER_INVALID;
}

void lt_op_move_before(lt_op_t *op, lt_op_t *where) {
  if (op == where) return;
  lt_op_remove(op);
  lt_block_insert(where->parent, where, op);
}

void lt_op_move_after(lt_op_t *op, lt_op_t *where) {
  if (op == where) return;
  lt_op_remove(op);
  lt_block_insert(where->parent, where->next, op);
}

/* ---- accessors ------------------------------------------------------------
 */

const char *lt_op_name(const lt_op_t *op) { return op->info->name->str; }

lt_context_t *lt_op_context(const lt_op_t *op) { return op->info->ctx; }

lt_op_t *lt_block_parent_op(const lt_block_t *b) {
  return b && b->parent ? b->parent->parent : NULL;
}

lt_op_t *lt_op_parent_op(const lt_op_t *op) {
  return lt_block_parent_op(op->parent);
}

lt_op_t *lt_op_parent_of_name(lt_op_t *op, const char *name) {
  size_t len = strlen(name);
  for (lt_op_t *p = op; p; p = lt_op_parent_op(p)) {
    const lt_ident_t *id = p->info->name;
    if (id->len == len && memcmp(id->str, name, len) == 0) return p;
  }
  return NULL;
}

bool lt_op_is_ancestor(const lt_op_t *ancestor, const lt_op_t *op) {
  for (const lt_op_t *p = op; p; p = lt_op_parent_op(p))
    if (p == ancestor) return true;
  return false;
}

bool lt_op_use_empty(const lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (op->results[i].first_use) return false;
  return true;
}

/* ---- op order within a block ------------------------------------------- */

static void recompute_order(lt_block_t *b) {
  uint32_t n = 0;
  for (lt_op_t *o = b->first; o; o = o->next)
    o->order = (n += LT_ORDER_STRIDE);
  b->order_valid = true;
}

/* Numbers one freshly inserted op from its neighbours when there is room,
 * else renumbers the block; this keeps lt_op_is_before amortized O(1). */
static void update_order(lt_op_t *op) {
  lt_block_t *b = op->parent;
  if (op->order != LT_ORDER_INVALID) return;
  lt_op_t *prev = op->prev, *next = op->next;
  if (!prev && !next) {
    op->order = LT_ORDER_STRIDE;
    return;
  }
  if (!next) {
    if (prev->order == LT_ORDER_INVALID ||
        prev->order >= LT_ORDER_INVALID - LT_ORDER_STRIDE)
      recompute_order(b);
    else
      op->order = prev->order + LT_ORDER_STRIDE;
    return;
  }
  if (!prev) {
    if (next->order == LT_ORDER_INVALID || next->order == 0)
      recompute_order(b);
    else if (next->order <= LT_ORDER_STRIDE)
      op->order = next->order / 2;
    else
      op->order = LT_ORDER_STRIDE;
    return;
  }
  if (prev->order == LT_ORDER_INVALID || next->order == LT_ORDER_INVALID ||
      prev->order + 1 >= next->order) {
    recompute_order(b);
    return;
  }
  op->order = prev->order + (next->order - prev->order) / 2;
}

bool lt_op_is_before(lt_op_t *a, lt_op_t *b) {
  if (a == b) return false;
  lt_block_t *blk = a->parent;
  if (!blk->order_valid) {
    recompute_order(blk);
  } else {
    update_order(a);
    update_order(b);
  }
  return a->order < b->order;
}

/* ---- operands and successors -------------------------------------------- */

void lt_op_set_operand(lt_op_t *op, uint32_t i, lt_value_t *v) {
  lt_operand_t *u = &op->operands[i];
  if (u->value == v) return;
  lt_use_unlink(u);
  lt_use_link(u, v);
}

void lt_op_set_operands(lt_op_t *op, uint32_t n, lt_value_t *const *values) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    lt_use_unlink(&op->operands[i]);
  if (n > op->operand_capacity) {
    lt_allocator_t a = op_allocator(op);
    uint32_t cap = op->operand_capacity * 2;
    if (cap < n) cap = n;
    lt_operand_t *fresh = lt_calloc(a, (size_t)cap * sizeof(lt_operand_t));
    if (!fresh) {
      /* Out of memory: keep what fits rather than corrupt the op. */
      n = op->operand_capacity;
    } else {
      if (op->operands != operand_tail(op))
        lt_free(a, op->operands, op->operand_capacity * sizeof(lt_operand_t));
      op->operands = fresh;
      op->operand_capacity = cap;
    }
  }
  op->num_operands = n;
  for (uint32_t i = 0; i < n; i++) {
    lt_operand_t *u = &op->operands[i];
    u->owner = op;
    u->value = NULL;
    lt_use_link(u, values[i]);
  }
}

void lt_op_set_successor(lt_op_t *op, uint32_t i, lt_block_t *b) {
  lt_successor_t *s = &op->successors[i];
  if (s->block == b) return;
  lt_succ_unlink(s);
  lt_succ_link(s, b);
}

/* ---- attributes ------------------------------------------------------------
 */

const lt_attr_t *lt_op_attr(const lt_op_t *op, const char *name) {
  return lt_attr_dict_get_str(op->attrs, name, strlen(name));
}

const lt_attr_t *lt_op_attr_id(const lt_op_t *op, const lt_ident_t *name) {
  return lt_attr_dict_get(op->attrs, name);
}

void lt_op_set_attr(lt_op_t *op, const char *name, const lt_attr_t *value) {
  lt_op_set_attr_id(op, lt_ident_cstr(lt_op_context(op), name), value);
}

void lt_op_set_attr_id(lt_op_t *op, const lt_ident_t *name,
                       const lt_attr_t *value) {
  if (!name) return;
  const lt_attr_t *d = op->attrs;
  if (lt_op_attr_id(op, name) == value) return;
  lt_context_t *ctx = lt_op_context(op);
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_named_attr_t stack_buf[16];
  size_t cap = (size_t)d->dict.count + 1;
  lt_named_attr_t *buf = cap <= LT_ARRAY_SIZE(stack_buf)
                             ? stack_buf
                             : lt_alloc(a, cap * sizeof(lt_named_attr_t));
  if (!buf) return;
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->dict.count; i++)
    if (d->dict.entries[i].name != name) buf[n++] = d->dict.entries[i];
  if (value) {
    buf[n].name = name;
    buf[n].value = value;
    n++;
  }
  const lt_attr_t *fresh = lt_attr_dict(ctx, n, buf);
  if (fresh) op->attrs = fresh;
  if (buf != stack_buf) lt_free(a, buf, cap * sizeof(lt_named_attr_t));
}

void lt_op_set_attrs(lt_op_t *op, const lt_attr_t *dict) {
  if (!dict) dict = lt_attr_dict(lt_op_context(op), 0, NULL);
  if (dict && dict->kind == LT_ATTR_DICT) op->attrs = dict;
}

/* ---- values and uses ----------------------------------------------------- */

bool lt_value_has_one_use(const lt_value_t *v) {
  return v->first_use && !v->first_use->next_use;
}

lt_block_t *lt_value_parent_block(const lt_value_t *v) {
  return v->is_block_arg ? v->owner.block : v->owner.op->parent;
}

lt_context_t *lt_value_context(const lt_value_t *v) {
  return v->is_block_arg ? lt_block_context(v->owner.block)
                         : lt_op_context(v->owner.op);
}

lt_loc_t lt_value_loc(const lt_value_t *v) {
  return v->is_block_arg ? v->loc : v->owner.op->loc;
}

void lt_value_set_type(lt_value_t *v, const lt_type_t *t) { v->type = t; }

void lt_value_replace_all_uses(lt_value_t *from, lt_value_t *to) {
  if (from == to || !from->first_use) return;
  if (!to) {
    while (from->first_use)
      lt_use_unlink(from->first_use);
    return;
  }
  /* Retarget every use, then splice the whole list in front of to's. */
  lt_operand_t *last = NULL;
  for (lt_operand_t *u = from->first_use; u; u = u->next_use) {
    u->value = to;
    last = u;
  }
  last->next_use = to->first_use;
  if (to->first_use) to->first_use->back = &last->next_use;
  to->first_use = from->first_use;
  to->first_use->back = &to->first_use;
  from->first_use = NULL;
}

void lt_value_replace_uses_if(lt_value_t *from, lt_value_t *to,
                              bool (*pred)(lt_operand_t *use, void *user),
                              void *user) {
  if (from == to) return;
  lt_operand_t *u = from->first_use;
  while (u) {
    lt_operand_t *next = u->next_use;
    if (pred(u, user)) {
      lt_use_unlink(u);
      lt_use_link(u, to);
    }
    u = next;
  }
}

void lt_op_replace_all_uses(lt_op_t *op, lt_value_t *const *values) {
  for (uint32_t i = 0; i < op->num_results; i++)
    lt_value_replace_all_uses(&op->results[i], values[i]);
}

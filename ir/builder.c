/* builder.c - insertion point, op creation and listener notifications. */
#include "ir/builder.h"

#include <string.h>

void lt_builder_init(lt_builder_t *b, lt_context_t *ctx) {
  memset(b, 0, sizeof(*b));
  b->ctx = ctx;
}

void lt_builder_set_before(lt_builder_t *b, lt_op_t *op) {
  b->block = op->parent;
  b->before = op;
}

void lt_builder_set_after(lt_builder_t *b, lt_op_t *op) {
  b->block = op->parent;
  b->before = op->next;
}

void lt_builder_set_block_start(lt_builder_t *b, lt_block_t *block) {
  b->block = block;
  b->before = block->first;
}

void lt_builder_set_block_end(lt_builder_t *b, lt_block_t *block) {
  b->block = block;
  b->before = NULL;
}

lt_op_t *lt_builder_insert(lt_builder_t *b, lt_op_t *op) {
  if (!op || !b->block) return op;
  lt_block_insert(b->block, b->before, op);
  if (b->listener && b->listener->op_inserted)
    b->listener->op_inserted(b->listener->user, op);
  return op;
}

lt_op_t *lt_builder_create(lt_builder_t *b, const lt_op_state_t *state) {
  return lt_builder_insert(b, lt_op_create(state));
}

typedef struct notify_ctx {
  const lt_listener_t *listener;
  lt_op_t *root;
} notify_ctx_t;

static lt_walk_result_t notify_nested(lt_op_t *op, void *user) {
  notify_ctx_t *n = user;
  if (op != n->root) n->listener->op_inserted(n->listener->user, op);
  return LT_WALK_ADVANCE;
}

lt_op_t *lt_builder_clone(lt_builder_t *b, lt_op_t *op, lt_ir_map_t *map) {
  lt_op_t *copy = lt_op_clone(op, map);
  if (!copy) return NULL;
  /* The nested ops are new too: the listener hears about them first, then
   * about the clone itself when it is inserted. */
  if (b->block && b->listener && b->listener->op_inserted &&
      copy->num_regions) {
    notify_ctx_t n = {b->listener, copy};
    lt_op_walk(copy, LT_WALK_PRE, notify_nested, &n);
  }
  return lt_builder_insert(b, copy);
}

lt_block_t *lt_builder_create_block(lt_builder_t *b, lt_region_t *region,
                                    lt_block_t *before, uint32_t num_args,
                                    const lt_type_t *const *arg_types,
                                    lt_loc_t loc) {
  lt_block_t *block = lt_block_create(b->ctx);
  if (!block) return NULL;
  for (uint32_t i = 0; i < num_args; i++) {
    if (!lt_block_add_arg(block, arg_types[i], loc)) {
      lt_block_destroy(block);
      return NULL;
    }
  }
  lt_region_insert(region, before, block);
  lt_builder_set_block_end(b, block);
  return block;
}

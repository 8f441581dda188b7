/* builder.h - creating ops at an insertion point, with an optional listener
 * that hears about created/erased/modified ops (the rewrite driver uses it
 * to keep its worklist current). */
#ifndef LITE_IR_BUILDER_H
#define LITE_IR_BUILDER_H

#include "ir/operation.h"

typedef struct lt_listener {
  void *user;
  void (*op_inserted)(void *user, lt_op_t *op);
  void (*op_erased)(void *user, lt_op_t *op);   /* called before erasure */
  void (*op_modified)(void *user, lt_op_t *op); /* after an in-place change */
  void (*op_replaced)(void *user, lt_op_t *op, lt_value_t *const *values);
} lt_listener_t;

struct lt_builder {
  lt_context_t *ctx;
  lt_block_t *block;      /* NULL: created ops stay detached */
  lt_op_t *before;        /* insert before this op; NULL: at block end */
  const lt_listener_t *listener;
};

void lt_builder_init(lt_builder_t *b, lt_context_t *ctx);
void lt_builder_set_before(lt_builder_t *b, lt_op_t *op);
void lt_builder_set_after(lt_builder_t *b, lt_op_t *op);
void lt_builder_set_block_start(lt_builder_t *b, lt_block_t *block);
void lt_builder_set_block_end(lt_builder_t *b, lt_block_t *block);
/* Inserts a detached op at the insertion point (notifies the listener). */
lt_op_t *lt_builder_insert(lt_builder_t *b, lt_op_t *op);
/* lt_op_create + insert. */
lt_op_t *lt_builder_create(lt_builder_t *b, const lt_op_state_t *state);
/* Clone + insert. */
lt_op_t *lt_builder_clone(lt_builder_t *b, lt_op_t *op, lt_ir_map_t *map);
/* Creates a block at the end of region (or before `before`) with the given
 * argument types, and moves the insertion point to its end. */
lt_block_t *lt_builder_create_block(lt_builder_t *b, lt_region_t *region,
                                    lt_block_t *before, uint32_t num_args,
                                    const lt_type_t *const *arg_types,
                                    lt_loc_t loc);

#endif /* LITE_IR_BUILDER_H */

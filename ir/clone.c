/* clone.c - the value/block map and deep copies of ops and regions.
 *
 * Regions are cloned in two phases, as MLIR does: first every block and
 * every op shell (results, attributes, successors) is created and mapped,
 * then operands are set and nested regions cloned. A use may precede its
 * definition in layout order (branches, graph regions), so operands can only
 * be remapped once everything in the region has a copy. */
#include "ir/op_internal.h"
#include "ir/ptr_map.h"

struct lt_ir_map {
  lt_context_t *ctx;
  lt_ptr_map_t map; /* old value or block -> new one */
};

lt_ir_map_t *lt_ir_map_create(lt_context_t *ctx) {
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_ir_map_t *m = lt_alloc(a, sizeof(*m));
  if (!m) return NULL;
  m->ctx = ctx;
  lt_ptr_map_init(&m->map, a);
  return m;
}

void lt_ir_map_destroy(lt_ir_map_t *m) {
  if (!m) return;
  lt_ptr_map_deinit(&m->map);
  lt_free(lt_context_allocator(m->ctx), m, sizeof(*m));
}

void lt_ir_map_value(lt_ir_map_t *m, lt_value_t *from, lt_value_t *to) {
  lt_ptr_map_put(&m->map, from, to);
}

void lt_ir_map_block(lt_ir_map_t *m, lt_block_t *from, lt_block_t *to) {
  lt_ptr_map_put(&m->map, from, to);
}

lt_value_t *lt_ir_map_lookup_value(lt_ir_map_t *m, lt_value_t *from) {
  void *to;
  if (m && from && lt_ptr_map_find(&m->map, from, &to)) return to;
  return from;
}

lt_block_t *lt_ir_map_lookup_block(lt_ir_map_t *m, lt_block_t *from) {
  void *to;
  if (m && from && lt_ptr_map_find(&m->map, from, &to)) return to;
  return from;
}

/* Phase 1: a copy of op without operands and with empty regions; its
 * results are recorded in the map. */
static lt_op_t *clone_shell(lt_op_t *op, lt_ir_map_t *map) {
  lt_op_t *copy =
      lt_op_alloc(map->ctx, op->info, op->loc, op->attrs, op->num_results, NULL,
                  op->num_operands, op->num_successors, op->num_regions);
  if (!copy) return NULL;
  for (uint32_t i = 0; i < op->num_results; i++) {
    copy->results[i].type = op->results[i].type;
    lt_ir_map_value(map, &op->results[i], &copy->results[i]);
  }
  for (uint32_t i = 0; i < op->num_successors; i++)
    lt_succ_link(&copy->successors[i],
                 lt_ir_map_lookup_block(map, op->successors[i].block));
  return copy;
}

static void clone_regions_into(lt_region_t *src, lt_region_t *dst,
                               lt_block_t *before, lt_ir_map_t *map);

/* Phase 2: operands and nested regions. */
static void clone_finish(lt_op_t *op, lt_op_t *copy, lt_ir_map_t *map) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    lt_use_link(&copy->operands[i],
                lt_ir_map_lookup_value(map, op->operands[i].value));
  for (uint32_t i = 0; i < op->num_regions; i++)
    clone_regions_into(&op->regions[i], &copy->regions[i], NULL, map);
}

static void clone_regions_into(lt_region_t *src, lt_region_t *dst,
                               lt_block_t *before, lt_ir_map_t *map) {
  /* A region cannot be cloned into itself: the copies would be walked. */
  if (!src->first || src == dst) return;
  LT_FOR_EACH_BLOCK(b, src) {
    lt_block_t *nb = lt_block_create(map->ctx);
    if (!nb) return;
    lt_ir_map_block(map, b, nb);
    /* Arguments the caller already mapped are being dropped (as when an
     * inliner substitutes them); the others get fresh copies. */
    for (uint32_t i = 0; i < b->num_args; i++) {
      lt_value_t *arg = b->args[i];
      if (lt_ptr_map_find(&map->map, arg, NULL)) continue;
      lt_value_t *na = lt_block_add_arg(nb, arg->type, arg->loc);
      if (na) lt_ir_map_value(map, arg, na);
    }
    lt_region_insert(dst, before, nb);
  }
  LT_FOR_EACH_BLOCK(b, src) {
    lt_block_t *nb = lt_ir_map_lookup_block(map, b);
    LT_FOR_EACH_OP(op, b) {
      lt_op_t *copy = clone_shell(op, map);
      if (copy) lt_block_push_back(nb, copy);
    }
  }
  LT_FOR_EACH_BLOCK(b, src) {
    lt_block_t *nb = lt_ir_map_lookup_block(map, b);
    lt_op_t *copy = nb->first;
    for (lt_op_t *op = b->first; op && copy; op = op->next, copy = copy->next)
      clone_finish(op, copy, map);
  }
}

lt_op_t *lt_op_clone(lt_op_t *op, lt_ir_map_t *map) {
  lt_ir_map_t *own = NULL;
  if (!map) {
    own = lt_ir_map_create(lt_op_context(op));
    if (!own) return NULL;
    map = own;
  }
  lt_op_t *copy = clone_shell(op, map);
  if (copy) clone_finish(op, copy, map);
  lt_ir_map_destroy(own);
  return copy;
}

void lt_region_clone_into(lt_region_t *src, lt_region_t *dst,
                          lt_block_t *before, lt_ir_map_t *map) {
  if (!src->first) return;
  lt_ir_map_t *own = NULL;
  if (!map) {
    own = lt_ir_map_create(lt_block_context(src->first));
    if (!own) return;
    map = own;
  }
  clone_regions_into(src, dst, before, map);
  lt_ir_map_destroy(own);
}

/* dominance.h - dominance queries over the IR, as MLIR's DominanceInfo:
 * one dominator tree per multi-block region (Cooper-Harvey-Kennedy), built
 * on first use and cached until the info is invalidated or destroyed.
 * Values from enclosing regions dominate a use when their definition
 * dominates the op that (transitively) holds the use. Inside graph regions
 * (ops with LT_TRAIT_GRAPH_REGION) order within a block does not matter. */
#ifndef LITE_IR_DOMINANCE_H
#define LITE_IR_DOMINANCE_H

#include "ir/operation.h"

typedef struct lt_dominance lt_dominance_t;

lt_dominance_t *lt_dominance_create(lt_context_t *ctx);
void lt_dominance_destroy(lt_dominance_t *d);
/* Drops cached trees (call after changing any region's CFG). */
void lt_dominance_invalidate(lt_dominance_t *d);

/* Whether uses in region r must be dominated by their definitions (false
 * for regions of registered GRAPH_REGION ops). */
bool lt_region_has_ssa_dominance(const lt_region_t *r);
/* Whether b is reachable from the entry block of its region. */
bool lt_dominance_reachable(lt_dominance_t *d, lt_block_t *b);
/* Whether a properly dominates b; b may sit in a region nested below a's. */
bool lt_dominance_block_properly_dominates(lt_dominance_t *d, lt_block_t *a,
                                           lt_block_t *b);
/* Whether a properly dominates b; an op does not dominate ops nested in it. */
bool lt_dominance_op_properly_dominates(lt_dominance_t *d, lt_op_t *a,
                                        lt_op_t *b);
/* Whether v is available at op: its definition properly dominates op, or it
 * is an argument of a block that dominates op's block. */
bool lt_dominance_value_dominates(lt_dominance_t *d, lt_value_t *v,
                                  lt_op_t *op);

/* The ancestor of op (maybe op itself) whose parent region is r; NULL if op
 * is not nested in r. */
lt_op_t *lt_region_find_ancestor_op(lt_region_t *r, lt_op_t *op);
/* The ancestor of b (maybe b itself) that is a block of r; NULL if none. */
lt_block_t *lt_region_find_ancestor_block(lt_region_t *r, lt_block_t *b);
/* Whether a encloses b (a == b counts). */
bool lt_region_is_ancestor(const lt_region_t *a, const lt_region_t *b);

#endif /* LITE_IR_DOMINANCE_H */

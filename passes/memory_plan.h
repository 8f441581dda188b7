/* memory_plan.h - the activation memory planner: offsets of values in one
 * arena per target, from their live intervals on the final schedule.
 *
 * Two layers. The pure planner works on an array of lt_mem_value_t (live
 * interval, byte size, arena, optional in-place source) and knows no IR, so
 * the runtime's artifact writer and the unit tests can use it directly. The
 * IR layer (memory_plan_ir.c) derives those values from a func.func of lite
 * ops, records the plan as discardable attributes and checks a recorded
 * plan. Unlike Paddle-Lite's memory_optimize_pass (name-order colouring that
 * ignores sizes), the planner is size-aware: largest buffer first, at the
 * lowest 64-byte aligned offset free over its whole live interval. */
#ifndef LITE_PASSES_MEMORY_PLAN_H
#define LITE_PASSES_MEMORY_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/operation.h"

/* Every offset and every reserved size is a multiple of this. */
#define LT_MEM_ALIGN 64u

/* ---- pure planner ------------------------------------------------------------ */
/* One value to place. start/end are schedule positions, both inclusive: the
 * value is live from the op defining it through its last use. */
typedef struct lt_mem_value {
  int64_t start, end;
  uint64_t size;  /* bytes (0: still gets a distinct aligned slot) */
  uint32_t arena; /* < num_arenas */
  /* In-place: the value whose bytes this one takes (an operand of its
   * defining op that dies there: alias.end == start, same arena, size no
   * larger), -1 for none. The planner drops an alias that breaks these
   * rules and sets the field back to -1, and uses each source at most
   * once. */
  int32_t alias;
  uint64_t offset; /* out: byte offset in its arena */
} lt_mem_value_t;

typedef struct lt_mem_options {
  bool no_reuse; /* each value its own range (planned == naive) */
} lt_mem_options_t;

/* Byte totals of one plan, over all arenas. */
typedef struct lt_mem_summary {
  uint64_t planned;     /* sum of the arena sizes */
  uint64_t lower_bound; /* per arena, the largest sum of simultaneously
                           live buffers (in-place chains count once), summed */
  uint64_t naive;       /* sum of every value's aligned size */
  uint32_t num_in_place;/* values that took their source's bytes */
} lt_mem_summary_t;

/* Assigns v[i].offset for all n values; out_arena_sizes[a] gets the size of
 * arena a (num_arenas entries). out_summary may be NULL. Working memory
 * comes from `al`. False when out of memory (nothing is assigned then). */
bool lt_mem_plan(lt_allocator_t al, lt_mem_value_t *v, uint32_t n,
                 uint32_t num_arenas, const lt_mem_options_t *options,
                 uint64_t *out_arena_sizes, lt_mem_summary_t *out_summary);

/* The lower bound of arena `arena` for v (as in lt_mem_summary_t), with the
 * aliases as given, in out_bound. False when out of memory. */
bool lt_mem_lower_bound(lt_allocator_t al, const lt_mem_value_t *v, uint32_t n,
                        uint32_t arena, uint64_t *out_bound);

/* Why a plan is wrong: kind, and the value(s) involved (b is -1 for
 * single-value faults). */
typedef enum lt_mem_fault {
  LT_MEM_OK,
  LT_MEM_OVERLAP,      /* a and b live at once and their bytes overlap */
  LT_MEM_MISALIGNED,   /* a's offset is not a multiple of LT_MEM_ALIGN */
  LT_MEM_OUT_OF_ARENA, /* a ends past its arena's size */
  LT_MEM_OUT_OF_MEMORY /* the check itself could not allocate */
} lt_mem_fault_t;

typedef struct lt_mem_check_result {
  lt_mem_fault_t fault;
  int32_t a, b;
} lt_mem_check_result_t;

/* Proves the plan sound: no two values of one arena whose live intervals
 * intersect share a byte, except an in-place pair (b.alias == a, a dies
 * where b is defined, same offset); offsets aligned; every value inside its
 * arena (arena_sizes may be NULL to skip that). Returns the first fault. */
lt_mem_check_result_t lt_mem_check(lt_allocator_t al, const lt_mem_value_t *v,
                                   uint32_t n, uint32_t num_arenas,
                                   const uint64_t *arena_sizes);

/* ---- IR layer (memory_plan_ir.c) ---------------------------------------------- */
typedef struct lt_mem_ir_options {
  bool no_reuse;
  /* 0: a dynamic dim is an error; N > 0: size each `?` as N. */
  int64_t dynamic_dim_bound;
} lt_mem_ir_options_t;

/* Plans func (a func.func with one block of lite ops in final order) and
 * records the plan: each op result with storage gets `lite.offset = N : i64`
 * and `lite.arena = "host"` (arrays, -1 / "" for results without storage, on
 * multi-result ops); func gets `lite.arena_size = {host = N : i64, ...}`.
 * Weights (constant-like ops), `none` values and the function's arguments
 * get no storage; returned values are placed but live over the whole
 * function, so nothing shares their bytes. Then runs lt_mem_verify_func.
 * Errors (dynamic shapes, unsized types, a failed check) are diagnostics
 * naming the op. */
lt_result_t lt_mem_plan_func(lt_op_t *func, const lt_mem_ir_options_t *options,
                             lt_mem_summary_t *out_summary);

/* Checks the plan recorded in func's attributes against liveness derived
 * again from the IR: every value with storage has an offset, inside its
 * arena, 64-byte aligned, and no two simultaneously live values overlap
 * (except an in-place pair that the planner's rules allow). The error
 * names both values' ops. */
lt_result_t lt_mem_verify_func(lt_op_t *func,
                               const lt_mem_ir_options_t *options);

#endif /* LITE_PASSES_MEMORY_PLAN_H */

/* autotune_internal.h - between lite-autotune's pass (autotune.c) and its
 * measurement (autotune_measure.c). */
#ifndef LITE_COMPILER_AUTOTUNE_INTERNAL_H
#define LITE_COMPILER_AUTOTUNE_INTERNAL_H

#include "compiler/autotune.h"

typedef struct lt_autotune_measure_config {
  const char *places; /* the pick's; NULL: its default */
  uint32_t threads;   /* the predictor's */
  double budget_ms;   /* timed runs of one kind stop past this */
  uint64_t seed;      /* of the random inputs */
  int vector_width;   /* the lowering's */
} lt_autotune_measure_config_t;

/* A module holding op alone in func.func @main: its operands made by
 * lite.constant or lite.none cloned beside it, the others arguments, its
 * results returned. Detached (lt_op_destroy it); NULL when out of memory. */
lt_op_t *lt_autotune_one_op_module(lt_op_t *op);

/* Compiles one_op (lt_autotune_one_op_module's; not changed) with the pick
 * restricted to `kind` and runs it on the runtime: t->kernel and t->ms get
 * the kernel picked and the fastest run in milliseconds, or "" and -1 when
 * the kind has no kernel the op can run (no row accepts it, or the lowering
 * left a jit op to its reference kernel). Diagnostics of the attempt are
 * swallowed: failing is an answer, not an error. */
void lt_autotune_measure(lt_op_t *one_op, const char *kind,
                         const lt_autotune_measure_config_t *c,
                         lt_autotune_time_t *t);

#endif /* LITE_COMPILER_AUTOTUNE_INTERNAL_H */

/* passes.h - the public entry of passes/: registers every pass of this
 * library (the rows of LT_CORE_PASSES in passes/pass_list.h: generic, lite
 * graph optimizations, placement and memory planning, the aliases that
 * preset a pass's options, lite-fixed-point) and its named pipelines
 * (lite-default, lite-optimize, passes/pipelines.c). */
#ifndef LITE_PASSES_PASSES_H
#define LITE_PASSES_PASSES_H

#include "ir/pass.h"

/* Registers every pass and named pipeline of this library with the pass
 * registries (idempotent); false when out of memory. */
bool lt_register_core_passes(void);

#endif /* LITE_PASSES_PASSES_H */

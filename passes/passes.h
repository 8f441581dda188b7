/* passes.h - the public entry of passes/: registers every pass of this
 * library (the rows of LT_CORE_PASSES in passes/pass_list.h: generic, lite
 * graph optimizations, placement and memory planning, the aliases that
 * preset a pass's options, lite-fixed-point) and its named pipelines
 * (lite-default, lite-optimize, lite-compile, passes/pipelines.c). */
#ifndef LITE_PASSES_PASSES_H
#define LITE_PASSES_PASSES_H

#include "ir/pass.h"
#include "ir/pass_manager.h"

/* Registers every pass and named pipeline of this library with the pass
 * registries (idempotent); false when out of memory. */
bool lt_register_core_passes(void);

/* The compile path as pipeline elements (lt_pass_manager_add_pipeline's
 * text), appended to sb: lite-optimize unless no_optimize, then on every
 * function kernel pick and place inference at places (the Places list,
 * most preferred first; NULL or "": the passes' default host:f32:nchw),
 * casts, and the memory plan, run last (the plan holds for the op order it
 * saw), with values of dynamic shape left to the runtime
 * (dynamic-dim-bound=-1). The one definition behind the lite-compile
 * pipeline, lite-opt's --lite-compile --lite-places and
 * lt_compile_module. */
void lt_lite_compile_pipeline(const char *places, bool no_optimize,
                              lt_strbuf_t *sb);
/* Appends that pipeline to pm (anchored on builtin.module); LT_FAILURE
 * after diagnostics on pm's context. */
lt_result_t lt_lite_compile_add(lt_pass_manager_t *pm, const char *places,
                                bool no_optimize);

#endif /* LITE_PASSES_PASSES_H */

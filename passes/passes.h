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

/* What the compile path compiles for. */
typedef struct lt_lite_compile_config {
  /* The Places kernels may run at, most preferred first; NULL or "": the
   * passes' default host:f32:nchw. */
  const char *places;
  /* lite-pick-kernels' kernel-kinds ("jit,ref"); NULL or "": every kind.
   * Naming `jit` adds lite-lower-to-loops, which turns the ops that picked
   * a generated kernel into lite.dispatch calls of loop-level kernels. */
  const char *kernel_kinds;
  bool no_optimize; /* skip lite-optimize */
  /* Non-NULL: lite-autotune (compiler/autotune.h, registered by the
   * compiler library) runs after the kernel pick with these extra options
   * ("" for its defaults) and the same places and kinds; kernel_kinds NULL
   * then means jit,ref. */
  const char *autotune;
  /* lite-lower-to-loops' (and lite-autotune's) vector-width; 0: the
   * lowering's default, 8. */
  int vector_width;
} lt_lite_compile_config_t;

/* Whether a kernel-kinds list names `kind`. */
bool lt_kernel_kinds_name(const char *kinds, const char *kind);

/* The compile path as pipeline elements (lt_pass_manager_add_pipeline's
 * text), appended to sb: lite-optimize unless no_optimize, then on every
 * function kernel pick and place inference at c->places with
 * c->kernel_kinds (with c->autotune, lite-autotune between them), casts,
 * the lowering of generated kernels when the kinds name jit, and the
 * memory plan, run last (the plan holds for the op order
 * it saw), with values of dynamic shape left to the runtime
 * (dynamic-dim-bound=-1). The one definition behind the lite-compile
 * pipeline, lite-opt's --lite-compile --lite-places and lt_compile_module.
 * c may be NULL (the defaults). */
void lt_lite_compile_pipeline(const lt_lite_compile_config_t *c,
                              lt_strbuf_t *sb);
/* Appends that pipeline to pm (anchored on builtin.module); LT_FAILURE
 * after diagnostics on pm's context. */
lt_result_t lt_lite_compile_add(lt_pass_manager_t *pm,
                                const lt_lite_compile_config_t *c);

#endif /* LITE_PASSES_PASSES_H */

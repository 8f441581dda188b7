/* compile.c - the compile pipeline in-process, then the artifact writer
 * into memory. */
#include "compiler/compile.h"

#include <stdio.h>

#include "compiler/artifact_emit.h"
#include "compiler/artifact_writer.h"
#include "ir/diagnostics.h"
#include "ir/pass_manager.h"

const char *lt_compile_pipeline_text(const lt_compile_options_t *o, char *buf,
                                     size_t cap) {
  const char *places = o && o->places && *o->places ? o->places : NULL;
  const char *opt = o && o->no_optimize ? "" : "lite-optimize,";
  if (!places)
    snprintf(buf, cap,
             "builtin.module(%sfunc.func(lite-pick-kernels,lite-infer-places,"
             "lite-insert-casts,lite-plan-memory{dynamic-dim-bound=-1}))",
             opt);
  else
    snprintf(buf, cap,
             "builtin.module(%sfunc.func(lite-pick-kernels{places=%s},"
             "lite-infer-places{places=%s},lite-insert-casts,"
             "lite-plan-memory{dynamic-dim-bound=-1}))",
             opt, places, places);
  return buf;
}

lt_result_t lt_compile_module(lt_op_t *module, const lt_compile_options_t *o,
                              uint8_t **out_data, size_t *out_size) {
  *out_data = NULL;
  *out_size = 0;
  lt_context_t *ctx = lt_op_context(module);
  char text[1024];
  lt_pass_manager_t *pm = NULL;
  if (LT_FAILED(lt_pass_pipeline_parse(
          ctx, lt_compile_pipeline_text(o, text, sizeof text), &pm)))
    return LT_FAILURE;
  lt_result_t r = lt_pass_manager_run(pm, module);
  lt_pass_manager_destroy(pm);
  if (LT_FAILED(r)) return r;
  lt_aw_t *w = lt_aw_new();
  if (!w) return lt_op_emit_error(module, "artifact: out of memory");
  r = lt_artifact_emit(module, w);
  if (LT_SUCCEEDED(r)) {
    lt_status_t st = lt_aw_finish(w, "lite", out_data, out_size);
    if (st) {
      r = lt_op_emit_error(module, "%s", lt_status_message(st));
      lt_status_free(st);
    }
  }
  lt_aw_free(w);
  return r;
}

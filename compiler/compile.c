/* compile.c - the compile pipeline in-process, then the artifact writer
 * into memory. */
#include "compiler/compile.h"

#include "compiler/artifact_emit.h"
#include "compiler/artifact_writer.h"
#include "ir/diagnostics.h"
#include "ir/pass_manager.h"
#include "kernels/cpu.h"
#include "passes/passes.h"

#if LITE_WITH_LLVM
#include <stdatomic.h>

#include "codegen/llvm/target.h"
#endif

lt_result_t lt_compile_module_config(lt_op_t *module,
                                     const lt_lite_compile_config_t *cc,
                                     lt_autotune_stats_t *out_stats,
                                     uint8_t **out_data, size_t *out_size) {
  *out_data = NULL;
  *out_size = 0;
  lt_context_t *ctx = lt_op_context(module);
  lt_pass_manager_t *pm = lt_pass_manager_create(ctx, "builtin.module");
  if (!pm) return lt_op_emit_error(module, "out of memory");
  lt_result_t r = lt_lite_compile_add(pm, cc);
  if (LT_SUCCEEDED(r)) r = lt_pass_manager_run(pm, module);
  if (out_stats) lt_autotune_get_stats(pm, out_stats);
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

int lt_compile_host_vector_width(void) {
#if LITE_WITH_LLVM
  static atomic_int width; /* 0 until detected */
  int w = atomic_load(&width);
  if (w) return w;
  lt_llvm_target_t *t = NULL;
  lt_status_t st = lt_llvm_target_create(NULL, NULL, NULL, &t);
  w = st ? 8 : lt_llvm_target_vector_width(t);
  lt_status_free(st);
  lt_llvm_target_destroy(t);
  atomic_store(&width, w);
  return w;
#else
  return 8;
#endif
}

const char *lt_compile_host_places(void) {
#if defined(__x86_64__)
  /* the blocked kernels need AVX2 + FMA (the x86 kernels' baseline) */
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  return lk_cpu_has(&cpu, LK_CPU_AVX2) && lk_cpu_has(&cpu, LK_CPU_FMA)
             ? "x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw"
             : "x86:f32:nchw,host:f32:nchw";
#elif defined(__aarch64__)
  return "arm:f32:nchw,host:f32:nchw"; /* NEON: every aarch64 has it */
#else
  return "host:f32:nchw";
#endif
}

void lt_compile_config_for_host(lt_lite_compile_config_t *c) {
  if (!c->places || !*c->places) c->places = lt_compile_host_places();
  if (c->vector_width <= 0) c->vector_width = lt_compile_host_vector_width();
}

lt_result_t lt_compile_module(lt_op_t *module, const lt_compile_options_t *o,
                              uint8_t **out_data, size_t *out_size) {
  lt_lite_compile_config_t cc = {0};
  if (o)
    cc = (lt_lite_compile_config_t){.places = o->places,
                                    .kernel_kinds = o->kernel_kinds,
                                    .no_optimize = o->no_optimize,
                                    .autotune = o->autotune ? "" : NULL};
  cc.vector_width = o ? o->vector_width : 0;
  lt_compile_config_for_host(&cc);
  return lt_compile_module_config(module, &cc,
                                  o && o->autotune ? o->autotune_stats : NULL,
                                  out_data, out_size);
}

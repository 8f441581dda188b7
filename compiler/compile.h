/* compile.h - the full API's core: a module of the lite dialect (imported
 * or parsed) through the compile path into an artifact in memory, for the
 * runtime to load without a file in between. */
#ifndef LITE_COMPILER_COMPILE_H
#define LITE_COMPILER_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "compiler/autotune.h"
#include "ir/operation.h"
#include "passes/passes.h"

typedef struct lt_compile_options {
  /* The Places kernels may run at, most preferred first
   * ("x86:f32:nchw8c,host:f32:nchw"); NULL or "": the host's
   * (lt_compile_host_places). */
  const char *places;
  /* Kernel kinds to pick from, preferred first ("jit,ref"); NULL or "":
   * every kind. Naming jit lowers the ops that pick generated kernels into
   * the module's @lite_kernels kernels (lt_lite_compile_config_t). */
  const char *kernel_kinds;
  /* Skip lite-optimize (kernel pick, places, casts and the plan still run). */
  bool no_optimize;
  /* Choose between generated and hand-written kernels by measuring them
   * (lite-autotune, compiler/autotune.h; kernel_kinds NULL: jit,ref). */
  bool autotune;
  /* With autotune, when set: what it measured and found in the cache. */
  lt_autotune_stats_t *autotune_stats;
  /* f32 lanes of the generated kernels' vectors; 0: the host's
   * (lt_compile_host_vector_width). */
  int vector_width;
} lt_compile_options_t;

/* The vector width generated kernels take on this machine: 16 with
 * AVX-512F, else 8 (codegen/llvm's rule for the host target; 8 without
 * LLVM). */
int lt_compile_host_vector_width(void);
/* The Places this build's hand-written kernels run at, then the host's:
 * on x86_64 (kernels/simd) "x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw"
 * where the CPU has AVX2 + FMA (the blocked kernels' baseline; the layout
 * choice keeps nchw16c where it pays), "x86:f32:nchw,host:f32:nchw" where
 * it has not; on aarch64 "arm:f32:nchw,host:f32:nchw" (the NEON rows);
 * else "host:f32:nchw". */
const char *lt_compile_host_places(void);
/* Fills what c leaves open with this machine's choices: places (NULL or
 * "") with lt_compile_host_places(), vector_width (0) with
 * lt_compile_host_vector_width(). What lt_compile_module and lite-run
 * compile with; lite-opt and lite-translate keep the passes' defaults, the
 * same on every machine. */
void lt_compile_config_for_host(lt_lite_compile_config_t *c);

/* Runs the compile pipeline on module, changing it in place (the one
 * lite-opt --lite-compile [--lite-places=P] runs: lt_lite_compile_pipeline,
 * passes/passes.h), and writes the artifact into *out_data (free() it),
 * *out_size bytes. Failures are diagnostics on module's context. */
lt_result_t lt_compile_module(lt_op_t *module,
                              const lt_compile_options_t *options,
                              uint8_t **out_data, size_t *out_size);

/* The same for a configuration of the compile path itself. *out_stats,
 * when given, gets lite-autotune's statistics. */
lt_result_t lt_compile_module_config(lt_op_t *module,
                                     const lt_lite_compile_config_t *config,
                                     lt_autotune_stats_t *out_stats,
                                     uint8_t **out_data, size_t *out_size);

#endif /* LITE_COMPILER_COMPILE_H */

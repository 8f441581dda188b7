/* lite_compiler.h - the full API (liblite_compiler): compile an ONNX model
 * (or lite IR) in-process and hand the artifact to the runtime in memory,
 * as Paddle-Lite's CxxPredictor does. Everything of lite.h works on the
 * model it returns; the light API (lite.h alone, liblite_runtime) loads
 * artifacts written earlier. Same conventions as lite.h. */
#ifndef LITE_LITE_COMPILER_H
#define LITE_LITE_COMPILER_H

#include "lite.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lite_compile_options {
  /* The Places kernels may run at, most preferred first, e.g.
   * "x86:f32:nchw8c,host:f32:nchw"; NULL: this machine's, the hand-written
   * kernels' first ("x86:f32:nchw16c,x86:f32:nchw,host:f32:nchw" on x86_64
   * with AVX2 + FMA, "x86:f32:nchw,host:f32:nchw" without, else
   * "host:f32:nchw"). */
  const char *places;
  /* ONNX symbolic dims: "N=1,seq=128"; NULL: keep them dynamic. */
  const char *dim_params;
  /* Nonzero: skip the graph optimizations (kernel pick, Places, casts
   * and the memory plan still run). */
  int no_optimize;
  /* Kernel kinds to choose from, preferred first: "jit,ref" generates
   * kernels (through LLVM) for the ops that can take them and runs the
   * reference kernels elsewhere; NULL: every kind, the reference ones at
   * equal cost. */
  const char *kernel_kinds;
  /* Nonzero: per op, the faster of the generated and the hand-written
   * kernel, measured on this machine (kernel_kinds NULL then means
   * "jit,ref"); the times are cached beside the JIT's objects. */
  int autotune;
} lite_compile_options_t;

/* Compiles the model at path (.onnx, or lite IR in .mlir) into a model
 * ready for lite_predictor_create. Errors carry the compiler's
 * diagnostics: the file, the ONNX node and what was wrong. options and
 * model_options may be NULL. */
lite_status_t lite_compile_file(const char *path,
                                const lite_compile_options_t *options,
                                const lite_model_options_t *model_options,
                                lite_model_t **out_model);
/* The same for an ONNX model's size bytes at data (name: for messages). */
lite_status_t lite_compile_onnx_buffer(const void *data, size_t size,
                                       const char *name,
                                       const lite_compile_options_t *options,
                                       const lite_model_options_t *model_options,
                                       lite_model_t **out_model);
/* Compiles as lite_compile_file and writes the artifact to out_path
 * instead (what `lite-translate --emit-artifact` does). */
lite_status_t lite_compile_file_to_artifact(
    const char *path, const lite_compile_options_t *options,
    const char *out_path);

#ifdef __cplusplus
}
#endif

#endif /* LITE_LITE_COMPILER_H */

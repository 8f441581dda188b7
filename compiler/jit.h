/* jit.h - the generated kernels of a compiled module, through the LLVM
 * JIT: after the compile path lowered ops into the module's @lite_kernels
 * kernel module, this compiles those kernels (or loads them from the
 * on-disk object cache) into a kernel table the runtime takes
 * (lt_model_options_t.kernel_tables). Without LLVM in the build a module
 * that has kernels is refused by name. */
#ifndef LITE_COMPILER_JIT_H
#define LITE_COMPILER_JIT_H

#include <stdbool.h>

#include "base/base.h"
#include "ir/operation.h"
#include "kernels/kernel_table.h"

typedef struct lt_jit_kernels lt_jit_kernels_t;

typedef struct lt_jit_kernels_stats {
  uint32_t kernels;     /* entries of the table */
  uint64_t cache_hits;  /* objects loaded from the cache */
  uint64_t cache_misses; /* objects compiled */
  double compile_ms;    /* translating, optimizing and emitting */
  double load_ms;       /* linking and looking symbols up */
} lt_jit_kernels_stats_t;

/* The module's @lite_kernels module (a builtin.module child named so), or
 * NULL when the compile path generated no kernel. */
lt_op_t *lt_jit_kernels_module(lt_op_t *module);

/* Compiles module's generated kernels for the host. *out is NULL when
 * there are none (nothing to do), else it holds the code its table points
 * into until lt_jit_kernels_release. no_cache: neither read nor write the
 * object cache. */
lt_status_t lt_jit_kernels_compile(lt_op_t *module, bool no_cache,
                                   lt_jit_kernels_t **out);
/* The same for an artifact's kernel IR section (runtime/artifact.h
 * lt_artifact_kernel_ir): the text is parsed into ctx (errors are its
 * diagnostics, and the status names `name`), then compiled. */
lt_status_t lt_jit_kernels_compile_text(lt_context_t *ctx, const char *name,
                                        const char *text, size_t len,
                                        bool no_cache, lt_jit_kernels_t **out);
const lk_kernel_table_t *lt_jit_kernels_table(const lt_jit_kernels_t *k);
void lt_jit_kernels_get_stats(const lt_jit_kernels_t *k,
                              lt_jit_kernels_stats_t *out);
/* Frees the code (the table's functions go with it); NULL is fine. Takes
 * void * so that a model can hold it until it is freed
 * (lt_model_options_t.keep). */
void lt_jit_kernels_release(void *k);

#endif /* LITE_COMPILER_JIT_H */

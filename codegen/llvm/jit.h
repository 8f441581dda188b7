/* jit.h - the LLVM JIT for lite kernels: a module of loop-level kernels in,
 * a kernel table (kernels/kernel_table.h) of ABI entry points out, valid
 * until the JIT is destroyed. Each module is translated, optimized (O3 for
 * the host CPU) and compiled to objects (in parts, on threads: jit.c),
 * which go through the on-disk object cache (cache.h): a module compiled
 * before, for the same CPU and LLVM, is loaded without translating or
 * compiling anything. */
#ifndef LITE_CODEGEN_LLVM_JIT_H
#define LITE_CODEGEN_LLVM_JIT_H

#include "base/base.h"
#include "ir/operation.h"
#include "kernels/kernel_table.h"

typedef struct lt_llvm_jit lt_llvm_jit_t;

typedef struct lt_llvm_jit_options {
  /* Cache directory; NULL: $LITE_CACHE_DIR, $XDG_CACHE_HOME/lite or
   * ~/.cache/lite (cache.h). */
  const char *cache_dir;
  bool no_cache;   /* neither read nor write the cache */
  int opt_level;   /* 0..3 (default 3) */
  const char *cpu; /* NULL: the host's (with its features) */
  const char *features;
  bool parallel_split; /* split kernels' outermost scf.parallel (default on) */
  /* Threads compiling a module's kernels (jit.c: a module of kernels is
   * split into that many parts, at most 8); 0: the online CPUs. Part of
   * the cache key. */
  int compile_threads;
} lt_llvm_jit_options_t;

typedef struct lt_llvm_jit_stats {
  uint64_t modules;      /* modules added */
  uint64_t cache_hits;   /* objects loaded from the cache */
  uint64_t cache_misses; /* objects compiled */
  uint64_t cache_errors; /* entries that could not be written */
  double compile_ms;     /* translating, optimizing and emitting (misses) */
  double load_ms;        /* linking objects and looking symbols up */
} lt_llvm_jit_stats_t;

void lt_llvm_jit_options_init(lt_llvm_jit_options_t *o);
/* A JIT for the host. options may be NULL (defaults). */
lt_status_t lt_llvm_jit_create(const lt_llvm_jit_options_t *options,
                               lt_llvm_jit_t **out_jit);
/* Compiles (or loads from the cache) module's kernels; *out_table lists
 * every lite.kernel func by name. A translation error is also reported as
 * a diagnostic on the module's context. */
lt_status_t lt_llvm_jit_add_module(lt_llvm_jit_t *jit, lt_op_t *module,
                                   const lk_kernel_table_t **out_table);
/* The address of function `name` (a plain func.func too, with its
 * expanded signature) in the module that produced table. */
lt_status_t lt_llvm_jit_lookup(lt_llvm_jit_t *jit,
                               const lk_kernel_table_t *table,
                               const char *name, void **out_address);
void lt_llvm_jit_get_stats(const lt_llvm_jit_t *jit,
                           lt_llvm_jit_stats_t *out_stats);
/* The cache key of module for this JIT (its printed IR, the target, LLVM's
 * version and LK_KERNEL_TABLE_VERSION); 0 when it cannot be printed. */
uint64_t lt_llvm_jit_cache_key(const lt_llvm_jit_t *jit, lt_op_t *module);
/* The directory the JIT caches in (NULL: none). */
const char *lt_llvm_jit_cache_dir(const lt_llvm_jit_t *jit);
/* Frees every module's code and tables. */
void lt_llvm_jit_destroy(lt_llvm_jit_t *jit);

#endif /* LITE_CODEGEN_LLVM_JIT_H */

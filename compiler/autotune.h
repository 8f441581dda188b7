/* autotune.h - lite-autotune: chooses between generated (`jit_`) and
 * hand-written kernels by measuring them, with the results cached on disk.
 *
 * The pass runs on a module after lite-pick-kernels and before the casts
 * and the lowering (the --lite-compile pipeline places it there when asked:
 * lt_lite_compile_config_t.autotune). For every lite op whose kernel
 * kinds (kernel-kinds=, jit,ref by default) have more than one row in the
 * registry, it builds a module of that op alone (its non-constant operands
 * as arguments, its constants kept), compiles it once per kind as the
 * compile path would (the pick restricted to that kind, casts, the
 * lowering, the plan; generated kernels through the JIT), runs each on the
 * runtime on seeded random inputs and writes the faster kind's kernel as
 * the op's lite.kernel. Ops equal in name, attributes (lite.* aside),
 * types and which operands are constants are measured once per run.
 *
 * Why a pass of the compiler library rather than a hook in the pick:
 * measuring needs the JIT and the runtime, which passes/ may not use
 * (cmake/layers.txt). A callback that the pick calls would have to live in
 * some per-context slot that every tool fills before every pipeline, and
 * would make the pick's result depend on hidden state; a pass is named in
 * the pipeline text (lite-opt --pass-pipeline, --dump-pass-pipeline shows
 * it), has options and statistics, and leaves the pick a pure cost rule
 * that the measurement then overrides. The price is that pipelines.c names
 * a pass that only the compiler library registers: a pipeline asking for
 * it without that library fails to parse, by name.
 *
 * The cache: one text file per op signature, <dir>/<16 hex digits>.tune
 * under the JIT object cache's directory ($LITE_CACHE_DIR, ...:
 * codegen/llvm/cache.h). The key hashes the signature with the host (LLVM
 * target triple, CPU and features, LLVM's version), the vector width,
 * threads and places the measurement used. The file:
 *
 *   lite-autotune 1
 *   key 0123456789abcdef
 *   op "lite.softmax" {axis = 1 : i64} (tensor<3x5xf32>) -> (tensor<3x5xf32>)
 *   jit jit_softmax__f32_nchw 0.00213
 *   ref ref_softmax__f32_nchw 0.00412
 *   end
 *
 * one line per kind tried: its kernel and the measured milliseconds per
 * run, or `- -` when that kind has no kernel the op can run. A file whose
 * header, key or op line does not match, with a line it cannot read, or
 * without `end` (truncated) is ignored: the op is measured again and the
 * file rewritten (through a temporary file and a rename). */
#ifndef LITE_COMPILER_AUTOTUNE_H
#define LITE_COMPILER_AUTOTUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/pass.h"
#include "ir/pass_manager.h"

extern const lt_pass_info_t lt_autotune_pass;

/* What lite-autotune did, summed over its runs in a pipeline. */
typedef struct lt_autotune_stats {
  uint64_t ops;      /* ops with more than one kind to choose from */
  uint64_t distinct; /* distinct signatures among them */
  uint64_t measured; /* signatures measured */
  uint64_t cached;   /* signatures found in the cache */
  uint64_t changed;  /* ops whose kernel differs from the pick's */
  double ms;         /* time spent measuring and reading the cache */
} lt_autotune_stats_t;

/* The statistics of pm's top-level lite-autotune entries (zeros when it
 * has none). */
void lt_autotune_get_stats(const lt_pass_manager_t *pm,
                           lt_autotune_stats_t *out);

/* ---- the cache's entries ------------------------------------------------- */
#define LT_AUTOTUNE_MAX_KINDS 8

/* One kind's result. */
typedef struct lt_autotune_time {
  char kind[16];    /* the kernel name's first word */
  char kernel[128]; /* "" when the kind has no kernel for the op */
  double ms;        /* per run; < 0 without a kernel */
} lt_autotune_time_t;

typedef struct lt_autotune_entry {
  lt_autotune_time_t times[LT_AUTOTUNE_MAX_KINDS];
  uint32_t count;
} lt_autotune_entry_t;

/* The key of signature (one line: no newline) on host (every other
 * ingredient, one string); never 0. */
uint64_t lt_autotune_key(const char *signature, const char *host);
/* <dir>/<16 hex digits of key>.tune (malloc'ed; NULL when out of memory). */
char *lt_autotune_path(const char *dir, uint64_t key);
/* Appends the file's text for entry e of key and signature. */
void lt_autotune_format(uint64_t key, const char *signature,
                        const lt_autotune_entry_t *e, lt_strbuf_t *sb);
/* Reads a file's text; false (out untouched or partly filled) when it is
 * not a whole entry of this key and signature. */
bool lt_autotune_parse(const char *text, size_t len, uint64_t key,
                       const char *signature, lt_autotune_entry_t *out);
/* The entry in dir, false when there is none or it is unreadable. */
bool lt_autotune_cache_read(const char *dir, uint64_t key,
                            const char *signature, lt_autotune_entry_t *out);
/* Writes the entry atomically (a temporary file renamed over the entry;
 * dir is created); IO status on failure. */
lt_status_t lt_autotune_cache_write(const char *dir, uint64_t key,
                                    const char *signature,
                                    const lt_autotune_entry_t *e);
/* The kind of e named `kind`, NULL when e has none. */
const lt_autotune_time_t *lt_autotune_find(const lt_autotune_entry_t *e,
                                           const char *kind);

#endif /* LITE_COMPILER_AUTOTUNE_H */

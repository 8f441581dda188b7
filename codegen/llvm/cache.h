/* cache.h - the JIT's on-disk object cache: one file per compiled module,
 * named by its key, <dir>/<16 hex digits>.lobj, holding a 32-byte header
 * (magic "LTOBJ\0\0\1", key, payload size, FNV-1a of the payload; all
 * little-endian u64) and the payload (jit.c: the module's objects). Written to a temporary file and
 * renamed, so a reader sees a whole entry or none; an entry whose header
 * or checksum does not match is ignored (and rewritten by the caller). */
#ifndef LITE_CODEGEN_LLVM_CACHE_H
#define LITE_CODEGEN_LLVM_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/base.h"

#define LT_LLVM_FNV_OFFSET 0xcbf29ce484222325ull

/* FNV-1a 64 of n bytes, continuing from h (LT_LLVM_FNV_OFFSET to start). */
uint64_t lt_llvm_fnv1a(const void *p, size_t n, uint64_t h);

/* The cache directory: $LITE_CACHE_DIR, else $XDG_CACHE_HOME/lite, else
 * $HOME/.cache/lite; NULL (no cache) when none is set or out of memory.
 * malloc'ed. */
char *lt_llvm_cache_default_dir(void);

/* The payload of entry key in dir (malloc'ed, *out_size bytes); false when
 * there is none or it is unreadable or corrupt. */
bool lt_llvm_cache_read(const char *dir, uint64_t key, void **out_data,
                        size_t *out_size);
/* Stores the entry (creating dir and its parents); IO status on failure. */
lt_status_t lt_llvm_cache_write(const char *dir, uint64_t key,
                                const void *data, size_t size);
/* mkdir -p dir (mode 0755); false with errno set when it fails. Also for
 * the other files kept beside the objects (compiler/autotune.h). */
bool lt_llvm_cache_make_dirs(const char *dir);
/* The path of entry key (malloc'ed). */
char *lt_llvm_cache_path(const char *dir, uint64_t key);

#endif /* LITE_CODEGEN_LLVM_CACHE_H */

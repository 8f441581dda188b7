/* base.h - the vocabulary every layer shares (compiler, kernels, runtime):
 * results, status values, the allocator hook, arenas, string buffers and
 * hashing. It includes nothing of ours. */
#ifndef LITE_BASE_BASE_H
#define LITE_BASE_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- LogicalResult -------------------------------------------------------
 * IR code reports problems as diagnostics and returns only success/failure,
 * as MLIR's LogicalResult does. */
typedef enum lt_result { LT_SUCCESS = 0, LT_FAILURE = 1 } lt_result_t;
#define LT_FAILED(r) ((r) != LT_SUCCESS)
#define LT_SUCCEEDED(r) ((r) == LT_SUCCESS)

/* ---- status values -------------------------------------------------------
 * API calls that fail for reasons outside the IR (I/O, bad arguments, memory)
 * return an lt_status_t: NULL is OK, anything else owns a code and a message
 * and must be passed on or released with lt_status_free. */
#define LT_STATUS_CODES(X)                                                     \
  X(OK, "ok")                                                                  \
  X(INVALID_ARGUMENT, "invalid argument")                                      \
  X(NOT_FOUND, "not found")                                                    \
  X(OUT_OF_MEMORY, "out of memory")                                            \
  X(IO, "i/o error")                                                           \
  X(UNIMPLEMENTED, "unimplemented")                                            \
  X(INTERNAL, "internal error")

typedef enum lt_status_code {
#define X(name, text) LT_STATUS_##name,
  LT_STATUS_CODES(X)
#undef X
} lt_status_code_t;

typedef struct lt_status_s *lt_status_t;
#define LT_OK ((lt_status_t)0)

/* Makes a status with a printf-style message. */
lt_status_t lt_status_make(lt_status_code_t code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
lt_status_code_t lt_status_code(lt_status_t status);
/* The message ("" for OK); valid until the status is freed. */
const char *lt_status_message(lt_status_t status);
const char *lt_status_code_name(lt_status_code_t code);
void lt_status_free(lt_status_t status);

#define LT_RETURN_IF_ERROR(expr)                                               \
  do {                                                                         \
    lt_status_t lt_status_ = (expr);                                           \
    if (lt_status_) return lt_status_;                                         \
  } while (0)

/* ---- allocator hook ------------------------------------------------------
 * One realloc-shaped function, as Lua's lua_Alloc: size 0 frees. Passed
 * explicitly to contexts; nothing in the libraries calls malloc directly. */
typedef void *(*lt_alloc_fn_t)(void *self, void *ptr, size_t old_size,
                               size_t new_size);
typedef struct lt_allocator {
  void *self;
  lt_alloc_fn_t fn;
} lt_allocator_t;

/* The libc-backed allocator. */
lt_allocator_t lt_allocator_system(void);
void *lt_alloc(lt_allocator_t a, size_t size);     /* aborts nothing: NULL on failure */
void *lt_calloc(lt_allocator_t a, size_t size);
void *lt_realloc(lt_allocator_t a, void *p, size_t old_size, size_t new_size);
void lt_free(lt_allocator_t a, void *p, size_t size);

/* ---- arena ---------------------------------------------------------------
 * Bump allocator for objects that live as long as their owner (uniqued types
 * and attributes, identifiers). Freed all at once. */
typedef struct lt_arena_chunk lt_arena_chunk_t;
typedef struct lt_arena {
  lt_allocator_t allocator;
  lt_arena_chunk_t *head;
  char *cur, *end;
  size_t total; /* bytes handed out */
} lt_arena_t;

void lt_arena_init(lt_arena_t *arena, lt_allocator_t allocator);
void *lt_arena_alloc(lt_arena_t *arena, size_t size, size_t align);
void *lt_arena_memdup(lt_arena_t *arena, const void *p, size_t size, size_t align);
void lt_arena_deinit(lt_arena_t *arena);

/* ---- string buffer -------------------------------------------------------
 * Growable byte buffer used by printers and diagnostics (heap via libc). */
typedef struct lt_strbuf {
  char *data; /* always NUL-terminated when non-NULL */
  size_t len, cap;
  /* Optional: when set, a buffer about to outgrow LT_STRBUF_SINK_CHUNK is
   * first written here and emptied, so printing a large module needs no
   * copy of its whole text; `sink_failed` records a failed write. */
  FILE *sink;
  bool sink_failed;
} lt_strbuf_t;

/* Pending bytes a buffer with a sink holds before it writes them out. */
#define LT_STRBUF_SINK_CHUNK ((size_t)1 << 16)

void lt_strbuf_append(lt_strbuf_t *sb, const char *s, size_t n);
void lt_strbuf_puts(lt_strbuf_t *sb, const char *s);
void lt_strbuf_putc(lt_strbuf_t *sb, char c);
void lt_strbuf_printf(lt_strbuf_t *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void lt_strbuf_vprintf(lt_strbuf_t *sb, const char *fmt, va_list ap);
/* Detaches the buffer (caller frees with free()). */
char *lt_strbuf_take(lt_strbuf_t *sb);
/* Writes the pending bytes of a buffer with a sink and empties it; false if
 * this or an earlier write failed. Without a sink: true, nothing happens. */
bool lt_strbuf_flush(lt_strbuf_t *sb);
void lt_strbuf_free(lt_strbuf_t *sb);

/* ---- hashing -------------------------------------------------------------- */
uint64_t lt_hash_bytes(const void *p, size_t n, uint64_t seed);
static inline uint64_t lt_hash_combine(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}
static inline uint64_t lt_hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

#define LT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define LT_UNUSED(x) ((void)(x))

#endif /* LITE_BASE_BASE_H */

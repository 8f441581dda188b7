/* base.c - status values, the system allocator, arenas, string buffers and
 * byte hashing. */
#include "base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- status values ------------------------------------------------------- */

struct lt_status_s {
  lt_status_code_t code;
  char *message; /* NULL for the static out-of-memory status */
};

static const char *const lt_status_texts[] = {
#define X(name, text) text,
    LT_STATUS_CODES(X)
#undef X
};

/* Returned when the status itself cannot be allocated; never freed. */
static struct lt_status_s lt_status_oom = {LT_STATUS_OUT_OF_MEMORY, NULL};

lt_status_t lt_status_make(lt_status_code_t code, const char *fmt, ...) {
  struct lt_status_s *s = malloc(sizeof(*s));
  if (!s) return &lt_status_oom;
  s->code = code;
  lt_strbuf_t sb = {0};
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&sb, fmt, ap);
  va_end(ap);
  s->message = lt_strbuf_take(&sb);
  if (!s->message) {
    free(s);
    return &lt_status_oom;
  }
  return s;
}

lt_status_code_t lt_status_code(lt_status_t status) {
  return status ? status->code : LT_STATUS_OK;
}

const char *lt_status_message(lt_status_t status) {
  if (!status) return "";
  if (!status->message) return lt_status_texts[status->code];
  return status->message;
}

const char *lt_status_code_name(lt_status_code_t code) {
  if ((size_t)code >= LT_ARRAY_SIZE(lt_status_texts)) return "unknown status";
  return lt_status_texts[code];
}

void lt_status_free(lt_status_t status) {
  if (!status || status == &lt_status_oom) return;
  free(status->message);
  free(status);
}

/* ---- allocator ----------------------------------------------------------- */

static void *lt_system_alloc_fn(void *self, void *ptr, size_t old_size,
                                size_t new_size) {
  (void)self;
  (void)old_size;
  if (new_size == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, new_size);
}

lt_allocator_t lt_allocator_system(void) {
  lt_allocator_t a = {NULL, lt_system_alloc_fn};
  return a;
}

void *lt_alloc(lt_allocator_t a, size_t size) {
  /* A zero size would mean "free" to the hook. */
  return a.fn(a.self, NULL, 0, size ? size : 1);
}

void *lt_calloc(lt_allocator_t a, size_t size) {
  void *p = lt_alloc(a, size);
  if (p) memset(p, 0, size);
  return p;
}

void *lt_realloc(lt_allocator_t a, void *p, size_t old_size, size_t new_size) {
  return a.fn(a.self, p, old_size, new_size);
}

void lt_free(lt_allocator_t a, void *p, size_t size) {
  if (p) a.fn(a.self, p, size ? size : 1, 0);
}

/* ---- arena --------------------------------------------------------------- */

struct lt_arena_chunk {
  lt_arena_chunk_t *next;
  size_t size; /* whole allocation, header included */
};

#define LT_ARENA_MIN_CHUNK ((size_t)64 << 10)
#define LT_ARENA_MAX_CHUNK ((size_t)4 << 20)
/* Requests above this get a chunk of their own so big blobs do not waste the
 * tail of the current chunk. */
#define LT_ARENA_BIG ((size_t)256 << 10)

void lt_arena_init(lt_arena_t *arena, lt_allocator_t allocator) {
  arena->allocator = allocator;
  arena->head = NULL;
  arena->cur = arena->end = NULL;
  arena->total = 0;
}

static uintptr_t lt_align_up(uintptr_t p, size_t align) {
  return (p + (align - 1)) & ~(uintptr_t)(align - 1);
}

void *lt_arena_alloc(lt_arena_t *arena, size_t size, size_t align) {
  if (align == 0 || (align & (align - 1)) != 0) return NULL;
  if (size == 0) size = 1;
  if (arena->cur) {
    uintptr_t p = lt_align_up((uintptr_t)arena->cur, align);
    if (p <= (uintptr_t)arena->end && size <= (uintptr_t)arena->end - p) {
      arena->cur = (char *)(p + size);
      arena->total += size;
      return (void *)p;
    }
  }
  size_t header = lt_align_up(sizeof(lt_arena_chunk_t), 16);
  size_t need = header + size + align;
  if (need < size) return NULL; /* overflow */
  lt_arena_chunk_t *chunk;
  if (size >= LT_ARENA_BIG) {
    /* Dedicated chunk, linked behind the head so the current chunk keeps
     * serving small requests. */
    chunk = lt_alloc(arena->allocator, need);
    if (!chunk) return NULL;
    chunk->size = need;
    if (arena->head) {
      chunk->next = arena->head->next;
      arena->head->next = chunk;
    } else {
      chunk->next = NULL;
      arena->head = chunk;
      arena->cur = arena->end = (char *)chunk + need;
    }
    uintptr_t p = lt_align_up((uintptr_t)chunk + header, align);
    arena->total += size;
    return (void *)p;
  }
  /* Chunks grow with the arena so that many-object contexts make few
   * allocations. */
  size_t chunk_size = LT_ARENA_MIN_CHUNK;
  if (arena->head) {
    chunk_size = arena->head->size * 2;
    if (chunk_size > LT_ARENA_MAX_CHUNK) chunk_size = LT_ARENA_MAX_CHUNK;
    if (chunk_size < LT_ARENA_MIN_CHUNK) chunk_size = LT_ARENA_MIN_CHUNK;
  }
  if (chunk_size < need) chunk_size = need;
  chunk = lt_alloc(arena->allocator, chunk_size);
  if (!chunk) return NULL;
  chunk->size = chunk_size;
  chunk->next = arena->head;
  arena->head = chunk;
  arena->end = (char *)chunk + chunk_size;
  uintptr_t p = lt_align_up((uintptr_t)chunk + header, align);
  arena->cur = (char *)(p + size);
  arena->total += size;
  return (void *)p;
}

void *lt_arena_memdup(lt_arena_t *arena, const void *p, size_t size,
                      size_t align) {
  void *q = lt_arena_alloc(arena, size, align);
  if (q && size) memcpy(q, p, size);
  return q;
}

void lt_arena_deinit(lt_arena_t *arena) {
  lt_arena_chunk_t *c = arena->head;
  while (c) {
    lt_arena_chunk_t *next = c->next;
    lt_free(arena->allocator, c, c->size);
    c = next;
  }
  arena->head = NULL;
  arena->cur = arena->end = NULL;
  arena->total = 0;
}

/* ---- string buffer --------------------------------------------------------
 * Appends that cannot get memory are dropped: the buffer stays valid and
 * NUL-terminated, only shorter. */

bool lt_strbuf_flush(lt_strbuf_t *sb) {
  if (!sb->sink) return true;
  if (sb->len && !sb->sink_failed &&
      fwrite(sb->data, 1, sb->len, sb->sink) != sb->len)
    sb->sink_failed = true;
  sb->len = 0;
  if (sb->data) sb->data[0] = '\0';
  return !sb->sink_failed;
}

static bool lt_strbuf_reserve(lt_strbuf_t *sb, size_t extra) {
  size_t need = sb->len + extra + 1;
  if (need < extra) return false;
  if (sb->data && need <= sb->cap) return true;
  if (sb->sink && sb->len && sb->cap >= LT_STRBUF_SINK_CHUNK) {
    lt_strbuf_flush(sb);
    need = extra + 1;
    if (sb->data && need <= sb->cap) return true;
  }
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < need) {
    if (cap > SIZE_MAX / 2) {
      cap = need;
      break;
    }
    cap *= 2;
  }
  char *p = realloc(sb->data, cap);
  if (!p) return false;
  if (!sb->data) p[0] = '\0';
  sb->data = p;
  sb->cap = cap;
  return true;
}

void lt_strbuf_append(lt_strbuf_t *sb, const char *s, size_t n) {
  if (!lt_strbuf_reserve(sb, n)) return;
  if (n) memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void lt_strbuf_puts(lt_strbuf_t *sb, const char *s) {
  lt_strbuf_append(sb, s, strlen(s));
}

void lt_strbuf_putc(lt_strbuf_t *sb, char c) {
  if (!lt_strbuf_reserve(sb, 1)) return;
  sb->data[sb->len++] = c;
  sb->data[sb->len] = '\0';
}

void lt_strbuf_vprintf(lt_strbuf_t *sb, const char *fmt, va_list ap) {
  if (!lt_strbuf_reserve(sb, 0)) return;
  va_list ap2;
  va_copy(ap2, ap);
  size_t avail = sb->cap - sb->len;
  int n = vsnprintf(sb->data + sb->len, avail, fmt, ap2);
  va_end(ap2);
  if (n < 0) {
    sb->data[sb->len] = '\0';
    return;
  }
  if ((size_t)n >= avail) {
    if (!lt_strbuf_reserve(sb, (size_t)n)) {
      sb->data[sb->len] = '\0';
      return;
    }
    va_copy(ap2, ap);
    vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, ap2);
    va_end(ap2);
  }
  sb->len += (size_t)n;
}

void lt_strbuf_printf(lt_strbuf_t *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(sb, fmt, ap);
  va_end(ap);
}

char *lt_strbuf_take(lt_strbuf_t *sb) {
  /* Callers expect a string even from an empty buffer. */
  if (!sb->data) lt_strbuf_reserve(sb, 0);
  char *p = sb->data;
  sb->data = NULL;
  sb->len = sb->cap = 0;
  return p;
}

void lt_strbuf_free(lt_strbuf_t *sb) {
  free(sb->data);
  sb->data = NULL;
  sb->len = sb->cap = 0;
}

/* ---- hashing ---------------------------------------------------------------
 * XXH64 (public domain algorithm by Yann Collet): fast on long inputs such as
 * dense payloads and well mixed in the low bits that open addressing uses. */

#define LT_P1 0x9E3779B185EBCA87ull
#define LT_P2 0xC2B2AE3D27D4EB4Full
#define LT_P3 0x165667B19E3779F9ull
#define LT_P4 0x85EBCA77C2B2AE63ull
#define LT_P5 0x27D4EB2F165667C5ull

static inline uint64_t lt_rotl64(uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}
static inline uint64_t lt_read64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}
static inline uint32_t lt_read32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}
static inline uint64_t lt_xxh_round(uint64_t acc, uint64_t input) {
  acc += input * LT_P2;
  acc = lt_rotl64(acc, 31);
  return acc * LT_P1;
}
static inline uint64_t lt_xxh_merge(uint64_t acc, uint64_t val) {
  acc ^= lt_xxh_round(0, val);
  return acc * LT_P1 + LT_P4;
}

uint64_t lt_hash_bytes(const void *data, size_t n, uint64_t seed) {
  static const uint8_t k_empty[1];
  const uint8_t *p = n ? data : k_empty; /* no arithmetic on NULL */
  const uint8_t *end = p + n;
  uint64_t h;
  if (n >= 32) {
    uint64_t v1 = seed + LT_P1 + LT_P2, v2 = seed + LT_P2, v3 = seed,
             v4 = seed - LT_P1;
    const uint8_t *limit = end - 32;
    do {
      v1 = lt_xxh_round(v1, lt_read64(p));
      v2 = lt_xxh_round(v2, lt_read64(p + 8));
      v3 = lt_xxh_round(v3, lt_read64(p + 16));
      v4 = lt_xxh_round(v4, lt_read64(p + 24));
      p += 32;
    } while (p <= limit);
    h = lt_rotl64(v1, 1) + lt_rotl64(v2, 7) + lt_rotl64(v3, 12) +
        lt_rotl64(v4, 18);
    h = lt_xxh_merge(h, v1);
    h = lt_xxh_merge(h, v2);
    h = lt_xxh_merge(h, v3);
    h = lt_xxh_merge(h, v4);
  } else {
    h = seed + LT_P5;
  }
  h += (uint64_t)n;
  while (p + 8 <= end) {
    h ^= lt_xxh_round(0, lt_read64(p));
    h = lt_rotl64(h, 27) * LT_P1 + LT_P4;
    p += 8;
  }
  if (p + 4 <= end) {
    h ^= (uint64_t)lt_read32(p) * LT_P1;
    h = lt_rotl64(h, 23) * LT_P2 + LT_P3;
    p += 4;
  }
  while (p < end) {
    h ^= (*p) * LT_P5;
    h = lt_rotl64(h, 11) * LT_P1;
    p++;
  }
  h ^= h >> 33;
  h *= LT_P2;
  h ^= h >> 29;
  h *= LT_P3;
  h ^= h >> 32;
  return h;
}

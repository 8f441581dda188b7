/* target.c - the host TargetWrapper (host, x86, arm). Aligned blocks come
 * from the allocator hook: a block is over-allocated, and the two words in
 * front of the aligned pointer record the offset back to the hook's block
 * and that block's size, which the hook wants back on free. */
#include "runtime/target.h"

#include <stdint.h>
#include <string.h>

#define HEADER (2 * sizeof(size_t))

static lt_status_t host_malloc(const lt_rt_target_t *t, size_t size,
                               size_t align, void **out) {
  *out = NULL;
  if (align < sizeof(size_t)) align = sizeof(size_t);
  size_t total = size + align + HEADER;
  uint8_t *raw = total > size ? lt_alloc(t->allocator, total) : NULL;
  if (!raw)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "%s: cannot allocate %zu bytes", t->name, size);
  uintptr_t a =
      ((uintptr_t)raw + HEADER + align - 1) & ~(uintptr_t)(align - 1);
  size_t words[2] = {(size_t)(a - (uintptr_t)raw), total};
  memcpy((uint8_t *)a - HEADER, words, sizeof words);
  *out = (void *)a;
  return LT_OK;
}

static void host_free(const lt_rt_target_t *t, void *p, size_t size) {
  (void)size;
  if (!p) return;
  size_t words[2];
  memcpy(words, (uint8_t *)p - HEADER, sizeof words);
  lt_free(t->allocator, (uint8_t *)p - words[0], words[1]);
}

static lt_status_t host_memcpy(const lt_rt_target_t *t, void *dst,
                               const void *src, size_t size,
                               lt_rt_copy_dir_t dir) {
  if (dir != LT_RT_COPY_HOST_TO_HOST)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: the host target copies host to host only",
                          t->name);
  if (size) memcpy(dst, src, size);
  return LT_OK;
}

static lt_status_t host_sync(const lt_rt_target_t *t) {
  (void)t;
  return LT_OK;
}

static const lt_rt_target_vtable_t kHost = {host_malloc, host_free,
                                            host_memcpy, host_sync};

bool lt_rt_target_get(lk_target_t target, lt_allocator_t allocator,
                      lt_rt_target_t *out) {
  switch (target) {
  case LK_TARGET_HOST:
  case LK_TARGET_X86:
  case LK_TARGET_ARM:
  case LK_TARGET_ANY:
    *out = (lt_rt_target_t){lk_target_name(target), target, &kHost,
                            allocator};
    return true;
  default:
    return false;
  }
}

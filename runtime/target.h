/* target.h - the TargetWrapper: what the runtime asks of a target's memory
 * (Paddle-Lite's TargetWrapper). Arenas are allocated through their
 * target's wrapper, and io_copy moves bytes between targets through it, so
 * a device target (OpenCL, Vulkan, an NNAdapter device) joins by providing
 * one more wrapper. host, x86 and arm share the host wrapper: their memory
 * is the process's. */
#ifndef LITE_RUNTIME_TARGET_H
#define LITE_RUNTIME_TARGET_H

#include <stddef.h>

#include "base/base.h"
#include "kernels/place.h"

typedef enum lt_rt_copy_dir {
  LT_RT_COPY_HOST_TO_HOST,
  LT_RT_COPY_HOST_TO_DEVICE,
  LT_RT_COPY_DEVICE_TO_HOST,
  LT_RT_COPY_DEVICE_TO_DEVICE,
} lt_rt_copy_dir_t;

typedef struct lt_rt_target lt_rt_target_t;
typedef struct lt_rt_target_vtable {
  /* size bytes aligned to `align` (a power of two); *out NULL on failure
   * is reported as a status naming the target and the size. */
  lt_status_t (*malloc)(const lt_rt_target_t *t, size_t size, size_t align,
                        void **out);
  void (*free)(const lt_rt_target_t *t, void *p, size_t size);
  lt_status_t (*memcpy)(const lt_rt_target_t *t, void *dst, const void *src,
                        size_t size, lt_rt_copy_dir_t dir);
  /* Waits for the target's queued work (a no-op on the host). */
  lt_status_t (*sync)(const lt_rt_target_t *t);
} lt_rt_target_vtable_t;

struct lt_rt_target {
  const char *name;
  lk_target_t target;
  const lt_rt_target_vtable_t *vt;
  lt_allocator_t allocator; /* the host wrapper's memory */
};

/* The wrapper of target kind `target` over allocator (host, x86, arm: the
 * host wrapper); false for a target this runtime has no wrapper for. */
bool lt_rt_target_get(lk_target_t target, lt_allocator_t allocator,
                      lt_rt_target_t *out);

static inline lt_status_t lt_rt_target_malloc(const lt_rt_target_t *t,
                                              size_t size, size_t align,
                                              void **out) {
  return t->vt->malloc(t, size, align, out);
}
static inline void lt_rt_target_free(const lt_rt_target_t *t, void *p,
                                     size_t size) {
  t->vt->free(t, p, size);
}
static inline lt_status_t lt_rt_target_memcpy(const lt_rt_target_t *t,
                                              void *dst, const void *src,
                                              size_t size,
                                              lt_rt_copy_dir_t dir) {
  return t->vt->memcpy(t, dst, src, size, dir);
}

#endif /* LITE_RUNTIME_TARGET_H */

/* workspace.c - the workspace carver of the reference kernels. */
#include "kernels/ref/workspace.h"

#include <stdint.h>

lk_ws_carver_t lk_ws_sizing(void) {
  return (lk_ws_carver_t){true, NULL, 0, 0, false};
}

lk_ws_carver_t lk_ws_carve(lk_workspace_t ws) {
  return (lk_ws_carver_t){false, ws.data, ws.data ? ws.size : 0, 0, false};
}

void *lk_ws_take(lk_ws_carver_t *c, int64_t count, size_t elem) {
  const size_t mask = LK_WORKSPACE_ALIGN - 1;
  size_t bytes, step, end;
  /* Shapes come from models: a size that overflows cannot be carved, and
   * sizing saturates, so that no caller allocates it. */
  if (count < 0 || __builtin_mul_overflow((size_t)count, elem, &bytes) ||
      __builtin_add_overflow(bytes, mask, &step) ||
      __builtin_add_overflow(c->used, step & ~mask, &end)) {
    c->used = SIZE_MAX;
    c->failed = !c->sizing;
    return NULL;
  }
  if (c->sizing) {
    c->used = end;
    return NULL;
  }
  if (c->failed || end > c->size) {
    c->failed = true;
    return NULL;
  }
  /* A workspace of 0 bytes may be NULL; its empty sub-buffers are too. */
  void *at = c->base ? c->base + c->used : NULL;
  c->used = end;
  return at;
}

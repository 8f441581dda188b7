/* workspace.h - the scratch memory a reference kernel takes from its
 * caller. A kernel that needs temporaries (converted operands, tap tables,
 * accumulators, sort buffers) gets them from a workspace and never
 * allocates: its size function says how many bytes it takes for given
 * parameters and operand shapes (data is not read), the plan step puts that
 * into p->workspace_size, and the caller (the runtime, the dialect's
 * evaluator) provides that many bytes.
 *
 * Both halves lay the scratch out through one carver, so they cannot
 * disagree: the size function runs the kernel's layout over a sizing carver,
 * the kernel over its workspace, and a workspace shorter than the layout
 * fails the kernel before it writes anything. Each sub-buffer is rounded up
 * to LK_WORKSPACE_ALIGN bytes, so with a 64-byte aligned workspace (the
 * runtime's) every sub-buffer is; any workspace must be aligned for every
 * scalar type (malloc's alignment). */
#ifndef LITE_KERNELS_REF_WORKSPACE_H
#define LITE_KERNELS_REF_WORKSPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lk_workspace {
  void *data; /* NULL when size is 0 */
  size_t size;
} lk_workspace_t;

#define LK_WORKSPACE_ALIGN 64

/* Hands out sub-buffers of a workspace in order, or only counts them. */
typedef struct lk_ws_carver {
  bool sizing; /* counts only */
  char *base;
  size_t size; /* bytes at base */
  size_t used; /* bytes laid out so far (SIZE_MAX once it overflowed) */
  bool failed; /* a sub-buffer did not fit */
} lk_ws_carver_t;

/* A carver that counts bytes and hands out nothing. */
lk_ws_carver_t lk_ws_sizing(void);
/* A carver over ws. */
lk_ws_carver_t lk_ws_carve(lk_workspace_t ws);
/* The next count * elem bytes (the carver advances by that rounded up to
 * LK_WORKSPACE_ALIGN). NULL while sizing, and when they do not fit, which
 * sets c->failed (as does a negative or overflowing size). */
void *lk_ws_take(lk_ws_carver_t *c, int64_t count, size_t elem);
/* Whether every sub-buffer so far fit (always, while sizing). */
static inline bool lk_ws_ok(const lk_ws_carver_t *c) { return !c->failed; }

#endif /* LITE_KERNELS_REF_WORKSPACE_H */

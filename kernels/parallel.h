/* parallel.h - how a kernel splits its work: the parallel-for that a target
 * context offers. The runtime's thread pool implements it; kernels know
 * ranges of work items, never threads. A NULL lk_parallel_t runs the whole
 * range inline on the caller's thread. */
#ifndef LITE_KERNELS_PARALLEL_H
#define LITE_KERNELS_PARALLEL_H

#include <stddef.h>
#include <stdint.h>

/* Runs items [begin, end) of a task; worker (< num_workers) tells apart the
 * threads running at once, so each may use its own slice of a workspace. */
typedef void (*lk_task_fn)(void *ctx, size_t begin, size_t end,
                           uint32_t worker);

typedef struct lk_parallel {
  void *self;
  /* Threads that may run tasks at once, the caller's included (>= 1). */
  uint32_t num_workers;
  /* Runs task over [0, n) in ranges of at least grain items (the last may
   * be shorter) and returns when every range has run. */
  void (*parallel_for)(void *self, size_t n, size_t grain, lk_task_fn task,
                       void *ctx);
} lk_parallel_t;

/* task over [0, n) on p, or inline as one range when p is NULL. */
static inline void lk_parallel_for(const lk_parallel_t *p, size_t n,
                                   size_t grain, lk_task_fn task, void *ctx) {
  if (n == 0) return;
  /* A short range still goes to p: a nested call from worker k must keep
   * worker index k, which only the pool knows. */
  if (!p || p->num_workers <= 1) {
    task(ctx, 0, n, 0);
    return;
  }
  p->parallel_for(p->self, n, grain ? grain : 1, task, ctx);
}

/* Workers p may use at once: 1 without a parallel-for. */
static inline uint32_t lk_parallel_workers(const lk_parallel_t *p) {
  return p && p->num_workers > 1 ? p->num_workers : 1;
}

#endif /* LITE_KERNELS_PARALLEL_H */

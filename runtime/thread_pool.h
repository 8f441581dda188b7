/* thread_pool.h - a pthreads pool behind the parallel-for kernels see
 * (kernels/parallel.h). Each predictor owns one, so its thread count is the
 * predictor's. The caller of a parallel-for is one of the workers; idle
 * threads sleep on a condition variable unless told to spin a while first.
 *
 * Calls from inside a task to the pool running it run inline on that
 * worker. Calls from different threads that are not its workers take turns
 * (one parallel-for at a time). Nesting across pools must not form a cycle
 * (a task of A waits on B while a task of B waits on A). */
#ifndef LITE_RUNTIME_THREAD_POOL_H
#define LITE_RUNTIME_THREAD_POOL_H

#include <pthread.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/parallel.h"

/* The most threads a pool takes; more is taken for a mistake. */
#define LT_RT_THREAD_POOL_MAX_THREADS 1024u

/* Starts one thread running main(arg): 0 or an errno value, as
 * pthread_create. */
typedef int (*lt_rt_start_thread_fn)(void *user, pthread_t *thread,
                                     void *(*main)(void *), void *arg);

typedef struct lt_rt_thread_pool_options {
  /* Microseconds an idle worker (and a caller waiting for the last ranges)
   * polls for work before it sleeps. 0, the default, sleeps at once: a
   * wake-up then costs a few microseconds of latency, but no core burns
   * while the pool waits, which matters where the pool shares a small
   * machine with other work. A spin helps only when parallel-fors follow
   * each other closely on otherwise idle cores. */
  uint32_t spin_us;
  /* NULL starts threads with pthread_create and default attributes; a test
   * passes its own to make starting a thread fail. */
  lt_rt_start_thread_fn start_thread;
  void *start_thread_user;
} lt_rt_thread_pool_options_t;

typedef struct lt_rt_thread_pool lt_rt_thread_pool_t;

/* Makes a pool of num_threads workers, the caller of each parallel-for
 * included: 1 starts no thread (everything runs inline), 0 takes the
 * machine's online CPUs. options may be NULL (all defaults). Fails with
 * OUT_OF_MEMORY, INVALID_ARGUMENT (more than LT_RT_THREAD_POOL_MAX_THREADS)
 * or INTERNAL (a thread did not start); a failed create leaves nothing. */
lt_status_t lt_rt_thread_pool_create(lt_allocator_t allocator,
                                     uint32_t num_threads,
                                     const lt_rt_thread_pool_options_t *options,
                                     lt_rt_thread_pool_t **out_pool);

/* Stops and joins the workers and frees the pool (NULL is a no-op). No
 * parallel-for may be running on it. */
void lt_rt_thread_pool_destroy(lt_rt_thread_pool_t *pool);

/* The parallel-for view kernels get; lives as long as the pool. */
const lk_parallel_t *lt_rt_thread_pool_parallel(const lt_rt_thread_pool_t *pool);

/* Workers the pool runs at once, the caller included (>= 1). */
uint32_t lt_rt_thread_pool_num_workers(const lt_rt_thread_pool_t *pool);

#endif /* LITE_RUNTIME_THREAD_POOL_H */

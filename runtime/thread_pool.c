/* thread_pool.c - the pthreads pool behind lk_parallel_t.
 *
 * One job at a time: the caller publishes it under `mu` (a new generation),
 * wakes as many sleeping workers as there are ranges beyond its own, and
 * takes ranges itself. Every participant claims the next range from an
 * atomic counter, so uneven ranges balance. The caller never waits for a
 * worker that has not joined: once the ranges are gone it closes the job and
 * waits only for the workers still running one. A wake-up that comes late
 * therefore costs nothing, and none can be lost: a worker checks the
 * generation under `mu` before it sleeps. */
#include "runtime/thread_pool.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct lt_rt_worker {
  struct lt_rt_thread_pool *pool;
  uint32_t index; /* >= 1: the caller of a parallel-for is worker 0 */
  pthread_t thread;
} lt_rt_worker_t;

struct lt_rt_thread_pool {
  lt_allocator_t allocator;
  lk_parallel_t parallel;
  uint32_t num_workers; /* threads + the caller */
  uint32_t num_threads; /* started and not yet joined */
  uint32_t spin_us;
  lt_rt_worker_t *workers; /* num_workers - 1 of them */

  pthread_mutex_t call_mu; /* one caller's parallel-for at a time */
  pthread_mutex_t mu;      /* guards everything below */
  pthread_cond_t work_cv;  /* a new generation or stop */
  pthread_cond_t done_cv;  /* the last running worker left a closed job */
  /* Written under mu; atomic so that a spinning thread may peek unlocked. */
  _Atomic uint64_t generation;
  atomic_bool stop;
  _Atomic uint32_t running; /* workers inside the current job */
  bool job_open;            /* workers may still join */
  lk_task_fn task;
  void *ctx;
  size_t n, chunk, num_ranges;
  atomic_size_t next_range;
};

/* The pool and worker index whose task this thread is running, so that a
 * parallel-for from inside a task runs inline on the same worker. */
static _Thread_local struct {
  const struct lt_rt_thread_pool *pool;
  uint32_t worker;
} tls_current;

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Polls for up to spin_us until done(pool, arg); true when it became so. */
static bool spin_until(const struct lt_rt_thread_pool *pool,
                       bool (*done)(const struct lt_rt_thread_pool *, uint64_t),
                       uint64_t arg) {
  if (pool->spin_us == 0) return false;
  uint64_t deadline = now_ns() + (uint64_t)pool->spin_us * 1000u;
  for (unsigned i = 0;; i++) {
    if (done(pool, arg)) return true;
    cpu_relax();
    /* The clock is read every few polls only: it costs more than a poll. */
    if ((i & 63) == 63 && now_ns() >= deadline) return false;
  }
}

static bool has_news(const struct lt_rt_thread_pool *pool, uint64_t seen) {
  return atomic_load_explicit(&pool->generation, memory_order_acquire) != seen ||
         atomic_load_explicit(&pool->stop, memory_order_acquire);
}

static bool none_running(const struct lt_rt_thread_pool *pool, uint64_t unused) {
  (void)unused;
  return atomic_load_explicit(&pool->running, memory_order_acquire) == 0;
}

/* Claims and runs ranges of the current job until none is left. */
static void run_ranges(struct lt_rt_thread_pool *pool, lk_task_fn task,
                       void *ctx, size_t n, size_t chunk, size_t num_ranges,
                       uint32_t worker) {
  const struct lt_rt_thread_pool *outer_pool = tls_current.pool;
  uint32_t outer_worker = tls_current.worker;
  tls_current.pool = pool;
  tls_current.worker = worker;
  for (;;) {
    size_t r = atomic_fetch_add_explicit(&pool->next_range, 1,
                                         memory_order_relaxed);
    if (r >= num_ranges) break;
    size_t begin = r * chunk;
    size_t end = n - begin < chunk ? n : begin + chunk;
    task(ctx, begin, end, worker);
  }
  tls_current.pool = outer_pool;
  tls_current.worker = outer_worker;
}

static void *worker_main(void *arg) {
  lt_rt_worker_t *self = arg;
  struct lt_rt_thread_pool *pool = self->pool;
  uint64_t seen = 0;
  for (;;) {
    spin_until(pool, has_news, seen);
    pthread_mutex_lock(&pool->mu);
    while (!atomic_load_explicit(&pool->stop, memory_order_relaxed) &&
           atomic_load_explicit(&pool->generation, memory_order_relaxed) == seen)
      pthread_cond_wait(&pool->work_cv, &pool->mu);
    if (atomic_load_explicit(&pool->stop, memory_order_relaxed)) {
      pthread_mutex_unlock(&pool->mu);
      return NULL;
    }
    seen = atomic_load_explicit(&pool->generation, memory_order_relaxed);
    if (!pool->job_open) { /* woke after the caller had finished alone */
      pthread_mutex_unlock(&pool->mu);
      continue;
    }
    atomic_fetch_add_explicit(&pool->running, 1, memory_order_relaxed);
    lk_task_fn task = pool->task;
    void *ctx = pool->ctx;
    size_t n = pool->n, chunk = pool->chunk, num_ranges = pool->num_ranges;
    pthread_mutex_unlock(&pool->mu);

    run_ranges(pool, task, ctx, n, chunk, num_ranges, self->index);

    pthread_mutex_lock(&pool->mu);
    if (atomic_fetch_sub_explicit(&pool->running, 1, memory_order_release) == 1 &&
        !pool->job_open)
      pthread_cond_signal(&pool->done_cv);
    pthread_mutex_unlock(&pool->mu);
  }
}

/* About four ranges per worker: enough for the atomic counter to even out
 * uneven ranges, few enough that claiming them costs little. */
enum { RANGES_PER_WORKER = 4 };

static void pool_parallel_for(void *self, size_t n, size_t grain,
                              lk_task_fn task, void *ctx) {
  struct lt_rt_thread_pool *pool = self;
  if (n == 0) return;
  if (grain == 0) grain = 1;
  if (tls_current.pool == pool) { /* nested: this worker runs it all */
    task(ctx, 0, n, tls_current.worker);
    return;
  }
  size_t target = (size_t)pool->num_workers * RANGES_PER_WORKER;
  size_t chunk = n / target + (n % target != 0);
  if (chunk < grain) chunk = grain;
  size_t num_ranges = n / chunk + (n % chunk != 0);
  if (pool->num_workers == 1 || num_ranges == 1) {
    const struct lt_rt_thread_pool *outer_pool = tls_current.pool;
    uint32_t outer_worker = tls_current.worker;
    tls_current.pool = pool;
    tls_current.worker = 0;
    task(ctx, 0, n, 0);
    tls_current.pool = outer_pool;
    tls_current.worker = outer_worker;
    return;
  }

  pthread_mutex_lock(&pool->call_mu);
  pthread_mutex_lock(&pool->mu);
  pool->task = task;
  pool->ctx = ctx;
  pool->n = n;
  pool->chunk = chunk;
  pool->num_ranges = num_ranges;
  atomic_store_explicit(&pool->next_range, 0, memory_order_relaxed);
  pool->job_open = true;
  atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
  uint32_t threads = pool->num_workers - 1;
  if (num_ranges - 1 >= threads) {
    pthread_cond_broadcast(&pool->work_cv);
  } else {
    for (size_t i = 0; i + 1 < num_ranges; i++)
      pthread_cond_signal(&pool->work_cv);
  }
  pthread_mutex_unlock(&pool->mu);

  run_ranges(pool, task, ctx, n, chunk, num_ranges, 0);

  pthread_mutex_lock(&pool->mu);
  pool->job_open = false;
  pthread_mutex_unlock(&pool->mu);
  if (!spin_until(pool, none_running, 0)) {
    pthread_mutex_lock(&pool->mu);
    while (atomic_load_explicit(&pool->running, memory_order_relaxed) != 0)
      pthread_cond_wait(&pool->done_cv, &pool->mu);
    pthread_mutex_unlock(&pool->mu);
  }
  pthread_mutex_unlock(&pool->call_mu);
}

static int default_start_thread(void *user, pthread_t *thread,
                                void *(*main_fn)(void *), void *arg) {
  (void)user;
  return pthread_create(thread, NULL, main_fn, arg);
}

/* Stops and joins the started threads; the pool's memory stays. */
static void stop_threads(struct lt_rt_thread_pool *pool) {
  pthread_mutex_lock(&pool->mu);
  atomic_store_explicit(&pool->stop, true, memory_order_release);
  pthread_cond_broadcast(&pool->work_cv);
  pthread_mutex_unlock(&pool->mu);
  for (uint32_t i = 0; i < pool->num_threads; i++)
    pthread_join(pool->workers[i].thread, NULL);
  pool->num_threads = 0;
}

/* Frees what create made, in reverse; `inited` counts the sync objects. */
static void free_pool(struct lt_rt_thread_pool *pool, int inited) {
  if (inited > 3) pthread_cond_destroy(&pool->done_cv);
  if (inited > 2) pthread_cond_destroy(&pool->work_cv);
  if (inited > 1) pthread_mutex_destroy(&pool->mu);
  if (inited > 0) pthread_mutex_destroy(&pool->call_mu);
  if (pool->workers)
    lt_free(pool->allocator, pool->workers,
            sizeof(lt_rt_worker_t) * (pool->num_workers - 1));
  lt_free(pool->allocator, pool, sizeof *pool);
}

lt_status_t lt_rt_thread_pool_create(lt_allocator_t allocator,
                                     uint32_t num_threads,
                                     const lt_rt_thread_pool_options_t *options,
                                     lt_rt_thread_pool_t **out_pool) {
  *out_pool = NULL;
  if (num_threads == 0) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    num_threads = online < 1 ? 1u
                  : online > (long)LT_RT_THREAD_POOL_MAX_THREADS
                      ? LT_RT_THREAD_POOL_MAX_THREADS
                      : (uint32_t)online;
  }
  if (num_threads > LT_RT_THREAD_POOL_MAX_THREADS)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "thread pool: %u threads asked for, at most %u",
                          num_threads, LT_RT_THREAD_POOL_MAX_THREADS);
  lt_rt_thread_pool_options_t defaults = {0};
  if (!options) options = &defaults;

  struct lt_rt_thread_pool *pool = lt_calloc(allocator, sizeof *pool);
  if (!pool)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "thread pool: out of memory for the pool");
  pool->allocator = allocator;
  pool->num_workers = num_threads;
  pool->spin_us = options->spin_us;
  pool->parallel.self = pool;
  pool->parallel.num_workers = num_threads;
  pool->parallel.parallel_for = pool_parallel_for;
  atomic_init(&pool->generation, 0);
  atomic_init(&pool->stop, false);
  atomic_init(&pool->running, 0);
  atomic_init(&pool->next_range, 0);
  if (num_threads > 1) {
    pool->workers =
        lt_calloc(allocator, sizeof(lt_rt_worker_t) * (num_threads - 1));
    if (!pool->workers) {
      free_pool(pool, 0);
      return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                            "thread pool: out of memory for %u workers",
                            num_threads - 1);
    }
  }

  int inited = 0, rc = pthread_mutex_init(&pool->call_mu, NULL);
  if (rc == 0 && ++inited && (rc = pthread_mutex_init(&pool->mu, NULL)) == 0 &&
      ++inited && (rc = pthread_cond_init(&pool->work_cv, NULL)) == 0 &&
      ++inited && (rc = pthread_cond_init(&pool->done_cv, NULL)) == 0)
    ++inited;
  if (rc != 0) {
    free_pool(pool, inited);
    return lt_status_make(LT_STATUS_INTERNAL,
                          "thread pool: cannot make its locks: %s",
                          strerror(rc));
  }

  lt_rt_start_thread_fn start =
      options->start_thread ? options->start_thread : default_start_thread;
  for (uint32_t i = 0; i + 1 < num_threads; i++) {
    lt_rt_worker_t *w = &pool->workers[i];
    w->pool = pool;
    w->index = i + 1;
    rc = start(options->start_thread_user, &w->thread, worker_main, w);
    if (rc != 0) {
      stop_threads(pool);
      free_pool(pool, inited);
      return lt_status_make(LT_STATUS_INTERNAL,
                            "thread pool: starting thread %u of %u failed: %s",
                            i + 1, num_threads - 1, strerror(rc));
    }
    pool->num_threads++;
  }
  *out_pool = pool;
  return LT_OK;
}

void lt_rt_thread_pool_destroy(lt_rt_thread_pool_t *pool) {
  if (!pool) return;
  stop_threads(pool);
  free_pool(pool, 4);
}

const lk_parallel_t *lt_rt_thread_pool_parallel(const lt_rt_thread_pool_t *pool) {
  return &pool->parallel;
}

uint32_t lt_rt_thread_pool_num_workers(const lt_rt_thread_pool_t *pool) {
  return pool->num_workers;
}

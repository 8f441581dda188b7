/* thread_pool_test.c - the runtime's thread pool as kernels see it: every
 * item runs exactly once, worker indices are in range and never shared by
 * two ranges running at once, nested and concurrent calls, the inline
 * 1-thread pool, many small calls in a row, and failures at create. Tasks
 * count problems in atomics; the checks run on the main thread. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/thread_pool.h"

#include "test/unit/check.h"

enum { MAX_ITEMS = 4096, MAX_WORKERS = 16 };

typedef struct coverage {
  uint32_t num_workers;
  size_t grain, n;
  _Atomic unsigned hits[MAX_ITEMS];
  atomic_bool busy[MAX_WORKERS];
  _Atomic unsigned errors; /* bad index, shared index, short range */
  _Atomic unsigned ranges;
} coverage_t;

static void cover_task(void *ctx, size_t begin, size_t end, uint32_t worker) {
  coverage_t *c = ctx;
  atomic_fetch_add(&c->ranges, 1);
  if (worker >= c->num_workers || begin >= end || end > c->n ||
      (end - begin < c->grain && end != c->n)) {
    atomic_fetch_add(&c->errors, 1);
    return;
  }
  if (atomic_exchange(&c->busy[worker], true)) atomic_fetch_add(&c->errors, 1);
  for (size_t i = begin; i < end; i++) atomic_fetch_add(&c->hits[i], 1);
  /* Long enough that the ranges of different workers overlap in time. */
  for (volatile int spin = 0; spin < 200; spin++) {
  }
  atomic_store(&c->busy[worker], false);
}

/* Runs [0, n) in ranges of grain on p; true when every item ran once. */
static bool cover(const lk_parallel_t *p, size_t n, size_t grain) {
  static coverage_t c;
  memset(&c, 0, sizeof c);
  c.num_workers = p->num_workers;
  c.grain = grain ? grain : 1;
  c.n = n;
  p->parallel_for(p->self, n, grain, cover_task, &c);
  bool ok = atomic_load(&c.errors) == 0;
  for (size_t i = 0; i < n; i++) ok = ok && atomic_load(&c.hits[i]) == 1;
  if (!ok)
    fprintf(stderr, "coverage failed: n=%zu grain=%zu workers=%u errors=%u\n",
            n, grain, p->num_workers, atomic_load(&c.errors));
  return ok;
}

static lt_rt_thread_pool_t *make_pool(uint32_t threads) {
  lt_rt_thread_pool_t *pool = NULL;
  lt_status_t st =
      lt_rt_thread_pool_create(lt_allocator_system(), threads, NULL, &pool);
  CHECK(st == LT_OK && pool);
  if (st) {
    fprintf(stderr, "%s\n", lt_status_message(st));
    lt_status_free(st);
  }
  return pool;
}

static void test_coverage(void) {
  static const uint32_t threads[] = {1, 2, 3, 4, 8};
  static const size_t ns[] = {0, 1, 2, 3, 7, 8, 100, 1000, 4096};
  static const size_t grains[] = {0, 1, 2, 5, 64, 5000};
  for (size_t t = 0; t < LT_ARRAY_SIZE(threads); t++) {
    lt_rt_thread_pool_t *pool = make_pool(threads[t]);
    if (!pool) continue;
    const lk_parallel_t *p = lt_rt_thread_pool_parallel(pool);
    CHECK(p->num_workers == threads[t]);
    CHECK(lt_rt_thread_pool_num_workers(pool) == threads[t]);
    for (size_t i = 0; i < LT_ARRAY_SIZE(ns); i++)
      for (size_t g = 0; g < LT_ARRAY_SIZE(grains); g++) {
        CHECK(cover(p, ns[i], grains[g]));
      }
    lt_rt_thread_pool_destroy(pool);
  }
}

/* A grain that does not divide n: the last range is short, the rest full. */
static void test_uneven(void) {
  lt_rt_thread_pool_t *pool = make_pool(4);
  if (!pool) return;
  CHECK(cover(lt_rt_thread_pool_parallel(pool), 4096, 3));
  lt_rt_thread_pool_destroy(pool);
}

typedef struct nested {
  const lk_parallel_t *p;
  coverage_t *inner; /* one per outer item */
  _Atomic unsigned errors;
} nested_t;

typedef struct inner_ctx {
  nested_t *outer;
  uint32_t worker; /* the outer range's */
  size_t item;
} inner_ctx_t;

static _Atomic unsigned g_inner_hits[64][64];

static void inner_task(void *ctx, size_t begin, size_t end, uint32_t worker) {
  inner_ctx_t *ic = ctx;
  if (worker != ic->worker) atomic_fetch_add(&ic->outer->errors, 1);
  for (size_t i = begin; i < end; i++)
    atomic_fetch_add(&g_inner_hits[ic->item][i], 1);
}

static void outer_task(void *ctx, size_t begin, size_t end, uint32_t worker) {
  nested_t *nt = ctx;
  for (size_t i = begin; i < end; i++) {
    inner_ctx_t ic = {nt, worker, i};
    nt->p->parallel_for(nt->p->self, 64, 1, inner_task, &ic);
  }
}

static void test_nested(void) {
  lt_rt_thread_pool_t *pool = make_pool(4);
  if (!pool) return;
  nested_t nt = {.p = lt_rt_thread_pool_parallel(pool)};
  memset(g_inner_hits, 0, sizeof g_inner_hits);
  nt.p->parallel_for(nt.p->self, 64, 1, outer_task, &nt);
  CHECK(atomic_load(&nt.errors) == 0);
  bool all_once = true;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      all_once = all_once && atomic_load(&g_inner_hits[i][j]) == 1;
  CHECK(all_once);
  lt_rt_thread_pool_destroy(pool);
}

static pthread_t g_main_thread;
static _Atomic unsigned g_off_main;

static void where_task(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)ctx;
  if (!pthread_equal(pthread_self(), g_main_thread) || worker != 0 ||
      begin != 0 || end != 100)
    atomic_fetch_add(&g_off_main, 1);
}

static void test_one_thread_inline(void) {
  lt_rt_thread_pool_t *pool = make_pool(1);
  if (!pool) return;
  const lk_parallel_t *p = lt_rt_thread_pool_parallel(pool);
  CHECK(p->num_workers == 1);
  g_main_thread = pthread_self();
  atomic_store(&g_off_main, 0);
  p->parallel_for(p->self, 100, 1, where_task, NULL);
  lk_parallel_for(p, 100, 1, where_task, NULL);
  CHECK(atomic_load(&g_off_main) == 0);
  lt_rt_thread_pool_destroy(pool);
}

static void count_task(void *ctx, size_t begin, size_t end, uint32_t worker) {
  atomic_fetch_add((_Atomic size_t *)ctx, end - begin);
}

/* Many tiny calls in a row: a lost wake-up would hang here. */
static void test_stress(void) {
  lt_rt_thread_pool_t *pool = make_pool(3);
  if (!pool) return;
  const lk_parallel_t *p = lt_rt_thread_pool_parallel(pool);
  _Atomic size_t total = 0;
  size_t expected = 0;
  for (int i = 0; i < 10000; i++) {
    size_t n = 2 + (size_t)(i % 7);
    expected += n;
    p->parallel_for(p->self, n, 1, count_task, (void *)&total);
  }
  CHECK(atomic_load(&total) == expected);
  lt_rt_thread_pool_destroy(pool);
}

typedef struct caller {
  const lk_parallel_t *p;
  size_t counted, expected;
} caller_t;

static void *caller_main(void *arg) {
  caller_t *c = arg;
  for (int i = 0; i < 2000; i++) {
    _Atomic size_t total = 0;
    size_t n = 1 + (size_t)(i % 50);
    c->p->parallel_for(c->p->self, n, 1, count_task, (void *)&total);
    c->counted += atomic_load(&total);
    c->expected += n;
  }
  return NULL;
}

/* Two threads that are not the pool's share it: their calls take turns. */
static void test_two_callers(void) {
  lt_rt_thread_pool_t *pool = make_pool(3);
  if (!pool) return;
  caller_t c[2] = {{lt_rt_thread_pool_parallel(pool), 0, 0},
                   {lt_rt_thread_pool_parallel(pool), 0, 0}};
  pthread_t t[2];
  for (int i = 0; i < 2; i++) CHECK(pthread_create(&t[i], NULL, caller_main, &c[i]) == 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < 2; i++) CHECK(c[i].counted == c[i].expected && c[i].expected > 0);
  lt_rt_thread_pool_destroy(pool);
}

static void test_spin(void) {
  lt_rt_thread_pool_options_t opts = {.spin_us = 50};
  lt_rt_thread_pool_t *pool = NULL;
  lt_status_t st = lt_rt_thread_pool_create(lt_allocator_system(), 4, &opts, &pool);
  CHECK(st == LT_OK);
  if (st) { lt_status_free(st); return; }
  const lk_parallel_t *p = lt_rt_thread_pool_parallel(pool);
  CHECK(cover(p, 1000, 1));
  CHECK(cover(p, 5, 1));
  lt_rt_thread_pool_destroy(pool);
}

/* Workers that never got work, and a pool made then dropped at once. */
static void test_destroy_idle(void) {
  for (int i = 0; i < 20; i++) lt_rt_thread_pool_destroy(make_pool(4));
  lt_rt_thread_pool_destroy(NULL);
  lt_rt_thread_pool_t *pool = make_pool(0);
  if (pool) {
    CHECK(lt_rt_thread_pool_num_workers(pool) >= 1);
    CHECK(cover(lt_rt_thread_pool_parallel(pool), 300, 1));
    lt_rt_thread_pool_destroy(pool);
  }
}

/* Counts live bytes, and fails the allocation numbered fail_at. */
typedef struct failing {
  int calls, fail_at;
  long live;
} failing_t;

static void *failing_alloc(void *self, void *ptr, size_t old_size,
                           size_t new_size) {
  failing_t *f = self;
  if (new_size == 0) {
    f->live -= (long)old_size;
    free(ptr);
    return NULL;
  }
  if (f->calls++ == f->fail_at) return NULL;
  void *q = realloc(ptr, new_size);
  if (q) f->live += (long)new_size - (long)old_size;
  return q;
}

static void test_out_of_memory(void) {
  int failures_seen = 0;
  for (int at = 0; at < 10; at++) {
    failing_t f = {0, at, 0};
    lt_allocator_t a = {&f, failing_alloc};
    lt_rt_thread_pool_t *pool = NULL;
    lt_status_t st = lt_rt_thread_pool_create(a, 4, NULL, &pool);
    if (st) {
      failures_seen++;
      CHECK(lt_status_code(st) == LT_STATUS_OUT_OF_MEMORY);
      CHECK(pool == NULL);
      CHECK(f.live == 0);
      lt_status_free(st);
      continue;
    }
    CHECK(cover(lt_rt_thread_pool_parallel(pool), 100, 1));
    lt_rt_thread_pool_destroy(pool);
    CHECK(f.live == 0);
    break;
  }
  CHECK(failures_seen == 2); /* the pool, then its workers */
}

typedef struct start_fail {
  int started, fail_at;
} start_fail_t;

static int failing_start(void *user, pthread_t *thread, void *(*fn)(void *),
                         void *arg) {
  start_fail_t *s = user;
  if (s->started == s->fail_at) return EAGAIN;
  s->started++;
  return pthread_create(thread, NULL, fn, arg);
}

/* A thread that does not start fails the create; the ones started before
 * are stopped and joined, and nothing is left allocated. */
static void test_thread_start_fails(void) {
  for (int at = 0; at < 3; at++) {
    start_fail_t s = {0, at};
    failing_t f = {0, -1, 0};
    lt_rt_thread_pool_options_t opts = {.start_thread = failing_start,
                                        .start_thread_user = &s};
    lt_rt_thread_pool_t *pool = NULL;
    lt_status_t st =
        lt_rt_thread_pool_create((lt_allocator_t){&f, failing_alloc}, 4, &opts, &pool);
    CHECK(st && lt_status_code(st) == LT_STATUS_INTERNAL);
    CHECK(st && strstr(lt_status_message(st), "starting thread") != NULL);
    CHECK(pool == NULL && f.live == 0 && s.started == at);
    lt_status_free(st);
  }
  lt_rt_thread_pool_t *pool = NULL;
  lt_status_t st = lt_rt_thread_pool_create(
      lt_allocator_system(), LT_RT_THREAD_POOL_MAX_THREADS + 1, NULL, &pool);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT && !pool);
  lt_status_free(st);
}

int main(void) {
  test_coverage();
  test_uneven();
  test_nested();
  test_one_thread_inline();
  test_stress();
  test_two_callers();
  test_spin();
  test_destroy_idle();
  test_out_of_memory();
  test_thread_start_fails();
  if (g_failures) {
    fprintf(stderr, "%d checks failed\n", g_failures);
    return 1;
  }
  printf("thread_pool_test: all passed\n");
  return 0;
}

/* codegen_test_util.h - what the codegen/llvm tests share: parsing kernels
 * from text (real memref types, the registered loop-level dialects, no
 * unregistered ops), views over buffers, a real pthread lk_parallel_t, and
 * the JIT around it all. */
#ifndef LITE_TEST_UNIT_CODEGEN_TEST_UTIL_H
#define LITE_TEST_UNIT_CODEGEN_TEST_UTIL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen/llvm/jit.h"
#include "dialects/dialects.h"
#include "ir/context.h"
#include "ir/parser.h"
#include "kernels/abi.h"

typedef struct ct {
  lt_context_t *ctx;
  lt_llvm_jit_t *jit;
} ct_t;

static inline void ct_init(ct_t *t, bool cache, const char *cache_dir) {
  memset(t, 0, sizeof(*t));
  lt_context_create(lt_allocator_system(), &t->ctx);
  lt_register_core_dialects(t->ctx);
  lt_llvm_jit_options_t o;
  lt_llvm_jit_options_init(&o);
  o.no_cache = !cache;
  o.cache_dir = cache_dir;
  lt_status_t st = lt_llvm_jit_create(&o, &t->jit);
  if (st) fprintf(stderr, "jit: %s\n", lt_status_message(st));
  CHECK(st == LT_OK);
}

static inline void ct_fini(ct_t *t) {
  lt_llvm_jit_destroy(t->jit);
  lt_context_destroy(t->ctx);
}

/* Parses and verifies src: a kernel the dialects refuse fails the check. */
static inline lt_op_t *ct_parse(ct_t *t, const char *src) {
  lt_op_t *m = lt_parse_source(t->ctx, "kernel.mlir", src, strlen(src), NULL);
  CHECK(m != NULL);
  if (m && LT_FAILED(lt_op_verify(m))) {
    CHECK(!"the kernel does not verify");
    lt_op_destroy(m);
    m = NULL;
  }
  return m;
}

/* JITs src; the table, or NULL after a failed check. */
static inline const lk_kernel_table_t *ct_jit(ct_t *t, const char *src,
                                       lt_op_t **out_module) {
  lt_op_t *m = ct_parse(t, src);
  *out_module = m;
  if (!m) return NULL;
  const lk_kernel_table_t *table = NULL;
  lt_status_t st = lt_llvm_jit_add_module(t->jit, m, &table);
  if (st) fprintf(stderr, "jit: %s\n", lt_status_message(st));
  CHECK(st == LT_OK);
  lt_status_free(st);
  return table;
}

static inline lk_kernel_fn ct_kernel(const lk_kernel_table_t *table, const char *name) {
  for (uint32_t i = 0; table && i < table->count; i++)
    if (strcmp(table->entries[i].name, name) == 0) return table->entries[i].run;
  CHECK(!"kernel not in the table");
  return NULL;
}

/* A view of rank 1 or 2 over data with element strides. */
static inline lk_view_t ct_view(void *data, lk_dtype_t dtype, size_t esize,
                         int32_t rank, const int64_t *dims,
                         const int64_t *elem_strides) {
  lk_view_t v;
  memset(&v, 0, sizeof(v));
  v.dtype = dtype;
  v.rank = rank;
  v.data = data;
  for (int32_t i = 0; i < rank; i++) {
    v.dims[i] = dims[i];
    v.strides[i] = elem_strides[i] * (int64_t)esize;
  }
  return v;
}

static inline lk_view_t ct_vec_f32(float *data, int64_t n) {
  int64_t one = 1;
  return ct_view(data, LK_F32, 4, 1, &n, &one);
}

/* ---- a pthread parallel-for ---------------------------------------------- */
typedef struct ct_pool {
  lk_parallel_t par;
  atomic_uint calls;
  atomic_uint worker_mask; /* bit w: worker w ran a range */
} ct_pool_t;

typedef struct ct_job {
  lk_task_fn task;
  void *ctx;
  size_t begin, end;
  uint32_t worker;
  ct_pool_t *pool;
} ct_job_t;

static void *ct_run_job(void *arg) {
  ct_job_t *j = arg;
  if (j->begin < j->end) {
    j->task(j->ctx, j->begin, j->end, j->worker);
    atomic_fetch_or(&j->pool->worker_mask, 1u << j->worker);
  }
  return NULL;
}

static void ct_parallel_for(void *self, size_t n, size_t grain,
                            lk_task_fn task, void *ctx) {
  ct_pool_t *p = self;
  atomic_fetch_add(&p->calls, 1);
  uint32_t w = p->par.num_workers;
  pthread_t th[8];
  ct_job_t jobs[8];
  size_t chunk = (n + w - 1) / w;
  for (uint32_t i = 0; i < w; i++) {
    size_t b = i * chunk < n ? i * chunk : n;
    size_t e = b + chunk < n ? b + chunk : n;
    jobs[i] = (ct_job_t){task, ctx, b, e, i, p};
    if (i) pthread_create(&th[i], NULL, ct_run_job, &jobs[i]);
  }
  ct_run_job(&jobs[0]);
  for (uint32_t i = 1; i < w; i++)
    pthread_join(th[i], NULL);
}

static inline void ct_pool_init(ct_pool_t *p, uint32_t workers) {
  memset(p, 0, sizeof(*p));
  p->par.self = p;
  p->par.num_workers = workers;
  p->par.parallel_for = ct_parallel_for;
}

/* Deterministic pseudo-random floats in [lo, hi). */
static inline float ct_rand(uint32_t *s, float lo, float hi) {
  *s = *s * 1664525u + 1013904223u;
  return lo + (hi - lo) * (float)(*s >> 8) / (float)(1u << 24);
}

#endif /* LITE_TEST_UNIT_CODEGEN_TEST_UTIL_H */

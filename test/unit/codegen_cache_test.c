/* codegen_cache_test.c - the JIT's object cache in a temporary directory:
 * the first start compiles and writes the entry, the second loads it and
 * compiles nothing, a corrupt entry is ignored and rewritten, and
 * LITE_CACHE_DIR names the default directory. A module of several kernels
 * compiles in parts on threads, each part an object of the one entry, and
 * every kernel of every part runs, cold and warm. Prints the cold and warm
 * times (docs/codegen.md quotes them). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>


#include "codegen/llvm/cache.h"
#include "codegen_test_util.h"

static const char *k_src =
    "func.func @tri(%n: index) -> i64 {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.constant 0 : i64\n"
    "  %r = \"scf.for\"(%c0, %n, %c1, %z) ({\n"
    "  ^bb0(%i: index, %acc: i64):\n"
    "    %ii = arith.index_cast %i : index to i64\n"
    "    %s = arith.addi %acc, %ii : i64\n"
    "    \"scf.yield\"(%s) : (i64) -> ()\n"
    "  }) : (index, index, index, i64) -> i64\n"
    "  return %r : i64\n"
    "}\n";

/* One "process start": a fresh JIT on dir; returns its stats. */
static lt_llvm_jit_stats_t start(const char *dir, uint64_t *out_key) {
  ct_t t;
  ct_init(&t, true, dir);
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(&t, k_src, &m);
  void *f = NULL;
  CHECK(table && lt_llvm_jit_lookup(t.jit, table, "tri", &f) == LT_OK);
  if (f) CHECK(((int64_t (*)(int64_t))f)(101) == 5050);
  if (out_key && m) *out_key = lt_llvm_jit_cache_key(t.jit, m);
  lt_llvm_jit_stats_t s;
  lt_llvm_jit_get_stats(t.jit, &s);
  if (m) lt_op_destroy(m);
  ct_fini(&t);
  return s;
}

/* Kernel @scaleK: o[i] = a[i] * K, for K = 1..5. */
static char *scale_kernels(int count) {
  lt_strbuf_t sb = {0};
  for (int k = 1; k <= count; k++)
    lt_strbuf_printf(
        &sb,
        "func.func @scale%d(%%a: memref<?xf32>, %%o: memref<?xf32>) attributes "
        "{lite.kernel = {num_inputs = 1 : i64}} {\n"
        "  %%c0 = arith.constant 0 : index\n"
        "  %%c1 = arith.constant 1 : index\n"
        "  %%k = arith.constant %d.0 : f32\n"
        "  %%n = \"memref.dim\"(%%a, %%c0) : (memref<?xf32>, index) -> index\n"
        "  \"scf.for\"(%%c0, %%n, %%c1) ({\n"
        "  ^bb0(%%i: index):\n"
        "    %%x = \"memref.load\"(%%a, %%i) : (memref<?xf32>, index) -> f32\n"
        "    %%y = arith.mulf %%x, %%k : f32\n"
        "    \"memref.store\"(%%y, %%o, %%i) : (f32, memref<?xf32>, index) -> ()\n"
        "    \"scf.yield\"() : () -> ()\n"
        "  }) : (index, index, index) -> ()\n"
        "  return\n"
        "}\n",
        k, k);
  return sb.data;
}

/* How many objects entry key of dir holds (0: none, or unreadable). */
static uint64_t entry_objects(const char *dir, uint64_t key) {
  void *data = NULL;
  size_t size = 0;
  if (!lt_llvm_cache_read(dir, key, &data, &size)) return 0;
  uint64_t n = 0;
  for (int i = 0; i < 8 && (size_t)i < size; i++)
    n |= (uint64_t)((const uint8_t *)data)[i] << (8 * i);
  free(data);
  return n;
}

/* Compiles 5 kernels with `threads` compile threads into dir; checks every
 * kernel and returns the stats (the entry's object count in *out_objects). */
static lt_llvm_jit_stats_t start_parts(const char *dir, int threads,
                                       uint64_t *out_objects) {
  ct_t t;
  memset(&t, 0, sizeof(t));
  lt_context_create(lt_allocator_system(), &t.ctx);
  lt_register_core_dialects(t.ctx);
  lt_llvm_jit_options_t o;
  lt_llvm_jit_options_init(&o);
  o.cache_dir = dir;
  o.compile_threads = threads;
  CHECK(lt_llvm_jit_create(&o, &t.jit) == LT_OK);
  char *src = scale_kernels(5);
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(&t, src, &m);
  free(src);
  CHECK(table && table->count == 5);
  float a[7] = {1, -2, 3, 0.5f, 7, -1, 2}, o7[7];
  for (int k = 1; table && k <= 5; k++) {
    char name[16];
    snprintf(name, sizeof(name), "scale%d", k);
    lk_kernel_fn run = ct_kernel(table, name);
    lk_view_t in = ct_vec_f32(a, 7), out = ct_vec_f32(o7, 7);
    lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                      .num_outputs = 1};
    CHECK(run && run(&call) == LT_OK);
    int bad = 0;
    for (int i = 0; i < 7; i++) bad += o7[i] != a[i] * (float)k;
    CHECK(bad == 0);
  }
  *out_objects = m ? entry_objects(dir, lt_llvm_jit_cache_key(t.jit, m)) : 0;
  lt_llvm_jit_stats_t s;
  lt_llvm_jit_get_stats(t.jit, &s);
  if (m) lt_op_destroy(m);
  ct_fini(&t);
  return s;
}

static void test_parts(const char *dir) {
  uint64_t objects = 0;
  lt_llvm_jit_stats_t cold = start_parts(dir, 3, &objects);
  CHECK(cold.cache_misses == 1 && cold.cache_hits == 0 && objects == 3);
  lt_llvm_jit_stats_t warm = start_parts(dir, 3, &objects);
  CHECK(warm.cache_hits == 1 && warm.cache_misses == 0 && objects == 3);
  /* another thread count is another entry */
  lt_llvm_jit_stats_t one = start_parts(dir, 1, &objects);
  CHECK(one.cache_misses == 1 && objects == 1);
  /* more threads than kernels: one part per kernel */
  lt_llvm_jit_stats_t many = start_parts(dir, 8, &objects);
  CHECK(many.cache_misses == 1 && objects == 5);
}

int main(void) {
  char dir[] = "/tmp/lite-cache-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  uint64_t key = 0;
  lt_llvm_jit_stats_t cold = start(dir, &key);
  CHECK(cold.cache_misses == 1 && cold.cache_hits == 0 && cold.cache_errors == 0);
  char *path = lt_llvm_cache_path(dir, key);
  CHECK(path && access(path, R_OK) == 0);

  lt_llvm_jit_stats_t warm = start(dir, NULL);
  CHECK(warm.cache_hits == 1 && warm.cache_misses == 0 && warm.compile_ms == 0);
  printf("cold: compile %.2f ms + load %.2f ms; cache hit: load %.2f ms\n",
         cold.compile_ms, cold.load_ms, warm.load_ms);

  /* a corrupt entry: ignored, compiled again and rewritten */
  FILE *f = path ? fopen(path, "r+b") : NULL;
  CHECK(f != NULL);
  if (f) {
    fseek(f, 40, SEEK_SET);
    fputs("garbage", f);
    fclose(f);
  }
  lt_llvm_jit_stats_t again = start(dir, NULL);
  CHECK(again.cache_misses == 1 && again.cache_hits == 0);
  lt_llvm_jit_stats_t fixed = start(dir, NULL);
  CHECK(fixed.cache_hits == 1 && fixed.cache_misses == 0);
  /* a truncated one too */
  if (path) CHECK(truncate(path, 20) == 0);
  lt_llvm_jit_stats_t trunc = start(dir, NULL);
  CHECK(trunc.cache_misses == 1);

  /* LITE_CACHE_DIR is the default directory */
  setenv("LITE_CACHE_DIR", dir, 1);
  char *def = lt_llvm_cache_default_dir();
  CHECK(def && strcmp(def, dir) == 0);
  free(def);
  lt_llvm_jit_stats_t env = start(NULL, NULL);
  CHECK(env.cache_hits == 1);

  if (path) unlink(path);
  free(path);

  char pdir[] = "/tmp/lite-cache-parts-XXXXXX";
  CHECK(mkdtemp(pdir) != NULL);
  test_parts(pdir);
  char cmd[64];
  snprintf(cmd, sizeof(cmd), "rm -rf %s", pdir);
  CHECK(system(cmd) == 0);
  rmdir(dir);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

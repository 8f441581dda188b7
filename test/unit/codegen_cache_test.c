/* codegen_cache_test.c - the JIT's object cache in a temporary directory:
 * the first start compiles and writes the entry, the second loads it and
 * compiles nothing, a corrupt entry is ignored and rewritten, and
 * LITE_CACHE_DIR names the default directory. Prints the cold and warm
 * times (docs/codegen.md quotes them). */
#include <stdio.h>
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
  rmdir(dir);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

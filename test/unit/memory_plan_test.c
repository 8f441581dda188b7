/* memory_plan_test.c - the planner on random interval sets: the checker
 * accepts every plan, naive >= planned >= lower bound, no-reuse equals
 * naive; and the checker rejects broken plans. */
#include <stdlib.h>
#include <string.h>

#include "passes/memory_plan.h"
#include "test/unit/check.h"

static uint64_t g_rng = 0x9e3779b97f4a7c15ull;
static lt_allocator_t g_al;

static uint64_t next_u64(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return g_rng;
}

static int64_t pick(int64_t lo, int64_t hi) {
  return lo + (int64_t)(next_u64() % (uint64_t)(hi - lo + 1));
}

/* n values over `steps` positions in `arenas` arenas; some alias a value
 * that dies where they start (valid or not: the planner must drop bad
 * ones). */
static void random_values(lt_mem_value_t *v, uint32_t n, int64_t steps,
                          uint32_t arenas) {
  for (uint32_t i = 0; i < n; i++) {
    int64_t s = pick(0, steps - 1);
    int64_t len = next_u64() % 4 == 0 ? pick(0, steps) : pick(0, 3);
    uint64_t size = next_u64() % 8 == 0 ? 0 : (uint64_t)pick(1, 1 << 16);
    v[i] = (lt_mem_value_t){s, s + len, size, (uint32_t)pick(0, arenas - 1),
                            -1, 0};
  }
  for (uint32_t i = 0; i < n; i++) {
    if (next_u64() % 3 != 0) continue;
    uint32_t j = (uint32_t)pick(0, n - 1);
    /* Mostly valid candidates: make j die where i starts. */
    if (next_u64() % 4 != 0 && v[j].start < v[i].start) {
      v[j].end = v[i].start;
      v[j].arena = v[i].arena;
      if (v[j].size < v[i].size) v[j].size = v[i].size;
    }
    v[i].alias = (int32_t)j;
  }
}

static void test_random(void) {
  for (int round = 0; round < 400; round++) {
    uint32_t n = (uint32_t)pick(1, 120), arenas = (uint32_t)pick(1, 3);
    lt_mem_value_t *v = malloc(n * sizeof *v), *w = malloc(n * sizeof *w);
    random_values(v, n, pick(2, 60), arenas);
    memcpy(w, v, n * sizeof *v);
    uint64_t sizes[3], naive_sizes[3];
    lt_mem_summary_t s, ns;
    lt_mem_options_t o = {false}, no = {true};
    CHECK(lt_mem_plan(g_al, v, n, arenas, &o, sizes, &s));
    lt_mem_check_result_t c = lt_mem_check(g_al, v, n, arenas, sizes);
    CHECK(c.fault == LT_MEM_OK);
    if (c.fault != LT_MEM_OK)
      fprintf(stderr, "round %d: fault %d between %d and %d\n", round,
              (int)c.fault, c.a, c.b);
    CHECK(s.planned <= s.naive);
    CHECK(s.planned >= s.lower_bound);
    uint64_t lb = 0;
    for (uint32_t a = 0; a < arenas; a++) {
      uint64_t one = 0;
      CHECK(lt_mem_lower_bound(g_al, v, n, a, &one));
      lb += one;
    }
    CHECK(lb == s.lower_bound);

    CHECK(lt_mem_plan(g_al, w, n, arenas, &no, naive_sizes, &ns));
    CHECK(lt_mem_check(g_al, w, n, arenas, naive_sizes).fault == LT_MEM_OK);
    CHECK(ns.planned == ns.naive);
    CHECK(ns.naive == s.naive);
    CHECK(ns.num_in_place == 0);
    for (uint32_t i = 0; i < n; i++)
      CHECK(w[i].alias == -1);
    free(v);
    free(w);
  }
}

/* Three values live at once, then one that can reuse the first. */
static void test_exact(void) {
  lt_mem_value_t v[] = {
      {0, 2, 100, 0, -1, 0}, /* 128 aligned */
      {1, 3, 64, 0, -1, 0},
      {2, 4, 200, 0, -1, 0}, /* 256 */
      {3, 5, 100, 0, -1, 0}, /* after the first dies */
      {4, 6, 200, 0, 2, 0},  /* in place of the third */
  };
  uint64_t size;
  lt_mem_summary_t s;
  lt_mem_options_t o = {false};
  CHECK(lt_mem_plan(g_al, v, 5, 1, &o, &size, &s));
  CHECK(v[2].offset == 0 && v[4].offset == 0); /* largest first, in place */
  CHECK(v[0].offset == 256 && v[1].offset == 384);
  CHECK(v[3].offset == 256); /* the first's bytes, free from 3 on */
  CHECK(size == 448 && s.planned == 448 && s.lower_bound == 448);
  CHECK(s.naive == 128 + 64 + 256 + 128 + 256);
  CHECK(s.num_in_place == 1);
  CHECK(lt_mem_check(g_al, v, 5, 1, &size).fault == LT_MEM_OK);

  /* Broken plans: an overlap, a misaligned offset, past the arena. */
  v[3].offset = 320;
  lt_mem_check_result_t c = lt_mem_check(g_al, v, 5, 1, &size);
  CHECK(c.fault == LT_MEM_OVERLAP);
  CHECK((c.a == 1 && c.b == 3) || (c.a == 3 && c.b == 1));
  v[3].offset = 256;
  v[1].offset = 390;
  CHECK(lt_mem_check(g_al, v, 5, 1, &size).fault == LT_MEM_MISALIGNED);
  v[1].offset = 384;
  size = 400;
  CHECK(lt_mem_check(g_al, v, 5, 1, &size).fault == LT_MEM_OUT_OF_ARENA);
  /* An in-place pair is allowed only where the source dies. */
  size = 448;
  v[4].alias = -1;
  CHECK(lt_mem_check(g_al, v, 5, 1, &size).fault == LT_MEM_OVERLAP);
}

/* A source given to two values: only the first takes it. */
static void test_alias_once(void) {
  lt_mem_value_t v[] = {
      {0, 1, 64, 0, -1, 0},
      {1, 2, 64, 0, 0, 0},
      {1, 2, 64, 0, 0, 0},
  };
  uint64_t size;
  lt_mem_summary_t s;
  lt_mem_options_t o = {false};
  CHECK(lt_mem_plan(g_al, v, 3, 1, &o, &size, &s));
  CHECK(v[1].alias == 0 && v[2].alias == -1);
  CHECK(s.num_in_place == 1 && size == 128);
  CHECK(lt_mem_check(g_al, v, 3, 1, &size).fault == LT_MEM_OK);
}

int main(void) {
  g_al = lt_allocator_system();
  test_exact();
  test_alias_once();
  test_random();
  if (g_failures) fprintf(stderr, "%d failure(s)\n", g_failures);
  return g_failures ? 1 : 0;
}

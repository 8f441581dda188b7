/* dominance_test.c - dominator trees on random CFGs (including irreducible
 * ones and unreachable blocks) against a brute-force set computation, and
 * queries across nested regions. */
#include "ir/dominance.h"

#include "ir_test_util.h"

enum { MAXN = 24 };

static unsigned seed = 2024;
static unsigned rnd(unsigned n) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 8) % n;
}

/* dom[b] = set of blocks dominating b (bit i = block i), by iteration. */
static void brute_force(int n, const int succ[][3], const int *nsucc,
                        uint32_t *dom, bool *reach) {
  memset(reach, 0, (size_t)n * sizeof(bool));
  int stack[MAXN], sp = 0;
  stack[sp++] = 0;
  reach[0] = true;
  while (sp) {
    int b = stack[--sp];
    for (int k = 0; k < nsucc[b]; k++)
      if (!reach[succ[b][k]]) {
        reach[succ[b][k]] = true;
        stack[sp++] = succ[b][k];
      }
  }
  uint32_t all = (n == 32) ? 0xffffffffu : ((1u << n) - 1);
  for (int b = 0; b < n; b++)
    dom[b] = b == 0 ? 1u : all;
  for (bool changed = true; changed;) {
    changed = false;
    for (int b = 1; b < n; b++) {
      if (!reach[b]) continue;
      uint32_t meet = all;
      for (int p = 0; p < n; p++) {
        if (!reach[p]) continue;
        for (int k = 0; k < nsucc[p]; k++)
          if (succ[p][k] == b) meet &= dom[p];
      }
      uint32_t d = meet | (1u << b);
      if (d != dom[b]) {
        dom[b] = d;
        changed = true;
      }
    }
  }
}

static void test_random_cfgs(lt_context_t *ctx) {
  for (int iter = 0; iter < 300; iter++) {
    int n = 2 + (int)rnd(MAXN - 1);
    int succ[MAXN][3], nsucc[MAXN];
    lt_op_t *holder = mk_op(ctx, NULL, "x.holder", 0, NULL, 0, 1, 0, NULL);
    lt_region_t *r = lt_op_region(holder, 0);
    lt_block_t *blocks[MAXN];
    for (int i = 0; i < n; i++)
      blocks[i] = add_block(ctx, r);
    for (int i = 0; i < n; i++) {
      nsucc[i] = (int)rnd(4);
      lt_block_t *s[3];
      for (int k = 0; k < nsucc[i] && k < 3; k++) {
        /* Mostly forward edges, some back edges, never to the entry. */
        succ[i][k] = 1 + (int)rnd((unsigned)n - 1);
        s[k] = blocks[succ[i][k]];
      }
      if (nsucc[i] > 3) nsucc[i] = 3;
      mk_op(ctx, blocks[i], "x.term", 0, NULL, 0, 0, (uint32_t)nsucc[i], s);
    }
    uint32_t dom[MAXN];
    bool reach[MAXN];
    brute_force(n, (const int(*)[3])succ, nsucc, dom, reach);
    lt_dominance_t *d = lt_dominance_create(ctx);
    for (int b = 0; b < n; b++) {
      CHECK(lt_dominance_reachable(d, blocks[b]) == reach[b]);
      for (int a = 0; a < n; a++) {
        bool expect;
        if (a == b)
          expect = false;
        else if (!reach[b])
          expect = true;
        else if (!reach[a])
          expect = false;
        else
          expect = (dom[b] >> a) & 1u;
        bool got =
            lt_dominance_block_properly_dominates(d, blocks[a], blocks[b]);
        if (got != expect) {
          fprintf(stderr, "iter %d: dom(%d, %d) = %d, expected %d\n", iter, a,
                  b, got, expect);
          g_failures++;
        }
      }
    }
    lt_dominance_destroy(d);
    lt_op_destroy(holder);
  }
}

static void test_nested(lt_context_t *ctx) {
  /* holder { ^b0: v = def; br ^b1, ^b2  ^b1: r { ^n0: use  } ; ret  ^b2: ret }
   */
  lt_op_t *holder = mk_op(ctx, NULL, "x.holder", 0, NULL, 0, 1, 0, NULL);
  lt_region_t *hr = lt_op_region(holder, 0);
  lt_block_t *b0 = add_block(ctx, hr), *b1 = add_block(ctx, hr),
             *b2 = add_block(ctx, hr);
  lt_op_t *def = mk_def(ctx, b0, "x.def");
  lt_block_t *s[2] = {b1, b2};
  mk_op(ctx, b0, "x.br", 0, NULL, 0, 0, 2, s);
  lt_op_t *r = mk_op(ctx, b1, "x.r", 0, NULL, 0, 1, 0, NULL);
  lt_block_t *n0 = add_block(ctx, lt_op_region(r, 0));
  lt_op_t *use = mk_use1(ctx, n0, "x.use", lt_op_result(def, 0));
  mk_op(ctx, b1, "x.ret", 0, NULL, 0, 0, 0, NULL);
  lt_op_t *ret2 = mk_op(ctx, b2, "x.ret", 0, NULL, 0, 0, 0, NULL);
  lt_dominance_t *d = lt_dominance_create(ctx);
  CHECK(lt_dominance_block_properly_dominates(d, b0, n0));
  CHECK(lt_dominance_block_properly_dominates(d, b1, n0));
  CHECK(!lt_dominance_block_properly_dominates(d, b2, n0));
  CHECK(!lt_dominance_block_properly_dominates(d, n0, b1));
  CHECK(lt_dominance_op_properly_dominates(d, def, use));
  CHECK(lt_dominance_op_properly_dominates(d, r, use)); /* encloses it */
  CHECK(!lt_dominance_op_properly_dominates(d, use, ret2));
  CHECK(lt_dominance_value_dominates(d, lt_op_result(def, 0), use));
  CHECK(!lt_dominance_value_dominates(d, lt_op_result(def, 0), def));
  CHECK(lt_region_find_ancestor_op(hr, use) == r);
  CHECK(lt_region_find_ancestor_block(hr, n0) == b1);
  CHECK(lt_region_find_ancestor_op(lt_op_region(r, 0), def) == NULL);
  CHECK(lt_region_is_ancestor(hr, lt_op_region(r, 0)));
  CHECK(!lt_region_is_ancestor(lt_op_region(r, 0), hr));
  CHECK(lt_region_has_ssa_dominance(hr));
  lt_dominance_destroy(d);
  lt_op_destroy(holder);
}

int main(void) {
  lt_context_t *ctx = make_context(NULL);
  test_random_cfgs(ctx);
  test_nested(ctx);
  lt_context_destroy(ctx);
  if (g_failures) {
    fprintf(stderr, "dominance_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("dominance_test: all checks passed\n");
  return 0;
}

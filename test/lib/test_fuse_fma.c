/* test_fuse_fma.c - fuses `arith.addf(arith.mulf(a, b), c)` into
 * `test.fma(a, b, c)` when nothing else uses the product. The worked example
 * of docs/writing-a-pass.md: a declarative match, one rewrite, a pass that
 * runs it greedily, a statistic counted through the driver's listener. */
#include "ir/rewrite.h"
#include "test/lib/test_passes.h"

/* addf(mulf(a, b), c) or addf(c, mulf(a, b)): addf is commutative, so the
 * product may feed either operand. */
static const lt_match_node_t fma_chain[] = {
    {.name = "arith.addf"},
    {.name = "arith.mulf",
     .parent = 0,
     .operand = LT_MATCH_ANY_OPERAND,
     .single_use = true},
};

static lt_result_t fuse_fma(const lt_pattern_t *self, lt_op_t *add,
                            lt_rewriter_t *rw) {
  lt_op_t *m[2];
  if (!lt_match_chain(add, fma_chain, 2, m)) return LT_FAILURE;
  lt_op_t *mul = m[1];
  lt_value_t *product = lt_op_result(mul, 0);
  uint32_t addend_index = lt_op_operand(add, 0) == product ? 1 : 0;
  lt_value_t *addend = lt_op_operand(add, addend_index);

  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_loc_t locs[2] = {mul->loc, add->loc};
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "test.fma", lt_loc_fused(ctx, 2, locs, NULL));
  lt_op_state_add_operand(&s, lt_op_operand(mul, 0));
  lt_op_state_add_operand(&s, lt_op_operand(mul, 1));
  lt_op_state_add_operand(&s, addend);
  lt_op_state_add_result(&s, add->results[0].type);
  /* The now unused mulf is erased by the driver as trivially dead. */
  lt_op_t *fma = lt_rewriter_replace_op_with_new(rw, add, &s);
  lt_op_state_free(&s);
  return fma ? LT_SUCCESS : LT_FAILURE;
}

/* The driver tells its listener of each pattern that applied; with one
 * pattern, each is one fused pair. */
static void count_fused(void *user, const lt_pattern_t *pattern) {
  (*(uint64_t *)user)++;
}

static lt_result_t run_fuse_fma(lt_pass_t *pass, lt_op_t *func) {
  uint64_t num_fused = 0;
  lt_pattern_set_t *patterns = lt_pattern_set_create(lt_op_context(func));
  if (!patterns) return lt_op_emit_error(func, "out of memory");
  lt_pattern_set_add_fn(patterns, "arith.addf", 1, fuse_fma, NULL);
  lt_pattern_listener_t counter = {&num_fused, count_fused};
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.listener = &counter;
  lt_apply_patterns_greedily(func, patterns, &cfg, NULL);
  lt_pattern_set_destroy(patterns);
  lt_pass_stat_add(pass, 0, num_fused);
  lt_pass_set_changed(pass, num_fused > 0);
  return LT_SUCCESS;
}

static const lt_pass_statistic_t fuse_fma_statistics[] = {
    {"num-fused", "Number of mulf/addf pairs fused"},
};

const lt_pass_info_t lt_test_fuse_fma_pass = {
    .argument = "test-fuse-fma",
    .name = "TestFuseFma",
    .summary = "Fuse arith.mulf + arith.addf into test.fma",
    .anchor = "func.func",
    .statistics = fuse_fma_statistics,
    .num_statistics = LT_ARRAY_SIZE(fuse_fma_statistics),
    .run = run_fuse_fma,
};

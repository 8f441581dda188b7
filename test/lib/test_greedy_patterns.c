/* test_greedy_patterns.c - the test-greedy-patterns pass: runs the greedy
 * driver with a few test patterns so lit tests can observe its behaviour
 * (visit order, benefit order, replacement, dead-op erasure, folding,
 * convergence). Patterns only touch ops carrying the attribute they look
 * for:
 *   test.effect {visit}          gets `visited = N`, N counting visits in
 *                                the order the driver reaches them;
 *   test.effect {benefit}        gets `applied = "high"` (benefit 2) rather
 *                                than `applied = "low"` (benefit 1);
 *   test.pure {forward}          is replaced by its first operand;
 *   test.effect {grow = K}       gets a new `test.effect {grown}` before it
 *                                and K-1, until K is 0 (K sweeps). */
#include <string.h>

#include "ir/rewrite.h"
#include "test/lib/test_passes.h"

typedef struct greedy_options {
  int64_t max_iterations;
  int64_t max_num_rewrites;
  bool top_down;
  bool fold;
  bool region_simplify;
} greedy_options_t;

static const lt_pass_option_t greedy_options[] = {
    {"max-iterations", LT_OPT_INT, offsetof(greedy_options_t, max_iterations),
     "10", "Max. sweeps over the IR"},
    {"max-num-rewrites", LT_OPT_INT,
     offsetof(greedy_options_t, max_num_rewrites), "-1",
     "Max. number of pattern rewrites"},
    {"top-down", LT_OPT_BOOL, offsetof(greedy_options_t, top_down), "true",
     "Seed the worklist in pre-order"},
    {"fold", LT_OPT_BOOL, offsetof(greedy_options_t, fold), "true",
     "Fold ops before applying patterns"},
    {"region-simplify", LT_OPT_BOOL,
     offsetof(greedy_options_t, region_simplify), "true",
     "Erase unreachable blocks"},
};

static const lt_type_t *i64(lt_rewriter_t *rw) {
  return lt_type_integer(lt_rewriter_context(rw), 64, LT_SIGNLESS);
}

static lt_result_t visit_order(const lt_pattern_t *self, lt_op_t *op,
                               lt_rewriter_t *rw) {
  int64_t *counter = self->user;
  if (!lt_op_attr(op, "visit") || lt_op_attr(op, "visited")) return LT_FAILURE;
  lt_rewriter_modify_start(rw, op);
  lt_op_set_attr(
      op, "visited",
      lt_attr_integer(lt_rewriter_context(rw), i64(rw), (*counter)++));
  lt_rewriter_modify_finalize(rw, op);
  return LT_SUCCESS;
}

static lt_result_t mark_applied(lt_op_t *op, lt_rewriter_t *rw,
                                const char *which) {
  if (!lt_op_attr(op, "benefit") || lt_op_attr(op, "applied"))
    return LT_FAILURE;
  lt_rewriter_modify_start(rw, op);
  lt_op_set_attr(op, "applied",
                 lt_attr_string_cstr(lt_rewriter_context(rw), which));
  lt_rewriter_modify_finalize(rw, op);
  return LT_SUCCESS;
}

static lt_result_t benefit_low(const lt_pattern_t *self, lt_op_t *op,
                               lt_rewriter_t *rw) {
  LT_UNUSED(self);
  return mark_applied(op, rw, "low");
}

static lt_result_t benefit_high(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  LT_UNUSED(self);
  return mark_applied(op, rw, "high");
}

static lt_result_t forward_operand(const lt_pattern_t *self, lt_op_t *op,
                                   lt_rewriter_t *rw) {
  LT_UNUSED(self);
  if (!lt_op_attr(op, "forward") || op->num_operands < 1 ||
      op->num_results != 1 || lt_op_operand(op, 0)->type != op->results[0].type)
    return LT_FAILURE;
  lt_value_t *v = lt_op_operand(op, 0);
  lt_rewriter_replace_op(rw, op, &v);
  return LT_SUCCESS;
}

static lt_result_t grow(const lt_pattern_t *self, lt_op_t *op,
                        lt_rewriter_t *rw) {
  LT_UNUSED(self);
  const lt_attr_t *k = lt_op_attr(op, "grow");
  if (!k || k->kind != LT_ATTR_INTEGER || k->i <= 0) return LT_FAILURE;
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "test.effect", op->loc);
  lt_op_state_add_attr(&s, "grown", lt_attr_unit(ctx));
  lt_rewriter_create(rw, &s);
  lt_op_state_free(&s);
  lt_rewriter_modify_start(rw, op);
  lt_op_set_attr(op, "grow", lt_attr_integer(ctx, k->type, k->i - 1));
  lt_rewriter_modify_finalize(rw, op);
  return LT_SUCCESS;
}

static lt_result_t run_test_greedy(lt_pass_t *pass, lt_op_t *op) {
  const greedy_options_t *o = pass->options;
  lt_context_t *ctx = lt_op_context(op);
  int64_t counter = 0;
  lt_pattern_set_t *set = lt_pattern_set_create(ctx);
  if (!set) return lt_op_emit_error(op, "out of memory");
  lt_pattern_set_add_fn(set, "test.effect", 1, visit_order, &counter);
  lt_pattern_set_add_fn(set, "test.effect", 1, benefit_low, NULL);
  lt_pattern_set_add_fn(set, "test.effect", 2, benefit_high, NULL);
  lt_pattern_set_add_fn(set, "test.pure", 1, forward_operand, NULL);
  lt_pattern_set_add_fn(set, "test.effect", 1, grow, NULL);
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.max_iterations = o->max_iterations;
  cfg.max_num_rewrites = o->max_num_rewrites;
  cfg.top_down = o->top_down;
  cfg.fold = o->fold;
  cfg.region_simplify = o->region_simplify;
  bool changed = false;
  lt_result_t converged = lt_apply_patterns_greedily(op, set, &cfg, &changed);
  lt_pattern_set_destroy(set);
  lt_pass_set_changed(pass, changed);
  if (LT_FAILED(converged))
    lt_op_emit_remark(op, "greedy rewrite did not converge");
  return LT_SUCCESS;
}

const lt_pass_info_t lt_test_greedy_patterns_pass = {
    .argument = "test-greedy-patterns",
    .name = "TestGreedyPatterns",
    .summary = "Run the greedy rewrite driver with the test patterns",
    .anchor = NULL,
    .options_size = sizeof(greedy_options_t),
    .options = greedy_options,
    .num_options = LT_ARRAY_SIZE(greedy_options),
    .statistics = NULL,
    .num_statistics = 0,
    .run = run_test_greedy,
};

/* canonicalize.c - the canonicalize pass: every op's canonicalization
 * patterns plus folding, applied by the greedy driver (MLIR's Canonicalizer).
 * Patterns come from every op of every registered dialect. */
#include <string.h>

#include "ir/rewrite.h"
#include "passes/pass_list.h"
#include "passes/passes.h"

typedef struct canonicalize_options {
  int64_t max_iterations;
  int64_t max_num_rewrites;
  bool region_simplify;
  bool test_convergence;
  bool top_down;
} canonicalize_options_t;

static const lt_pass_option_t canonicalize_options[] = {
    {"max-iterations", LT_OPT_INT,
     offsetof(canonicalize_options_t, max_iterations), "10",
     "Max. iterations between applying patterns / simplifying regions"},
    {"max-num-rewrites", LT_OPT_INT,
     offsetof(canonicalize_options_t, max_num_rewrites), "-1",
     "Max. number of pattern rewrites within an iteration"},
    {"region-simplify", LT_OPT_BOOL,
     offsetof(canonicalize_options_t, region_simplify), "true",
     "Perform control flow optimizations to the region tree"},
    {"test-convergence", LT_OPT_BOOL,
     offsetof(canonicalize_options_t, test_convergence), "false",
     "Test only: Fail pass on non-convergence to detect cyclic pattern"},
    {"top-down", LT_OPT_BOOL, offsetof(canonicalize_options_t, top_down),
     "true", "Seed the worklist in general top-down order"},
};

static lt_result_t run_canonicalize(lt_pass_t *pass, lt_op_t *op) {
  const canonicalize_options_t *o = pass->options;
  lt_context_t *ctx = lt_op_context(op);
  lt_pattern_set_t *patterns = lt_pattern_set_create(ctx);
  if (!patterns) return lt_op_emit_error(op, "out of memory");
  size_t num_dialects = lt_context_num_dialects(ctx);
  for (size_t i = 0; i < num_dialects; i++)
    lt_pattern_set_add_dialect_canonicalizations(patterns,
                                                 lt_context_dialect_at(ctx, i));
  if (lt_pattern_set_failed(patterns)) {
    lt_pattern_set_destroy(patterns);
    return lt_op_emit_error(op, "out of memory");
  }

  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.max_iterations = o->max_iterations;
  cfg.max_num_rewrites = o->max_num_rewrites;
  cfg.region_simplify = o->region_simplify;
  cfg.top_down = o->top_down;
  bool changed = false;
  lt_result_t converged =
      lt_apply_patterns_greedily(op, patterns, &cfg, &changed);
  lt_pattern_set_destroy(patterns);
  lt_pass_set_changed(pass, changed);
  /* Canonicalization is best effort: only the test option makes
   * non-convergence an error. */
  if (o->test_convergence && LT_FAILED(converged))
    return lt_op_emit_error(op,
                            "canonicalizer failed to converge within %lld "
                            "iterations",
                            (long long)o->max_iterations);
  return LT_SUCCESS;
}

const lt_pass_info_t lt_canonicalize_pass = {
    .argument = "canonicalize",
    .name = "Canonicalizer",
    .summary = "Canonicalize operations",
    .anchor = NULL,
    .options_size = sizeof(canonicalize_options_t),
    .options = canonicalize_options,
    .num_options = LT_ARRAY_SIZE(canonicalize_options),
    .statistics = NULL,
    .num_statistics = 0,
    .run = run_canonicalize,
};

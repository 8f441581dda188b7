/* fixed_point.c - lite-fixed-point, the driver that repeats a list of
 * passes until none of them changes the function (see fixed_point.h). */
#include "passes/fixed_point.h"

#include <stdio.h>

#include "passes/pass_list.h"

typedef struct fixed_point_options {
  lt_pass_manager_t *pipeline;
  int64_t max_rounds;
} fixed_point_options_t;

static const lt_pass_option_t fixed_point_options[] = {
    {"max-rounds", LT_OPT_INT, offsetof(fixed_point_options_t, max_rounds), "8",
     "Most rounds run; the IR may still change in the last one"},
    {"pipeline", LT_OPT_PIPELINE, offsetof(fixed_point_options_t, pipeline), "",
     "Passes run in each round, in order: `a,b{opt=1},c`"},
};

enum { STAT_ROUNDS, STAT_UNCONVERGED };

static const lt_pass_statistic_t fixed_point_statistics[] = {
    {"num-rounds", "Rounds run, summed over the functions"},
    {"num-unconverged", "Functions still changing when max-rounds was reached"},
};

/* An entry that is not a pass of the function itself (a nested pipeline,
 * or a pass anchored on another op, which the pass manager nests) has no
 * place in a round. */
static lt_result_t check_flat(lt_context_t *ctx,
                              const lt_pass_manager_t *round) {
  for (size_t i = 0; i < lt_pass_manager_size(round); i++) {
    lt_pass_manager_t *nested = lt_pass_manager_nested_at(round, i);
    if (!nested) continue;
    lt_strbuf_t text = {0};
    lt_pass_manager_print(nested, &text);
    lt_emit_error(ctx, lt_loc_unknown(ctx),
                  "lite-fixed-point runs a flat list of passes on the "
                  "'%s' it is anchored on; '%s' is a nested pipeline",
                  lt_pass_manager_anchor(round), text.data ? text.data : "");
    lt_strbuf_free(&text);
    return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* Refuses, when the pass is added, what no function could run. */
static lt_result_t check_fixed_point(lt_context_t *ctx, const void *options) {
  const fixed_point_options_t *o = options;
  if (o->max_rounds < 1)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-fixed-point: max-rounds must be at least 1, "
                         "not %lld",
                         (long long)o->max_rounds);
  return check_flat(ctx, o->pipeline);
}

static lt_result_t run_fixed_point(lt_pass_t *pass, lt_op_t *op) {
  const fixed_point_options_t *o = pass->options;
  lt_pass_manager_t *round = o->pipeline;
  /* Code that built the round after the check (lt_fixed_point_add) may
   * have nested something into it. */
  if (LT_FAILED(check_flat(lt_op_context(op), round))) return LT_FAILURE;
  /* The driver verifies, after the passes that changed the function. */
  lt_pass_manager_enable_verifier(round, false);
  size_t count = lt_pass_manager_size(round);
  lt_result_t result = LT_SUCCESS;
  int64_t rounds = 0;
  bool changed_any = false, converged = count == 0;
  while (!converged && rounds < o->max_rounds) {
    rounds++;
    bool changed = false;
    for (size_t i = 0; i < count; i++) {
      bool pass_changed = false;
      /* What a pass left unchanged was valid before it. */
      if (LT_FAILED(lt_pass_manager_run_entry(round, i, op, &pass_changed)) ||
          (pass_changed && LT_FAILED(lt_op_verify(op)))) {
        result = lt_op_emit_error(
            op, "pass '%s' failed in round %lld of lite-fixed-point",
            lt_pass_manager_pass_at(round, i)->info->argument,
            (long long)rounds);
        break;
      }
      changed |= pass_changed;
    }
    if (LT_FAILED(result)) break;
    converged = !changed;
    changed_any |= changed;
  }
  lt_pass_stat_add(pass, STAT_ROUNDS, (uint64_t)rounds);
  if (LT_SUCCEEDED(result) && !converged)
    lt_pass_stat_add(pass, STAT_UNCONVERGED, 1);
  lt_pass_set_changed(pass, changed_any);
  return result;
}

const lt_pass_info_t lt_fixed_point_pass = {
    .argument = "lite-fixed-point",
    .name = "LiteFixedPoint",
    .summary = "Run a list of passes again and again until none changes the "
               "function",
    .anchor = "func.func",
    .options_size = sizeof(fixed_point_options_t),
    .options = fixed_point_options,
    .num_options = LT_ARRAY_SIZE(fixed_point_options),
    .statistics = fixed_point_statistics,
    .num_statistics = LT_ARRAY_SIZE(fixed_point_statistics),
    .run = run_fixed_point,
    .check_options = check_fixed_point,
};

lt_result_t lt_fixed_point_add(lt_pass_manager_t *pm, int64_t max_rounds,
                               lt_pass_manager_t **out_round) {
  char options[48]; /* "max-rounds=" and at most 20 digits and a sign */
  snprintf(options, sizeof(options), "max-rounds=%lld", (long long)max_rounds);
  lt_pass_t *pass = NULL;
  *out_round = NULL;
  if (LT_FAILED(lt_pass_manager_add(pm, &lt_fixed_point_pass, options, &pass)))
    return LT_FAILURE;
  *out_round = ((fixed_point_options_t *)pass->options)->pipeline;
  return LT_SUCCESS;
}

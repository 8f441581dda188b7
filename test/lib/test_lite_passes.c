/* test_lite_passes.c - deliberately wrong rewrites of lite ops, so that
 * tests can show that `lite-run --compare` and the pass manager catch them:
 *
 *   test-lite-break-numbers  replaces lite.relu by its input (identity): the
 *                            IR stays valid, the numbers change wherever the
 *                            input is negative
 *   test-lite-break-ir       gives each lite.relu result a wrong shape: the
 *                            verifier after the pass fails */
#include <stddef.h>
#include <string.h>

#include "dialects/lite/lite.h"
#include "ir/types.h"
#include "test/lib/test_passes.h"

static lt_walk_result_t drop_relu(lt_op_t *op, void *user) {
  if (lt_lite_op_id(op) != LT_LITE_RELU) return LT_WALK_ADVANCE;
  lt_value_replace_all_uses(lt_op_result(op, 0), lt_op_operand(op, 0));
  lt_op_erase(op);
  (*(uint64_t *)user)++;
  return LT_WALK_ADVANCE;
}

typedef struct break_numbers_options {
  bool report_changed;
} break_numbers_options_t;

static const lt_pass_option_t break_numbers_options[] = {
    {"report-changed", LT_OPT_BOOL,
     offsetof(break_numbers_options_t, report_changed), "true",
     "Say whether the IR changed (lt_pass_set_changed)"},
};

static lt_result_t run_break_numbers(lt_pass_t *pass, lt_op_t *func) {
  const break_numbers_options_t *o = pass->options;
  uint64_t n = 0;
  lt_op_walk(func, LT_WALK_POST, drop_relu, &n);
  lt_pass_stat_add(pass, 0, n);
  if (o->report_changed) lt_pass_set_changed(pass, n > 0);
  return LT_SUCCESS;
}

/* tensor<...x1xf32> for tensor<...xf32>: a type the shape function will
 * not infer. */
static lt_walk_result_t misshape_relu(lt_op_t *op, void *user) {
  if (lt_lite_op_id(op) != LT_LITE_RELU) return LT_WALK_ADVANCE;
  lt_value_t *r = lt_op_result(op, 0);
  const lt_type_t *t = r->type;
  if (t->kind != LT_TYPE_TENSOR || t->shaped.rank >= 8) return LT_WALK_ADVANCE;
  int64_t dims[8];
  memcpy(dims, t->shaped.shape, (size_t)t->shaped.rank * sizeof(int64_t));
  dims[t->shaped.rank] = 1;
  lt_value_set_type(r, lt_type_tensor(lt_op_context(op), t->shaped.rank + 1,
                                      dims, t->shaped.element,
                                      t->shaped.encoding));
  (*(uint64_t *)user)++;
  return LT_WALK_ADVANCE;
}

static lt_result_t run_break_ir(lt_pass_t *pass, lt_op_t *func) {
  uint64_t n = 0;
  lt_op_walk(func, LT_WALK_PRE, misshape_relu, &n);
  lt_pass_stat_add(pass, 0, n);
  lt_pass_set_changed(pass, n > 0);
  return LT_SUCCESS;
}

static const lt_pass_statistic_t break_statistics[] = {
    {"num-broken", "Number of lite.relu ops rewritten wrongly"},
};

const lt_pass_info_t lt_test_lite_break_numbers_pass = {
    .argument = "test-lite-break-numbers",
    .name = "TestLiteBreakNumbers",
    .summary = "Replace lite.relu by its input (a wrong rewrite, for tests)",
    .anchor = "func.func",
    .options_size = sizeof(break_numbers_options_t),
    .options = break_numbers_options,
    .num_options = LT_ARRAY_SIZE(break_numbers_options),
    .statistics = break_statistics,
    .num_statistics = LT_ARRAY_SIZE(break_statistics),
    .run = run_break_numbers,
};

const lt_pass_info_t lt_test_lite_break_ir_pass = {
    .argument = "test-lite-break-ir",
    .name = "TestLiteBreakIr",
    .summary = "Give lite.relu results a wrong shape (invalid IR, for tests)",
    .anchor = "func.func",
    .statistics = break_statistics,
    .num_statistics = LT_ARRAY_SIZE(break_statistics),
    .run = run_break_ir,
};

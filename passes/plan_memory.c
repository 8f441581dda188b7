/* plan_memory.c - lite-plan-memory: assigns every activation an offset in
 * its target's arena (memory_plan.h), records it as `lite.offset` /
 * `lite.arena` on the ops and `lite.arena_size` on the function, and
 * proves the recorded plan sound before returning. Run it last: the plan
 * is only valid for the op order it saw. */
#include <inttypes.h>

#include "passes/memory_plan.h"
#include "passes/pass_list.h"

typedef struct plan_options {
  bool no_reuse;
  int64_t dynamic_dim_bound;
  bool remarks;
  bool check_only;
} plan_options_t;

enum {
  STAT_PLANNED,
  STAT_LOWER_BOUND,
  STAT_NAIVE,
  STAT_IN_PLACE,
};

static lt_result_t run_plan_memory(lt_pass_t *pass, lt_op_t *func) {
  const plan_options_t *o = pass->options;
  lt_mem_ir_options_t io = {o->no_reuse, o->dynamic_dim_bound};
  if (o->check_only) {
    lt_pass_set_changed(pass, false);
    return lt_mem_verify_func(func, &io);
  }
  lt_mem_summary_t s = {0, 0, 0, 0};
  if (LT_FAILED(lt_mem_plan_func(func, &io, &s))) return LT_FAILURE;
  lt_pass_stat_add(pass, STAT_PLANNED, s.planned);
  lt_pass_stat_add(pass, STAT_LOWER_BOUND, s.lower_bound);
  lt_pass_stat_add(pass, STAT_NAIVE, s.naive);
  lt_pass_stat_add(pass, STAT_IN_PLACE, s.num_in_place);
  if (o->remarks)
    lt_op_emit_remark(func,
                      "memory plan: %" PRIu64 " bytes planned, lower bound %" PRIu64
                      ", naive %" PRIu64 ", %u values in place",
                      s.planned, s.lower_bound, s.naive, s.num_in_place);
  lt_pass_set_changed(pass, true);
  return LT_SUCCESS;
}

static const lt_pass_option_t plan_options[] = {
    {"no-reuse", LT_OPT_BOOL, offsetof(plan_options_t, no_reuse), "false",
     "Give every value its own range (no sharing, no in-place): for "
     "debugging a suspected aliasing bug"},
    {"dynamic-dim-bound", LT_OPT_INT,
     offsetof(plan_options_t, dynamic_dim_bound), "0",
     "Size each dynamic dim as this many elements (0: a dynamic dim is an "
     "error; -1: leave values of dynamic shape unplanned, for the runtime "
     "to allocate when it plans their op)"},
    {"remarks", LT_OPT_BOOL, offsetof(plan_options_t, remarks), "false",
     "Report planned, lower-bound and naive bytes as a remark per function"},
    {"check-only", LT_OPT_BOOL, offsetof(plan_options_t, check_only), "false",
     "Do not plan: check the plan already recorded in the IR"},
};

static const lt_pass_statistic_t plan_statistics[] = {
    {"planned-bytes", "Bytes of all arenas as planned"},
    {"lower-bound-bytes", "Largest sum of simultaneously live buffers"},
    {"naive-bytes", "Bytes with every value in its own range"},
    {"num-in-place", "Values that reuse a dying operand's bytes"},
};

const lt_pass_info_t lt_plan_memory_pass = {
    .argument = "lite-plan-memory",
    .name = "LitePlanMemory",
    .summary = "Assign activations offsets in one arena per target "
               "(size-aware, with in-place reuse)",
    .anchor = "func.func",
    .options_size = sizeof(plan_options_t),
    .options = plan_options,
    .num_options = LT_ARRAY_SIZE(plan_options),
    .statistics = plan_statistics,
    .num_statistics = LT_ARRAY_SIZE(plan_statistics),
    .run = run_plan_memory,
};

/* --lite-no-memory-reuse: lite-plan-memory with sharing always off, for
 * debugging a suspected aliasing bug (it takes lite-plan-memory's other
 * options). */
const lt_pass_info_t lt_no_memory_reuse_pass = {
    .argument = "lite-no-memory-reuse",
    .name = "LiteNoMemoryReuse",
    .summary = "lite-plan-memory without any sharing: every value its own "
               "range (planned = naive)",
    .alias_of = &lt_plan_memory_pass,
    .preset = "no-reuse=true",
};

/* strip_debuginfo.c - replaces every location (ops and block arguments)
 * with `loc(unknown)` (MLIR's StripDebugInfo). */
#include "passes/pass_list.h"

typedef struct strip {
  lt_loc_t unknown;
  bool changed;
} strip_t;

static lt_walk_result_t strip_op(lt_op_t *op, void *user) {
  strip_t *s = user;
  s->changed |= op->loc != s->unknown;
  op->loc = s->unknown;
  for (uint32_t r = 0; r < op->num_regions; r++)
    LT_FOR_EACH_BLOCK(b, &op->regions[r]) {
      for (uint32_t i = 0; i < b->num_args; i++) {
        s->changed |= b->args[i]->loc != s->unknown;
        b->args[i]->loc = s->unknown;
      }
    }
  return LT_WALK_ADVANCE;
}

static lt_result_t run_strip_debuginfo(lt_pass_t *pass, lt_op_t *op) {
  strip_t s = {lt_loc_unknown(lt_op_context(op)), false};
  lt_op_walk(op, LT_WALK_PRE, strip_op, &s);
  lt_pass_set_changed(pass, s.changed);
  return LT_SUCCESS;
}

const lt_pass_info_t lt_strip_debuginfo_pass = {
    .argument = "strip-debuginfo",
    .name = "StripDebugInfo",
    .summary = "Strip debug info from all operations",
    .anchor = NULL,
    .options_size = 0,
    .options = NULL,
    .num_options = 0,
    .statistics = NULL,
    .num_statistics = 0,
    .run = run_strip_debuginfo,
};

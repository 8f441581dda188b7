/* arith_canon.c - arith canonicalization patterns: reassociating chains of
 * constant additions, subtractions and multiplications (MLIR's
 * AddIAddConstant family), and folding a negation into a comparison.
 * Constants sit on the right of commutative ops by then (the folder moves
 * them), so the tables only list the positions that can remain. */
#include <string.h>

#include "dialects/arith/arith_fold.h"
#include "ir/rewrite.h"

/* outer(inner(x, c0), c1) with the constants at the given operand positions
 * becomes result(x, combine(c0, c1)) or result(combine(c0, c1), x). */
typedef struct reassoc {
  const char *outer, *inner;
  uint32_t outer_c, inner_c; /* operand index of c1 in outer, c0 in inner */
  lt_arith_binop_t combine;
  bool c1_first; /* combine(c1, c0) instead of combine(c0, c1) */
  const char *result;
  bool const_first; /* the new constant is the result's lhs */
} reassoc_t;

#define LT_ARITH_REASSOC(X)                                                    \
  /* addi(addi(x, c0), c1) -> addi(x, c0 + c1) */                              \
  X("arith.addi", "arith.addi", 1, 1, ADDI, false, "arith.addi", false)        \
  /* addi(subi(x, c0), c1) -> addi(x, c1 - c0) */                              \
  X("arith.addi", "arith.subi", 1, 1, SUBI, true, "arith.addi", false)         \
  /* addi(subi(c0, x), c1) -> subi(c0 + c1, x) */                              \
  X("arith.addi", "arith.subi", 1, 0, ADDI, false, "arith.subi", true)         \
  /* subi(addi(x, c0), c1) -> addi(x, c0 - c1) */                              \
  X("arith.subi", "arith.addi", 1, 1, SUBI, false, "arith.addi", false)        \
  /* subi(subi(x, c0), c1) -> subi(x, c0 + c1) */                              \
  X("arith.subi", "arith.subi", 1, 1, ADDI, false, "arith.subi", false)        \
  /* subi(c1, addi(x, c0)) -> subi(c1 - c0, x) */                              \
  X("arith.subi", "arith.addi", 0, 1, SUBI, true, "arith.subi", true)          \
  /* subi(subi(c0, x), c1) -> subi(c0 - c1, x) */                              \
  X("arith.subi", "arith.subi", 1, 0, SUBI, false, "arith.subi", true)         \
  /* subi(c1, subi(x, c0)) -> subi(c0 + c1, x) */                              \
  X("arith.subi", "arith.subi", 0, 1, ADDI, false, "arith.subi", true)         \
  /* subi(c1, subi(c0, x)) -> addi(x, c1 - c0) */                              \
  X("arith.subi", "arith.subi", 0, 0, SUBI, true, "arith.addi", false)         \
  /* muli(muli(x, c0), c1) -> muli(x, c0 * c1) */                              \
  X("arith.muli", "arith.muli", 1, 1, MULI, false, "arith.muli", false)

static const reassoc_t reassoc_rules[] = {
#define X(outer, inner, oc, ic, comb, c1f, res, cf)                            \
  {outer, inner, oc, ic, LT_ARITH_##comb, c1f, res, cf},
    LT_ARITH_REASSOC(X)
#undef X
};

static lt_op_t *create_constant(lt_rewriter_t *rw, const lt_attr_t *value,
                                const lt_type_t *type, lt_loc_t loc) {
  lt_op_state_t s;
  lt_op_state_init(&s, lt_rewriter_context(rw), "arith.constant", loc);
  lt_op_state_add_attr(&s, "value", value);
  lt_op_state_add_result(&s, type);
  lt_op_t *op = lt_rewriter_create(rw, &s);
  lt_op_state_free(&s);
  return op;
}

static lt_result_t match_reassoc(const lt_pattern_t *self, lt_op_t *op,
                                 lt_rewriter_t *rw) {
  const reassoc_t *rule = self->user;
  const lt_attr_t *c1 = lt_match_constant(lt_op_operand(op, rule->outer_c));
  if (!c1) return LT_FAILURE;
  lt_op_t *inner = lt_value_defining_op(lt_op_operand(op, 1 - rule->outer_c));
  if (!inner || strcmp(lt_op_name(inner), rule->inner) != 0) return LT_FAILURE;
  const lt_attr_t *c0 = lt_match_constant(lt_op_operand(inner, rule->inner_c));
  if (!c0) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(inner, 1 - rule->inner_c);
  lt_context_t *ctx = lt_rewriter_context(rw);
  const lt_type_t *type = op->results[0].type;
  const lt_attr_t *folded =
      rule->c1_first ? lt_arith_const_binop(ctx, rule->combine, c1, c0, type)
                     : lt_arith_const_binop(ctx, rule->combine, c0, c1, type);
  if (!folded)
    return lt_rewriter_notify_match_failure(rw, op, "constants do not fold");
  lt_loc_t locs[2] = {inner->loc, op->loc};
  lt_loc_t loc = lt_loc_fused(ctx, 2, locs, NULL);
  lt_op_t *c = create_constant(rw, folded, type, loc);
  if (!c) return LT_FAILURE;
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, rule->result, loc);
  lt_op_state_add_operand(&s, rule->const_first ? lt_op_result(c, 0) : x);
  lt_op_state_add_operand(&s, rule->const_first ? x : lt_op_result(c, 0));
  lt_op_state_add_result(&s, type);
  lt_op_t *res = lt_rewriter_replace_op_with_new(rw, op, &s);
  lt_op_state_free(&s);
  return res ? LT_SUCCESS : LT_FAILURE;
}

static void add_reassoc(lt_pattern_set_t *set, const char *outer) {
  for (size_t i = 0; i < LT_ARRAY_SIZE(reassoc_rules); i++)
    if (strcmp(reassoc_rules[i].outer, outer) == 0) {
      lt_pattern_t p = {outer, 1, match_reassoc, (void *)&reassoc_rules[i],
                        "arith-reassociate-constants"};
      lt_pattern_set_add(set, &p);
    }
}

void lt_arith_canon_addi(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  add_reassoc(set, "arith.addi");
}

void lt_arith_canon_subi(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  add_reassoc(set, "arith.subi");
}

void lt_arith_canon_muli(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  add_reassoc(set, "arith.muli");
}

/* xori(cmpi(pred, a, b), true) -> cmpi(!pred, a, b) on scalar i1. */
static lt_result_t match_not_cmpi(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  LT_UNUSED(self);
  const lt_type_t *t = op->results[0].type;
  if (t->kind != LT_TYPE_INTEGER || t->integer.width != 1) return LT_FAILURE;
  if (!lt_match_one(lt_op_operand(op, 1))) return LT_FAILURE;
  lt_op_t *cmp = lt_value_defining_op(lt_op_operand(op, 0));
  if (!cmp || strcmp(lt_op_name(cmp), "arith.cmpi") != 0) return LT_FAILURE;
  const lt_attr_t *pred = lt_op_attr(cmp, "predicate");
  if (!pred || pred->kind != LT_ATTR_INTEGER || pred->i < 0 ||
      pred->i >= LT_CMPI_COUNT)
    return LT_FAILURE;
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "arith.cmpi", op->loc);
  lt_op_state_add_operand(&s, lt_op_operand(cmp, 0));
  lt_op_state_add_operand(&s, lt_op_operand(cmp, 1));
  lt_op_state_add_result(&s, t);
  lt_op_state_add_attr(
      &s, "predicate",
      lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS),
                      lt_cmpi_invert((lt_cmpi_predicate_t)pred->i)));
  lt_op_t *res = lt_rewriter_replace_op_with_new(rw, op, &s);
  lt_op_state_free(&s);
  return res ? LT_SUCCESS : LT_FAILURE;
}

void lt_arith_canon_xori(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  lt_pattern_t p = {"arith.xori", 1, match_not_cmpi, NULL,
                    "arith-xori-not-cmpi"};
  lt_pattern_set_add(set, &p);
}

/* test_dialect.c - the `test` dialect's folders, patterns and table. */
#include "test/lib/test_dialect.h"

#include <string.h>

#include "ir/builder.h"
#include "ir/rewrite.h"

static lt_result_t lt_test_fold_identity(lt_op_t *op, const lt_attr_t *const *c,
                                         lt_fold_result_t *r) {
  LT_UNUSED(c);
  r[0].value = lt_op_operand(op, 0);
  return LT_SUCCESS;
}

/* Integer scalars only: enough to exercise constant materialization. */
static lt_result_t lt_test_fold_add(lt_op_t *op, const lt_attr_t *const *c,
                                    lt_fold_result_t *r) {
  if (lt_match_zero(lt_op_operand(op, 1))) {
    r[0].value = lt_op_operand(op, 0);
    return LT_SUCCESS;
  }
  const lt_type_t *t = op->results[0].type;
  if (!c[0] || !c[1] || c[0]->kind != LT_ATTR_INTEGER ||
      c[1]->kind != LT_ATTR_INTEGER || c[0]->type != t || c[1]->type != t)
    return LT_FAILURE;
  r[0].attr = lt_attr_integer(lt_op_context(op), t,
                              (int64_t)((uint64_t)c[0]->i + (uint64_t)c[1]->i));
  return r[0].attr ? LT_SUCCESS : LT_FAILURE;
}

/* test.neg(test.neg(x)) -> x */
static lt_result_t match_double_neg(const lt_pattern_t *self, lt_op_t *op,
                                    lt_rewriter_t *rw) {
  LT_UNUSED(self);
  lt_op_t *inner = lt_value_defining_op(lt_op_operand(op, 0));
  if (!inner || strcmp(lt_op_name(inner), "test.neg") != 0)
    return lt_rewriter_notify_match_failure(rw, op, "operand is not test.neg");
  lt_value_t *x = lt_op_operand(inner, 0);
  lt_rewriter_replace_op(rw, op, &x);
  return LT_SUCCESS;
}

static void lt_test_canon_neg(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  lt_pattern_set_add_fn(set, "test.neg", 1, match_double_neg, NULL);
}

/* Toggles a unit attribute on every application, so every sweep changes
 * the IR and the driver never converges. It deliberately skips
 * modify_start/finalize: notified, the op would be revisited at once and a
 * single sweep would never end; unnotified it changes once per sweep, which
 * is the kind of misbehaving pattern canonicalize's test-convergence is
 * meant to catch. */
static lt_result_t match_flip(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  LT_UNUSED(self);
  bool flipped = lt_op_attr(op, "flipped") != NULL;
  lt_op_set_attr(op, "flipped",
                 flipped ? NULL : lt_attr_unit(lt_rewriter_context(rw)));
  return LT_SUCCESS;
}

static void lt_test_canon_flip(lt_context_t *ctx, lt_pattern_set_t *set) {
  LT_UNUSED(ctx);
  lt_pattern_set_add_fn(set, "test.flip", 1, match_flip, NULL);
}

static lt_result_t verify_constant(lt_op_t *op) {
  const lt_attr_t *v = lt_op_attr(op, "value");
  if (!v) return lt_op_emit_error(op, "requires attribute 'value'");
  if (v->type != op->results[0].type)
    return lt_op_emit_error(op, "value type does not match result type");
  return LT_SUCCESS;
}

static const lt_op_def_t test_ops[] = {
#define X(name, nops, nres, nreg, nsucc, traits, fold, canon, summary)         \
  {name,    nops,                                                              \
   nres,    nreg,                                                              \
   nsucc,   traits,                                                            \
   summary, (traits)&LT_TRAIT_CONSTANT_LIKE ? verify_constant : NULL,          \
   fold,    canon,                                                             \
   NULL,    NULL,                                                              \
   NULL,    NULL},
    LT_TEST_OPS(X)
#undef X
};

static lt_op_t *test_materialize(lt_builder_t *b, const lt_attr_t *value,
                                 const lt_type_t *type, lt_loc_t loc) {
  if (!value || value->type != type) return NULL;
  lt_op_state_t s;
  lt_op_state_init(&s, b->ctx, "test.constant", loc);
  lt_op_state_add_attr(&s, "value", value);
  lt_op_state_add_result(&s, type);
  lt_op_t *op = lt_builder_create(b, &s);
  lt_op_state_free(&s);
  return op;
}

const lt_dialect_t lt_test_dialect = {
    .ns = "test",
    .ops = test_ops,
    .num_ops = LT_ARRAY_SIZE(test_ops),
    .materialize_constant = test_materialize,
    .verify_attr = NULL,
};

void lt_register_test_dialect(lt_context_t *ctx) {
  lt_context_register_dialect(ctx, &lt_test_dialect);
}

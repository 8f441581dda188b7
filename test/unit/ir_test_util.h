/* ir_test_util.h - small helpers shared by the IR core unit tests: a check
 * macro, a diagnostic recorder, a test dialect `t` with the traits the tests
 * need, and one-line op builders. */
#ifndef LITE_TEST_UNIT_IR_TEST_UTIL_H
#define LITE_TEST_UNIT_IR_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/operation.h"

#include "test/unit/check.h"

/* ---- diagnostics ----------------------------------------------------------
 */

/* Records every diagnostic (and its notes) as "severity: message" lines. */
typedef struct diag_log {
  lt_strbuf_t text;
  int errors;
} diag_log_t;

static inline bool diag_log_fn(void *user, const lt_diag_t *d) {
  diag_log_t *log = user;
  static const char *const sev[] = {"note", "warning", "error", "remark"};
  lt_strbuf_printf(&log->text, "%s: %s\n", sev[d->severity],
                   d->message.data ? d->message.data : "");
  for (const lt_diag_t *n = d->notes; n; n = n->next_note)
    lt_strbuf_printf(&log->text, "note: %s\n",
                     n->message.data ? n->message.data : "");
  if (d->severity == LT_SEV_ERROR) log->errors++;
  return true;
}

static inline void diag_log_reset(diag_log_t *log) {
  log->text.len = 0;
  if (log->text.data) log->text.data[0] = '\0';
  log->errors = 0;
}

static inline bool diag_log_has(const diag_log_t *log, const char *needle) {
  return log->text.data && strstr(log->text.data, needle);
}

/* ---- test dialect ---------------------------------------------------------
 */

static inline lt_result_t t_checked_verify(lt_op_t *op) {
  if (lt_op_attr(op, "bad")) return lt_op_emit_error(op, "has a bad attribute");
  return LT_SUCCESS;
}

#define T_OP(n, nops, nres, nreg, nsucc, tr, verify_)                          \
  {                                                                            \
    .name = n, .num_operands = nops, .num_results = nres, .num_regions = nreg, \
    .num_successors = nsucc, .traits = tr, .verify = verify_                   \
  }

static const lt_op_def_t t_ops[] = {
    T_OP("t.ret", -1, 0, 0, 0, LT_TRAIT_TERMINATOR | LT_TRAIT_RETURN_LIKE,
         NULL),
    T_OP("t.br", -1, 0, 0, -1, LT_TRAIT_TERMINATOR, NULL),
    T_OP("t.def", 0, 1, 0, 0, LT_TRAIT_PURE, NULL),
    T_OP("t.use", -1, -1, 0, 0, 0, NULL),
    T_OP("t.region", -1, -1, 1, 0, 0, NULL),
    T_OP("t.func", 0, 0, 1, 0, LT_TRAIT_ISOLATED_FROM_ABOVE | LT_TRAIT_SYMBOL,
         NULL),
    T_OP("t.graph", -1, -1, 1, 0,
         LT_TRAIT_GRAPH_REGION | LT_TRAIT_NO_TERMINATOR | LT_TRAIT_SINGLE_BLOCK,
         NULL),
    T_OP("t.same", -1, 1, 0, 0, LT_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE, NULL),
    T_OP("t.checked", -1, -1, 0, 0, 0, t_checked_verify),
};

static const lt_dialect_t t_dialect = {
    .ns = "t", .ops = t_ops, .num_ops = LT_ARRAY_SIZE(t_ops)};

static inline lt_context_t *make_context(diag_log_t *log) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    exit(1);
  }
  lt_context_register_dialect(ctx, &t_dialect);
  lt_context_set_allow_unregistered(ctx, true);
  if (log) {
    memset(log, 0, sizeof(*log));
    lt_diag_push_handler(ctx, diag_log_fn, log);
  }
  return ctx;
}

/* ---- op builders --------------------------------------------------------- */

/* Creates `name` with the given operands, n_results i32 results, n_regions
 * empty regions and successors; appended to block when block is non-NULL. */
static inline lt_op_t *mk_op(lt_context_t *ctx, lt_block_t *block,
                             const char *name, uint32_t n_operands,
                             lt_value_t *const *operands, uint32_t n_results,
                             uint32_t n_regions, uint32_t n_succ,
                             lt_block_t *const *succ) {
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, name, lt_loc_name(ctx, name, NULL));
  for (uint32_t i = 0; i < n_operands; i++)
    lt_op_state_add_operand(&s, operands[i]);
  for (uint32_t i = 0; i < n_results; i++)
    lt_op_state_add_result(&s, lt_type_integer(ctx, 32, LT_SIGNLESS));
  for (uint32_t i = 0; i < n_regions; i++)
    lt_op_state_add_region(&s);
  for (uint32_t i = 0; i < n_succ; i++)
    lt_op_state_add_successor(&s, succ[i]);
  lt_op_t *op = lt_op_create(&s);
  lt_op_state_free(&s);
  if (op && block) lt_block_push_back(block, op);
  return op;
}

/* Shorthands: an op with no operands and one result, and a user. */
static inline lt_op_t *mk_def(lt_context_t *ctx, lt_block_t *b,
                              const char *name) {
  return mk_op(ctx, b, name, 0, NULL, 1, 0, 0, NULL);
}
static inline lt_op_t *mk_use1(lt_context_t *ctx, lt_block_t *b,
                               const char *name, lt_value_t *v) {
  return mk_op(ctx, b, name, 1, &v, 0, 0, 0, NULL);
}

/* Appends a new block to region r. */
static inline lt_block_t *add_block(lt_context_t *ctx, lt_region_t *r) {
  lt_block_t *b = lt_block_create(ctx);
  lt_region_push_back(r, b);
  return b;
}

/* Whether every use of v links back correctly and there are n of them. */
static inline bool uses_consistent(const lt_value_t *v, size_t n) {
  size_t count = 0;
  lt_operand_t *const *expect_back = &v->first_use;
  for (lt_operand_t *u = v->first_use; u; u = u->next_use) {
    if (u->value != v || u->back != expect_back) return false;
    if (u < u->owner->operands ||
        lt_operand_index(u) >= u->owner->num_operands)
      return false;
    expect_back = &u->next_use;
    count++;
  }
  return count == n;
}

static inline size_t count_uses(const lt_value_t *v) {
  size_t n = 0;
  for (lt_operand_t *u = v->first_use; u; u = u->next_use)
    n++;
  return n;
}

#endif /* LITE_TEST_UNIT_IR_TEST_UTIL_H */

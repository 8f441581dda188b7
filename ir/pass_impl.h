/* pass_impl.h - pass manager internals shared by ir/pass_*.c. */
#ifndef LITE_IR_PASS_IMPL_H
#define LITE_IR_PASS_IMPL_H

#include <string.h>

#include "ir/pass_manager.h"

/* One pipeline entry: a pass instance or a nested manager. */
typedef struct lt_pm_entry {
  lt_pass_t *pass;
  lt_pass_manager_t *nested;
} lt_pm_entry_t;

struct lt_pass_manager {
  lt_context_t *ctx;
  char *anchor; /* heap copy */
  lt_pass_manager_t *parent;
  lt_pm_entry_t *entries;
  size_t count, cap;
  bool auto_nested; /* created by auto-nesting: later auto-nested passes join */
  /* Root only (nested managers use their root's). */
  bool verify_each;
  bool print_ir;
  lt_ir_print_config_t print_config;
  lt_timer_t *timer_parent;
};

static inline bool lt_pm_is_any(const lt_pass_manager_t *pm) {
  return pm->anchor[0] == 0 || strcmp(pm->anchor, "any") == 0;
}

/* Allocates a pass instance with default options, then `options` applied;
 * NULL after diagnostics on failure. */
lt_pass_t *lt_pass_instance_create(lt_context_t *ctx,
                                   const lt_pass_info_t *info,
                                   const char *options);
void lt_pass_instance_destroy(lt_context_t *ctx, lt_pass_t *pass);

/* Appends a nested manager with the auto-nesting flag as given. */
lt_pass_manager_t *lt_pm_nest_impl(lt_pass_manager_t *pm, const char *anchor,
                                   bool auto_nested);

/* Instrumentation hooks called by the runner (pass_instrument.c). */
typedef struct lt_pass_run_state {
  uint64_t fingerprint; /* before the pass, when after-change needs it */
  bool have_fingerprint;
} lt_pass_run_state_t;

void lt_instrument_before_pass(lt_pass_manager_t *root, lt_pass_t *pass,
                               lt_op_t *op, lt_pass_run_state_t *state);
void lt_instrument_after_pass(lt_pass_manager_t *root, lt_pass_t *pass,
                              lt_op_t *op, const lt_pass_run_state_t *state);
void lt_instrument_after_pass_failed(lt_pass_manager_t *root, lt_pass_t *pass,
                                     lt_op_t *op);
/* Structural hash of op and everything nested in it (MLIR's
 * OperationFingerPrint): identities of ops, attributes, operands, types and
 * blocks, so any change a pass makes shows up. */
uint64_t lt_op_fingerprint(lt_op_t *op);

#endif /* LITE_IR_PASS_IMPL_H */

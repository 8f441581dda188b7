/* pass_instrument.c - IR printing around passes (--mlir-print-ir-*) and the
 * fingerprint that tells whether a pass changed the IR. */
#include <string.h>

#include "ir/pass_impl.h"
#include "ir/printer.h"

/* ---- fingerprint ------------------------------------------------------ */
static uint64_t mix(uint64_t h, const void *p) {
  return lt_hash_combine(h, lt_hash_ptr(p));
}

static uint64_t fingerprint_op(lt_op_t *op, uint64_t h);

static uint64_t fingerprint_region(lt_region_t *r, uint64_t h) {
  LT_FOR_EACH_BLOCK(b, r) {
    h = mix(h, b);
    for (uint32_t i = 0; i < b->num_args; i++) {
      h = mix(h, b->args[i]);
      h = mix(h, b->args[i]->type);
      h = mix(h, b->args[i]->loc);
    }
    LT_FOR_EACH_OP(child, b) h = fingerprint_op(child, h);
  }
  return h;
}

/* Uniqued types, attributes and locations compare by pointer, so hashing
 * identities sees every change MLIR's OperationFingerPrint sees. */
static uint64_t fingerprint_op(lt_op_t *op, uint64_t h) {
  h = mix(h, op);
  h = mix(h, op->info);
  h = mix(h, op->attrs);
  h = mix(h, op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++)
    h = mix(h, op->operands[i].value);
  for (uint32_t i = 0; i < op->num_results; i++)
    h = mix(h, op->results[i].type);
  for (uint32_t i = 0; i < op->num_successors; i++)
    h = mix(h, op->successors[i].block);
  for (uint32_t i = 0; i < op->num_regions; i++)
    h = fingerprint_region(&op->regions[i], lt_hash_combine(h, i));
  return h;
}

uint64_t lt_op_fingerprint(lt_op_t *op) {
  return fingerprint_op(op, 0x6c697465u);
}

/* ---- IR printing -------------------------------------------------------- */
static bool name_in(const char *name, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(list[i], name) == 0) return true;
  return false;
}

static bool print_before(const lt_ir_print_config_t *c, const lt_pass_t *p) {
  return c->before_all || name_in(p->info->argument, c->before, c->num_before);
}

/* Whether dumps after this pass were asked for at all (after-failure alone
 * selects every pass). */
static bool print_after(const lt_ir_print_config_t *c, const lt_pass_t *p) {
  if (c->after_all || name_in(p->info->argument, c->after, c->num_after))
    return true;
  return c->after_failure && !c->num_after;
}

static void default_print(lt_op_t *op, bool local_scope, lt_strbuf_t *out) {
  lt_print_flags_t flags;
  lt_print_flags_init(&flags);
  flags.local_scope = local_scope;
  lt_op_print(op, &flags, out);
}

/* Writes the rest of the header and the op, as MLIR's printIR: the anchor
 * op alone, or with module scope the top-level op and the anchor's name. */
static void dump_ir(const lt_ir_print_config_t *c, lt_op_t *op,
                    lt_strbuf_t *sb) {
  lt_op_t *target = op;
  bool nested = lt_op_parent_op(op) != NULL;
  if (c->module_scope) {
    lt_strbuf_printf(sb, " ('%s' operation", lt_op_name(op));
    const lt_ident_t *sym = lt_symbol_name(op);
    if (sym) lt_strbuf_printf(sb, ": @%s", sym->str);
    lt_strbuf_puts(sb, ")");
    while (lt_op_parent_op(target))
      target = lt_op_parent_op(target);
    nested = false;
  }
  lt_strbuf_puts(sb, " //----- //\n");
  if (c->print)
    c->print(c->print_user, target, nested, sb);
  else
    default_print(target, nested, sb);
  /* MLIR ends a top-level op with a newline and a nested one without. */
  while (sb->len && sb->data[sb->len - 1] == '\n')
    sb->data[--sb->len] = 0;
  lt_strbuf_puts(sb, nested ? "\n\n" : "\n\n\n");
}

static void flush(const lt_ir_print_config_t *c, lt_strbuf_t *sb) {
  FILE *out = c->out ? c->out : stderr;
  if (sb->len) fwrite(sb->data, 1, sb->len, out);
  fflush(out);
  lt_strbuf_free(sb);
}

static const char *display_name(const lt_pass_t *p) {
  return p->info->name ? p->info->name : p->info->argument;
}

void lt_instrument_before_pass(lt_pass_manager_t *root, lt_pass_t *pass,
                               lt_op_t *op, lt_pass_run_state_t *state) {
  if (!root->print_ir) return;
  const lt_ir_print_config_t *c = &root->print_config;
  if (c->after_change && print_after(c, pass)) {
    state->fingerprint = lt_op_fingerprint(op);
    state->have_fingerprint = true;
  }
  if (!print_before(c, pass)) return;
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "// -----// IR Dump Before %s (%s)", display_name(pass),
                   pass->info->argument);
  dump_ir(c, op, &sb);
  flush(c, &sb);
}

void lt_instrument_after_pass(lt_pass_manager_t *root, lt_pass_t *pass,
                              lt_op_t *op, const lt_pass_run_state_t *state) {
  if (!root->print_ir) return;
  const lt_ir_print_config_t *c = &root->print_config;
  if (c->after_failure || !print_after(c, pass)) return;
  if (c->after_change) {
    bool changed = pass->changed_known
                       ? pass->changed
                       : !state->have_fingerprint ||
                             lt_op_fingerprint(op) != state->fingerprint;
    if (!changed) return;
  }
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "// -----// IR Dump After %s (%s)", display_name(pass),
                   pass->info->argument);
  dump_ir(c, op, &sb);
  flush(c, &sb);
}

void lt_instrument_after_pass_failed(lt_pass_manager_t *root, lt_pass_t *pass,
                                     lt_op_t *op) {
  if (!root->print_ir) return;
  const lt_ir_print_config_t *c = &root->print_config;
  if (!print_after(c, pass)) return;
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "// -----// IR Dump After %s Failed (%s)",
                   display_name(pass), pass->info->argument);
  dump_ir(c, op, &sb);
  flush(c, &sb);
}

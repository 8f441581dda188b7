/* pass_manager.c - building pass managers and running them. */
#include <string.h>

#include "ir/pass_impl.h"

static char *dup_cstr(lt_allocator_t a, const char *s) {
  size_t n = strlen(s) + 1;
  char *d = lt_alloc(a, n);
  if (d) memcpy(d, s, n);
  return d;
}

static lt_pass_manager_t *pm_alloc(lt_context_t *ctx, const char *anchor,
                                   lt_pass_manager_t *parent) {
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_pass_manager_t *pm = lt_calloc(a, sizeof(*pm));
  if (!pm) return NULL;
  pm->ctx = ctx;
  pm->parent = parent;
  pm->anchor = dup_cstr(a, anchor && *anchor ? anchor : "any");
  pm->verify_each = true;
  if (!pm->anchor) {
    lt_free(a, pm, sizeof(*pm));
    return NULL;
  }
  return pm;
}

lt_pass_manager_t *lt_pass_manager_create(lt_context_t *ctx,
                                          const char *anchor) {
  return pm_alloc(ctx, anchor, NULL);
}

void lt_pass_manager_destroy(lt_pass_manager_t *pm) {
  if (!pm) return;
  lt_allocator_t a = lt_context_allocator(pm->ctx);
  for (size_t i = 0; i < pm->count; i++) {
    if (pm->entries[i].pass)
      lt_pass_instance_destroy(pm->ctx, pm->entries[i].pass);
    else
      lt_pass_manager_destroy(pm->entries[i].nested);
  }
  lt_free(a, pm->entries, pm->cap * sizeof(pm->entries[0]));
  lt_free(a, pm->anchor, strlen(pm->anchor) + 1);
  lt_free(a, pm, sizeof(*pm));
}

const char *lt_pass_manager_anchor(const lt_pass_manager_t *pm) {
  return pm->anchor;
}

size_t lt_pass_manager_size(const lt_pass_manager_t *pm) { return pm->count; }

static lt_pm_entry_t *push_entry(lt_pass_manager_t *pm) {
  if (pm->count == pm->cap) {
    lt_allocator_t a = lt_context_allocator(pm->ctx);
    size_t cap = pm->cap ? pm->cap * 2 : 4;
    lt_pm_entry_t *e =
        lt_realloc(a, pm->entries, pm->cap * sizeof(*e), cap * sizeof(*e));
    if (!e) return NULL;
    pm->entries = e;
    pm->cap = cap;
  }
  lt_pm_entry_t *e = &pm->entries[pm->count++];
  memset(e, 0, sizeof(*e));
  return e;
}

lt_pass_manager_t *lt_pm_nest_impl(lt_pass_manager_t *pm, const char *anchor,
                                   bool auto_nested) {
  lt_pass_manager_t *nested = pm_alloc(pm->ctx, anchor, pm);
  if (!nested) return NULL;
  lt_pm_entry_t *e = push_entry(pm);
  if (!e) {
    lt_pass_manager_destroy(nested);
    return NULL;
  }
  nested->auto_nested = auto_nested;
  e->nested = nested;
  return nested;
}

lt_pass_manager_t *lt_pass_manager_nest(lt_pass_manager_t *pm,
                                        const char *anchor) {
  lt_pass_manager_t *nested = lt_pm_nest_impl(pm, anchor, false);
  if (!nested) lt_emit_error(pm->ctx, lt_loc_unknown(pm->ctx), "out of memory");
  return nested;
}

lt_pass_t *lt_pass_instance_create(lt_context_t *ctx,
                                   const lt_pass_info_t *info,
                                   const char *options) {
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_pass_info_t *base = lt_pass_base(info);
  lt_pass_t *p = lt_calloc(a, sizeof(*p));
  if (!p) {
    lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
    return NULL;
  }
  p->info = info;
  if (base->options_size) p->options = lt_calloc(a, base->options_size);
  if (base->num_statistics)
    p->stats = lt_calloc(a, base->num_statistics * sizeof(uint64_t));
  if ((base->options_size && !p->options) ||
      (base->num_statistics && !p->stats)) {
    lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
    lt_pass_instance_destroy(ctx, p);
    return NULL;
  }
  if (LT_FAILED(lt_pass_options_parse(ctx, info, p->options, options)) ||
      (base->check_options &&
       LT_FAILED(base->check_options(ctx, p->options)))) {
    lt_pass_instance_destroy(ctx, p);
    return NULL;
  }
  return p;
}

void lt_pass_instance_destroy(lt_context_t *ctx, lt_pass_t *pass) {
  if (!pass) return;
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_pass_info_t *info = lt_pass_base(pass->info);
  if (pass->options) {
    lt_pass_options_free(ctx, pass->info, pass->options);
    lt_free(a, pass->options, info->options_size);
  }
  if (pass->stats)
    lt_free(a, pass->stats, info->num_statistics * sizeof(uint64_t));
  lt_free(a, pass, sizeof(*pass));
}

lt_result_t lt_pass_manager_add(lt_pass_manager_t *pm,
                                const lt_pass_info_t *info, const char *options,
                                lt_pass_t **out_pass) {
  lt_context_t *ctx = pm->ctx;
  const char *pass_anchor = lt_pass_base(info)->anchor;
  lt_pass_manager_t *target = pm;
  lt_pass_t *p = lt_pass_instance_create(ctx, info, options);
  if (!p) return LT_FAILURE;
  /* An op-agnostic manager takes anchored passes as they are (they are
   * checked against the op when run), as MLIR's implicit nesting does. */
  if (pass_anchor && strcmp(pass_anchor, "any") != 0 && !lt_pm_is_any(pm) &&
      strcmp(pass_anchor, pm->anchor) != 0) {
    /* Auto-nesting: consecutive passes anchored on the same op share one
     * nested pipeline, as `--a --b` gives `func.func(a,b)`. */
    lt_pm_entry_t *last = pm->count ? &pm->entries[pm->count - 1] : NULL;
    if (last && last->nested && last->nested->auto_nested &&
        strcmp(last->nested->anchor, pass_anchor) == 0)
      target = last->nested;
    else
      target = lt_pm_nest_impl(pm, pass_anchor, true);
  }
  lt_pm_entry_t *e = target ? push_entry(target) : NULL;
  if (!e) {
    lt_pass_instance_destroy(ctx, p);
    return lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
  }
  e->pass = p;
  if (out_pass) *out_pass = p;
  return LT_SUCCESS;
}

/* ---- printing the pipeline ------------------------------------------- */
void lt_pass_manager_print_elements(const lt_pass_manager_t *pm,
                                    lt_strbuf_t *sb) {
  for (size_t i = 0; i < pm->count; i++) {
    if (i) lt_strbuf_putc(sb, ',');
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->pass) {
      lt_strbuf_puts(sb, e->pass->info->argument);
      lt_pass_options_print(e->pass->info, e->pass->options, sb);
    } else {
      lt_pass_manager_print(e->nested, sb);
    }
  }
}

void lt_pass_manager_print(const lt_pass_manager_t *pm, lt_strbuf_t *sb) {
  lt_strbuf_printf(sb, "%s(", pm->anchor);
  lt_pass_manager_print_elements(pm, sb);
  lt_strbuf_putc(sb, ')');
}

void lt_pass_manager_dump(const lt_pass_manager_t *pm, lt_strbuf_t *sb) {
  lt_strbuf_printf(sb, "Pass Manager with %zu passes:\n", pm->count);
  lt_pass_manager_print(pm, sb);
  lt_strbuf_puts(sb, "\n\n");
}

void lt_pass_manager_enable_verifier(lt_pass_manager_t *pm, bool enable) {
  pm->verify_each = enable;
}

void lt_pass_manager_enable_ir_printing(lt_pass_manager_t *pm,
                                        const lt_ir_print_config_t *config) {
  pm->print_ir = config != NULL;
  if (config) pm->print_config = *config;
}

void lt_pass_manager_enable_timing(lt_pass_manager_t *pm, lt_timer_t *parent) {
  pm->timer_parent = parent;
}

/* ---- running --------------------------------------------------------------
 */
typedef struct run_ctx {
  lt_pass_manager_t *root;
  lt_timer_t *verifier_timer;
} run_ctx_t;

static lt_result_t run_entries(run_ctx_t *rc, lt_pass_manager_t *pm,
                               lt_op_t *op, lt_timer_t *timer);

static const char *pass_display_name(const lt_pass_t *p) {
  return p->info->name ? p->info->name : p->info->argument;
}

static lt_result_t run_pass(run_ctx_t *rc, lt_pass_t *pass, lt_op_t *op,
                            lt_timer_t *parent_timer) {
  lt_pass_manager_t *root = rc->root;
  lt_context_t *ctx = lt_op_context(op);
  const lt_pass_info_t *base = lt_pass_base(pass->info);
  const char *anchor = base->anchor;
  if (anchor && strcmp(anchor, "any") != 0 &&
      strcmp(anchor, lt_op_name(op)) != 0)
    return lt_emit_error(ctx, op->loc,
                         "can't run pass '%s' anchored on '%s' on '%s' op",
                         pass->info->argument, anchor, lt_op_name(op));
  lt_timer_t *timer =
      parent_timer ? lt_timer_nest(parent_timer, pass_display_name(pass), pass)
                   : NULL;
  lt_pass_run_state_t state = {0};
  lt_instrument_before_pass(root, pass, op, &state);
  pass->changed = false;
  pass->changed_known = false;
  uint64_t errors_before = lt_diag_error_count(ctx);
  uint64_t oom_before = lt_context_alloc_failures(ctx);
  if (timer) lt_timer_start(timer);
  lt_result_t r = base->run ? base->run(pass, op) : LT_SUCCESS;
  if (timer) lt_timer_stop(timer);
  /* An allocation that failed under the pass may have left its work
   * incomplete even where the pass did not notice: never call that a
   * success. */
  bool oom = lt_context_alloc_failures(ctx) != oom_before;
  if (LT_FAILED(r) || oom) {
    /* A pass should explain its failure; say at least which one failed. */
    if (lt_diag_error_count(ctx) == errors_before)
      lt_emit_error(ctx, op->loc, "pass '%s' %s", pass->info->argument,
                    oom ? "ran out of memory" : "failed");
    lt_instrument_after_pass_failed(root, pass, op);
    return LT_FAILURE;
  }
  if (root->verify_each) {
    if (rc->verifier_timer) lt_timer_start(rc->verifier_timer);
    lt_result_t v = lt_op_verify(op);
    if (rc->verifier_timer) lt_timer_stop(rc->verifier_timer);
    if (LT_FAILED(v)) {
      lt_instrument_after_pass_failed(root, pass, op);
      return LT_FAILURE;
    }
  }
  lt_instrument_after_pass(root, pass, op, &state);
  return LT_SUCCESS;
}

/* Whether a nested manager runs on `op`: by name, or for "any" on every
 * registered op isolated from above (MLIR's op-agnostic scheduling). */
static bool nested_matches(const lt_pass_manager_t *nested, lt_op_t *op) {
  if (lt_pm_is_any(nested))
    return op->info->registered &&
           lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE);
  return strcmp(nested->anchor, lt_op_name(op)) == 0;
}

static void collect_pass_names(const lt_pass_manager_t *pm, lt_strbuf_t *sb,
                               size_t *count) {
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->pass) {
      lt_strbuf_printf(sb, "%s'%s'", *count ? ", " : "",
                       e->pass->info->argument);
      (*count)++;
    } else {
      collect_pass_names(e->nested, sb, count);
    }
  }
}

static void warn_nothing_matched(const lt_pass_manager_t *nested, lt_op_t *op) {
  lt_strbuf_t names = {0};
  size_t count = 0;
  collect_pass_names(nested, &names, &count);
  if (count)
    lt_emit_warning(lt_op_context(op), op->loc,
                    "%s %s anchored on '%s' did not run: no '%s' op nested "
                    "in '%s'",
                    count == 1 ? "pass" : "passes", names.data, nested->anchor,
                    nested->anchor, lt_op_name(op));
  lt_strbuf_free(&names);
}

/* The timer of a nested manager, "'func.func' Pipeline" (NULL when
 * timing is off or out of memory). */
static lt_timer_t *pipeline_timer(lt_timer_t *parent,
                                  const lt_pass_manager_t *nested) {
  if (!parent) return NULL;
  lt_strbuf_t name = {0};
  lt_strbuf_printf(&name, "'%s' Pipeline", nested->anchor);
  lt_timer_t *t = name.data ? lt_timer_nest(parent, name.data, nested) : NULL;
  lt_strbuf_free(&name);
  return t;
}

static lt_result_t run_nested(run_ctx_t *rc, lt_pass_manager_t *nested,
                              lt_op_t *op, lt_timer_t *parent_timer) {
  lt_timer_t *timer = pipeline_timer(parent_timer, nested);
  bool ran = false;
  for (uint32_t r = 0; r < op->num_regions; r++) {
    LT_FOR_EACH_BLOCK(b, lt_op_region(op, r)) {
      /* Passes may erase the op they run on only through its parent;
       * remember the next one first. */
      LT_FOR_EACH_OP_SAFE(child, tmp, b) {
        if (!nested_matches(nested, child)) continue;
        ran = true;
        if (timer) lt_timer_start(timer);
        lt_result_t res = run_entries(rc, nested, child, timer);
        if (timer) lt_timer_stop(timer);
        if (LT_FAILED(res)) return LT_FAILURE;
      }
    }
  }
  if (!ran && !lt_pm_is_any(nested)) warn_nothing_matched(nested, op);
  return LT_SUCCESS;
}

static lt_result_t run_entries(run_ctx_t *rc, lt_pass_manager_t *pm,
                               lt_op_t *op, lt_timer_t *timer) {
  for (size_t i = 0; i < pm->count; i++) {
    lt_pm_entry_t *e = &pm->entries[i];
    lt_result_t r = e->pass ? run_pass(rc, e->pass, op, timer)
                            : run_nested(rc, e->nested, op, timer);
    if (LT_FAILED(r)) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* Creates the timer nodes in pipeline order before running, so the report
 * lists them in that order with the verifier after them. */
static void precreate_timers(const lt_pass_manager_t *pm, lt_timer_t *parent) {
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->pass) {
      lt_timer_nest(parent, pass_display_name(e->pass), e->pass);
    } else {
      lt_timer_t *t = pipeline_timer(parent, e->nested);
      if (t) precreate_timers(e->nested, t);
    }
  }
}

lt_result_t lt_pass_manager_run(lt_pass_manager_t *pm, lt_op_t *op) {
  if (!lt_pm_is_any(pm) && strcmp(pm->anchor, lt_op_name(op)) != 0)
    return lt_emit_error(lt_op_context(op), op->loc,
                         "can't run '%s' pass manager on '%s' op", pm->anchor,
                         lt_op_name(op));
  run_ctx_t rc = {.root = pm};
  if (pm->timer_parent) {
    precreate_timers(pm, pm->timer_parent);
    if (pm->verify_each)
      rc.verifier_timer = lt_timer_nest(pm->timer_parent, "Verifier", NULL);
  }
  return run_entries(&rc, pm, op, pm->timer_parent);
}

lt_pass_t *lt_pass_manager_pass_at(const lt_pass_manager_t *pm, size_t i) {
  return i < pm->count ? pm->entries[i].pass : NULL;
}

lt_pass_manager_t *lt_pass_manager_nested_at(const lt_pass_manager_t *pm,
                                             size_t i) {
  return i < pm->count ? pm->entries[i].nested : NULL;
}

lt_result_t lt_pass_manager_run_entry(lt_pass_manager_t *pm, size_t i,
                                      lt_op_t *op, bool *out_changed) {
  *out_changed = false;
  if (i >= pm->count) return LT_SUCCESS;
  lt_pm_entry_t *e = &pm->entries[i];
  /* A pass that reported last time is trusted to report again, which
   * saves a walk of the op before it; one that did not is fingerprinted. */
  bool fingerprinted = !e->pass || !e->pass->changed_known;
  uint64_t before = fingerprinted ? lt_op_fingerprint(op) : 0;
  run_ctx_t rc = {.root = pm};
  lt_result_t r = e->pass ? run_pass(&rc, e->pass, op, NULL)
                          : run_nested(&rc, e->nested, op, NULL);
  if (LT_FAILED(r)) return LT_FAILURE;
  if (e->pass && e->pass->changed_known)
    *out_changed = e->pass->changed;
  else
    *out_changed = !fingerprinted || lt_op_fingerprint(op) != before;
  return LT_SUCCESS;
}

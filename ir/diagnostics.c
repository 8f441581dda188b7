/* diagnostics.c - the handler stack, the default printer (MLIR's
 * SourceMgrDiagnosticHandler format), the source manager and location
 * formatting. */
#include "ir/diagnostics.h"

#include <stdio.h>
#include <string.h>

#include "ir/context_impl.h"
#include "ir/printer.h"

/* How many "called from" notes a call-site location may add, as MLIR. */
#define LT_CALL_STACK_LIMIT 10
#define LT_TAB_STOP 8

/* ---- handler stack ------------------------------------------------------- */

lt_diag_handler_id_t lt_diag_push_handler(lt_context_t *ctx,
                                          lt_diag_handler_fn_t fn, void *user) {
  if (LT_FAILED(lt_context_grow(ctx, (void **)&ctx->handlers,
                                &ctx->cap_handlers, ctx->num_handlers + 1,
                                sizeof(*ctx->handlers))))
    return 0;
  lt_diag_handler_entry_t *e = &ctx->handlers[ctx->num_handlers++];
  e->id = ctx->next_handler_id++;
  e->fn = fn;
  e->user = user;
  return e->id;
}

void lt_diag_pop_handler(lt_context_t *ctx, lt_diag_handler_id_t id) {
  for (size_t i = ctx->num_handlers; i-- > 0;) {
    if (ctx->handlers[i].id != id) continue;
    memmove(&ctx->handlers[i], &ctx->handlers[i + 1],
            (ctx->num_handlers - i - 1) * sizeof(*ctx->handlers));
    ctx->num_handlers--;
    return;
  }
}

uint64_t lt_diag_error_count(lt_context_t *ctx) { return ctx->error_count; }

/* ---- building and emitting ----------------------------------------------- */

lt_diag_t *lt_diag_begin(lt_context_t *ctx, lt_loc_t loc, lt_severity_t sev) {
  lt_diag_t *d = lt_calloc(ctx->allocator, sizeof(*d));
  if (!d) {
    /* The message is lost, but not the fact that something failed. */
    if (sev == LT_SEV_ERROR) ctx->error_count++;
    return NULL;
  }
  d->severity = sev;
  d->loc = loc ? loc : lt_loc_unknown(ctx);
  d->ctx = ctx;
  return d;
}

void lt_diag_printf(lt_diag_t *d, const char *fmt, ...) {
  if (!d) return;
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
}

lt_diag_t *lt_diag_note(lt_diag_t *d, lt_loc_t loc) {
  if (!d) return NULL;
  lt_diag_t *note = lt_diag_begin(d->ctx, loc ? loc : d->loc, LT_SEV_NOTE);
  if (!note) return NULL;
  lt_diag_t **tail = &d->notes;
  while (*tail)
    tail = &(*tail)->next_note;
  *tail = note;
  return note;
}

static void lt_diag_free(lt_diag_t *d) {
  while (d) {
    lt_diag_t *next = d->next_note;
    lt_diag_free(d->notes);
    lt_strbuf_free(&d->message);
    lt_free(d->ctx->allocator, d, sizeof(*d));
    d = next;
  }
}

static void lt_diag_default_handler(const lt_diag_t *d) {
  lt_strbuf_t sb = {0};
  lt_diag_format(d, &sb);
  if (sb.data) fputs(sb.data, stderr);
  fflush(stderr);
  lt_strbuf_free(&sb);
}

lt_result_t lt_diag_emit(lt_diag_t *d) {
  if (!d) return LT_FAILURE;
  lt_context_t *ctx = d->ctx;
  if (d->severity == LT_SEV_ERROR) ctx->error_count++;
  bool handled = false;
  /* Newest handler first. A handler may push or pop handlers while it runs,
   * so the index is re-clamped after each call. */
  for (size_t i = ctx->num_handlers; i-- > 0 && !handled;) {
    lt_diag_handler_entry_t e = ctx->handlers[i];
    handled = e.fn(e.user, d);
    if (i > ctx->num_handlers) i = ctx->num_handlers;
  }
  if (!handled) lt_diag_default_handler(d);
  lt_diag_free(d);
  return LT_FAILURE;
}

static void lt_emit_v(lt_context_t *ctx, lt_loc_t loc, lt_severity_t sev,
                      const char *fmt, va_list ap) {
  lt_diag_t *d = lt_diag_begin(ctx, loc, sev);
  if (!d) return;
  lt_strbuf_vprintf(&d->message, fmt, ap);
  lt_diag_emit(d);
}

lt_result_t lt_emit_error(lt_context_t *ctx, lt_loc_t loc, const char *fmt,
                          ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_emit_v(ctx, loc, LT_SEV_ERROR, fmt, ap);
  va_end(ap);
  return LT_FAILURE;
}

void lt_emit_warning(lt_context_t *ctx, lt_loc_t loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_emit_v(ctx, loc, LT_SEV_WARNING, fmt, ap);
  va_end(ap);
}

void lt_emit_remark(lt_context_t *ctx, lt_loc_t loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_emit_v(ctx, loc, LT_SEV_REMARK, fmt, ap);
  va_end(ap);
}

/* ---- source manager ------------------------------------------------------ */

void lt_source_add(lt_context_t *ctx, const char *name, const char *buf,
                   size_t len) {
  const lt_ident_t *id = lt_ident_cstr(ctx, name);
  if (!id) return;
  if (LT_FAILED(lt_context_grow(ctx, (void **)&ctx->sources, &ctx->cap_sources,
                                ctx->num_sources + 1, sizeof(*ctx->sources))))
    return;
  lt_source_entry_t *e = &ctx->sources[ctx->num_sources++];
  memset(e, 0, sizeof(*e));
  e->name = id;
  e->buf = buf;
  e->len = len;
}

static void lt_source_entry_free(lt_context_t *ctx, lt_source_entry_t *e) {
  if (e->line_starts)
    lt_free(ctx->allocator, e->line_starts,
            ((size_t)e->num_lines + 1) * sizeof(size_t));
  e->line_starts = NULL;
}

/* A name registered twice shadows the older buffer until removed. */
static lt_source_entry_t *lt_source_find(lt_context_t *ctx,
                                         const lt_ident_t *name) {
  for (size_t i = ctx->num_sources; i-- > 0;)
    if (ctx->sources[i].name == name) return &ctx->sources[i];
  return NULL;
}

void lt_source_remove(lt_context_t *ctx, const char *name) {
  const lt_ident_t *id = lt_ident_cstr(ctx, name);
  lt_source_entry_t *e = id ? lt_source_find(ctx, id) : NULL;
  if (!e) return;
  lt_source_entry_free(ctx, e);
  size_t i = (size_t)(e - ctx->sources);
  memmove(e, e + 1, (ctx->num_sources - i - 1) * sizeof(*e));
  ctx->num_sources--;
}

static bool lt_source_index(lt_context_t *ctx, lt_source_entry_t *e) {
  if (e->line_starts) return true;
  size_t lines = 1;
  for (size_t i = 0; i < e->len; i++)
    if (e->buf[i] == '\n') lines++;
  if (lines > UINT32_MAX) return false;
  size_t *starts = lt_alloc(ctx->allocator, (lines + 1) * sizeof(size_t));
  if (!starts) return false;
  size_t k = 0;
  starts[k++] = 0;
  for (size_t i = 0; i < e->len; i++)
    if (e->buf[i] == '\n') starts[k++] = i + 1;
  starts[k] = e->len + 1; /* as if a newline followed the buffer */
  e->line_starts = starts;
  e->num_lines = (uint32_t)lines;
  return true;
}

static bool lt_source_entry_line(lt_context_t *ctx, lt_source_entry_t *e,
                                 uint32_t line, const char **out_begin,
                                 size_t *out_len) {
  if (line == 0 || !lt_source_index(ctx, e) || line > e->num_lines)
    return false;
  size_t begin = e->line_starts[line - 1];
  size_t end = e->line_starts[line] - 1;
  if (end > begin && e->buf[end - 1] == '\r') end--;
  *out_begin = e->buf + begin;
  *out_len = end - begin;
  return true;
}

bool lt_source_line(lt_context_t *ctx, const char *name, uint32_t line,
                    const char **out_begin, size_t *out_len) {
  const lt_ident_t *id = lt_ident_cstr(ctx, name);
  lt_source_entry_t *e = id ? lt_source_find(ctx, id) : NULL;
  return e && lt_source_entry_line(ctx, e, line, out_begin, out_len);
}

void lt_diag_state_deinit(lt_context_t *ctx) {
  for (size_t i = 0; i < ctx->num_sources; i++)
    lt_source_entry_free(ctx, &ctx->sources[i]);
  if (ctx->sources)
    lt_free(ctx->allocator, ctx->sources,
            ctx->cap_sources * sizeof(*ctx->sources));
  if (ctx->handlers)
    lt_free(ctx->allocator, ctx->handlers,
            ctx->cap_handlers * sizeof(*ctx->handlers));
  ctx->sources = NULL;
  ctx->handlers = NULL;
  ctx->num_sources = ctx->cap_sources = 0;
  ctx->num_handlers = ctx->cap_handlers = 0;
}

/* ---- locations ----------------------------------------------------------- */

/* First location of kind `want` inside loc, looking through names, fused
 * lists and call sites (their callee, and the caller too when
 * `callers` is set). */
static lt_loc_t lt_loc_find(lt_loc_t loc, lt_attr_kind_t want, bool callers) {
  if (!loc) return NULL;
  if (loc->kind == want) return loc;
  switch (loc->kind) {
  case LT_ATTR_LOC_NAME:
    return lt_loc_find(loc->name_loc.child, want, callers);
  case LT_ATTR_LOC_CALLSITE: {
    lt_loc_t f = lt_loc_find(loc->callsite.callee, want, callers);
    return f || !callers ? f : lt_loc_find(loc->callsite.caller, want, callers);
  }
  case LT_ATTR_LOC_FUSED:
    for (uint32_t i = 0; i < loc->fused.count; i++) {
      lt_loc_t f = lt_loc_find(loc->fused.locs[i], want, callers);
      if (f) return f;
    }
    return NULL;
  default:
    return NULL;
  }
}

lt_loc_t lt_loc_find_file(lt_loc_t loc) {
  return lt_loc_find(loc, LT_ATTR_LOC_FILE, true);
}

void lt_loc_format(lt_loc_t loc, lt_strbuf_t *sb) {
  if (loc && loc->kind == LT_ATTR_LOC_FILE) {
    lt_strbuf_printf(sb, "%s:%u:%u", loc->file_loc.file->str,
                     loc->file_loc.line, loc->file_loc.col);
    return;
  }
  if (!loc) {
    lt_strbuf_puts(sb, "loc(unknown)");
    return;
  }
  lt_strbuf_puts(sb, "loc(");
  lt_attr_print(loc, sb);
  lt_strbuf_putc(sb, ')');
}

/* The location whose file position is shown for a diagnostic (MLIR's
 * findLocToShow): a call site shows its callee (callers become notes). */
static lt_loc_t lt_loc_to_show(lt_loc_t loc) {
  return lt_loc_find(loc, LT_ATTR_LOC_FILE, false);
}

static lt_loc_t lt_loc_callsite_of(lt_loc_t loc) {
  return lt_loc_find(loc, LT_ATTR_LOC_CALLSITE, false);
}

static const char *lt_severity_label(lt_severity_t sev) {
  switch (sev) {
  case LT_SEV_NOTE:
    return "note";
  case LT_SEV_WARNING:
    return "warning";
  case LT_SEV_REMARK:
    return "remark";
  default:
    return "error";
  }
}

/* Appends the source line with tabs expanded, then the caret line under
 * 0-based column `col` (clamped to the line end), as llvm::SMDiagnostic. */
static void lt_format_source_line(lt_strbuf_t *sb, const char *line, size_t len,
                                  size_t col) {
  size_t out = 0;
  for (size_t i = 0; i < len; i++) {
    if (line[i] != '\t') {
      lt_strbuf_putc(sb, line[i]);
      out++;
      continue;
    }
    do {
      lt_strbuf_putc(sb, ' ');
      out++;
    } while (out % LT_TAB_STOP != 0);
  }
  lt_strbuf_putc(sb, '\n');
  if (col > len) col = len;
  out = 0;
  for (size_t i = 0; i < col; i++) {
    if (line[i] != '\t') {
      lt_strbuf_putc(sb, ' ');
      out++;
      continue;
    }
    do {
      lt_strbuf_putc(sb, ' ');
      out++;
    } while (out % LT_TAB_STOP != 0);
  }
  lt_strbuf_puts(sb, "^\n");
}

/* One message line (MLIR's SourceMgrDiagnosticHandler::emitDiagnostic).
 * `named` is the whole location: a file at 0:0 inside a name (an op
 * imported from a binary model) shows the name instead of the position. */
static void lt_format_one(lt_context_t *ctx, lt_loc_t loc, lt_loc_t named,
                          const char *msg, lt_severity_t sev,
                          bool show_source, lt_strbuf_t *sb) {
  const char *label = lt_severity_label(sev);
  lt_loc_t file = lt_loc_find_file(loc);
  if (!file) {
    lt_strbuf_printf(sb, "<unknown>:0: %s: ", label);
    if (loc && loc->kind != LT_ATTR_LOC_UNKNOWN) {
      lt_loc_format(loc, sb);
      lt_strbuf_puts(sb, ": ");
    }
    lt_strbuf_printf(sb, "%s\n", msg);
    return;
  }
  const lt_ident_t *name = file->file_loc.file;
  uint32_t line_no = file->file_loc.line, col = file->file_loc.col;
  lt_loc_t nl = line_no == 0 && col == 0
                    ? lt_loc_find(named, LT_ATTR_LOC_NAME, false)
                    : NULL;
  if (nl) {
    const lt_ident_t *id = nl->name_loc.name;
    lt_strbuf_printf(sb, "%s: loc(", name->str);
    lt_print_escaped_string(sb, id->str, id->len);
    lt_strbuf_printf(sb, "): %s: %s\n", label, msg);
    return;
  }
  lt_source_entry_t *src = show_source ? lt_source_find(ctx, name) : NULL;
  const char *line;
  size_t len;
  /* The column may point one past the line's end (at its newline). */
  if (src && lt_source_entry_line(ctx, src, line_no, &line, &len) &&
      (col == 0 || (size_t)col - 1 <= len)) {
    if (col == 0) col = 1;
    lt_strbuf_printf(sb, "%s:%u:%u: %s: %s\n", name->str, line_no, col, label,
                     msg);
    lt_format_source_line(sb, line, len, (size_t)col - 1);
    return;
  }
  lt_strbuf_printf(sb, "%s:%u:%u: %s: %s\n", name->str, line_no, col, label,
                   msg);
}

void lt_diag_format(const lt_diag_t *d, lt_strbuf_t *sb) {
  lt_context_t *ctx = d->ctx;
  const char *msg = d->message.data ? d->message.data : "";
  lt_loc_t loc = d->loc;

  /* The shown location, then one "called from" note per caller. */
  lt_loc_t stack[1 + LT_CALL_STACK_LIMIT];
  const char *stack_msg[1 + LT_CALL_STACK_LIMIT];
  size_t depth = 0;
  lt_loc_t shown = lt_loc_to_show(loc);
  if (shown) {
    stack[depth] = shown;
    stack_msg[depth++] = msg;
  }
  lt_loc_t call = lt_loc_callsite_of(loc);
  if (call) {
    loc = call->callsite.caller;
    for (int i = 0; i < LT_CALL_STACK_LIMIT; i++) {
      lt_loc_t l = lt_loc_to_show(loc);
      if (l) {
        stack[depth] = l;
        stack_msg[depth++] = "called from";
      }
      call = lt_loc_callsite_of(loc);
      if (!call) break;
      loc = call->callsite.caller;
    }
  }
  if (depth == 0) {
    lt_format_one(ctx, d->loc, d->loc, msg, d->severity, true, sb);
  } else {
    lt_format_one(ctx, stack[0], d->loc, msg, d->severity, true, sb);
    for (size_t i = 1; i < depth; i++)
      lt_format_one(ctx, stack[i], stack[i], stack_msg[i], LT_SEV_NOTE, true,
                    sb);
  }
  /* A note at the location just shown does not repeat the source line. */
  for (const lt_diag_t *n = d->notes; n; n = n->next_note) {
    const char *nmsg = n->message.data ? n->message.data : "";
    lt_format_one(ctx, n->loc, n->loc, nmsg, n->severity, loc != n->loc, sb);
    loc = n->loc;
  }
}

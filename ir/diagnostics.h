/* diagnostics.h - MLIR-style diagnostics: a severity, a location, a message
 * and attached notes, delivered to a stack of handlers on the context. The
 * default handler prints `file:line:col: error: msg`, then the source line
 * and a caret when the file's buffer is registered with the source manager. */
#ifndef LITE_IR_DIAGNOSTICS_H
#define LITE_IR_DIAGNOSTICS_H

#include "ir/attributes.h"
#include "base/base.h"

typedef enum lt_severity {
  LT_SEV_NOTE,
  LT_SEV_WARNING,
  LT_SEV_ERROR,
  LT_SEV_REMARK
} lt_severity_t;

typedef struct lt_diag lt_diag_t;
struct lt_diag {
  lt_severity_t severity;
  lt_loc_t loc;
  lt_strbuf_t message;
  lt_diag_t *notes;      /* singly linked list of attached notes */
  lt_diag_t *next_note;
  lt_context_t *ctx;
};

/* A handler returns true when it consumed the diagnostic; otherwise the next
 * handler down the stack (finally the default printer) gets it. */
typedef bool (*lt_diag_handler_fn_t)(void *user, const lt_diag_t *diag);
typedef uint64_t lt_diag_handler_id_t;

/* Installs a handler on top of the stack; 0 when out of memory (nothing is
 * installed then). */
lt_diag_handler_id_t lt_diag_push_handler(lt_context_t *ctx,
                                          lt_diag_handler_fn_t fn, void *user);
void lt_diag_pop_handler(lt_context_t *ctx, lt_diag_handler_id_t id);

/* Building and emitting. */
lt_diag_t *lt_diag_begin(lt_context_t *ctx, lt_loc_t loc, lt_severity_t sev);
void lt_diag_printf(lt_diag_t *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Attaches a note; returns it so text can be appended with lt_diag_printf. */
lt_diag_t *lt_diag_note(lt_diag_t *d, lt_loc_t loc);
/* Delivers and frees the diagnostic. Always returns LT_FAILURE, so error
 * paths can `return lt_diag_emit(d);`. */
lt_result_t lt_diag_emit(lt_diag_t *d);

lt_result_t lt_emit_error(lt_context_t *ctx, lt_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void lt_emit_warning(lt_context_t *ctx, lt_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void lt_emit_remark(lt_context_t *ctx, lt_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Number of errors emitted since the context was created. */
uint64_t lt_diag_error_count(lt_context_t *ctx);

/* ---- source manager ---------------------------------------------------
 * Buffers registered here let the default handler show the source line and
 * a caret, and let --verify-diagnostics map comments to lines. The buffer is
 * not copied and must outlive its registration. */
void lt_source_add(lt_context_t *ctx, const char *name, const char *buf,
                   size_t len);
void lt_source_remove(lt_context_t *ctx, const char *name);
/* Line `line` (1-based) of a registered buffer, without newline. */
bool lt_source_line(lt_context_t *ctx, const char *name, uint32_t line,
                    const char **out_begin, size_t *out_len);

/* Formats a diagnostic (and its notes) the way the default handler prints it:
 * "loc: error: msg\n<source line>\n<caret>\n". */
void lt_diag_format(const lt_diag_t *d, lt_strbuf_t *sb);
/* Formats a location as MLIR prints it in diagnostics (`file:3:7`; any
 * other location in its `loc(...)` syntax, e.g. `loc("name")`). */
void lt_loc_format(lt_loc_t loc, lt_strbuf_t *sb);
/* First file location found inside loc (itself, a name's child, a callsite's
 * callee, the first of a fused list); NULL if none. */
lt_loc_t lt_loc_find_file(lt_loc_t loc);

#endif /* LITE_IR_DIAGNOSTICS_H */

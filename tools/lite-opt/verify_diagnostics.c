/* verify_diagnostics.c - --verify-diagnostics, as MLIR's
 * SourceMgrDiagnosticVerifierHandler: comments of the form
 *
 *   // expected-(error|warning|remark|note)(-re)? (@(+N|-N|above|below))?
 * {{text}}
 *
 * declare the diagnostics a line must produce. Text is a substring of the
 * message; with -re, `{{regex}}` pieces inside it are POSIX extended
 * regular expressions and the rest is literal. Diagnostics nobody expected
 * and expectations nobody met are reported as errors. */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "tools/lite-opt/lite_opt.h"

typedef struct expected {
  lt_severity_t kind;
  uint32_t line;     /* file line the diagnostic must be on */
  uint32_t dir_line; /* where the directive is (for reports) */
  uint32_t dir_col;
  char *text; /* as written between the outer {{ }} */
  bool is_regex;
  regex_t re;
  bool matched;
} expected_t;

struct lt_opt_verifier {
  lt_context_t *ctx;
  const char *filename;
  expected_t *items;
  size_t count, cap;
  lt_diag_handler_id_t handler;
  bool failed;
};

static const char *kind_name(lt_severity_t s) {
  switch (s) {
  case LT_SEV_ERROR:
    return "error";
  case LT_SEV_WARNING:
    return "warning";
  case LT_SEV_REMARK:
    return "remark";
  case LT_SEV_NOTE:
    return "note";
  }
  return "error";
}

/* Prints an error through the default diagnostic format (the verifier's
 * own handler must not see it). */
static void report(lt_opt_verifier_t *v, lt_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(lt_opt_verifier_t *v, lt_loc_t loc, const char *fmt, ...) {
  lt_diag_t d = {.severity = LT_SEV_ERROR, .loc = loc, .ctx = v->ctx};
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d.message, fmt, ap);
  va_end(ap);
  lt_strbuf_t out = {0};
  lt_diag_format(&d, &out);
  if (out.data) fputs(out.data, stderr);
  fflush(stderr);
  lt_strbuf_free(&out);
  lt_strbuf_free(&d.message);
  v->failed = true;
}

static lt_loc_t directive_loc(lt_opt_verifier_t *v, const expected_t *e) {
  return lt_loc_file(v->ctx, v->filename, e->dir_line, e->dir_col);
}

/* Builds the POSIX pattern for -re text: `{{re}}` pieces verbatim, the rest
 * escaped. Returns false when a `{{` has no `}}`. */
static bool regex_source(const char *text, lt_strbuf_t *out) {
  const char *s = text;
  while (*s) {
    const char *open = strstr(s, "{{");
    const char *lit_end = open ? open : s + strlen(s);
    for (; s < lit_end; s++) {
      if (strchr("^$.[]|()*+?{}\\", *s)) lt_strbuf_putc(out, '\\');
      lt_strbuf_putc(out, *s);
    }
    if (!open) break;
    const char *close = strstr(open + 2, "}}");
    if (!close) return false;
    lt_strbuf_putc(out, '(');
    lt_strbuf_append(out, open + 2, (size_t)(close - open - 2));
    lt_strbuf_putc(out, ')');
    s = close + 2;
  }
  if (!out->data) lt_strbuf_puts(out, "");
  return true;
}

static expected_t *push(lt_opt_verifier_t *v) {
  if (v->count == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 8;
    expected_t *items = realloc(v->items, cap * sizeof(*items));
    if (!items) return NULL;
    v->items = items;
    v->cap = cap;
  }
  expected_t *e = &v->items[v->count++];
  memset(e, 0, sizeof(*e));
  return e;
}

static bool starts_with(const char *s, const char *end, const char *lit) {
  size_t n = strlen(lit);
  return (size_t)(end - s) >= n && memcmp(s, lit, n) == 0;
}

/* Parses a directive on [line, end) (trailing blanks already dropped).
 * Returns false when the line holds none. */
static bool parse_directive(const char *line, const char *end,
                            lt_severity_t *out_kind, bool *out_regex,
                            const char **out_at, size_t *out_at_len,
                            const char **out_text, size_t *out_text_len,
                            const char **out_start) {
  static const struct {
    const char *word;
    lt_severity_t kind;
  } kinds[] = {{"error", LT_SEV_ERROR},
               {"note", LT_SEV_NOTE},
               {"remark", LT_SEV_REMARK},
               {"warning", LT_SEV_WARNING}};
  for (const char *s = line; s < end; s++) {
    if (!starts_with(s, end, "expected-")) continue;
    const char *p = s + strlen("expected-");
    size_t k = 0;
    while (k < LT_ARRAY_SIZE(kinds) && !starts_with(p, end, kinds[k].word))
      k++;
    if (k == LT_ARRAY_SIZE(kinds)) continue;
    p += strlen(kinds[k].word);
    bool re = starts_with(p, end, "-re");
    if (re) p += 3;
    while (p < end && *p == ' ')
      p++;
    const char *at = NULL;
    size_t at_len = 0;
    if (p < end && *p == '@') {
      const char *q = p + 1;
      if (q < end && (*q == '+' || *q == '-')) {
        const char *d = q + 1;
        while (d < end && *d >= '0' && *d <= '9')
          d++;
        if (d == q + 1) continue;
        at = q;
        at_len = (size_t)(d - q);
        p = d;
      } else if (starts_with(q, end, "above") || starts_with(q, end, "below")) {
        at = q;
        at_len = 5;
        p = q + 5;
      } else {
        continue;
      }
      while (p < end && *p == ' ')
        p++;
    }
    if (!starts_with(p, end, "{{") || end - p < 4 ||
        memcmp(end - 2, "}}", 2) != 0)
      continue;
    *out_kind = kinds[k].kind;
    *out_regex = re;
    *out_at = at;
    *out_at_len = at_len;
    *out_text = p + 2;
    *out_text_len = (size_t)(end - 2 - (p + 2));
    *out_start = s;
    return true;
  }
  return false;
}

static void collect(lt_opt_verifier_t *v, const lt_opt_chunk_t *chunk) {
  const char *s = chunk->text, *end = chunk->text + chunk->len;
  uint32_t line = chunk->line_offset; /* file line of the current line - 1 */
  uint32_t last_plain = 0;            /* last line without a directive */
  size_t *pending = NULL, num_pending = 0; /* @below waiting for a line */
  while (s <= end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *le = nl ? nl : end;
    line++;
    const char *te = le;
    while (te > s && (te[-1] == ' ' || te[-1] == '\t' || te[-1] == '\r'))
      te--;
    lt_severity_t kind;
    bool re;
    const char *at, *text, *start;
    size_t at_len, text_len;
    if (!parse_directive(s, te, &kind, &re, &at, &at_len, &text, &text_len,
                         &start)) {
      for (size_t i = 0; i < num_pending; i++)
        v->items[pending[i]].line = line;
      num_pending = 0;
      last_plain = line;
    } else {
      expected_t *e = push(v);
      if (e) {
        e->kind = kind;
        e->is_regex = re;
        e->dir_line = line;
        e->dir_col = (uint32_t)(start - s) + 1;
        e->text = strndup(text, text_len);
        e->line = line;
        if (at && (at[0] == '+' || at[0] == '-')) {
          long n = strtol(at + 1, NULL, 10);
          e->line = at[0] == '+' ? line + (uint32_t)n
                                 : (n >= line ? 0 : line - (uint32_t)n);
        } else if (at && at[0] == 'a') {
          e->line = last_plain;
        } else if (at) {
          size_t *grown = realloc(pending, (num_pending + 1) * sizeof(*grown));
          if (grown) {
            pending = grown;
            pending[num_pending++] = v->count - 1;
          }
        }
        if (re && e->text) {
          lt_strbuf_t src = {0};
          if (!regex_source(e->text, &src)) {
            report(v, directive_loc(v, e),
                   "found start of regex with no end '}}'");
            e->matched = true; /* reported already */
            e->is_regex = false;
          } else if (regcomp(&e->re, src.data, REG_EXTENDED | REG_NOSUB)) {
            report(v, directive_loc(v, e), "invalid regular expression '%s'",
                   e->text);
            e->matched = true;
            e->is_regex = false;
          }
          lt_strbuf_free(&src);
        }
      }
    }
    if (!nl) break;
    s = nl + 1;
  }
  free(pending);
}

static bool text_matches(const expected_t *e, const char *msg) {
  if (!e->text) return false;
  if (e->is_regex) return regexec(&e->re, msg, 0, NULL, 0) == 0;
  return strstr(msg, e->text) != NULL;
}

/* Checks one diagnostic (a main one or a note) against the expectations. */
static void check_one(lt_opt_verifier_t *v, const lt_diag_t *d) {
  const char *msg = d->message.data ? d->message.data : "";
  lt_loc_t file = lt_loc_find_file(d->loc);
  if (file && strcmp(file->file_loc.file->str, v->filename) == 0) {
    expected_t *near = NULL;
    for (size_t i = 0; i < v->count; i++) {
      expected_t *e = &v->items[i];
      if (e->line != file->file_loc.line || !text_matches(e, msg)) continue;
      if (e->kind == d->severity) {
        e->matched = true;
        return;
      }
      near = e;
    }
    if (near) {
      report(v, directive_loc(v, near),
             "'%s' diagnostic emitted when expecting a '%s'",
             kind_name(d->severity), kind_name(near->kind));
      return;
    }
  }
  report(v, d->loc, "unexpected %s: %s", kind_name(d->severity), msg);
}

static bool handle(void *user, const lt_diag_t *d) {
  lt_opt_verifier_t *v = user;
  check_one(v, d);
  for (const lt_diag_t *n = d->notes; n; n = n->next_note)
    check_one(v, n);
  return true;
}

lt_opt_verifier_t *lt_opt_verifier_create(lt_context_t *ctx,
                                          const char *filename,
                                          const lt_opt_chunk_t *chunk) {
  lt_opt_verifier_t *v = calloc(1, sizeof(*v));
  if (!v) return NULL;
  v->ctx = ctx;
  v->filename = filename;
  collect(v, chunk);
  v->handler = lt_diag_push_handler(ctx, handle, v);
  return v;
}

lt_result_t lt_opt_verifier_finish(lt_opt_verifier_t *v) {
  if (!v) return LT_FAILURE;
  lt_diag_pop_handler(v->ctx, v->handler);
  for (size_t i = 0; i < v->count; i++) {
    expected_t *e = &v->items[i];
    if (!e->matched)
      report(v, directive_loc(v, e), "expected %s \"%s\" was not produced",
             kind_name(e->kind), e->text ? e->text : "");
    if (e->is_regex) regfree(&e->re);
    free(e->text);
  }
  bool failed = v->failed;
  free(v->items);
  free(v);
  return failed ? LT_FAILURE : LT_SUCCESS;
}

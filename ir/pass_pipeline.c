/* pass_pipeline.c - MLIR's textual pass pipeline syntax:
 *
 *   pipeline         ::= op-anchor `(` pipeline-element (`,` pipeline-element)*
 * `)` pipeline-element ::= pipeline | (pass-name | pass-pipeline-name) options?
 *   options          ::= `{` (key (`=` value)?)* `}`
 *
 * The scanner follows MLIR's TextualPipeline (split on `,(){`, greedy `)`),
 * so malformed text fails with the same messages and caret positions. */
#include <ctype.h>
#include <string.h>

#include "ir/pass_impl.h"

typedef struct elem elem_t;
typedef struct elem_list {
  elem_t *items;
  size_t count, cap;
} elem_list_t;

struct elem {
  const char *name; /* points into the text (trimmed) */
  size_t name_len;
  const char *options; /* NULL when none */
  size_t options_len;
  elem_list_t inner; /* non-empty for `anchor(...)` */
  const lt_pass_info_t *pass;
  const lt_pass_pipeline_info_t *pipeline;
};

typedef struct pparser {
  lt_context_t *ctx;
  lt_allocator_t alloc;
  const char *text; /* the whole pipeline text, for positions */
  size_t text_len;
} pparser_t;

static void list_free(pparser_t *p, elem_list_t *l) {
  for (size_t i = 0; i < l->count; i++)
    list_free(p, &l->items[i].inner);
  lt_free(p->alloc, l->items, l->cap * sizeof(elem_t));
  l->items = NULL;
  l->count = l->cap = 0;
}

static elem_t *list_push(pparser_t *p, elem_list_t *l) {
  if (l->count == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 4;
    elem_t *items = lt_realloc(p->alloc, l->items, l->cap * sizeof(elem_t),
                               cap * sizeof(elem_t));
    if (!items) return NULL;
    l->items = items;
    l->cap = cap;
  }
  elem_t *e = &l->items[l->count++];
  memset(e, 0, sizeof(*e));
  return e;
}

/* Reports `msg` at `at` as MLIR does: a source-manager message for the
 * pipeline text (line, caret) wrapped in an error diagnostic. */
static lt_result_t perror_at(pparser_t *p, const char *at, const char *msg) {
  const char *line_begin = p->text;
  unsigned line = 1;
  for (const char *s = p->text; s < at; s++)
    if (*s == '\n') {
      line++;
      line_begin = s + 1;
    }
  const char *line_end = line_begin;
  while (line_end < p->text + p->text_len && *line_end != '\n')
    line_end++;
  unsigned col = (unsigned)(at - line_begin) + 1;
  return lt_emit_error(p->ctx, lt_loc_unknown(p->ctx),
                       "MLIR Textual PassPipeline Parser:%u:%u: error: %s\n"
                       "%.*s\n%*s^\n",
                       line, col, msg, (int)(line_end - line_begin), line_begin,
                       (int)(col - 1), "");
}

static void trim(const char **s, size_t *n) {
  while (*n && isspace((unsigned char)(*s)[0])) {
    (*s)++;
    (*n)--;
  }
  while (*n && isspace((unsigned char)(*s)[*n - 1]))
    (*n)--;
}

static lt_result_t parse_elements(pparser_t *p, const char *text, size_t len,
                                  elem_list_t *out) {
  elem_list_t *stack[64];
  size_t depth = 0;
  stack[depth++] = out;
  const char *s = text, *end = text + len;
  for (;;) {
    elem_list_t *cur = stack[depth - 1];
    const char *sep = s;
    while (sep < end && !strchr(",(){", *sep))
      sep++;
    elem_t *e = list_push(p, cur);
    if (!e)
      return lt_emit_error(p->ctx, lt_loc_unknown(p->ctx), "out of memory");
    e->name = s;
    e->name_len = (size_t)(sep - s);
    trim(&e->name, &e->name_len);
    if (sep == end) /* s stays at the name: unbalanced text points there */
      break;
    s = sep;
    char c = *s;
    if (c == '{') {
      s++;
      const char *close = NULL;
      int braces = 1;
      for (const char *q = s; q < end; q++) {
        if (*q == '{') {
          braces++;
        } else if (*q == '}' && --braces == 0) {
          close = q;
          break;
        }
      }
      if (!close)
        return perror_at(p, s - 1,
                         "missing closing '}' while processing pass options");
      e->options = s;
      e->options_len = (size_t)(close - s);
      s = close + 1;
    } else if (c == '(') {
      s++;
      if (depth == LT_ARRAY_SIZE(stack))
        return perror_at(p, s, "pipeline nested too deeply");
      stack[depth++] = &e->inner;
      continue;
    }
    while (s < end && *s == ')') {
      s++;
      if (depth == 1)
        return perror_at(p, s - 1,
                         "encountered extra closing ')' creating unbalanced "
                         "parentheses while parsing pipeline");
      depth--;
    }
    if (s == end) break;
    if (*s != ',')
      return perror_at(p, s, "expected ',' after parsing pipeline");
    s++;
  }
  if (depth > 1)
    return perror_at(p, s,
                     "encountered unbalanced parentheses while parsing "
                     "pipeline");
  return LT_SUCCESS;
}

/* A NUL-terminated copy of n bytes at s (NULL on out-of-memory). */
static char *copy_span(lt_allocator_t a, const char *s, size_t n) {
  char *c = lt_alloc(a, n + 1);
  if (!c) return NULL;
  memcpy(c, s, n);
  c[n] = 0;
  return c;
}

static lt_result_t resolve(pparser_t *p, elem_list_t *l) {
  for (size_t i = 0; i < l->count; i++) {
    elem_t *e = &l->items[i];
    if (e->inner.count) {
      if (LT_FAILED(resolve(p, &e->inner))) return LT_FAILURE;
      continue;
    }
    char *name = copy_span(p->alloc, e->name, e->name_len);
    if (!name)
      return lt_emit_error(p->ctx, lt_loc_unknown(p->ctx), "out of memory");
    e->pipeline = lt_pass_pipeline_lookup(name);
    if (!e->pipeline) e->pass = lt_pass_lookup(name);
    lt_result_t r = LT_SUCCESS;
    if (!e->pipeline && !e->pass) {
      lt_strbuf_t msg = {0};
      lt_strbuf_printf(&msg,
                       "'%s' does not refer to a registered pass or pass "
                       "pipeline",
                       name);
      r = perror_at(p, e->name, msg.data ? msg.data : "out of memory");
      lt_strbuf_free(&msg);
    }
    lt_free(p->alloc, name, e->name_len + 1);
    if (LT_FAILED(r)) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* The first key of pass-option text, for "no such option" on a named
 * pipeline (which takes none); its length goes to *out_len. */
static const char *first_key(const char *opts, size_t len, size_t *out_len) {
  const char *o = opts, *end = opts + len;
  while (o < end && isspace((unsigned char)*o))
    o++;
  size_t n = 0;
  while (o + n < end && o[n] != ' ' && o[n] != '=')
    n++;
  *out_len = n;
  return o;
}

/* Appends a named pipeline by running its builder; it takes no options. */
static lt_result_t add_named_pipeline(lt_pass_manager_t *pm,
                                      const lt_pass_pipeline_info_t *pl,
                                      const char *opts, size_t opts_len) {
  size_t kl;
  const char *key = first_key(opts, opts_len, &kl);
  if (kl)
    return lt_emit_error(pm->ctx, lt_loc_unknown(pm->ctx),
                         "no such option %.*s", (int)kl, key);
  return pl->build(pm);
}

static lt_result_t add_elements(lt_pass_manager_t *pm, const elem_list_t *l) {
  lt_context_t *ctx = pm->ctx;
  lt_allocator_t a = lt_context_allocator(ctx);
  for (size_t i = 0; i < l->count; i++) {
    const elem_t *e = &l->items[i];
    int nl = (int)e->name_len, ol = (int)e->options_len;
    const char *opts = e->options ? e->options : "";
    if (e->inner.count) {
      char *anchor = copy_span(a, e->name, e->name_len);
      lt_pass_manager_t *nested =
          anchor ? lt_pass_manager_nest(pm, anchor) : NULL;
      lt_free(a, anchor, e->name_len + 1);
      if (!nested || LT_FAILED(add_elements(nested, &e->inner)))
        return lt_emit_error(ctx, lt_loc_unknown(ctx),
                             "failed to add `%.*s` with options `%.*s` to "
                             "inner pipeline",
                             nl, e->name, ol, opts);
      continue;
    }
    lt_result_t r;
    if (e->pipeline) {
      r = add_named_pipeline(pm, e->pipeline, opts, e->options_len);
    } else {
      char *copy = e->options ? copy_span(a, e->options, e->options_len) : NULL;
      if (e->options && !copy)
        r = lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
      else
        r = lt_pass_manager_add(pm, e->pass, copy, NULL);
      if (copy) lt_free(a, copy, e->options_len + 1);
    }
    if (LT_FAILED(r))
      return lt_emit_error(ctx, lt_loc_unknown(ctx),
                           "failed to add `%.*s` with options `%.*s`", nl,
                           e->name, ol, opts);
  }
  return LT_SUCCESS;
}

static lt_result_t add_text(lt_pass_manager_t *pm, const char *text,
                            size_t len) {
  if (len == 0) return LT_SUCCESS;
  pparser_t p = {.ctx = pm->ctx,
                 .alloc = lt_context_allocator(pm->ctx),
                 .text = text,
                 .text_len = len};
  elem_list_t elems = {0};
  lt_result_t r = parse_elements(&p, text, len, &elems);
  if (LT_SUCCEEDED(r)) r = resolve(&p, &elems);
  if (LT_SUCCEEDED(r)) r = add_elements(pm, &elems);
  list_free(&p, &elems);
  return r;
}

lt_result_t lt_pass_manager_add_pipeline(lt_pass_manager_t *pm,
                                         const char *elements) {
  return add_text(pm, elements, strlen(elements));
}

lt_result_t lt_pass_manager_add_named(lt_pass_manager_t *pm,
                                      const char *argument,
                                      const char *options) {
  lt_context_t *ctx = pm->ctx;
  const lt_pass_pipeline_info_t *pl = lt_pass_pipeline_lookup(argument);
  if (pl)
    return add_named_pipeline(pm, pl, options ? options : "",
                              options ? strlen(options) : 0);
  const lt_pass_info_t *info = lt_pass_lookup(argument);
  if (!info)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "'%s' does not refer to a registered pass or pass "
                         "pipeline",
                         argument);
  return lt_pass_manager_add(pm, info, options, NULL);
}

lt_result_t lt_pass_pipeline_parse(lt_context_t *ctx, const char *text,
                                   lt_pass_manager_t **out_pm) {
  *out_pm = NULL;
  size_t len = strlen(text);
  const char *open = memchr(text, '(', len);
  if (!open || open == text || len == 0 || text[len - 1] != ')')
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "expected pass pipeline to be wrapped with the "
                         "anchor operation type, e.g. 'builtin.module(...)'");
  const char *anchor = text;
  size_t anchor_len = (size_t)(open - text);
  trim(&anchor, &anchor_len);
  lt_allocator_t a = lt_context_allocator(ctx);
  char *name = copy_span(a, anchor, anchor_len);
  lt_pass_manager_t *pm = name ? lt_pass_manager_create(ctx, name) : NULL;
  lt_free(a, name, anchor_len + 1);
  if (!pm) return lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
  /* Positions in messages are relative to the text inside the anchor. */
  if (LT_FAILED(
          add_text(pm, open + 1, (size_t)(text + len - 1 - (open + 1))))) {
    lt_pass_manager_destroy(pm);
    return LT_FAILURE;
  }
  *out_pm = pm;
  return LT_SUCCESS;
}

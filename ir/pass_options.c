/* pass_options.c - pass options: parsing `key=value key2 ...` text into a
 * pass's options struct through its lt_pass_option_t table (an alias's
 * preset first), and printing them back the way MLIR's
 * --dump-pass-pipeline does. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ir/pass_manager.h"

typedef struct span {
  const char *p;
  size_t n;
} span_t;

static span_t span_trim(span_t s) {
  while (s.n && isspace((unsigned char)s.p[0])) {
    s.p++;
    s.n--;
  }
  while (s.n && isspace((unsigned char)s.p[s.n - 1]))
    s.n--;
  return s;
}

static bool span_eq(span_t s, const char *lit) {
  return strlen(lit) == s.n && memcmp(s.p, lit, s.n) == 0;
}

/* Drops one level of matching quotes or braces around a value. */
static span_t span_unwrap(span_t s) {
  if (s.n >= 2 && ((s.p[0] == '\'' && s.p[s.n - 1] == '\'') ||
                   (s.p[0] == '"' && s.p[s.n - 1] == '"') ||
                   (s.p[0] == '{' && s.p[s.n - 1] == '}'))) {
    s.p++;
    s.n -= 2;
  }
  return s;
}

/* Splits the next `key[=value]` off *rest, as MLIR's PassOptions parser:
 * options are separated by spaces; a value may hold quoted text and
 * balanced braces. Returns false at the end. */
static bool next_option(span_t *rest, span_t *out_key, span_t *out_value,
                        bool *out_has_value) {
  *rest = span_trim(*rest);
  if (rest->n == 0) return false;
  const char *s = rest->p, *end = rest->p + rest->n;
  const char *k = s;
  while (s < end && *s != ' ' && *s != '=')
    s++;
  *out_key = span_trim((span_t){k, (size_t)(s - k)});
  *out_has_value = false;
  *out_value = (span_t){s, 0};
  if (s < end && *s == '=') {
    s++;
    const char *v = s;
    while (s < end && *s != ' ') {
      char c = *s;
      if (c == '\'' || c == '"') {
        const char *close = memchr(s + 1, c, (size_t)(end - s - 1));
        s = close ? close + 1 : s + 1;
        continue;
      }
      if (c == '{') {
        int depth = 1;
        s++;
        while (s < end && depth) {
          if (*s == '\'' || *s == '"') {
            const char *close = memchr(s + 1, *s, (size_t)(end - s - 1));
            s = close ? close + 1 : s + 1;
            continue;
          }
          if (*s == '{')
            depth++;
          else if (*s == '}')
            depth--;
          s++;
        }
        continue;
      }
      s++;
    }
    *out_has_value = true;
    *out_value = span_trim((span_t){v, (size_t)(s - v)});
  }
  *rest = (span_t){s, (size_t)(end - s)};
  return true;
}

static const lt_pass_option_t *find_option(const lt_pass_info_t *info,
                                           span_t key) {
  for (uint32_t i = 0; i < info->num_options; i++)
    if (span_eq(key, info->options[i].name)) return &info->options[i];
  return NULL;
}

static bool parse_int(span_t v, int64_t *out) {
  char buf[64];
  v = span_trim(v);
  if (v.n == 0 || v.n >= sizeof(buf)) return false;
  memcpy(buf, v.p, v.n);
  buf[v.n] = 0;
  char *endp;
  errno = 0;
  long long x = strtoll(buf, &endp, 0);
  if (errno || *endp) return false;
  *out = (int64_t)x;
  return true;
}

static void free_field(lt_allocator_t a, const lt_pass_option_t *o,
                       void *options) {
  char *field = (char *)options + o->offset;
  if (o->kind == LT_OPT_PIPELINE) {
    lt_pass_manager_t **pm = (lt_pass_manager_t **)field;
    lt_pass_manager_destroy(*pm);
    *pm = NULL;
  } else if (o->kind == LT_OPT_STRING) {
    char **sp = (char **)field;
    if (*sp) lt_free(a, *sp, strlen(*sp) + 1);
    *sp = NULL;
  } else if (o->kind == LT_OPT_INT_LIST) {
    lt_int_list_t *l = (lt_int_list_t *)field;
    if (l->items) lt_free(a, l->items, l->count * sizeof(int64_t));
    l->items = NULL;
    l->count = 0;
  }
}

/* Stores `value` into the option's field; emits an LLVM-cl-style error on
 * bad input. A pipeline option's manager is anchored on `anchor`. */
static lt_result_t set_option(lt_context_t *ctx, const lt_pass_option_t *o,
                              const char *anchor, void *options, span_t value,
                              bool has_value) {
  lt_allocator_t a = lt_context_allocator(ctx);
  char *field = (char *)options + o->offset;
  lt_loc_t loc = lt_loc_unknown(ctx);
  switch (o->kind) {
  case LT_OPT_BOOL: {
    bool b;
    span_t v = span_unwrap(value);
    if (!has_value || span_eq(v, "true") || span_eq(v, "TRUE") ||
        span_eq(v, "True") || span_eq(v, "1"))
      b = true;
    else if (span_eq(v, "false") || span_eq(v, "FALSE") ||
             span_eq(v, "False") || span_eq(v, "0"))
      b = false;
    else
      return lt_emit_error(ctx, loc,
                           "for the --%s option: '%.*s' is invalid value for "
                           "boolean argument! Try 0 or 1",
                           o->name, (int)value.n, value.p);
    *(bool *)field = b;
    return LT_SUCCESS;
  }
  case LT_OPT_INT: {
    int64_t x;
    if (!has_value)
      return lt_emit_error(ctx, loc, "for the --%s option: requires a value!",
                           o->name);
    if (!parse_int(span_unwrap(value), &x))
      return lt_emit_error(ctx, loc,
                           "for the --%s option: '%.*s' value invalid for "
                           "integer argument!",
                           o->name, (int)value.n, value.p);
    *(int64_t *)field = x;
    return LT_SUCCESS;
  }
  case LT_OPT_STRING: {
    span_t v = span_unwrap(value);
    char *copy = lt_alloc(a, v.n + 1);
    if (!copy) return lt_emit_error(ctx, loc, "out of memory");
    memcpy(copy, v.p, v.n);
    copy[v.n] = 0;
    free_field(a, o, options);
    *(char **)field = copy;
    return LT_SUCCESS;
  }
  case LT_OPT_INT_LIST: {
    span_t v = span_trim(span_unwrap(value));
    uint32_t count = 0;
    int64_t *items = NULL;
    if (v.n) {
      uint32_t cap = 1;
      for (size_t i = 0; i < v.n; i++)
        cap += v.p[i] == ',';
      items = lt_alloc(a, cap * sizeof(int64_t));
      if (!items) return lt_emit_error(ctx, loc, "out of memory");
      const char *s = v.p, *end = v.p + v.n;
      while (s <= end) {
        const char *comma = memchr(s, ',', (size_t)(end - s));
        const char *e = comma ? comma : end;
        if (!parse_int((span_t){s, (size_t)(e - s)}, &items[count])) {
          lt_free(a, items, cap * sizeof(int64_t));
          return lt_emit_error(ctx, loc,
                               "for the --%s option: '%.*s' value invalid for "
                               "integer argument!",
                               o->name, (int)(e - s), s);
        }
        count++;
        s = e + 1;
      }
      if (count < cap) { /* keep the allocation size equal to count */
        int64_t *shrunk = lt_realloc(a, items, cap * sizeof(int64_t),
                                     count * sizeof(int64_t));
        if (shrunk) items = shrunk;
      }
    }
    free_field(a, o, options);
    ((lt_int_list_t *)field)->items = items;
    ((lt_int_list_t *)field)->count = count;
    return LT_SUCCESS;
  }
  case LT_OPT_PIPELINE: {
    span_t v = span_trim(span_unwrap(value));
    char *text = lt_alloc(a, v.n + 1);
    lt_pass_manager_t *pm = text ? lt_pass_manager_create(ctx, anchor) : NULL;
    if (!pm) {
      lt_free(a, text, v.n + 1);
      return lt_emit_error(ctx, loc, "out of memory");
    }
    memcpy(text, v.p, v.n);
    text[v.n] = 0;
    lt_result_t r = lt_pass_manager_add_pipeline(pm, text);
    lt_free(a, text, v.n + 1);
    if (LT_FAILED(r)) {
      lt_pass_manager_destroy(pm);
      return lt_emit_error(ctx, loc,
                           "for the --%s option: '%.*s' is not a valid pass "
                           "pipeline",
                           o->name, (int)v.n, v.p);
    }
    free_field(a, o, options);
    *(lt_pass_manager_t **)field = pm;
    return LT_SUCCESS;
  }
  }
  return LT_FAILURE;
}

bool lt_pass_option_preset(const lt_pass_info_t *info, const char *name) {
  if (!info->alias_of || !info->preset) return false;
  span_t rest = {info->preset, strlen(info->preset)}, key, value;
  bool has_value;
  while (next_option(&rest, &key, &value, &has_value))
    if (span_eq(key, name)) return true;
  return false;
}

/* Applies `key[=value] ...` to the options of base. */
static lt_result_t apply_text(lt_context_t *ctx, const lt_pass_info_t *base,
                              void *options, const char *text,
                              const lt_pass_info_t *alias) {
  span_t rest = {text, strlen(text)}, key, value;
  bool has_value;
  while (next_option(&rest, &key, &value, &has_value)) {
    if (key.n == 0) continue;
    const lt_pass_option_t *o = find_option(base, key);
    if (!o)
      return lt_emit_error(ctx, lt_loc_unknown(ctx), "no such option %.*s",
                           (int)key.n, key.p);
    if (alias && lt_pass_option_preset(alias, o->name))
      return lt_emit_error(ctx, lt_loc_unknown(ctx),
                           "no such option %s: %s is %s with %s", o->name,
                           alias->argument, base->argument, alias->preset);
    if (LT_FAILED(set_option(ctx, o, base->anchor, options, value, has_value)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lt_pass_options_parse(lt_context_t *ctx, const lt_pass_info_t *info,
                                  void *options, const char *text) {
  const lt_pass_info_t *base = lt_pass_base(info);
  if (base->options_size) memset(options, 0, base->options_size);
  for (uint32_t i = 0; i < base->num_options; i++) {
    const lt_pass_option_t *o = &base->options[i];
    const char *dv = o->default_value;
    bool has = dv != NULL;
    /* Strings, lists and pipelines are never NULL, so passes need not
     * check. */
    if (!has && o->kind != LT_OPT_STRING && o->kind != LT_OPT_PIPELINE)
      continue;
    if (LT_FAILED(set_option(ctx, o, base->anchor, options,
                             (span_t){dv ? dv : "", dv ? strlen(dv) : 0},
                             true))) {
      return lt_emit_error(ctx, lt_loc_unknown(ctx),
                           "invalid default value '%s' of option '%s' of "
                           "pass '%s'",
                           dv, o->name, base->argument);
    }
  }
  if (info->alias_of &&
      LT_FAILED(apply_text(ctx, base, options, info->preset ? info->preset : "",
                           NULL)))
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "invalid preset '%s' of pass '%s' (an alias of "
                         "'%s')",
                         info->preset, info->argument, base->argument);
  if (!text) return LT_SUCCESS;
  return apply_text(ctx, base, options, text, info->alias_of ? info : NULL);
}

void lt_pass_options_free(lt_context_t *ctx, const lt_pass_info_t *info,
                          void *options) {
  if (!options) return;
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_pass_info_t *base = lt_pass_base(info);
  for (uint32_t i = 0; i < base->num_options; i++)
    free_field(a, &base->options[i], options);
}

/* The option after `prev` in name order (NULL: the first) that info shows,
 * NULL at the end: an alias hides what it presets. Tables are short, so a
 * scan per step is fine and needs no buffer. */
static const lt_pass_option_t *next_by_name(const lt_pass_info_t *info,
                                            const lt_pass_option_t *prev) {
  const lt_pass_info_t *base = lt_pass_base(info);
  const lt_pass_option_t *best = NULL;
  for (uint32_t i = 0; i < base->num_options; i++) {
    const lt_pass_option_t *o = &base->options[i];
    if (prev && strcmp(o->name, prev->name) <= 0) continue;
    if (best && strcmp(o->name, best->name) >= 0) continue;
    if (lt_pass_option_preset(info, o->name)) continue;
    best = o;
  }
  return best;
}

void lt_pass_options_print(const lt_pass_info_t *info, const void *options,
                           lt_strbuf_t *sb) {
  const lt_pass_option_t *o = next_by_name(info, NULL);
  if (!o) return;
  lt_strbuf_putc(sb, '{');
  for (bool first = true; o; o = next_by_name(info, o), first = false) {
    const char *field = (const char *)options + o->offset;
    /* As in MLIR, an empty list prints nothing but keeps its separator. */
    if (!first) lt_strbuf_putc(sb, ' ');
    switch (o->kind) {
    case LT_OPT_BOOL:
      lt_strbuf_printf(sb, "%s=%s", o->name,
                       *(const bool *)field ? "true" : "false");
      break;
    case LT_OPT_INT:
      lt_strbuf_printf(sb, "%s=%lld", o->name,
                       (long long)*(const int64_t *)field);
      break;
    case LT_OPT_STRING: {
      const char *s = *(char *const *)field;
      lt_strbuf_printf(sb, "%s=%s", o->name, s ? s : "");
      break;
    }
    case LT_OPT_INT_LIST: {
      const lt_int_list_t *l = (const lt_int_list_t *)field;
      if (!l->count) break;
      lt_strbuf_printf(sb, "%s=", o->name);
      for (uint32_t k = 0; k < l->count; k++)
        lt_strbuf_printf(sb, "%s%lld", k ? "," : "", (long long)l->items[k]);
      break;
    }
    case LT_OPT_PIPELINE: {
      lt_pass_manager_t *const *pm = (lt_pass_manager_t *const *)field;
      lt_strbuf_printf(sb, "%s=", o->name);
      if (*pm) lt_pass_manager_print_elements(*pm, sb);
      break;
    }
    }
  }
  lt_strbuf_putc(sb, '}');
}

/* lite_attrs.c - attribute access for op families and the check of an op's
 * attributes against the spec string of its ops.def row. */
#include <stdio.h>
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/diagnostics.h"

lt_result_t lt_lite_error(const lt_lite_call_t *c, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return lt_emit_error(c->ctx, c->loc, "'lite.%s' op %s",
                       lt_lite_op_name(c->id), msg);
}

const lt_attr_t *lt_lite_attr(const lt_lite_call_t *c, const char *name) {
  const lt_ident_t *id = lt_ident_cstr(c->ctx, name);
  return id ? lt_attr_dict_get(c->attrs, id) : NULL;
}

int64_t lt_lite_attr_int(const lt_lite_call_t *c, const char *name,
                         int64_t dflt) {
  const lt_attr_t *a = lt_lite_attr(c, name);
  if (!a) return dflt;
  if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL) return a->i;
  if (a->kind == LT_ATTR_FLOAT) return (int64_t)a->f;
  return dflt;
}

double lt_lite_attr_float(const lt_lite_call_t *c, const char *name,
                          double dflt) {
  const lt_attr_t *a = lt_lite_attr(c, name);
  if (!a) return dflt;
  if (a->kind == LT_ATTR_FLOAT) return a->f;
  if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL) return (double)a->i;
  return dflt;
}

const char *lt_lite_attr_str(const lt_lite_call_t *c, const char *name,
                             char *buf, size_t cap, const char *dflt) {
  const lt_attr_t *a = lt_lite_attr(c, name);
  const char *s = dflt ? dflt : "";
  size_t len = strlen(s);
  if (a && a->kind == LT_ATTR_STRING) {
    s = a->str.data;
    len = a->str.len;
  }
  if (cap == 0) return buf;
  if (len > cap - 1) len = cap - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return buf;
}

/* Both dense arrays and arrays of integer/float attributes are accepted. */
static int32_t attr_numbers(const lt_attr_t *a, int64_t *iout, double *fout,
                            int32_t cap) {
  if (!a) return -1;
  int32_t n = 0;
  if (a->kind == LT_ATTR_DENSE_ARRAY) {
    size_t es = lt_dense_element_size(a->type);
    n = es ? (int32_t)(a->dense.size / es) : 0;
    bool fl = lt_type_is_float(a->type);
    for (int32_t i = 0; i < n && i < cap; i++) {
      if (iout)
        iout[i] = fl ? (int64_t)lt_attr_dense_float(a, i)
                     : lt_attr_dense_int(a, i);
      if (fout)
        fout[i] = fl ? lt_attr_dense_float(a, i)
                     : (double)lt_attr_dense_int(a, i);
    }
    return n;
  }
  if (a->kind == LT_ATTR_ARRAY) {
    n = (int32_t)a->array.count;
    for (int32_t i = 0; i < n && i < cap; i++) {
      const lt_attr_t *e = a->array.elems[i];
      double f = e->kind == LT_ATTR_FLOAT ? e->f : (double)e->i;
      int64_t v = e->kind == LT_ATTR_FLOAT ? (int64_t)e->f : e->i;
      if (iout) iout[i] = v;
      if (fout) fout[i] = f;
    }
    return n;
  }
  return -1;
}

int32_t lt_lite_attr_ints(const lt_lite_call_t *c, const char *name,
                          int64_t *out, int32_t cap) {
  return attr_numbers(lt_lite_attr(c, name), out, NULL, cap);
}

int32_t lt_lite_attr_floats(const lt_lite_call_t *c, const char *name,
                            double *out, int32_t cap) {
  return attr_numbers(lt_lite_attr(c, name), NULL, out, cap);
}

const lt_type_t *lt_lite_attr_type(const lt_lite_call_t *c, const char *name) {
  const lt_attr_t *a = lt_lite_attr(c, name);
  return a && a->kind == LT_ATTR_TYPE ? a->type : NULL;
}

lt_result_t lt_lite_attr_choice(const lt_lite_call_t *c, const char *name,
                                const char *dflt, const char *const *names,
                                int n, int *out_index) {
  char buf[64];
  lt_lite_attr_str(c, name, buf, sizeof buf, dflt);
  for (int i = 0; i < n; i++)
    if (strcmp(buf, names[i]) == 0) {
      *out_index = i;
      return LT_SUCCESS;
    }
  lt_strbuf_t list = {0};
  for (int i = 0; i < n; i++)
    lt_strbuf_printf(&list, "%s%s", i ? ", " : "", names[i]);
  lt_result_t r = lt_lite_error(c, "attribute '%s' must be one of %s; got '%s'",
                                name, list.data ? list.data : "", buf);
  lt_strbuf_free(&list);
  return r;
}

/* ---- spec check --------------------------------------------------------------- */

static bool numeric_array(const lt_attr_t *a, bool want_float) {
  if (a->kind == LT_ATTR_DENSE_ARRAY)
    return want_float ? lt_type_is_float(a->type)
                      : lt_type_is_int_or_index(a->type);
  if (a->kind != LT_ATTR_ARRAY) return false;
  for (uint32_t i = 0; i < a->array.count; i++) {
    lt_attr_kind_t k = a->array.elems[i]->kind;
    if (!(k == LT_ATTR_INTEGER || (want_float && k == LT_ATTR_FLOAT)))
      return false;
  }
  return true;
}

static bool kind_matches(char kind, const lt_attr_t *a) {
  switch (kind) {
  case 'i': return a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL;
  case 'f': return a->kind == LT_ATTR_FLOAT || a->kind == LT_ATTR_INTEGER;
  case 's': return a->kind == LT_ATTR_STRING;
  case 'I': return numeric_array(a, false);
  case 'F': return numeric_array(a, true);
  case 'S':
    if (a->kind != LT_ATTR_ARRAY) return false;
    for (uint32_t i = 0; i < a->array.count; i++)
      if (a->array.elems[i]->kind != LT_ATTR_STRING) return false;
    return true;
  case 't':
    return (a->kind == LT_ATTR_DENSE || a->kind == LT_ATTR_DENSE_RESOURCE) &&
           a->type && a->type->kind == LT_TYPE_TENSOR;
  case 'T': return a->kind == LT_ATTR_TYPE;
  default: return false;
  }
}

static const char *kind_text(char kind) {
  switch (kind) {
  case 'i': return "an integer attribute";
  case 'f': return "a float attribute";
  case 's': return "a string attribute";
  case 'I': return "an array of integers (array<i64: ...>)";
  case 'F': return "an array of floats (array<f32: ...>)";
  case 'S': return "an array of strings";
  case 't': return "a dense or dense_resource tensor attribute";
  case 'T': return "a type attribute";
  default: return "?";
  }
}

/* Finds `name` in a spec string "a:i?,b:I"; returns its kind letter and
 * whether it is optional, or 0 when absent. */
static char spec_find(const char *spec, const char *name, size_t len,
                      bool *optional) {
  const char *p = spec;
  while (*p) {
    const char *colon = strchr(p, ':');
    if (!colon) break;
    size_t nlen = (size_t)(colon - p);
    char kind = colon[1];
    *optional = colon[2] == '?';
    if (nlen == len && memcmp(p, name, len) == 0) return kind;
    const char *comma = strchr(colon, ',');
    if (!comma) break;
    p = comma + 1;
  }
  return 0;
}

lt_result_t lt_lite_verify_attrs(const lt_lite_call_t *c) {
  const char *spec = lt_lite_op_rows[c->id].attrs;
  const lt_attr_t *d = c->attrs;
  bool optional;
  for (uint32_t i = 0; i < d->dict.count; i++) {
    const lt_ident_t *name = d->dict.entries[i].name;
    /* Discardable attributes of other dialects (`lite.name`, `test.x`)
     * belong to their dialects. */
    if (memchr(name->str, '.', name->len)) continue;
    char kind = spec_find(spec, name->str, name->len, &optional);
    if (!kind)
      return lt_lite_error(c, "has unknown attribute '%s'", name->str);
    if (!kind_matches(kind, d->dict.entries[i].value))
      return lt_lite_error(c, "attribute '%s' must be %s", name->str,
                           kind_text(kind));
  }
  /* Required attributes. */
  const char *p = spec;
  while (*p) {
    const char *colon = strchr(p, ':');
    if (!colon) break;
    size_t nlen = (size_t)(colon - p);
    if (colon[2] != '?') {
      bool found = false;
      for (uint32_t i = 0; i < d->dict.count && !found; i++)
        found = d->dict.entries[i].name->len == nlen &&
                memcmp(d->dict.entries[i].name->str, p, nlen) == 0;
      if (!found)
        return lt_lite_error(c, "requires attribute '%.*s'", (int)nlen, p);
    }
    const char *comma = strchr(colon, ',');
    if (!comma) break;
    p = comma + 1;
  }
  return LT_SUCCESS;
}

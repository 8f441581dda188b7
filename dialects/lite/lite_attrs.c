/* lite_attrs.c - attribute access (the plan steps' reader over an op's
 * attribute dictionary, and the readers the passes use on it) and the
 * check of an op's attributes against the spec string of its ops.def row. */
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

/* By spelling: interning the name could fail for want of memory, and the
 * attribute would then read as absent. */
const lt_attr_t *lt_lite_attr(const lt_lite_call_t *c, const char *name) {
  return lt_attr_dict_get_str(c->attrs, name, strlen(name));
}

/* ---- the plan steps' reader ---------------------------------------------------
 * Reads the dictionary in place: shape inference runs on every op creation
 * and verification, so nothing is copied out of it. */

static lk_attr_found_t dict_int(const void *self, const char *name,
                                int64_t *out) {
  const lt_attr_t *a = lt_lite_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL)
    *out = a->i;
  else if (a->kind == LT_ATTR_FLOAT)
    *out = (int64_t)a->f;
  else if (a->kind == LT_ATTR_TYPE) /* cast's `to`: its lk_dtype_t code */
    *out = lt_lite_dtype(a->type);
  else
    return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

static lk_attr_found_t dict_float(const void *self, const char *name,
                                  double *out) {
  const lt_attr_t *a = lt_lite_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == LT_ATTR_FLOAT)
    *out = a->f;
  else if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL)
    *out = (double)a->i;
  else
    return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

/* Both dense arrays and arrays of integer/float attributes are lists. */
static lk_attr_found_t dict_numbers(const void *self, const char *name,
                                    int64_t *iout, double *fout, int32_t cap,
                                    int32_t *out_count) {
  const lt_attr_t *a = lt_lite_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == LT_ATTR_DENSE_ARRAY) {
    size_t es = lt_dense_element_size(a->type);
    int32_t n = es ? (int32_t)(a->dense.size / es) : 0;
    bool fl = lt_type_is_float(a->type);
    for (int32_t i = 0; i < n && i < cap; i++) {
      if (iout)
        iout[i] = fl ? (int64_t)lt_attr_dense_float(a, i)
                     : lt_attr_dense_int(a, i);
      if (fout)
        fout[i] = fl ? lt_attr_dense_float(a, i)
                     : (double)lt_attr_dense_int(a, i);
    }
    *out_count = n;
    return LK_ATTR_FOUND;
  }
  if (a->kind != LT_ATTR_ARRAY) return LK_ATTR_WRONG_KIND;
  int32_t n = (int32_t)a->array.count;
  for (int32_t i = 0; i < n; i++) {
    const lt_attr_t *e = a->array.elems[i];
    bool fl = e->kind == LT_ATTR_FLOAT;
    if (!fl && e->kind != LT_ATTR_INTEGER && e->kind != LT_ATTR_BOOL)
      return LK_ATTR_WRONG_KIND;
    if (i >= cap) continue;
    if (iout) iout[i] = fl ? (int64_t)e->f : e->i;
    if (fout) fout[i] = fl ? e->f : (double)e->i;
  }
  *out_count = n;
  return LK_ATTR_FOUND;
}

static lk_attr_found_t dict_ints(const void *self, const char *name,
                                 int64_t *out, int32_t cap,
                                 int32_t *out_count) {
  return dict_numbers(self, name, out, NULL, cap, out_count);
}

static lk_attr_found_t dict_floats(const void *self, const char *name,
                                   double *out, int32_t cap,
                                   int32_t *out_count) {
  return dict_numbers(self, name, NULL, out, cap, out_count);
}

static lk_attr_found_t dict_str(const void *self, const char *name,
                                const char **out_data, size_t *out_len) {
  const lt_attr_t *a = lt_lite_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != LT_ATTR_STRING) return LK_ATTR_WRONG_KIND;
  *out_data = a->str.data;
  *out_len = a->str.len;
  return LK_ATTR_FOUND;
}

/* A dense or dense_resource tensor attribute over its bytes. A splat of
 * more than one element stores just the one: no view of all of them
 * exists without a copy, so it answers WRONG_KIND. */
static lk_attr_found_t dict_tensor(const void *self, const char *name,
                                   lk_tensor_t *out) {
  const lt_attr_t *a = lt_lite_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  const lt_type_t *t = a->type;
  if ((a->kind != LT_ATTR_DENSE && a->kind != LT_ATTR_DENSE_RESOURCE) || !t ||
      t->kind != LT_TYPE_TENSOR || t->shaped.rank > LK_MAX_RANK ||
      !lt_type_has_static_shape(t))
    return LK_ATTR_WRONG_KIND;
  memset(out, 0, sizeof *out);
  out->dtype = lt_lite_dtype(t->shaped.element);
  out->rank = (int32_t)t->shaped.rank;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    out->dims[d] = t->shaped.shape[d];
  const void *data;
  size_t size;
  if (a->kind == LT_ATTR_DENSE_RESOURCE) {
    const lt_resource_t *r = a->resource.resource;
    if (!r || !r->has_data) return LK_ATTR_WRONG_KIND;
    data = r->data;
    size = r->size;
  } else {
    data = a->dense.data;
    size = a->dense.size;
  }
  /* Bytes of an element type that is no dtype are the step's to refuse. */
  if (out->dtype != LK_DTYPE_NONE && size != lk_nbytes(out))
    return LK_ATTR_WRONG_KIND;
  out->data = (void *)data;
  return LK_ATTR_FOUND;
}

static const lk_attrs_vtable_t dict_reader = {
    dict_int, dict_float, dict_ints, dict_floats, dict_str, dict_tensor,
};

lk_attrs_t lt_lite_attrs(const lt_lite_call_t *c) {
  return (lk_attrs_t){c, &dict_reader};
}

void lt_lite_plan_init(const lt_lite_call_t *c, lk_plan_t *p) {
  lk_plan_init(p, lt_lite_attrs(c), c->allocator);
}

lt_result_t lt_lite_plan_report(const lt_lite_call_t *c, const lk_plan_t *p,
                                lt_result_t r) {
  if (LT_FAILED(r)) lt_lite_error(c, "%s", p->error);
  return r;
}

/* ---- attribute access ------------------------------------------------------------
 * The readers' defaults and conversions are the plan steps', so a pass
 * reads an attribute as the op's step does. */

int64_t lt_lite_attr_int(const lt_lite_call_t *c, const char *name,
                         int64_t dflt) {
  return lk_attr_int(lt_lite_attrs(c), name, dflt);
}

double lt_lite_attr_float(const lt_lite_call_t *c, const char *name,
                          double dflt) {
  return lk_attr_float(lt_lite_attrs(c), name, dflt);
}

int32_t lt_lite_attr_ints(const lt_lite_call_t *c, const char *name,
                          int64_t *out, int32_t cap) {
  return lk_attr_ints(lt_lite_attrs(c), name, out, cap);
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
  case 'y': return a->kind == LT_ATTR_SYMBOL_REF;
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
  case 'y': return "a symbol reference (@name)";
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

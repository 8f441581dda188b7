/* onnx_attrs.c - ONNX attributes: lookup, and conversion to the MLIR
 * attributes a lite op declares (ops.def gives each one's kind). */
#include <string.h>

#include "frontends/onnx/onnx_import.h"

/* ---- what ops.def declares ---------------------------------------------------- */
typedef struct lite_op_desc {
  const char *attrs;
  int min_in, max_in, min_out, max_out;
} lite_op_desc_t;

static const lite_op_desc_t kLiteOps[LT_LITE_NUM_OPS] = {
#define LITE_OP(id, name, min_in, max_in, min_out, max_out, traits, attrs)   \
  [LT_LITE_##id] = {attrs, min_in, max_in, min_out, max_out},
#include "dialects/lite/ops.def"
#undef LITE_OP
};

char lt_onnx_lite_attr_kind(lt_lite_op_id_t id, const char *name,
                            size_t len) {
  if ((int)id < 0 || id >= LT_LITE_NUM_OPS) return 0;
  const char *p = kLiteOps[id].attrs;
  while (*p) {
    const char *colon = strchr(p, ':');
    if (!colon) return 0;
    if ((size_t)(colon - p) == len && memcmp(p, name, len) == 0)
      return colon[1];
    const char *comma = strchr(colon, ',');
    if (!comma) return 0;
    p = comma + 1;
  }
  return 0;
}

void lt_onnx_lite_arity(lt_lite_op_id_t id, int *min_in, int *max_in,
                        int *min_out, int *max_out) {
  const lite_op_desc_t *d = &kLiteOps[id];
  *min_in = d->min_in;
  *max_in = d->max_in;
  *min_out = d->min_out;
  *max_out = d->max_out;
}

/* ---- lookup ---------------------------------------------------------------------- */
const lt_onnx_attr_t *lt_onnx_attr(const lt_onnx_cv_t *cv, const char *name) {
  const lt_onnx_node_t *n = cv->node;
  /* The last one wins if a model repeats a name (protobuf merge order). */
  for (uint32_t i = n->num_attrs; i-- > 0;)
    if (lt_onnx_str_eq(n->attrs[i].name, name)) return &n->attrs[i];
  return NULL;
}

int64_t lt_onnx_attr_int(const lt_onnx_cv_t *cv, const char *name,
                         int64_t dflt) {
  const lt_onnx_attr_t *a = lt_onnx_attr(cv, name);
  if (!a) return dflt;
  if (a->type == LT_ONNX_AttributeProto_AttributeType_FLOAT)
    return (int64_t)a->f;
  return a->i;
}

double lt_onnx_attr_float(const lt_onnx_cv_t *cv, const char *name,
                          double dflt) {
  const lt_onnx_attr_t *a = lt_onnx_attr(cv, name);
  if (!a) return dflt;
  if (a->type == LT_ONNX_AttributeProto_AttributeType_INT) return (double)a->i;
  return a->f;
}

/* ---- building attributes ------------------------------------------------------- */
lt_named_attr_t lt_onnx_named(lt_onnx_cv_t *cv, const char *name,
                              const lt_attr_t *value) {
  return (lt_named_attr_t){lt_ident_cstr(cv->ctx, name), value};
}

const lt_attr_t *lt_onnx_i64_attr(lt_onnx_cv_t *cv, int64_t v) {
  return lt_attr_integer(cv->ctx, lt_type_integer(cv->ctx, 64, LT_SIGNLESS),
                         v);
}

const lt_attr_t *lt_onnx_f32_attr(lt_onnx_cv_t *cv, double v) {
  return lt_attr_float(cv->ctx, lt_type_f32(cv->ctx), v);
}

const lt_attr_t *lt_onnx_str_attr(lt_onnx_cv_t *cv, const char *s) {
  return lt_attr_string_cstr(cv->ctx, s);
}

static bool in_list(const char *list, const char *name, size_t len) {
  if (!list) return false;
  const char *p = list;
  while (*p) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n == len && memcmp(p, name, len) == 0) return true;
    if (!comma) break;
    p = comma + 1;
  }
  return false;
}

enum {
  A_FLOAT = LT_ONNX_AttributeProto_AttributeType_FLOAT,
  A_INT = LT_ONNX_AttributeProto_AttributeType_INT,
  A_STRING = LT_ONNX_AttributeProto_AttributeType_STRING,
  A_TENSOR = LT_ONNX_AttributeProto_AttributeType_TENSOR,
  A_FLOATS = LT_ONNX_AttributeProto_AttributeType_FLOATS,
  A_INTS = LT_ONNX_AttributeProto_AttributeType_INTS,
  A_STRINGS = LT_ONNX_AttributeProto_AttributeType_STRINGS,
};

static const char *kind_name(char kind) {
  switch (kind) {
  case 'i':
    return "an INT";
  case 'f':
    return "a FLOAT";
  case 's':
    return "a STRING";
  case 'I':
    return "INTS";
  case 'F':
    return "FLOATS";
  case 'S':
    return "STRINGS";
  case 't':
    return "a TENSOR";
  case 'T':
    return "an element type code (INT)";
  default:
    return "?";
  }
}

/* The MLIR attribute for ONNX attribute a as lite kind `kind`; NULL after
 * an error. */
static const lt_attr_t *convert_one(lt_onnx_cv_t *cv, const lt_onnx_attr_t *a,
                                    char kind) {
  lt_context_t *ctx = cv->ctx;
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  const lt_type_t *f32 = lt_type_f32(ctx);
  const lt_attr_t *r = NULL;
  switch (kind) {
  case 'i':
    if (a->type == A_INT) r = lt_attr_integer(ctx, i64, a->i);
    break;
  case 'f':
    if (a->type == A_FLOAT) r = lt_attr_float(ctx, f32, a->f);
    if (a->type == A_INT) r = lt_attr_float(ctx, f32, (double)a->i);
    break;
  case 's':
    if (a->type == A_STRING)
      r = lt_attr_string(ctx, a->s.data ? a->s.data : "", a->s.len, NULL);
    break;
  case 'I':
    if (a->type == A_INTS)
      r = lt_attr_dense_array(ctx, i64, a->num_ints, a->ints);
    if (a->type == A_INT) r = lt_attr_dense_array(ctx, i64, 1, &a->i);
    break;
  case 'F':
    if (a->type == A_FLOATS)
      r = lt_attr_dense_array(ctx, f32, a->num_floats, a->floats);
    if (a->type == A_FLOAT) r = lt_attr_dense_array(ctx, f32, 1, &a->f);
    break;
  case 'S':
    if (a->type == A_STRINGS || a->type == A_STRING) {
      uint32_t n = a->type == A_STRING ? 1 : a->num_strings;
      const lt_onnx_str_t *s = a->type == A_STRING ? &a->s : a->strings;
      const lt_attr_t **elems =
          lt_arena_alloc(&cv->im->arena, (n ? n : 1) * sizeof(*elems),
                         _Alignof(const lt_attr_t *));
      if (!elems) return NULL;
      for (uint32_t i = 0; i < n; i++)
        elems[i] = lt_attr_string(ctx, s[i].data ? s[i].data : "", s[i].len,
                                  NULL);
      r = lt_attr_array(ctx, n, elems);
    }
    break;
  case 't':
    if (a->type == A_TENSOR) {
      lt_onnx_str_t name = a->t->name;
      if (!name.len)
        name = (lt_onnx_str_t){cv->loc->name_loc.name->str,
                               cv->loc->name_loc.name->len};
      r = lt_onnx_proto_attr(cv->im, a->t, name);
      if (!r) return NULL; /* recorded */
    }
    break;
  case 'T':
    if (a->type == A_INT) {
      const lt_type_t *t = lt_onnx_element_type(ctx, (int32_t)a->i);
      if (!t) {
        lt_onnx_unsupported(cv, "attribute '%.*s': element type %s",
                            (int)a->name.len, a->name.data,
                            lt_onnx_data_type_name((int32_t)a->i));
        return NULL;
      }
      r = lt_attr_type(ctx, t);
    }
    break;
  default:
    break;
  }
  if (!r)
    lt_onnx_invalid(cv, "attribute '%.*s' is %s, expected %s",
                    (int)a->name.len, a->name.data ? a->name.data : "",
                    lt_onnx_attr_type_name(a->type), kind_name(kind));
  return r;
}

int lt_onnx_convert_attrs(lt_onnx_cv_t *cv, lt_lite_op_id_t id,
                          const char *skip, lt_named_attr_t *out,
                          uint32_t count, uint32_t cap) {
  const lt_onnx_node_t *n = cv->node;
  for (uint32_t i = 0; i < n->num_attrs; i++) {
    const lt_onnx_attr_t *a = &n->attrs[i];
    const char *name = a->name.data ? a->name.data : "";
    if (in_list(cv->row->consumed, name, a->name.len) ||
        in_list(skip, name, a->name.len))
      continue;
    /* Legacy hints of opsets before 7 (see onnx_ops.def). */
    if (cv->opset < 7 && (lt_onnx_str_eq(a->name, "consumed_inputs") ||
                          lt_onnx_str_eq(a->name, "broadcast")))
      continue;
    char kind = lt_onnx_lite_attr_kind(id, name, a->name.len);
    if (!kind) {
      lt_onnx_unsupported(cv, "attribute '%.*s' is not supported",
                          (int)a->name.len, name);
      return -1;
    }
    if (count == cap) {
      lt_onnx_invalid(cv, "too many attributes");
      return -1;
    }
    const lt_attr_t *v = convert_one(cv, a, kind);
    if (!v) return -1;
    lt_ident_t const *ident = lt_ident_get(cv->ctx, name, a->name.len);
    /* A repeated name: the later one replaces the earlier. */
    uint32_t k = 0;
    while (k < count && out[k].name != ident)
      k++;
    out[k] = (lt_named_attr_t){ident, v};
    if (k == count) count++;
  }
  return (int)count;
}

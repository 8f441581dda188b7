/* onnx_proto.c - decoding ModelProto and the messages inside it into the
 * in-place views of onnx_proto.h. Each message with repeated fields is read
 * twice: once to count (and validate wire types), once to fill arrays sized
 * by the counts, so nothing grows and every count is bounded by the bytes
 * that encode it. Nesting follows the schema's fixed path (model, graph,
 * node, attribute, tensor, type); subgraphs of GRAPH attributes are not
 * entered, so there is no unbounded recursion. */
#include "frontends/onnx/onnx_proto.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- message descriptors (from the generated schema) -------------------- */

typedef struct field_desc {
  const char *name;
  uint32_t number;
  lt_pb_wire_t wire;
  bool repeated;
} field_desc_t;

typedef struct msg_desc {
  const char *name;
  const field_desc_t *fields;
  uint32_t num_fields;
} msg_desc_t;

#define LABEL_ONE false
#define LABEL_REPEATED true
#define FIELD(msg, field, number, wire, label)                                 \
  {#field, number, LT_PB_##wire, LABEL_##label},
#define DEFINE_FIELDS(msg)                                                     \
  static const field_desc_t kFields_##msg[] = {LT_ONNX_FIELDS_##msg(FIELD)};
LT_ONNX_MESSAGES(DEFINE_FIELDS)
#undef DEFINE_FIELDS
#undef FIELD

typedef enum msg_id {
#define ID(msg) MSG_##msg,
  LT_ONNX_MESSAGES(ID)
#undef ID
      MSG_COUNT
} msg_id_t;

static const msg_desc_t kMessages[MSG_COUNT] = {
#define DESC(msg)                                                              \
  [MSG_##msg] = {#msg, kFields_##msg, LT_ARRAY_SIZE(kFields_##msg)},
    LT_ONNX_MESSAGES(DESC)
#undef DESC
};

/* Field counts per descriptor position; no message has more than this. */
#define MAX_FIELDS 32

static int field_index(const msg_desc_t *m, uint32_t number) {
  for (uint32_t i = 0; i < m->num_fields; i++)
    if (m->fields[i].number == number) return (int)i;
  return -1;
}

bool lt_onnx_str_eq(lt_onnx_str_t s, const char *cstr) {
  size_t n = strlen(cstr);
  return s.len == n && (n == 0 || memcmp(s.data, cstr, n) == 0);
}

const char *lt_onnx_data_type_name(int32_t data_type) {
  switch (data_type) {
#define X(e, name, value)                                                      \
  case value:                                                                  \
    return #name;
    LT_ONNX_ENUM_TensorProto_DataType(X)
#undef X
  }
  return "?";
}

const char *lt_onnx_attr_type_name(int32_t type) {
  switch (type) {
#define X(e, name, value)                                                      \
  case value:                                                                  \
    return #name;
    LT_ONNX_ENUM_AttributeProto_AttributeType(X)
#undef X
  }
  return "?";
}

/* ---- decoder state ---------------------------------------------------------
 */
typedef struct dec {
  const uint8_t *base;
  lt_arena_t *arena;
  lt_pb_error_t *err;
  /* Where we are ("graph.node[3].attribute[1]"), for error messages. */
  char path[160];
  size_t path_len;
} dec_t;

/* Prefixes err->message with `prefix: ` (truncating the end). */
static void prefix_message(lt_pb_error_t *err, const char *prefix) {
  char msg[sizeof(err->message)];
  size_t n = 0, cap = sizeof(msg) - 1;
  const char *parts[3] = {prefix, ": ", err->message};
  for (int i = 0; i < 3; i++)
    for (const char *p = parts[i]; *p && n < cap; p++)
      msg[n++] = *p;
  msg[n] = '\0';
  memcpy(err->message, msg, n + 1);
}

/* Prefixes err->message with the current path (once, at the failure). */
static int with_path(dec_t *d) {
  if (d->path_len) prefix_message(d->err, d->path);
  return -1;
}

static int fail(dec_t *d, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(dec_t *d, size_t offset, const char *fmt, ...) {
  d->err->offset = offset;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->err->message, sizeof(d->err->message), fmt, ap);
  va_end(ap);
  return with_path(d);
}

static size_t push_path(dec_t *d, const char *field, int64_t index) {
  size_t saved = d->path_len;
  int n = index >= 0 ? snprintf(d->path + saved, sizeof(d->path) - saved,
                                "%s%s[%lld]", saved ? "." : "", field,
                                (long long)index)
                     : snprintf(d->path + saved, sizeof(d->path) - saved,
                                "%s%s", saved ? "." : "", field);
  if (n > 0) {
    d->path_len += (size_t)n;
    if (d->path_len >= sizeof(d->path)) d->path_len = sizeof(d->path) - 1;
  }
  return saved;
}

static void pop_path(dec_t *d, size_t saved) {
  d->path_len = saved;
  d->path[saved] = '\0';
}

static void *arena_array(dec_t *d, size_t count, size_t elem, size_t align) {
  if (count == 0) return NULL;
  if (count > SIZE_MAX / elem) return NULL;
  void *p = lt_arena_alloc(d->arena, count * elem, align);
  if (p) memset(p, 0, count * elem);
  return p;
}

#define ALLOC_ARRAY(d, type, count)                                            \
  ((type *)arena_array(d, count, sizeof(type), _Alignof(type)))

static int oom(dec_t *d, size_t offset) {
  return fail(d, offset, "out of memory");
}

/* The next field of message m whose number the schema knows, with its wire
 * type checked (a repeated scalar may come packed). Unknown fields are
 * skipped, as protobuf requires. 1 / 0 at the end / -1. */
static int next_known(dec_t *d, lt_pb_reader_t *r, const msg_desc_t *m,
                      lt_pb_field_t *f, const field_desc_t **out_fd) {
  for (;;) {
    int rc = lt_pb_next(r, f, d->err);
    if (rc < 0) {
      prefix_message(d->err, m->name);
      return with_path(d);
    }
    if (rc == 0) return 0;
    int i = field_index(m, f->number);
    if (i < 0) continue;
    const field_desc_t *fd = &m->fields[i];
    bool packed = fd->repeated && fd->wire != LT_PB_LEN && f->wire == LT_PB_LEN;
    if (f->wire != fd->wire && !packed)
      return fail(d, f->offset,
                  "%s.%s (field %u): expected wire type %s, got %s", m->name,
                  fd->name, fd->number, lt_pb_wire_name(fd->wire),
                  lt_pb_wire_name(f->wire));
    if (packed && lt_pb_packed_count(f->span, fd->wire) < 0)
      return fail(d, f->offset,
                  "%s.%s (field %u): packed %s values: %zu bytes are not a "
                  "whole number of values",
                  m->name, fd->name, fd->number, lt_pb_wire_name(fd->wire),
                  f->span.size);
    *out_fd = fd;
    return 1;
  }
}

/* Counts the occurrences of each field of m in span (packed values count
 * one each) into counts[descriptor index]. */
static int count_fields(dec_t *d, lt_pb_span_t span, const msg_desc_t *m,
                        uint64_t *counts) {
  memset(counts, 0, sizeof(*counts) * m->num_fields);
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    int64_t n = 1;
    if (fd->repeated && fd->wire != LT_PB_LEN && f.wire == LT_PB_LEN)
      n = lt_pb_packed_count(f.span, fd->wire);
    counts[fd - m->fields] += (uint64_t)n;
  }
  return rc;
}

static uint64_t count_of(const uint64_t *counts, const msg_desc_t *m,
                         uint32_t number) {
  int i = field_index(m, number);
  return i < 0 ? 0 : counts[i];
}

static lt_onnx_str_t str_of(const lt_pb_field_t *f) {
  return (lt_onnx_str_t){(const char *)f->span.data, f->span.size};
}

/* Calls fn(value bits) for each value of a repeated scalar field occurrence
 * (packed or not). */
typedef void (*scalar_fn_t)(void *user, uint64_t value);

static int each_scalar(dec_t *d, const lt_pb_field_t *f, lt_pb_wire_t wire,
                       scalar_fn_t fn, void *user) {
  if (f->wire != LT_PB_LEN) {
    fn(user, f->scalar);
    return 0;
  }
  const uint8_t *p = f->span.data, *end = p + f->span.size;
  while (p < end) {
    uint64_t v;
    if (wire == LT_PB_VARINT) {
      if (!lt_pb_read_varint(&p, end, &v))
        return fail(d, (size_t)(p - d->base), "packed varint over 10 bytes");
    } else if (wire == LT_PB_I32) {
      v = lt_pb_fixed32_at((lt_pb_span_t){p, 4}, 0);
      p += 4;
    } else {
      v = lt_pb_fixed64_at((lt_pb_span_t){p, 8}, 0);
      p += 8;
    }
    fn(user, v);
  }
  return 0;
}

typedef struct i64_sink {
  int64_t *out;
  size_t n;
} i64_sink_t;
static void put_i64(void *user, uint64_t v) {
  i64_sink_t *s = user;
  s->out[s->n++] = (int64_t)v;
}
typedef struct f32_sink {
  float *out;
  size_t n;
} f32_sink_t;
static void put_f32(void *user, uint64_t v) {
  f32_sink_t *s = user;
  s->out[s->n++] = lt_pb_bits_to_float((uint32_t)v);
}

static int check_rank(dec_t *d, size_t offset, uint64_t rank) {
  if (rank > LT_ONNX_MAX_DIMS)
    return fail(d, offset, "rank %llu exceeds the limit of %d",
                (unsigned long long)rank, LT_ONNX_MAX_DIMS);
  return 0;
}

/* ---- StringStringEntryProto (external_data) ------------------------------ */
static int decode_entry(dec_t *d, lt_pb_span_t span, lt_onnx_str_t *key,
                        lt_onnx_str_t *value) {
  const msg_desc_t *m = &kMessages[MSG_StringStringEntryProto];
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  *key = *value = (lt_onnx_str_t){0};
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    if (f.number == LT_ONNX_F_StringStringEntryProto_key) *key = str_of(&f);
    if (f.number == LT_ONNX_F_StringStringEntryProto_value)
      *value = str_of(&f);
  }
  return rc;
}

/* A decimal external_data offset/length. */
static int parse_decimal(dec_t *d, size_t offset, lt_onnx_str_t s,
                         const char *what, int64_t *out) {
  int64_t v = 0;
  if (s.len == 0 || s.len > 18) goto bad;
  for (size_t i = 0; i < s.len; i++) {
    if (s.data[i] < '0' || s.data[i] > '9') goto bad;
    v = v * 10 + (s.data[i] - '0');
  }
  *out = v;
  return 0;
bad:
  return fail(d, offset, "external_data %s '%.*s' is not a decimal number",
              what, (int)(s.len > 40 ? 40 : s.len), s.data ? s.data : "");
}

/* ---- TensorProto ------------------------------------------------------------
 */
static int decode_tensor(dec_t *d, lt_pb_span_t span, lt_onnx_tensor_t *t) {
  const msg_desc_t *m = &kMessages[MSG_TensorProto];
  size_t offset = (size_t)(span.data - d->base);
  memset(t, 0, sizeof(*t));
  t->msg = span;
  t->offset = offset;
  t->ext_offset = t->ext_length = -1;
  uint64_t counts[MAX_FIELDS];
  if (count_fields(d, span, m, counts) < 0) return -1;
  uint64_t rank = count_of(counts, m, LT_ONNX_F_TensorProto_dims);
  if (check_rank(d, offset, rank) < 0) return -1;
  int64_t *dims = ALLOC_ARRAY(d, int64_t, rank);
  if (rank && !dims) return oom(d, offset);
  i64_sink_t sink = {dims, 0};
  uint32_t num_entries = 0;

  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    switch (f.number) {
    case LT_ONNX_F_TensorProto_dims:
      if (each_scalar(d, &f, LT_PB_VARINT, put_i64, &sink) < 0) return -1;
      break;
    case LT_ONNX_F_TensorProto_data_type:
      t->data_type = (int32_t)f.scalar;
      break;
    case LT_ONNX_F_TensorProto_name:
      t->name = str_of(&f);
      break;
    case LT_ONNX_F_TensorProto_raw_data:
      t->has_raw_data = true;
      t->raw_data = f.span;
      break;
    case LT_ONNX_F_TensorProto_segment:
      t->has_segment = true;
      break;
    case LT_ONNX_F_TensorProto_data_location:
      t->external = f.scalar == LT_ONNX_TensorProto_DataLocation_EXTERNAL;
      break;
    case LT_ONNX_F_TensorProto_external_data: {
      lt_onnx_str_t key, value;
      size_t saved = push_path(d, "external_data", num_entries++);
      if (decode_entry(d, f.span, &key, &value) < 0) return -1;
      if (lt_onnx_str_eq(key, "location"))
        t->location = value;
      else if (lt_onnx_str_eq(key, "offset") &&
               parse_decimal(d, f.offset, value, "offset", &t->ext_offset) <
                   0)
        return -1;
      else if (lt_onnx_str_eq(key, "length") &&
               parse_decimal(d, f.offset, value, "length", &t->ext_length) <
                   0)
        return -1;
      pop_path(d, saved);
      break;
    }
    default:
      break;
    }
  }
  if (rc < 0) return -1;
  t->rank = (uint32_t)rank;
  t->dims = dims;
  for (uint32_t i = 0; i < t->rank; i++)
    if (dims[i] < 0)
      return fail(d, offset, "TensorProto '%.*s': negative dimension %lld",
                  (int)(t->name.len > 64 ? 64 : t->name.len),
                  t->name.data ? t->name.data : "", (long long)dims[i]);
  return 0;
}

/* ---- TypeProto, ValueInfoProto ---------------------------------------------
 */
static int decode_shape(dec_t *d, lt_pb_span_t span, lt_onnx_value_info_t *v) {
  const msg_desc_t *m = &kMessages[MSG_TensorShapeProto];
  const msg_desc_t *dm = &kMessages[MSG_TensorShapeProto_Dimension];
  size_t offset = (size_t)(span.data - d->base);
  uint64_t counts[MAX_FIELDS];
  if (count_fields(d, span, m, counts) < 0) return -1;
  uint64_t rank = count_of(counts, m, LT_ONNX_F_TensorShapeProto_dim);
  if (check_rank(d, offset, rank) < 0) return -1;
  lt_onnx_dim_t *dims = ALLOC_ARRAY(d, lt_onnx_dim_t, rank);
  if (rank && !dims) return oom(d, offset);
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  uint32_t n = 0;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    if (f.number != LT_ONNX_F_TensorShapeProto_dim) continue;
    lt_onnx_dim_t *dim = &dims[n];
    size_t saved = push_path(d, "dim", n++);
    lt_pb_reader_t dr;
    lt_pb_reader_sub(&dr, d->base, f.span);
    lt_pb_field_t df;
    int drc;
    while ((drc = next_known(d, &dr, dm, &df, &fd)) > 0) {
      if (df.number == LT_ONNX_F_TensorShapeProto_Dimension_dim_value) {
        dim->has_value = true;
        dim->value = (int64_t)df.scalar;
        dim->param = (lt_onnx_str_t){0};
      } else if (df.number == LT_ONNX_F_TensorShapeProto_Dimension_dim_param) {
        dim->has_value = false;
        dim->param = str_of(&df);
      }
    }
    if (drc < 0) return -1;
    pop_path(d, saved);
  }
  if (rc < 0) return -1;
  v->has_shape = true;
  v->rank = (uint32_t)rank;
  v->dims = dims;
  return 0;
}

static int decode_type(dec_t *d, lt_pb_span_t span, lt_onnx_value_info_t *v) {
  const msg_desc_t *m = &kMessages[MSG_TypeProto];
  const msg_desc_t *tm = &kMessages[MSG_TypeProto_Tensor];
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    switch (f.number) {
    case LT_ONNX_F_TypeProto_tensor_type: {
      v->kind = LT_ONNX_TYPE_TENSOR;
      size_t saved = push_path(d, "tensor_type", -1);
      lt_pb_reader_t tr;
      lt_pb_reader_sub(&tr, d->base, f.span);
      lt_pb_field_t tf;
      int trc;
      while ((trc = next_known(d, &tr, tm, &tf, &fd)) > 0) {
        if (tf.number == LT_ONNX_F_TypeProto_Tensor_elem_type) {
          v->elem_type = (int32_t)tf.scalar;
        } else if (tf.number == LT_ONNX_F_TypeProto_Tensor_shape) {
          size_t s2 = push_path(d, "shape", -1);
          if (decode_shape(d, tf.span, v) < 0) return -1;
          pop_path(d, s2);
        }
      }
      if (trc < 0) return -1;
      pop_path(d, saved);
      break;
    }
    case LT_ONNX_F_TypeProto_sequence_type:
      v->kind = LT_ONNX_TYPE_SEQUENCE;
      break;
    case LT_ONNX_F_TypeProto_map_type:
      v->kind = LT_ONNX_TYPE_MAP;
      break;
    case LT_ONNX_F_TypeProto_optional_type:
      v->kind = LT_ONNX_TYPE_OPTIONAL;
      break;
    case LT_ONNX_F_TypeProto_sparse_tensor_type:
      v->kind = LT_ONNX_TYPE_SPARSE_TENSOR;
      break;
    default:
      break;
    }
  }
  return rc;
}

static int decode_value_info(dec_t *d, lt_pb_span_t span,
                             lt_onnx_value_info_t *v) {
  const msg_desc_t *m = &kMessages[MSG_ValueInfoProto];
  memset(v, 0, sizeof(*v));
  v->offset = (size_t)(span.data - d->base);
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    if (f.number == LT_ONNX_F_ValueInfoProto_name) {
      v->name = str_of(&f);
    } else if (f.number == LT_ONNX_F_ValueInfoProto_type) {
      size_t saved = push_path(d, "type", -1);
      if (decode_type(d, f.span, v) < 0) return -1;
      pop_path(d, saved);
    }
  }
  return rc;
}

/* ---- AttributeProto --------------------------------------------------------
 */
static int decode_attr(dec_t *d, lt_pb_span_t span, lt_onnx_attr_t *a) {
  const msg_desc_t *m = &kMessages[MSG_AttributeProto];
  size_t offset = (size_t)(span.data - d->base);
  memset(a, 0, sizeof(*a));
  a->offset = offset;
  uint64_t counts[MAX_FIELDS];
  if (count_fields(d, span, m, counts) < 0) return -1;
  uint64_t ni = count_of(counts, m, LT_ONNX_F_AttributeProto_ints);
  uint64_t nf = count_of(counts, m, LT_ONNX_F_AttributeProto_floats);
  uint64_t ns = count_of(counts, m, LT_ONNX_F_AttributeProto_strings);
  if (ni > LT_ONNX_MAX_LIST || nf > LT_ONNX_MAX_LIST ||
      ns > LT_ONNX_MAX_LIST)
    return fail(d, offset, "attribute list of more than %u elements",
                LT_ONNX_MAX_LIST);
  int64_t *ints = ALLOC_ARRAY(d, int64_t, ni);
  float *floats = ALLOC_ARRAY(d, float, nf);
  lt_onnx_str_t *strings = ALLOC_ARRAY(d, lt_onnx_str_t, ns);
  if ((ni && !ints) || (nf && !floats) || (ns && !strings))
    return oom(d, offset);
  i64_sink_t is = {ints, 0};
  f32_sink_t fs = {floats, 0};
  uint32_t si = 0;
  /* Which value fields are set, for models that leave `type` out. */
  bool has_f = false, has_i = false, has_s = false, has_t = false;
  bool has_g = false;

  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    switch (f.number) {
    case LT_ONNX_F_AttributeProto_name:
      a->name = str_of(&f);
      break;
    case LT_ONNX_F_AttributeProto_type:
      a->type = (int32_t)f.scalar;
      break;
    case LT_ONNX_F_AttributeProto_ref_attr_name:
      a->has_ref = true;
      break;
    case LT_ONNX_F_AttributeProto_f:
      a->f = lt_pb_bits_to_float((uint32_t)f.scalar);
      has_f = true;
      break;
    case LT_ONNX_F_AttributeProto_i:
      a->i = (int64_t)f.scalar;
      has_i = true;
      break;
    case LT_ONNX_F_AttributeProto_s:
      a->s = str_of(&f);
      has_s = true;
      break;
    case LT_ONNX_F_AttributeProto_t: {
      lt_onnx_tensor_t *t = ALLOC_ARRAY(d, lt_onnx_tensor_t, 1);
      if (!t) return oom(d, f.offset);
      size_t saved = push_path(d, "t", -1);
      if (decode_tensor(d, f.span, t) < 0) return -1;
      pop_path(d, saved);
      a->t = t;
      has_t = true;
      break;
    }
    case LT_ONNX_F_AttributeProto_g:
      has_g = true;
      break;
    case LT_ONNX_F_AttributeProto_ints:
      if (each_scalar(d, &f, LT_PB_VARINT, put_i64, &is) < 0) return -1;
      break;
    case LT_ONNX_F_AttributeProto_floats:
      if (each_scalar(d, &f, LT_PB_I32, put_f32, &fs) < 0) return -1;
      break;
    case LT_ONNX_F_AttributeProto_strings:
      strings[si++] = str_of(&f);
      break;
    default: /* graphs, tensors, sparse tensors, type protos */
      break;
    }
  }
  if (rc < 0) return -1;
  a->num_ints = (uint32_t)ni;
  a->num_floats = (uint32_t)nf;
  a->num_strings = (uint32_t)ns;
  a->ints = ints;
  a->floats = floats;
  a->strings = strings;
  if (a->type == LT_ONNX_AttributeProto_AttributeType_UNDEFINED) {
    /* IR version 1 models have no `type`: the one value field set says. */
    a->type = has_f    ? LT_ONNX_AttributeProto_AttributeType_FLOAT
              : has_i  ? LT_ONNX_AttributeProto_AttributeType_INT
              : has_s  ? LT_ONNX_AttributeProto_AttributeType_STRING
              : has_t  ? LT_ONNX_AttributeProto_AttributeType_TENSOR
              : has_g  ? LT_ONNX_AttributeProto_AttributeType_GRAPH
              : nf     ? LT_ONNX_AttributeProto_AttributeType_FLOATS
              : ni     ? LT_ONNX_AttributeProto_AttributeType_INTS
              : ns     ? LT_ONNX_AttributeProto_AttributeType_STRINGS
                       : LT_ONNX_AttributeProto_AttributeType_UNDEFINED;
  }
  if (a->type == LT_ONNX_AttributeProto_AttributeType_TENSOR && !a->t)
    return fail(d, offset, "attribute '%.*s' of type TENSOR has no tensor",
                (int)(a->name.len > 64 ? 64 : a->name.len),
                a->name.data ? a->name.data : "");
  return 0;
}

/* ---- NodeProto -------------------------------------------------------------
 */
static int decode_node(dec_t *d, lt_pb_span_t span, lt_onnx_node_t *n) {
  const msg_desc_t *m = &kMessages[MSG_NodeProto];
  size_t offset = (size_t)(span.data - d->base);
  memset(n, 0, sizeof(*n));
  n->offset = offset;
  uint64_t counts[MAX_FIELDS];
  if (count_fields(d, span, m, counts) < 0) return -1;
  uint64_t ni = count_of(counts, m, LT_ONNX_F_NodeProto_input);
  uint64_t no = count_of(counts, m, LT_ONNX_F_NodeProto_output);
  uint64_t na = count_of(counts, m, LT_ONNX_F_NodeProto_attribute);
  if (ni > LT_ONNX_MAX_NODE_LIST || no > LT_ONNX_MAX_NODE_LIST ||
      na > LT_ONNX_MAX_NODE_LIST)
    return fail(d, offset, "node with more than %u inputs, outputs or "
                           "attributes", LT_ONNX_MAX_NODE_LIST);
  lt_onnx_str_t *inputs = ALLOC_ARRAY(d, lt_onnx_str_t, ni);
  lt_onnx_str_t *outputs = ALLOC_ARRAY(d, lt_onnx_str_t, no);
  lt_onnx_attr_t *attrs = ALLOC_ARRAY(d, lt_onnx_attr_t, na);
  if ((ni && !inputs) || (no && !outputs) || (na && !attrs))
    return oom(d, offset);
  uint32_t ii = 0, oi = 0, ai = 0;
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    switch (f.number) {
    case LT_ONNX_F_NodeProto_input:
      inputs[ii++] = str_of(&f);
      break;
    case LT_ONNX_F_NodeProto_output:
      outputs[oi++] = str_of(&f);
      break;
    case LT_ONNX_F_NodeProto_name:
      n->name = str_of(&f);
      break;
    case LT_ONNX_F_NodeProto_op_type:
      n->op_type = str_of(&f);
      break;
    case LT_ONNX_F_NodeProto_domain:
      n->domain = str_of(&f);
      break;
    case LT_ONNX_F_NodeProto_attribute: {
      size_t saved = push_path(d, "attribute", ai);
      if (decode_attr(d, f.span, &attrs[ai++]) < 0) return -1;
      pop_path(d, saved);
      break;
    }
    default:
      break;
    }
  }
  if (rc < 0) return -1;
  n->num_inputs = ii;
  n->num_outputs = oi;
  n->num_attrs = ai;
  n->inputs = inputs;
  n->outputs = outputs;
  n->attrs = attrs;
  return 0;
}

/* ---- GraphProto ------------------------------------------------------------
 */
static int decode_graph(dec_t *d, lt_pb_span_t span, lt_onnx_graph_t *g) {
  const msg_desc_t *m = &kMessages[MSG_GraphProto];
  size_t offset = (size_t)(span.data - d->base);
  memset(g, 0, sizeof(*g));
  uint64_t counts[MAX_FIELDS];
  if (count_fields(d, span, m, counts) < 0) return -1;
  uint64_t nn = count_of(counts, m, LT_ONNX_F_GraphProto_node);
  uint64_t nt = count_of(counts, m, LT_ONNX_F_GraphProto_initializer);
  uint64_t ni = count_of(counts, m, LT_ONNX_F_GraphProto_input);
  uint64_t no = count_of(counts, m, LT_ONNX_F_GraphProto_output);
  if (nn > LT_ONNX_MAX_GRAPH_LIST || nt > LT_ONNX_MAX_GRAPH_LIST ||
      ni > LT_ONNX_MAX_GRAPH_LIST || no > LT_ONNX_MAX_GRAPH_LIST)
    return fail(d, offset, "graph with more than %u nodes, initializers, "
                           "inputs or outputs", LT_ONNX_MAX_GRAPH_LIST);
  lt_onnx_node_t *nodes = ALLOC_ARRAY(d, lt_onnx_node_t, nn);
  lt_onnx_tensor_t *inits = ALLOC_ARRAY(d, lt_onnx_tensor_t, nt);
  lt_onnx_value_info_t *inputs = ALLOC_ARRAY(d, lt_onnx_value_info_t, ni);
  lt_onnx_value_info_t *outputs = ALLOC_ARRAY(d, lt_onnx_value_info_t, no);
  if ((nn && !nodes) || (nt && !inits) || (ni && !inputs) || (no && !outputs))
    return oom(d, offset);
  g->num_sparse_initializers =
      (uint32_t)count_of(counts, m, LT_ONNX_F_GraphProto_sparse_initializer);
  uint32_t kn = 0, kt = 0, ki = 0, ko = 0;
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    size_t saved;
    switch (f.number) {
    case LT_ONNX_F_GraphProto_name:
      g->name = str_of(&f);
      break;
    case LT_ONNX_F_GraphProto_node:
      saved = push_path(d, "node", kn);
      if (decode_node(d, f.span, &nodes[kn++]) < 0) return -1;
      pop_path(d, saved);
      break;
    case LT_ONNX_F_GraphProto_initializer:
      saved = push_path(d, "initializer", kt);
      if (decode_tensor(d, f.span, &inits[kt++]) < 0) return -1;
      pop_path(d, saved);
      break;
    case LT_ONNX_F_GraphProto_input:
      saved = push_path(d, "input", ki);
      if (decode_value_info(d, f.span, &inputs[ki++]) < 0) return -1;
      pop_path(d, saved);
      break;
    case LT_ONNX_F_GraphProto_output:
      saved = push_path(d, "output", ko);
      if (decode_value_info(d, f.span, &outputs[ko++]) < 0) return -1;
      pop_path(d, saved);
      break;
    default:
      break;
    }
  }
  if (rc < 0) return -1;
  g->num_nodes = kn;
  g->num_initializers = kt;
  g->num_inputs = ki;
  g->num_outputs = ko;
  g->nodes = nodes;
  g->initializers = inits;
  g->inputs = inputs;
  g->outputs = outputs;
  return 0;
}

/* ---- ModelProto ------------------------------------------------------------
 */
static const uint8_t kEmpty[1];

int lt_onnx_decode_model(const uint8_t *data, size_t size, lt_arena_t *arena,
                         lt_onnx_model_t *out, lt_pb_error_t *err) {
  if (!data) data = kEmpty; /* a null pointer may not even be offset by 0 */
  dec_t d = {.base = data, .arena = arena, .err = err};
  const msg_desc_t *m = &kMessages[MSG_ModelProto];
  const msg_desc_t *om = &kMessages[MSG_OperatorSetIdProto];
  memset(out, 0, sizeof(*out));
  lt_pb_span_t span = {data, size};
  uint64_t counts[MAX_FIELDS];
  if (count_fields(&d, span, m, counts) < 0) return -1;
  uint64_t nops = count_of(counts, m, LT_ONNX_F_ModelProto_opset_import);
  lt_onnx_opset_t *opsets = ALLOC_ARRAY(&d, lt_onnx_opset_t, nops);
  if (nops && !opsets) return oom(&d, 0);
  out->num_functions =
      (uint32_t)count_of(counts, m, LT_ONNX_F_ModelProto_functions);
  uint32_t k = 0;
  lt_pb_reader_t r;
  lt_pb_reader_init(&r, data, size);
  lt_pb_field_t f;
  const field_desc_t *fd;
  int rc;
  bool graph_seen = false;
  lt_pb_span_t graph_span = {0};
  while ((rc = next_known(&d, &r, m, &f, &fd)) > 0) {
    switch (f.number) {
    case LT_ONNX_F_ModelProto_ir_version:
      out->ir_version = (int64_t)f.scalar;
      break;
    case LT_ONNX_F_ModelProto_opset_import: {
      size_t saved = push_path(&d, "opset_import", k);
      lt_onnx_opset_t *o = &opsets[k++];
      lt_pb_reader_t orr;
      lt_pb_reader_sub(&orr, data, f.span);
      lt_pb_field_t of;
      int orc;
      while ((orc = next_known(&d, &orr, om, &of, &fd)) > 0) {
        if (of.number == LT_ONNX_F_OperatorSetIdProto_domain)
          o->domain = str_of(&of);
        else if (of.number == LT_ONNX_F_OperatorSetIdProto_version)
          o->version = (int64_t)of.scalar;
      }
      if (orc < 0) return -1;
      pop_path(&d, saved);
      break;
    }
    case LT_ONNX_F_ModelProto_graph:
      /* A repeated singular message merges in protobuf; models never do
       * that, the last one is taken. */
      graph_seen = true;
      graph_span = f.span;
      break;
    default:
      break;
    }
  }
  if (rc < 0) return -1;
  out->num_opsets = k;
  out->opsets = opsets;
  if (graph_seen) {
    size_t saved = push_path(&d, "graph", -1);
    if (decode_graph(&d, graph_span, &out->graph) < 0) return -1;
    pop_path(&d, saved);
    out->has_graph = true;
  }
  return 0;
}

int lt_onnx_decode_tensor(const uint8_t *data, size_t size, lt_arena_t *arena,
                          lt_onnx_tensor_t *out, lt_pb_error_t *err) {
  if (!data) data = kEmpty;
  dec_t d = {.base = data, .arena = arena, .err = err};
  return decode_tensor(&d, (lt_pb_span_t){data, size}, out);
}

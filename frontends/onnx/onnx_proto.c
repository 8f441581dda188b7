/* onnx_proto.c - decoding ModelProto and the messages inside it into the
 * in-place views of onnx_proto.h. One decoder (decode_msg) reads every
 * message; what it does with a field comes from tables: the schema's
 * (number -> name, wire type, label; generated from onnx.proto) and the
 * binding's (number -> kind and the view member it fills; written here).
 *
 * Each message is read twice: once to validate wire types and count the
 * repeated fields, once to fill arrays sized by the counts, so nothing
 * grows and every count is bounded by the bytes that encode it. The
 * bindings follow the schema's fixed path (model, graph, node, attribute,
 * tensor, type); subgraphs of GRAPH attributes are not bound, so there is
 * no unbounded recursion. */
#include "frontends/onnx/onnx_proto.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/* ---- the schema, indexed by field number ---------------------------------- */

typedef struct field_desc {
  const char *name; /* NULL: no field has this number */
  lt_pb_wire_t wire;
  bool repeated;
} field_desc_t;

#define LABEL_ONE false
#define LABEL_REPEATED true
#define FIELD(msg, field, number, wire, label)                                 \
  [number] = {#field, LT_PB_##wire, LABEL_##label},
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

/* ---- bindings: where each field goes ---------------------------------------
 * A field without a binding is validated and skipped; its presence still
 * reaches the message's finish hook. */
typedef enum bind_kind {
  B_SKIP = 0,
  B_STR,  /* lt_onnx_str_t */
  B_SPAN, /* lt_pb_span_t of the bytes */
  B_I32,  /* int32_t from a varint */
  B_I64,  /* int64_t from a varint */
  B_F32,  /* float from 32 bits */
  B_MSG,  /* one message, decoded into the view at `off` (the same view, or
             one embedded in it) */
  B_NEW,  /* one message, decoded into a view of its own; pointer at off */
  /* Repeated: a uint32_t count at count_off, an array pointer at off. */
  B_COUNT, /* the count only */
  B_STRS,
  B_I64S,
  B_F32S,
  B_MSGS,
} bind_kind_t;

typedef struct bind {
  uint8_t kind;
  uint8_t sub; /* msg_id_t of B_MSG, B_NEW, B_MSGS */
  uint16_t off, count_off;
  uint32_t limit; /* most elements a repeated field may have */
} bind_t;

#define F(msg, field) [LT_ONNX_F_##msg##_##field]
#define ONE(kind, view, member) {kind, 0, offsetof(view, member), 0, 0}
#define SUB(kind, id, view, member) {kind, id, offsetof(view, member), 0, 0}
#define REP(kind, view, member, count, lim)                                    \
  {kind, 0, offsetof(view, member), offsetof(view, count), lim}
#define COUNT(view, count, lim) {B_COUNT, 0, 0, offsetof(view, count), lim}
#define MSGS(id, view, member, count, lim)                                     \
  {B_MSGS, id, offsetof(view, member), offsetof(view, count), lim}

static const bind_t kBind_ModelProto[] = {
    F(ModelProto, ir_version) = ONE(B_I64, lt_onnx_model_t, ir_version),
    F(ModelProto, opset_import) =
        MSGS(MSG_OperatorSetIdProto, lt_onnx_model_t, opsets, num_opsets,
             LT_ONNX_MAX_GRAPH_LIST),
    F(ModelProto, functions) =
        COUNT(lt_onnx_model_t, num_functions, LT_ONNX_MAX_GRAPH_LIST),
    /* A repeated singular message merges in protobuf; models never do
     * that, the last one is taken. */
    F(ModelProto, graph) = SUB(B_MSG, MSG_GraphProto, lt_onnx_model_t, graph),
};
static const bind_t kBind_OperatorSetIdProto[] = {
    F(OperatorSetIdProto, domain) = ONE(B_STR, lt_onnx_opset_t, domain),
    F(OperatorSetIdProto, version) = ONE(B_I64, lt_onnx_opset_t, version),
};
static const bind_t kBind_GraphProto[] = {
    F(GraphProto, name) = ONE(B_STR, lt_onnx_graph_t, name),
    F(GraphProto, node) = MSGS(MSG_NodeProto, lt_onnx_graph_t, nodes,
                               num_nodes, LT_ONNX_MAX_GRAPH_LIST),
    F(GraphProto, initializer) =
        MSGS(MSG_TensorProto, lt_onnx_graph_t, initializers, num_initializers,
             LT_ONNX_MAX_GRAPH_LIST),
    F(GraphProto, sparse_initializer) = COUNT(
        lt_onnx_graph_t, num_sparse_initializers, LT_ONNX_MAX_GRAPH_LIST),
    F(GraphProto, input) = MSGS(MSG_ValueInfoProto, lt_onnx_graph_t, inputs,
                                num_inputs, LT_ONNX_MAX_GRAPH_LIST),
    F(GraphProto, output) = MSGS(MSG_ValueInfoProto, lt_onnx_graph_t, outputs,
                                 num_outputs, LT_ONNX_MAX_GRAPH_LIST),
};
static const bind_t kBind_NodeProto[] = {
    F(NodeProto, input) = REP(B_STRS, lt_onnx_node_t, inputs, num_inputs,
                              LT_ONNX_MAX_NODE_LIST),
    F(NodeProto, output) = REP(B_STRS, lt_onnx_node_t, outputs, num_outputs,
                               LT_ONNX_MAX_NODE_LIST),
    F(NodeProto, name) = ONE(B_STR, lt_onnx_node_t, name),
    F(NodeProto, op_type) = ONE(B_STR, lt_onnx_node_t, op_type),
    F(NodeProto, domain) = ONE(B_STR, lt_onnx_node_t, domain),
    F(NodeProto, attribute) = MSGS(MSG_AttributeProto, lt_onnx_node_t, attrs,
                                   num_attrs, LT_ONNX_MAX_NODE_LIST),
};
/* g (a subgraph) is only noted as present: see the file comment. */
static const bind_t kBind_AttributeProto[] = {
    F(AttributeProto, name) = ONE(B_STR, lt_onnx_attr_t, name),
    F(AttributeProto, type) = ONE(B_I32, lt_onnx_attr_t, type),
    F(AttributeProto, f) = ONE(B_F32, lt_onnx_attr_t, f),
    F(AttributeProto, i) = ONE(B_I64, lt_onnx_attr_t, i),
    F(AttributeProto, s) = ONE(B_STR, lt_onnx_attr_t, s),
    F(AttributeProto, t) = SUB(B_NEW, MSG_TensorProto, lt_onnx_attr_t, t),
    F(AttributeProto, floats) = REP(B_F32S, lt_onnx_attr_t, floats,
                                    num_floats, LT_ONNX_MAX_LIST),
    F(AttributeProto, ints) =
        REP(B_I64S, lt_onnx_attr_t, ints, num_ints, LT_ONNX_MAX_LIST),
    F(AttributeProto, strings) = REP(B_STRS, lt_onnx_attr_t, strings,
                                     num_strings, LT_ONNX_MAX_LIST),
};
static const bind_t kBind_TensorProto[] = {
    F(TensorProto, dims) =
        REP(B_I64S, lt_onnx_tensor_t, dims, rank, LT_ONNX_MAX_DIMS),
    F(TensorProto, data_type) = ONE(B_I32, lt_onnx_tensor_t, data_type),
    F(TensorProto, name) = ONE(B_STR, lt_onnx_tensor_t, name),
    F(TensorProto, raw_data) = ONE(B_SPAN, lt_onnx_tensor_t, raw_data),
    F(TensorProto, external_data) =
        MSGS(MSG_StringStringEntryProto, lt_onnx_tensor_t, external_data,
             num_external_data, LT_ONNX_MAX_NODE_LIST),
    F(TensorProto, data_location) =
        ONE(B_I32, lt_onnx_tensor_t, data_location),
};
static const bind_t kBind_StringStringEntryProto[] = {
    F(StringStringEntryProto, key) = ONE(B_STR, lt_onnx_kv_t, key),
    F(StringStringEntryProto, value) = ONE(B_STR, lt_onnx_kv_t, value),
};
/* ValueInfoProto and the types inside it fill one view. */
static const bind_t kBind_ValueInfoProto[] = {
    F(ValueInfoProto, name) = ONE(B_STR, lt_onnx_value_info_t, name),
    F(ValueInfoProto, type) = {B_MSG, MSG_TypeProto, 0, 0, 0},
};
static const bind_t kBind_TypeProto[] = {
    F(TypeProto, tensor_type) = {B_MSG, MSG_TypeProto_Tensor, 0, 0, 0},
};
static const bind_t kBind_TypeProto_Tensor[] = {
    F(TypeProto_Tensor, elem_type) =
        ONE(B_I32, lt_onnx_value_info_t, elem_type),
    F(TypeProto_Tensor, shape) = {B_MSG, MSG_TensorShapeProto, 0, 0, 0},
};
static const bind_t kBind_TensorShapeProto[] = {
    F(TensorShapeProto, dim) =
        MSGS(MSG_TensorShapeProto_Dimension, lt_onnx_value_info_t, dims, rank,
             LT_ONNX_MAX_DIMS),
};
static const bind_t kBind_TensorShapeProto_Dimension[] = {
    F(TensorShapeProto_Dimension, dim_value) =
        ONE(B_I64, lt_onnx_dim_t, value),
    F(TensorShapeProto_Dimension, dim_param) =
        ONE(B_STR, lt_onnx_dim_t, param),
};
#undef F
#undef ONE
#undef SUB
#undef REP
#undef COUNT
#undef MSGS

/* The most field numbers a binding table spans (arrays are per decode). */
#define MAX_BINDS 32

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

static int oom(dec_t *d, size_t offset) {
  return fail(d, offset, "out of memory");
}

/* A name shortened for messages. */
#define SHORT(s) (int)((s).len > 64 ? 64 : (s).len), ((s).data ? (s).data : "")

/* ---- message descriptors ----------------------------------------------------
 * A message's view type, where its offset goes, and hooks: init before the
 * fields are read, finish after (with the set of field numbers seen, for
 * what the fields' presence says). */
typedef struct msg_desc msg_desc_t;
struct msg_desc {
  const char *name;
  const field_desc_t *fields; /* indexed by field number */
  uint32_t num_fields;
  const bind_t *binds; /* indexed by field number */
  uint32_t num_binds;
  size_t view_size, view_align; /* for B_NEW and B_MSGS */
  ptrdiff_t offset_member;      /* size_t offset of the message; -1: none */
  void (*init)(void *view, lt_pb_span_t span);
  int (*finish)(dec_t *d, void *view, size_t offset, uint64_t seen);
};

/* Whether field `number` was seen (numbers past 63 are never asked for). */
static bool seen_field(uint64_t seen, uint32_t number) {
  return number < 64 && (seen >> number & 1);
}

static void tensor_init(void *view, lt_pb_span_t span) {
  lt_onnx_tensor_t *t = view;
  t->msg = span;
  t->ext_offset = t->ext_length = -1;
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

static int tensor_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  lt_onnx_tensor_t *t = view;
  t->has_raw_data = seen_field(seen, LT_ONNX_F_TensorProto_raw_data);
  t->has_segment = seen_field(seen, LT_ONNX_F_TensorProto_segment);
  t->external =
      t->data_location == LT_ONNX_TensorProto_DataLocation_EXTERNAL;
  for (uint32_t i = 0; i < t->num_external_data; i++) {
    const lt_onnx_kv_t *e = &t->external_data[i];
    size_t saved = push_path(d, "external_data", i);
    int rc = 0;
    if (lt_onnx_str_eq(e->key, "location"))
      t->location = e->value;
    else if (lt_onnx_str_eq(e->key, "offset"))
      rc = parse_decimal(d, e->offset, e->value, "offset", &t->ext_offset);
    else if (lt_onnx_str_eq(e->key, "length"))
      rc = parse_decimal(d, e->offset, e->value, "length", &t->ext_length);
    if (rc < 0) return -1;
    pop_path(d, saved);
  }
  for (uint32_t i = 0; i < t->rank; i++)
    if (t->dims[i] < 0)
      return fail(d, offset, "TensorProto '%.*s': negative dimension %lld",
                  SHORT(t->name), (long long)t->dims[i]);
  return 0;
}

static int attr_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  lt_onnx_attr_t *a = view;
  a->has_ref = seen_field(seen, LT_ONNX_F_AttributeProto_ref_attr_name);
  if (a->type == LT_ONNX_AttributeProto_AttributeType_UNDEFINED) {
    /* IR version 1 models have no `type`: the one value field set says. */
#define SEEN(field) seen_field(seen, LT_ONNX_F_AttributeProto_##field)
    a->type = SEEN(f)        ? LT_ONNX_AttributeProto_AttributeType_FLOAT
              : SEEN(i)      ? LT_ONNX_AttributeProto_AttributeType_INT
              : SEEN(s)      ? LT_ONNX_AttributeProto_AttributeType_STRING
              : SEEN(t)      ? LT_ONNX_AttributeProto_AttributeType_TENSOR
              : SEEN(g)      ? LT_ONNX_AttributeProto_AttributeType_GRAPH
              : a->num_floats  ? LT_ONNX_AttributeProto_AttributeType_FLOATS
              : a->num_ints    ? LT_ONNX_AttributeProto_AttributeType_INTS
              : a->num_strings ? LT_ONNX_AttributeProto_AttributeType_STRINGS
                               : LT_ONNX_AttributeProto_AttributeType_UNDEFINED;
#undef SEEN
  }
  if (a->type == LT_ONNX_AttributeProto_AttributeType_TENSOR && !a->t)
    return fail(d, offset, "attribute '%.*s' of type TENSOR has no tensor",
                SHORT(a->name));
  return 0;
}

/* TypeProto's value is a oneof: which one was set gives the kind. */
static int type_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  (void)d, (void)offset;
  lt_onnx_value_info_t *v = view;
#define SEEN(field) seen_field(seen, LT_ONNX_F_TypeProto_##field)
  if (SEEN(tensor_type))
    v->kind = LT_ONNX_TYPE_TENSOR;
  else if (SEEN(sequence_type))
    v->kind = LT_ONNX_TYPE_SEQUENCE;
  else if (SEEN(map_type))
    v->kind = LT_ONNX_TYPE_MAP;
  else if (SEEN(optional_type))
    v->kind = LT_ONNX_TYPE_OPTIONAL;
  else if (SEEN(sparse_tensor_type))
    v->kind = LT_ONNX_TYPE_SPARSE_TENSOR;
#undef SEEN
  return 0;
}

static int shape_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  (void)d, (void)offset, (void)seen;
  ((lt_onnx_value_info_t *)view)->has_shape = true;
  return 0;
}

/* A dimension is a oneof of dim_value and dim_param. */
static int dim_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  (void)d, (void)offset;
  lt_onnx_dim_t *dim = view;
  dim->has_value =
      seen_field(seen, LT_ONNX_F_TensorShapeProto_Dimension_dim_value);
  if (dim->has_value) dim->param = (lt_onnx_str_t){0};
  return 0;
}

static int model_finish(dec_t *d, void *view, size_t offset, uint64_t seen) {
  (void)d, (void)offset;
  lt_onnx_model_t *m = view;
  m->has_graph = seen_field(seen, LT_ONNX_F_ModelProto_graph);
  return 0;
}

#define NO_OFFSET (-1)
#define MSG(msg, view, offset_member, init, finish)                            \
  [MSG_##msg] = {#msg,                                                         \
                 kFields_##msg,                                                \
                 LT_ARRAY_SIZE(kFields_##msg),                                 \
                 kBind_##msg,                                                  \
                 LT_ARRAY_SIZE(kBind_##msg),                                   \
                 sizeof(view),                                                 \
                 _Alignof(view),                                               \
                 offset_member,                                                \
                 init,                                                         \
                 finish}
#define AT(view) offsetof(view, offset)
static const msg_desc_t kMessages[MSG_COUNT] = {
    MSG(ModelProto, lt_onnx_model_t, NO_OFFSET, NULL, model_finish),
    MSG(OperatorSetIdProto, lt_onnx_opset_t, NO_OFFSET, NULL, NULL),
    MSG(GraphProto, lt_onnx_graph_t, NO_OFFSET, NULL, NULL),
    MSG(NodeProto, lt_onnx_node_t, AT(lt_onnx_node_t), NULL, NULL),
    MSG(AttributeProto, lt_onnx_attr_t, AT(lt_onnx_attr_t), NULL,
        attr_finish),
    MSG(TensorProto, lt_onnx_tensor_t, AT(lt_onnx_tensor_t), tensor_init,
        tensor_finish),
    MSG(StringStringEntryProto, lt_onnx_kv_t, AT(lt_onnx_kv_t), NULL,
        NULL),
    MSG(ValueInfoProto, lt_onnx_value_info_t, AT(lt_onnx_value_info_t), NULL,
        NULL),
    MSG(TypeProto, lt_onnx_value_info_t, NO_OFFSET, NULL, type_finish),
    MSG(TypeProto_Tensor, lt_onnx_value_info_t, NO_OFFSET, NULL, NULL),
    MSG(TensorShapeProto, lt_onnx_value_info_t, NO_OFFSET, NULL,
        shape_finish),
    MSG(TensorShapeProto_Dimension, lt_onnx_dim_t, NO_OFFSET, NULL,
        dim_finish),
};
#undef AT
#undef MSG

#define CHECK_BINDS(msg)                                                       \
  _Static_assert(LT_ARRAY_SIZE(kBind_##msg) <= MAX_BINDS,                      \
                 "kBind_" #msg " spans more than MAX_BINDS field numbers");
LT_ONNX_MESSAGES(CHECK_BINDS)
#undef CHECK_BINDS

/* ---- the decoder --------------------------------------------------------- */

static bool is_repeated_kind(uint8_t kind) { return kind >= B_COUNT; }

/* The wire type a binding reads (the schema must agree), LEN for
 * messages. */
static lt_pb_wire_t bind_wire(uint8_t kind) {
  switch (kind) {
  case B_I32:
  case B_I64:
  case B_I64S:
    return LT_PB_VARINT;
  case B_F32:
  case B_F32S:
    return LT_PB_I32;
  default:
    return LT_PB_LEN;
  }
}

static const bind_t *bind_of(const msg_desc_t *m, uint32_t number) {
  if (number >= m->num_binds || m->binds[number].kind == B_SKIP) return NULL;
  return &m->binds[number];
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
    if (f->number >= m->num_fields || !m->fields[f->number].name) continue;
    const field_desc_t *fd = &m->fields[f->number];
    bool packed = fd->repeated && fd->wire != LT_PB_LEN && f->wire == LT_PB_LEN;
    if (f->wire != fd->wire && !packed)
      return fail(d, f->offset,
                  "%s.%s (field %u): expected wire type %s, got %s", m->name,
                  fd->name, f->number, lt_pb_wire_name(fd->wire),
                  lt_pb_wire_name(f->wire));
    if (packed && lt_pb_packed_count(f->span, fd->wire) < 0)
      return fail(d, f->offset,
                  "%s.%s (field %u): packed %s values: %zu bytes are not a "
                  "whole number of values",
                  m->name, fd->name, f->number, lt_pb_wire_name(fd->wire),
                  f->span.size);
    *out_fd = fd;
    return 1;
  }
}

static lt_onnx_str_t str_of(const lt_pb_field_t *f) {
  return (lt_onnx_str_t){(const char *)f->span.data, f->span.size};
}

static void put_scalar(lt_pb_wire_t wire, void *out, uint32_t *n,
                       uint64_t v) {
  if (wire == LT_PB_VARINT)
    ((int64_t *)out)[(*n)++] = (int64_t)v;
  else
    ((float *)out)[(*n)++] = lt_pb_bits_to_float((uint32_t)v);
}

/* Appends the values of one occurrence of a repeated scalar field (packed
 * or not) to out[*n]: int64_t for VARINT, float for I32. Pass one counted
 * them, so they fit. */
static int put_scalars(dec_t *d, const lt_pb_field_t *f, lt_pb_wire_t wire,
                       void *out, uint32_t *n) {
  if (f->wire != LT_PB_LEN) {
    put_scalar(wire, out, n, f->scalar);
    return 0;
  }
  const uint8_t *p = f->span.data, *end = p + f->span.size;
  while (p < end) {
    uint64_t v;
    if (wire == LT_PB_VARINT) {
      if (!lt_pb_read_varint(&p, end, &v))
        return fail(d, (size_t)(p - d->base), "packed varint over 10 bytes");
    } else {
      v = lt_pb_fixed32_at((lt_pb_span_t){p, 4}, 0);
      p += 4;
    }
    put_scalar(wire, out, n, v);
  }
  return 0;
}

static size_t elem_size(const bind_t *b, size_t *align) {
  switch (b->kind) {
  case B_STRS:
    *align = _Alignof(lt_onnx_str_t);
    return sizeof(lt_onnx_str_t);
  case B_I64S:
    *align = _Alignof(int64_t);
    return sizeof(int64_t);
  case B_F32S:
    *align = _Alignof(float);
    return sizeof(float);
  default: /* B_MSGS */
    *align = kMessages[b->sub].view_align;
    return kMessages[b->sub].view_size;
  }
}

static void set_ptr(char *view, const bind_t *b, const void *p) {
  memcpy(view + b->off, &p, sizeof(p));
}

static int decode_msg(dec_t *d, msg_id_t id, lt_pb_span_t span, void *view);

/* Decodes a message field into `view` (under the field's name in the
 * path). */
static int decode_sub(dec_t *d, msg_id_t id, const char *field, int64_t index,
                      lt_pb_span_t span, void *view) {
  size_t saved = push_path(d, field, index);
  if (decode_msg(d, id, span, view) < 0) return -1;
  pop_path(d, saved);
  return 0;
}

/* Decodes message `id` in span into view (zeroed by the caller, except the
 * members a repeated occurrence fills again). */
static int decode_msg(dec_t *d, msg_id_t id, lt_pb_span_t span, void *view) {
  const msg_desc_t *m = &kMessages[id];
  char *v = view;
  size_t offset = (size_t)(span.data - d->base);
  if (m->offset_member >= 0) memcpy(v + m->offset_member, &offset, sizeof(offset));
  if (m->init) m->init(view, span);

  /* Pass one: every field validated, repeated ones counted in place. */
  for (uint32_t i = 0; i < m->num_binds; i++)
    if (is_repeated_kind(m->binds[i].kind))
      *(uint32_t *)(v + m->binds[i].count_off) = 0;
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, d->base, span);
  lt_pb_field_t f;
  const field_desc_t *fd;
  uint64_t seen = 0;
  int rc;
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    if (f.number < 64) seen |= UINT64_C(1) << f.number;
    const bind_t *b = bind_of(m, f.number);
    if (!b) continue;
    if (bind_wire(b->kind) != fd->wire)
      return fail(d, f.offset,
                  "%s.%s (field %u) is a %s field in %s; the importer reads "
                  "it as %s",
                  m->name, fd->name, f.number, lt_pb_wire_name(fd->wire),
                  LT_ONNX_PROTO_PATH, lt_pb_wire_name(bind_wire(b->kind)));
    if (!is_repeated_kind(b->kind)) continue;
    uint32_t *count = (uint32_t *)(v + b->count_off);
    int64_t n = f.wire == fd->wire ? 1 : lt_pb_packed_count(f.span, fd->wire);
    if ((uint64_t)n > b->limit - *count)
      return fail(d, f.offset, "%s.%s: more than %u elements", m->name,
                  fd->name, b->limit);
    *count += (uint32_t)n;
  }
  if (rc < 0) return -1;

  /* Arrays sized by the counts, which count again as they fill. */
  void *arrays[MAX_BINDS] = {0};
  for (uint32_t i = 0; i < m->num_binds; i++) {
    const bind_t *b = &m->binds[i];
    if (!is_repeated_kind(b->kind) || b->kind == B_COUNT) continue;
    uint32_t *count = (uint32_t *)(v + b->count_off);
    size_t align, size = elem_size(b, &align);
    arrays[i] = arena_array(d, *count, size, align);
    if (*count && !arrays[i]) return oom(d, offset);
    set_ptr(v, b, arrays[i]);
    *count = 0;
  }

  /* Pass two: the values. */
  lt_pb_reader_sub(&r, d->base, span);
  while ((rc = next_known(d, &r, m, &f, &fd)) > 0) {
    const bind_t *b = bind_of(m, f.number);
    if (!b) continue;
    char *dst = v + b->off;
    uint32_t *count = (uint32_t *)(v + b->count_off);
    switch ((bind_kind_t)b->kind) {
    case B_SKIP:
    case B_COUNT:
      break;
    case B_STR:
      *(lt_onnx_str_t *)dst = str_of(&f);
      break;
    case B_SPAN:
      *(lt_pb_span_t *)dst = f.span;
      break;
    case B_I32:
      *(int32_t *)dst = (int32_t)f.scalar;
      break;
    case B_I64:
      *(int64_t *)dst = (int64_t)f.scalar;
      break;
    case B_F32:
      *(float *)dst = lt_pb_bits_to_float((uint32_t)f.scalar);
      break;
    case B_MSG:
      if (decode_sub(d, b->sub, fd->name, -1, f.span, dst) < 0) return -1;
      break;
    case B_NEW: {
      const msg_desc_t *sm = &kMessages[b->sub];
      void *sub = arena_array(d, 1, sm->view_size, sm->view_align);
      if (!sub) return oom(d, f.offset);
      if (decode_sub(d, b->sub, fd->name, -1, f.span, sub) < 0) return -1;
      set_ptr(v, b, sub);
      break;
    }
    case B_STRS:
      ((lt_onnx_str_t *)arrays[f.number])[(*count)++] = str_of(&f);
      break;
    case B_I64S:
    case B_F32S:
      if (put_scalars(d, &f, fd->wire, arrays[f.number], count) < 0)
        return -1;
      break;
    case B_MSGS: {
      size_t align, size = elem_size(b, &align);
      char *elem = (char *)arrays[f.number] + (size_t)*count * size;
      if (decode_sub(d, b->sub, fd->name, *count, f.span, elem) < 0)
        return -1;
      (*count)++;
      break;
    }
    }
  }
  if (rc < 0) return -1;
  return m->finish ? m->finish(d, view, offset, seen) : 0;
}

static const uint8_t kEmpty[1];

int lt_onnx_decode_model(const uint8_t *data, size_t size, lt_arena_t *arena,
                         lt_onnx_model_t *out, lt_pb_error_t *err) {
  if (!data) data = kEmpty; /* a null pointer may not even be offset by 0 */
  dec_t d = {.base = data, .arena = arena, .err = err};
  memset(out, 0, sizeof(*out));
  return decode_msg(&d, MSG_ModelProto, (lt_pb_span_t){data, size}, out);
}

int lt_onnx_decode_tensor(const uint8_t *data, size_t size, lt_arena_t *arena,
                          lt_onnx_tensor_t *out, lt_pb_error_t *err) {
  if (!data) data = kEmpty;
  dec_t d = {.base = data, .arena = arena, .err = err};
  memset(out, 0, sizeof(*out));
  return decode_msg(&d, MSG_TensorProto, (lt_pb_span_t){data, size}, out);
}

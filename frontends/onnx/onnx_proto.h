/* onnx_proto.h - views of an ONNX model decoded in place: the messages the
 * importer reads (ModelProto, GraphProto, NodeProto, AttributeProto,
 * TensorProto, ValueInfoProto and the types inside) as structs whose strings
 * and byte fields point into the model's buffer. Tensor contents are not
 * touched here: a tensor view records where its data lies (raw_data, the
 * typed *_data fields, or an external file) and onnx_tensor.h reads it.
 *
 * Field numbers and wire types come from onnx_schema.h, generated at build
 * time from the system's onnx.proto; a field whose wire type disagrees with
 * the schema is malformed input. One decoder walks every message, driven by
 * a table per message that says which view member each field fills. */
#ifndef LITE_FRONTENDS_ONNX_PROTO_H
#define LITE_FRONTENDS_ONNX_PROTO_H

#include "frontends/onnx/onnx_wire.h"
#include "base/base.h"
#include "onnx_schema.h"

/* Field numbers: LT_ONNX_F_<Message>_<field>. */
enum {
#define LT_ONNX_X(msg, field, number, wire, label)                             \
  LT_ONNX_F_##msg##_##field = number,
#define LT_ONNX_MSG(msg) LT_ONNX_FIELDS_##msg(LT_ONNX_X)
  LT_ONNX_MESSAGES(LT_ONNX_MSG)
#undef LT_ONNX_MSG
#undef LT_ONNX_X
};

/* TensorProto.DataType, AttributeProto.AttributeType, DataLocation values:
 * LT_ONNX_<Enum>_<NAME>. */
enum {
#define LT_ONNX_X(e, name, value) LT_ONNX_##e##_##name = value,
  LT_ONNX_ENUM_TensorProto_DataType(LT_ONNX_X)
  LT_ONNX_ENUM_AttributeProto_AttributeType(LT_ONNX_X)
  LT_ONNX_ENUM_TensorProto_DataLocation(LT_ONNX_X)
#undef LT_ONNX_X
};

/* Limits on what a model may declare; beyond them the file is rejected
 * as malformed rather than allocated for. */
#define LT_ONNX_MAX_DIMS 64         /* rank of a tensor or value */
#define LT_ONNX_MAX_LIST (1u << 24) /* elements of an ints/floats/strings attr */
#define LT_ONNX_MAX_NODE_LIST (1u << 16) /* inputs, outputs, attributes of a node */
#define LT_ONNX_MAX_GRAPH_LIST (1u << 22) /* nodes, initializers, inputs, ... */

/* A string field: bytes in the buffer, not NUL-terminated. */
typedef struct lt_onnx_str {
  const char *data;
  size_t len;
} lt_onnx_str_t;

bool lt_onnx_str_eq(lt_onnx_str_t s, const char *cstr);

/* A StringStringEntryProto (a TensorProto's external_data). */
typedef struct lt_onnx_kv {
  lt_onnx_str_t key, value;
  size_t offset;
} lt_onnx_kv_t;

typedef struct lt_onnx_tensor {
  lt_onnx_str_t name;
  int32_t data_type; /* TensorProto.DataType */
  uint32_t rank;
  const int64_t *dims;
  bool has_raw_data;
  lt_pb_span_t raw_data;
  /* data_location EXTERNAL: the external_data entries, and what they say
   * (location, offset and length; -1 when absent). */
  int32_t data_location;
  bool external;
  uint32_t num_external_data;
  const lt_onnx_kv_t *external_data;
  lt_onnx_str_t location;
  int64_t ext_offset, ext_length;
  bool has_segment;
  lt_pb_span_t msg; /* the whole message: typed *_data fields are read
                       from it on demand */
  size_t offset;    /* of the message in the buffer */
} lt_onnx_tensor_t;

typedef struct lt_onnx_attr {
  lt_onnx_str_t name;
  int32_t type; /* AttributeType; deduced from the fields set when absent */
  float f;
  int64_t i;
  lt_onnx_str_t s;
  const lt_onnx_tensor_t *t;
  uint32_t num_ints, num_floats, num_strings;
  const int64_t *ints;
  const float *floats;
  const lt_onnx_str_t *strings;
  bool has_ref; /* ref_attr_name (function bodies only) */
  size_t offset;
} lt_onnx_attr_t;

typedef struct lt_onnx_node {
  lt_onnx_str_t name, op_type, domain;
  uint32_t num_inputs, num_outputs, num_attrs;
  const lt_onnx_str_t *inputs, *outputs;
  const lt_onnx_attr_t *attrs;
  size_t offset;
} lt_onnx_node_t;

typedef struct lt_onnx_dim {
  bool has_value;
  int64_t value;
  lt_onnx_str_t param; /* len 0 when absent */
} lt_onnx_dim_t;

typedef enum lt_onnx_type_kind {
  LT_ONNX_TYPE_ABSENT,
  LT_ONNX_TYPE_TENSOR,
  LT_ONNX_TYPE_SEQUENCE,
  LT_ONNX_TYPE_MAP,
  LT_ONNX_TYPE_OPTIONAL,
  LT_ONNX_TYPE_SPARSE_TENSOR
} lt_onnx_type_kind_t;

typedef struct lt_onnx_value_info {
  lt_onnx_str_t name;
  lt_onnx_type_kind_t kind;
  int32_t elem_type; /* tensor types */
  bool has_shape;    /* false: unknown rank */
  uint32_t rank;
  const lt_onnx_dim_t *dims;
  size_t offset;
} lt_onnx_value_info_t;

typedef struct lt_onnx_graph {
  lt_onnx_str_t name;
  uint32_t num_nodes, num_initializers, num_inputs, num_outputs;
  uint32_t num_sparse_initializers;
  const lt_onnx_node_t *nodes;
  const lt_onnx_tensor_t *initializers;
  const lt_onnx_value_info_t *inputs, *outputs;
} lt_onnx_graph_t;

typedef struct lt_onnx_opset {
  lt_onnx_str_t domain;
  int64_t version;
} lt_onnx_opset_t;

typedef struct lt_onnx_model {
  int64_t ir_version;
  uint32_t num_opsets, num_functions;
  const lt_onnx_opset_t *opsets;
  bool has_graph;
  lt_onnx_graph_t graph;
} lt_onnx_model_t;

/* Decodes a ModelProto in [data, data + size). Views point into the buffer
 * and into arena (which must outlive them). -1 with *err on malformed input
 * (err->message names the message and field); 0 on success. Out of memory
 * is reported as an error too. */
int lt_onnx_decode_model(const uint8_t *data, size_t size, lt_arena_t *arena,
                         lt_onnx_model_t *out, lt_pb_error_t *err);
/* Decodes one TensorProto (a .pb test data file). */
int lt_onnx_decode_tensor(const uint8_t *data, size_t size, lt_arena_t *arena,
                          lt_onnx_tensor_t *out, lt_pb_error_t *err);

/* The name of a TensorProto.DataType ("FLOAT"), "?" when unknown. */
const char *lt_onnx_data_type_name(int32_t data_type);
/* The name of an AttributeType ("INTS"). */
const char *lt_onnx_attr_type_name(int32_t type);

#endif /* LITE_FRONTENDS_ONNX_PROTO_H */

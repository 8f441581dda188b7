/* onnx_import_test.c - the ONNX importer's own protobuf decoder (varints,
 * wire types, bounds, nested messages, truncation at every byte), the
 * TensorProto reader (raw and typed data, external data, errors), and small
 * models imported from bytes written here by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dialects/dialects.h"
#include "frontends/onnx/onnx.h"
#include "frontends/onnx/onnx_proto.h"
#include "frontends/onnx/onnx_tensor.h"
#include "frontends/onnx/onnx_wire.h"
#include "ir/diagnostics.h"
#include "ir/printer.h"

#include "test/unit/lite_test_util.h"

/* ---- a protobuf writer ------------------------------------------------------- */
typedef struct pbw {
  uint8_t *data;
  size_t len, cap;
} pbw_t;

static void pbw_bytes(pbw_t *w, const void *p, size_t n) {
  if (w->len + n > w->cap) {
    size_t cap = w->cap ? w->cap * 2 : 64;
    while (cap < w->len + n)
      cap *= 2;
    w->data = realloc(w->data, cap);
    w->cap = cap;
  }
  if (n) memcpy(w->data + w->len, p, n);
  w->len += n;
}

static void pbw_varint(pbw_t *w, uint64_t v) {
  do {
    uint8_t b = (uint8_t)(v & 0x7f);
    v >>= 7;
    if (v) b |= 0x80;
    pbw_bytes(w, &b, 1);
  } while (v);
}

static void pbw_tag(pbw_t *w, uint32_t field, unsigned wire) {
  pbw_varint(w, ((uint64_t)field << 3) | wire);
}

static void pbw_int(pbw_t *w, uint32_t field, int64_t v) {
  pbw_tag(w, field, LT_PB_VARINT);
  pbw_varint(w, (uint64_t)v);
}

static void pbw_len(pbw_t *w, uint32_t field, const void *p, size_t n) {
  pbw_tag(w, field, LT_PB_LEN);
  pbw_varint(w, n);
  pbw_bytes(w, p, n);
}

static void pbw_str(pbw_t *w, uint32_t field, const char *s) {
  pbw_len(w, field, s, strlen(s));
}

static void pbw_msg(pbw_t *w, uint32_t field, pbw_t *sub) {
  pbw_len(w, field, sub->data, sub->len);
  free(sub->data);
  memset(sub, 0, sizeof(*sub));
}

static void pbw_float(pbw_t *w, uint32_t field, float f) {
  pbw_tag(w, field, LT_PB_I32);
  uint32_t bits;
  memcpy(&bits, &f, 4);
  uint8_t b[4] = {(uint8_t)bits, (uint8_t)(bits >> 8), (uint8_t)(bits >> 16),
                  (uint8_t)(bits >> 24)};
  pbw_bytes(w, b, 4);
}

/* ---- varints and fields --------------------------------------------------------- */
static void test_varints(void) {
  const uint64_t values[] = {0, 1, 127, 128, 300, 16383, 16384,
                             0xffffffffu, (uint64_t)-1, (uint64_t)1 << 63};
  for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
    pbw_t w = {0};
    pbw_varint(&w, values[i]);
    const uint8_t *p = w.data;
    uint64_t v = 0;
    CHECK(lt_pb_read_varint(&p, w.data + w.len, &v));
    CHECK(v == values[i]);
    CHECK(p == w.data + w.len);
    /* Every proper prefix is truncated. */
    for (size_t n = 0; n < w.len; n++) {
      p = w.data;
      CHECK(!lt_pb_read_varint(&p, w.data + n, &v));
    }
    free(w.data);
  }
  /* 2^64-1 takes 10 bytes; an 11th continuation byte, or a 10th byte over
   * 1, overflows 64 bits. */
  uint8_t eleven[11] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                        0xff, 0xff, 0xff, 0x81, 0x00};
  const uint8_t *p = eleven;
  uint64_t v;
  CHECK(!lt_pb_read_varint(&p, eleven + 11, &v));
  uint8_t big[10] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 2};
  p = big;
  CHECK(!lt_pb_read_varint(&p, big + 10, &v));
}

static void test_fields(void) {
  pbw_t w = {0};
  pbw_int(&w, 1, 150);
  pbw_str(&w, 2, "abc");
  pbw_float(&w, 3, 1.5f);
  pbw_tag(&w, 4, LT_PB_I64);
  uint8_t d[8] = {1, 0, 0, 0, 0, 0, 0, 0x80};
  pbw_bytes(&w, d, 8);
  lt_pb_reader_t r;
  lt_pb_reader_init(&r, w.data, w.len);
  lt_pb_field_t f;
  lt_pb_error_t err;
  CHECK(lt_pb_next(&r, &f, &err) == 1 && f.number == 1 &&
        f.wire == LT_PB_VARINT && f.scalar == 150 && f.offset == 0);
  CHECK(lt_pb_next(&r, &f, &err) == 1 && f.number == 2 &&
        f.wire == LT_PB_LEN && f.span.size == 3 &&
        memcmp(f.span.data, "abc", 3) == 0);
  CHECK(lt_pb_next(&r, &f, &err) == 1 && f.number == 3 &&
        lt_pb_bits_to_float((uint32_t)f.scalar) == 1.5f);
  CHECK(lt_pb_next(&r, &f, &err) == 1 && f.number == 4 &&
        f.scalar == 0x8000000000000001ull);
  CHECK(lt_pb_next(&r, &f, &err) == 0);

  /* A length past the end of the buffer. */
  uint8_t over[] = {0x12, 0x05, 'a', 'b'};
  lt_pb_reader_init(&r, over, sizeof(over));
  CHECK(lt_pb_next(&r, &f, &err) == -1);
  CHECK(err.offset == 1);
  CHECK(strstr(err.message, "length 5 exceeds the 2 bytes left") != NULL);
  /* Wire types 6 and 7 do not exist; groups are refused; field 0 is
   * invalid; a fixed32 needs 4 bytes. */
  uint8_t wt6[] = {0x0e, 0x00};
  lt_pb_reader_init(&r, wt6, sizeof(wt6));
  CHECK(lt_pb_next(&r, &f, &err) == -1 &&
        strstr(err.message, "wire type 6") != NULL);
  uint8_t group[] = {0x0b, 0x0c};
  lt_pb_reader_init(&r, group, sizeof(group));
  CHECK(lt_pb_next(&r, &f, &err) == -1 &&
        strstr(err.message, "start-group") != NULL);
  uint8_t zero[] = {0x00, 0x01};
  lt_pb_reader_init(&r, zero, sizeof(zero));
  CHECK(lt_pb_next(&r, &f, &err) == -1 &&
        strstr(err.message, "field number 0") != NULL);
  uint8_t short32[] = {0x0d, 1, 2};
  lt_pb_reader_init(&r, short32, sizeof(short32));
  CHECK(lt_pb_next(&r, &f, &err) == -1 && err.offset == 1 &&
        strstr(err.message, "expected 4 bytes") != NULL);

  /* Packed runs. */
  uint8_t packed[] = {0x96, 0x01, 0x05, 0xff, 0x7f};
  CHECK(lt_pb_packed_count((lt_pb_span_t){packed, 5}, LT_PB_VARINT) == 3);
  CHECK(lt_pb_packed_count((lt_pb_span_t){packed, 4}, LT_PB_VARINT) == -1);
  CHECK(lt_pb_packed_count((lt_pb_span_t){packed, 4}, LT_PB_I32) == 1);
  CHECK(lt_pb_packed_count((lt_pb_span_t){packed, 5}, LT_PB_I32) == -1);
  CHECK(lt_pb_packed_count((lt_pb_span_t){packed, 0}, LT_PB_I64) == 0);
  free(w.data);
}

/* ---- models written by hand ------------------------------------------------------- */
/* A ValueInfoProto: float tensor with the given dims (param "N" for -1). */
static void value_info(pbw_t *out, uint32_t field, const char *name,
                       int rank, const int64_t *dims) {
  pbw_t shape = {0}, tensor = {0}, type = {0}, vi = {0};
  for (int i = 0; i < rank; i++) {
    pbw_t dim = {0};
    if (dims[i] < 0)
      pbw_str(&dim, LT_ONNX_F_TensorShapeProto_Dimension_dim_param, "N");
    else
      pbw_int(&dim, LT_ONNX_F_TensorShapeProto_Dimension_dim_value, dims[i]);
    pbw_msg(&shape, LT_ONNX_F_TensorShapeProto_dim, &dim);
  }
  pbw_int(&tensor, LT_ONNX_F_TypeProto_Tensor_elem_type,
          LT_ONNX_TensorProto_DataType_FLOAT);
  pbw_msg(&tensor, LT_ONNX_F_TypeProto_Tensor_shape, &shape);
  pbw_msg(&type, LT_ONNX_F_TypeProto_tensor_type, &tensor);
  pbw_str(&vi, LT_ONNX_F_ValueInfoProto_name, name);
  pbw_msg(&vi, LT_ONNX_F_ValueInfoProto_type, &type);
  pbw_msg(out, field, &vi);
}

static void node(pbw_t *graph, const char *op, const char *in, const char *out,
                 const char *name) {
  pbw_t n = {0};
  if (in) pbw_str(&n, LT_ONNX_F_NodeProto_input, in);
  pbw_str(&n, LT_ONNX_F_NodeProto_output, out);
  if (name) pbw_str(&n, LT_ONNX_F_NodeProto_name, name);
  pbw_str(&n, LT_ONNX_F_NodeProto_op_type, op);
  pbw_msg(graph, LT_ONNX_F_GraphProto_node, &n);
}

/* x -> <op1> -> h -> <op2> -> y, opset 13, x : ?x4 (param N). */
static pbw_t two_node_model(const char *op1, const char *op2) {
  pbw_t g = {0}, m = {0}, opset = {0};
  node(&g, op1, "x", "h", "first");
  node(&g, op2, "h", "y", NULL);
  pbw_str(&g, LT_ONNX_F_GraphProto_name, "g");
  int64_t dims[2] = {-1, 4};
  value_info(&g, LT_ONNX_F_GraphProto_input, "x", 2, dims);
  value_info(&g, LT_ONNX_F_GraphProto_output, "y", 2, dims);
  pbw_int(&m, LT_ONNX_F_ModelProto_ir_version, 8);
  pbw_int(&opset, LT_ONNX_F_OperatorSetIdProto_version, 13);
  pbw_msg(&m, LT_ONNX_F_ModelProto_opset_import, &opset);
  pbw_msg(&m, LT_ONNX_F_ModelProto_graph, &g);
  return m;
}

static void test_decode_model(void) {
  pbw_t m = two_node_model("Relu", "Sigmoid");
  lt_arena_t arena;
  lt_arena_init(&arena, lt_allocator_system());
  lt_onnx_model_t model;
  lt_pb_error_t err;
  CHECK(lt_onnx_decode_model(m.data, m.len, &arena, &model, &err) == 0);
  CHECK(model.ir_version == 8 && model.num_opsets == 1 &&
        model.opsets[0].version == 13 && model.opsets[0].domain.len == 0);
  CHECK(model.has_graph && model.graph.num_nodes == 2);
  const lt_onnx_node_t *n0 = &model.graph.nodes[0];
  CHECK(lt_onnx_str_eq(n0->op_type, "Relu") && lt_onnx_str_eq(n0->name, "first"));
  CHECK(n0->num_inputs == 1 && lt_onnx_str_eq(n0->inputs[0], "x"));
  CHECK(n0->num_outputs == 1 && lt_onnx_str_eq(n0->outputs[0], "h"));
  CHECK(model.graph.num_inputs == 1 && model.graph.inputs[0].rank == 2);
  CHECK(!model.graph.inputs[0].dims[0].has_value &&
        lt_onnx_str_eq(model.graph.inputs[0].dims[0].param, "N"));
  CHECK(model.graph.inputs[0].dims[1].has_value &&
        model.graph.inputs[0].dims[1].value == 4);
  /* Views point into the buffer: no copies of strings. */
  CHECK((const uint8_t *)n0->op_type.data >= m.data &&
        (const uint8_t *)n0->op_type.data < m.data + m.len);

  /* Every truncation fails cleanly (or, where a prefix happens to be a
   * whole message, succeeds), and never reads past the prefix. */
  int failures = 0;
  for (size_t n = 0; n < m.len; n++) {
    uint8_t *copy = malloc(n ? n : 1);
    memcpy(copy, m.data, n);
    lt_onnx_model_t mm;
    if (lt_onnx_decode_model(copy, n, &arena, &mm, &err) < 0) {
      failures++;
      CHECK(err.offset <= n);
      CHECK(err.message[0] != '\0');
    }
    free(copy);
  }
  CHECK(failures > (int)m.len / 2);

  /* A known field with the wrong wire type names the field and path. */
  pbw_t bad = {0}, g = {0}, n = {0};
  pbw_int(&n, LT_ONNX_F_NodeProto_op_type, 3); /* a string as varint */
  pbw_msg(&g, LT_ONNX_F_GraphProto_node, &n);
  pbw_msg(&bad, LT_ONNX_F_ModelProto_graph, &g);
  CHECK(lt_onnx_decode_model(bad.data, bad.len, &arena, &model, &err) < 0);
  CHECK(strstr(err.message, "graph.node[0]") != NULL);
  CHECK(strstr(err.message, "NodeProto.op_type (field 4): expected wire type "
                            "length-delimited, got varint") != NULL);
  CHECK(err.offset == 4);
  free(bad.data);

  /* Unknown fields are skipped. */
  pbw_t unk = {0};
  pbw_int(&unk, 1000, 5);
  pbw_str(&unk, 1001, "zzz");
  pbw_int(&unk, LT_ONNX_F_ModelProto_ir_version, 7);
  CHECK(lt_onnx_decode_model(unk.data, unk.len, &arena, &model, &err) == 0);
  CHECK(model.ir_version == 7 && !model.has_graph);
  free(unk.data);

  /* Packed and unpacked repeated ints, and an attribute without `type`. */
  pbw_t attr = {0}, attr2 = {0}, node2 = {0}, g2 = {0}, m2 = {0};
  pbw_str(&attr, LT_ONNX_F_AttributeProto_name, "pads");
  pbw_int(&attr, LT_ONNX_F_AttributeProto_ints, 1);
  pbw_t packed = {0};
  pbw_varint(&packed, 2);
  pbw_varint(&packed, (uint64_t)-3);
  pbw_len(&attr, LT_ONNX_F_AttributeProto_ints, packed.data, packed.len);
  free(packed.data);
  pbw_str(&attr2, LT_ONNX_F_AttributeProto_name, "alpha");
  pbw_float(&attr2, LT_ONNX_F_AttributeProto_f, 0.25f);
  pbw_str(&node2, LT_ONNX_F_NodeProto_op_type, "X");
  pbw_msg(&node2, LT_ONNX_F_NodeProto_attribute, &attr);
  pbw_msg(&node2, LT_ONNX_F_NodeProto_attribute, &attr2);
  pbw_msg(&g2, LT_ONNX_F_GraphProto_node, &node2);
  pbw_msg(&m2, LT_ONNX_F_ModelProto_graph, &g2);
  CHECK(lt_onnx_decode_model(m2.data, m2.len, &arena, &model, &err) == 0);
  const lt_onnx_attr_t *a = &model.graph.nodes[0].attrs[0];
  CHECK(a->type == LT_ONNX_AttributeProto_AttributeType_INTS);
  CHECK(a->num_ints == 3 && a->ints[0] == 1 && a->ints[1] == 2 &&
        a->ints[2] == -3);
  const lt_onnx_attr_t *b = &model.graph.nodes[0].attrs[1];
  CHECK(b->type == LT_ONNX_AttributeProto_AttributeType_FLOAT && b->f == 0.25f);
  free(m2.data);

  /* A repeated field past its limit is refused at the field that crosses
   * it: 65 dims, the 65th in a packed run. */
  pbw_t big = {0}, dims = {0};
  for (int i = 0; i < LT_ONNX_MAX_DIMS; i++)
    pbw_int(&big, LT_ONNX_F_TensorProto_dims, 1);
  size_t packed_at = big.len;
  pbw_varint(&dims, 1);
  pbw_len(&big, LT_ONNX_F_TensorProto_dims, dims.data, dims.len);
  free(dims.data);
  lt_onnx_tensor_t tv;
  CHECK(lt_onnx_decode_tensor(big.data, big.len, &arena, &tv, &err) < 0);
  CHECK(strstr(err.message, "TensorProto.dims: more than 64 elements"));
  CHECK(err.offset == packed_at);
  free(big.data);

  /* external_data: its entries are read into the view, offset and length
   * must be decimal (the error names the entry). */
  pbw_t ext = {0}, e1 = {0}, e2 = {0};
  pbw_str(&e1, LT_ONNX_F_StringStringEntryProto_key, "location");
  pbw_str(&e1, LT_ONNX_F_StringStringEntryProto_value, "w.bin");
  pbw_str(&e2, LT_ONNX_F_StringStringEntryProto_key, "offset");
  pbw_str(&e2, LT_ONNX_F_StringStringEntryProto_value, "12");
  pbw_msg(&ext, LT_ONNX_F_TensorProto_external_data, &e1);
  pbw_msg(&ext, LT_ONNX_F_TensorProto_external_data, &e2);
  pbw_int(&ext, LT_ONNX_F_TensorProto_data_location,
          LT_ONNX_TensorProto_DataLocation_EXTERNAL);
  CHECK(lt_onnx_decode_tensor(ext.data, ext.len, &arena, &tv, &err) == 0);
  CHECK(tv.external && tv.num_external_data == 2 &&
        lt_onnx_str_eq(tv.location, "w.bin") && tv.ext_offset == 12 &&
        tv.ext_length == -1 && !tv.has_raw_data);
  pbw_t e3 = {0};
  pbw_str(&e3, LT_ONNX_F_StringStringEntryProto_key, "length");
  pbw_str(&e3, LT_ONNX_F_StringStringEntryProto_value, "12x");
  pbw_msg(&ext, LT_ONNX_F_TensorProto_external_data, &e3);
  CHECK(lt_onnx_decode_tensor(ext.data, ext.len, &arena, &tv, &err) < 0);
  CHECK(strstr(err.message, "external_data[2]: external_data length '12x' "
                            "is not a decimal number"));
  free(ext.data);

  /* A value whose type is not a tensor; a tensor of unknown rank. */
  pbw_t vi = {0}, ty = {0}, seq = {0}, tt = {0}, g3 = {0}, m3 = {0};
  pbw_str(&vi, LT_ONNX_F_ValueInfoProto_name, "s");
  pbw_msg(&ty, LT_ONNX_F_TypeProto_sequence_type, &seq);
  pbw_msg(&vi, LT_ONNX_F_ValueInfoProto_type, &ty);
  pbw_msg(&g3, LT_ONNX_F_GraphProto_input, &vi);
  pbw_str(&vi, LT_ONNX_F_ValueInfoProto_name, "t");
  pbw_int(&tt, LT_ONNX_F_TypeProto_Tensor_elem_type,
          LT_ONNX_TensorProto_DataType_INT8);
  pbw_msg(&ty, LT_ONNX_F_TypeProto_tensor_type, &tt);
  pbw_msg(&vi, LT_ONNX_F_ValueInfoProto_type, &ty);
  pbw_msg(&g3, LT_ONNX_F_GraphProto_input, &vi);
  pbw_msg(&m3, LT_ONNX_F_ModelProto_graph, &g3);
  CHECK(lt_onnx_decode_model(m3.data, m3.len, &arena, &model, &err) == 0);
  CHECK(model.graph.num_inputs == 2 &&
        model.graph.inputs[0].kind == LT_ONNX_TYPE_SEQUENCE &&
        model.graph.inputs[1].kind == LT_ONNX_TYPE_TENSOR &&
        model.graph.inputs[1].elem_type == LT_ONNX_TensorProto_DataType_INT8 &&
        !model.graph.inputs[1].has_shape);
  free(m3.data);

  lt_arena_deinit(&arena);
  free(m.data);
}

/* ---- the tensor reader ---------------------------------------------------------------- */
static char g_dir[256];

static const char *write_file(const char *name, const void *data, size_t n) {
  static char path[512];
  snprintf(path, sizeof(path), "%s/%s", g_dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) return NULL;
  fwrite(data, 1, n, f);
  fclose(f);
  return path;
}

static void test_tensor_reader(void) {
  lt_allocator_t a = lt_allocator_system();
  lk_tensor_t t;
  char *name;

  /* raw_data, f32 2x3. */
  pbw_t w = {0};
  pbw_int(&w, LT_ONNX_F_TensorProto_dims, 2);
  pbw_int(&w, LT_ONNX_F_TensorProto_dims, 3);
  pbw_int(&w, LT_ONNX_F_TensorProto_data_type,
          LT_ONNX_TensorProto_DataType_FLOAT);
  pbw_str(&w, LT_ONNX_F_TensorProto_name, "x");
  float vals[6] = {1, 2, 3, 4, 5, -6};
  pbw_len(&w, LT_ONNX_F_TensorProto_raw_data, vals, sizeof(vals));
  const char *path = write_file("raw.pb", w.data, w.len);
  lt_status_t st = lt_onnx_read_tensor_file(path, a, &t, &name);
  CHECK(st == LT_OK);
  if (!st) {
    CHECK(t.dtype == LK_F32 && t.rank == 2 && t.dims[0] == 2 && t.dims[1] == 3);
    CHECK(memcmp(t.data, vals, sizeof(vals)) == 0);
    CHECK(name && strcmp(name, "x") == 0);
    lt_free(a, t.data, lk_nbytes(&t));
    lt_free(a, name, strlen(name) + 1);
  }
  /* raw_data of the wrong size. */
  w.len -= 4;
  w.data[w.len - sizeof(vals) + 4 - 1] = 20; /* length byte: 20 */
  path = write_file("short.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), "raw_data holds 20 bytes, expected 24"));
  lt_status_free(st);
  /* Truncated in the middle of the dims. */
  path = write_file("trunc.pb", w.data, 3);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
        strstr(lt_status_message(st), "malformed TensorProto at byte"));
  lt_status_free(st);
  free(w.data);

  /* int8 values in int32_data (packed, negative values as 10-byte
   * varints), no name. */
  memset(&w, 0, sizeof(w));
  pbw_int(&w, LT_ONNX_F_TensorProto_dims, 3);
  pbw_int(&w, LT_ONNX_F_TensorProto_data_type,
          LT_ONNX_TensorProto_DataType_INT8);
  pbw_t packed = {0};
  pbw_varint(&packed, (uint64_t)(int64_t)-128);
  pbw_varint(&packed, 0);
  pbw_varint(&packed, 127);
  pbw_len(&w, LT_ONNX_F_TensorProto_int32_data, packed.data, packed.len);
  free(packed.data);
  path = write_file("i8.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, &name);
  CHECK(st == LT_OK);
  if (!st) {
    int8_t *p = t.data;
    CHECK(t.dtype == LK_I8 && t.rank == 1 && t.dims[0] == 3);
    CHECK(p[0] == -128 && p[1] == 0 && p[2] == 127 && name == NULL);
    lt_free(a, t.data, lk_nbytes(&t));
  }
  free(w.data);

  /* int64_data unpacked, a scalar; double_data; a count mismatch. */
  memset(&w, 0, sizeof(w));
  pbw_int(&w, LT_ONNX_F_TensorProto_data_type,
          LT_ONNX_TensorProto_DataType_INT64);
  pbw_int(&w, LT_ONNX_F_TensorProto_int64_data, -5);
  path = write_file("i64.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st == LT_OK && t.rank == 0 && *(int64_t *)t.data == -5);
  if (!st) lt_free(a, t.data, lk_nbytes(&t));
  pbw_int(&w, LT_ONNX_F_TensorProto_int64_data, 6);
  path = write_file("i64b.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st && strstr(lt_status_message(st),
                     "int64_data holds 2 values, expected 1"));
  lt_status_free(st);
  free(w.data);

  /* Strings are not supported (UNIMPLEMENTED, not malformed). */
  memset(&w, 0, sizeof(w));
  pbw_int(&w, LT_ONNX_F_TensorProto_data_type,
          LT_ONNX_TensorProto_DataType_STRING);
  path = write_file("str.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st && lt_status_code(st) == LT_STATUS_UNIMPLEMENTED &&
        strstr(lt_status_message(st), "element type STRING"));
  lt_status_free(st);
  free(w.data);

  /* External data: offset/length into a file next to the tensor. */
  uint8_t blob[16] = {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9};
  write_file("weights.bin", blob, sizeof(blob));
  memset(&w, 0, sizeof(w));
  pbw_int(&w, LT_ONNX_F_TensorProto_dims, 8);
  pbw_int(&w, LT_ONNX_F_TensorProto_data_type,
          LT_ONNX_TensorProto_DataType_UINT8);
  pbw_t e1 = {0}, e2 = {0}, e3 = {0};
  pbw_str(&e1, LT_ONNX_F_StringStringEntryProto_key, "location");
  pbw_str(&e1, LT_ONNX_F_StringStringEntryProto_value, "weights.bin");
  pbw_str(&e2, LT_ONNX_F_StringStringEntryProto_key, "offset");
  pbw_str(&e2, LT_ONNX_F_StringStringEntryProto_value, "4");
  pbw_str(&e3, LT_ONNX_F_StringStringEntryProto_key, "length");
  pbw_str(&e3, LT_ONNX_F_StringStringEntryProto_value, "8");
  pbw_msg(&w, LT_ONNX_F_TensorProto_external_data, &e1);
  pbw_msg(&w, LT_ONNX_F_TensorProto_external_data, &e2);
  pbw_msg(&w, LT_ONNX_F_TensorProto_external_data, &e3);
  pbw_int(&w, LT_ONNX_F_TensorProto_data_location,
          LT_ONNX_TensorProto_DataLocation_EXTERNAL);
  path = write_file("ext.pb", w.data, w.len);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st == LT_OK);
  if (!st) {
    CHECK(t.dtype == LK_U8 && memcmp(t.data, blob + 4, 8) == 0);
    lt_free(a, t.data, lk_nbytes(&t));
  }
  /* ... a missing external file, and a range past its end. */
  char missing[300];
  snprintf(missing, sizeof(missing), "%s/weights.bin", g_dir);
  unlink(missing);
  st = lt_onnx_read_tensor_file(path, a, &t, NULL);
  CHECK(st && lt_status_code(st) == LT_STATUS_NOT_FOUND &&
        strstr(lt_status_message(st), "cannot open external data file"));
  lt_status_free(st);
  char ext[512];
  snprintf(ext, sizeof(ext), "%s", path);
  write_file("weights.bin", blob, 10);
  st = lt_onnx_read_tensor_file(ext, a, &t, NULL);
  CHECK(st && strstr(lt_status_message(st), "lies outside"));
  lt_status_free(st);
  free(w.data);

  st = lt_onnx_read_tensor_file("/nonexistent/x.pb", a, &t, NULL);
  CHECK(st && lt_status_code(st) == LT_STATUS_NOT_FOUND);
  lt_status_free(st);
}

/* ---- importing ---------------------------------------------------------------------- */
static void test_import(void) {
  lite_log_t log; /* keeps the importer's diagnostics off stderr */
  lt_context_t *ctx = lite_context(&log);
  pbw_t m = two_node_model("Relu", "Sigmoid");
  lt_op_t *module = NULL;
  lt_status_t st = lt_onnx_import_buffer(ctx, m.data, m.len, "two.onnx", NULL,
                                         &module);
  CHECK(st == LT_OK && module);
  if (module) {
    lt_strbuf_t out = {0};
    lt_print_flags_t flags;
    lt_print_flags_init(&flags);
    flags.debuginfo = true;
    lt_op_print(module, &flags, &out);
    CHECK(strstr(out.data, "\"lite.relu\"") && strstr(out.data, "\"lite.sigmoid\""));
    CHECK(strstr(out.data, "tensor<?x4xf32> {lite.name = \"x\"}"));
    CHECK(strstr(out.data, "loc(\"first\")"));
    CHECK(strstr(out.data, "loc(\"Sigmoid_1\")"));
    lt_strbuf_free(&out);
    lt_op_destroy(module);
  }
  /* Symbolic dims take their size from dim_params. */
  lt_onnx_import_options_t opts;
  lt_onnx_import_options_init(&opts);
  opts.dim_params = "N=5";
  st = lt_onnx_import_buffer(ctx, m.data, m.len, "two.onnx", &opts, &module);
  CHECK(st == LT_OK);
  if (module) {
    lt_strbuf_t out = {0};
    lt_op_print(module, NULL, &out);
    CHECK(strstr(out.data, "tensor<5x4xf32>"));
    lt_strbuf_free(&out);
    lt_op_destroy(module);
  }
  opts.dim_params = "N5";
  st = lt_onnx_import_buffer(ctx, m.data, m.len, "two.onnx", &opts, &module);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  free(m.data);

  /* Unsupported ops: UNIMPLEMENTED, every one listed. */
  m = two_node_model("NoSuchOp", "AlsoMissing");
  st = lt_onnx_import_buffer(ctx, m.data, m.len, "bad.onnx", NULL, &module);
  CHECK(st && lt_status_code(st) == LT_STATUS_UNIMPLEMENTED && !module);
  CHECK(st && strstr(lt_status_message(st),
                     "bad.onnx: unsupported ONNX operators: NoSuchOp (opset "
                     "13, node 'first'), AlsoMissing (opset 13, node "
                     "'AlsoMissing_1')"));
  lt_status_free(st);

  /* Malformed: INVALID_ARGUMENT with the byte offset. */
  st = lt_onnx_import_buffer(ctx, m.data, m.len - 3, "cut.onnx", NULL,
                             &module);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT && !module);
  CHECK(st && strstr(lt_status_message(st), "cut.onnx: malformed ONNX model "
                                            "at byte"));
  lt_status_free(st);
  free(m.data);

  /* Not a model at all: no graph. */
  const char text[] = "hello";
  st = lt_onnx_import_buffer(ctx, text, 5, "text", NULL, &module);
  CHECK(st && lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);

  st = lt_onnx_import_file(ctx, "/nonexistent.onnx", NULL, &module);
  CHECK(st && lt_status_code(st) == LT_STATUS_NOT_FOUND &&
        strstr(lt_status_message(st), "/nonexistent.onnx"));
  lt_status_free(st);
  lt_context_destroy(ctx);
  lite_log_free(&log);
}

int main(void) {
  snprintf(g_dir, sizeof(g_dir), "/tmp/onnx_import_test.XXXXXX");
  if (!mkdtemp(g_dir)) return 1;
  test_varints();
  test_fields();
  test_decode_model();
  test_tensor_reader();
  test_import();
  char cmd[300];
  snprintf(cmd, sizeof(cmd), "rm -rf '%s'", g_dir);
  if (system(cmd) != 0) g_failures++;
  return test_exit_status();
}

/* onnx_wire.c - the protobuf wire-format reader. */
#include "frontends/onnx/onnx_wire.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void lt_pb_reader_init(lt_pb_reader_t *r, const void *data, size_t size) {
  /* Offsetting a null pointer, even by 0, is undefined. */
  static const uint8_t empty[1];
  if (!data) data = empty;
  r->base = data;
  r->pos = data;
  r->end = r->pos + size;
}

void lt_pb_reader_sub(lt_pb_reader_t *r, const uint8_t *base,
                      lt_pb_span_t span) {
  r->base = base;
  r->pos = span.data;
  r->end = span.data + span.size;
}

int lt_pb_fail(lt_pb_error_t *err, size_t offset, const char *fmt, ...) {
  if (!err) return -1;
  err->offset = offset;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof(err->message), fmt, ap);
  va_end(ap);
  return -1;
}

const char *lt_pb_wire_name(lt_pb_wire_t wire) {
  switch (wire) {
  case LT_PB_VARINT:
    return "varint";
  case LT_PB_I64:
    return "64-bit";
  case LT_PB_LEN:
    return "length-delimited";
  case LT_PB_SGROUP:
    return "start-group";
  case LT_PB_EGROUP:
    return "end-group";
  case LT_PB_I32:
    return "32-bit";
  }
  return "invalid";
}

bool lt_pb_read_varint(const uint8_t **pos, const uint8_t *end,
                       uint64_t *out) {
  const uint8_t *p = *pos;
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (p >= end) return false;
    uint8_t byte = *p++;
    /* The tenth byte may only carry the top bit of a 64-bit value. */
    if (shift == 63 && byte > 1) return false;
    v |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      *pos = p;
      *out = v;
      return true;
    }
  }
  return false;
}

static uint64_t load_le(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

int lt_pb_next(lt_pb_reader_t *r, lt_pb_field_t *out, lt_pb_error_t *err) {
  if (r->pos >= r->end) return 0;
  const uint8_t *start = r->pos;
  size_t offset = lt_pb_offset(r, start);
  uint64_t tag;
  if (!lt_pb_read_varint(&r->pos, r->end, &tag))
    return lt_pb_fail(err, offset, "expected a field tag (truncated varint)");
  uint64_t number = tag >> 3;
  unsigned wire = (unsigned)(tag & 7);
  if (number == 0 || number > 0x1fffffff)
    return lt_pb_fail(err, offset, "invalid field number %llu",
                      (unsigned long long)number);
  out->number = (uint32_t)number;
  out->wire = (lt_pb_wire_t)wire;
  out->offset = offset;
  out->scalar = 0;
  out->span.data = NULL;
  out->span.size = 0;
  size_t left;
  switch (wire) {
  case LT_PB_VARINT:
    if (!lt_pb_read_varint(&r->pos, r->end, &out->scalar))
      return lt_pb_fail(err, lt_pb_offset(r, r->pos),
                        "field %u: expected a varint (truncated or over 10 "
                        "bytes)",
                        out->number);
    return 1;
  case LT_PB_I64:
  case LT_PB_I32: {
    unsigned n = wire == LT_PB_I64 ? 8 : 4;
    left = (size_t)(r->end - r->pos);
    if (left < n)
      return lt_pb_fail(err, lt_pb_offset(r, r->pos),
                        "field %u: expected %u bytes of a %s value, %zu left",
                        out->number, n, lt_pb_wire_name(out->wire), left);
    out->scalar = load_le(r->pos, n);
    r->pos += n;
    return 1;
  }
  case LT_PB_LEN: {
    uint64_t len;
    const uint8_t *len_at = r->pos;
    if (!lt_pb_read_varint(&r->pos, r->end, &len))
      return lt_pb_fail(err, lt_pb_offset(r, len_at),
                        "field %u: expected a length (truncated varint)",
                        out->number);
    left = (size_t)(r->end - r->pos);
    if (len > left)
      return lt_pb_fail(err, lt_pb_offset(r, len_at),
                        "field %u: length %llu exceeds the %zu bytes left",
                        out->number, (unsigned long long)len, left);
    out->span.data = r->pos;
    out->span.size = (size_t)len;
    r->pos += len;
    return 1;
  }
  default:
    return lt_pb_fail(err, offset, "field %u: unsupported wire type %u (%s)",
                      out->number, wire, lt_pb_wire_name(out->wire));
  }
}

int64_t lt_pb_packed_count(lt_pb_span_t span, lt_pb_wire_t wire) {
  switch (wire) {
  case LT_PB_VARINT: {
    int64_t n = 0;
    for (size_t i = 0; i < span.size; i++)
      n += !(span.data[i] & 0x80);
    /* The last value must be terminated. */
    if (span.size && (span.data[span.size - 1] & 0x80)) return -1;
    return n;
  }
  case LT_PB_I32:
    return span.size % 4 ? -1 : (int64_t)(span.size / 4);
  case LT_PB_I64:
    return span.size % 8 ? -1 : (int64_t)(span.size / 8);
  default:
    return -1;
  }
}

uint32_t lt_pb_fixed32_at(lt_pb_span_t span, size_t i) {
  return (uint32_t)load_le(span.data + 4 * i, 4);
}

uint64_t lt_pb_fixed64_at(lt_pb_span_t span, size_t i) {
  return load_le(span.data + 8 * i, 8);
}

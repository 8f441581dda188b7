/* onnx_wire.h - a protobuf wire-format reader that decodes in place: fields
 * are read straight from the caller's buffer (an mmap of the model), and
 * length-delimited fields are handed out as spans into it, never copied.
 * Every length is checked against the bytes left, so any byte string is
 * safe to read; a malformed one gives an error with its byte offset.
 *
 * It knows no schema: onnx_proto.h binds the field numbers generated from
 * the system's onnx.proto. */
#ifndef LITE_FRONTENDS_ONNX_WIRE_H
#define LITE_FRONTENDS_ONNX_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Wire types (protobuf encoding spec); groups are recognized to be
 * rejected, ONNX never uses them. */
typedef enum lt_pb_wire {
  LT_PB_VARINT = 0,
  LT_PB_I64 = 1,
  LT_PB_LEN = 2,
  LT_PB_SGROUP = 3,
  LT_PB_EGROUP = 4,
  LT_PB_I32 = 5
} lt_pb_wire_t;

/* A byte range of the buffer being decoded. */
typedef struct lt_pb_span {
  const uint8_t *data;
  size_t size;
} lt_pb_span_t;

/* Where and why decoding failed. offset counts from the buffer's start. */
typedef struct lt_pb_error {
  size_t offset;
  char message[256];
} lt_pb_error_t;

/* A cursor over the fields of one message. base is the start of the whole
 * buffer (for offsets in messages); [pos, end) the bytes left. */
typedef struct lt_pb_reader {
  const uint8_t *base;
  const uint8_t *pos, *end;
} lt_pb_reader_t;

/* One field as read: its number and wire type, the scalar payload (VARINT:
 * the value; I32/I64: the little-endian bits) or the span of a LEN field,
 * and the offset of its tag. */
typedef struct lt_pb_field {
  uint32_t number;
  lt_pb_wire_t wire;
  uint64_t scalar;
  lt_pb_span_t span;
  size_t offset;
} lt_pb_field_t;

/* A reader over a whole buffer / over the contents of a LEN field (span
 * must lie inside the buffer that starts at base). */
void lt_pb_reader_init(lt_pb_reader_t *r, const void *data, size_t size);
void lt_pb_reader_sub(lt_pb_reader_t *r, const uint8_t *base,
                      lt_pb_span_t span);

/* Offset of p from the start of the buffer. */
static inline size_t lt_pb_offset(const lt_pb_reader_t *r, const uint8_t *p) {
  return (size_t)(p - r->base);
}

/* Reads a base-128 varint at *pos (at most 10 bytes, not past end) and
 * advances *pos. False when it is truncated or longer than 64 bits. */
bool lt_pb_read_varint(const uint8_t **pos, const uint8_t *end,
                       uint64_t *out);

/* Reads the next field. Returns 1 with *out filled, 0 at the end of the
 * message, -1 on malformed input (*err says what was expected where). */
int lt_pb_next(lt_pb_reader_t *r, lt_pb_field_t *out, lt_pb_error_t *err);

/* Fills err with "<what>" at offset (printf style). Returns -1. */
int lt_pb_fail(lt_pb_error_t *err, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The name of a wire type for messages ("varint", "length-delimited"). */
const char *lt_pb_wire_name(lt_pb_wire_t wire);

/* ---- packed repeated scalars ---------------------------------------------
 * A repeated scalar may be packed (one LEN field of concatenated values) or
 * not (one field per value); readers accept both. */
/* Number of values in a packed span of wire type `wire` (VARINT: counts
 * terminating bytes; I32/I64: size / 4 or 8). -1 when the span is not a
 * whole number of values. */
int64_t lt_pb_packed_count(lt_pb_span_t span, lt_pb_wire_t wire);
/* Value i-th of a packed I32/I64 span (the caller bounds-checked i). */
uint32_t lt_pb_fixed32_at(lt_pb_span_t span, size_t i);
uint64_t lt_pb_fixed64_at(lt_pb_span_t span, size_t i);

static inline float lt_pb_bits_to_float(uint32_t bits) {
  union {
    uint32_t u;
    float f;
  } v = {.u = bits};
  return v.f;
}
static inline double lt_pb_bits_to_double(uint64_t bits) {
  union {
    uint64_t u;
    double d;
  } v = {.u = bits};
  return v.d;
}

#endif /* LITE_FRONTENDS_ONNX_WIRE_H */

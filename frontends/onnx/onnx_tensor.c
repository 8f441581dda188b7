/* onnx_tensor.c - TensorProto contents: raw_data in place, typed *_data
 * fields, external data files; and mapping model files. */
#include "frontends/onnx/onnx_tensor.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

bool lt_onnx_dtype(int32_t data_type, lk_dtype_t *out) {
  switch (data_type) {
  case LT_ONNX_TensorProto_DataType_FLOAT:
    *out = LK_F32;
    return true;
  case LT_ONNX_TensorProto_DataType_DOUBLE:
    *out = LK_F64;
    return true;
  case LT_ONNX_TensorProto_DataType_FLOAT16:
    *out = LK_F16;
    return true;
  case LT_ONNX_TensorProto_DataType_BFLOAT16:
    *out = LK_BF16;
    return true;
  case LT_ONNX_TensorProto_DataType_INT8:
    *out = LK_I8;
    return true;
  case LT_ONNX_TensorProto_DataType_INT16:
    *out = LK_I16;
    return true;
  case LT_ONNX_TensorProto_DataType_INT32:
    *out = LK_I32;
    return true;
  case LT_ONNX_TensorProto_DataType_INT64:
    *out = LK_I64;
    return true;
  case LT_ONNX_TensorProto_DataType_UINT8:
    *out = LK_U8;
    return true;
  case LT_ONNX_TensorProto_DataType_UINT16:
    *out = LK_U16;
    return true;
  case LT_ONNX_TensorProto_DataType_UINT32:
    *out = LK_U32;
    return true;
  case LT_ONNX_TensorProto_DataType_UINT64:
    *out = LK_U64;
    return true;
  case LT_ONNX_TensorProto_DataType_BOOL:
    *out = LK_BOOL;
    return true;
  default:
    return false;
  }
}

bool lt_onnx_tensor_numel(const lt_onnx_tensor_t *t, int64_t *out_numel) {
  int64_t n = 1;
  for (uint32_t i = 0; i < t->rank; i++) {
    int64_t d = t->dims[i];
    if (d < 0) return false;
    if (d && n > ((int64_t)1 << 59) / d) return false;
    n *= d;
  }
  *out_numel = n;
  return true;
}

/* "[model: ]tensor 'name' (at byte N)", what messages start with. */
static void describe(const lt_onnx_tensor_t *t, const char *model, char *buf,
                     size_t cap) {
  snprintf(buf, cap, "%s%stensor '%.*s' (at byte %zu)", model ? model : "",
           model ? ": " : "", (int)(t->name.len > 200 ? 200 : t->name.len),
           t->name.data ? t->name.data : "", t->offset);
}

/* ---- typed *_data fields ---------------------------------------------------
 */
typedef struct typed_field {
  uint32_t number;
  lt_pb_wire_t wire;
  const char *name;
} typed_field_t;

/* Where ONNX keeps values of each dtype when not in raw_data (onnx.proto's
 * comments on the *_data fields). */
static bool typed_field_of(lk_dtype_t dtype, typed_field_t *out) {
  switch (dtype) {
  case LK_F32:
    *out = (typed_field_t){LT_ONNX_F_TensorProto_float_data, LT_PB_I32,
                           "float_data"};
    return true;
  case LK_F64:
    *out = (typed_field_t){LT_ONNX_F_TensorProto_double_data, LT_PB_I64,
                           "double_data"};
    return true;
  case LK_I64:
    *out = (typed_field_t){LT_ONNX_F_TensorProto_int64_data, LT_PB_VARINT,
                           "int64_data"};
    return true;
  case LK_U32:
  case LK_U64:
    *out = (typed_field_t){LT_ONNX_F_TensorProto_uint64_data, LT_PB_VARINT,
                           "uint64_data"};
    return true;
  case LK_I8:
  case LK_I16:
  case LK_I32:
  case LK_U8:
  case LK_U16:
  case LK_BOOL:
  case LK_F16:
  case LK_BF16:
    *out = (typed_field_t){LT_ONNX_F_TensorProto_int32_data, LT_PB_VARINT,
                           "int32_data"};
    return true;
  default:
    return false;
  }
}

/* Stores one wire value as element i of dst. */
static void store_typed(uint8_t *dst, lk_dtype_t dtype, int64_t i, uint64_t v) {
  switch (dtype) {
  case LK_F32: {
    uint32_t bits = (uint32_t)v;
    memcpy(dst + 4 * i, &bits, 4);
    break;
  }
  case LK_F64:
  case LK_I64:
  case LK_U64:
    memcpy(dst + 8 * i, &v, 8);
    break;
  case LK_I32:
  case LK_U32: {
    uint32_t x = (uint32_t)v;
    memcpy(dst + 4 * i, &x, 4);
    break;
  }
  case LK_I16:
  case LK_U16:
  case LK_F16:
  case LK_BF16: {
    uint16_t x = (uint16_t)v;
    memcpy(dst + 2 * i, &x, 2);
    break;
  }
  case LK_BOOL:
    dst[i] = v != 0;
    break;
  default: /* I8, U8 */
    dst[i] = (uint8_t)v;
    break;
  }
}

/* Reads the typed field of t into owned memory; *out_found tells whether
 * the field occurs at all. */
static lt_status_t read_typed(const lt_onnx_tensor_t *t, lk_dtype_t dtype,
                              int64_t numel, const uint8_t *base,
                              const char *model, lt_allocator_t allocator,
                              lt_onnx_data_t *out, bool *out_found) {
  char what[300];
  describe(t, model, what, sizeof(what));
  typed_field_t tf;
  *out_found = false;
  if (!typed_field_of(dtype, &tf))
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "%s: element type %s has no typed data field", what,
                          lk_dtype_name(dtype));
  /* Pass 1: count the values (packed or not). */
  int64_t count = 0;
  lt_pb_reader_t r;
  lt_pb_reader_sub(&r, base, t->msg);
  lt_pb_field_t f;
  lt_pb_error_t err;
  int rc;
  while ((rc = lt_pb_next(&r, &f, &err)) > 0) {
    if (f.number != tf.number) continue;
    *out_found = true;
    if (f.wire == LT_PB_LEN)
      count += lt_pb_packed_count(f.span, tf.wire);
    else if (f.wire == tf.wire)
      count++;
  }
  if (rc < 0)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: malformed protobuf at byte %zu: %s", what,
                          err.offset, err.message);
  if (!*out_found) return LT_OK;
  if (count != numel)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: %s holds %lld values, expected %lld (the "
                          "product of its dims)",
                          what, tf.name, (long long)count, (long long)numel);
  size_t size = (size_t)numel * lk_dtype_size(dtype);
  uint8_t *dst = lt_alloc(allocator, size ? size : 1);
  if (!dst)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "%s: cannot allocate %zu bytes", what, size);
  /* Pass 2: decode. */
  int64_t i = 0;
  lt_pb_reader_sub(&r, base, t->msg);
  while (lt_pb_next(&r, &f, &err) > 0) {
    if (f.number != tf.number) continue;
    if (f.wire != LT_PB_LEN) {
      if (f.wire == tf.wire && i < numel)
        store_typed(dst, dtype, i++, f.scalar);
      continue;
    }
    const uint8_t *p = f.span.data, *end = p + f.span.size;
    while (p < end && i < numel) {
      uint64_t v;
      if (tf.wire == LT_PB_VARINT) {
        if (!lt_pb_read_varint(&p, end, &v)) {
          lt_free(allocator, dst, size ? size : 1);
          return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                                "%s: malformed protobuf at byte %zu: %s: "
                                "packed varint over 10 bytes",
                                what, (size_t)(p - base), tf.name);
        }
      } else if (tf.wire == LT_PB_I32) {
        v = lt_pb_fixed32_at((lt_pb_span_t){p, 4}, 0);
        p += 4;
      } else {
        v = lt_pb_fixed64_at((lt_pb_span_t){p, 8}, 0);
        p += 8;
      }
      store_typed(dst, dtype, i++, v);
    }
  }
  out->data = dst;
  out->size = size;
  out->owned = dst;
  out->owned_size = size ? size : 1;
  return LT_OK;
}

/* ---- external data ----------------------------------------------------------
 */
static lt_status_t read_external(const lt_onnx_tensor_t *t, size_t size,
                                 const char *model, const char *dir,
                                 lt_onnx_data_t *out) {
  char what[300];
  describe(t, model, what, sizeof(what));
  if (!t->location.len)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data without a 'location'", what);
  if (!dir)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data needs the model's directory "
                          "(import the model from a file)",
                          what);
  /* The location is relative to the model's directory and stays inside
   * it (as onnx.checker requires). */
  const char *loc = t->location.data;
  size_t n = t->location.len;
  bool escapes = loc[0] == '/' || memchr(loc, '\0', n) != NULL;
  for (size_t i = 0; i + 1 < n && !escapes; i++)
    if (loc[i] == '.' && loc[i + 1] == '.' && (i == 0 || loc[i - 1] == '/') &&
        (i + 2 == n || loc[i + 2] == '/'))
      escapes = true;
  if (escapes)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data location '%.*s' must be a "
                          "relative path inside the model's directory",
                          what, (int)(n > 200 ? 200 : n), loc);
  char path[4096];
  int len = snprintf(path, sizeof(path), "%s/%.*s", dir, (int)n, loc);
  if (len < 0 || (size_t)len >= sizeof(path))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data path too long", what);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return lt_status_make(errno == ENOENT ? LT_STATUS_NOT_FOUND : LT_STATUS_IO,
                          "%s: cannot open external data file '%s': %s", what,
                          path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return lt_status_make(LT_STATUS_IO,
                          "%s: external data '%s' is not a regular file", what,
                          path);
  }
  uint64_t file_size = (uint64_t)st.st_size;
  uint64_t offset = t->ext_offset < 0 ? 0 : (uint64_t)t->ext_offset;
  uint64_t length = t->ext_length < 0
                        ? (offset <= file_size ? file_size - offset : 0)
                        : (uint64_t)t->ext_length;
  if (offset > file_size || length > file_size - offset) {
    close(fd);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data range [%llu, %llu) lies "
                          "outside '%s' (%llu bytes)",
                          what, (unsigned long long)offset,
                          (unsigned long long)(offset + length), path,
                          (unsigned long long)file_size);
  }
  if (length != size) {
    close(fd);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: external data holds %llu bytes, expected "
                          "%zu",
                          what, (unsigned long long)length, size);
  }
  if (size == 0) {
    close(fd);
    out->data = NULL;
    out->size = 0;
    return LT_OK;
  }
  long page = sysconf(_SC_PAGESIZE);
  uint64_t start = offset - offset % (uint64_t)(page > 0 ? page : 4096);
  size_t map_size = (size_t)(offset - start) + size;
  void *m = mmap(NULL, map_size, PROT_READ, MAP_PRIVATE, fd, (off_t)start);
  int e = errno;
  close(fd);
  if (m == MAP_FAILED)
    return lt_status_make(LT_STATUS_IO, "%s: cannot map external data '%s': %s",
                          what, path, strerror(e));
  out->map = m;
  out->map_size = map_size;
  out->data = (const uint8_t *)m + (offset - start);
  out->size = size;
  return LT_OK;
}

lt_status_t lt_onnx_tensor_data(const lt_onnx_tensor_t *t, lk_dtype_t dtype,
                                const uint8_t *model_base,
                                const char *model_name, const char *dir,
                                lt_allocator_t allocator, lt_onnx_data_t *out) {
  memset(out, 0, sizeof(*out));
  char what[300];
  describe(t, model_name, what, sizeof(what));
  int64_t numel;
  if (!lt_onnx_tensor_numel(t, &numel))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: its dims overflow",
                          what);
  size_t esize = lk_dtype_size(dtype);
  if ((uint64_t)numel > SIZE_MAX / esize)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: too large", what);
  size_t size = (size_t)numel * esize;
  if (t->has_segment)
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "%s: segmented tensors are not supported", what);
  if (t->external) return read_external(t, size, model_name, dir, out);
  if (t->has_raw_data) {
    if (t->raw_data.size != size)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: raw_data holds %zu bytes, expected %zu "
                            "(%lld elements of %s)",
                            what, t->raw_data.size, size, (long long)numel,
                            lk_dtype_name(dtype));
    out->data = t->raw_data.data;
    out->size = size;
    return LT_OK;
  }
  bool found;
  LT_RETURN_IF_ERROR(read_typed(t, dtype, numel, model_base, model_name,
                                allocator, out, &found));
  if (found) return LT_OK;
  if (numel != 0)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: no data (neither raw_data nor a typed data "
                          "field) for %lld elements",
                          what, (long long)numel);
  out->data = NULL;
  out->size = 0;
  return LT_OK;
}

void lt_onnx_data_release(lt_onnx_data_t *d, lt_allocator_t allocator) {
  if (d->owned) lt_free(allocator, d->owned, d->owned_size);
  if (d->map) munmap(d->map, d->map_size);
  memset(d, 0, sizeof(*d));
}

void lt_onnx_drop_pages(const void *p, size_t size) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || !size) return;
  uintptr_t begin =
      ((uintptr_t)p + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  uintptr_t end = ((uintptr_t)p + size) & ~((uintptr_t)page - 1);
  if (end > begin) madvise((void *)begin, end - begin, MADV_DONTNEED);
}

/* ---- files ------------------------------------------------------------- */
lt_status_t lt_onnx_file_open(const char *path, lt_allocator_t allocator,
                              lt_onnx_file_t *out) {
  memset(out, 0, sizeof(*out));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return lt_status_make(errno == ENOENT ? LT_STATUS_NOT_FOUND : LT_STATUS_IO,
                          "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return lt_status_make(LT_STATUS_IO, "%s: cannot stat: %s", path,
                          strerror(e));
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return lt_status_make(LT_STATUS_IO, "%s: not a regular file", path);
  }
  size_t size = (size_t)st.st_size;
  if (size == 0) {
    close(fd);
    return LT_OK;
  }
  void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (m != MAP_FAILED) {
    close(fd);
    /* Decoding reads the file front to back. */
    madvise(m, size, MADV_SEQUENTIAL);
    out->data = m;
    out->size = size;
    out->mapped = true;
    return LT_OK;
  }
  /* Not mappable (some special file systems): read it whole. */
  void *buf = lt_alloc(allocator, size);
  if (!buf) {
    close(fd);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "%s: cannot allocate %zu bytes", path, size);
  }
  size_t got = 0;
  while (got < size) {
    ssize_t k = pread(fd, (char *)buf + got, size - got, (off_t)got);
    if (k <= 0) {
      int e = k < 0 ? errno : EIO;
      if (k < 0 && e == EINTR) continue;
      close(fd);
      lt_free(allocator, buf, size);
      return lt_status_make(LT_STATUS_IO, "%s: cannot read: %s", path,
                            strerror(e));
    }
    got += (size_t)k;
  }
  close(fd);
  out->data = buf;
  out->size = size;
  out->owned = buf;
  out->allocator = allocator;
  return LT_OK;
}

void lt_onnx_file_close(lt_onnx_file_t *f) {
  if (f->mapped)
    munmap((void *)f->data, f->size);
  else if (f->owned)
    lt_free(f->allocator, f->owned, f->size);
  memset(f, 0, sizeof(*f));
}

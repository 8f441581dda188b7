/* onnx_read_tensor.c - lt_onnx_read_tensor_file: one serialized TensorProto
 * (the test_data_set_N/{input,output}_K.pb files of ONNX's tests). */
#include <string.h>

#include "frontends/onnx/onnx.h"
#include "frontends/onnx/onnx_tensor.h"

static lt_status_t read_tensor(const lt_onnx_file_t *f, const char *path,
                               const char *dir, lt_allocator_t allocator,
                               lt_arena_t *arena, lk_tensor_t *out,
                               char **out_name) {
  lt_onnx_tensor_t t;
  lt_pb_error_t err;
  if (lt_onnx_decode_tensor(f->data, f->size, arena, &t, &err) < 0)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: malformed TensorProto at byte %zu: %s", path,
                          err.offset, err.message);
  lk_dtype_t dtype;
  if (!lt_onnx_dtype(t.data_type, &dtype))
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "%s: element type %s is not supported", path,
                          lt_onnx_data_type_name(t.data_type));
  if (t.rank > LK_MAX_RANK)
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "%s: rank %u exceeds the limit of %d", path, t.rank,
                          LK_MAX_RANK);
  lt_onnx_data_t data;
  LT_RETURN_IF_ERROR(lt_onnx_tensor_data(&t, dtype, f->data, path, dir,
                                         allocator, &data));
  lk_tensor_t r = {.dtype = dtype, .rank = (int32_t)t.rank};
  for (uint32_t i = 0; i < t.rank; i++)
    r.dims[i] = t.dims[i];
  size_t size = lk_nbytes(&r);
  r.data = lt_alloc(allocator, size ? size : 1);
  char *name = NULL;
  if (r.data && out_name && t.name.len) {
    name = lt_alloc(allocator, t.name.len + 1);
    if (name) {
      memcpy(name, t.name.data, t.name.len);
      name[t.name.len] = '\0';
    }
  }
  if (!r.data || (out_name && t.name.len && !name)) {
    if (r.data) lt_free(allocator, r.data, size ? size : 1);
    lt_onnx_data_release(&data, allocator);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "%s: cannot allocate %zu bytes", path, size);
  }
  if (size) memcpy(r.data, data.data, size);
  lt_onnx_data_release(&data, allocator);
  *out = r;
  if (out_name) *out_name = name;
  return LT_OK;
}

lt_status_t lt_onnx_read_tensor_file(const char *path,
                                     lt_allocator_t allocator,
                                     lk_tensor_t *out, char **out_name) {
  memset(out, 0, sizeof(*out));
  if (out_name) *out_name = NULL;
  lt_onnx_file_t f;
  LT_RETURN_IF_ERROR(lt_onnx_file_open(path, allocator, &f));
  char dir[4096];
  const char *slash = strrchr(path, '/');
  size_t n = slash ? (size_t)(slash - path) : 0;
  if (!slash)
    memcpy(dir, ".", 2);
  else if (n == 0 || n >= sizeof(dir))
    memcpy(dir, "/", 2);
  else {
    memcpy(dir, path, n);
    dir[n] = '\0';
  }
  lt_arena_t arena;
  lt_arena_init(&arena, allocator);
  lt_status_t st = read_tensor(&f, path, dir, allocator, &arena, out, out_name);
  lt_arena_deinit(&arena);
  lt_onnx_file_close(&f);
  return st;
}

/* onnx_tensor.h - the contents of a TensorProto view: element types, sizes,
 * and the bytes wherever the model keeps them (raw_data in place, the typed
 * *_data fields decoded into a buffer, or an external data file mapped).
 * Hosts are assumed little-endian, as ONNX's raw_data is. */
#ifndef LITE_FRONTENDS_ONNX_TENSOR_H
#define LITE_FRONTENDS_ONNX_TENSOR_H

#include "frontends/onnx/onnx_proto.h"
#include "kernels/tensor.h"

/* The kernel dtype of a TensorProto.DataType; false for the ones lite has
 * no element type for (string, complex, undefined, unknown codes). */
bool lt_onnx_dtype(int32_t data_type, lk_dtype_t *out);

/* Element count of t (product of dims); false on overflow past 2^62
 * bytes. */
bool lt_onnx_tensor_numel(const lt_onnx_tensor_t *t, int64_t *out_numel);

/* A tensor's bytes, little-endian, dense row-major: `data` points into the
 * model buffer (raw_data), into a mapped external file, or into a buffer
 * owned here. Release with lt_onnx_data_release. */
typedef struct lt_onnx_data {
  const void *data;
  size_t size;
  void *owned; /* allocated with the allocator passed in */
  size_t owned_size;
  void *map; /* mmap of an external file region */
  size_t map_size;
} lt_onnx_data_t;

/* Reads t's contents for dtype `dtype` (from lt_onnx_dtype). dir is the
 * directory of the model file for external data (NULL: external data is an
 * error). model_name, when not NULL, starts error messages. Errors:
 * INVALID_ARGUMENT for sizes that disagree with the dims, malformed typed
 * data or external data that lies outside its file; NOT_FOUND/IO when the
 * external file is missing or unreadable. */
lt_status_t lt_onnx_tensor_data(const lt_onnx_tensor_t *t, lk_dtype_t dtype,
                                const uint8_t *model_base,
                                const char *model_name, const char *dir,
                                lt_allocator_t allocator, lt_onnx_data_t *out);
void lt_onnx_data_release(lt_onnx_data_t *d, lt_allocator_t allocator);

/* Drops the resident pages of a consumed range of a read-only file mapping
 * (the whole pages inside [p, p + size)): they stay in the page cache and
 * fault back in if read again, but leave this process's footprint. Only
 * for ranges of such a mapping. */
void lt_onnx_drop_pages(const void *p, size_t size);

/* A file mapped read-only (or read, when it cannot be mapped). */
typedef struct lt_onnx_file {
  const uint8_t *data;
  size_t size;
  bool mapped;
  void *owned;              /* the copy read when mapping failed */
  lt_allocator_t allocator; /* owned's */
} lt_onnx_file_t;

/* Maps path read-only, or reads it whole with allocator when it cannot be
 * mapped. */
lt_status_t lt_onnx_file_open(const char *path, lt_allocator_t allocator,
                              lt_onnx_file_t *out);
/* Unmaps or frees what lt_onnx_file_open made. */
void lt_onnx_file_close(lt_onnx_file_t *f);

#endif /* LITE_FRONTENDS_ONNX_TENSOR_H */

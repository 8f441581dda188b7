/* onnx.h - the ONNX importer: an ONNX model (protobuf) becomes a builtin
 * module holding one `func.func @main` of lite ops.
 *
 * The graph's inputs are the function's arguments and its outputs the
 * returned values, each carrying its ONNX name as `{lite.name = "..."}` in
 * arg_attrs / res_attrs; initializers become `lite.constant` ops whose value
 * is a dense_resource blob named after the initializer; every op's location
 * is the ONNX node name (NameLoc), so later diagnostics name the node. */
#ifndef LITE_FRONTENDS_ONNX_ONNX_H
#define LITE_FRONTENDS_ONNX_ONNX_H

#include "ir/operation.h"
#include "kernels/tensor.h"

/* A graph input's full shape, fixed at import (dynamic dims become static;
 * a static dim of the model must agree). */
typedef struct lt_onnx_input_shape {
  const char *name;
  size_t name_len;
  int32_t rank;
  const int64_t *dims;
} lt_onnx_input_shape_t;

typedef struct lt_onnx_import_options {
  /* Fold subgraphs whose inputs are all constant (Shape -> Gather -> Concat
   * -> Reshape and the like) at import. Default true. */
  bool fold_constants;
  /* Override a graph input's dimension parameters: "N=1,seq=128" (NULL:
   * leave symbolic dims dynamic). */
  const char *dim_params;
  /* Shapes of named graph inputs (NULL/0: none), for models whose dynamic
   * dims have no dim_param to name them. */
  const lt_onnx_input_shape_t *input_shapes;
  uint32_t num_input_shapes;
} lt_onnx_import_options_t;

void lt_onnx_import_options_init(lt_onnx_import_options_t *opts);

/* Imports the model at path (read with mmap). The lite, func and arith
 * dialects must be registered in ctx. Errors: a status whose message names
 * the file and what was wrong (a truncated or malformed protobuf; for
 * unsupported ops, one message listing every (op type, opset, node name)).
 * Per-node errors are also emitted as diagnostics at the node's location. */
lt_status_t lt_onnx_import_file(lt_context_t *ctx, const char *path,
                                const lt_onnx_import_options_t *opts,
                                lt_op_t **out_module);
/* Same on bytes in memory; name is used in messages and locations. The
 * bytes must outlive the call only (blobs are copied once into the
 * context's resource store). */
lt_status_t lt_onnx_import_buffer(lt_context_t *ctx, const void *data,
                                  size_t size, const char *name,
                                  const lt_onnx_import_options_t *opts,
                                  lt_op_t **out_module);

/* Reads a serialized ONNX TensorProto (a test_data_set_N/input_K.pb file).
 * out->data is allocated with allocator (size lk_nbytes(out)); *out_name
 * (may be NULL) receives the tensor's name, allocated with allocator
 * (strlen+1 bytes), or NULL when it has none. */
lt_status_t lt_onnx_read_tensor_file(const char *path,
                                     lt_allocator_t allocator,
                                     lk_tensor_t *out, char **out_name);

#endif /* LITE_FRONTENDS_ONNX_ONNX_H */

/* onnx_import.h - the importer's inside: the state of one import, the node
 * being converted, and what a converter (onnx_ops.c) may call to build lite
 * ops for it. Converters are listed in onnx_ops.def. */
#ifndef LITE_FRONTENDS_ONNX_IMPORT_H
#define LITE_FRONTENDS_ONNX_IMPORT_H

#include "dialects/lite/lite.h"
#include "frontends/onnx/onnx.h"
#include "frontends/onnx/onnx_proto.h"
#include "frontends/onnx/onnx_tensor.h"
#include "ir/builder.h"

/* The newest default-domain opset whose semantics the table was checked
 * against. */
#define LT_ONNX_OPSET_MAX 18
/* Folding at import stops at results of this many elements, so that large
 * weights are not duplicated by folding. */
#define LT_ONNX_FOLD_LIMIT ((int64_t)1 << 20)
/* Tensors up to this many elements become inline dense<...> attributes;
 * larger ones dense_resource blobs. */
#define LT_ONNX_INLINE_LIMIT 16

typedef struct lt_onnx_import lt_onnx_import_t;
typedef struct lt_onnx_cv lt_onnx_cv_t;

/* One row of onnx_ops.def. */
typedef lt_result_t (*lt_onnx_convert_fn_t)(lt_onnx_cv_t *cv);
typedef struct lt_onnx_op_row {
  const char *op_type;
  lt_lite_op_id_t lite;
  int since, until; /* opset range handled */
  lt_onnx_convert_fn_t convert; /* NULL: lt_onnx_convert_default */
  const char *consumed; /* ONNX attributes the converter handles itself,
                           comma-separated */
} lt_onnx_op_row_t;

/* The row for op_type at opset, NULL when none. *out_known tells whether
 * the op type is in the table at all (at some other opset). */
const lt_onnx_op_row_t *lt_onnx_op_lookup(const lt_onnx_str_t op_type,
                                          int64_t opset, bool *out_known);

/* The converter's view of one node. */
struct lt_onnx_cv {
  lt_onnx_import_t *im;
  lt_context_t *ctx;
  const lt_onnx_node_t *node;
  const lt_onnx_op_row_t *row;
  int64_t opset;
  lt_loc_t loc;
  /* inputs[i]: the value of node input i, NULL when absent (empty name). */
  uint32_t num_inputs;
  lt_value_t **inputs;
  /* outputs[i]: set by the converter for each node output it produces. */
  uint32_t num_outputs;
  lt_value_t **outputs;
  /* Set by lt_onnx_unsupported: the failure is an unsupported feature. */
  bool unsupported;
};

/* ---- building ------------------------------------------------------------ */
/* Creates lite op `id` (result types by shape inference) at the node's
 * location and stores its results in out[0..num_out). When folding is on
 * and every operand is constant, the op is evaluated and its results
 * replaced by lite.constant values. Failure: a diagnostic at the node. */
lt_result_t lt_onnx_emit(lt_onnx_cv_t *cv, lt_lite_op_id_t id, uint32_t num_in,
                         lt_value_t *const *in, uint32_t num_attrs,
                         const lt_named_attr_t *attrs, uint32_t num_out,
                         lt_value_t **out);
/* The `lite.none` value for an absent optional operand. */
lt_value_t *lt_onnx_none(lt_onnx_cv_t *cv);
/* A constant holding t (dense when small, else a blob named `name`). */
lt_value_t *lt_onnx_const_tensor(lt_onnx_cv_t *cv, const lk_tensor_t *t,
                                 const char *name);
/* Constants: a 1-D i64 tensor of n values (or a 0-D one when scalar), and a
 * scalar of dtype holding v. */
lt_value_t *lt_onnx_const_i64(lt_onnx_cv_t *cv, const int64_t *v, uint32_t n,
                              bool scalar);
lt_value_t *lt_onnx_const_scalar(lt_onnx_cv_t *cv, lk_dtype_t dtype, double v);
lt_value_t *lt_onnx_const_f32(lt_onnx_cv_t *cv, const float *v, uint32_t n);

/* Operands for lite from node inputs [first, first + n): absent ones in the
 * middle become lite.none, trailing absent ones are dropped. Returns the
 * operand count written to out (capacity >= n). */
uint32_t lt_onnx_operands(lt_onnx_cv_t *cv, uint32_t first, uint32_t n,
                          lt_value_t **out);

/* ---- attributes ------------------------------------------------------------ */
const lt_onnx_attr_t *lt_onnx_attr(const lt_onnx_cv_t *cv, const char *name);
int64_t lt_onnx_attr_int(const lt_onnx_cv_t *cv, const char *name,
                         int64_t dflt);
double lt_onnx_attr_float(const lt_onnx_cv_t *cv, const char *name,
                          double dflt);
/* The node's attributes converted for lite op `id` (ONNX INT -> i64, FLOAT
 * -> f32, STRING -> string, INTS -> array<i64>, FLOATS -> array<f32>,
 * STRINGS -> [strings], TENSOR -> dense), skipping the row's consumed ones
 * and the names in `skip` (comma-separated, may be NULL). Appends to out
 * (capacity cap) and returns the new count, or -1 after an error. */
int lt_onnx_convert_attrs(lt_onnx_cv_t *cv, lt_lite_op_id_t id,
                          const char *skip, lt_named_attr_t *out,
                          uint32_t count, uint32_t cap);
/* One named attribute. */
lt_named_attr_t lt_onnx_named(lt_onnx_cv_t *cv, const char *name,
                              const lt_attr_t *value);
const lt_attr_t *lt_onnx_i64_attr(lt_onnx_cv_t *cv, int64_t v);
const lt_attr_t *lt_onnx_f32_attr(lt_onnx_cv_t *cv, double v);
const lt_attr_t *lt_onnx_str_attr(lt_onnx_cv_t *cv, const char *s);

/* The MLIR element type of an ONNX TensorProto.DataType; NULL when lite has
 * none (string, complex). */
const lt_type_t *lt_onnx_element_type(lt_context_t *ctx, int32_t data_type);

/* ---- values ----------------------------------------------------------------- */
/* Element type / rank of a value's type (rank -1 when unranked). */
lk_dtype_t lt_onnx_value_dtype(const lt_value_t *v);
int32_t lt_onnx_value_rank(const lt_value_t *v);
/* True when v has a ranked type whose dims are all static; fills dims. */
bool lt_onnx_value_static_dims(const lt_value_t *v, int64_t *dims,
                               int32_t *out_rank);
/* The constant tensor behind v when v is a lite.constant result (a view;
 * valid while the context lives, *out may need no freeing). */
bool lt_onnx_value_const(lt_onnx_cv_t *cv, lt_value_t *v, lk_tensor_t *out);

/* ---- failures ----------------------------------------------------------------- */
/* An unsupported feature of this node (attribute value, dtype, output):
 * the import fails with LT_STATUS_UNIMPLEMENTED. */
lt_result_t lt_onnx_unsupported(lt_onnx_cv_t *cv, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An invalid node (missing input, bad attribute kind): INVALID_ARGUMENT. */
lt_result_t lt_onnx_invalid(lt_onnx_cv_t *cv, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The default converter: inputs become operands, attributes pass through,
 * node outputs become results. */
lt_result_t lt_onnx_convert_default(lt_onnx_cv_t *cv);

/* The lite op's attribute kind letter for name (ops.def: i f s I F S t T),
 * 0 when the op has no such attribute. */
char lt_onnx_lite_attr_kind(lt_lite_op_id_t id, const char *name,
                            size_t len);
/* The lite op's operand and result count bounds (ops.def; -1: any). */
void lt_onnx_lite_arity(lt_lite_op_id_t id, int *min_in, int *max_in,
                        int *min_out, int *max_out);

/* ---- the state of one import (onnx_import.c, onnx_build.c) ---------------- */
/* A named ONNX value: defined by a graph input or a node, or an initializer
 * not materialized yet. */
typedef struct lt_onnx_entry {
  lt_onnx_str_t name; /* .data NULL: empty slot */
  lt_value_t *value;
  const lt_onnx_tensor_t *init;
  bool used; /* read by a node or a graph output */
} lt_onnx_entry_t;

typedef struct lt_onnx_names {
  lt_onnx_entry_t *slots;
  size_t cap, count;
} lt_onnx_names_t;

/* The entry for name, created when `create` (NULL when absent, or out of
 * memory). */
lt_onnx_entry_t *lt_onnx_names_get(lt_onnx_import_t *im, lt_onnx_names_t *m,
                                   lt_onnx_str_t name, bool create);

struct lt_onnx_import {
  lt_context_t *ctx;
  lt_allocator_t allocator;
  const char *name; /* the model, in messages */
  const char *dir;  /* for external data; NULL for buffers */
  const uint8_t *base;
  size_t size;
  bool mapped; /* base is a file mapping: consumed pages may be dropped */
  const lt_onnx_import_options_t *opts;
  lt_arena_t arena;
  lt_onnx_model_t model;
  int64_t opset;
  lt_block_t *block;
  lt_builder_t builder;
  lt_op_t *first_body_op; /* initializer constants go before it */
  lt_value_t *none;
  lt_onnx_names_t values;
  lt_onnx_names_t blob_names; /* resource names taken */
  /* Errors so far ("; "-separated) and the status code they call for. */
  lt_strbuf_t errors;
  uint32_t num_errors;
  lt_status_code_t code;
  /* The text of the last error diagnostic, and whether diagnostics are
   * being swallowed (while a fold is attempted). */
  lt_strbuf_t last_diag;
  bool quiet;
};

/* The constant of an ONNX TensorProto (initializer, Constant value):
 * dense when small, else a blob named after `name` (sanitized and made
 * unique) holding one copy of the bytes. Inserted before the first body op
 * when `at_top`, else at the builder's point. NULL after an error. */
lt_value_t *lt_onnx_const_proto(lt_onnx_import_t *im,
                                const lt_onnx_tensor_t *t, lt_onnx_str_t name,
                                lt_loc_t loc, bool at_top);
/* The same as an attribute (a tensor-valued ONNX attribute). */
const lt_attr_t *lt_onnx_proto_attr(lt_onnx_import_t *im,
                                   const lt_onnx_tensor_t *t,
                                   lt_onnx_str_t name);
/* Records an error (INVALID_ARGUMENT unless code says otherwise) for the
 * final status; the first code other than INVALID_ARGUMENT wins. */
void lt_onnx_record_error(lt_onnx_import_t *im, lt_status_code_t code,
                          const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An MLIR-identifier resource name derived from name, unique in ctx. */
const char *lt_onnx_blob_name(lt_onnx_import_t *im, const char *name,
                              size_t len);

#endif /* LITE_FRONTENDS_ONNX_IMPORT_H */

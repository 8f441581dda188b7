/* lite.h - the C API of liblite_runtime: load a compiled artifact (.lite)
 * and run it. It includes nothing of lite's own and links no compiler code.
 *
 * Conventions:
 *   - A function that can fail returns a lite_status_t: NULL means success;
 *     anything else carries a code and a message and must be freed with
 *     lite_status_free.
 *   - Results come back through out_ parameters, which are set only on
 *     success (pointers are set to NULL on failure).
 *   - No hidden global state: every object comes from a call and is
 *     released by the caller; all memory goes through the allocator given
 *     in the options (the C library's when none is given).
 *   - A model is immutable once loaded and may be shared by any number of
 *     predictors on any threads; a predictor is used by one thread at a time.
 *
 * docs/c-api.md has a worked example. */
#ifndef LITE_LITE_H
#define LITE_LITE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LITE_VERSION_MAJOR 0
#define LITE_VERSION_MINOR 1
#define LITE_VERSION_PATCH 0

/* "0.1.0": the library's version, which may differ from the header's. */
const char *lite_version(void);

/* ---- status ------------------------------------------------------------ */
typedef enum lite_status_code {
  LITE_STATUS_OK = 0,
  LITE_STATUS_INVALID_ARGUMENT = 1,
  LITE_STATUS_NOT_FOUND = 2,
  LITE_STATUS_OUT_OF_MEMORY = 3,
  LITE_STATUS_IO = 4,
  LITE_STATUS_UNIMPLEMENTED = 5,
  LITE_STATUS_INTERNAL = 6,
} lite_status_code_t;

typedef struct lite_status *lite_status_t;

lite_status_code_t lite_status_code(lite_status_t status);
/* The message ("" for success); valid until the status is freed. */
const char *lite_status_message(lite_status_t status);
void lite_status_free(lite_status_t status);

/* ---- allocator ------------------------------------------------------------
 * One realloc-shaped function: new_size 0 frees ptr (of old_size bytes);
 * ptr NULL allocates. Returns NULL on failure. */
typedef void *(*lite_alloc_fn_t)(void *self, void *ptr, size_t old_size,
                                 size_t new_size);
typedef struct lite_allocator {
  void *self;
  lite_alloc_fn_t fn; /* NULL: the C library's */
} lite_allocator_t;

/* ---- tensors ---------------------------------------------------------- */
typedef enum lite_element_type {
  LITE_F32 = 0,
  LITE_F64 = 1,
  LITE_F16 = 2,
  LITE_BF16 = 3,
  LITE_I8 = 4,
  LITE_I16 = 5,
  LITE_I32 = 6,
  LITE_I64 = 7,
  LITE_U8 = 8,
  LITE_U16 = 9,
  LITE_U32 = 10,
  LITE_U64 = 11,
  LITE_BOOL = 12, /* one byte, 0 or 1 */
} lite_element_type_t;

/* "f32", "i64", ...; "?" for a value out of range. */
const char *lite_element_type_name(lite_element_type_t type);
/* Bytes per element; 0 for a value out of range. */
size_t lite_element_type_size(lite_element_type_t type);

#define LITE_MAX_RANK 8

/* What a model input or output is. dims[i] is -1 for a dynamic dim. */
typedef struct lite_tensor_info {
  const char *name; /* NUL-terminated; valid as long as the model */
  lite_element_type_t element_type;
  int32_t rank;
  int64_t dims[LITE_MAX_RANK];
} lite_tensor_info_t;

/* ---- models ------------------------------------------------------------ */
typedef struct lite_model lite_model_t;

/* A table of generated kernels: the JIT's (lite_compiler.h) or an AOT
 * object's, which defines `extern const lite_kernel_table_t
 * lite_generated_kernels;` (lite-translate --emit-object). Its layout is
 * the runtime's and versioned; a table of another version is refused. */
typedef struct lite_kernel_table lite_kernel_table_t;

typedef struct lite_model_options {
  lite_allocator_t allocator;
  /* The generated kernels a compiled model's dispatches name; each table
   * must outlive the model. */
  const lite_kernel_table_t *const *kernel_tables;
  uint32_t num_kernel_tables;
} lite_model_options_t;

/* Loads the artifact at path (mapped read-only: weights are not copied).
 * Every offset, size and name in the file is checked before use, and every
 * instruction is planned; errors name the file and the instruction.
 * options may be NULL. */
lite_status_t lite_model_load_file(const char *path,
                                   const lite_model_options_t *options,
                                   lite_model_t **out_model);
/* The same from size bytes at data, which must stay valid and unchanged
 * as long as the model (they are not copied). */
lite_status_t lite_model_load_buffer(const void *data, size_t size,
                                     const lite_model_options_t *options,
                                     lite_model_t **out_model);
/* Drops the caller's reference; predictors keep their own. NULL is fine. */
void lite_model_release(lite_model_t *model);

uint32_t lite_model_num_inputs(const lite_model_t *model);
uint32_t lite_model_num_outputs(const lite_model_t *model);
lite_status_t lite_model_input_info(const lite_model_t *model, uint32_t index,
                                    lite_tensor_info_t *out_info);
lite_status_t lite_model_output_info(const lite_model_t *model, uint32_t index,
                                     lite_tensor_info_t *out_info);
/* The index of the input / output named name (NOT_FOUND otherwise). */
lite_status_t lite_model_find_input(const lite_model_t *model,
                                    const char *name, uint32_t *out_index);
lite_status_t lite_model_find_output(const lite_model_t *model,
                                     const char *name, uint32_t *out_index);

/* ---- predictors ----------------------------------------------------------- */
typedef struct lite_predictor lite_predictor_t;

typedef struct lite_predictor_options {
  uint32_t num_threads; /* threads kernels may use, the caller's included;
                           0 or 1: the caller's only */
  int profile;          /* nonzero: time every instruction */
  /* With threads: microseconds an idle worker polls for the next kernel's
   * work before it sleeps. 0 sleeps at once (no core burns while the
   * predictor waits); a few hundred saves the wake-up between kernels
   * that follow each other closely, on cores nothing else needs. */
  uint32_t spin_us;
} lite_predictor_options_t;

/* A predictor over model (which it keeps alive). options may be NULL. */
lite_status_t lite_predictor_create(lite_model_t *model,
                                    const lite_predictor_options_t *options,
                                    lite_predictor_t **out_predictor);
void lite_predictor_release(lite_predictor_t *predictor);

/* Binds input index to size bytes at data: dense, row-major. The bytes are
 * not copied and must stay valid through the next lite_predictor_run.
 * element_type and rank must be the input's, and so must every static
 * dim; a dynamic dim takes any size (what depends on it is planned again,
 * and must fit the memory the compiler planned). */
lite_status_t lite_predictor_set_input(lite_predictor_t *predictor,
                                       uint32_t index,
                                       lite_element_type_t element_type,
                                       int32_t rank, const int64_t *dims,
                                       const void *data, size_t size);
/* Runs the model on the bound inputs. */
lite_status_t lite_predictor_run(lite_predictor_t *predictor);
/* Output index of the last run: its shape in *out_info, its dense
 * row-major bytes in *out_data (*out_size of them), valid until the next
 * run or the predictor's release. */
lite_status_t lite_predictor_get_output(const lite_predictor_t *predictor,
                                        uint32_t index,
                                        lite_tensor_info_t *out_info,
                                        const void **out_data,
                                        size_t *out_size);

/* ---- profiling (with options.profile) ------------------------------------ */
typedef struct lite_profile_entry {
  const char *op;      /* "lite.conv2d" */
  const char *kernel;  /* "ref_conv2d__f32_nchw" */
  const char *nodes;   /* the ONNX nodes fused into it, comma-separated */
  uint64_t total_ns;   /* summed over `calls` runs */
  uint64_t calls;
} lite_profile_entry_t;

/* One entry per instruction, in run order. The strings live as long as
 * the model. */
uint32_t lite_predictor_num_profile_entries(const lite_predictor_t *predictor);
lite_status_t lite_predictor_profile_entry(const lite_predictor_t *predictor,
                                           uint32_t index,
                                           lite_profile_entry_t *out_entry);
void lite_predictor_profile_reset(lite_predictor_t *predictor);

#ifdef __cplusplus
}
#endif

#endif /* LITE_LITE_H */

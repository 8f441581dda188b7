/* artifact.h - the validated, read-only view of a compiled artifact
 * (runtime/artifact_format.h, docs/artifact.md). Loading checks every
 * offset, size, count, index and string before anything is read; afterwards
 * the accessors cannot fail. Strings and weights point into the file's bytes
 * (mapped or borrowed), so they live as long as the artifact. */
#ifndef LITE_RUNTIME_ARTIFACT_H
#define LITE_RUNTIME_ARTIFACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/place.h"
#include "kernels/plan.h"
#include "kernels/tensor.h"
#include "runtime/artifact_format.h"

typedef struct lt_artifact lt_artifact_t;

/* A string of the string table: not NUL-terminated. */
typedef struct lt_artifact_str {
  const char *data;
  uint32_t len;
} lt_artifact_str_t;

typedef struct lt_artifact_tensor {
  lt_artifact_str_t name;
  lk_dtype_t dtype;
  int32_t rank;                /* -1: unranked */
  int64_t dims[LK_MAX_RANK];   /* -1: dynamic */
  lk_place_t place;
  lt_artifact_storage_t storage;
  uint32_t arena;              /* ARENA: index into the arenas */
  uint64_t offset;             /* ARENA: byte offset; INPUT: input number */
  uint64_t size;               /* bytes (ARENA, WEIGHT) */
  const void *data;            /* WEIGHT: the bytes, 64-byte aligned in file */
} lt_artifact_tensor_t;

typedef struct lt_artifact_attr {
  lt_artifact_str_t name;
  lt_artifact_attr_kind_t kind;
  uint32_t count;              /* INTS/FLOATS: elements; STRING: bytes;
                                  TENSOR: words */
  int64_t i;                   /* INT */
  double f;                    /* FLOAT */
  const uint8_t *list;         /* INTS/FLOATS: count little-endian 8-byte values */
  lt_artifact_str_t s;         /* STRING */
  lk_tensor_t tensor;          /* TENSOR: data views the attribute data */
} lt_artifact_attr_t;

typedef struct lt_artifact_instr {
  lt_artifact_str_t kernel;    /* stable registry name */
  lt_artifact_str_t op;        /* "lite.conv2d" */
  const uint32_t *operands;    /* tensor indices, validated */
  uint32_t num_operands;
  const uint32_t *results;
  uint32_t num_results;
  const lt_artifact_attr_t *attrs;
  uint32_t num_attrs;
  const lt_artifact_str_t *locs; /* ONNX node names of the fused location */
  uint32_t num_locs;
} lt_artifact_instr_t;

typedef struct lt_artifact_arena {
  lt_artifact_str_t name;      /* "host", "opencl:1" */
  lk_target_t target;
  int32_t device;
  uint64_t size;
} lt_artifact_arena_t;

/* Loads the file at `path` (mapped read-only: weights are not copied). */
lt_status_t lt_artifact_load_file(const char *path, lt_allocator_t al,
                                  lt_artifact_t **out_artifact);
/* Loads size bytes at data, which must outlive the artifact (not copied). */
lt_status_t lt_artifact_load_buffer(const void *data, size_t size,
                                    lt_allocator_t al,
                                    lt_artifact_t **out_artifact);
/* Frees the view (and unmaps the file); NULL is fine. */
void lt_artifact_free(lt_artifact_t *a);

/* Header fields. */
uint32_t lt_artifact_format_version(const lt_artifact_t *a);
uint32_t lt_artifact_min_runtime(const lt_artifact_t *a);
/* The kernel IR section's text (*out_size bytes, not NUL-terminated), or
 * NULL when the file has none. */
const char *lt_artifact_kernel_ir(const lt_artifact_t *a, size_t *out_size);
/* The producer string ("lite 0.1"), NUL-terminated. */
const char *lt_artifact_producer(const lt_artifact_t *a);

/* Tables; index i must be below the matching count. */
uint32_t lt_artifact_num_tensors(const lt_artifact_t *a);
const lt_artifact_tensor_t *lt_artifact_tensor(const lt_artifact_t *a,
                                               uint32_t i);
uint32_t lt_artifact_num_instrs(const lt_artifact_t *a);
const lt_artifact_instr_t *lt_artifact_instr(const lt_artifact_t *a,
                                             uint32_t i);
uint32_t lt_artifact_num_arenas(const lt_artifact_t *a);
const lt_artifact_arena_t *lt_artifact_arena(const lt_artifact_t *a,
                                             uint32_t i);
/* Model inputs and outputs as tensor indices. */
uint32_t lt_artifact_num_inputs(const lt_artifact_t *a);
uint32_t lt_artifact_input(const lt_artifact_t *a, uint32_t i);
uint32_t lt_artifact_num_outputs(const lt_artifact_t *a);
uint32_t lt_artifact_output(const lt_artifact_t *a, uint32_t i);

/* A reader over the instruction's attribute table for plan steps: the same
 * getters, with the same conversions, as the compiler's reader over the IR. */
lk_attrs_t lt_artifact_instr_attrs(const lt_artifact_instr_t *instr);

/* True when s equals the NUL-terminated c. */
bool lt_artifact_str_eq(lt_artifact_str_t s, const char *c);

#endif /* LITE_RUNTIME_ARTIFACT_H */

/* artifact_writer.h - writes compiled artifacts (runtime/artifact_format.h).
 *
 * Two levels. The table writer (lt_aw_*) knows no IR: it takes tensors,
 * instructions, attributes, arenas and weights and lays out the file, so
 * tests and other producers can make artifacts directly. lt_artifact_write
 * (artifact_emit.c) fills it from a module after the compile pipeline. */
#ifndef LITE_COMPILER_ARTIFACT_WRITER_H
#define LITE_COMPILER_ARTIFACT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/place.h"
#include "runtime/artifact_format.h"

typedef struct lt_aw lt_aw_t;

/* One tensor. For WEIGHT storage, data/size are the bytes (copied); for
 * ARENA, arena/offset/size the plan slot; for INPUT, offset is the input
 * number. */
typedef struct lt_aw_tensor {
  const char *name;
  lk_dtype_t dtype;
  int32_t rank;
  const int64_t *dims;
  lk_place_t place;
  lt_artifact_storage_t storage;
  uint32_t arena;
  uint64_t offset, size;
  const void *data;
} lt_aw_tensor_t;

/* A new, empty writer; NULL when out of memory. */
lt_aw_t *lt_aw_new(void);
void lt_aw_free(lt_aw_t *w);

/* Appends a tensor; returns its index. */
uint32_t lt_aw_tensor(lt_aw_t *w, const lt_aw_tensor_t *t);
/* Renames tensor t (a model output gets its name once it is returned). */
void lt_aw_tensor_name(lt_aw_t *w, uint32_t t, const char *name);
/* Appends an arena of the memory plan; returns its index. */
uint32_t lt_aw_arena(lt_aw_t *w, const char *name, lk_target_t target,
                     int32_t device, uint64_t size);
/* Marks tensor t as the next model input / output. */
void lt_aw_input(lt_aw_t *w, uint32_t t);
void lt_aw_output(lt_aw_t *w, uint32_t t);
/* Appends text to the kernel IR section (the generated kernels as
 * loop-level MLIR; the section is written only when not empty). */
void lt_aw_kernel_ir(lt_aw_t *w, const char *text, size_t len);
/* Appends an instruction; the attributes and locations added next belong
 * to it. */
void lt_aw_instr(lt_aw_t *w, const char *kernel, const char *op,
                 const uint32_t *operands, uint32_t num_operands,
                 const uint32_t *results, uint32_t num_results);
/* Attributes and fused-location names of the last instruction. */
void lt_aw_attr_int(lt_aw_t *w, const char *name, int64_t v);
void lt_aw_attr_float(lt_aw_t *w, const char *name, double v);
void lt_aw_attr_ints(lt_aw_t *w, const char *name, const int64_t *v, uint32_t n);
void lt_aw_attr_floats(lt_aw_t *w, const char *name, const double *v, uint32_t n);
void lt_aw_attr_str(lt_aw_t *w, const char *name, const char *s, size_t len);
/* A tensor attribute: t's dtype, dims and bytes (copied). False, with
 * nothing written, when the format cannot hold t: no dtype, a rank past
 * 8, or more than LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS words. */
bool lt_aw_attr_tensor(lt_aw_t *w, const char *name, const lk_tensor_t *t);
void lt_aw_loc(lt_aw_t *w, const char *name, size_t len);

/* Lays out the file into *out_data (free() it), *out_size bytes. */
lt_status_t lt_aw_finish(lt_aw_t *w, const char *producer, uint8_t **out_data,
                         size_t *out_size);
/* lt_aw_finish, then writes the bytes to `path`. */
lt_status_t lt_aw_write_file(lt_aw_t *w, const char *producer,
                             const char *path);

#endif /* LITE_COMPILER_ARTIFACT_WRITER_H */

/* npy.h - numpy's .npy files (format 1.0, 2.0 and 3.0 headers; little-endian,
 * C order), the exchange format of lite-run's --input, --output and
 * --expected-output. Parsing is bounds-checked throughout: a file is data
 * from outside, and every malformed one is a status naming what was wrong. */
#ifndef LITE_TOOLS_LITE_RUN_NPY_H
#define LITE_TOOLS_LITE_RUN_NPY_H

#include "base/base.h"
#include "kernels/tensor.h"

/* The numpy type string of a dtype ("<f4", "|b1"); NULL for dtypes numpy
 * has no .npy spelling for (bf16). */
const char *lt_npy_descr(lk_dtype_t dtype);

/* Parses a whole .npy image of `size` bytes; name is used in messages.
 * out->data is allocated with allocator (lk_nbytes(out) bytes; a buffer of
 * at least one byte even for empty tensors) and owned by the caller. */
lt_status_t lt_npy_parse(const void *data, size_t size, const char *name,
                         lt_allocator_t allocator, lk_tensor_t *out);
/* Reads and parses the file at path. */
lt_status_t lt_npy_read_file(const char *path, lt_allocator_t allocator,
                             lk_tensor_t *out);

/* Appends the .npy image of t to sb (version 1.0, or 2.0 when the header
 * does not fit 1.0's 16-bit length). Fails for dtypes without a spelling. */
lt_status_t lt_npy_serialize(const lk_tensor_t *t, lt_strbuf_t *sb);
/* Writes t to path. */
lt_status_t lt_npy_write_file(const char *path, const lk_tensor_t *t);

#endif /* LITE_TOOLS_LITE_RUN_NPY_H */

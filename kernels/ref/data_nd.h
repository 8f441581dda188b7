/* data_nd.h - what the data kernels share (not part of the kernel API):
 * walking a row-major index space, and the strided copy that transpose,
 * slice, pad, tile and the space ops all reduce to. */
#ifndef LITE_KERNELS_REF_DATA_ND_H
#define LITE_KERNELS_REF_DATA_ND_H

#include "kernels/tensor.h"

/* Tile doubles the rank of its view (a repeat dim before each data dim). */
#define LK_ND_MAX_RANK (2 * LK_MAX_RANK)

/* Advances idx, a row-major position in dims[0..rank), by one; false once
 * it wraps around past the last position. */
static inline bool lk_nd_next(int64_t *idx, const int64_t *dims, int32_t rank) {
  for (int32_t d = rank - 1; d >= 0; d--) {
    if (++idx[d] < dims[d]) return true;
    idx[d] = 0;
  }
  return false;
}

/* Product of dims[from..to). */
static inline int64_t lk_nd_count(const int64_t *dims, int32_t from,
                                  int32_t to) {
  int64_t n = 1;
  for (int32_t d = from; d < to; d++)
    n *= dims[d];
  return n;
}

/* One side of a strided copy: element (idx) lives at
 * base + sum(idx[d] * strides[d]), in elements. */
typedef struct lk_nd_view {
  void *data;
  int64_t base;
  int64_t strides[LK_ND_MAX_RANK];
} lk_nd_view_t;

/* Copies every position of dims[0..rank) from src to dst, es bytes per
 * element. */
void lk_nd_copy(const lk_nd_view_t *dst, const lk_nd_view_t *src, size_t es,
                int32_t rank, const int64_t *dims);

/* The row-major strides of dims[0..rank) into strides. */
void lk_nd_strides(const int64_t *dims, int32_t rank, int64_t *strides);

#endif /* LITE_KERNELS_REF_DATA_ND_H */

/* broadcast.h - numpy broadcasting for kernels: which input element feeds
 * each output element. Shapes are right-aligned; an input dim of 1 (or a
 * missing leading dim) repeats along that output axis.
 *
 * Random access: lk_bcast_map_t maps one output linear index to an input's.
 * Sequential access: lk_bcast_iter_t walks the output in row-major order and
 * keeps the offsets of up to LK_BCAST_MAX_INPUTS inputs current, at the cost
 * of one increment per element (plus a carry per row). */
#ifndef LITE_KERNELS_REF_BROADCAST_H
#define LITE_KERNELS_REF_BROADCAST_H

#include <stdbool.h>

#include "kernels/tensor.h"

#define LK_BCAST_MAX_INPUTS 4

/* True when in_dims (in_rank of them) broadcast to out_dims: in_rank <=
 * out_rank and each right-aligned input dim is 1 or equals the output's. */
bool lk_bcast_compatible(int32_t out_rank, const int64_t *out_dims,
                         int32_t in_rank, const int64_t *in_dims);

/* The broadcast shape of a and b into *out_rank/out_dims; false when they
 * do not broadcast. */
bool lk_bcast_shape(int32_t a_rank, const int64_t *a_dims, int32_t b_rank,
                    const int64_t *b_dims, int32_t *out_rank,
                    int64_t *out_dims);

typedef struct lk_bcast_map {
  int32_t rank;                  /* output rank */
  int64_t dims[LK_MAX_RANK];     /* output dims */
  int64_t strides[LK_MAX_RANK];  /* input stride per output axis, 0 if
                                    broadcast */
} lk_bcast_map_t;

/* Prepares the map from an output of out_rank/out_dims to input `in`;
 * false when `in` does not broadcast to the output. */
bool lk_bcast_map_init(lk_bcast_map_t *m, int32_t out_rank,
                       const int64_t *out_dims, const lk_tensor_t *in);
/* The input linear index feeding output linear index i. */
int64_t lk_bcast_map_index(const lk_bcast_map_t *m, int64_t i);

typedef struct lk_bcast_iter {
  int32_t rank, num_inputs;
  int64_t dims[LK_MAX_RANK];
  int64_t strides[LK_BCAST_MAX_INPUTS][LK_MAX_RANK];
  int64_t pos[LK_MAX_RANK];
  int64_t off[LK_BCAST_MAX_INPUTS]; /* current offsets into each input */
} lk_bcast_iter_t;

/* Starts at output element 0 of an output of out_rank/out_dims with
 * inputs[0..n) (n <= LK_BCAST_MAX_INPUTS); false when an input does not
 * broadcast to the output or n is too large. */
bool lk_bcast_iter_init(lk_bcast_iter_t *it, int32_t out_rank,
                        const int64_t *out_dims,
                        const lk_tensor_t *const *inputs, int32_t n);
/* Moves to the next output element (row-major). */
static inline void lk_bcast_iter_next(lk_bcast_iter_t *it) {
  for (int32_t d = it->rank - 1; d >= 0; d--) {
    for (int32_t k = 0; k < it->num_inputs; k++)
      it->off[k] += it->strides[k][d];
    if (++it->pos[d] < it->dims[d]) return;
    for (int32_t k = 0; k < it->num_inputs; k++)
      it->off[k] -= it->strides[k][d] * it->dims[d];
    it->pos[d] = 0;
  }
}

#endif /* LITE_KERNELS_REF_BROADCAST_H */

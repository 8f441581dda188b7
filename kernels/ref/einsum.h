/* einsum.h - Einstein summation (ONNX Einsum, numpy's rules): the equation
 * parser, shared with shape inference, and the reference kernel. */
#ifndef LITE_KERNELS_REF_EINSUM_H
#define LITE_KERNELS_REF_EINSUM_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/tensor.h"

#define LK_EINSUM_MAX_INPUTS 16
/* Letters a-z are labels 0-25, A-Z 26-51; the dims an ellipsis stands for
 * get labels 52.. (right-aligned across operands, so they broadcast). */
#define LK_EINSUM_ELLIPSIS_LABEL 52
#define LK_EINSUM_MAX_LABELS (LK_EINSUM_ELLIPSIS_LABEL + LK_MAX_RANK)

typedef struct lk_einsum {
  int32_t num_inputs;
  int32_t ellipsis_rank; /* dims the ellipsis stands for (max over inputs) */
  int32_t in_rank[LK_EINSUM_MAX_INPUTS];
  int8_t in_labels[LK_EINSUM_MAX_INPUTS][LK_MAX_RANK];
  int32_t out_rank;
  int8_t out_labels[LK_MAX_RANK];
} lk_einsum_t;

/* Parses `equation` for operands of the given ranks: explicit ("ij,jk->ik")
 * or implicit output (ellipsis dims, then the letters used once, in ASCII
 * order), "..." for broadcast dims, spaces ignored. A label repeated within
 * an operand takes its diagonal; labels missing from the output are summed.
 * False with a message in err[0..cap) when the equation is malformed or
 * does not fit the ranks. */
bool lk_einsum_parse(const char *equation, int32_t num_inputs,
                     const int32_t *ranks, lk_einsum_t *out, char *err,
                     size_t cap);

/* y = the summation over every combination of label values, in double for
 * float dtypes and in int64 with wrap-around for integers. Inputs must have
 * the parsed ranks and agreeing label sizes (an ellipsis dim of 1
 * broadcasts); y is allocated with the output shape. */
void lk_ref_einsum(const lk_einsum_t *e, const lk_tensor_t *const *in,
                   lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_EINSUM_H */

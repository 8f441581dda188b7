/* topk.h - reference TopK (ONNX TopK): the k largest or smallest elements
 * along an axis, with their int64 indices. */
#ifndef LITE_KERNELS_REF_TOPK_H
#define LITE_KERNELS_REF_TOPK_H

#include <stdbool.h>

#include "kernels/tensor.h"

typedef struct lk_topk_params {
  int32_t axis; /* in [0, rank) */
  int64_t k;    /* in [0, dims[axis]] */
  bool largest;
  bool sorted; /* the result is sorted either way */
} lk_topk_params_t;

/* values and indices have x's dims with dims[axis] = k. Order: by value
 * (descending when largest), ties by lower index first; NaN counts as
 * larger than every number. Integers compare exactly. Returns false when
 * out of memory. */
bool lk_ref_top_k(const lk_topk_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *values, lk_tensor_t *indices);

#endif /* LITE_KERNELS_REF_TOPK_H */

/* topk.h - reference TopK (ONNX TopK): the k largest or smallest elements
 * along an axis, with their int64 indices. */
#ifndef LITE_KERNELS_REF_TOPK_H
#define LITE_KERNELS_REF_TOPK_H

#include <stdbool.h>

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

typedef struct lk_topk_params {
  int32_t axis; /* in [0, rank) */
  int64_t k;    /* in [0, dims[axis]] */
  bool largest;
  bool sorted; /* the result is sorted either way */
} lk_topk_params_t;

/* values and indices have x's dims with dims[axis] = k. Order: by value
 * (descending when largest), ties by lower index first; NaN counts as
 * larger than every number. Integers compare exactly. Each slice along
 * the axis is sorted in ws, of at least lk_ref_top_k_workspace bytes;
 * returns false, having written nothing, when it is shorter. */
bool lk_ref_top_k(const lk_topk_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *values, lk_tensor_t *indices, lk_workspace_t ws);
/* Two arrays of dims[axis] sort items (24 bytes each: the value as double
 * and as int64, and its index), each rounded up to 64 bytes. It depends on
 * the axis length only, not on K or the data. */
size_t lk_ref_top_k_workspace(const lk_topk_params_t *p, const lk_tensor_t *x);

#endif /* LITE_KERNELS_REF_TOPK_H */

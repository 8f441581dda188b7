/* data.h - reference kernels that move, index and generate data: the
 * shape-and-data-movement ops of ONNX (reshape is a copy, transpose, concat,
 * split, slice, pad, tile/expand, depth_to_space, gather/scatter, one_hot,
 * non_zero, compress, trilu, constant_of_shape, range).
 *
 * Every kernel works on every dtype: moving data copies element bytes, and
 * the few that compute (scatter reductions, range, one_hot) go through the
 * generic double / int64 accessors. Output tensors arrive allocated with
 * their final dims; the caller (shape inference) chose them. Kernels that
 * read indices validate them and return false, with *out_err filled when
 * out_err is not NULL, instead of reading out of bounds. */
#ifndef LITE_KERNELS_REF_DATA_H
#define LITE_KERNELS_REF_DATA_H

#include "kernels/tensor.h"

/* An index operand element that is out of range: its flat position in the
 * index tensor, its value, and the size of the dim it indexes. */
typedef struct lk_index_error {
  int64_t position;
  int64_t value;
  int64_t bound;
} lk_index_error_t;

/* ---- copies ------------------------------------------------------------- */
/* y = x byte for byte (identity, reshape, flatten, squeeze, unsqueeze: the
 * element counts agree). */
void lk_ref_copy(const lk_tensor_t *x, lk_tensor_t *y);

/* y.dims[i] = x.dims[perm[i]]. */
typedef struct lk_transpose_params {
  int32_t perm[LK_MAX_RANK];
} lk_transpose_params_t;
void lk_ref_transpose(const lk_transpose_params_t *p, const lk_tensor_t *x,
                      lk_tensor_t *y);

/* Joins xs[0..n) along axis into y. */
void lk_ref_concat(int32_t axis, uint32_t n, const lk_tensor_t *xs,
                   lk_tensor_t *y);
/* Cuts x along axis into ys[0..n), in order (their dims say the sizes). */
void lk_ref_split(int32_t axis, const lk_tensor_t *x, uint32_t n,
                  lk_tensor_t *ys);

/* y[i_0, ..] = x[starts[0] + i_0 * steps[0], ..] for every dim of x; the
 * positions must be in range (shape inference clamped them). */
typedef struct lk_slice_params {
  int64_t starts[LK_MAX_RANK];
  int64_t steps[LK_MAX_RANK];
} lk_slice_params_t;
void lk_ref_slice(const lk_slice_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y);

/* Pad modes as numpy.pad's (wrap repeats the data periodically; reflect
 * mirrors without repeating the border element, periodically for pads
 * longer than the dim). */
typedef enum lk_pad_mode {
  LK_PAD_CONSTANT,
  LK_PAD_REFLECT,
  LK_PAD_EDGE,
  LK_PAD_WRAP
} lk_pad_mode_t;
/* y[o] = x[o - begin] along every dim (begin may be negative: cropping);
 * positions outside x take `value` (a one-element tensor of x's dtype: the
 * constant_value operand, which the caller binds), else `constant` when
 * constant_given (the attribute form, converted to x's dtype), else zero,
 * in constant mode; or map into x by the mode. Non-constant modes need
 * every padded dim of x to be non-empty. */
typedef struct lk_pad_params {
  lk_pad_mode_t mode;
  int64_t begin[LK_MAX_RANK];
  const lk_tensor_t *value;
  bool constant_given;
  double constant;
} lk_pad_params_t;
void lk_ref_pad(const lk_pad_params_t *p, const lk_tensor_t *x, lk_tensor_t *y);

/* y = x repeated along every dim: y[o] = x[o mod x.dims] with x's dims
 * aligned to the right of y's (missing leading dims are 1). Covers both
 * Tile and Expand (a broadcast is a tile of the size-1 dims). */
void lk_ref_tile(const lk_tensor_t *x, lk_tensor_t *y);

/* Channel/space rearrangements of NCHW tensors (rank 4). */
typedef enum lk_space_op {
  LK_SPACE_SHUFFLE_CHANNEL, /* block = group */
  LK_SPACE_DEPTH_TO_SPACE_DCR,
  LK_SPACE_DEPTH_TO_SPACE_CRD,
  LK_SPACE_SPACE_TO_DEPTH
} lk_space_op_t;
typedef struct lk_space_params {
  lk_space_op_t op;
  int64_t block;
} lk_space_params_t;
void lk_ref_space(const lk_space_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y);

/* ---- indexing ----------------------------------------------------------- */
/* Indices of any integer dtype; negative ones count from the back. The
 * parameter blocks below are the plan steps' (kernels/plan/data_index.h). */

/* The axis of gather and gather_elements. */
typedef struct lk_gather_params {
  int32_t axis;
} lk_gather_params_t;

/* y = x[.., indices, ..] along axis: y.dims = x.dims[:axis] + indices.dims +
 * x.dims[axis+1:]. */
bool lk_ref_gather(int32_t axis, const lk_tensor_t *x,
                   const lk_tensor_t *indices, lk_tensor_t *y,
                   lk_index_error_t *out_err);
/* y[o] = x[o with o[axis] = indices[o]]; y.dims = indices.dims. */
bool lk_ref_gather_elements(int32_t axis, const lk_tensor_t *x,
                            const lk_tensor_t *indices, lk_tensor_t *y,
                            lk_index_error_t *out_err);
typedef struct lk_gather_nd_params {
  int32_t batch_dims;
} lk_gather_nd_params_t;
/* ONNX GatherND: the last dim of indices addresses leading dims of x after
 * the first batch_dims (which x and indices share). */
bool lk_ref_gather_nd(int32_t batch_dims, const lk_tensor_t *x,
                      const lk_tensor_t *indices, lk_tensor_t *y,
                      lk_index_error_t *out_err);

/* How a scatter combines an update with the value already there. */
typedef enum lk_scatter_reduction {
  LK_SCATTER_NONE,
  LK_SCATTER_ADD,
  LK_SCATTER_MUL,
  LK_SCATTER_MAX,
  LK_SCATTER_MIN
} lk_scatter_reduction_t;
typedef struct lk_scatter_params {
  lk_scatter_reduction_t reduction;
  int32_t axis; /* scatter_elements only */
} lk_scatter_params_t;
/* y = x, then y[o with o[axis] = indices[o]] (op)= updates[o] for every o of
 * indices (whose dims updates shares), in row-major order. */
bool lk_ref_scatter_elements(int32_t axis, lk_scatter_reduction_t reduction,
                             const lk_tensor_t *x, const lk_tensor_t *indices,
                             const lk_tensor_t *updates, lk_tensor_t *y,
                             lk_index_error_t *out_err);
/* y = x, then the slab of y addressed by each index tuple (last dim of
 * indices) (op)= the matching slab of updates, in row-major order. */
bool lk_ref_scatter_nd(lk_scatter_reduction_t reduction, const lk_tensor_t *x,
                       const lk_tensor_t *indices, const lk_tensor_t *updates,
                       lk_tensor_t *y, lk_index_error_t *out_err);

typedef struct lk_one_hot_params {
  int32_t axis; /* of y */
} lk_one_hot_params_t;
/* y has indices' dims with `depth` = y.dims[axis] inserted at axis:
 * values[1] where the index (negative ones + depth) equals the position
 * along axis, values[0] elsewhere (out-of-range indices give all off).
 * values has y's dtype and two elements [off, on]. */
void lk_ref_one_hot(int32_t axis, const lk_tensor_t *indices,
                    const lk_tensor_t *values, lk_tensor_t *y);

/* Elements of x that are not zero (NaN is not zero). */
int64_t lk_ref_count_nonzero(const lk_tensor_t *x);
/* y (i64, [rank(x), count]) = the coordinates of those elements, in
 * row-major order, one column each. */
void lk_ref_non_zero(const lk_tensor_t *x, lk_tensor_t *y);

typedef struct lk_compress_params {
  int32_t axis; /* -1: x flattened */
} lk_compress_params_t;
/* y = the slices of x along axis (axis -1: the elements of x flattened)
 * whose condition element is true; condition may be shorter than the dim
 * (the rest is dropped). Fails when a true condition element lies beyond
 * the dim. */
bool lk_ref_compress(int32_t axis, const lk_tensor_t *x,
                     const lk_tensor_t *condition, lk_tensor_t *y,
                     lk_index_error_t *out_err);

/* Keeps the upper (j - i >= k) or lower (j - i <= k) triangle of each
 * matrix in the last two dims of x; zeroes the rest. */
typedef struct lk_trilu_params {
  bool upper;
  int64_t k;
} lk_trilu_params_t;
void lk_ref_trilu(const lk_trilu_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y);

/* ---- generators --------------------------------------------------------- */
/* constant_of_shape's: the fill, `value`'s one element (f32 zero without
 * one): its dtype, which is the result's, and its bytes. */
typedef struct lk_constant_of_shape_params {
  lk_dtype_t dtype;
  uint8_t value[8]; /* the element's lk_dtype_size(dtype) bytes */
} lk_constant_of_shape_params_t;
/* Every element of y = p's fill (y has p->dtype). */
void lk_ref_constant_of_shape(const lk_constant_of_shape_params_t *p,
                              lk_tensor_t *y);
/* Every element of y = value's single element (value has y's dtype). */
void lk_ref_fill(const lk_tensor_t *value, lk_tensor_t *y);
/* y[i] = start + i * delta (scalars of y's dtype; integer dtypes compute in
 * int64, floats in double). */
void lk_ref_range(const lk_tensor_t *start, const lk_tensor_t *delta,
                  lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_DATA_H */

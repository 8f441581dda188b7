/* abi.c - tensor views. */
#include "kernels/abi.h"

#include <string.h>

bool lk_view_dense(lk_view_t *v, lk_dtype_t dtype, int32_t rank,
                   const int64_t *dims, lk_layout_t layout, void *data) {
  memset(v, 0, sizeof *v);
  if (rank < 0 || rank > LK_MAX_RANK || (unsigned)dtype >= LK_NUM_DTYPES ||
      (unsigned)layout >= LK_NUM_LAYOUTS || layout == LK_LAYOUT_ANY)
    return false;
  int64_t block = lk_layout_channel_block(layout);
  if ((block > 1 && rank < 2) || (layout == LK_LAYOUT_NHWC && rank < 3))
    return false;
  for (int32_t i = 0; i < rank; i++)
    if (dims[i] < 0) return false;
  v->dtype = dtype;
  v->rank = rank;
  v->layout = layout;
  v->data = data;
  if (rank > 0) memcpy(v->dims, dims, (size_t)rank * sizeof(int64_t));
  int64_t es = (int64_t)lk_dtype_size(dtype), step = es;
  /* Any step past int64 makes the view unrepresentable. */
  bool over = false;
#define GROW(k) (over |= __builtin_mul_overflow(step, (k), &step))
  if (layout == LK_LAYOUT_NHWC) {
    /* Stored N, spatial..., C. */
    v->strides[1] = step;
    GROW(dims[1]);
    for (int32_t i = rank - 1; i >= 2; i--) {
      v->strides[i] = step;
      GROW(dims[i]);
    }
    v->strides[0] = step;
    GROW(dims[0]);
  } else if (block > 1) {
    /* Stored N, ceil(C/B), spatial..., B. */
    v->block_stride = step;
    GROW(block);
    for (int32_t i = rank - 1; i >= 2; i--) {
      v->strides[i] = step;
      GROW(dims[i]);
    }
    v->strides[1] = step;
    GROW(dims[1] / block + (dims[1] % block != 0));
    v->strides[0] = step;
    GROW(dims[0]);
  } else {
    for (int32_t i = rank - 1; i >= 0; i--) {
      v->strides[i] = step;
      GROW(dims[i]);
    }
  }
#undef GROW
  if (over) {
    memset(v, 0, sizeof *v);
    return false;
  }
  v->nbytes = (size_t)step;
  return true;
}

int64_t lk_view_offset(const lk_view_t *v, const int64_t *idx) {
  int64_t block = lk_layout_channel_block(v->layout), off = 0;
  for (int32_t i = 0; i < v->rank; i++) {
    if (i == 1 && block > 1)
      off += idx[1] / block * v->strides[1] + idx[1] % block * v->block_stride;
    else
      off += idx[i] * v->strides[i];
  }
  return off;
}

int64_t lk_view_stored_channels(const lk_view_t *v) {
  if (v->rank < 2) return 1;
  int64_t block = lk_layout_channel_block(v->layout);
  return (v->dims[1] + block - 1) / block * block;
}

bool lk_view_in_bounds(const lk_view_t *v) {
  if (v->packed_by) return true;
  for (int32_t i = 0; i < v->rank; i++) {
    if (v->dims[i] == 0) return true;
    if (v->strides[i] < 0) return false;
  }
  int64_t idx[LK_MAX_RANK];
  for (int32_t i = 0; i < v->rank; i++) idx[i] = v->dims[i] - 1;
  if (v->rank >= 2) idx[1] = lk_view_stored_channels(v) - 1;
  int64_t last = lk_view_offset(v, idx);
  return last + (int64_t)lk_dtype_size(v->dtype) <= (int64_t)v->nbytes;
}

void lk_view_from_tensor(lk_view_t *v, const lk_tensor_t *t) {
  if (t->dtype == LK_DTYPE_NONE || !lk_view_dense(v, t->dtype, t->rank, t->dims,
                                                  LK_LAYOUT_NCHW, t->data)) {
    memset(v, 0, sizeof *v);
    v->dtype = LK_DTYPE_NONE;
    v->rank = -1;
  }
}

bool lk_view_to_tensor(const lk_view_t *v, lk_tensor_t *t) {
  memset(t, 0, sizeof *t);
  if (v->dtype == LK_DTYPE_NONE) {
    t->dtype = LK_DTYPE_NONE;
    t->rank = -1;
    return true;
  }
  if (v->layout != LK_LAYOUT_NCHW || v->packed_by || v->rank < 0 ||
      v->rank > LK_MAX_RANK)
    return false;
  lk_view_t dense;
  if (!lk_view_dense(&dense, v->dtype, v->rank, v->dims, LK_LAYOUT_NCHW, NULL))
    return false;
  for (int32_t i = 0; i < v->rank; i++)
    if (v->dims[i] > 1 && v->strides[i] != dense.strides[i]) return false;
  if (v->nbytes < dense.nbytes || (dense.nbytes && !v->data)) return false;
  t->dtype = v->dtype;
  t->rank = v->rank;
  memcpy(t->dims, v->dims, (size_t)v->rank * sizeof(int64_t));
  t->data = v->data;
  return true;
}

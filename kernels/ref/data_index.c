/* data_index.c - kernels driven by index or mask tensors: gather, scatter,
 * one_hot, non_zero, compress, trilu. */
#include <string.h>

#include "kernels/ref/data.h"
#include "kernels/ref/data_nd.h"

/* Element `position` of indices as a position in [0, bound) (negative
 * values count from the back); false, with *err filled, when it is out of
 * range. */
static bool load_index(const lk_tensor_t *indices, int64_t position,
                       int64_t bound, int64_t *out, lk_index_error_t *err) {
  int64_t v = lk_load_i64(indices, position);
  int64_t w = v < 0 ? v + bound : v;
  if (w < 0 || w >= bound) {
    if (err) *err = (lk_index_error_t){position, v, bound};
    return false;
  }
  *out = w;
  return true;
}

static char *elem(const lk_tensor_t *t, int64_t i) {
  return (char *)t->data + (size_t)i * lk_dtype_size(t->dtype);
}

/* ---- gathers ------------------------------------------------------------ */

bool lk_ref_gather(int32_t axis, const lk_tensor_t *x,
                   const lk_tensor_t *indices, lk_tensor_t *y,
                   lk_index_error_t *out_err) {
  int64_t outer = lk_nd_count(x->dims, 0, axis), n = x->dims[axis];
  int64_t inner = lk_nd_count(x->dims, axis + 1, x->rank);
  int64_t k = lk_numel(indices);
  size_t slab = (size_t)inner * lk_dtype_size(x->dtype);
  for (int64_t j = 0; j < k; j++) {
    int64_t v;
    if (!load_index(indices, j, n, &v, out_err)) return false;
    for (int64_t o = 0; o < outer; o++)
      memcpy(elem(y, (o * k + j) * inner), elem(x, (o * n + v) * inner), slab);
  }
  return true;
}

bool lk_ref_gather_elements(int32_t axis, const lk_tensor_t *x,
                            const lk_tensor_t *indices, lk_tensor_t *y,
                            lk_index_error_t *out_err) {
  int64_t count = lk_numel(indices);
  if (count == 0) return true;
  int64_t xs[LK_MAX_RANK], idx[LK_MAX_RANK] = {0};
  lk_nd_strides(x->dims, x->rank, xs);
  int64_t i = 0;
  do {
    int64_t v, off = 0;
    if (!load_index(indices, i, x->dims[axis], &v, out_err)) return false;
    for (int32_t d = 0; d < x->rank; d++)
      off += (d == axis ? v : idx[d]) * xs[d];
    lk_copy_elem(y, i++, x, off);
  } while (lk_nd_next(idx, indices->dims, indices->rank));
  return true;
}

/* The geometry of GatherND/ScatterND: `batch` leading dims shared by x and
 * indices, `count` index tuples per batch entry, `k` dims addressed by each
 * tuple, and slabs of `slab` elements (the dims of x after those). */
typedef struct nd_geometry {
  int64_t batches, count, k, slab, xbatch;
  int64_t xs[LK_MAX_RANK];
} nd_geometry_t;

static nd_geometry_t nd_geometry(int32_t batch_dims, const lk_tensor_t *x,
                                 const lk_tensor_t *indices) {
  nd_geometry_t g;
  int32_t q = indices->rank;
  g.k = indices->dims[q - 1];
  g.batches = lk_nd_count(indices->dims, 0, batch_dims);
  g.count = lk_nd_count(indices->dims, batch_dims, q - 1);
  g.slab = lk_nd_count(x->dims, batch_dims + (int32_t)g.k, x->rank);
  g.xbatch = lk_nd_count(x->dims, batch_dims, x->rank);
  lk_nd_strides(x->dims, x->rank, g.xs);
  return g;
}

/* Offset in x of the slab addressed by tuple t of batch entry b. */
static bool nd_offset(const nd_geometry_t *g, int32_t batch_dims,
                      const lk_tensor_t *x, const lk_tensor_t *indices,
                      int64_t b, int64_t t, int64_t *out,
                      lk_index_error_t *err) {
  int64_t off = b * g->xbatch, first = (b * g->count + t) * g->k;
  for (int64_t j = 0; j < g->k; j++) {
    int32_t d = batch_dims + (int32_t)j;
    int64_t v;
    if (!load_index(indices, first + j, x->dims[d], &v, err)) return false;
    off += v * g->xs[d];
  }
  *out = off;
  return true;
}

bool lk_ref_gather_nd(int32_t batch_dims, const lk_tensor_t *x,
                      const lk_tensor_t *indices, lk_tensor_t *y,
                      lk_index_error_t *out_err) {
  nd_geometry_t g = nd_geometry(batch_dims, x, indices);
  size_t bytes = (size_t)g.slab * lk_dtype_size(x->dtype);
  for (int64_t b = 0; b < g.batches; b++) {
    for (int64_t t = 0; t < g.count; t++) {
      int64_t off;
      if (!nd_offset(&g, batch_dims, x, indices, b, t, &off, out_err))
        return false;
      memcpy(elem(y, (b * g.count + t) * g.slab), elem(x, off), bytes);
    }
  }
  return true;
}

/* ---- scatters ----------------------------------------------------------- */

/* y[j] (op)= u[i]. Floats combine in double, integers in wrap-around int64
 * (bool: add is or, mul is and, through the 0/1 values). */
static void scatter_apply(lk_scatter_reduction_t r, lk_tensor_t *y, int64_t j,
                          const lk_tensor_t *u, int64_t i) {
  if (r == LK_SCATTER_NONE) {
    lk_copy_elem(y, j, u, i);
    return;
  }
  if (lk_dtype_is_float(y->dtype)) {
    double a = lk_load_f64(y, j), b = lk_load_f64(u, i), v = a;
    switch (r) {
    case LK_SCATTER_ADD:
      v = a + b;
      break;
    case LK_SCATTER_MUL:
      v = a * b;
      break;
    case LK_SCATTER_MAX:
      v = b > a || b != b ? b : a;
      break;
    case LK_SCATTER_MIN:
      v = b < a || b != b ? b : a;
      break;
    case LK_SCATTER_NONE:
      break;
    }
    lk_store_f64(y, j, v);
    return;
  }
  int64_t a = lk_load_i64(y, j), b = lk_load_i64(u, i), v = a;
  switch (r) {
  case LK_SCATTER_ADD:
    v = (int64_t)((uint64_t)a + (uint64_t)b);
    break;
  case LK_SCATTER_MUL:
    v = (int64_t)((uint64_t)a * (uint64_t)b);
    break;
  case LK_SCATTER_MAX:
    v = b > a ? b : a;
    break;
  case LK_SCATTER_MIN:
    v = b < a ? b : a;
    break;
  case LK_SCATTER_NONE:
    break;
  }
  if (y->dtype == LK_U64 && (r == LK_SCATTER_MAX || r == LK_SCATTER_MIN)) {
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    v = (int64_t)(r == LK_SCATTER_MAX ? (ub > ua ? ub : ua)
                                      : (ub < ua ? ub : ua));
  }
  lk_store_i64(y, j, v);
}

bool lk_ref_scatter_elements(int32_t axis, lk_scatter_reduction_t reduction,
                             const lk_tensor_t *x, const lk_tensor_t *indices,
                             const lk_tensor_t *updates, lk_tensor_t *y,
                             lk_index_error_t *out_err) {
  lk_ref_copy(x, y);
  if (lk_numel(indices) == 0) return true;
  int64_t ys[LK_MAX_RANK], idx[LK_MAX_RANK] = {0};
  lk_nd_strides(y->dims, y->rank, ys);
  int64_t i = 0;
  do {
    int64_t v, off = 0;
    if (!load_index(indices, i, y->dims[axis], &v, out_err)) return false;
    for (int32_t d = 0; d < y->rank; d++)
      off += (d == axis ? v : idx[d]) * ys[d];
    scatter_apply(reduction, y, off, updates, i++);
  } while (lk_nd_next(idx, indices->dims, indices->rank));
  return true;
}

bool lk_ref_scatter_nd(lk_scatter_reduction_t reduction, const lk_tensor_t *x,
                       const lk_tensor_t *indices, const lk_tensor_t *updates,
                       lk_tensor_t *y, lk_index_error_t *out_err) {
  lk_ref_copy(x, y);
  nd_geometry_t g = nd_geometry(0, x, indices);
  for (int64_t t = 0; t < g.count; t++) {
    int64_t off;
    if (!nd_offset(&g, 0, x, indices, 0, t, &off, out_err)) return false;
    for (int64_t e = 0; e < g.slab; e++)
      scatter_apply(reduction, y, off + e, updates, t * g.slab + e);
  }
  return true;
}

/* ---- masks and one-hot -------------------------------------------------- */

void lk_ref_one_hot(int32_t axis, const lk_tensor_t *indices,
                    const lk_tensor_t *values, lk_tensor_t *y) {
  lk_tensor_t off = *values, on = *values;
  off.rank = on.rank = 0;
  on.data = elem(values, 1);
  lk_ref_fill(&off, y);
  int64_t depth = y->dims[axis];
  int64_t outer = lk_nd_count(indices->dims, 0, axis);
  int64_t inner = lk_nd_count(indices->dims, axis, indices->rank);
  for (int64_t o = 0; o < outer; o++) {
    for (int64_t i = 0; i < inner; i++) {
      int64_t v = lk_load_i64(indices, o * inner + i);
      if (v < 0) v += depth;
      if (v >= 0 && v < depth)
        lk_copy_elem(y, (o * depth + v) * inner + i, &on, 0);
    }
  }
}

static bool is_nonzero(const lk_tensor_t *x, int64_t i) {
  return lk_dtype_is_float(x->dtype) ? lk_load_f64(x, i) != 0.0
                                     : lk_load_i64(x, i) != 0;
}

int64_t lk_ref_count_nonzero(const lk_tensor_t *x) {
  int64_t n = lk_numel(x), count = 0;
  for (int64_t i = 0; i < n; i++)
    count += is_nonzero(x, i);
  return count;
}

void lk_ref_non_zero(const lk_tensor_t *x, lk_tensor_t *y) {
  int64_t n = lk_numel(x), count = y->dims[1], j = 0;
  if (n == 0 || count == 0) return;
  int64_t idx[LK_MAX_RANK] = {0};
  int64_t *out = y->data;
  for (int64_t i = 0; i < n && j < count; i++) {
    if (is_nonzero(x, i)) {
      for (int32_t d = 0; d < x->rank; d++)
        out[d * count + j] = idx[d];
      j++;
    }
    lk_nd_next(idx, x->dims, x->rank);
  }
}

bool lk_ref_compress(int32_t axis, const lk_tensor_t *x,
                     const lk_tensor_t *condition, lk_tensor_t *y,
                     lk_index_error_t *out_err) {
  /* Flattened x is one axis with nothing outside or inside it. */
  int64_t outer = 1, n = lk_numel(x), inner = 1;
  if (axis >= 0) {
    outer = lk_nd_count(x->dims, 0, axis);
    n = x->dims[axis];
    inner = lk_nd_count(x->dims, axis + 1, x->rank);
  }
  int64_t len = lk_numel(condition);
  for (int64_t j = n; j < len; j++) {
    if (lk_load_i64(condition, j)) {
      if (out_err) *out_err = (lk_index_error_t){j, j, n};
      return false;
    }
  }
  size_t slab = (size_t)inner * lk_dtype_size(x->dtype);
  char *out = y->data;
  for (int64_t o = 0; o < outer; o++) {
    for (int64_t j = 0; j < n && j < len; j++) {
      if (!lk_load_i64(condition, j)) continue;
      memcpy(out, elem(x, (o * n + j) * inner), slab);
      out += slab;
    }
  }
  return true;
}

void lk_ref_trilu(const lk_trilu_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y) {
  int32_t r = x->rank;
  int64_t rows = x->dims[r - 2], cols = x->dims[r - 1];
  int64_t batches = lk_nd_count(x->dims, 0, r - 2);
  size_t es = lk_dtype_size(x->dtype);
  for (int64_t b = 0; b < batches; b++) {
    for (int64_t i = 0; i < rows; i++) {
      int64_t row = (b * rows + i) * cols;
      for (int64_t j = 0; j < cols; j++) {
        bool keep = p->upper ? j - i >= p->k : j - i <= p->k;
        if (keep)
          lk_copy_elem(y, row + j, x, row + j);
        else
          memset(elem(y, row + j), 0, es);
      }
    }
  }
}

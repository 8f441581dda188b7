/* data_copy.c - data movement without indices: copy, transpose, concat,
 * split, slice, pad, tile and the channel/space rearrangements. All but
 * concat/split are one strided copy over a view of x. */
#include <string.h>

#include "kernels/ref/data.h"
#include "kernels/ref/data_nd.h"

void lk_nd_strides(const int64_t *dims, int32_t rank, int64_t *strides) {
  int64_t s = 1;
  for (int32_t d = rank - 1; d >= 0; d--) {
    strides[d] = s;
    s *= dims[d];
  }
}

/* The innermost dim as a loop over elements of one size. */
#define LK_ND_ROW(T)                                                           \
  do {                                                                         \
    T *o = (T *)dst->data;                                                     \
    const T *s = (const T *)src->data;                                         \
    for (int64_t i = 0; i < n; i++)                                            \
      o[od + i * ost] = s[sd + i * sst];                                       \
  } while (0)

static void nd_row(const lk_nd_view_t *dst, int64_t od, int64_t ost,
                   const lk_nd_view_t *src, int64_t sd, int64_t sst, size_t es,
                   int64_t n) {
  if (ost == 1 && sst == 1) {
    memcpy((char *)dst->data + (size_t)od * es,
           (const char *)src->data + (size_t)sd * es, (size_t)n * es);
    return;
  }
  switch (es) {
  case 1:
    LK_ND_ROW(uint8_t);
    break;
  case 2:
    LK_ND_ROW(uint16_t);
    break;
  case 4:
    LK_ND_ROW(uint32_t);
    break;
  case 8:
    LK_ND_ROW(uint64_t);
    break;
  default:
    for (int64_t i = 0; i < n; i++)
      memcpy((char *)dst->data + (size_t)(od + i * ost) * es,
             (const char *)src->data + (size_t)(sd + i * sst) * es, es);
  }
}

void lk_nd_copy(const lk_nd_view_t *dst, const lk_nd_view_t *src, size_t es,
                int32_t rank, const int64_t *dims) {
  if (lk_nd_count(dims, 0, rank) == 0) return;
  if (rank == 0) {
    nd_row(dst, dst->base, 1, src, src->base, 1, es, 1);
    return;
  }
  int32_t last = rank - 1;
  int64_t idx[LK_ND_MAX_RANK] = {0};
  int64_t od = dst->base, sd = src->base;
  for (;;) {
    nd_row(dst, od, dst->strides[last], src, sd, src->strides[last], es,
           dims[last]);
    /* Advance the outer dims, keeping both offsets incremental. */
    int32_t d = last - 1;
    for (; d >= 0; d--) {
      od += dst->strides[d];
      sd += src->strides[d];
      if (++idx[d] < dims[d]) break;
      od -= dst->strides[d] * dims[d];
      sd -= src->strides[d] * dims[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

/* A view of a whole tensor with its natural strides. */
static lk_nd_view_t nd_view(const lk_tensor_t *t) {
  lk_nd_view_t v = {.data = t->data, .base = 0};
  lk_nd_strides(t->dims, t->rank, v.strides);
  return v;
}

void lk_ref_copy(const lk_tensor_t *x, lk_tensor_t *y) {
  size_t n = lk_nbytes(y);
  if (n && x->data != y->data) memcpy(y->data, x->data, n);
}

/* y = x viewed with dims vdims[0..vrank) and permuted by perm (a transpose of
 * a reshaped x). */
static void permute_view(const lk_tensor_t *x, int32_t vrank,
                         const int64_t *vdims, const int32_t *perm,
                         lk_tensor_t *y) {
  int64_t vstrides[LK_ND_MAX_RANK], dims[LK_ND_MAX_RANK];
  lk_nd_strides(vdims, vrank, vstrides);
  lk_nd_view_t src = {.data = x->data, .base = 0};
  lk_nd_view_t dst = {.data = y->data, .base = 0};
  for (int32_t i = 0; i < vrank; i++) {
    dims[i] = vdims[perm[i]];
    src.strides[i] = vstrides[perm[i]];
  }
  lk_nd_strides(dims, vrank, dst.strides);
  lk_nd_copy(&dst, &src, lk_dtype_size(x->dtype), vrank, dims);
}

void lk_ref_transpose(const lk_transpose_params_t *p, const lk_tensor_t *x,
                      lk_tensor_t *y) {
  permute_view(x, x->rank, x->dims, p->perm, y);
}

void lk_ref_space(const lk_space_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y) {
  const int64_t n = x->dims[0], c = x->dims[1], h = x->dims[2], w = x->dims[3],
                b = p->block;
  if (lk_numel(x) == 0 || b <= 0) return;
  switch (p->op) {
  case LK_SPACE_SHUFFLE_CHANNEL: {
    int64_t v[4] = {n, b, c / b, h * w};
    static const int32_t perm[4] = {0, 2, 1, 3};
    permute_view(x, 4, v, perm, y);
    break;
  }
  case LK_SPACE_DEPTH_TO_SPACE_DCR: {
    int64_t v[6] = {n, b, b, c / (b * b), h, w};
    static const int32_t perm[6] = {0, 3, 4, 1, 5, 2};
    permute_view(x, 6, v, perm, y);
    break;
  }
  case LK_SPACE_DEPTH_TO_SPACE_CRD: {
    int64_t v[6] = {n, c / (b * b), b, b, h, w};
    static const int32_t perm[6] = {0, 1, 4, 2, 5, 3};
    permute_view(x, 6, v, perm, y);
    break;
  }
  case LK_SPACE_SPACE_TO_DEPTH: {
    int64_t v[6] = {n, c, h / b, b, w / b, b};
    static const int32_t perm[6] = {0, 3, 5, 1, 2, 4};
    permute_view(x, 6, v, perm, y);
    break;
  }
  }
}

void lk_ref_concat(int32_t axis, uint32_t n, const lk_tensor_t *xs,
                   lk_tensor_t *y) {
  size_t es = lk_dtype_size(y->dtype);
  int64_t outer = lk_nd_count(y->dims, 0, axis);
  size_t inner = (size_t)lk_nd_count(y->dims, axis + 1, y->rank) * es;
  char *out = y->data;
  for (int64_t o = 0; o < outer; o++) {
    for (uint32_t j = 0; j < n; j++) {
      size_t slab = (size_t)xs[j].dims[axis] * inner;
      if (!slab) continue;
      memcpy(out, (const char *)xs[j].data + (size_t)o * slab, slab);
      out += slab;
    }
  }
}

void lk_ref_split(int32_t axis, const lk_tensor_t *x, uint32_t n,
                  lk_tensor_t *ys) {
  size_t es = lk_dtype_size(x->dtype);
  int64_t outer = lk_nd_count(x->dims, 0, axis);
  size_t inner = (size_t)lk_nd_count(x->dims, axis + 1, x->rank) * es;
  const char *in = x->data;
  for (int64_t o = 0; o < outer; o++) {
    for (uint32_t j = 0; j < n; j++) {
      size_t slab = (size_t)ys[j].dims[axis] * inner;
      if (!slab) continue;
      memcpy((char *)ys[j].data + (size_t)o * slab, in, slab);
      in += slab;
    }
  }
}

void lk_ref_slice(const lk_slice_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y) {
  lk_nd_view_t src = nd_view(x), dst = nd_view(y);
  for (int32_t d = 0; d < x->rank; d++) {
    src.base += p->starts[d] * src.strides[d];
    src.strides[d] *= p->steps[d];
  }
  lk_nd_copy(&dst, &src, lk_dtype_size(x->dtype), y->rank, y->dims);
}

void lk_ref_tile(const lk_tensor_t *x, lk_tensor_t *y) {
  if (lk_numel(y) == 0) return;
  int64_t xstrides[LK_MAX_RANK], dims[LK_ND_MAX_RANK];
  lk_nd_strides(x->dims, x->rank, xstrides);
  lk_nd_view_t src = {.data = x->data, .base = 0};
  int32_t rank = 0, lead = y->rank - x->rank;
  for (int32_t d = 0; d < y->rank; d++) {
    int64_t xd = d < lead ? 1 : x->dims[d - lead];
    int64_t xs = d < lead ? 0 : xstrides[d - lead];
    if (xd == 1 || xd == y->dims[d]) { /* broadcast, or all of x's dim */
      dims[rank] = y->dims[d];
      src.strides[rank++] = xd == 1 ? 0 : xs;
    } else { /* y.dims[d] / xd repeats of the whole dim */
      dims[rank] = y->dims[d] / xd;
      src.strides[rank++] = 0;
      dims[rank] = xd;
      src.strides[rank++] = xs;
    }
  }
  /* Each y dim split in (repeat, data) is still row-major in y's memory. */
  lk_nd_view_t dst = {.data = y->data, .base = 0};
  lk_nd_strides(dims, rank, dst.strides);
  lk_nd_copy(&dst, &src, lk_dtype_size(x->dtype), rank, dims);
}

/* ---- pad ---------------------------------------------------------------- */

/* The position of x that padded position s (relative to x's start) reads,
 * for a dim of n > 0 elements. */
static int64_t pad_source(lk_pad_mode_t mode, int64_t s, int64_t n) {
  if (s >= 0 && s < n) return s;
  switch (mode) {
  case LK_PAD_EDGE:
    return s < 0 ? 0 : n - 1;
  case LK_PAD_WRAP: {
    int64_t r = s % n;
    return r < 0 ? r + n : r;
  }
  case LK_PAD_REFLECT: {
    if (n == 1) return 0;
    int64_t period = 2 * (n - 1), r = s % period;
    if (r < 0) r += period;
    return r < n ? r : period - r;
  }
  case LK_PAD_CONSTANT:
    break;
  }
  return -1;
}

static void pad_constant(const lk_pad_params_t *p, const lk_tensor_t *x,
                         lk_tensor_t *y) {
  size_t es = lk_dtype_size(y->dtype);
  uint64_t storage = 0; /* the attribute form, as a scalar of y's dtype */
  lk_tensor_t constant = {.dtype = y->dtype, .rank = 0, .data = &storage};
  if (!p->value && p->constant_given) lk_store_f64(&constant, 0, p->constant);
  if (p->value || p->constant_given)
    lk_ref_fill(p->value ? p->value : &constant, y);
  else
    memset(y->data, 0, lk_nbytes(y));
  /* The part of y that x covers: o in [lo, hi) reads x at o - begin. */
  lk_nd_view_t src = nd_view(x), dst = nd_view(y);
  int64_t dims[LK_MAX_RANK];
  for (int32_t d = 0; d < y->rank; d++) {
    int64_t b = p->begin[d];
    int64_t lo = b > 0 ? b : 0, hi = b + x->dims[d];
    if (hi > y->dims[d]) hi = y->dims[d];
    if (hi <= lo) return;
    dims[d] = hi - lo;
    dst.base += lo * dst.strides[d];
    src.base += (lo - b) * src.strides[d];
  }
  lk_nd_copy(&dst, &src, es, y->rank, dims);
}

void lk_ref_pad(const lk_pad_params_t *p, const lk_tensor_t *x,
                lk_tensor_t *y) {
  if (p->mode == LK_PAD_CONSTANT || lk_numel(y) == 0 || lk_numel(x) == 0) {
    pad_constant(p, x, y);
    return;
  }
  int64_t xstrides[LK_MAX_RANK], idx[LK_MAX_RANK] = {0};
  lk_nd_strides(x->dims, x->rank, xstrides);
  int64_t j = 0;
  do {
    int64_t off = 0;
    for (int32_t d = 0; d < y->rank; d++)
      off +=
          pad_source(p->mode, idx[d] - p->begin[d], x->dims[d]) * xstrides[d];
    lk_copy_elem(y, j++, x, off);
  } while (lk_nd_next(idx, y->dims, y->rank));
}

/* ---- generators --------------------------------------------------------- */

void lk_ref_fill(const lk_tensor_t *value, lk_tensor_t *y) {
  int64_t n = lk_numel(y);
  for (int64_t i = 0; i < n; i++)
    lk_copy_elem(y, i, value, 0);
}

void lk_ref_constant_of_shape(const lk_constant_of_shape_params_t *p,
                              lk_tensor_t *y) {
  size_t es = lk_dtype_size(y->dtype);
  int64_t n = lk_numel(y);
  for (int64_t i = 0; i < n; i++)
    memcpy((char *)y->data + (size_t)i * es, p->value, es);
}

void lk_ref_range(const lk_tensor_t *start, const lk_tensor_t *delta,
                  lk_tensor_t *y) {
  int64_t n = lk_numel(y);
  if (lk_dtype_is_float(y->dtype)) {
    double s = lk_load_f64(start, 0), d = lk_load_f64(delta, 0);
    for (int64_t i = 0; i < n; i++)
      lk_store_f64(y, i, s + (double)i * d);
  } else { /* wrap-around arithmetic, as the dtype's own would */
    uint64_t s = (uint64_t)lk_load_i64(start, 0),
             d = (uint64_t)lk_load_i64(delta, 0);
    for (int64_t i = 0; i < n; i++)
      lk_store_i64(y, i, (int64_t)(s + (uint64_t)i * d));
  }
}

/* topk.c - reference TopK: a stable sort of each slice along the axis. */
#include "kernels/ref/topk.h"

typedef struct topk_item {
  double f;
  int64_t i; /* integer value, for exact comparison of integer dtypes */
  int64_t index;
} topk_item_t;

typedef enum topk_cmp { CMP_FLOAT, CMP_SIGNED, CMP_UNSIGNED } topk_cmp_t;

/* -1 when a goes before b. */
static int order(const topk_item_t *a, const topk_item_t *b, topk_cmp_t cmp,
                 bool largest) {
  int c;
  if (cmp == CMP_FLOAT) {
    bool an = a->f != a->f, bn = b->f != b->f;
    c = an || bn ? (an && bn ? 0 : an ? 1 : -1) : (a->f > b->f) - (a->f < b->f);
  } else if (cmp == CMP_SIGNED) {
    c = (a->i > b->i) - (a->i < b->i);
  } else {
    uint64_t ua = (uint64_t)a->i, ub = (uint64_t)b->i;
    c = (ua > ub) - (ua < ub);
  }
  if (largest) c = -c;
  if (c) return c;
  return (a->index > b->index) - (a->index < b->index);
}

/* Merge sort: stable and O(n log n) whatever the data. */
static void merge_sort(topk_item_t *v, topk_item_t *tmp, int64_t n,
                       topk_cmp_t cmp, bool largest) {
  if (n < 2) return;
  int64_t h = n / 2;
  merge_sort(v, tmp, h, cmp, largest);
  merge_sort(v + h, tmp, n - h, cmp, largest);
  int64_t a = 0, b = h, o = 0;
  while (a < h && b < n)
    tmp[o++] = order(&v[b], &v[a], cmp, largest) < 0 ? v[b++] : v[a++];
  while (a < h)
    tmp[o++] = v[a++];
  while (b < n)
    tmp[o++] = v[b++];
  for (int64_t i = 0; i < n; i++)
    v[i] = tmp[i];
}

/* One slice along the axis and the merge sort's buffer. */
static void topk_layout(lk_ws_carver_t *c, const lk_topk_params_t *p,
                        const lk_tensor_t *x, topk_item_t **v,
                        topk_item_t **tmp) {
  *v = lk_ws_take(c, x->dims[p->axis], sizeof **v);
  *tmp = lk_ws_take(c, x->dims[p->axis], sizeof **tmp);
}

size_t lk_ref_top_k_workspace(const lk_topk_params_t *p, const lk_tensor_t *x) {
  lk_ws_carver_t c = lk_ws_sizing();
  topk_item_t *v, *tmp;
  topk_layout(&c, p, x, &v, &tmp);
  return c.used;
}

bool lk_ref_top_k(const lk_topk_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *values, lk_tensor_t *indices,
                  lk_workspace_t ws) {
  int64_t len = x->dims[p->axis], outer = 1, inner = 1;
  for (int32_t d = 0; d < p->axis; d++)
    outer *= x->dims[d];
  for (int32_t d = p->axis + 1; d < x->rank; d++)
    inner *= x->dims[d];
  lk_ws_carver_t c = lk_ws_carve(ws);
  topk_item_t *v, *tmp;
  topk_layout(&c, p, x, &v, &tmp);
  if (!lk_ws_ok(&c)) return false;
  bool is_float = lk_dtype_is_float(x->dtype);
  topk_cmp_t cmp = is_float             ? CMP_FLOAT
                   : x->dtype == LK_U64 ? CMP_UNSIGNED
                                        : CMP_SIGNED;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t in = 0; in < inner; in++) {
      for (int64_t j = 0; j < len; j++) {
        int64_t at = (o * len + j) * inner + in;
        v[j].f = is_float ? lk_load_f64(x, at) : 0.0;
        v[j].i = is_float ? 0 : lk_load_i64(x, at);
        v[j].index = j;
      }
      merge_sort(v, tmp, len, cmp, p->largest);
      for (int64_t j = 0; j < p->k; j++) {
        int64_t src = (o * len + v[j].index) * inner + in;
        int64_t dst = (o * p->k + j) * inner + in;
        lk_copy_elem(values, dst, x, src);
        lk_store_i64(indices, dst, v[j].index);
      }
    }
  return true;
}

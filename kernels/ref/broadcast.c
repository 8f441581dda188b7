/* broadcast.c - numpy broadcasting index maps. */
#include "kernels/ref/broadcast.h"

#include <string.h>

bool lk_bcast_compatible(int32_t out_rank, const int64_t *out_dims,
                         int32_t in_rank, const int64_t *in_dims) {
  if (in_rank > out_rank || in_rank < 0) return false;
  for (int32_t i = 0; i < in_rank; i++) {
    int64_t d = in_dims[in_rank - 1 - i], o = out_dims[out_rank - 1 - i];
    if (d != 1 && d != o) return false;
  }
  return true;
}

bool lk_bcast_shape(int32_t a_rank, const int64_t *a_dims, int32_t b_rank,
                    const int64_t *b_dims, int32_t *out_rank,
                    int64_t *out_dims) {
  int32_t r = a_rank > b_rank ? a_rank : b_rank;
  if (r > LK_MAX_RANK) return false;
  for (int32_t i = 0; i < r; i++) {
    int64_t a = i < a_rank ? a_dims[a_rank - 1 - i] : 1;
    int64_t b = i < b_rank ? b_dims[b_rank - 1 - i] : 1;
    if (a != b && a != 1 && b != 1) return false;
    out_dims[r - 1 - i] = a == 1 ? b : a;
  }
  *out_rank = r;
  return true;
}

/* Per-output-axis strides of `in` (0 on broadcast axes). */
static bool input_strides(int32_t out_rank, const int64_t *out_dims,
                          const lk_tensor_t *in, int64_t *strides) {
  if (!lk_bcast_compatible(out_rank, out_dims, in->rank, in->dims))
    return false;
  int64_t s = 1;
  for (int32_t d = out_rank - 1; d >= 0; d--) {
    int32_t id = d - (out_rank - in->rank);
    if (id < 0) {
      strides[d] = 0;
      continue;
    }
    strides[d] = in->dims[id] == 1 ? 0 : s;
    s *= in->dims[id];
  }
  return true;
}

bool lk_bcast_map_init(lk_bcast_map_t *m, int32_t out_rank,
                       const int64_t *out_dims, const lk_tensor_t *in) {
  if (out_rank < 0 || out_rank > LK_MAX_RANK) return false;
  m->rank = out_rank;
  memcpy(m->dims, out_dims, sizeof(int64_t) * (size_t)out_rank);
  return input_strides(out_rank, out_dims, in, m->strides);
}

int64_t lk_bcast_map_index(const lk_bcast_map_t *m, int64_t i) {
  int64_t r = 0;
  for (int32_t d = m->rank - 1; d >= 0 && i > 0; d--) {
    int64_t q = i / m->dims[d];
    r += (i - q * m->dims[d]) * m->strides[d];
    i = q;
  }
  return r;
}

bool lk_bcast_iter_init(lk_bcast_iter_t *it, int32_t out_rank,
                        const int64_t *out_dims,
                        const lk_tensor_t *const *inputs, int32_t n) {
  if (n < 0 || n > LK_BCAST_MAX_INPUTS || out_rank < 0 ||
      out_rank > LK_MAX_RANK)
    return false;
  memset(it, 0, sizeof *it);
  it->rank = out_rank;
  it->num_inputs = n;
  memcpy(it->dims, out_dims, sizeof(int64_t) * (size_t)out_rank);
  for (int32_t k = 0; k < n; k++)
    if (!input_strides(out_rank, out_dims, inputs[k], it->strides[k]))
      return false;
  return true;
}

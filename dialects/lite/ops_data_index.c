/* ops_data_index.c - ops addressed by index tensors: gather,
 * gather_elements, gather_nd, scatter_elements, scatter_nd. Indices of any
 * integer dtype may be negative (counted from the back); out-of-range ones
 * are errors, reported by shape inference when the indices are known. */
#include <string.h>

#include "dialects/lite/ops_data.h"

/* Checks every known index of operand i against bound (unknown bound:
 * nothing to check). */
static lt_result_t check_indices(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t i,
                                 const char *name, int64_t bound) {
  const lk_tensor_t *v = in[i].value;
  if (!v || bound < 0) return LT_SUCCESS;
  int64_t n = lk_numel(v);
  for (int64_t j = 0; j < n; j++) {
    int64_t x = lk_load_i64(v, j);
    if (x < -bound || x >= bound) {
      lk_index_error_t e = {j, x, bound};
      return lt_lite_data_index_error(c, i, name, &e);
    }
  }
  return LT_SUCCESS;
}

static lt_result_t axis_attr(const lt_lite_call_t *c, int32_t rank,
                             int32_t *out) {
  return lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), rank, "axis", out);
}

/* ---- gather -------------------------------------------------------------- */

lt_result_t lt_lite_shape_gather(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  if (LT_FAILED(lt_lite_data_expect_index(c, in, 1, "indices")))
    return LT_FAILURE;
  int32_t r = in[0].rank, q = in[1].rank, axis;
  out[0].dtype = in[0].dtype;
  out[0].rank = -1;
  if (r < 0) return LT_SUCCESS;
  if (LT_FAILED(axis_attr(c, r, &axis)) ||
      LT_FAILED(check_indices(c, in, 1, "indices", in[0].dims[axis])))
    return LT_FAILURE;
  if (q < 0) return LT_SUCCESS;
  if (r - 1 + q > LK_MAX_RANK)
    return lt_lite_error(c, "result rank %d exceeds the maximum rank %d",
                         (int)(r - 1 + q), LK_MAX_RANK);
  int32_t k = 0;
  for (int32_t d = 0; d < axis; d++)
    out[0].dims[k++] = in[0].dims[d];
  for (int32_t d = 0; d < q; d++)
    out[0].dims[k++] = in[1].dims[d];
  for (int32_t d = axis + 1; d < r; d++)
    out[0].dims[k++] = in[0].dims[d];
  out[0].rank = k;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_gather(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  int32_t axis;
  lk_index_error_t e;
  if (LT_FAILED(axis_attr(c, in[0].rank, &axis))) return LT_FAILURE;
  if (!lk_ref_gather(axis, &in[0], &in[1], &out[0], &e))
    return lt_lite_data_index_error(c, 1, "indices", &e);
  return LT_SUCCESS;
}

/* ---- gather_elements / scatter_elements ---------------------------------- */

/* indices (operand i) has data's rank and, off the axis, dims no larger. */
static lt_result_t check_elements_shape(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t i,
                                        int32_t axis) {
  if (in[i].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lt_lite_expect_rank(c, in, i, "indices", in[0].rank)))
    return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++) {
    int64_t n = in[i].dims[d], dim = in[0].dims[d];
    if (d != axis && n >= 0 && dim >= 0 && n > dim)
      return lt_lite_error(c,
                           "operand #%u (indices) has size %lld in dim %d; "
                           "data has only %lld",
                           i, (long long)n, (int)d, (long long)dim);
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_gather_elements(const lt_lite_call_t *c,
                                          const lt_lite_shape_t *in,
                                          uint32_t num_in, lt_lite_shape_t *out,
                                          uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  if (LT_FAILED(lt_lite_data_expect_index(c, in, 1, "indices")))
    return LT_FAILURE;
  out[0] = in[1];
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(axis_attr(c, in[0].rank, &axis)) ||
      LT_FAILED(check_elements_shape(c, in, 1, axis)))
    return LT_FAILURE;
  if (out[0].rank < 0) { /* indices has data's rank */
    out[0].rank = in[0].rank;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
  }
  return check_indices(c, in, 1, "indices", in[0].dims[axis]);
}

lt_result_t lt_lite_eval_gather_elements(const lt_lite_call_t *c,
                                         const lk_tensor_t *in, uint32_t num_in,
                                         lk_tensor_t *out, uint32_t num_out) {
  int32_t axis;
  lk_index_error_t e;
  if (LT_FAILED(axis_attr(c, in[0].rank, &axis))) return LT_FAILURE;
  if (!lk_ref_gather_elements(axis, &in[0], &in[1], &out[0], &e))
    return lt_lite_data_index_error(c, 1, "indices", &e);
  return LT_SUCCESS;
}

/* updates (operand 2) has data's dtype and exactly the dims of indices. */
static lt_result_t check_updates(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in,
                                 const lt_lite_shape_t *want) {
  if (in[2].dtype != in[0].dtype)
    return lt_lite_error(c,
                         "operand #2 (updates) has element type %s; data "
                         "has %s",
                         lk_dtype_name(in[2].dtype),
                         lk_dtype_name(in[0].dtype));
  if (in[2].rank < 0 || want->rank < 0) return LT_SUCCESS;
  bool ok = in[2].rank == want->rank;
  for (int32_t d = 0; ok && d < want->rank; d++)
    ok = in[2].dims[d] < 0 || want->dims[d] < 0 ||
         in[2].dims[d] == want->dims[d];
  if (ok) return LT_SUCCESS;
  char a[96], b[96];
  return lt_lite_error(
      c, "operand #2 (updates) has shape [%s]; expected [%s]",
      lt_lite_data_dims_str(in[2].dims, in[2].rank, a, sizeof a),
      lt_lite_data_dims_str(want->dims, want->rank, b, sizeof b));
}

lt_result_t lt_lite_shape_scatter_elements(const lt_lite_call_t *c,
                                           const lt_lite_shape_t *in,
                                           uint32_t num_in,
                                           lt_lite_shape_t *out,
                                           uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 3))) return LT_FAILURE;
  lk_scatter_reduction_t red;
  if (LT_FAILED(lt_lite_data_reduction(c, &red)) ||
      LT_FAILED(lt_lite_data_expect_index(c, in, 1, "indices")) ||
      LT_FAILED(check_updates(c, in, &in[1])))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(axis_attr(c, in[0].rank, &axis)) ||
      LT_FAILED(check_elements_shape(c, in, 1, axis)))
    return LT_FAILURE;
  return check_indices(c, in, 1, "indices", in[0].dims[axis]);
}

lt_result_t lt_lite_eval_scatter_elements(const lt_lite_call_t *c,
                                          const lk_tensor_t *in,
                                          uint32_t num_in, lk_tensor_t *out,
                                          uint32_t num_out) {
  int32_t axis;
  lk_scatter_reduction_t red;
  lk_index_error_t e;
  if (LT_FAILED(axis_attr(c, in[0].rank, &axis)) ||
      LT_FAILED(lt_lite_data_reduction(c, &red)))
    return LT_FAILURE;
  if (!lk_ref_scatter_elements(axis, red, &in[0], &in[1], &in[2], &out[0], &e))
    return lt_lite_data_index_error(c, 1, "indices", &e);
  return LT_SUCCESS;
}

/* ---- gather_nd / scatter_nd ---------------------------------------------- */

/* The slab shape that index tuples of length k address after `batch`
 * leading dims: indices.dims[:-1] + data.dims[batch + k:], into *out (rank
 * -1 when not known). */
static lt_result_t nd_shape(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                            int64_t batch, lt_lite_shape_t *out) {
  int32_t r = in[0].rank, q = in[1].rank;
  out->rank = -1;
  if (LT_FAILED(lt_lite_data_expect_index(c, in, 1, "indices")))
    return LT_FAILURE;
  if (q == 0)
    return lt_lite_error(c, "operand #1 (indices) must have rank >= 1");
  if (r == 0) return lt_lite_error(c, "operand #0 (data) must have rank >= 1");
  if (batch < 0 || (r >= 0 && batch >= r) || (q >= 0 && batch >= q))
    return lt_lite_error(c,
                         "batch_dims %lld must be less than the ranks of "
                         "data (%d) and indices (%d)",
                         (long long)batch, (int)r, (int)q);
  if (r < 0 || q < 0) return LT_SUCCESS;
  for (int32_t d = 0; d < batch; d++) {
    int64_t a = in[0].dims[d], b = in[1].dims[d];
    if (a >= 0 && b >= 0 && a != b)
      return lt_lite_error(c,
                           "batch dim %d has size %lld in data but %lld "
                           "in indices",
                           (int)d, (long long)a, (long long)b);
  }
  int64_t k = in[1].dims[q - 1];
  if (k < 0) return LT_SUCCESS;
  if (k < 1 || k > r - batch)
    return lt_lite_error(c,
                         "index tuples have %lld entries; expected 1 to "
                         "%lld (data rank %d less %lld batch dims)",
                         (long long)k, (long long)(r - batch), (int)r,
                         (long long)batch);
  int32_t rank = q - 1 + r - (int32_t)(k + batch);
  if (rank > LK_MAX_RANK)
    return lt_lite_error(c, "result rank %d exceeds the maximum rank %d",
                         (int)rank, LK_MAX_RANK);
  out->rank = 0;
  for (int32_t d = 0; d < q - 1; d++)
    out->dims[out->rank++] =
        d < batch && in[1].dims[d] < 0 ? in[0].dims[d] : in[1].dims[d];
  for (int32_t d = (int32_t)(batch + k); d < r; d++)
    out->dims[out->rank++] = in[0].dims[d];
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_gather_nd(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *in, uint32_t num_in,
                                    lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  if (LT_FAILED(nd_shape(c, in, lt_lite_attr_int(c, "batch_dims", 0), out)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_gather_nd(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  lk_index_error_t e;
  int32_t batch = (int32_t)lt_lite_attr_int(c, "batch_dims", 0);
  if (!lk_ref_gather_nd(batch, &in[0], &in[1], &out[0], &e))
    return lt_lite_data_index_error(c, 1, "indices", &e);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_scatter_nd(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t num_in,
                                     lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 3))) return LT_FAILURE;
  lk_scatter_reduction_t red;
  lt_lite_shape_t want;
  if (LT_FAILED(lt_lite_data_reduction(c, &red)) ||
      LT_FAILED(nd_shape(c, in, 0, &want)) ||
      LT_FAILED(check_updates(c, in, &want)))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_scatter_nd(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  lk_scatter_reduction_t red;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_reduction(c, &red))) return LT_FAILURE;
  if (!lk_ref_scatter_nd(red, &in[0], &in[1], &in[2], &out[0], &e))
    return lt_lite_data_index_error(c, 1, "indices", &e);
  return LT_SUCCESS;
}

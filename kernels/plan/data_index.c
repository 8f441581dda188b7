/* data_index.c - plan steps of the ops addressed by index tensors and of
 * the ones that select by value (data_index.h). */
#include <stdio.h>

#include "kernels/plan/data_index.h"

lt_result_t lk_plan_expect_operands(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t num_in, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, NULL)))
      return LT_FAILURE;
  return LT_SUCCESS;
}

bool lk_attr_given(lk_attrs_t a, const char *name) {
  int64_t v;
  return a.vt->get_int(a.self, name, &v) != LK_ATTR_ABSENT;
}

const char *lk_index_error_str(uint32_t i, const char *name,
                               const lk_index_error_t *e, char *buf,
                               size_t cap) {
  snprintf(buf, cap,
           "operand #%u (%s) element %lld is %lld, out of range for a dim "
           "of size %lld",
           i, name, (long long)e->position, (long long)e->value,
           (long long)e->bound);
  return buf;
}

const char *lk_compress_error_str(const lk_index_error_t *e, char *buf,
                                  size_t cap) {
  snprintf(buf, cap,
           "condition selects element %lld, beyond the %lld elements of "
           "the axis",
           (long long)e->position, (long long)e->bound);
  return buf;
}

/* Checks every known index of operand i against bound (unknown bound:
 * nothing to check). */
static lt_result_t check_indices(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                 const char *name, int64_t bound) {
  const lk_tensor_t *v = in[i].value;
  if (!v || bound < 0) return LT_SUCCESS;
  int64_t n = lk_numel(v);
  for (int64_t j = 0; j < n; j++) {
    int64_t x = lk_load_i64(v, j);
    if (x < -bound || x >= bound) {
      lk_index_error_t e = {j, x, bound};
      char buf[160];
      return lk_plan_fail(p, "%s",
                          lk_index_error_str(i, name, &e, buf, sizeof buf));
    }
  }
  return LT_SUCCESS;
}

static lt_result_t axis_attr(lk_plan_t *p, int32_t rank, int32_t *out) {
  return lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 0), rank, "axis", out);
}

/* ---- gather -------------------------------------------------------------- */

lt_result_t lk_plan_gather(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_gather_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 2)) ||
      LT_FAILED(lk_plan_expect_index(p, in, 1, "indices")))
    return LT_FAILURE;
  int32_t r = in[0].rank, q = in[1].rank, axis;
  out[0].dtype = in[0].dtype;
  out[0].rank = -1;
  if (r < 0) return LT_SUCCESS;
  if (LT_FAILED(axis_attr(p, r, &axis)) ||
      LT_FAILED(check_indices(p, in, 1, "indices", in[0].dims[axis])))
    return LT_FAILURE;
  params->axis = axis;
  if (q < 0) return LT_SUCCESS;
  if (r - 1 + q > LK_MAX_RANK)
    return lk_plan_fail(p, "result rank %d exceeds the maximum rank %d",
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

/* ---- gather_elements / scatter_elements ---------------------------------- */

/* indices (operand i) has data's rank and, off the axis, dims no larger. */
static lt_result_t check_elements_shape(lk_plan_t *p, const lk_shape_t *in,
                                        uint32_t i, int32_t axis) {
  if (in[i].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lk_plan_expect_rank_range(p, in, i, "indices", in[0].rank,
                                          in[0].rank)))
    return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++) {
    int64_t n = in[i].dims[d], dim = in[0].dims[d];
    if (d != axis && n >= 0 && dim >= 0 && n > dim)
      return lk_plan_fail(p,
                          "operand #%u (indices) has size %lld in dim %d; "
                          "data has only %lld",
                          i, (long long)n, (int)d, (long long)dim);
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_gather_elements(lk_plan_t *p, const lk_shape_t *in,
                                    uint32_t num_in, lk_shape_t *out,
                                    lk_gather_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 2)) ||
      LT_FAILED(lk_plan_expect_index(p, in, 1, "indices")))
    return LT_FAILURE;
  out[0] = in[1];
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  if (in[0].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(axis_attr(p, in[0].rank, &params->axis)) ||
      LT_FAILED(check_elements_shape(p, in, 1, params->axis)))
    return LT_FAILURE;
  if (out[0].rank < 0) { /* indices has data's rank */
    out[0].rank = in[0].rank;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
  }
  return check_indices(p, in, 1, "indices", in[0].dims[params->axis]);
}

/* updates (operand 2) has data's dtype and exactly the dims of indices. */
static lt_result_t check_updates(lk_plan_t *p, const lk_shape_t *in,
                                 const lk_shape_t *want) {
  if (in[2].dtype != in[0].dtype)
    return lk_plan_fail(p,
                        "operand #2 (updates) has element type %s; data "
                        "has %s",
                        lk_dtype_name(in[2].dtype), lk_dtype_name(in[0].dtype));
  if (in[2].rank < 0 || want->rank < 0) return LT_SUCCESS;
  bool ok = in[2].rank == want->rank;
  for (int32_t d = 0; ok && d < want->rank; d++)
    ok = in[2].dims[d] < 0 || want->dims[d] < 0 ||
         in[2].dims[d] == want->dims[d];
  if (ok) return LT_SUCCESS;
  char a[96], b[96];
  return lk_plan_fail(p, "operand #2 (updates) has shape [%s]; expected [%s]",
                      lk_dims_str(in[2].dims, in[2].rank, a, sizeof a),
                      lk_dims_str(want->dims, want->rank, b, sizeof b));
}

/* The scatter reduction named by attribute `reduction` ("none" when
 * absent). */
static lt_result_t reduction(lk_plan_t *p, lk_scatter_reduction_t *out) {
  static const char *const names[] = {"none", "add", "mul", "max", "min"};
  static const lk_scatter_reduction_t kinds[] = {
      LK_SCATTER_NONE, LK_SCATTER_ADD, LK_SCATTER_MUL, LK_SCATTER_MAX,
      LK_SCATTER_MIN};
  int i;
  if (LT_FAILED(lk_plan_attr_choice(p, "reduction", "none", names, 5, &i)))
    return LT_FAILURE;
  *out = kinds[i];
  return LT_SUCCESS;
}

lt_result_t lk_plan_scatter_elements(lk_plan_t *p, const lk_shape_t *in,
                                     uint32_t num_in, lk_shape_t *out,
                                     lk_scatter_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 3)) ||
      LT_FAILED(reduction(p, &params->reduction)) ||
      LT_FAILED(lk_plan_expect_index(p, in, 1, "indices")) ||
      LT_FAILED(check_updates(p, in, &in[1])))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  if (in[0].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(axis_attr(p, in[0].rank, &params->axis)) ||
      LT_FAILED(check_elements_shape(p, in, 1, params->axis)))
    return LT_FAILURE;
  return check_indices(p, in, 1, "indices", in[0].dims[params->axis]);
}

/* ---- gather_nd / scatter_nd ---------------------------------------------- */

/* The slab shape that index tuples of length k address after `batch`
 * leading dims: indices.dims[:-1] + data.dims[batch + k:], into *out (rank
 * -1 when not known). */
static lt_result_t nd_shape(lk_plan_t *p, const lk_shape_t *in, int64_t batch,
                            lk_shape_t *out) {
  int32_t r = in[0].rank, q = in[1].rank;
  out->rank = -1;
  if (LT_FAILED(lk_plan_expect_index(p, in, 1, "indices"))) return LT_FAILURE;
  if (q == 0)
    return lk_plan_fail(p, "operand #1 (indices) must have rank >= 1");
  if (r == 0) return lk_plan_fail(p, "operand #0 (data) must have rank >= 1");
  if (batch < 0 || (r >= 0 && batch >= r) || (q >= 0 && batch >= q))
    return lk_plan_fail(p,
                        "batch_dims %lld must be less than the ranks of "
                        "data (%d) and indices (%d)",
                        (long long)batch, (int)r, (int)q);
  if (r < 0 || q < 0) return LT_SUCCESS;
  for (int32_t d = 0; d < batch; d++) {
    int64_t a = in[0].dims[d], b = in[1].dims[d];
    if (a >= 0 && b >= 0 && a != b)
      return lk_plan_fail(p,
                          "batch dim %d has size %lld in data but %lld "
                          "in indices",
                          (int)d, (long long)a, (long long)b);
  }
  int64_t k = in[1].dims[q - 1];
  if (k < 0) return LT_SUCCESS;
  if (k < 1 || k > r - batch)
    return lk_plan_fail(p,
                        "index tuples have %lld entries; expected 1 to "
                        "%lld (data rank %d less %lld batch dims)",
                        (long long)k, (long long)(r - batch), (int)r,
                        (long long)batch);
  int32_t rank = q - 1 + r - (int32_t)(k + batch);
  if (rank > LK_MAX_RANK)
    return lk_plan_fail(p, "result rank %d exceeds the maximum rank %d",
                        (int)rank, LK_MAX_RANK);
  out->rank = 0;
  for (int32_t d = 0; d < q - 1; d++)
    out->dims[out->rank++] =
        d < batch && in[1].dims[d] < 0 ? in[0].dims[d] : in[1].dims[d];
  for (int32_t d = (int32_t)(batch + k); d < r; d++)
    out->dims[out->rank++] = in[0].dims[d];
  return LT_SUCCESS;
}

lt_result_t lk_plan_gather_nd(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_gather_nd_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 2))) return LT_FAILURE;
  int64_t batch = lk_attr_int(p->attrs, "batch_dims", 0);
  if (LT_FAILED(nd_shape(p, in, batch, out))) return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  /* A known rank bounds batch_dims (nd_shape checked it). */
  if (in[0].rank >= 0 || in[1].rank >= 0) params->batch_dims = (int32_t)batch;
  return LT_SUCCESS;
}

lt_result_t lk_plan_scatter_nd(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_shape_t *out,
                               lk_scatter_params_t *params) {
  lk_shape_t want;
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 3)) ||
      LT_FAILED(reduction(p, &params->reduction)) ||
      LT_FAILED(nd_shape(p, in, 0, &want)) ||
      LT_FAILED(check_updates(p, in, &want)))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  return LT_SUCCESS;
}

/* ---- one_hot ------------------------------------------------------------- */

lt_result_t lk_plan_one_hot(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, lk_one_hot_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 3))) return LT_FAILURE;
  int64_t depth = -1;
  double fdepth = 0;
  bool known;
  if (LT_FAILED(lk_plan_data_scalar(p, in, 1, "depth", NULL, &fdepth, &known)))
    return LT_FAILURE;
  if (known) {
    if (!(fdepth >= 1 && fdepth <= (double)LK_DATA_MAX_ELEMENTS))
      return lk_plan_fail(p, "depth must be a positive count, got %g", fdepth);
    depth = (int64_t)fdepth;
  }
  if (in[2].rank >= 0 &&
      (in[2].rank != 1 || (in[2].dims[0] >= 0 && in[2].dims[0] != 2))) {
    char buf[96];
    return lk_plan_fail(p,
                        "operand #2 (values) must be [off, on] (shape "
                        "[2]), got [%s]",
                        lk_dims_str(in[2].dims, in[2].rank, buf, sizeof buf));
  }
  out[0].dtype = in[2].dtype;
  out[0].rank = -1;
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t r = in[0].rank + 1, axis;
  if (r > LK_MAX_RANK)
    return lk_plan_fail(p, "result rank %d exceeds the maximum rank %d", (int)r,
                        LK_MAX_RANK);
  if (LT_FAILED(
          lk_plan_axis(p, lk_attr_int(p->attrs, "axis", -1), r, "axis", &axis)))
    return LT_FAILURE;
  params->axis = axis;
  out[0].rank = r;
  for (int32_t d = 0, j = 0; d < r; d++)
    out[0].dims[d] = d == axis ? depth : in[0].dims[j++];
  return lk_plan_check_size(p, &out[0]);
}

/* ---- non_zero ------------------------------------------------------------ */

lt_result_t lk_plan_non_zero(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 1))) return LT_FAILURE;
  out[0].dtype = LK_I64;
  out[0].rank = 2;
  out[0].dims[0] = in[0].rank;
  out[0].dims[1] = in[0].value ? lk_ref_count_nonzero(in[0].value) : -1;
  return LT_SUCCESS;
}

/* ---- compress ------------------------------------------------------------ */

/* The selected count: true elements of a known condition, checked against
 * the length n of the axis (n < 0: unknown). -1 when not known. */
static lt_result_t compress_count(lk_plan_t *p, const lk_shape_t *in, int64_t n,
                                  int64_t *out) {
  *out = -1;
  const lk_tensor_t *v = in[1].value;
  if (!v) return LT_SUCCESS;
  int64_t len = lk_numel(v), count = 0;
  for (int64_t j = 0; j < len; j++) {
    if (!lk_load_i64(v, j)) continue;
    if (n >= 0 && j >= n) {
      lk_index_error_t e = {j, j, n};
      char buf[128];
      return lk_plan_fail(p, "%s", lk_compress_error_str(&e, buf, sizeof buf));
    }
    count++;
  }
  *out = count;
  return LT_SUCCESS;
}

lt_result_t lk_plan_compress(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             lk_compress_params_t *params) {
  if (LT_FAILED(lk_plan_expect_operands(p, in, num_in, 2))) return LT_FAILURE;
  if (in[1].dtype != LK_BOOL)
    return lk_plan_fail(p,
                        "operand #1 (condition) must have element type "
                        "i1, got %s",
                        lk_dtype_name(in[1].dtype));
  if (LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "condition", 1, 1)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  params->axis = -1;
  int64_t count;
  if (!lk_attr_given(p->attrs, "axis")) { /* over the flattened input */
    int64_t n =
        in[0].rank < 0 ? -1 : lk_data_product(in[0].dims, 0, in[0].rank);
    out[0].rank = 1;
    return compress_count(p, in, n, &out[0].dims[0]);
  }
  out[0].rank = in[0].rank;
  if (in[0].rank < 0) return compress_count(p, in, -1, &count);
  if (LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 0), in[0].rank,
                             "axis", &params->axis)) ||
      LT_FAILED(compress_count(p, in, in[0].dims[params->axis], &count)))
    return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++)
    out[0].dims[d] = in[0].dims[d];
  out[0].dims[params->axis] = count;
  return LT_SUCCESS;
}

/* reduce.c - the plan steps of the reductions (kernels/plan/reduce.h). */
#include "kernels/plan/reduce.h"

#include <stdio.h>
#include <string.h>

#include "kernels/plan/data.h"
#include "kernels/plan/math.h"

/* ---- reduce -------------------------------------------------------------- */

/* The axes operand's checks: an integer vector of at most LK_MAX_RANK
 * elements; *len its length when the shape says it, else -1. */
static lt_result_t check_axes_operand(lk_plan_t *p, const lk_shape_t *in,
                                      int64_t *len) {
  if (LT_FAILED(lk_plan_expect_index(p, in, 1, "axes")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "axes", 1, 1)))
    return LT_FAILURE;
  *len = in[1].rank == 1 ? in[1].dims[0] : -1;
  /* The length when the contents are not known too: it sizes the result's
   * rank. */
  int64_t n = in[1].value ? lk_numel(in[1].value) : *len;
  if (n > LK_MAX_RANK)
    return lk_plan_fail(p,
                        "operand #1 (axes) has %lld elements, more than the "
                        "rank of data",
                        (long long)n);
  return LT_SUCCESS;
}

/* Which axes the op reduces, into params->axes and params->noop. *known:
 * they are known (axes absent or their contents known, and data's rank
 * known); else *count is how many axes go, -1 when not even that is. */
static lt_result_t reduce_axes(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_reduce_params_t *params,
                               bool *known, int64_t *count) {
  int32_t rank = in[0].rank;
  bool noop_empty = lk_attr_int(p->attrs, "noop_with_empty_axes", 0) != 0;
  int64_t axes[LK_MAX_RANK], n = 0;
  *known = true;
  if (lk_shape_present(in, num_in, 1) &&
      LT_FAILED(check_axes_operand(p, in, &n)))
    return LT_FAILURE;
  /* The operand's contents when known, else the attribute form. */
  int32_t listed;
  if (LT_FAILED(lk_plan_int_list(p, in, num_in, 1, "axes", axes, LK_MAX_RANK,
                                 &listed)))
    return LT_FAILURE;
  if (listed >= 0) n = listed;
  *count = n;
  if (listed == LK_LIST_UNKNOWN && n != 0) {
    *known = false;
    return LT_SUCCESS;
  }
  if (n == 0) {
    params->noop = noop_empty;
    for (int32_t d = 0; d < rank && !noop_empty; d++)
      params->axes[d] = true;
    return LT_SUCCESS;
  }
  if (rank < 0) {
    *known = false;
    return LT_SUCCESS;
  }
  char what[40], entry[48];
  lk_data_form(in, num_in, 1, "axes", what, sizeof what);
  snprintf(entry, sizeof entry, "%s entry", what);
  for (int64_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lk_plan_axis(p, axes[i], rank, entry, &a))) return LT_FAILURE;
    if (params->axes[a])
      return lk_plan_fail(p, "%s names axis %d twice", what, (int)a);
    params->axes[a] = true;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_reduce(lk_plan_t *p, lk_reduce_op_t op,
                           const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_reduce_params_t *params) {
  memset(params, 0, sizeof *params);
  params->op = op;
  if (op >= LK_NUM_REDUCE_OPS) return lk_plan_fail(p, "is not a reduction");
  bool known;
  int64_t count;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "data")) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, "data")) ||
      LT_FAILED(reduce_axes(p, in, num_in, params, &known, &count)))
    return LT_FAILURE;
  const lk_shape_t *x = &in[0];
  lk_shape_copy(out, x);
  if (params->noop || x->rank < 0) return LT_SUCCESS;
  bool keepdims = lk_attr_int(p->attrs, "keepdims", 1) != 0;
  if (!known) {
    /* Reduced dims become 1 (or go), but which ones is not known yet. */
    out->rank = keepdims ? x->rank : count >= 0 ? x->rank - (int32_t)count : -1;
    if (out->rank < 0) out->rank = -1;
    for (int32_t d = 0; d < out->rank; d++)
      out->dims[d] = keepdims && x->dims[d] == 1 ? 1 : -1;
    return LT_SUCCESS;
  }
  int32_t r = 0;
  for (int32_t d = 0; d < x->rank; d++) {
    if (!params->axes[d])
      out->dims[r++] = x->dims[d];
    else if (keepdims)
      out->dims[r++] = 1;
  }
  out->rank = r;
  return LT_SUCCESS;
}

/* ---- argmax / argmin ----------------------------------------------------- */

lt_result_t lk_plan_arg(lk_plan_t *p, bool is_min, const lk_shape_t *in,
                        uint32_t num_in, lk_shape_t *out,
                        lk_arg_params_t *params) {
  memset(params, 0, sizeof *params);
  params->is_min = is_min;
  params->axis = -1;
  params->select_last_index =
      lk_attr_int(p->attrs, "select_last_index", 0) != 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "data")) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, "data")))
    return LT_FAILURE;
  const lk_shape_t *x = &in[0];
  if (x->rank >= 0) {
    if (LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 0), x->rank,
                               "attribute 'axis'", &params->axis)))
      return LT_FAILURE;
    if (x->dims[params->axis] == 0)
      return lk_plan_fail(p, "operand #0 (data) is empty along axis %d",
                          (int)params->axis);
  }
  bool keepdims = lk_attr_int(p->attrs, "keepdims", 1) != 0;
  out->dtype = LK_I64;
  out->value = NULL;
  out->rank = x->rank;
  if (x->rank < 0) return LT_SUCCESS;
  int32_t r = 0;
  for (int32_t d = 0; d < x->rank; d++) {
    if (d != params->axis)
      out->dims[r++] = x->dims[d];
    else if (keepdims)
      out->dims[r++] = 1;
  }
  out->rank = r;
  return LT_SUCCESS;
}

/* ---- cumsum -------------------------------------------------------------- */

lt_result_t lk_plan_cumsum(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_cumsum_params_t *params) {
  memset(params, 0, sizeof *params);
  params->axis = -1;
  params->exclusive = lk_attr_int(p->attrs, "exclusive", 0) != 0;
  params->reverse = lk_attr_int(p->attrs, "reverse", 0) != 0;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "x")) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, "x")) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, "axis")) ||
      LT_FAILED(lk_plan_expect_scalar(p, in, 1, "axis")) ||
      LT_FAILED(lk_plan_expect_index(p, in, 1, "axis")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  const lk_tensor_t *v = lk_plan_value(p, in, num_in, 1);
  if (!v || !v->data || in[0].rank < 0) return LT_SUCCESS;
  return lk_plan_axis(p, lk_load_i64(v, 0), in[0].rank,
                      "operand #1 (axis) value", &params->axis);
}

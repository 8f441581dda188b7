/* ops_reduce.c - reductions along axes: the reduce family (reduce_mean ...
 * reduce_sum_square, axes as an optional operand or attribute), arg
 * (argmax, argmin) and cumsum (axis as an operand). */
#include <stdio.h>
#include <string.h>

#include "dialects/lite/ops_math.h"
#include "kernels/ref/reduce.h"

/* ---- reduce -------------------------------------------------------------- */

static lk_reduce_op_t reduce_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_REDUCE_##e: return LK_REDUCE_##e;
    LK_REDUCE_OPS(X)
#undef X
  default: return LK_NUM_REDUCE_OPS;
  }
}

/* Which axes a reduce op reduces. known: the axes are known (axes operand
 * absent, or its contents known); noop: empty axes with
 * noop_with_empty_axes, the op is the identity; count: the number of
 * reduced axes when the axes operand's length is known, else -1. */
typedef struct reduce_plan {
  bool known, noop;
  bool axes[LK_MAX_RANK];
  int64_t count;
} reduce_plan_t;

static lt_result_t plan_reduce(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               reduce_plan_t *plan) {
  memset(plan, 0, sizeof *plan);
  if (reduce_op(c->id) == LK_NUM_REDUCE_OPS)
    return lt_lite_error(c, "is not a reduction");
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "data")) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "data")))
    return LT_FAILURE;
  int32_t rank = in[0].rank;
  bool noop_empty = lt_lite_attr_int(c, "noop_with_empty_axes", 0) != 0;
  int64_t axes[LK_MAX_RANK];
  int64_t n = 0;
  plan->known = true;
  bool operand = lt_lite_present(in, num_in, 1);
  if (operand) {
    if (!lk_dtype_is_int(in[1].dtype) || in[1].dtype == LK_BOOL)
      return lt_lite_error(c, "operand #1 (axes) must have an integer element "
                              "type, got %s",
                           lk_dtype_name(in[1].dtype));
    if (LT_FAILED(lt_lite_expect_rank(c, in, 1, "axes", 1))) return LT_FAILURE;
    n = in[1].rank == 1 ? in[1].dims[0] : -1;
    if (in[1].value && lk_numel(in[1].value) > LK_MAX_RANK)
      return lt_lite_error(c, "operand #1 (axes) has %lld elements, more "
                              "than the rank of data",
                           (long long)lk_numel(in[1].value));
  }
  /* The operand's contents when known, else the attribute form. */
  int32_t count;
  if (LT_FAILED(lt_lite_int_list(c, in, num_in, 1, "axes", axes, LK_MAX_RANK,
                                 &count)))
    return LT_FAILURE;
  if (count >= 0) n = count;
  if (count == LT_LITE_LIST_UNKNOWN && n != 0) {
    plan->known = false;
    plan->count = n;
    return LT_SUCCESS;
  }
  if (n == 0) {
    plan->noop = noop_empty;
    plan->count = noop_empty ? 0 : rank;
    for (int32_t d = 0; d < rank && !noop_empty; d++) plan->axes[d] = true;
    return LT_SUCCESS;
  }
  plan->count = n;
  if (rank < 0) {
    plan->known = false;
    return LT_SUCCESS;
  }
  const char *what = operand ? "operand #1 (axes)" : "attribute 'axes'";
  char entry[40];
  snprintf(entry, sizeof entry, "%s entry", what);
  for (int64_t i = 0; i < n; i++) {
    int32_t a;
    if (LT_FAILED(lt_lite_axis(c, axes[i], rank, entry, &a)))
      return LT_FAILURE;
    if (plan->axes[a])
      return lt_lite_error(c, "%s names axis %d twice", what, (int)a);
    plan->axes[a] = true;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_reduce(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  reduce_plan_t plan;
  if (LT_FAILED(plan_reduce(c, in, num_in, &plan))) return LT_FAILURE;
  bool keepdims = lt_lite_attr_int(c, "keepdims", 1) != 0;
  const lt_lite_shape_t *x = &in[0];
  out[0].dtype = x->dtype;
  out[0].value = NULL;
  if (plan.noop) {
    lk_shape_copy(&out[0], x);
    return LT_SUCCESS;
  }
  if (x->rank < 0) {
    out[0].rank = -1;
    return LT_SUCCESS;
  }
  if (!plan.known) {
    /* Reduced dims become 1 (or go), but which ones is not known yet. */
    out[0].rank = keepdims ? x->rank
                  : plan.count >= 0 ? x->rank - (int32_t)plan.count
                                    : -1;
    if (out[0].rank < 0) out[0].rank = -1;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = keepdims && x->dims[d] == 1 ? 1 : -1;
    return LT_SUCCESS;
  }
  int32_t r = 0;
  for (int32_t d = 0; d < x->rank; d++) {
    if (!plan.axes[d])
      out[0].dims[r++] = x->dims[d];
    else if (keepdims)
      out[0].dims[r++] = 1;
  }
  out[0].rank = r;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_reduce(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t s[2] = {{0}};
  for (uint32_t i = 0; i < num_in && i < 2; i++)
    lk_shapes_of(&in[i], 1, &s[i]);
  reduce_plan_t plan;
  if (LT_FAILED(plan_reduce(c, s, num_in < 2 ? num_in : 2, &plan)))
    return LT_FAILURE;
  if (plan.noop) {
    memcpy(out[0].data, in[0].data, lk_nbytes(&in[0]));
    return LT_SUCCESS;
  }
  lk_reduce_params_t p = {.op = reduce_op(c->id)};
  memcpy(p.axes, plan.axes, sizeof p.axes);
  lk_ref_reduce(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- argmax / argmin ----------------------------------------------------- */

static lt_result_t arg_params(const lt_lite_call_t *c, const lt_lite_shape_t *x,
                              lk_arg_params_t *p) {
  p->is_min = c->id == LT_LITE_ARGMIN;
  p->select_last_index = lt_lite_attr_int(c, "select_last_index", 0) != 0;
  p->axis = 0;
  if (x->rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), x->rank,
                             "attribute 'axis'", &p->axis)))
    return LT_FAILURE;
  if (x->dims[p->axis] == 0)
    return lt_lite_error(c, "operand #0 (data) is empty along axis %d",
                         (int)p->axis);
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_arg(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  lk_arg_params_t p;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "data")) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "data")) ||
      LT_FAILED(arg_params(c, &in[0], &p)))
    return LT_FAILURE;
  bool keepdims = lt_lite_attr_int(c, "keepdims", 1) != 0;
  out[0].dtype = LK_I64;
  out[0].value = NULL;
  out[0].rank = in[0].rank;
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t r = 0;
  for (int32_t d = 0; d < in[0].rank; d++) {
    if (d != p.axis)
      out[0].dims[r++] = in[0].dims[d];
    else if (keepdims)
      out[0].dims[r++] = 1;
  }
  out[0].rank = r;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_arg(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t x;
  lk_shapes_of(&in[0], 1, &x);
  lk_arg_params_t p;
  if (LT_FAILED(arg_params(c, &x, &p))) return LT_FAILURE;
  lk_ref_arg(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- cumsum -------------------------------------------------------------- */

/* The normalized axis when operand #1's contents are known (*out_known). */
static lt_result_t cumsum_axis(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               int32_t *out_axis, bool *out_known) {
  *out_known = false;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "x")) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "x")) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, "axis")) ||
      LT_FAILED(lt_lite_math_expect_scalar(c, in, 1, "axis")))
    return LT_FAILURE;
  if (!lk_dtype_is_int(in[1].dtype) || in[1].dtype == LK_BOOL)
    return lt_lite_error(c, "operand #1 (axis) must have an integer element "
                            "type, got %s",
                         lk_dtype_name(in[1].dtype));
  if (!in[1].value || in[0].rank < 0) return LT_SUCCESS;
  if (LT_FAILED(lt_lite_axis(c, lk_load_i64(in[1].value, 0), in[0].rank,
                             "operand #1 (axis) value", out_axis)))
    return LT_FAILURE;
  *out_known = true;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_cumsum(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  int32_t axis;
  bool known;
  if (LT_FAILED(cumsum_axis(c, in, num_in, &axis, &known))) return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_cumsum(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t s[2];
  lk_shapes_of(&in[0], 1, &s[0]);
  lk_shapes_of(&in[1], 1, &s[1]);
  lk_cumsum_params_t p = {
      .exclusive = lt_lite_attr_int(c, "exclusive", 0) != 0,
      .reverse = lt_lite_attr_int(c, "reverse", 0) != 0,
  };
  bool known;
  if (LT_FAILED(cumsum_axis(c, s, 2, &p.axis, &known))) return LT_FAILURE;
  lk_ref_cumsum(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

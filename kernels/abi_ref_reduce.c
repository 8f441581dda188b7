/* abi_ref_reduce.c - the reductions' reference kernels behind the
 * call-record ABI (kernels/ref/reduce.h):
 *
 *   reduce_<name>: inputs data, axes (optional); lk_reduce_params_t.
 *   argmax, argmin: input data; lk_arg_params_t; an i64 result.
 *   cumsum: inputs x, axis; lk_cumsum_params_t.
 *
 * The plan step folds the axes and axis operands into the parameter block,
 * so the kernels do not read them. A row's op is its own whatever the
 * block says (reduce's op, arg's is_min). The result's element type and
 * count and the axis are checked against the input, so a block planned
 * for other shapes is refused rather than written past a buffer. The f32
 * rows refuse other element types of data / x. */
#include "kernels/abi_ref.h"

#include "kernels/ref/reduce.h"

/* y must be of dtype and hold n elements. */
static lt_status_t expect_result(const char *kernel, const lk_tensor_t *y,
                                 lk_dtype_t dtype, int64_t n) {
  if (y->dtype != dtype)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: expected a result of element type %s, got %s",
                          kernel, lk_dtype_name(dtype),
                          lk_dtype_name(y->dtype));
  if (lk_numel(y) == n) return LT_OK;
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "%s: expected a result of %lld elements, got %lld",
                        kernel, (long long)n, (long long)lk_numel(y));
}

static lt_status_t expect_axis(const char *kernel, int32_t axis,
                               const lk_tensor_t *x) {
  if (axis >= 0 && axis < x->rank) return LT_OK;
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "%s: axis %d is out of range for rank %d", kernel,
                        (int)axis, (int)x->rank);
}

/* Elements of x left when axis `skip` (or the marked axes) go. */
static int64_t kept_numel(const lk_tensor_t *x, const bool *reduced,
                          int32_t skip) {
  int64_t n = 1;
  for (int32_t d = 0; d < x->rank; d++)
    if (d != skip && !(reduced && reduced[d])) n *= x->dims[d];
  return n;
}

static lt_status_t reduce(const char *kernel, const lk_call_t *call,
                          lk_reduce_op_t op, bool f32_only) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 2, 1, 1,
                                         sizeof(lk_reduce_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  lk_reduce_params_t p = *(const lk_reduce_params_t *)call->params;
  p.op = op;
  int64_t n = p.noop ? lk_numel(&in[0]) : kept_numel(&in[0], p.axes, -1);
  LT_RETURN_IF_ERROR(expect_result(kernel, &y, in[0].dtype, n));
  lk_ref_reduce(&p, &in[0], &y);
  return LT_OK;
}

static lt_status_t arg(const char *kernel, const lk_call_t *call, bool is_min,
                       bool f32_only) {
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 1, 1, 1,
                                         sizeof(lk_arg_params_t), &x, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &x));
  lk_arg_params_t p = *(const lk_arg_params_t *)call->params;
  p.is_min = is_min;
  LT_RETURN_IF_ERROR(expect_axis(kernel, p.axis, &x));
  LT_RETURN_IF_ERROR(
      expect_result(kernel, &y, LK_I64, kept_numel(&x, NULL, p.axis)));
  lk_ref_arg(&p, &x, &y);
  return LT_OK;
}

static lt_status_t cumsum(const char *kernel, const lk_call_t *call,
                          bool f32_only) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 2, 2, 1, 1,
                                         sizeof(lk_cumsum_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  const lk_cumsum_params_t *p = call->params;
  LT_RETURN_IF_ERROR(expect_axis(kernel, p->axis, &in[0]));
  LT_RETURN_IF_ERROR(expect_result(kernel, &y, in[0].dtype, lk_numel(&in[0])));
  lk_ref_cumsum(p, &in[0], &y);
  return LT_OK;
}

/* The f32 and any rows of `op` over fn(kernel, call, what, f32_only). */
#define ROWS(op, fn, what)                                                     \
  lt_status_t lk_ref_##op##__f32_nchw(const lk_call_t *call) {                 \
    return fn("ref_" #op "__f32_nchw", call, what, true);                      \
  }                                                                            \
  lt_status_t lk_ref_##op##__any_nchw(const lk_call_t *call) {                 \
    return fn("ref_" #op "__any_nchw", call, what, false);                     \
  }
#define REDUCE_ROWS(e, name) ROWS(reduce_##name, reduce, LK_REDUCE_##e)
LK_REDUCE_OPS(REDUCE_ROWS)
#undef REDUCE_ROWS
ROWS(argmax, arg, false)
ROWS(argmin, arg, true)
#undef ROWS

lt_status_t lk_ref_cumsum__f32_nchw(const lk_call_t *call) {
  return cumsum("ref_cumsum__f32_nchw", call, true);
}
lt_status_t lk_ref_cumsum__any_nchw(const lk_call_t *call) {
  return cumsum("ref_cumsum__any_nchw", call, false);
}

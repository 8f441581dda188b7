/* abi_ref_index.c - the reference kernels of the indexing, selection and
 * generator ops (kernels/plan/data_index.h) behind the call-record ABI.
 * Each takes its plan step's parameter block and results preallocated with
 * the dims the step gave; the data-dependent ones (non_zero, compress)
 * must be the exact dims the step gives with the operands' values, which
 * the kernel checks, as it checks what would make it index out of bounds.
 * Out-of-range indices are refused with the step's message. */
#include "kernels/abi_ref.h"

#include "kernels/plan/data_index.h"

static lt_status_t invalid(const char *kernel, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: %s", kernel, what);
}

static lt_status_t index_error(const char *kernel, const lk_index_error_t *e) {
  char buf[160];
  return invalid(kernel, lk_index_error_str(1, "indices", e, buf, sizeof buf));
}

/* The parameter block's axis must index t's dims (a block planned for
 * other shapes would take the kernel past them). */
static lt_status_t check_axis(const char *kernel, int32_t axis,
                              const lk_tensor_t *t) {
  return axis >= 0 && axis < t->rank
             ? LT_OK
             : invalid(kernel, "the parameter block's axis is out of range");
}

/* The kernels copy elements of x's size into y. */
static lt_status_t check_same_dtype(const char *kernel, const lk_tensor_t *x,
                                    const lk_tensor_t *y) {
  return x->dtype == y->dtype
             ? LT_OK
             : invalid(kernel, "the output's dtype is not the data's");
}

/* in[0..n) and the one result as tensors (their count, the parameter block
 * of params_size bytes, dense nchw views checked); the f32 row also wants
 * in[f32_operand] f32 (the output when f32_operand is n). */
static lt_status_t begin(const char *kernel, const lk_call_t *call, uint32_t n,
                         size_t params_size, bool f32, uint32_t f32_operand,
                         lk_tensor_t *in, lk_tensor_t *y) {
  LT_RETURN_IF_ERROR(
      lk_ref_call_tensors(kernel, call, n, n, 1, 1, params_size, in, y));
  if (!f32) return LT_OK;
  return lk_ref_require_f32(kernel, f32_operand < n ? &in[f32_operand] : y);
}

/* ---- indexing ------------------------------------------------------------ */

static lt_status_t gathers(const char *kernel, const lk_call_t *call, bool f32,
                           bool elements) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 2, sizeof(lk_gather_params_t), f32, 0, in, &y));
  const lk_gather_params_t *p = call->params;
  LT_RETURN_IF_ERROR(check_axis(kernel, p->axis, &in[0]));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[0], &y));
  lk_index_error_t e;
  bool ok = elements ? lk_ref_gather_elements(p->axis, &in[0], &in[1], &y, &e)
                     : lk_ref_gather(p->axis, &in[0], &in[1], &y, &e);
  return ok ? LT_OK : index_error(kernel, &e);
}

static lt_status_t run_gather(const char *kernel, const lk_call_t *call,
                              bool f32) {
  return gathers(kernel, call, f32, false);
}

static lt_status_t run_gather_elements(const char *kernel,
                                       const lk_call_t *call, bool f32) {
  return gathers(kernel, call, f32, true);
}

/* Index tuples of indices' last dim address x's dims after `batch`: they
 * must fit x's rank. */
static lt_status_t check_tuples(const char *kernel, int32_t batch,
                                const lk_tensor_t *x,
                                const lk_tensor_t *indices) {
  int32_t q = indices->rank;
  if (batch < 0 || batch >= q || batch >= x->rank ||
      indices->dims[q - 1] > x->rank - batch)
    return invalid(kernel, "the index tuples do not fit the data's rank");
  return LT_OK;
}

static lt_status_t run_gather_nd(const char *kernel, const lk_call_t *call,
                                 bool f32) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 2, sizeof(lk_gather_nd_params_t), f32, 0, in, &y));
  const lk_gather_nd_params_t *p = call->params;
  LT_RETURN_IF_ERROR(check_tuples(kernel, p->batch_dims, &in[0], &in[1]));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[0], &y));
  lk_index_error_t e;
  return lk_ref_gather_nd(p->batch_dims, &in[0], &in[1], &y, &e)
             ? LT_OK
             : index_error(kernel, &e);
}

static lt_status_t scatters(const char *kernel, const lk_call_t *call, bool f32,
                            bool nd) {
  lk_tensor_t in[3], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 3, sizeof(lk_scatter_params_t), f32, 0, in, &y));
  const lk_scatter_params_t *p = call->params;
  LT_RETURN_IF_ERROR(nd ? check_tuples(kernel, 0, &in[0], &in[1])
                        : check_axis(kernel, p->axis, &in[0]));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[0], &y));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[2], &y));
  lk_index_error_t e;
  bool ok = nd ? lk_ref_scatter_nd(p->reduction, &in[0], &in[1], &in[2], &y, &e)
               : lk_ref_scatter_elements(p->axis, p->reduction, &in[0], &in[1],
                                         &in[2], &y, &e);
  return ok ? LT_OK : index_error(kernel, &e);
}

static lt_status_t run_scatter_elements(const char *kernel,
                                        const lk_call_t *call, bool f32) {
  return scatters(kernel, call, f32, false);
}

static lt_status_t run_scatter_nd(const char *kernel, const lk_call_t *call,
                                  bool f32) {
  return scatters(kernel, call, f32, true);
}

/* ---- generators ---------------------------------------------------------- */

static lt_status_t run_constant_of_shape(const char *kernel,
                                         const lk_call_t *call, bool f32) {
  lk_tensor_t shape, y;
  LT_RETURN_IF_ERROR(begin(kernel, call, 1,
                           sizeof(lk_constant_of_shape_params_t), f32, 1,
                           &shape, &y));
  const lk_constant_of_shape_params_t *p = call->params;
  /* The fill's bytes are of the block's dtype: y must have it. */
  if (p->dtype != y.dtype)
    return invalid(kernel, "the output's dtype is not the fill value's");
  lk_ref_constant_of_shape(p, &y);
  return LT_OK;
}

static lt_status_t run_range(const char *kernel, const lk_call_t *call,
                             bool f32) {
  lk_tensor_t in[3], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 3, sizeof(lk_no_params_t), f32, 0, in, &y));
  lk_ref_range(&in[0], &in[2], &y);
  return LT_OK;
}

/* ---- selection by value -------------------------------------------------- */

static lt_status_t run_one_hot(const char *kernel, const lk_call_t *call,
                               bool f32) {
  lk_tensor_t in[3], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 3, sizeof(lk_one_hot_params_t), f32, 2, in, &y));
  const lk_one_hot_params_t *p = call->params;
  LT_RETURN_IF_ERROR(check_axis(kernel, p->axis, &y));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[2], &y));
  if (lk_numel(&in[2]) != 2 || y.rank != in[0].rank + 1)
    return invalid(kernel, "expected values [off, on] and a result one rank "
                           "above the indices");
  lk_ref_one_hot(p->axis, &in[0], &in[2], &y);
  return LT_OK;
}

static lt_status_t run_non_zero(const char *kernel, const lk_call_t *call,
                                bool f32) {
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 1, sizeof(lk_no_params_t), f32, 0, &x, &y));
  if (y.dtype != LK_I64 || y.rank != 2 || y.dims[0] != x.rank ||
      y.dims[1] != lk_ref_count_nonzero(&x))
    return invalid(kernel, "the output is not i64 [rank, non-zero count] "
                           "of this input");
  lk_ref_non_zero(&x, &y);
  return LT_OK;
}

static lt_status_t run_compress(const char *kernel, const lk_call_t *call,
                                bool f32) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(
      begin(kernel, call, 2, sizeof(lk_compress_params_t), f32, 0, in, &y));
  const lk_compress_params_t *p = call->params;
  if (p->axis != -1) LT_RETURN_IF_ERROR(check_axis(kernel, p->axis, &in[0]));
  LT_RETURN_IF_ERROR(check_same_dtype(kernel, &in[0], &y));
  /* The selected count, up to the axis' length (a true element past it is
   * the kernel's error). */
  int64_t n = p->axis < 0 ? lk_numel(&in[0]) : in[0].dims[p->axis];
  int64_t len = lk_numel(&in[1]), count = 0;
  for (int64_t j = 0; j < len && j < n; j++)
    count += lk_load_i64(&in[1], j) != 0;
  int32_t a = p->axis < 0 ? 0 : p->axis;
  if (y.rank != (p->axis < 0 ? 1 : in[0].rank) || y.dims[a] != count)
    return invalid(kernel, "the output's length along the axis is not the "
                           "condition's true count");
  lk_index_error_t e;
  if (lk_ref_compress(p->axis, &in[0], &in[1], &y, &e)) return LT_OK;
  char buf[128];
  return invalid(kernel, lk_compress_error_str(&e, buf, sizeof buf));
}

#define ROWS(op)                                                               \
  lt_status_t lk_ref_##op##__f32_nchw(const lk_call_t *call) {                 \
    return run_##op("ref_" #op "__f32_nchw", call, true);                      \
  }                                                                            \
  lt_status_t lk_ref_##op##__any_nchw(const lk_call_t *call) {                 \
    return run_##op("ref_" #op "__any_nchw", call, false);                     \
  }
ROWS(gather)
ROWS(gather_elements)
ROWS(gather_nd)
ROWS(scatter_elements)
ROWS(scatter_nd)
ROWS(constant_of_shape)
ROWS(range)
ROWS(one_hot)
ROWS(non_zero)
ROWS(compress)
#undef ROWS

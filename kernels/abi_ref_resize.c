/* abi_ref_resize.c - lite.resize behind the call-record ABI: the reference
 * kernel (kernels/ref/resize.h) with the plan step's parameter block
 * (kernels/plan/resize.h). roi, scales and sizes have already gone into
 * that block, so the call may carry them but only X is read. The tap
 * tables take the call's workspace (lk_ref_resize_workspace). */
#include "kernels/abi_ref.h"
#include "kernels/ref/resize.h"

/* The kernel clamps its taps into X's axes, which an empty axis of X
 * cannot give: the shapes must be the plan step's. */
static lt_status_t check_shapes(const char *kernel, const lk_tensor_t *x,
                                const lk_tensor_t *y) {
  bool ok = x->dtype == y->dtype && x->rank == y->rank;
  for (int32_t d = 0; ok && d < x->rank; d++)
    ok = x->dims[d] > 0 || y->dims[d] == 0;
  if (ok) return LT_OK;
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "%s: the output does not fit the input (dtype, "
                        "rank, or a non-empty axis resized from an empty one)",
                        kernel);
}

static lt_status_t resize(const char *kernel, const lk_call_t *call,
                          bool f32_only) {
  lk_tensor_t in[4], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 4, 1, 1,
                                         sizeof(lk_resize_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  LT_RETURN_IF_ERROR(check_shapes(kernel, &in[0], &y));
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_resize_workspace(call->params, &in[0], &y), &ws));
  return lk_ref_resize(call->params, &in[0], &y, ws) ? LT_OK
                                                     : lk_ref_refused(kernel);
}

lt_status_t lk_ref_resize__f32_nchw(const lk_call_t *call) {
  return resize("ref_resize__f32_nchw", call, true);
}
lt_status_t lk_ref_resize__any_nchw(const lk_call_t *call) {
  return resize("ref_resize__any_nchw", call, false);
}

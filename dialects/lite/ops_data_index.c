/* ops_data_index.c - ops addressed by index tensors: gather,
 * gather_elements, gather_nd, scatter_elements, scatter_nd. The rules are
 * the plan steps' (kernels/plan/data_index.c): indices of any integer
 * dtype may be negative, out-of-range ones are errors, reported by shape
 * inference when the indices are known. Evaluation reruns the step on the
 * concrete operands for the kernel's parameters. */
#include "dialects/lite/ops_data.h"
#include "kernels/plan/data_index.h"

LT_LITE_DATA_SHAPE_FN(gather, lk_gather_params_t)
LT_LITE_DATA_SHAPE_FN(gather_elements, lk_gather_params_t)
LT_LITE_DATA_SHAPE_FN(gather_nd, lk_gather_nd_params_t)
LT_LITE_DATA_SHAPE_FN(scatter_elements, lk_scatter_params_t)
LT_LITE_DATA_SHAPE_FN(scatter_nd, lk_scatter_params_t)

/* A kernel's verdict; the step checked every index first, so a bad one
 * here is one the kernel found that the step could not see. */
static lt_result_t indexed(const lt_lite_call_t *c, bool ok,
                           const lk_index_error_t *e) {
  char buf[160];
  if (ok) return LT_SUCCESS;
  return lt_lite_error(c, "%s",
                       lk_index_error_str(1, "indices", e, buf, sizeof buf));
}

lt_result_t lt_lite_eval_gather(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lk_gather_params_t kp;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  return indexed(c, lk_ref_gather(kp.axis, &in[0], &in[1], &out[0], &e), &e);
}

lt_result_t lt_lite_eval_gather_elements(const lt_lite_call_t *c,
                                         const lk_tensor_t *in, uint32_t num_in,
                                         lk_tensor_t *out, uint32_t num_out) {
  lk_gather_params_t kp;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  return indexed(
      c, lk_ref_gather_elements(kp.axis, &in[0], &in[1], &out[0], &e), &e);
}

lt_result_t lt_lite_eval_gather_nd(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  lk_gather_nd_params_t kp;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  return indexed(
      c, lk_ref_gather_nd(kp.batch_dims, &in[0], &in[1], &out[0], &e), &e);
}

lt_result_t lt_lite_eval_scatter_elements(const lt_lite_call_t *c,
                                          const lk_tensor_t *in,
                                          uint32_t num_in, lk_tensor_t *out,
                                          uint32_t num_out) {
  lk_scatter_params_t kp;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  return indexed(c,
                 lk_ref_scatter_elements(kp.axis, kp.reduction, &in[0], &in[1],
                                         &in[2], &out[0], &e),
                 &e);
}

lt_result_t lt_lite_eval_scatter_nd(const lt_lite_call_t *c,
                                    const lk_tensor_t *in, uint32_t num_in,
                                    lk_tensor_t *out, uint32_t num_out) {
  lk_scatter_params_t kp;
  lk_index_error_t e;
  if (LT_FAILED(lt_lite_data_eval_params(c, in, num_in, &kp, sizeof kp)))
    return LT_FAILURE;
  return indexed(
      c, lk_ref_scatter_nd(kp.reduction, &in[0], &in[1], &in[2], &out[0], &e),
      &e);
}

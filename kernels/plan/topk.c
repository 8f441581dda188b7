/* topk.c - the plan step of lite.top_k (kernels/plan/topk.h). */
#include "kernels/plan/topk.h"

#include <string.h>

#include "kernels/plan/math.h"

lt_result_t lk_plan_top_k(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, uint32_t num_out,
                          lk_topk_params_t *params) {
  memset(params, 0, sizeof *params);
  params->axis = -1;
  params->k = -1;
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, "K")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "X", 1, LK_MAX_RANK)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "K", 0, 1)))
    return LT_FAILURE;
  if (in[0].dtype == LK_BOOL)
    return lk_plan_fail(p, "operand #0 (X) must have a numeric element type, "
                           "got bool");
  if (!lk_dtype_is_int(in[1].dtype) || in[1].dtype == LK_BOOL)
    return lk_plan_fail(p,
                        "operand #1 (K) must have an integer element "
                        "type, got %s",
                        lk_dtype_name(in[1].dtype));
  if (in[1].rank == 1 && in[1].dims[0] >= 0 && in[1].dims[0] != 1)
    return lk_plan_fail(p, "operand #1 (K) must have one element, got %lld",
                        (long long)in[1].dims[0]);
  if (in[0].rank >= 0 &&
      LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", -1), in[0].rank,
                             "attribute 'axis'", &params->axis)))
    return LT_FAILURE;
  const lk_tensor_t *kv = lk_plan_value(p, in, num_in, 1);
  if (kv) {
    int64_t k = kv->data && lk_numel(kv) > 0 ? lk_load_i64(kv, 0) : 0;
    int64_t len = params->axis >= 0 ? in[0].dims[params->axis] : -1;
    if (k < 0 || (len >= 0 && k > len))
      return lk_plan_fail(p,
                          "operand #1 (K) is %lld, outside [0, %lld] "
                          "(the size of the axis)",
                          (long long)k, (long long)(len >= 0 ? len : k));
    params->k = k;
  }
  params->largest = lk_attr_int(p->attrs, "largest", 1) != 0;
  params->sorted = lk_attr_int(p->attrs, "sorted", 1) != 0;
  for (uint32_t i = 0; i < num_out; i++) {
    out[i].dtype = i == 0 ? in[0].dtype : LK_I64;
    out[i].rank = in[0].rank;
    out[i].value = NULL;
    for (int32_t d = 0; d < in[0].rank; d++)
      out[i].dims[d] = d == params->axis ? params->k : in[0].dims[d];
  }
  lk_tensor_t tx;
  if (params->axis >= 0 && lk_plan_shape_tensors(in, num_in, 1, &tx))
    p->workspace_size = lk_ref_top_k_workspace(params, &tx);
  return LT_SUCCESS;
}

/* ops_nn_topk.c - top_k (ONNX TopK): K is an operand; two results, the
 * values and their int64 indices, ties in ascending index order. The
 * rules are the plan step's (kernels/plan/topk.c). */
#include "dialects/lite/ops_nn.h"
#include "kernels/plan/topk.h"

lt_result_t lt_lite_shape_top_k(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_topk_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p, lk_plan_top_k(&p, in, num_in, out, num_out, &kp));
}

lt_result_t lt_lite_eval_top_k(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t sin[2], sout[2] = {{0}};
  lk_shapes_of(in, num_in, sin);
  lk_plan_t pl;
  lk_topk_params_t p;
  lt_lite_plan_init(c, &pl);
  if (LT_FAILED(lt_lite_plan_report(
          c, &pl, lk_plan_top_k(&pl, sin, num_in, sout, 2, &p))))
    return LT_FAILURE;
  lk_tensor_t scratch;
  lk_tensor_t *indices = &out[1];
  if (num_out < 2) { /* tolerate a call without the indices result */
    scratch = out[0];
    scratch.dtype = LK_I64;
    if (LT_FAILED(lt_lite_tensor_alloc(c->allocator, &scratch)))
      return lt_lite_nn_oom(c);
    indices = &scratch;
  }
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &pl, &ws))) {
    if (num_out < 2) lt_lite_tensor_free(c->allocator, &scratch);
    return LT_FAILURE;
  }
  bool ok = lk_ref_top_k(&p, &in[0], &out[0], indices, ws);
  if (num_out < 2) lt_lite_tensor_free(c->allocator, &scratch);
  return lt_lite_nn_done(c, &ws, ok);
}

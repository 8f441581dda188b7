/* ops_nn_resize.c - resize (ONNX Resize, opsets 10-19): roi, scales and
 * sizes are operands (absent, lite.none, or empty), axes and
 * keep_aspect_ratio_policy attributes as in opset 18; scales and sizes may
 * also be attributes (an empty one is absent). antialias is not
 * supported. The rules are the plan step's (kernels/plan/resize.c);
 * evaluation runs lk_ref_resize. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/plan/resize.h"

lt_result_t lt_lite_shape_resize(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lk_resize_params_t kp;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p, lk_plan_resize(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_resize(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[4], sout;
  lk_shapes_of(in, num_in, sin);
  memset(&sout, 0, sizeof sout);
  lk_plan_t p;
  lk_resize_params_t kp;
  lt_lite_plan_init(c, &p);
  if (LT_FAILED(lt_lite_plan_report(
          c, &p, lk_plan_resize(&p, sin, num_in, &sout, &kp))))
    return LT_FAILURE;
  lk_workspace_t ws;
  if (LT_FAILED(lt_lite_workspace_alloc(c, &p, &ws))) return LT_FAILURE;
  return lt_lite_nn_done(c, &ws, lk_ref_resize(&kp, &in[0], &out[0], ws));
}

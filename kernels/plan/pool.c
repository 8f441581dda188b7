/* pool.c - the plan step of pool2d: ONNX MaxPool, AveragePool, LpPool and
 * their Global forms (global_pooling = 1) over 1 or more spatial dims. */
#include <string.h>

#include "kernels/plan/nn.h"
#include "kernels/plan/window.h"

static lt_result_t pool_type(lk_plan_t *p, lk_pool_type_t *out) {
  static const char *const names[] = {"max", "avg", "lp"};
  static const lk_pool_type_t types[] = {LK_POOL_MAX, LK_POOL_AVG, LK_POOL_LP};
  int i;
  if (LT_FAILED(lk_plan_attr_choice(p, "pooling_type", "", names, 3, &i)))
    return LT_FAILURE;
  *out = types[i];
  return LT_SUCCESS;
}

/* The window is the whole input: one output per channel. */
static void global_window(const lk_shape_t *x, lk_window_t *w,
                          lk_shape_t *out) {
  int32_t ns = w->spatial;
  for (int32_t d = 0; d < ns; d++) {
    w->kernel[d] = x->dims[2 + d];
    w->strides[d] = 1;
    w->dilations[d] = 1;
    w->pads[d] = w->pads[ns + d] = 0;
    out->dims[2 + d] = 1;
  }
  w->auto_pad = LK_AUTO_PAD_NOTSET;
}

static lt_result_t kernel_shape(lk_plan_t *p, const lk_shape_t *x,
                                lk_window_t *w, lk_shape_t *out) {
  int32_t ns = w->spatial;
  int64_t ks[LK_MAX_RANK];
  int32_t n = lk_attr_ints(p->attrs, "kernel_shape", ks, LK_MAX_RANK);
  if (n < 0)
    return lk_plan_fail(p, "requires attribute 'kernel_shape' unless "
                           "global_pooling is set");
  if (n != ns)
    return lk_plan_fail(p,
                        "attribute 'kernel_shape' must have %d values, got "
                        "%d",
                        (int)ns, (int)n);
  for (int32_t d = 0; d < ns; d++) {
    if (ks[d] < 1)
      return lk_plan_fail(p,
                          "attribute 'kernel_shape' must have values >= 1, "
                          "got %lld",
                          (long long)ks[d]);
    w->kernel[d] = ks[d];
  }
  for (int32_t d = 0; d < ns; d++)
    if (LT_FAILED(lk_window_out(p, w, d, x->dims[2 + d], &out->dims[2 + d])))
      return LT_FAILURE;
  return LT_SUCCESS;
}

lt_result_t lk_plan_pool2d(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, lk_shape_t *out,
                           lk_pool_params_t *params) {
  const lk_shape_t *x = &in[0];
  memset(params, 0, sizeof *params);
  if (LT_FAILED(pool_type(p, &params->type)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "X", 3, LK_MAX_RANK)))
    return LT_FAILURE;
  /* max compares, so integers work too; avg and lp need floats. */
  if ((params->type != LK_POOL_MAX || x->dtype == LK_BOOL) &&
      LT_FAILED(lk_plan_expect_float(p, in, 0, "X")))
    return LT_FAILURE;
  params->p = lk_attr_int(p->attrs, "p", 2);
  if (params->type == LK_POOL_LP && params->p < 1)
    return lk_plan_fail(p, "attribute 'p' must be >= 1, got %lld",
                        (long long)params->p);
  params->count_include_pad =
      lk_attr_int(p->attrs, "count_include_pad", 0) != 0;
  bool global = lk_attr_int(p->attrs, "global_pooling", 0) != 0;
  out->dtype = x->dtype;
  out->rank = x->rank;
  p->workspace_size = 0;
  if (x->rank < 0) return LT_SUCCESS;
  int32_t ns = x->rank - 2;
  out->dims[0] = x->dims[0];
  out->dims[1] = x->dims[1];
  lk_window_t w;
  if (LT_FAILED(lk_window_attrs(p, ns, &w))) return LT_FAILURE;
  w.ceil_mode = lk_attr_int(p->attrs, "ceil_mode", 0) != 0;
  if (global)
    global_window(x, &w, out);
  else if (LT_FAILED(kernel_shape(p, x, &w, out)))
    return LT_FAILURE;
  params->spatial = ns;
  for (int32_t d = 0; d < ns; d++) {
    params->kernel[d] = w.kernel[d];
    params->strides[d] = w.strides[d];
    params->dilations[d] = w.dilations[d];
    params->pads_begin[d] = w.pads[d];
    params->pads_end[d] = w.pads[ns + d];
  }
  lk_tensor_t tx, ty;
  if (lk_plan_shape_tensors(in, num_in, 1, &tx) &&
      lk_plan_shape_tensors(out, 1, 1, &ty))
    p->workspace_size = lk_ref_pool2d_workspace(&tx, &ty);
  return LT_SUCCESS;
}

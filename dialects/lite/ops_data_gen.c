/* ops_data_gen.c - ops that generate data from a shape or bounds:
 * constant_of_shape and range. Their result shapes come from operand
 * values, so they are static exactly when those operands are constants.
 * The rules are the plan steps' (kernels/plan/data_gen.c), but for
 * constant_of_shape's `value`: a tensor attribute, which only the IR can
 * read, so its checks, the element type it gives and the fill are here. */
#include <string.h>

#include "dialects/lite/ops_data.h"
#include "kernels/plan/data_index.h"

/* ---- constant_of_shape --------------------------------------------------- */

/* The fill value's element type: the `value` attribute's, f32 without it. */
static lt_result_t fill_dtype(const lt_lite_call_t *c, lk_dtype_t *out) {
  const lt_attr_t *v = lt_lite_attr(c, "value");
  *out = LK_F32;
  if (!v) return LT_SUCCESS;
  if (!v->type || v->type->kind != LT_TYPE_TENSOR ||
      lt_type_num_elements(v->type) != 1)
    return lt_lite_error(c, "attribute 'value' must be a one-element tensor");
  *out = lt_lite_dtype(v->type->shaped.element);
  if (*out == LK_DTYPE_NONE)
    return lt_lite_error(c, "attribute 'value' has an unsupported element "
                            "type");
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_constant_of_shape(const lt_lite_call_t *c,
                                            const lt_lite_shape_t *in,
                                            uint32_t num_in,
                                            lt_lite_shape_t *out,
                                            uint32_t num_out) {
  lk_dtype_t dtype;
  lk_plan_t p;
  lk_constant_of_shape_params_t kp;
  if (LT_FAILED(fill_dtype(c, &dtype)) ||
      LT_FAILED(
          PLAN(c, p, lk_plan_constant_of_shape(&p, in, num_in, out, &kp))))
    return LT_FAILURE;
  out[0].dtype = dtype;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_constant_of_shape(const lt_lite_call_t *c,
                                           const lk_tensor_t *in,
                                           uint32_t num_in, lk_tensor_t *out,
                                           uint32_t num_out) {
  const lt_attr_t *a = lt_lite_attr(c, "value");
  if (!a) { /* f32 zeros, which a zeroed result already holds */
    memset(out[0].data, 0, lk_nbytes(&out[0]));
    return LT_SUCCESS;
  }
  lk_tensor_t v;
  bool owned;
  if (LT_FAILED(
          lt_lite_attr_tensor(c->ctx, c->loc, a, c->allocator, &v, &owned)))
    return LT_FAILURE;
  lk_ref_fill(&v, &out[0]);
  if (owned) lt_lite_tensor_free(c->allocator, &v);
  return LT_SUCCESS;
}

/* ---- range --------------------------------------------------------------- */

lt_result_t lt_lite_shape_range(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_range(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_range(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_ref_range(&in[0], &in[2], &out[0]);
  return LT_SUCCESS;
}

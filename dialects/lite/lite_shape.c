/* lite_shape.c - shape inference: the op's plan step (lite_impl.h), or
 * lite.constant's and lite.none's own rules. */
#include "dialects/lite/lite_internal.h"

lt_result_t lt_lite_plan_op(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                            uint32_t num_in, lt_lite_shape_t *out,
                            uint32_t num_out, lk_plan_t *p, void **out_params) {
  const lk_plan_step_t *s = lt_lite_op_impl(c->id)->step;
  *out_params = NULL;
  if (!s) return lt_lite_error(c, "has no plan step");
  *out_params = lt_alloc(c->allocator, s->params_size);
  if (!*out_params) return lt_lite_error(c, "out of memory");
  lt_lite_plan_init(c, p);
  return lt_lite_plan_report(
      c, p, lk_plan_step_run(s, p, in, num_in, out, num_out, *out_params));
}

void lt_lite_params_free(const lt_lite_call_t *c, void *params) {
  if (params)
    lt_free(c->allocator, params, lt_lite_op_impl(c->id)->step->params_size);
}

/* lite.constant: its value's type. */
static lt_result_t shape_constant(const lt_lite_call_t *c,
                                  lt_lite_shape_t *out) {
  const lt_attr_t *v = lt_lite_attr(c, "value");
  const lt_type_t *t = v->type;
  out[0].dtype = lt_lite_dtype(t->shaped.element);
  if (out[0].dtype == LK_DTYPE_NONE)
    return lt_lite_error(c, "attribute 'value' has an unsupported element "
                            "type");
  if (t->shaped.rank > LK_MAX_RANK)
    return lt_lite_error(c,
                         "attribute 'value' has rank %u; at most %d is "
                         "supported",
                         t->shaped.rank, LK_MAX_RANK);
  if (!lt_type_has_static_shape(t))
    return lt_lite_error(c, "attribute 'value' must have a static shape");
  out[0].rank = (int32_t)t->shaped.rank;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    out[0].dims[i] = t->shaped.shape[i];
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                          uint32_t num_in, lt_lite_shape_t *out,
                          uint32_t num_out) {
  if (c->id == LT_LITE_CONSTANT) return shape_constant(c, out);
  if (c->id == LT_LITE_NONE) {
    out[0].dtype = LK_DTYPE_NONE;
    out[0].rank = -1;
    return LT_SUCCESS;
  }
  lk_plan_t p;
  void *params;
  lt_result_t r = lt_lite_plan_op(c, in, num_in, out, num_out, &p, &params);
  lt_lite_params_free(c, params);
  /* A result the step leaves without an element type is one the op's
   * declared type decides (calib's precision), which inference does not
   * see: it keeps operand #0's, the verifier compares calib's dims only
   * and the evaluator allocates it in the declared type. */
  for (uint32_t i = 0; i < num_out && LT_SUCCEEDED(r) && num_in; i++)
    if (out[i].dtype == LK_DTYPE_NONE) out[i].dtype = in[0].dtype;
  return r;
}

/* unary.c - the plan step of the unary elementwise family (relu ...
 * is_inf): attributes with ONNX's defaults, dtype checks by op class. */
#include "kernels/plan/math.h"

static lt_result_t unary_attrs(lk_plan_t *p, lk_unary_op_t op,
                               lk_unary_params_t *kp) {
  if (op >= LK_NUM_UNARY_OPS)
    return lk_plan_fail(p, "is not a unary elementwise op");
  lk_unary_params_init(kp, op);
  lk_attrs_t a = p->attrs;
  kp->alpha = lk_attr_float(a, "alpha", kp->alpha);
  kp->beta = lk_attr_float(a, "beta", kp->beta);
  kp->gamma = lk_attr_float(a, "gamma", kp->gamma);
  kp->lambd = lk_attr_float(a, "lambd", kp->lambd);
  kp->bias = lk_attr_float(a, "bias", kp->bias);
  kp->detect_negative = lk_attr_int(a, "detect_negative", 1) != 0;
  kp->detect_positive = lk_attr_int(a, "detect_positive", 1) != 0;
  if (op == LK_UNARY_GELU) {
    static const char *const modes[] = {"none", "tanh"};
    int m;
    if (LT_FAILED(lk_plan_attr_choice(p, "approximate", "none", modes, 2, &m)))
      return LT_FAILURE;
    kp->gelu_tanh = m == 1;
  }
  if (op == LK_UNARY_CELU && kp->alpha == 0)
    return lk_plan_fail(p, "attribute 'alpha' must not be 0");
  return LT_SUCCESS;
}

lt_result_t lk_plan_unary(lk_plan_t *p, lk_unary_op_t op, const lk_shape_t *in,
                          uint32_t num_in, lk_shape_t *out,
                          lk_unary_params_t *params) {
  p->workspace_size = 0;
  if (LT_FAILED(unary_attrs(p, op, params)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")))
    return LT_FAILURE;
  lk_shape_copy(out, &in[0]);
  switch (lk_unary_class(op)) {
  case LK_UNARY_FLOAT: return lk_plan_expect_float(p, in, 0, "X");
  case LK_UNARY_NUMERIC: return lk_plan_expect_numeric(p, in, 0, "X");
  case LK_UNARY_LOGICAL: return lk_plan_expect_bool(p, in, 0, "X");
  case LK_UNARY_PREDICATE:
    out->dtype = LK_BOOL;
    return lk_plan_expect_float(p, in, 0, "X");
  }
  return LT_SUCCESS;
}

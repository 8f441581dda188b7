/* ops_unary.c - the unary elementwise family (relu ... is_inf): dtype
 * checks by op class, attribute checks, and evaluation on lk_ref_unary. */

#include "dialects/lite/ops_math.h"
#include "kernels/ref/elementwise.h"

/* The kernel op of lite op id (the family's ops share the kernel's names). */
static lk_unary_op_t unary_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e, cls)                                                              \
  case LT_LITE_##e: return LK_UNARY_##e;
    LK_UNARY_OPS(X)
#undef X
  default: return LK_NUM_UNARY_OPS;
  }
}

/* The kernel parameters from the op's attributes (ONNX defaults); reports
 * values the op cannot use. */
static lt_result_t unary_params(const lt_lite_call_t *c,
                                lk_unary_params_t *p) {
  lk_unary_op_t op = unary_op(c->id);
  if (op == LK_NUM_UNARY_OPS)
    return lt_lite_error(c, "is not a unary elementwise op");
  lk_unary_params_init(p, op);
  p->alpha = lt_lite_attr_float(c, "alpha", p->alpha);
  p->beta = lt_lite_attr_float(c, "beta", p->beta);
  p->gamma = lt_lite_attr_float(c, "gamma", p->gamma);
  p->lambd = lt_lite_attr_float(c, "lambd", p->lambd);
  p->bias = lt_lite_attr_float(c, "bias", p->bias);
  p->detect_negative = lt_lite_attr_int(c, "detect_negative", 1) != 0;
  p->detect_positive = lt_lite_attr_int(c, "detect_positive", 1) != 0;
  if (op == LK_UNARY_GELU) {
    static const char *const modes[] = {"none", "tanh"};
    int m;
    if (LT_FAILED(lt_lite_attr_choice(c, "approximate", "none", modes, 2, &m)))
      return LT_FAILURE;
    p->gelu_tanh = m == 1;
  }
  if (op == LK_UNARY_CELU && p->alpha == 0)
    return lt_lite_error(c, "attribute 'alpha' must not be 0");
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_unary(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_unary_params_t p;
  if (LT_FAILED(unary_params(c, &p)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")))
    return LT_FAILURE;
  lk_shape_copy(&out[0], &in[0]);
  lk_dtype_t t = in[0].dtype;
  switch (lk_unary_class(p.op)) {
  case LK_UNARY_FLOAT: return lt_lite_expect_float(c, in, 0, "X");
  case LK_UNARY_NUMERIC: return lt_lite_math_expect_numeric(c, in, 0, "X");
  case LK_UNARY_LOGICAL:
    if (t == LK_BOOL) return LT_SUCCESS;
    return lt_lite_error(c, "operand #0 (X) must have element type i1, got %s",
                         lk_dtype_name(t));
  case LK_UNARY_PREDICATE:
    out[0].dtype = LK_BOOL;
    return lt_lite_expect_float(c, in, 0, "X");
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_unary(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_unary_params_t p;
  if (LT_FAILED(unary_params(c, &p))) return LT_FAILURE;
  lk_ref_unary(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

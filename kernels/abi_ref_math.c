/* abi_ref_math.c - the math families' reference kernels behind the
 * call-record ABI: binary arithmetic, compare and logic, where, the
 * variadic sum/mean/max/min, the unary ops, clip, scale, cast, calib,
 * quantize and dequantize. The families whose ops share one kernel have
 * one body taking the op code, and a table of their ops stamps out each
 * registry row's entry. A body checks what the kernel's memory safety
 * rests on (counts, the parameter block, shapes and dtypes that index one
 * tensor by another); the rest is the plan step's. */
#include "kernels/abi_ref.h"

#include "kernels/ref/elementwise.h"
#include "kernels/ref/quant.h"

static lt_status_t bad(const char *kernel, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: %s", kernel, what);
}

/* The elementwise kernels write numel(x) elements of y. */
static lt_status_t same_dims(const char *kernel, const lk_tensor_t *x,
                             const lk_tensor_t *y) {
  bool same = x->rank == y->rank;
  for (int32_t d = 0; same && d < x->rank; d++)
    same = x->dims[d] == y->dims[d];
  return same ? LT_OK
              : bad(kernel, "output #0 must have the shape of input #0");
}

/* Refuses a parameter block made for another op of the family. */
static lt_status_t check_op(const char *kernel, int got, int want) {
  return got == want ? LT_OK
                     : bad(kernel, "the parameter block is another op's");
}

static lt_status_t not_broadcast(const char *kernel) {
  return bad(kernel, "the inputs do not broadcast to the output");
}

/* ---- the op-code families ----------------------------------------------- */

static lt_status_t binary(const char *kernel, const lk_call_t *call,
                          bool f32_only, lk_binary_op_t op) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 2, 2, 1, 1,
                                         sizeof(lk_binary_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  const lk_binary_params_t *p = call->params;
  LT_RETURN_IF_ERROR(check_op(kernel, p->op, op));
  switch (lk_ref_binary(p, &in[0], &in[1], &y)) {
  case LK_REF_OK: return LT_OK;
  case LK_REF_DIV_BY_ZERO:
    return bad(kernel, op == LK_BINARY_MOD ? "integer remainder by zero"
                                           : "integer division by zero");
  case LK_REF_BAD_SHAPE: break;
  }
  return not_broadcast(kernel);
}

static lt_status_t compare(const char *kernel, const lk_call_t *call,
                           bool f32_only, lk_compare_op_t op) {
  lk_tensor_t in[2], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 2, 2, 1, 1,
                                         sizeof(lk_no_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  return lk_ref_compare(op, &in[0], &in[1], &y) ? LT_OK
                                                 : not_broadcast(kernel);
}

/* The first input is copied into y element by element: every input has
 * y's dtype. */
static lt_status_t variadic(const char *kernel, const lk_call_t *call,
                            bool f32_only, lk_variadic_op_t op) {
  lk_tensor_t in[LK_CALL_MAX_OPERANDS], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, LK_CALL_MAX_OPERANDS,
                                         1, 1, sizeof(lk_no_params_t), in,
                                         &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  for (uint32_t i = 0; i < call->num_inputs; i++)
    if (in[i].dtype != y.dtype)
      return bad(kernel, "every input must have the output's element type");
  return lk_ref_variadic(op, in, (int32_t)call->num_inputs, &y)
             ? LT_OK
             : not_broadcast(kernel);
}

static lt_status_t unary(const char *kernel, const lk_call_t *call,
                         bool f32_only, lk_unary_op_t op) {
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 1, 1, 1,
                                         sizeof(lk_unary_params_t), &x, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &x));
  const lk_unary_params_t *p = call->params;
  LT_RETURN_IF_ERROR(check_op(kernel, p->op, op));
  LT_RETURN_IF_ERROR(same_dims(kernel, &x, &y));
  lk_ref_unary(p, &x, &y);
  return LT_OK;
}

/* ENTRIES_<class>(op, body, code): the registry row's entries of op, each
 * running body(its name, call, f32 only, code); F32_ANY makes the f32 and
 * the any entry, ANY_ONLY the any entry. */
#define ENTRY(op, spell, f32_only, body, code)                                 \
  lt_status_t lk_ref_##op##__##spell##_nchw(const lk_call_t *call) {           \
    return body("ref_" #op "__" #spell "_nchw", call, f32_only, code);         \
  }
#define ENTRIES_F32_ANY(op, body, code)                                        \
  ENTRY(op, f32, true, body, code) ENTRY(op, any, false, body, code)
#define ENTRIES_ANY_ONLY(op, body, code) ENTRY(op, any, false, body, code)

/* X(op, code, class), class as registry.def's row. */
#define BINARY_OPS(X)                                                          \
  X(add, ADD, F32_ANY) X(sub, SUB, F32_ANY) X(mul, MUL, F32_ANY)               \
  X(div, DIV, F32_ANY) X(pow, POW, F32_ANY) X(mod, MOD, F32_ANY)               \
  X(prelu, PRELU, F32_ANY) X(bit_shift, BIT_SHIFT, ANY_ONLY)
#define COMPARE_OPS(X)                                                         \
  X(equal, EQUAL, F32_ANY) X(greater, GREATER, F32_ANY)                        \
  X(greater_equal, GREATER_EQUAL, F32_ANY) X(less, LESS, F32_ANY)              \
  X(less_equal, LESS_EQUAL, F32_ANY) X(and, AND, ANY_ONLY)                     \
  X(or, OR, ANY_ONLY) X(xor, XOR, ANY_ONLY)
#define VARIADIC_OPS(X)                                                        \
  X(sum, SUM, F32_ANY) X(mean, MEAN, F32_ANY) X(max, MAX, F32_ANY)             \
  X(min, MIN, F32_ANY)
#define UNARY_OPS(X)                                                           \
  X(relu, RELU, F32_ANY) X(leaky_relu, LEAKY_RELU, F32_ANY)                    \
  X(thresholded_relu, THRESHOLDED_RELU, F32_ANY) X(elu, ELU, F32_ANY)          \
  X(selu, SELU, F32_ANY) X(celu, CELU, F32_ANY) X(sigmoid, SIGMOID, F32_ANY)   \
  X(hard_sigmoid, HARD_SIGMOID, F32_ANY) X(hard_swish, HARD_SWISH, F32_ANY)    \
  X(swish, SWISH, F32_ANY) X(mish, MISH, F32_ANY) X(gelu, GELU, F32_ANY)       \
  X(softplus, SOFTPLUS, F32_ANY) X(softsign, SOFTSIGN, F32_ANY)                \
  X(shrink, SHRINK, F32_ANY) X(tanh, TANH, F32_ANY) X(erf, ERF, F32_ANY)       \
  X(exp, EXP, F32_ANY) X(log, LOG, F32_ANY) X(sqrt, SQRT, F32_ANY)             \
  X(rsqrt, RSQRT, F32_ANY) X(abs, ABS, F32_ANY) X(neg, NEG, F32_ANY)           \
  X(reciprocal, RECIPROCAL, F32_ANY) X(floor, FLOOR, F32_ANY)                  \
  X(ceil, CEIL, F32_ANY) X(round, ROUND, F32_ANY) X(sign, SIGN, F32_ANY)       \
  X(sin, SIN, F32_ANY) X(cos, COS, F32_ANY) X(tan, TAN, F32_ANY)               \
  X(asin, ASIN, F32_ANY) X(acos, ACOS, F32_ANY) X(atan, ATAN, F32_ANY)         \
  X(sinh, SINH, F32_ANY) X(cosh, COSH, F32_ANY) X(asinh, ASINH, F32_ANY)       \
  X(acosh, ACOSH, F32_ANY) X(atanh, ATANH, F32_ANY) X(not, NOT, ANY_ONLY)      \
  X(is_nan, IS_NAN, F32_ANY) X(is_inf, IS_INF, F32_ANY)

#define BINARY_ENTRIES(op, e, cls) ENTRIES_##cls(op, binary, LK_BINARY_##e)
#define COMPARE_ENTRIES(op, e, cls) ENTRIES_##cls(op, compare, LK_COMPARE_##e)
#define VARIADIC_ENTRIES(op, e, cls)                                           \
  ENTRIES_##cls(op, variadic, LK_VARIADIC_##e)
#define UNARY_ENTRIES(op, e, cls) ENTRIES_##cls(op, unary, LK_UNARY_##e)
BINARY_OPS(BINARY_ENTRIES)
COMPARE_OPS(COMPARE_ENTRIES)
VARIADIC_OPS(VARIADIC_ENTRIES)
UNARY_OPS(UNARY_ENTRIES)

/* ---- where --------------------------------------------------------------- */

/* X's and Y's elements are copied into the output: they share its dtype. */
static lt_status_t where(const char *kernel, const lk_call_t *call,
                         bool f32_only) {
  lk_tensor_t in[3], out;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 3, 3, 1, 1,
                                         sizeof(lk_no_params_t), in, &out));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[1]));
  if (in[1].dtype != out.dtype || in[2].dtype != out.dtype)
    return bad(kernel, "X and Y must have the output's element type");
  return lk_ref_where(&in[0], &in[1], &in[2], &out) ? LT_OK
                                                     : not_broadcast(kernel);
}

lt_status_t lk_ref_where__f32_nchw(const lk_call_t *call) {
  return where("ref_where__f32_nchw", call, true);
}
lt_status_t lk_ref_where__any_nchw(const lk_call_t *call) {
  return where("ref_where__any_nchw", call, false);
}

/* ---- clip, scale --------------------------------------------------------- */

/* A bound operand is read at element 0. */
static lt_status_t clip(const char *kernel, const lk_call_t *call,
                        bool f32_only) {
  lk_tensor_t in[3], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 3, 1, 1,
                                         sizeof(lk_clip_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  LT_RETURN_IF_ERROR(same_dims(kernel, &in[0], &y));
  for (int i = 1; i < 3; i++)
    if (in[i].dtype != LK_DTYPE_NONE && lk_numel(&in[i]) != 1)
      return bad(kernel, "a bound must hold one element");
  lk_ref_clip_attrs(call->params, &in[0], &in[1], &in[2], &y);
  return LT_OK;
}

lt_status_t lk_ref_clip__f32_nchw(const lk_call_t *call) {
  return clip("ref_clip__f32_nchw", call, true);
}
lt_status_t lk_ref_clip__any_nchw(const lk_call_t *call) {
  return clip("ref_clip__any_nchw", call, false);
}

static lt_status_t scale(const char *kernel, const lk_call_t *call,
                         bool f32_only) {
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 1, 1, 1,
                                         sizeof(lk_scale_params_t), &x, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &x));
  LT_RETURN_IF_ERROR(same_dims(kernel, &x, &y));
  lk_ref_scale(call->params, &x, &y);
  return LT_OK;
}

lt_status_t lk_ref_scale__f32_nchw(const lk_call_t *call) {
  return scale("ref_scale__f32_nchw", call, true);
}
lt_status_t lk_ref_scale__any_nchw(const lk_call_t *call) {
  return scale("ref_scale__any_nchw", call, false);
}

/* ---- cast, calib --------------------------------------------------------- */

lt_status_t lk_ref_cast__any_nchw(const lk_call_t *call) {
  static const char kernel[] = "ref_cast__any_nchw";
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 1, 1, 1,
                                         sizeof(lk_cast_params_t), &x, &y));
  LT_RETURN_IF_ERROR(same_dims(kernel, &x, &y));
  const lk_cast_params_t *p = call->params;
  if (y.dtype != p->to)
    return bad(kernel, "output #0 must have the element type of 'to'");
  lk_ref_cast(&x, &y);
  return LT_OK;
}

lt_status_t lk_ref_calib__any_nchw(const lk_call_t *call) {
  static const char kernel[] = "ref_calib__any_nchw";
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 1, 1, 1, 1,
                                         sizeof(lk_calib_params_t), &x, &y));
  LT_RETURN_IF_ERROR(same_dims(kernel, &x, &y));
  lk_ref_calib(((const lk_calib_params_t *)call->params)->scale, &x, &y);
  return LT_OK;
}

/* ---- quantize, dequantize ------------------------------------------------ */

/* The kernels read the scale and the zero point at every channel index
 * (x's dims[axis] of them when per axis, else 1). */
static lt_status_t quant(const char *kernel, const lk_call_t *call,
                         bool quantize) {
  lk_tensor_t in[3], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 2, 3, 1, 1,
                                         sizeof(lk_quant_params_t), in, &y));
  LT_RETURN_IF_ERROR(same_dims(kernel, &in[0], &y));
  const lk_quant_params_t *p = call->params;
  bool per_axis = lk_quant_per_axis(p, &in[0], &in[1]);
  int64_t len = per_axis ? in[0].dims[p->axis] : 1;
  bool has_zp = in[2].dtype != LK_DTYPE_NONE;
  if (lk_numel(&in[1]) < len || (per_axis && lk_numel(&in[1]) != len) ||
      (has_zp && lk_numel(&in[2]) != lk_numel(&in[1])))
    return bad(kernel, "the scale and zero point must hold one element, or "
                       "one per slice along the axis");
  const lk_tensor_t *zp = has_zp ? &in[2] : NULL;
  if (quantize)
    lk_ref_quantize(p, &in[0], &in[1], zp, &y);
  else
    lk_ref_dequantize(p, &in[0], &in[1], zp, &y);
  return LT_OK;
}

lt_status_t lk_ref_quantize__any_nchw(const lk_call_t *call) {
  return quant("ref_quantize__any_nchw", call, true);
}
lt_status_t lk_ref_dequantize__any_nchw(const lk_call_t *call) {
  return quant("ref_dequantize__any_nchw", call, false);
}

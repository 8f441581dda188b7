/* ops_binary.c - the broadcasting families: binary arithmetic (add ...
 * bit_shift), compare (equal ... xor), where and variadic (sum, mean, max,
 * min). Shapes broadcast as numpy's; dtypes follow ONNX. */
#include <stdio.h>
#include <string.h>

#include "dialects/lite/ops_math.h"
#include "kernels/ref/elementwise.h"

/* ---- binary -------------------------------------------------------------- */

static lk_binary_op_t binary_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_BINARY_##e;
    LK_BINARY_OPS(X)
#undef X
  default: return LK_NUM_BINARY_OPS;
  }
}

static lt_result_t binary_params(const lt_lite_call_t *c,
                                 lk_binary_params_t *p) {
  memset(p, 0, sizeof *p);
  p->op = binary_op(c->id);
  if (p->op == LK_NUM_BINARY_OPS)
    return lt_lite_error(c, "is not a binary elementwise op");
  p->fmod = lt_lite_attr_int(c, "fmod", 0) != 0;
  if (p->op == LK_BINARY_BIT_SHIFT) {
    static const char *const dirs[] = {"LEFT", "RIGHT"};
    int d;
    if (LT_FAILED(lt_lite_attr_choice(c, "direction", "", dirs, 2, &d)))
      return LT_FAILURE;
    p->shift_right = d == 1;
  }
  return lt_lite_fused_activation(c, &p->act, &p->act_alpha, &p->act_beta);
}

/* Operand names as ONNX's schemas call them. */
static void binary_names(lk_binary_op_t op, const char **a, const char **b) {
  *a = "A";
  *b = "B";
  if (op == LK_BINARY_PRELU) {
    *a = "X";
    *b = "slope";
  } else if (op == LK_BINARY_POW || op == LK_BINARY_BIT_SHIFT) {
    *a = "X";
    *b = "Y";
  }
}

lt_result_t lt_lite_shape_binary(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_binary_params_t p;
  const char *na, *nb;
  if (LT_FAILED(binary_params(c, &p))) return LT_FAILURE;
  binary_names(p.op, &na, &nb);
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, na)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, nb)) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, na)) ||
      LT_FAILED(lt_lite_math_expect_numeric(c, in, 1, nb)))
    return LT_FAILURE;
  /* pow alone mixes types: its exponent may be any numeric type. */
  if (p.op != LK_BINARY_POW &&
      LT_FAILED(lt_lite_math_expect_same_dtype(c, in, 1, nb, 0, na)))
    return LT_FAILURE;
  lk_dtype_t t = in[0].dtype;
  if (p.op == LK_BINARY_MOD && lk_dtype_is_float(t) && !p.fmod)
    return lt_lite_error(c, "attribute 'fmod' must be 1 for float operands "
                            "(%s)",
                         lk_dtype_name(t));
  if (p.op == LK_BINARY_BIT_SHIFT && lk_dtype_is_signed(t))
    return lt_lite_error(c, "operand #0 (X) must have an unsigned integer "
                            "element type, got %s",
                         lk_dtype_name(t));
  if (LT_FAILED(lt_lite_broadcast(c, in, 2, &out[0]))) return LT_FAILURE;
  if (p.op == LK_BINARY_PRELU && in[0].rank >= 0 && out[0].rank >= 0) {
    /* The slope broadcasts to X, never X to the slope. */
    bool same = out[0].rank == in[0].rank;
    for (int32_t d = 0; same && d < in[0].rank; d++)
      same = in[0].dims[d] < 0 || out[0].dims[d] < 0 ||
             in[0].dims[d] == out[0].dims[d];
    if (!same) {
      char xs[128], ss[128];
      return lt_lite_error(c, "operand #1 (slope) of shape [%s] must "
                              "broadcast to the shape of operand #0 (X), [%s]",
                           lt_lite_math_dims_str(&in[1], ss, sizeof ss),
                           lt_lite_math_dims_str(&in[0], xs, sizeof xs));
    }
    lt_lite_math_copy_shape(&out[0], &in[0]);
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_binary(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lk_binary_params_t p;
  if (LT_FAILED(binary_params(c, &p))) return LT_FAILURE;
  switch (lk_ref_binary(&p, &in[0], &in[1], &out[0])) {
  case LK_REF_OK: return LT_SUCCESS;
  case LK_REF_DIV_BY_ZERO:
    return lt_lite_error(c, "integer %s by zero",
                         p.op == LK_BINARY_MOD ? "remainder" : "division");
  case LK_REF_BAD_SHAPE: break;
  }
  return lt_lite_error(c, "operands do not broadcast to the result");
}

/* ---- compare ------------------------------------------------------------- */

static lk_compare_op_t compare_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_COMPARE_##e;
    LK_COMPARE_OPS(X)
#undef X
  default: return LK_NUM_COMPARE_OPS;
  }
}

static bool is_logical(lk_compare_op_t op) {
  return op == LK_COMPARE_AND || op == LK_COMPARE_OR || op == LK_COMPARE_XOR;
}

lt_result_t lt_lite_shape_compare(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  lt_lite_shape_t *out, uint32_t num_out) {
  lk_compare_op_t op = compare_op(c->id);
  if (op == LK_NUM_COMPARE_OPS)
    return lt_lite_error(c, "is not a comparison op");
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "A")) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, "B")))
    return LT_FAILURE;
  if (is_logical(op)) {
    if (in[0].dtype != LK_BOOL)
      return lt_lite_error(c, "operand #0 (A) must have element type i1, got "
                              "%s",
                           lk_dtype_name(in[0].dtype));
  } else if (op != LK_COMPARE_EQUAL &&
             LT_FAILED(lt_lite_math_expect_numeric(c, in, 0, "A"))) {
    return LT_FAILURE;
  }
  if (LT_FAILED(lt_lite_math_expect_same_dtype(c, in, 1, "B", 0, "A")) ||
      LT_FAILED(lt_lite_broadcast(c, in, 2, &out[0])))
    return LT_FAILURE;
  out[0].dtype = LK_BOOL;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_compare(const lt_lite_call_t *c, const lk_tensor_t *in,
                                 uint32_t num_in, lk_tensor_t *out,
                                 uint32_t num_out) {
  if (!lk_ref_compare(compare_op(c->id), &in[0], &in[1], &out[0]))
    return lt_lite_error(c, "operands do not broadcast to the result");
  return LT_SUCCESS;
}

/* ---- where --------------------------------------------------------------- */

lt_result_t lt_lite_shape_where(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  static const char *const names[] = {"condition", "X", "Y"};
  for (uint32_t i = 0; i < 3; i++)
    if (LT_FAILED(lt_lite_expect_present(c, in, num_in, i, names[i])))
      return LT_FAILURE;
  if (in[0].dtype != LK_BOOL)
    return lt_lite_error(c, "operand #0 (condition) must have element type "
                            "i1, got %s",
                         lk_dtype_name(in[0].dtype));
  if (LT_FAILED(lt_lite_math_expect_same_dtype(c, in, 2, "Y", 1, "X")) ||
      LT_FAILED(lt_lite_broadcast(c, in, 3, &out[0])))
    return LT_FAILURE;
  out[0].dtype = in[1].dtype;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_where(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  if (!lk_ref_where(&in[0], &in[1], &in[2], &out[0]))
    return lt_lite_error(c, "operands do not broadcast to the result");
  return LT_SUCCESS;
}

/* ---- variadic ------------------------------------------------------------ */

static lk_variadic_op_t variadic_op(lt_lite_op_id_t id) {
  switch (id) {
#define X(e)                                                                   \
  case LT_LITE_##e: return LK_VARIADIC_##e;
    LK_VARIADIC_OPS(X)
#undef X
  default: return LK_NUM_VARIADIC_OPS;
  }
}

lt_result_t lt_lite_shape_variadic(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  lk_variadic_op_t op = variadic_op(c->id);
  if (op == LK_NUM_VARIADIC_OPS)
    return lt_lite_error(c, "is not a variadic elementwise op");
  if (num_in == 0) return lt_lite_error(c, "requires at least one operand");
  for (uint32_t i = 0; i < num_in; i++) {
    char name[24];
    snprintf(name, sizeof name, "data_%u", i);
    if (LT_FAILED(lt_lite_expect_present(c, in, num_in, i, name)) ||
        LT_FAILED(lt_lite_math_expect_same_dtype(c, in, i, name, 0, "data_0")))
      return LT_FAILURE;
  }
  bool float_only = op == LK_VARIADIC_SUM || op == LK_VARIADIC_MEAN;
  if (LT_FAILED(float_only ? lt_lite_expect_float(c, in, 0, "data_0")
                           : lt_lite_math_expect_numeric(c, in, 0, "data_0")))
    return LT_FAILURE;
  return lt_lite_broadcast(c, in, num_in, &out[0]);
}

lt_result_t lt_lite_eval_variadic(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  if (!lk_ref_variadic(variadic_op(c->id), in, (int32_t)num_in, &out[0]))
    return lt_lite_error(c, "operands do not broadcast to the result");
  return LT_SUCCESS;
}

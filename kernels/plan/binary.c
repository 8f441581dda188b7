/* binary.c - the plan steps of the broadcasting families: binary arithmetic
 * (add ... bit_shift), compare and logic (equal ... xor), where and the
 * variadic sum, mean, max and min. Dtypes follow ONNX. */
#include <stdio.h>
#include <string.h>

#include "kernels/plan/math.h"

/* ---- binary -------------------------------------------------------------- */

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

static lt_result_t binary_attrs(lk_plan_t *p, lk_binary_op_t op,
                                lk_binary_params_t *params) {
  memset(params, 0, sizeof *params);
  params->op = op;
  if (op >= LK_NUM_BINARY_OPS)
    return lk_plan_fail(p, "is not a binary elementwise op");
  params->fmod = lk_attr_int(p->attrs, "fmod", 0) != 0;
  if (op == LK_BINARY_BIT_SHIFT) {
    static const char *const dirs[] = {"LEFT", "RIGHT"};
    int d;
    if (LT_FAILED(lk_plan_attr_choice(p, "direction", "", dirs, 2, &d)))
      return LT_FAILURE;
    params->shift_right = d == 1;
  }
  return lk_plan_fused_activation(p, &params->act, &params->act_alpha,
                                  &params->act_beta);
}

/* The slope broadcasts to X, never X to the slope. */
static lt_result_t prelu_shape(lk_plan_t *p, const lk_shape_t *in,
                               lk_shape_t *out) {
  if (in[0].rank < 0 || out->rank < 0) return LT_SUCCESS;
  bool same = out->rank == in[0].rank;
  for (int32_t d = 0; same && d < in[0].rank; d++)
    same =
        in[0].dims[d] < 0 || out->dims[d] < 0 || in[0].dims[d] == out->dims[d];
  if (!same) {
    char xs[128], ss[128];
    return lk_plan_fail(p,
                        "operand #1 (slope) of shape [%s] must broadcast "
                        "to the shape of operand #0 (X), [%s]",
                        lk_dims_str(in[1].dims, in[1].rank, ss, sizeof ss),
                        lk_dims_str(in[0].dims, in[0].rank, xs, sizeof xs));
  }
  lk_shape_copy(out, &in[0]);
  return LT_SUCCESS;
}

lt_result_t lk_plan_binary(lk_plan_t *p, lk_binary_op_t op,
                           const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_binary_params_t *params) {
  const char *na, *nb;
  p->workspace_size = 0;
  if (LT_FAILED(binary_attrs(p, op, params))) return LT_FAILURE;
  binary_names(op, &na, &nb);
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, na)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, nb)) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 0, na)) ||
      LT_FAILED(lk_plan_expect_numeric(p, in, 1, nb)))
    return LT_FAILURE;
  /* pow alone mixes types: its exponent may be any numeric type. */
  if (op != LK_BINARY_POW &&
      LT_FAILED(lk_plan_expect_dtype_of(p, in, 1, nb, 0, na)))
    return LT_FAILURE;
  lk_dtype_t t = in[0].dtype;
  if (op == LK_BINARY_MOD && lk_dtype_is_float(t) && !params->fmod)
    return lk_plan_fail(p,
                        "attribute 'fmod' must be 1 for float operands "
                        "(%s)",
                        lk_dtype_name(t));
  if (op == LK_BINARY_BIT_SHIFT && lk_dtype_is_signed(t))
    return lk_plan_fail(p,
                        "operand #0 (X) must have an unsigned integer "
                        "element type, got %s",
                        lk_dtype_name(t));
  if (LT_FAILED(lk_plan_broadcast(p, in, 2, out))) return LT_FAILURE;
  return op == LK_BINARY_PRELU ? prelu_shape(p, in, out) : LT_SUCCESS;
}

/* ---- compare ------------------------------------------------------------- */

lt_result_t lk_plan_compare(lk_plan_t *p, lk_compare_op_t op,
                            const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out) {
  p->workspace_size = 0;
  if (op >= LK_NUM_COMPARE_OPS)
    return lk_plan_fail(p, "is not a comparison op");
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "A")) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, "B")))
    return LT_FAILURE;
  bool logical =
      op == LK_COMPARE_AND || op == LK_COMPARE_OR || op == LK_COMPARE_XOR;
  if (logical) {
    if (LT_FAILED(lk_plan_expect_bool(p, in, 0, "A"))) return LT_FAILURE;
  } else if (op != LK_COMPARE_EQUAL &&
             LT_FAILED(lk_plan_expect_numeric(p, in, 0, "A"))) {
    return LT_FAILURE;
  }
  if (LT_FAILED(lk_plan_expect_dtype_of(p, in, 1, "B", 0, "A")) ||
      LT_FAILED(lk_plan_broadcast(p, in, 2, out)))
    return LT_FAILURE;
  out->dtype = LK_BOOL;
  return LT_SUCCESS;
}

/* ---- where --------------------------------------------------------------- */

lt_result_t lk_plan_where(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out) {
  static const char *const names[] = {"condition", "X", "Y"};
  p->workspace_size = 0;
  for (uint32_t i = 0; i < 3; i++)
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, names[i])))
      return LT_FAILURE;
  if (LT_FAILED(lk_plan_expect_bool(p, in, 0, "condition")) ||
      LT_FAILED(lk_plan_expect_dtype_of(p, in, 2, "Y", 1, "X")) ||
      LT_FAILED(lk_plan_broadcast(p, in, 3, out)))
    return LT_FAILURE;
  out->dtype = in[1].dtype;
  return LT_SUCCESS;
}

/* ---- variadic ------------------------------------------------------------ */

lt_result_t lk_plan_variadic(lk_plan_t *p, lk_variadic_op_t op,
                             const lk_shape_t *in, uint32_t num_in,
                             lk_shape_t *out) {
  p->workspace_size = 0;
  if (op >= LK_NUM_VARIADIC_OPS)
    return lk_plan_fail(p, "is not a variadic elementwise op");
  if (num_in == 0) return lk_plan_fail(p, "requires at least one operand");
  for (uint32_t i = 0; i < num_in; i++) {
    char name[24];
    snprintf(name, sizeof name, "data_%u", i);
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, name)) ||
        LT_FAILED(lk_plan_expect_dtype_of(p, in, i, name, 0, "data_0")))
      return LT_FAILURE;
  }
  bool float_only = op == LK_VARIADIC_SUM || op == LK_VARIADIC_MEAN;
  if (LT_FAILED(float_only ? lk_plan_expect_float(p, in, 0, "data_0")
                           : lk_plan_expect_numeric(p, in, 0, "data_0")))
    return LT_FAILURE;
  return lk_plan_broadcast(p, in, num_in, out);
}

/* replace_prelu.c - lite-replace-prelu: prelu(x, slope) with a constant
 * one-element slope is leaky_relu(x){alpha = slope}, a unary op that needs
 * no second tensor and that conv/fc can carry as a fused activation. Both
 * compute x < 0 ? alpha * x : x. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

static lt_result_t replace_prelu(const lt_pattern_t *self, lt_op_t *op,
                                 lt_rewriter_t *rw) {
  lt_value_t *x = lt_op_operand(op, 0);
  lk_dtype_t dt = lt_repl_dtype(x);
  double slope;
  if (!lt_repl_is_float(dt) || lt_repl_dtype(lt_op_result(op, 0)) != dt ||
      !lt_rw_const_scalar(lt_op_operand(op, 1), &slope))
    return LT_FAILURE;
  /* The slope broadcasts x up (a [1, 1] slope on a [3] x): the result has
   * another shape than x and a unary op would change it. */
  if (x->type != lt_op_result(op, 0)->type) return LT_FAILURE;
  /* A placed x: leaky_relu's inferred type would drop the Place. */
  if (x->type->kind == LT_TYPE_TENSOR && x->type->shaped.encoding)
    return LT_FAILURE;
  /* alpha is an f32 attribute: an f64 slope must survive the trip. */
  if ((double)(float)slope != slope) return LT_FAILURE;
  lt_op_t *mark = lt_repl_mark(rw);
  lt_named_attr_t alpha =
      lt_rw_named_float(lt_rewriter_context(rw), "alpha", slope);
  lt_value_t *y = lt_repl_op(rw, LT_LITE_LEAKY_RELU, op->loc, 1, &x, 1, &alpha);
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t prelu_patterns[] = {
    {{"lite.prelu", 1, replace_prelu, NULL, "replace-prelu"}, 0},
};

static lt_result_t run_replace_prelu(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, prelu_patterns,
                            LT_ARRAY_SIZE(prelu_patterns), NULL);
}

static const lt_pass_statistic_t prelu_statistics[] = {
    {"num-replaced", "Number of prelu ops replaced by leaky_relu"},
};

const lt_pass_info_t lt_replace_prelu_pass = {
    .argument = "lite-replace-prelu",
    .name = "LiteReplacePrelu",
    .summary = "Replace prelu with a one-element constant slope by leaky_relu",
    .anchor = "func.func",
    .statistics = prelu_statistics,
    .num_statistics = LT_ARRAY_SIZE(prelu_statistics),
    .run = run_replace_prelu,
};

/* replace_matmul_with_fc.c - lite-replace-matmul-with-fc: matmul(A, W) with
 * a constant 2-D W [K, N] is fc(A, W){in_num_col_dims = rank(A) - 1}: fc
 * flattens A's leading dims into rows and multiplies by W, which is what
 * numpy's matmul does with a 2-D right operand (no batch dims to broadcast).
 * fc then takes a bias and a fused activation in later fusions. A 1-D A
 * (a vector product, result without the row dim) is left alone. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

static lt_result_t replace_matmul(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  lt_value_t *a = lt_op_operand(op, 0), *w = lt_op_operand(op, 1);
  const lt_type_t *at = lt_repl_ranked(a), *wt = lt_repl_static(w);
  lk_dtype_t dt = lt_repl_dtype(a);
  if (!at || !wt || at->shaped.rank < 2 || wt->shaped.rank != 2 ||
      !lt_repl_is_float(dt) || lt_repl_dtype(w) != dt || !lt_rw_const_attr(w))
    return LT_FAILURE;
  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *ops[2] = {a, w};
  lt_named_attr_t cols = lt_rw_named_int(
      lt_rewriter_context(rw), "in_num_col_dims", at->shaped.rank - 1);
  lt_value_t *y = lt_repl_op(rw, LT_LITE_FC, op->loc, 2, ops, 1, &cols);
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t matmul_fc_patterns[] = {
    {{"lite.matmul", 1, replace_matmul, NULL, "replace-matmul-with-fc"}, 0},
};

static lt_result_t run_replace_matmul_with_fc(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, matmul_fc_patterns,
                            LT_ARRAY_SIZE(matmul_fc_patterns), NULL);
}

static const lt_pass_statistic_t matmul_fc_statistics[] = {
    {"num-replaced", "Number of matmul ops replaced by fc"},
};

const lt_pass_info_t lt_replace_matmul_with_fc_pass = {
    .argument = "lite-replace-matmul-with-fc",
    .name = "LiteReplaceMatmulWithFc",
    .summary = "Replace matmul by a constant 2-D weight with fc",
    .anchor = "func.func",
    .statistics = matmul_fc_statistics,
    .num_statistics = LT_ARRAY_SIZE(matmul_fc_statistics),
    .run = run_replace_matmul_with_fc,
};

/* replace_matmul_with_conv.c - lite-replace-matmul-with-conv: a dense layer
 * as a 1x1 convolution, for targets whose conv kernels are faster than
 * their matrix products (NPUs, some GPU backends):
 *
 *   matmul(A [d0.., K], W [K, N])      (W constant, 2-D)
 *   fc(A, W [K, N], B?){in_num_col_dims = k, activation...}
 *   = reshape(conv2d(reshape(A, [M, K, 1, 1]), W^T [N, K, 1, 1], B?),
 *             result shape)
 *
 * M is the product of the leading dims (rank(A) - 1 for matmul, k for fc),
 * K the rest; the conv keeps fc's fused activation. Each output element is
 * the same dot product, so the result is the same up to the order of the
 * sum. Shapes must be static; an fc bias must be 1-D or a constant. Not in
 * the default pipeline: only some targets want it. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

static lt_result_t replace_dense(const lt_pattern_t *self, lt_op_t *op,
                                 lt_rewriter_t *rw) {
  bool is_fc = lt_rw_is(op, LT_LITE_FC);
  lt_value_t *a = lt_op_operand(op, 0), *w = lt_op_operand(op, 1);
  lt_value_t *res = lt_op_result(op, 0);
  const lt_type_t *at = lt_repl_static(a), *wt = lt_repl_static(w);
  const lt_type_t *rt = lt_repl_static(res);
  lk_dtype_t dt = lt_repl_dtype(a);
  if (!at || !wt || !rt || at->shaped.rank < 2 || wt->shaped.rank != 2 ||
      !lt_repl_is_float(dt) || lt_repl_dtype(w) != dt)
    return LT_FAILURE;
  int64_t k = (int64_t)at->shaped.rank - 1;
  if (is_fc) {
    lt_lite_call_t c = lt_repl_call(op);
    k = lt_lite_attr_int(&c, "in_num_col_dims", 1);
    if (k < 1 || k >= (int64_t)at->shaped.rank) return LT_FAILURE;
  }
  int64_t m = 1, kk = 1;
  for (int64_t d = 0; d < (int64_t)at->shaped.rank; d++)
    *(d < k ? &m : &kk) *= at->shaped.shape[d];
  int64_t n = wt->shaped.shape[1];
  if (wt->shaped.shape[0] != kk || m < 1 || n < 1 || kk < 1) return LT_FAILURE;
  lt_value_t *bias =
      is_fc && !lt_rw_absent(op, 2) ? lt_op_operand(op, 2) : NULL;
  const lt_type_t *bt = bias ? lt_repl_static(bias) : NULL;
  bool bias_const = bias && lt_rw_const_attr(bias);
  if (bias && (!bt || (bt->shaped.rank != 1 && !bias_const))) return LT_FAILURE;

  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  lk_tensor_t wv;
  bool owned;
  if (!lt_rw_const_tensor(w, al, &wv, &owned)) return LT_FAILURE;
  lt_op_t *mark = lt_repl_mark(rw);
  int64_t wdims[4] = {n, kk, 1, 1};
  lt_value_t *wc =
      lt_repl_const_transpose(rw, op->loc, &wv, kk, n, 4, wdims, "conv_weight");
  if (owned) lt_lite_tensor_free(al, &wv);

  if (bias && bt->shaped.rank != 1) {
    /* A [1, N] constant bias: the same N values as a [N] one. */
    lk_tensor_t bv;
    bool bowned;
    lt_value_t *b1 = NULL;
    if (lt_rw_const_tensor(bias, al, &bv, &bowned)) {
      b1 = lt_repl_const_gather(rw, op->loc, &bv, 1, &n, NULL, "conv_bias");
      if (bowned) lt_lite_tensor_free(al, &bv);
    }
    bias = b1;
  }
  int64_t shape4[4] = {m, kk, 1, 1};
  lt_value_t *ops[3] = {lt_repl_reshape(rw, op->loc, a, 4, shape4), wc, bias};
  lt_named_attr_t *attrs = NULL;
  uint32_t na =
      is_fc ? lt_rw_attrs_with(op, "in_num_col_dims", 0, NULL, &attrs) : 0;
  lt_value_t *y = NULL;
  if ((!bias || ops[2]) && (na == 0 || attrs))
    y = lt_repl_op(rw, LT_LITE_CONV2D, op->loc, bias ? 3 : 2, ops, na, attrs);
  if (y) y = lt_repl_reshape(rw, op->loc, y, rt->shaped.rank, rt->shaped.shape);
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t matmul_conv_patterns[] = {
    {{"lite.matmul", 1, replace_dense, NULL, "replace-matmul-with-conv"}, 0},
    {{"lite.fc", 1, replace_dense, NULL, "replace-fc-with-conv"}, 0},
};

static lt_result_t run_replace_matmul_with_conv(lt_pass_t *pass,
                                                lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, matmul_conv_patterns,
                            LT_ARRAY_SIZE(matmul_conv_patterns), NULL);
}

static const lt_pass_statistic_t matmul_conv_statistics[] = {
    {"num-replaced", "Number of matmul and fc ops replaced by a 1x1 conv2d"},
};

const lt_pass_info_t lt_replace_matmul_with_conv_pass = {
    .argument = "lite-replace-matmul-with-conv",
    .name = "LiteReplaceMatmulWithConv",
    .summary = "Replace matmul and fc by a constant weight with a 1x1 conv2d",
    .anchor = "func.func",
    .statistics = matmul_conv_statistics,
    .num_statistics = LT_ARRAY_SIZE(matmul_conv_statistics),
    .run = run_replace_matmul_with_conv,
};

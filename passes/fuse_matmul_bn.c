/* fuse_matmul_bn.c - --lite-fuse-matmul-bn: batch_norm over the output
 * columns of a matmul, fc or gemm with constant weights is folded into the
 * weights and the bias. batch_norm normalizes dim 1, which is the last dim
 * (the columns) exactly when the product is 2-D ([M, N], BatchNorm1d after
 * a linear layer). Per column j, with a = gamma / sqrt(var + eps):
 *   W'[:, j] = a[j] * W[:, j]
 *   B'[j] = (B[j] - mean[j]) * a[j] + beta[j]   (B = 0 when absent)
 * computed in double and rounded once; a matmul becomes an fc. Left alone:
 * a product of rank other than 2 (its dim 1 is rows, not columns), a
 * product with other users, non-constant statistics, an fc or gemm with an
 * activation of its own. */
#include <math.h>

#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

#include "ir/types.h"

static lt_result_t fuse_matmul_bn(const lt_pattern_t *self, lt_op_t *bn,
                                  lt_rewriter_t *rw) {
  if (!lt_rw_is(bn, LT_LITE_BATCH_NORM) || bn->num_operands != 5 ||
      bn->num_results != 1)
    return LT_FAILURE;
  lt_value_t *y = lt_op_operand(bn, 0);
  lt_dense_op_t d;
  if (y->type->kind != LT_TYPE_TENSOR || y->type->shaped.rank != 2 ||
      !lt_dense_match(y, &d))
    return lt_rewriter_notify_match_failure(
        rw, bn,
        "input is not a single-use 2-D matmul/fc/gemm with constant "
        "weights");
  int64_t n = d.n;
  double eps = lt_rw_op_float(bn, "epsilon", 1e-5);
  double *stats = n > 0 ? lt_rw_scratch(d.ctx, 6 * n) : NULL;
  bool ok = stats != NULL;
  /* The four statistics, n values each, into stats[i * n + j]. */
  for (uint32_t i = 0; ok && i < 4; i++)
    ok = lt_rw_const_vector(lt_op_operand(bn, 1 + i), n, stats + i * n);
  double *a = stats + 4 * n, *c = stats + 5 * n;
  for (int64_t j = 0; ok && j < n; j++) {
    a[j] = stats[j] / sqrt(stats[3 * n + j] + eps);
    c[j] = stats[n + j] - stats[2 * n + j] * a[j];
    ok = isfinite(a[j]) && isfinite(c[j]); /* var + eps <= 0: the op's */
  }
  lt_op_t *ops[2] = {d.op, bn};
  lt_op_t *fused =
      ok ? lt_dense_affine(rw, &d, a, n, c, n, NULL, ops, 2) : NULL;
  if (stats) lt_rw_scratch_free(d.ctx, stats, 6 * n);
  lt_dense_release(&d);
  if (!fused) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.batch_norm", 1, fuse_matmul_bn, NULL, "fuse-matmul-bn"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of matmul/fc/gemm + batch_norm pairs fused"},
};

const lt_pass_info_t lt_fuse_matmul_bn_pass = {
    .argument = "lite-fuse-matmul-bn",
    .name = "LiteFuseMatmulBn",
    .summary = "Fold batch_norm over the columns of a matmul, fc or gemm "
               "into its weights",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

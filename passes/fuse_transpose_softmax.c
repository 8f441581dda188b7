/* fuse_transpose_softmax.c - the lite-fuse-transpose-softmax pass
 * (Paddle-Lite's lite_transpose_softmax_transpose_fuse_pass):
 *
 *   transpose(x, p) -> softmax(axis = -1) -> transpose(inverse of p)
 *
 * is a softmax of x along axis p[rank - 1], the dim the first transpose
 * moved last; log_softmax likewise. Left alone: a softmax over any other
 * axis, a second transpose that is not the inverse of the first,
 * intermediates with other users. */
#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

/* The permutation of transpose op over `rank` dims (reversed when absent). */
static bool perm_of(lt_op_t *op, int32_t rank, int64_t *perm) {
  const lt_attr_t *a = lt_op_attr(op, "perm");
  if (!a) {
    for (int32_t i = 0; i < rank; i++)
      perm[i] = rank - 1 - i;
    return true;
  }
  if (lt_attr_dense_count(a) != rank) return false;
  for (int32_t i = 0; i < rank; i++)
    perm[i] = lt_attr_dense_int(a, i);
  return true;
}

static lt_result_t fuse_transpose_softmax(const lt_pattern_t *self,
                                          lt_op_t *back, lt_rewriter_t *rw) {
  lt_value_t *s = lt_op_operand(back, 0);
  lt_op_t *sm = lt_rw_def(s, LT_LITE_SOFTMAX);
  if (!sm) sm = lt_rw_def(s, LT_LITE_LOG_SOFTMAX);
  lt_op_t *front =
      sm ? lt_rw_def(lt_op_operand(sm, 0), LT_LITE_TRANSPOSE) : NULL;
  if (!front || !lt_value_has_one_use(s) ||
      !lt_value_has_one_use(lt_op_result(front, 0)) ||
      sm->parent != back->parent || front->parent != back->parent)
    return LT_FAILURE;
  lt_value_t *x = lt_op_operand(front, 0);
  if (x->type->kind != LT_TYPE_TENSOR || lt_op_result(back, 0)->type != x->type)
    return LT_FAILURE;
  int32_t rank = (int32_t)x->type->shaped.rank;
  int64_t p1[LK_MAX_RANK], p2[LK_MAX_RANK];
  if (rank < 1 || !perm_of(front, rank, p1) || !perm_of(back, rank, p2))
    return LT_FAILURE;
  /* back(front(x))[i] = x[p1[p2[i]]]: the identity when p2 inverts p1. */
  for (int32_t i = 0; i < rank; i++)
    if (p2[i] < 0 || p2[i] >= rank || p1[p2[i]] != i) return LT_FAILURE;
  const lt_attr_t *axis = lt_op_attr(sm, "axis");
  int64_t a = axis && axis->kind == LT_ATTR_INTEGER ? axis->i : -1;
  if (a != -1 && a != rank - 1) return LT_FAILURE;

  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *ops[3] = {front, sm, back};
  lt_named_attr_t new_axis = lt_rw_named_int(ctx, "axis", p1[rank - 1]);
  lt_rewriter_set_before(rw, back);
  lt_op_t *fused =
      lt_rw_create(rw, (lt_lite_op_id_t)lt_lite_op_id(sm),
                   lt_rw_fused_loc(ctx, 3, ops), 1, &x, 1, &new_axis, 1);
  if (!fused) return LT_FAILURE;
  lt_value_t *result = lt_op_result(fused, 0);
  lt_rewriter_replace_op(rw, back, &result);
  lt_rewriter_erase_op(rw, sm);
  lt_rewriter_erase_op(rw, front);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t transpose_softmax_patterns[] = {
    {{"lite.transpose", 1, fuse_transpose_softmax, NULL,
      "fuse-transpose-softmax"},
     0},
};

static lt_result_t run_fuse_transpose_softmax(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, transpose_softmax_patterns,
                            LT_ARRAY_SIZE(transpose_softmax_patterns), NULL);
}

static const lt_pass_statistic_t transpose_softmax_statistics[] = {
    {"num-fused", "Number of transpose/softmax/transpose chains fused"},
};

const lt_pass_info_t lt_fuse_transpose_softmax_pass = {
    .argument = "lite-fuse-transpose-softmax",
    .name = "LiteFuseTransposeSoftmax",
    .summary = "Fuse transpose + softmax(axis -1) + inverse transpose into a "
               "softmax on the original axis",
    .anchor = "func.func",
    .statistics = transpose_softmax_statistics,
    .num_statistics = LT_ARRAY_SIZE(transpose_softmax_statistics),
    .run = run_fuse_transpose_softmax,
};

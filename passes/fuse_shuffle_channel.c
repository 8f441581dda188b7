/* fuse_shuffle_channel.c - the lite-fuse-shuffle-channel pass (Paddle-Lite's
 * lite_shuffle_channel_fuse_pass): ShuffleNet's channel shuffle,
 *
 *   reshape x [N, C, H, W] -> [N, g, C/g, H, W]
 *   transpose perm [0, 2, 1, 3, 4]
 *   reshape back to [N, C, H, W]
 *
 * becomes lite.shuffle_channel(x) {group = g}. The spatial dims may be
 * split or merged differently in the middle ([N, g, C/g, H*W] with perm
 * [0, 2, 1, 3] is the same shuffle): what matters is that dims 1 and 2
 * swap, the rest keep their order, and the element counts agree. The
 * shapes come from the result types, so a reshape's shape operand may hold
 * 0 or -1. Left alone: unknown shapes, any other permutation, a final shape
 * that is not x's, and intermediates with other users. */
#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

/* The static shape of ranked tensor type t into dims (rank returned), or
 * -1 when t is not one or has a dynamic dim. */
static int32_t static_dims(const lt_type_t *t, int64_t *dims) {
  if (t->kind != LT_TYPE_TENSOR || !lt_type_has_static_shape(t)) return -1;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    dims[d] = t->shaped.shape[d];
  return (int32_t)t->shaped.rank;
}

/* perm of transpose op swaps dims 1 and 2 of a rank-`rank` tensor and
 * keeps the others in place. */
static bool swaps_1_2(lt_op_t *op, int32_t rank) {
  const lt_attr_t *perm = lt_op_attr(op, "perm");
  /* Absent, it reverses the dims: never this swap at rank 3 or more. */
  if (!perm) return false;
  if (lt_attr_dense_count(perm) != rank) return false;
  for (int32_t i = 0; i < rank; i++) {
    int64_t want = i == 1 ? 2 : i == 2 ? 1 : i;
    if (lt_attr_dense_int(perm, i) != want) return false;
  }
  return true;
}

static lt_result_t fuse_shuffle_channel(const lt_pattern_t *self, lt_op_t *back,
                                        lt_rewriter_t *rw) {
  lt_op_t *tr = lt_rw_def(lt_op_operand(back, 0), LT_LITE_TRANSPOSE);
  lt_op_t *split = tr ? lt_rw_def(lt_op_operand(tr, 0), LT_LITE_RESHAPE) : NULL;
  if (!split || !lt_value_has_one_use(lt_op_result(tr, 0)) ||
      !lt_value_has_one_use(lt_op_result(split, 0)) ||
      tr->parent != back->parent || split->parent != back->parent)
    return LT_FAILURE;
  lt_value_t *x = lt_op_operand(split, 0);
  int64_t xd[LK_MAX_RANK], sd[LK_MAX_RANK];
  /* The result is x's shape again, and x is [N, C, H, W]. */
  if (lt_op_result(back, 0)->type != x->type || static_dims(x->type, xd) != 4)
    return LT_FAILURE;
  int32_t srank = static_dims(lt_op_result(split, 0)->type, sd);
  if (srank < 3 || !swaps_1_2(tr, srank)) return LT_FAILURE;
  /* [N, g, C/g, tail...] with the tail holding H * W elements. */
  int64_t tail = 1;
  for (int32_t d = 3; d < srank; d++)
    tail *= sd[d];
  int64_t g = sd[1];
  if (sd[0] != xd[0] || g < 1 || g * sd[2] != xd[1] || tail != xd[2] * xd[3])
    return LT_FAILURE;

  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *ops[3] = {split, tr, back};
  lt_named_attr_t group = lt_rw_named_int(ctx, "group", g);
  lt_rewriter_set_before(rw, back);
  lt_op_t *sc = lt_rw_create(rw, LT_LITE_SHUFFLE_CHANNEL,
                             lt_rw_fused_loc(ctx, 3, ops), 1, &x, 1, &group, 1);
  if (!sc) return LT_FAILURE;
  lt_value_t *result = lt_op_result(sc, 0);
  lt_rewriter_replace_op(rw, back, &result);
  lt_rewriter_erase_op(rw, tr);
  lt_rewriter_erase_op(rw, split);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t shuffle_channel_patterns[] = {
    {{"lite.reshape", 1, fuse_shuffle_channel, NULL, "fuse-shuffle-channel"},
     0},
};

static lt_result_t run_fuse_shuffle_channel(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, shuffle_channel_patterns,
                            LT_ARRAY_SIZE(shuffle_channel_patterns), NULL);
}

static const lt_pass_statistic_t shuffle_channel_statistics[] = {
    {"num-fused", "Number of reshape/transpose/reshape channel shuffles fused"},
};

const lt_pass_info_t lt_fuse_shuffle_channel_pass = {
    .argument = "lite-fuse-shuffle-channel",
    .name = "LiteFuseShuffleChannel",
    .summary = "Fuse reshape + transpose + reshape channel shuffles into "
               "lite.shuffle_channel",
    .anchor = "func.func",
    .statistics = shuffle_channel_statistics,
    .num_statistics = LT_ARRAY_SIZE(shuffle_channel_statistics),
    .run = run_fuse_shuffle_channel,
};

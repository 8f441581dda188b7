/* expand_shuffle_channel.c - lite-expand-shuffle-channel: shuffle_channel
 * (ShuffleNet's channel shuffle) spelled with generic data movement, for
 * targets without a shuffle_channel kernel:
 *
 *   shuffle_channel(x [N, C, H, W]){group = g}
 *   = reshape(transpose(reshape(x, [N, g, C/g, H, W]), [0, 2, 1, 3, 4]),
 *             [N, C, H, W])
 *
 * the pattern Paddle-Lite's shuffle_channel fuser recognises, so the two
 * directions round-trip. C, H and W must be static (N may be dynamic: the
 * reshapes copy it with 0). Not in the default pipeline: only a target
 * without the kernel wants it. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

static lt_result_t expand_shuffle(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  lt_value_t *x = lt_op_operand(op, 0);
  const lt_type_t *xt = lt_repl_ranked(x);
  if (!xt || xt->shaped.rank != 4 || x->type != lt_op_result(op, 0)->type)
    return LT_FAILURE;
  const int64_t *d = xt->shaped.shape;
  lt_lite_call_t c = lt_repl_call(op);
  int64_t g = lt_lite_attr_int(&c, "group", 1);
  if (d[1] == LT_DYNAMIC || d[2] == LT_DYNAMIC || d[3] == LT_DYNAMIC || g < 1 ||
      d[1] % g != 0)
    return LT_FAILURE;
  int64_t n = d[0] == LT_DYNAMIC ? 0 : d[0];
  int64_t split[5] = {n, g, d[1] / g, d[2], d[3]};
  int64_t back[4] = {n, d[1], d[2], d[3]};
  int64_t perm[5] = {0, 2, 1, 3, 4};
  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *y = lt_repl_reshape(rw, op->loc, x, 5, split);
  lt_named_attr_t p =
      lt_rw_named_ints(lt_rewriter_context(rw), "perm", 5, perm);
  if (y) y = lt_repl_op(rw, LT_LITE_TRANSPOSE, op->loc, 1, &y, 1, &p);
  if (y) y = lt_repl_reshape(rw, op->loc, y, 4, back);
  if (LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t shuffle_patterns[] = {
    {{"lite.shuffle_channel", 1, expand_shuffle, NULL,
      "expand-shuffle-channel"},
     0},
};

static lt_result_t run_expand_shuffle_channel(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, shuffle_patterns,
                            LT_ARRAY_SIZE(shuffle_patterns), NULL);
}

static const lt_pass_statistic_t shuffle_statistics[] = {
    {"num-replaced",
     "Number of shuffle_channel ops expanded to reshape/transpose/reshape"},
};

const lt_pass_info_t lt_expand_shuffle_channel_pass = {
    .argument = "lite-expand-shuffle-channel",
    .name = "LiteExpandShuffleChannel",
    .summary = "Expand shuffle_channel into reshape, transpose and reshape",
    .anchor = "func.func",
    .statistics = shuffle_statistics,
    .num_statistics = LT_ARRAY_SIZE(shuffle_statistics),
    .run = run_expand_shuffle_channel,
};

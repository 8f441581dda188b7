/* fuse_conv_conv.c - --lite-fuse-conv-conv: a linear map on the channels
 * after a conv folds into the conv's weights (Paddle-Lite's conv_conv_fuser).
 * conv0(x, W0, b0) with group 1, no activation and no residual, feeding
 * only
 *   - a conv2d with a 1x1 kernel (every spatial dim 1), stride 1, pads 0,
 *     group 1 and constant weights W1 [oc1, oc0, 1...] and bias b1, or
 *   - a matmul(K, y) with a constant K [oc1, oc0] and a conv1d result y
 *     [N, oc0, L] (matmul contracts y's channel dim only there; on a 2-D
 *     conv's [N, C, H, W] it contracts H, and a matmul on channels after a
 *     transpose to NHWC is a different graph, not matched here),
 * becomes one conv with conv0's geometry and
 *   W'[p, c, k] = sum_o W1[p, o] W0[o, c, k],  b'[p] = sum_o W1[p, o] b0[o] +
 * b1[p] computed in double and rounded once, carrying the 1x1 conv's activation
 * and residual. conv0's padding is safe: where it reads only padding, it
 * yields b0 and the fused conv yields W1 b0 + b1, as before.
 *
 * Only when it saves work: per output position conv0 costs oc0 ic0 K
 * multiply-adds (K kernel taps), the map oc1 oc0, the fused conv oc1 ic0 K;
 * it fuses when ic0 K (oc1 - oc0) <= oc0 oc1. Paddle-Lite's rule,
 * 0 < ic0 (oc1 - oc0) <= oc0 oc1, forgets K (so it fuses a 3x3 conv0 that
 * costs more fused) and refuses oc1 <= oc0, which always saves. */
#include <string.h>

#include "passes/fuse_conv_common.h"
#include "passes/pass_list.h"

/* The map y = W1 x + b1 (+ residual, then activation) applied to conv0's
 * result, as the consumer defines it. */
typedef struct channel_map {
  lt_op_t *op;
  int64_t out;           /* oc1 */
  const lk_tensor_t *w1; /* [oc1, oc0, ...] or [oc1, oc0] */
  const lk_tensor_t *b1; /* [oc1] or NULL */
  lt_value_t *residual;
  lt_fuse_act_t act;
} channel_map_t;

static bool saves_work(const lt_fuse_conv_t *c0, int64_t oc1) {
  int64_t oc0 = c0->maps, ic0 = c0->w.dims[1], k = 1;
  for (int32_t d = 2; d < c0->w.rank; d++)
    k *= c0->w.dims[d];
  return ic0 * k * (oc1 - oc0) <= oc0 * oc1;
}

static lt_result_t fuse(const lt_fuse_conv_t *c0, const channel_map_t *map,
                        lt_rewriter_t *rw) {
  int64_t oc0 = c0->maps, oc1 = map->out, per = lk_numel(&c0->w) / oc0;
  if (!saves_work(c0, oc1)) return LT_FAILURE;
  int64_t nw = oc1 * per;
  lt_context_t *ctx = lt_rewriter_context(rw);
  double *w = lt_rw_scratch(ctx, nw);
  double *b = lt_rw_scratch(ctx, oc1);
  lt_result_t r = LT_FAILURE;
  if (w && b) {
    bool has_b = c0->b.data || map->b1;
    for (int64_t p = 0; p < oc1; p++) {
      double *wp = w + p * per;
      memset(wp, 0, (size_t)per * sizeof *wp);
      b[p] = map->b1 ? lk_load_f64(map->b1, p) : 0.0;
      for (int64_t o = 0; o < oc0; o++) {
        double a = lk_load_f64(map->w1, p * oc0 + o);
        for (int64_t i = 0; i < per; i++)
          wp[i] += a * lk_load_f64(&c0->w, o * per + i);
        if (c0->b.data) b[p] += a * lk_load_f64(&c0->b, o);
      }
    }
    int64_t dims[LK_MAX_RANK];
    memcpy(dims, c0->w.dims, sizeof dims);
    dims[0] = oc1;
    lt_fuse_conv_edit_t edit = {.w = w,
                                .w_dims = dims,
                                .b = has_b ? b : NULL,
                                .residual = map->residual,
                                .act = &map->act};
    lt_op_t *ops[2] = {c0->op, map->op};
    if (lt_fuse_conv_replace(rw, c0, &edit, ops, 2)) r = LT_SUCCESS;
  }
  lt_rw_scratch_free(ctx, w, nw);
  lt_rw_scratch_free(ctx, b, oc1);
  return r;
}

/* conv0: a single-use group-1 conv2d with constant weights, no activation
 * and no residual, of the dtype the map computes in. */
static bool match_conv0(const lt_value_t *v, lk_dtype_t dtype,
                        lt_fuse_conv_t *c0) {
  if (!lt_fuse_conv_match(v,
                          LT_FUSE_CONV_SINGLE_USE | LT_FUSE_CONV_NO_ACTIVATION |
                              LT_FUSE_CONV_NO_RESIDUAL | LT_FUSE_CONV_CONST,
                          c0))
    return false;
  if (c0->group == 1 && c0->dtype == dtype) return true;
  lt_fuse_conv_release(c0);
  return false;
}

/* Every value of the ints attribute `name` equals v (or it is absent). */
static bool ints_all(const lt_op_t *op, const char *name, int64_t v) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (!a) return true;
  if (a->kind != LT_ATTR_DENSE_ARRAY) return false;
  for (int64_t i = 0; i < lt_attr_dense_count(a); i++)
    if (lt_attr_dense_int(a, i) != v) return false;
  return true;
}

static lt_result_t fuse_conv_conv(const lt_pattern_t *self, lt_op_t *conv1,
                                  lt_rewriter_t *rw) {
  lt_fuse_conv_t c1, c0;
  if (!lt_fuse_conv_match(lt_op_result(conv1, 0), LT_FUSE_CONV_CONST, &c1))
    return LT_FAILURE;
  bool pointwise = c1.group == 1 && ints_all(conv1, "strides", 1) &&
                   ints_all(conv1, "pads", 0) &&
                   ints_all(conv1, "output_padding", 0);
  for (int32_t d = 2; d < c1.w.rank; d++)
    pointwise = pointwise && c1.w.dims[d] == 1;
  channel_map_t map = {
      .op = conv1,
      .out = c1.maps,
      .w1 = &c1.w,
      .b1 = c1.b.data ? &c1.b : NULL,
      .residual = lt_rw_absent(conv1, 3) ? NULL : lt_op_operand(conv1, 3)};
  lt_result_t r = LT_FAILURE;
  if (pointwise && lt_fuse_act_of_attrs(conv1, &map.act) &&
      match_conv0(lt_op_operand(conv1, 0), c1.dtype, &c0)) {
    if (c0.rank == c1.rank && c0.maps == c1.w.dims[1]) r = fuse(&c0, &map, rw);
    lt_fuse_conv_release(&c0);
  }
  lt_fuse_conv_release(&c1);
  if (LT_FAILED(r))
    return lt_rewriter_notify_match_failure(
        rw, conv1, "not a 1x1 conv after a group-1 conv that it pays to fuse");
  return r;
}

static lt_result_t fuse_conv_matmul(const lt_pattern_t *self, lt_op_t *mm,
                                    lt_rewriter_t *rw) {
  if (mm->num_operands != 2 || mm->num_results != 1) return LT_FAILURE;
  const lt_value_t *k = lt_op_operand(mm, 0), *y = lt_op_operand(mm, 1);
  const lt_type_t *kt = k->type, *yt = y->type;
  if (kt->kind != LT_TYPE_TENSOR || kt->shaped.rank != 2 ||
      !lt_type_has_static_shape(kt) || yt->kind != LT_TYPE_TENSOR ||
      yt->shaped.rank != 3)
    return LT_FAILURE;
  lt_fuse_conv_t c0;
  if (!match_conv0(y, lt_lite_dtype(yt->shaped.element), &c0))
    return LT_FAILURE;
  lt_allocator_t al = lt_context_allocator(lt_op_context(mm));
  lk_tensor_t w1;
  bool owned = false;
  lt_result_t r = LT_FAILURE;
  if (kt->shaped.shape[1] == c0.maps &&
      lt_rw_const_tensor(k, al, &w1, &owned) && w1.data) {
    channel_map_t map = {.op = mm, .out = w1.dims[0], .w1 = &w1};
    r = fuse(&c0, &map, rw);
  }
  if (owned) lt_lite_tensor_free(al, &w1);
  lt_fuse_conv_release(&c0);
  if (LT_FAILED(r))
    return lt_rewriter_notify_match_failure(
        rw, mm, "not a constant channel map after a group-1 conv1d");
  return r;
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.conv2d", 1, fuse_conv_conv, NULL, "fuse-conv-conv"}, 0},
    {{"lite.matmul", 1, fuse_conv_matmul, NULL, "fuse-conv-matmul"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of conv+1x1 conv / conv+matmul pairs fused"},
};

const lt_pass_info_t lt_fuse_conv_conv_pass = {
    .argument = "lite-fuse-conv-conv",
    .name = "LiteFuseConvConv",
    .summary = "Fold a 1x1 conv or channel matmul into the preceding conv",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

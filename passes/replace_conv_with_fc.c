/* replace_conv_with_fc.c - lite-replace-conv-with-fc: a conv2d whose input
 * and output are 1x1 (the head after a global pooling) is a dense layer:
 *
 *   conv2d(X [N, C, 1, 1], W [Cout, C, 1, 1], B?) -> [N, Cout, 1, 1]
 *   = reshape(fc(flatten(X){axis 1} [N, C], W^T [C, Cout], B?), [N, Cout, 1,
 * 1])
 *
 * with the conv's fused activation moved to the fc. Exact (the same sums of
 * the same products) when: one group, a 1x1 kernel, no padding (explicit
 * pads all 0; auto_pad pads nothing on a 1x1 input with a 1x1 kernel), and
 * a 1x1 result, whatever the strides and dilations, which have nothing to
 * step over. W must be a constant (it is transposed at compile time); a
 * residual operand R is left to the conv.
 *
 * Users that only flatten the result back to [N, Cout] (flatten axis 1,
 * squeeze, or reshape to that type) read the fc directly; the reshape to
 * 4-D is built only when another user needs the 4-D value. */
#include "passes/pass_list.h"
#include "passes/replace_common.h"

/* Kernel 1x1, one group, no padding, no residual. */
static bool conv_is_pointwise(lt_op_t *op) {
  lt_lite_call_t c = lt_repl_call(op);
  if (lt_lite_attr_int(&c, "group", 1) != 1) return false;
  int64_t v[LK_MAX_RANK * 2];
  int32_t n = lt_lite_attr_ints(&c, "pads", v, LK_MAX_RANK * 2);
  for (int32_t i = 0; i < n; i++)
    if (v[i] != 0) return false;
  n = lt_lite_attr_ints(&c, "kernel_shape", v, LK_MAX_RANK);
  for (int32_t i = 0; i < n; i++)
    if (v[i] != 1) return false;
  return lt_rw_absent(op, 3);
}

/* True when user u of the conv result turns it into exactly `flat`'s type
 * without touching data: it may read the fc's result directly. */
static bool flattens_to(lt_op_t *u, const lt_type_t *flat) {
  int id = lt_lite_op_id(u);
  return (id == LT_LITE_FLATTEN || id == LT_LITE_RESHAPE ||
          id == LT_LITE_SQUEEZE) &&
         u->num_results == 1 && lt_op_result(u, 0)->type == flat;
}

static lt_result_t replace_conv(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  lt_value_t *x = lt_op_operand(op, 0), *w = lt_op_operand(op, 1);
  lt_value_t *res = lt_op_result(op, 0);
  const lt_type_t *xt = lt_repl_ranked(x), *rt = lt_repl_ranked(res);
  const lt_type_t *wt = lt_repl_static(w);
  lk_dtype_t dt = lt_repl_dtype(x);
  if (!xt || !rt || !wt || xt->shaped.rank != 4 || wt->shaped.rank != 4 ||
      rt->shaped.rank != 4 || !lt_repl_is_float(dt) || lt_repl_dtype(w) != dt ||
      !conv_is_pointwise(op))
    return LT_FAILURE;
  const int64_t *xs = xt->shaped.shape, *ws = wt->shaped.shape,
                *rs = rt->shaped.shape;
  int64_t cin = xs[1], cout = ws[0];
  if (cin == LT_DYNAMIC || xs[2] != 1 || xs[3] != 1 || ws[1] != cin ||
      ws[2] != 1 || ws[3] != 1 || rs[1] != cout || rs[2] != 1 || rs[3] != 1)
    return LT_FAILURE;

  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  lk_tensor_t wv;
  bool owned;
  if (!lt_rw_const_tensor(w, al, &wv, &owned)) return LT_FAILURE;

  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *mark = lt_repl_mark(rw);
  lt_named_attr_t axis = lt_rw_named_int(ctx, "axis", 1);
  lt_value_t *flat = lt_repl_op(rw, LT_LITE_FLATTEN, op->loc, 1, &x, 1, &axis);
  int64_t wdims[2] = {cin, cout};
  lt_value_t *wtr = lt_repl_const_transpose(rw, op->loc, &wv, cout, cin, 2,
                                            wdims, "fc_weight");
  if (owned) lt_lite_tensor_free(al, &wv);

  /* The conv's activation attributes carry over; the window ones go. */
  static const char *const keep[] = {"activation", "activation_alpha",
                                     "activation_beta"};
  lt_named_attr_t attrs[4];
  uint32_t na = 0;
  for (uint32_t i = 0; i < 3; i++) {
    const lt_attr_t *a = lt_op_attr(op, keep[i]);
    if (a) attrs[na++] = (lt_named_attr_t){lt_ident_cstr(ctx, keep[i]), a};
  }
  attrs[na++] = lt_rw_named_int(ctx, "in_num_col_dims", 1);
  lt_value_t *ops[3] = {flat, wtr, NULL};
  uint32_t nops = 2;
  if (!lt_rw_absent(op, 2)) ops[nops++] = lt_op_operand(op, 2);
  lt_value_t *y = lt_repl_op(rw, LT_LITE_FC, op->loc, nops, ops, na, attrs);
  if (!y) {
    lt_repl_undo(rw, mark);
    return LT_FAILURE;
  }

  /* Users that flatten the result anyway take the fc's; the rest get it
   * reshaped back to 4-D. */
  bool need_4d = false;
  for (lt_operand_t *u = res->first_use; u; u = u->next_use)
    need_4d = need_4d || !flattens_to(u->owner, y->type);
  lt_value_t *y4 = NULL;
  if (need_4d) {
    int64_t shape[4] = {rs[0] == LT_DYNAMIC ? 0 : rs[0], cout, 1, 1};
    y4 = lt_repl_reshape(rw, op->loc, y, 4, shape);
    if (!y4 || y4->type != res->type) {
      lt_repl_undo(rw, mark);
      return LT_FAILURE;
    }
  }
  /* A flattening user has res as its only tensor operand (squeeze axes and
   * reshape shapes are integers), so replacing it removes exactly the use
   * being visited; the next one is taken first. */
  for (lt_operand_t *u = res->first_use; u;) {
    lt_op_t *user = u->owner;
    u = u->next_use;
    if (flattens_to(user, y->type)) lt_rewriter_replace_op(rw, user, &y);
  }
  if (y4)
    lt_rewriter_replace_op(rw, op, &y4);
  else
    lt_rewriter_erase_op(rw, op);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t conv_fc_patterns[] = {
    {{"lite.conv2d", 1, replace_conv, NULL, "replace-conv-with-fc"}, 0},
};

static lt_result_t run_replace_conv_with_fc(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, conv_fc_patterns,
                            LT_ARRAY_SIZE(conv_fc_patterns), NULL);
}

static const lt_pass_statistic_t conv_fc_statistics[] = {
    {"num-replaced", "Number of 1x1 conv2d ops on 1x1 inputs replaced by fc"},
};

const lt_pass_info_t lt_replace_conv_with_fc_pass = {
    .argument = "lite-replace-conv-with-fc",
    .name = "LiteReplaceConvWithFc",
    .summary = "Replace a 1x1 conv2d on a 1x1 input by flatten + fc",
    .anchor = "func.func",
    .statistics = conv_fc_statistics,
    .num_statistics = LT_ARRAY_SIZE(conv_fc_statistics),
    .run = run_replace_conv_with_fc,
};

/* eliminate_redundant.c - lite-eliminate-redundant: removes lite ops that
 * compute nothing, ops whose work a consumer does anyway, and pairs of ops
 * that undo each other; the greedy driver erases what is left without
 * users (DCE). Every rule is exact: a value is only replaced by one of the
 * same type (Place included) that holds the same numbers; what cannot be
 * shown exact from the types and constant operands is left alone. The
 * rules are listed in docs/passes.md ("Folding and elimination"). */
#include <math.h>
#include <string.h>

#include "passes/fold_common.h"
#include "passes/pass_list.h"

/* ---- helpers ----------------------------------------------------------------
 */

static bool static_tensor(const lt_type_t *t) {
  return t->kind == LT_TYPE_TENSOR && lt_type_has_static_shape(t);
}

static lk_dtype_t dtype_of(const lt_value_t *v) {
  const lt_type_t *t = v->type;
  if (t->kind != LT_TYPE_TENSOR && t->kind != LT_TYPE_UNRANKED_TENSOR)
    return LK_DTYPE_NONE;
  return lt_lite_dtype(t->shaped.element);
}

/* Replaces every result of op by v (results other than the first must be
 * unused) and erases op. */
static lt_result_t forward(lt_rewriter_t *rw, lt_op_t *op, lt_value_t *v) {
  for (uint32_t i = 1; i < op->num_results; i++)
    if (!lt_value_use_empty(lt_op_result(op, i))) return LT_FAILURE;
  lt_value_t *small[4];
  if (op->num_results > 4) return LT_FAILURE;
  for (uint32_t i = 0; i < op->num_results; i++)
    small[i] = v;
  lt_rewriter_replace_op(rw, op, small);
  return LT_SUCCESS;
}

/* Forwards op's operand 0 when it has op's result type. */
static lt_result_t forward_same_type(lt_rewriter_t *rw, lt_op_t *op) {
  if (op->num_operands < 1 || op->num_results < 1) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(op, 0);
  if (x->type != lt_op_result(op, 0)->type) return LT_FAILURE;
  return forward(rw, op, x);
}

static double attr_float(lt_op_t *op, const char *name, double dflt) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (!a) return dflt;
  if (a->kind == LT_ATTR_FLOAT) return a->f;
  if (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL)
    return (double)a->i;
  return NAN;
}

static int64_t attr_int(lt_op_t *op, const char *name, int64_t dflt) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (a && (a->kind == LT_ATTR_INTEGER || a->kind == LT_ATTR_BOOL)) return a->i;
  return dflt;
}

static bool attr_str_is(lt_op_t *op, const char *name, const char *dflt,
                        const char *want) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (!a) return strcmp(dflt, want) == 0;
  return a->kind == LT_ATTR_STRING && a->str.len == strlen(want) &&
         memcmp(a->str.data, want, a->str.len) == 0;
}

/* ---- ops that do nothing
 * ------------------------------------------------------ */

/* identity, io_copy, layout, cast and calib to the same type, concat of one
 * input, split into one part, expand/reshape/flatten/squeeze/unsqueeze to
 * the same static shape. */
static lt_result_t same_type_noop(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  int id = lt_lite_op_id(op);
  switch (id) {
  case LT_LITE_IDENTITY:
  case LT_LITE_IO_COPY:
  case LT_LITE_LAYOUT:
  case LT_LITE_CAST:  /* a cast to the element type it has copies */
  case LT_LITE_CALIB: /* so does calib: scale applies across kinds only */
    break;
  case LT_LITE_CONCAT:
  case LT_LITE_SPLIT:
    if (op->num_operands != 1 && id == LT_LITE_CONCAT) return LT_FAILURE;
    if (op->num_results != 1) return LT_FAILURE;
    break;
  case LT_LITE_EXPAND:
  case LT_LITE_RESHAPE:
  case LT_LITE_FLATTEN:
  case LT_LITE_SQUEEZE:
  case LT_LITE_UNSQUEEZE:
    /* Equal static shapes: the same elements in the same order. */
    if (!static_tensor(lt_op_result(op, 0)->type)) return LT_FAILURE;
    break;
  default:
    return LT_FAILURE;
  }
  return forward_same_type(rw, op);
}

/* dropout at inference: training_mode absent or a constant false, or a
 * constant ratio of 0; its mask, if any, unused. */
static lt_result_t dropout_noop(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_DROPOUT)) return LT_FAILURE;
  double ratio = 0.5, training = 0;
  bool inference =
      lt_rw_absent(op, 2) ||
      (lt_rw_const_scalar(lt_op_operand(op, 2), &training) && training == 0);
  bool no_ratio = !lt_rw_absent(op, 1) &&
                  lt_rw_const_scalar(lt_op_operand(op, 1), &ratio) &&
                  ratio == 0;
  if (!inference && !no_ratio) return LT_FAILURE;
  return forward_same_type(rw, op);
}

/* scale(1, 0) without activation, on values double holds exactly (floats,
 * integers up to 32 bits). Its x*1 + 0 turns -0 into +0: the one
 * difference, and no comparison sees it. */
static lt_result_t scale_noop(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_SCALE)) return LT_FAILURE;
  lk_dtype_t t = dtype_of(lt_op_operand(op, 0));
  if (t == LK_DTYPE_NONE || t == LK_I64 || t == LK_U64 ||
      attr_float(op, "scale", 1.0) != 1.0 ||
      attr_float(op, "bias", 0.0) != 0.0 ||
      !attr_str_is(op, "activation", "none", "none"))
    return LT_FAILURE;
  return forward_same_type(rw, op);
}

/* slice of the full range: the same static shape, and every step positive
 * (then each step is 1 and each start 0, or the dim has at most one
 * element). */
static lt_result_t slice_noop(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_SLICE) || !static_tensor(lt_op_result(op, 0)->type))
    return LT_FAILURE;
  int64_t steps[LK_MAX_RANK];
  int32_t n = 0;
  lt_fold_known_t k = lt_fold_op_ints(op, 4, "steps", steps, LK_MAX_RANK, &n);
  if (k == LT_FOLD_UNKNOWN) return LT_FAILURE;
  for (int32_t i = 0; k == LT_FOLD_KNOWN && i < n; i++)
    if (steps[i] <= 0) return LT_FAILURE;
  return forward_same_type(rw, op);
}

/* pad by zero everywhere (any mode). */
static lt_result_t pad_noop(const lt_pattern_t *self, lt_op_t *op,
                            lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_PAD)) return LT_FAILURE;
  int64_t pads[2 * LK_MAX_RANK];
  int32_t n;
  if (lt_fold_op_ints(op, 1, "pads", pads, 2 * LK_MAX_RANK, &n) !=
      LT_FOLD_KNOWN)
    return LT_FAILURE;
  for (int32_t i = 0; i < n; i++)
    if (pads[i] != 0) return LT_FAILURE;
  return forward_same_type(rw, op);
}

/* transpose whose permutation keeps the order of every dim larger than
 * one (the identity, or moves of size-1 dims) and the type. */
static bool transpose_perm(lt_op_t *op, int32_t rank, int64_t *perm) {
  int32_t n;
  lt_fold_known_t k =
      lt_fold_op_ints(op, UINT32_MAX, "perm", perm, LK_MAX_RANK, &n);
  if (k == LT_FOLD_UNKNOWN || (k == LT_FOLD_KNOWN && n != rank)) return false;
  if (k == LT_FOLD_ABSENT) /* reversed dims */
    for (int32_t i = 0; i < rank; i++)
      perm[i] = rank - 1 - i;
  for (int32_t i = 0; i < rank; i++)
    if (perm[i] < 0 || perm[i] >= rank) return false;
  return true;
}

static lt_result_t transpose_noop(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_TRANSPOSE)) return LT_FAILURE;
  const lt_type_t *t = lt_op_operand(op, 0)->type;
  if (t->kind != LT_TYPE_TENSOR || t->shaped.rank > LK_MAX_RANK)
    return LT_FAILURE;
  int32_t rank = (int32_t)t->shaped.rank;
  int64_t perm[LK_MAX_RANK];
  if (!transpose_perm(op, rank, perm)) return LT_FAILURE;
  int64_t last = -1;
  for (int32_t i = 0; i < rank; i++) {
    int64_t d = t->shaped.shape[perm[i]];
    if (d == 1) continue;
    if (perm[i] < last) return LT_FAILURE; /* also for unknown dims */
    last = perm[i];
  }
  return forward_same_type(rw, op);
}

/* pool2d over a 1x1 window with stride 1 and no padding, or global pooling
 * of 1x1 planes: max and avg of one element are that element (lp pooling
 * gives |x|). */
static lt_result_t pool_noop(const lt_pattern_t *self, lt_op_t *op,
                             lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_POOL2D) ||
      !(attr_str_is(op, "pooling_type", "", "max") ||
        attr_str_is(op, "pooling_type", "", "avg")))
    return LT_FAILURE;
  const lt_type_t *t = lt_op_operand(op, 0)->type;
  if (!static_tensor(t) || t->shaped.rank < 3) return LT_FAILURE;
  uint32_t spatial = t->shaped.rank - 2;
  if (attr_int(op, "global_pooling", 0) != 0) {
    for (uint32_t d = 0; d < spatial; d++)
      if (t->shaped.shape[2 + d] != 1) return LT_FAILURE;
    return forward_same_type(rw, op);
  }
  int64_t v[2 * LK_MAX_RANK];
  int32_t n;
  if (lt_fold_op_ints(op, UINT32_MAX, "kernel_shape", v, LK_MAX_RANK, &n) !=
      LT_FOLD_KNOWN)
    return LT_FAILURE;
  for (int32_t i = 0; i < n; i++)
    if (v[i] != 1) return LT_FAILURE;
  lt_fold_known_t k =
      lt_fold_op_ints(op, UINT32_MAX, "strides", v, LK_MAX_RANK, &n);
  if (k == LT_FOLD_UNKNOWN) return LT_FAILURE;
  for (int32_t i = 0; k == LT_FOLD_KNOWN && i < n; i++)
    if (v[i] != 1) return LT_FAILURE;
  k = lt_fold_op_ints(op, UINT32_MAX, "pads", v, 2 * LK_MAX_RANK, &n);
  if (k == LT_FOLD_UNKNOWN) return LT_FAILURE;
  for (int32_t i = 0; k == LT_FOLD_KNOWN && i < n; i++)
    if (v[i] != 0) return LT_FAILURE;
  /* auto_pad pads nothing for a 1x1 window with stride 1. */
  return forward_same_type(rw, op);
}

/* ---- work a consumer does anyway
 * -------------------------------------------------- */

/* fc(reshape(x)) -> fc(x): fc flattens its input to 2-D at in_num_col_dims
 * itself, so a reshape or flatten that keeps the first in_num_col_dims
 * dims (e.g. [N, C, 1, 1] -> [N, C] after global pooling) does nothing for
 * it. gemm and matmul take 2-D or batched operands, where the reshape is
 * what makes the product right: they keep it. */
static lt_result_t fc_input_reshape(const lt_pattern_t *self, lt_op_t *fc,
                                    lt_rewriter_t *rw) {
  if (!lt_rw_is(fc, LT_LITE_FC)) return LT_FAILURE;
  lt_value_t *r = lt_op_operand(fc, 0);
  lt_op_t *view = lt_rw_def(r, LT_LITE_RESHAPE);
  if (!view) view = lt_rw_def(r, LT_LITE_FLATTEN);
  if (!view) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(view, 0);
  int32_t xr, rr;
  int64_t xd[LK_MAX_RANK], rd[LK_MAX_RANK];
  if (!lt_fold_static_dims(x->type, &xr, xd) ||
      !lt_fold_static_dims(r->type, &rr, rd))
    return LT_FAILURE;
  int64_t k = attr_int(fc, "in_num_col_dims", 1);
  if (k < 1 || k >= xr || k >= rr) return LT_FAILURE;
  for (int64_t d = 0; d < k; d++)
    if (xd[d] != rd[d]) return LT_FAILURE;
  lt_rewriter_modify_start(rw, fc);
  lt_op_set_operand(fc, 0, x);
  lt_rewriter_modify_finalize(rw, fc);
  return LT_SUCCESS;
}

/* ---- pairs that undo each other
 * ---------------------------------------------------- */

static bool is_view(const lt_op_t *op) {
  return lt_rw_is(op, LT_LITE_RESHAPE) || lt_rw_is(op, LT_LITE_FLATTEN) ||
         lt_rw_is(op, LT_LITE_SQUEEZE) || lt_rw_is(op, LT_LITE_UNSQUEEZE);
}

/* Axes of a squeeze/unsqueeze as a bit set, normalized against rank. */
static bool axes_set(lt_op_t *op, int32_t rank, uint32_t *out) {
  int64_t axes[LK_MAX_RANK];
  int32_t n;
  if (lt_fold_op_ints(op, 1, "axes", axes, LK_MAX_RANK, &n) != LT_FOLD_KNOWN)
    return false;
  *out = 0;
  for (int32_t i = 0; i < n; i++) {
    int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (a < 0 || a >= rank) return false;
    *out |= 1u << a;
  }
  return true;
}

static int32_t rank_of(const lt_value_t *v) {
  return v->type->kind == LT_TYPE_TENSOR ? (int32_t)v->type->shaped.rank : -1;
}

/* view(view(x)) for view ops (reshape, flatten, squeeze, unsqueeze): they
 * keep the elements in order, so the pair is x itself when the types
 * agree, one reshape of x to a static result otherwise; with dynamic dims,
 * a reshape whose shape has no 0 (copy) entry depends only on the element
 * count, and squeeze/unsqueeze of the same axes cancel. */
static lt_result_t collapse_views(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  if (!is_view(op)) return LT_FAILURE;
  lt_op_t *p = lt_value_defining_op(lt_op_operand(op, 0));
  if (!p || !is_view(p)) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(p, 0);
  lt_value_t *res = lt_op_result(op, 0);
  const lt_type_t *rt = res->type;
  lt_context_t *ctx = lt_op_context(op);
  lt_op_t *pair[2] = {p, op};
  if (rt == x->type && static_tensor(rt)) return forward(rw, op, x);
  /* With dynamic dims, squeeze and unsqueeze of the same axes cancel. */
  int32_t xr = rank_of(x), mr = rank_of(lt_op_result(p, 0));
  uint32_t a, b;
  if (lt_rw_is(p, LT_LITE_UNSQUEEZE) && lt_rw_is(op, LT_LITE_SQUEEZE) &&
      mr >= 0 && axes_set(p, mr, &a) && axes_set(op, mr, &b) && a == b &&
      rt == x->type)
    return forward(rw, op, x);
  if (lt_rw_is(p, LT_LITE_SQUEEZE) && lt_rw_is(op, LT_LITE_UNSQUEEZE) &&
      xr >= 0 && axes_set(p, xr, &a) && axes_set(op, xr, &b) && a == b &&
      rt == x->type)
    return forward(rw, op, x);
  /* One reshape for two only when the first view dies with it. */
  if (!lt_value_has_one_use(lt_op_result(p, 0))) return LT_FAILURE;
  if (static_tensor(rt)) {
    int32_t rank;
    int64_t dims[LK_MAX_RANK];
    if (!lt_fold_static_dims(rt, &rank, dims)) return LT_FAILURE;
    lt_named_attr_t shape =
        lt_rw_named_ints(ctx, "shape", (uint32_t)rank, dims);
    /* A 0 dim would mean "copy" without allowzero. */
    lt_named_attr_t attrs[2] = {shape, lt_rw_named_int(ctx, "allowzero", 1)};
    bool zero = false;
    for (int32_t d = 0; d < rank; d++)
      zero = zero || dims[d] == 0;
    lt_op_t *r =
        lt_fold_create(rw, LT_LITE_RESHAPE, lt_rw_fused_loc(ctx, 2, pair), 1,
                       &x, zero ? 2 : 1, attrs, &rt, 1);
    return r ? forward(rw, op, lt_op_result(r, 0)) : LT_FAILURE;
  }
  if (lt_rw_is(op, LT_LITE_RESHAPE)) {
    int64_t shape[LK_MAX_RANK];
    int32_t n;
    if (lt_fold_op_ints(op, 1, "shape", shape, LK_MAX_RANK, &n) !=
        LT_FOLD_KNOWN)
      return LT_FAILURE;
    bool allowzero = attr_int(op, "allowzero", 0) != 0;
    for (int32_t d = 0; d < n && !allowzero; d++)
      if (shape[d] == 0) return LT_FAILURE;
    lt_named_attr_t attrs[2] = {
        lt_rw_named_ints(ctx, "shape", (uint32_t)n, shape),
        lt_rw_named_int(ctx, "allowzero", 1)};
    lt_op_t *r =
        lt_fold_create(rw, LT_LITE_RESHAPE, lt_rw_fused_loc(ctx, 2, pair), 1,
                       &x, allowzero ? 2 : 1, attrs, &rt, 1);
    return r ? forward(rw, op, lt_op_result(r, 0)) : LT_FAILURE;
  }
  return LT_FAILURE;
}

/* Significand bits (with the hidden one) of a float dtype, 0 otherwise. */
static int significand_bits(lk_dtype_t t) {
  switch (t) {
  case LK_F16:
    return 11;
  case LK_BF16:
    return 8;
  case LK_F32:
    return 24;
  case LK_F64:
    return 53;
  default:
    return 0;
  }
}

/* Whether every value of dtype a converts to dtype b and back unchanged. */
static bool lossless(lk_dtype_t a, lk_dtype_t b) {
  if (a == b || a == LK_BOOL) return true;
  if (b == LK_BOOL) return false;
  bool af = lk_dtype_is_float(a), bf = lk_dtype_is_float(b);
  int abits = (int)lk_dtype_size(a) * 8, bbits = (int)lk_dtype_size(b) * 8;
  if (af && bf) /* wider in both significand and exponent */
    return (a == LK_F16 || a == LK_BF16) ? (b == LK_F32 || b == LK_F64)
                                         : (a == LK_F32 && b == LK_F64);
  if (af) return false;
  bool as = lk_dtype_is_signed(a), bs = lk_dtype_is_signed(b);
  if (bf) /* integers up to the significand's width */
    return (as ? abits - 1 : abits) <= significand_bits(b);
  if (as && !bs) return false;
  return as == bs ? bbits >= abits : bbits > abits;
}

/* Both sides of a calib are floats, or both integers: then it converts like
 * a cast and its scale does not apply. */
static bool cast_like(lt_op_t *op) {
  if (lt_rw_is(op, LT_LITE_CAST)) return true;
  lk_dtype_t a = dtype_of(lt_op_operand(op, 0));
  lk_dtype_t b = dtype_of(lt_op_result(op, 0));
  return a != LK_DTYPE_NONE && b != LK_DTYPE_NONE &&
         lk_dtype_is_float(a) == lk_dtype_is_float(b);
}

/* cast(cast(x: A) to B) to A, and the same for calib, when B holds every
 * value of A. */
static lt_result_t cast_pair(const lt_pattern_t *self, lt_op_t *op,
                             lt_rewriter_t *rw) {
  int id = lt_lite_op_id(op);
  if (id != LT_LITE_CAST && id != LT_LITE_CALIB) return LT_FAILURE;
  lt_op_t *p = lt_rw_def(lt_op_operand(op, 0), (lt_lite_op_id_t)id);
  if (!p || !cast_like(p) || !cast_like(op)) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(p, 0);
  if (x->type != lt_op_result(op, 0)->type ||
      !lossless(dtype_of(x), dtype_of(lt_op_result(p, 0))))
    return LT_FAILURE;
  return forward(rw, op, x);
}

/* io_copy and layout keep the values: a chain of them (and identities)
 * that comes back to a type it started from is that value. */
static lt_result_t place_round_trip(const lt_pattern_t *self, lt_op_t *op,
                                    lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_IO_COPY) && !lt_rw_is(op, LT_LITE_LAYOUT))
    return LT_FAILURE;
  const lt_type_t *want = lt_op_result(op, 0)->type;
  lt_op_t *cur = op;
  for (int depth = 0; depth < 8; depth++) {
    lt_value_t *in = lt_op_operand(cur, 0);
    if (in->type == want) return forward(rw, op, in);
    cur = lt_value_defining_op(in);
    if (!cur ||
        !(lt_rw_is(cur, LT_LITE_IO_COPY) || lt_rw_is(cur, LT_LITE_LAYOUT) ||
          lt_rw_is(cur, LT_LITE_IDENTITY)))
      return LT_FAILURE;
  }
  return LT_FAILURE;
}

/* transpose(transpose(x, p), q) is x when the permutations compose to the
 * identity (and the types agree), else one transpose by the composition. */
static lt_result_t transpose_pair(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_TRANSPOSE)) return LT_FAILURE;
  lt_op_t *p = lt_rw_def(lt_op_operand(op, 0), LT_LITE_TRANSPOSE);
  if (!p) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(p, 0);
  int32_t rank = rank_of(x);
  int64_t pp[LK_MAX_RANK], qp[LK_MAX_RANK], comp[LK_MAX_RANK];
  if (rank < 0 || rank > LK_MAX_RANK || !transpose_perm(p, rank, pp) ||
      !transpose_perm(op, rank, qp))
    return LT_FAILURE;
  bool identity = true;
  for (int32_t i = 0; i < rank; i++) {
    comp[i] = pp[qp[i]];
    identity = identity && comp[i] == i;
  }
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  if (identity) return rt == x->type ? forward(rw, op, x) : LT_FAILURE;
  /* One transpose for two only when the first dies with it. */
  if (!lt_value_has_one_use(lt_op_result(p, 0))) return LT_FAILURE;
  lt_context_t *ctx = lt_op_context(op);
  lt_op_t *pair[2] = {p, op};
  lt_named_attr_t perm = lt_rw_named_ints(ctx, "perm", (uint32_t)rank, comp);
  lt_op_t *t =
      lt_fold_create(rw, LT_LITE_TRANSPOSE, lt_rw_fused_loc(ctx, 2, pair), 1,
                     &x, 1, &perm, &rt, 1);
  return t ? forward(rw, op, lt_op_result(t, 0)) : LT_FAILURE;
}

/* Two operands that are the same value, or constants with equal contents
 * (both absent counts as equal). */
static bool same_operand(lt_op_t *a, uint32_t i, lt_op_t *b, uint32_t j) {
  bool ma = lt_rw_absent(a, i), mb = lt_rw_absent(b, j);
  if (ma || mb) return ma && mb;
  lt_value_t *va = lt_op_operand(a, i), *vb = lt_op_operand(b, j);
  if (va == vb) return true;
  const lt_attr_t *ca = lt_rw_const_attr(va), *cb = lt_rw_const_attr(vb);
  return ca && ca == cb; /* attributes are uniqued */
}

/* Every scale in s is within the normal range of its type, with room for
 * the largest quantized difference (2^bits) times it. */
static bool scales_in_range(const lt_value_t *s, int bits) {
  lt_allocator_t al = lt_context_allocator(lt_value_context(s));
  lk_tensor_t t;
  bool owned;
  if (!lt_rw_const_tensor(s, al, &t, &owned)) return false;
  int emin = t.dtype == LK_F16 ? -14 : t.dtype == LK_F32 ? -126 : -1022;
  int emax = t.dtype == LK_F16 ? 15 : t.dtype == LK_F32 ? 127 : 1023;
  bool ok = true;
  int64_t n = lk_numel(&t);
  for (int64_t i = 0; ok && i < n; i++) {
    double v = fabs(lk_load_f64(&t, i));
    ok = v >= ldexp(1.0, emin) && v <= ldexp(1.0, emax - bits);
  }
  if (owned) lt_lite_tensor_free(al, &t);
  return ok;
}

/* quantize(dequantize(q, s, z), s, z) is q when the round trip is exact:
 * dequantize gives (q - z) * s rounded to the scale's type (p significand
 * bits), quantize divides by s and rounds to an integer. With |q - z| <
 * 2^b (b the quantized type's bits) the error stays below 1/2 when
 * b <= p - 2: 8-bit types with f16, f32 or f64 scales, 16-bit with f32 or
 * f64, 32-bit with f64; the scales must be constants in their type's normal
 * range. quantize(x) -> dequantize rounds x and is never removed. */
static lt_result_t dequantize_quantize(const lt_pattern_t *self, lt_op_t *op,
                                       lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_QUANTIZE)) return LT_FAILURE;
  lt_op_t *d = lt_rw_def(lt_op_operand(op, 0), LT_LITE_DEQUANTIZE);
  if (!d) return LT_FAILURE;
  lt_value_t *q = lt_op_operand(d, 0), *s = lt_op_operand(d, 1);
  lk_dtype_t qt = dtype_of(q), st = dtype_of(s);
  int b = (int)lk_dtype_size(qt) * 8;
  if (qt == LK_DTYPE_NONE || !lk_dtype_is_int(qt) || qt == LK_BOOL ||
      b > significand_bits(st) - 2 || !same_operand(d, 1, op, 1) ||
      !same_operand(d, 2, op, 2) ||
      attr_int(d, "axis", 1) != attr_int(op, "axis", 1) ||
      q->type != lt_op_result(op, 0)->type || !scales_in_range(s, b))
    return LT_FAILURE;
  return forward(rw, op, q);
}

/* slice(concat(a, b, ...)) taking back exactly one input, with static
 * shapes and known slice operands (steps of 1). */
static lt_result_t concat_slice(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_SLICE)) return LT_FAILURE;
  lt_op_t *cat = lt_rw_def(lt_op_operand(op, 0), LT_LITE_CONCAT);
  if (!cat) return LT_FAILURE;
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
  if (!lt_fold_static_dims(lt_op_result(cat, 0)->type, &rank, dims))
    return LT_FAILURE;
  int64_t v[4][LK_MAX_RANK];
  int32_t n[4] = {0, 0, 0, 0};
  static const char *const names[] = {"starts", "ends", "axes", "steps"};
  lt_fold_known_t k[4];
  for (int i = 0; i < 4; i++) {
    k[i] = lt_fold_op_ints(op, (uint32_t)i + 1, names[i], v[i], LK_MAX_RANK,
                           &n[i]);
    if (k[i] == LT_FOLD_UNKNOWN || (i < 2 && k[i] != LT_FOLD_KNOWN) ||
        (k[i] == LT_FOLD_KNOWN && n[i] != n[0]))
      return LT_FAILURE;
  }
  int64_t axis = attr_int(cat, "axis", 0);
  if (axis < 0) axis += rank;
  /* [begin, end) per dim after ONNX's clamping (steps must be 1). */
  int64_t begin[LK_MAX_RANK], end[LK_MAX_RANK];
  for (int32_t d = 0; d < rank; d++) {
    begin[d] = 0;
    end[d] = dims[d];
  }
  for (int32_t i = 0; i < n[0]; i++) {
    int64_t a = k[2] == LT_FOLD_KNOWN ? v[2][i] : i;
    if (a < 0) a += rank;
    if (a < 0 || a >= rank || (k[3] == LT_FOLD_KNOWN && v[3][i] != 1))
      return LT_FAILURE;
    int64_t s = v[0][i], e = v[1][i], dim = dims[a];
    if (s < 0) s += dim;
    if (e < 0) e += dim;
    begin[a] = s < 0 ? 0 : s > dim ? dim : s;
    end[a] = e < 0 ? 0 : e > dim ? dim : e;
  }
  for (int32_t d = 0; d < rank; d++)
    if (d != axis && (begin[d] != 0 || end[d] != dims[d])) return LT_FAILURE;
  int64_t offset = 0;
  for (uint32_t i = 0; i < cat->num_operands; i++) {
    lt_value_t *in = lt_op_operand(cat, i);
    int32_t r;
    int64_t id[LK_MAX_RANK];
    if (!lt_fold_static_dims(in->type, &r, id) || r != rank) return LT_FAILURE;
    if (offset == begin[axis] && offset + id[axis] == end[axis])
      return in->type == lt_op_result(op, 0)->type ? forward(rw, op, in)
                                                   : LT_FAILURE;
    offset += id[axis];
  }
  return LT_FAILURE;
}

/* concat(split(x)) of all the parts in order along the split axis. */
static lt_result_t split_concat(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_CONCAT) || op->num_operands == 0) return LT_FAILURE;
  lt_op_t *s = lt_rw_def(lt_op_operand(op, 0), LT_LITE_SPLIT);
  if (!s || s->num_results != op->num_operands) return LT_FAILURE;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (lt_op_operand(op, i) != lt_op_result(s, i)) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(s, 0);
  int32_t rank = rank_of(x);
  int64_t a = attr_int(s, "axis", 0), b = attr_int(op, "axis", 0);
  if (rank < 0) return LT_FAILURE;
  if (a < 0) a += rank;
  if (b < 0) b += rank;
  if (a != b || x->type != lt_op_result(op, 0)->type) return LT_FAILURE;
  return forward(rw, op, x);
}

/* ---- the pass ---------------------------------------------------------------
 */

static lt_walk_result_t count_op(lt_op_t *op, void *user) {
  (*(uint64_t *)user)++;
  return LT_WALK_ADVANCE;
}

static lt_result_t run_eliminate_redundant(lt_pass_t *pass, lt_op_t *func) {
  static const struct {
    const char *root;
    lt_match_rewrite_fn_t fn;
  } rows[] = {
      {"lite.identity", same_type_noop},
      {"lite.io_copy", same_type_noop},
      {"lite.layout", same_type_noop},
      {"lite.cast", same_type_noop},
      {"lite.calib", same_type_noop},
      {"lite.concat", same_type_noop},
      {"lite.split", same_type_noop},
      {"lite.expand", same_type_noop},
      {"lite.reshape", same_type_noop},
      {"lite.flatten", same_type_noop},
      {"lite.squeeze", same_type_noop},
      {"lite.unsqueeze", same_type_noop},
      {"lite.dropout", dropout_noop},
      {"lite.scale", scale_noop},
      {"lite.slice", slice_noop},
      {"lite.pad", pad_noop},
      {"lite.transpose", transpose_noop},
      {"lite.pool2d", pool_noop},
      {"lite.fc", fc_input_reshape},
      {"lite.reshape", collapse_views},
      {"lite.flatten", collapse_views},
      {"lite.squeeze", collapse_views},
      {"lite.unsqueeze", collapse_views},
      {"lite.cast", cast_pair},
      {"lite.calib", cast_pair},
      {"lite.io_copy", place_round_trip},
      {"lite.layout", place_round_trip},
      {"lite.transpose", transpose_pair},
      {"lite.quantize", dequantize_quantize},
      {"lite.slice", concat_slice},
      {"lite.concat", split_concat},
  };
  lt_pattern_set_t *set = lt_pattern_set_create(lt_op_context(func));
  if (!set) return lt_op_emit_error(func, "out of memory");
  for (size_t i = 0; i < LT_ARRAY_SIZE(rows); i++)
    if (LT_FAILED(
            lt_pattern_set_add_fn(set, rows[i].root, 1, rows[i].fn, NULL))) {
      lt_pattern_set_destroy(set);
      return lt_op_emit_error(func, "out of memory");
    }
  uint64_t before = 0, after = 0;
  lt_op_walk(func, LT_WALK_PRE, count_op, &before);
  /* Folding is lite-fold-constants' job; dead ops are erased by the driver
   * (DCE) and counted with the rest. */
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.fold = false;
  bool changed = false;
  (void)lt_apply_patterns_greedily(func, set, &cfg, &changed);
  lt_pattern_set_destroy(set);
  lt_op_walk(func, LT_WALK_PRE, count_op, &after);
  lt_pass_stat_add(pass, 0, before > after ? before - after : 0);
  lt_pass_set_changed(pass, changed);
  return LT_SUCCESS;
}

static const lt_pass_statistic_t eliminate_redundant_statistics[] = {
    {"num-removed", "Number of ops removed (no-ops, inverse pairs, dead ops)"},
};

const lt_pass_info_t lt_eliminate_redundant_pass = {
    .argument = "lite-eliminate-redundant",
    .name = "LiteEliminateRedundant",
    .summary = "Remove lite ops that do nothing, inverse pairs and dead ops",
    .anchor = "func.func",
    .statistics = eliminate_redundant_statistics,
    .num_statistics = LT_ARRAY_SIZE(eliminate_redundant_statistics),
    .run = run_eliminate_redundant,
};

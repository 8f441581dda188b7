/* fuse_conv_common.c - the matching and building the convolution fusions
 * share (see fuse_conv_common.h). */
#include "passes/fuse_conv_common.h"

#include <string.h>

#include "ir/context.h"
#include "ir/types.h"

/* ---- matching ------------------------------------------------------------ */

static bool ranked(const lt_type_t *t) {
  return t && t->kind == LT_TYPE_TENSOR;
}

static bool static_ranked(const lt_type_t *t) {
  return ranked(t) && lt_type_has_static_shape(t);
}

static bool has_activation(lt_op_t *op) {
  lt_fuse_act_t a;
  return !lt_fuse_act_of_attrs(op, &a) || a.kind != LK_ACT_NONE;
}

void lt_fuse_conv_release(lt_fuse_conv_t *c) {
  if (c->w_owned) lt_lite_tensor_free(c->al, &c->w);
  if (c->b_owned) lt_lite_tensor_free(c->al, &c->b);
  c->w_owned = c->b_owned = false;
}

/* The constant v as a tensor of dtype `dtype`. */
static bool load_const(const lt_value_t *v, lt_allocator_t al, lk_dtype_t dtype,
                       lk_tensor_t *out, bool *owned) {
  *owned = false;
  if (!lt_rw_const_tensor(v, al, out, owned)) return false;
  if (out->dtype == dtype && out->data) return true;
  if (*owned) lt_lite_tensor_free(al, out);
  *owned = false;
  return false;
}

bool lt_fuse_conv_match(const lt_value_t *v, unsigned need,
                        lt_fuse_conv_t *out) {
  memset(out, 0, sizeof *out);
  out->w.dtype = out->b.dtype = LK_DTYPE_NONE;
  lt_op_t *op = v ? lt_value_defining_op(v) : NULL;
  if (!op) return false;
  out->op = op;
  out->al = lt_context_allocator(lt_op_context(op));
  out->transpose = lt_rw_is(op, LT_LITE_CONV2D_TRANSPOSE);
  if (!lt_rw_is(op, LT_LITE_CONV2D) &&
      !(out->transpose && (need & LT_FUSE_CONV_TRANSPOSE_OK)))
    return false;
  if (op->num_operands < 2 || op->num_results != 1) return false;
  const lt_type_t *rt = op->results[0].type;
  const lt_type_t *wt = lt_op_operand(op, 1)->type;
  if (!ranked(rt) || !static_ranked(wt) || rt->shaped.rank != wt->shaped.rank ||
      wt->shaped.rank < 3)
    return false;
  out->dtype = lt_lite_dtype(rt->shaped.element);
  if (out->dtype != LK_F32 && out->dtype != LK_F64) return false;
  out->rank = (int32_t)rt->shaped.rank;
  const lt_attr_t *g = lt_op_attr(op, "group");
  out->group = g && g->kind == LT_ATTR_INTEGER ? g->i : 1;
  if (out->group < 1) return false;
  out->maps =
      out->transpose ? wt->shaped.shape[1] * out->group : wt->shaped.shape[0];
  if ((need & LT_FUSE_CONV_SINGLE_USE) &&
      !lt_value_has_one_use(lt_op_result(op, 0)))
    return false;
  if ((need & LT_FUSE_CONV_NO_ACTIVATION) && has_activation(op)) return false;
  if ((need & LT_FUSE_CONV_NO_RESIDUAL) && !lt_rw_absent(op, 3)) return false;
  lt_allocator_t al = out->al;
  if ((need & LT_FUSE_CONV_CONST) &&
      !load_const(lt_op_operand(op, 1), al, out->dtype, &out->w, &out->w_owned))
    return false;
  if (!(need & (LT_FUSE_CONV_CONST | LT_FUSE_CONV_CONST_BIAS)) ||
      lt_rw_absent(op, 2))
    return true;
  if (!load_const(lt_op_operand(op, 2), al, out->dtype, &out->b,
                  &out->b_owned) ||
      out->b.rank != 1 || out->b.dims[0] != out->maps) {
    lt_fuse_conv_release(out);
    return false;
  }
  return true;
}

/* Weights are [M, C/g, k...] (transpose: [C, M/g, k...]); a row is one
 * index over the first two dims. */
static int64_t row_channel(const lt_fuse_conv_t *c, int64_t row) {
  if (!c->transpose) return row / c->w.dims[1];
  int64_t mg = c->w.dims[1], cg = c->w.dims[0] / c->group;
  int64_t ch = row / mg, j = row % mg;
  return (ch / cg) * mg + j;
}

static int64_t row_size(const lt_fuse_conv_t *c) {
  int64_t k = 1;
  for (int32_t d = 2; d < c->w.rank; d++)
    k *= c->w.dims[d];
  return k;
}

int64_t lt_fuse_conv_weight_channel(const lt_fuse_conv_t *c, int64_t e) {
  return row_channel(c, e / row_size(c));
}

bool lt_fuse_conv_channel_values(const lt_value_t *k, const lt_type_t *result,
                                 int64_t maps, double *out) {
  if (!lt_rw_const_attr(k) || !static_ranked(k->type) || !ranked(result))
    return false;
  if (!lk_dtype_is_float(lt_lite_dtype(k->type->shaped.element))) return false;
  uint32_t rk = k->type->shaped.rank, rr = result->shaped.rank;
  if (rk > rr || rr < 2) return false;
  bool per_channel = false;
  for (uint32_t i = 0; i < rk; i++) {
    int64_t d = k->type->shaped.shape[i];
    if (rr - rk + i == 1 && d == maps)
      per_channel = true;
    else if (d != 1)
      return false;
  }
  lt_op_t *def = lt_value_defining_op(k);
  lt_allocator_t al = lt_context_allocator(lt_op_context(def));
  lk_tensor_t t;
  bool owned = false;
  if (!lt_rw_const_tensor(k, al, &t, &owned) || !t.data) return false;
  for (int64_t m = 0; m < maps; m++)
    out[m] = lk_load_f64(&t, per_channel ? m : 0);
  if (owned) lt_lite_tensor_free(al, &t);
  return true;
}

lt_result_t lt_fuse_conv_operands(lt_op_t *op, uint32_t num, unsigned need,
                                  lt_fuse_conv_fn_t fuse, lt_rewriter_t *rw,
                                  const char *why) {
  /* The result must keep the conv's rank: the other operand may not
   * broadcast it up. */
  const lt_type_t *rt = op->results[0].type;
  for (uint32_t i = 0; i < num; i++) {
    lt_fuse_conv_t c;
    if (!lt_fuse_conv_match(lt_op_operand(op, i), need, &c)) continue;
    const lt_type_t *ct = c.op->results[0].type;
    bool same_rank =
        rt->kind == LT_TYPE_TENSOR && rt->shaped.rank == ct->shaped.rank;
    lt_result_t r = same_rank ? fuse(op, i, &c, rw) : LT_FAILURE;
    lt_fuse_conv_release(&c);
    if (LT_SUCCEEDED(r)) return r;
  }
  return lt_rewriter_notify_match_failure(rw, op, "%s", why);
}

/* ---- building ------------------------------------------------------------ */

/* c's weights with each output map's row scaled by scale[map], written
 * straight into the new constant; f32 weights skip the generic accessors,
 * since resnet-sized models have millions of them. */
typedef struct scale_job {
  const lt_fuse_conv_t *c;
  const double *scale;
} scale_job_t;

static void fill_scaled(void *user, lk_tensor_t *t) {
  const scale_job_t *job = user;
  const lt_fuse_conv_t *c = job->c;
  int64_t k = row_size(c), rows = k ? lk_numel(t) / k : 0;
  for (int64_t row = 0; row < rows; row++) {
    double s = job->scale[row_channel(c, row)];
    int64_t base = row * k;
    if (t->dtype == LK_F32) {
      const float *in = (const float *)c->w.data + base;
      float *out = (float *)t->data + base;
      for (int64_t j = 0; j < k; j++) out[j] = (float)(s * (double)in[j]);
    } else {
      for (int64_t j = 0; j < k; j++)
        lk_store_f64(t, base + j, s * lk_load_f64(&c->w, base + j));
    }
  }
}

static lt_value_t *scaled_weights(lt_rewriter_t *rw, lt_loc_t loc,
                                  const lt_fuse_conv_t *c,
                                  const double *scale) {
  scale_job_t job = {c, scale};
  return lt_rw_constant_fill(rw, loc, &c->w, "fused_conv_w", fill_scaled, &job);
}

#define FUSE_CONV_MAX_ATTRS 32

lt_op_t *lt_fuse_conv_replace(lt_rewriter_t *rw, const lt_fuse_conv_t *c,
                              const lt_fuse_conv_edit_t *edit,
                              lt_op_t *const *ops, uint32_t n) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *last = ops[n - 1], *conv = c->op;
  lt_loc_t loc = lt_rw_fused_loc(ctx, n, ops);
  lt_rewriter_set_before(rw, last);

  lt_named_attr_t attrs[FUSE_CONV_MAX_ATTRS];
  uint32_t num_attrs = 0;
  const lt_attr_t *dict = conv->attrs;
  for (uint32_t i = 0; i < dict->dict.count; i++) {
    const lt_named_attr_t *e = &dict->dict.entries[i];
    if (edit->act && lt_fuse_act_is_attr(e->name->str)) continue;
    if (num_attrs + 3 >= FUSE_CONV_MAX_ATTRS) return NULL; /* IR untouched */
    attrs[num_attrs++] = *e;
  }
  num_attrs += lt_fuse_act_named(ctx, edit->act, attrs + num_attrs);

  lt_value_t *operands[4] = {lt_op_operand(conv, 0), lt_op_operand(conv, 1),
                             NULL, NULL};
  uint32_t num_operands = 2;
  const int64_t *wdims = edit->w_dims ? edit->w_dims : c->w.dims;
  if (edit->w) {
    operands[1] = lt_rw_constant_f64(rw, loc, c->dtype, c->rank, wdims, edit->w,
                                     "fused_conv_w");
    if (!operands[1]) return NULL;
  } else if (edit->w_scale) {
    operands[1] = scaled_weights(rw, loc, c, edit->w_scale);
    if (!operands[1]) return NULL;
  }
  int64_t maps = !edit->w_dims  ? c->maps
                 : c->transpose ? wdims[1] * c->group
                                : wdims[0];
  if (edit->b) {
    operands[2] = lt_rw_constant_f64(rw, loc, c->dtype, 1, &maps, edit->b,
                                     "fused_conv_b");
    if (!operands[2]) return NULL;
    num_operands = 3;
  } else if (conv->num_operands > 2) {
    operands[2] = lt_op_operand(conv, 2);
    num_operands = 3;
  }
  lt_value_t *r = edit->residual;
  if (!r && !lt_rw_absent(conv, 3)) r = lt_op_operand(conv, 3);
  if (r) {
    if (num_operands < 3) {
      lt_op_t *none = lt_rw_create(rw, LT_LITE_NONE, loc, 0, NULL, 0, NULL, 1);
      if (!none) return NULL;
      operands[2] = lt_op_result(none, 0);
    }
    operands[3] = r;
    num_operands = 4;
  }

  lt_op_t *fused =
      lt_rw_create(rw, c->transpose ? LT_LITE_CONV2D_TRANSPOSE : LT_LITE_CONV2D,
                   loc, num_operands, operands, num_attrs, attrs, 1);
  if (!fused) return NULL;
  /* Same logical shape as what it replaces; keep that value's exact type
   * (its Place, its dynamic dims) so every user still verifies. */
  lt_value_t *result = lt_op_result(fused, 0);
  lt_value_set_type(result, last->results[0].type);
  lt_rw_replace_fused(rw, last, result, ops, n);
  return fused;
}

/* fuse_matmul_common.c - the matching, folding and building the dense and
 * elementwise fusions share (see fuse_matmul_common.h). */
#include "passes/fuse_matmul_common.h"

#include <math.h>
#include <string.h>

#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/types.h"

/* ---- reading ------------------------------------------------------------- */

bool lt_dense_last_dim_values(const lt_value_t *k, const lt_type_t *result,
                              int64_t n, double *out, int64_t *out_count) {
  const lt_type_t *kt = k->type;
  if (!lt_rw_const_attr(k) || !lk_dtype_is_float(lt_rw_value_dtype(k)) ||
      !lt_type_has_static_shape(kt) || result->kind != LT_TYPE_TENSOR ||
      kt->shaped.rank > result->shaped.rank)
    return false;
  uint32_t kr = kt->shaped.rank;
  for (uint32_t i = 0; i + 1 < kr; i++)
    if (kt->shaped.shape[i] != 1) return false;
  int64_t last = kr ? kt->shaped.shape[kr - 1] : 1;
  if (last != 1 && (n <= 0 || last != n)) return false;
  lt_allocator_t al = lt_context_allocator(lt_op_context(k->owner.op));
  lk_tensor_t t;
  bool owned = false;
  if (!lt_rw_const_tensor(k, al, &t, &owned) || !t.data) return false;
  bool ok = lk_numel(&t) == last;
  for (int64_t i = 0; ok && i < last; i++)
    out[i] = lk_load_f64(&t, i);
  if (owned) lt_lite_tensor_free(al, &t);
  *out_count = last;
  return ok;
}

/* ---- the dense ops ------------------------------------------------------- */

static bool ranked(const lt_value_t *v) {
  return v->type->kind == LT_TYPE_TENSOR;
}

/* Reads the constant v (static shape, dtype `dtype`) into *t. */
static bool read_const(const lt_value_t *v, lk_dtype_t dtype, lk_tensor_t *t,
                       bool *owned) {
  if (!lt_rw_const_attr(v) || !lt_type_has_static_shape(v->type) ||
      lt_rw_value_dtype(v) != dtype)
    return false;
  lt_allocator_t al = lt_context_allocator(lt_op_context(v->owner.op));
  return lt_rw_const_tensor(v, al, t, owned) && t->data;
}

void lt_dense_release(lt_dense_op_t *d) {
  if (!d->op) return;
  lt_allocator_t al = lt_context_allocator(d->ctx);
  if (d->w_owned) lt_lite_tensor_free(al, &d->w);
  if (d->b_owned) lt_lite_tensor_free(al, &d->b);
  d->w_owned = d->b_owned = false;
}

bool lt_dense_match(const lt_value_t *v, lt_dense_op_t *out) {
  memset(out, 0, sizeof *out);
  out->w.dtype = out->b.dtype = LK_DTYPE_NONE;
  lt_op_t *op = lt_value_defining_op(v);
  int id = op ? lt_lite_op_id(op) : -1;
  if (id != LT_LITE_MATMUL && id != LT_LITE_FC && id != LT_LITE_GEMM)
    return false;
  lk_dtype_t dt = lt_rw_value_dtype(v);
  if (op->num_results != 1 || !lt_value_has_one_use(v) ||
      (dt != LK_F32 && dt != LK_F64) || v->type->shaped.rank < 1 ||
      !lt_fuse_act_none(op) || !ranked(lt_op_operand(op, 0)) ||
      !ranked(lt_op_operand(op, 1)))
    return false;
  const lt_type_t *rt = v->type;
  int64_t last = rt->shaped.shape[rt->shaped.rank - 1];
  out->op = op;
  out->ctx = lt_op_context(op);
  out->id = (lt_lite_op_id_t)id;
  out->dtype = dt;
  out->n = last == LT_DYNAMIC ? -1 : last;
  out->wi = 1;
  if (id == LT_LITE_MATMUL && !lt_rw_const_attr(lt_op_operand(op, 1)))
    out->wi = 0; /* A constant instead: scalar factors only */
  if (!read_const(lt_op_operand(op, out->wi), dt, &out->w, &out->w_owned)) {
    out->op = NULL;
    return false;
  }
  if (id != LT_LITE_MATMUL && out->w.rank != 2) {
    lt_dense_release(out);
    out->op = NULL;
    return false;
  }
  if (id != LT_LITE_MATMUL && !lt_rw_absent(op, 2)) {
    out->b_given = true;
    lt_value_t *b = lt_op_operand(op, 2);
    if (lt_rw_const_attr(b) && !read_const(b, dt, &out->b, &out->b_owned))
      out->b.dtype = LK_DTYPE_NONE;
  }
  return true;
}

/* The output column that element i of the weights w feeds. */
static int64_t weight_column(const lk_tensor_t *w, bool trans_b, int64_t i) {
  if (w->rank < 1) return 0;
  return trans_b ? i / w->dims[1] : i % w->dims[w->rank - 1];
}

static bool all_finite(const double *v, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return false;
  return true;
}

static bool all_equal(const double *v, int64_t n, double x) {
  for (int64_t i = 0; i < n; i++)
    if (v[i] != x) return false;
  return true;
}

/* Element `i` of a tensor of dims s[0..rs) read from t broadcast to it. */
static int64_t broadcast_index(const int64_t *s, int32_t rs,
                               const lk_tensor_t *t, int64_t i) {
  int64_t idx = 0, stride = 1;
  for (int32_t d = rs - 1, e = t->rank - 1; d >= 0; d--, e--) {
    int64_t pos = i % s[d];
    i /= s[d];
    if (e < 0) continue;
    if (t->dims[e] != 1) idx += pos * stride;
    stride *= t->dims[e];
  }
  return idx;
}

static const char *const act_names[] = {LT_FUSE_ACT_ATTR_NAMES};

#define FUSE_MAX_ATTRS 32
#define FUSE_MAX_OPERANDS 8

/* The bias of the folded op, planned before the IR changes: a * beta * B
 * + c over B's shape widened to [n] when a or c vary per column (gemm's C
 * may be [M, 1] or [M, N]); c alone as [n] when there was no bias. */
typedef struct bias_plan {
  bool present;
  int32_t rank;
  int64_t dims[2], total;
  double *v; /* scratch of `total` values */
} bias_plan_t;

static bool plan_bias(const lt_dense_op_t *d, double beta, const double *a,
                      int64_t na, const double *c, int64_t nc, bool need,
                      bias_plan_t *p) {
  memset(p, 0, sizeof *p);
  if (!d->b_given && !need) return true;
  p->present = true;
  p->rank = 1;
  p->dims[0] = p->dims[1] = 1;
  if (d->b_given) {
    if (d->b.rank > 2) return false; /* fc and gemm take rank <= 2 */
    p->rank = d->b.rank;
    for (int32_t i = 0; i < p->rank; i++)
      p->dims[i] = d->b.dims[i];
    if (na > 1 || nc > 1) {
      if (p->rank == 0) {
        p->rank = 1;
        p->dims[0] = d->n;
      } else if (p->dims[p->rank - 1] == 1) {
        p->dims[p->rank - 1] = d->n;
      } else if (p->dims[p->rank - 1] != d->n) {
        return false;
      }
    }
  } else {
    if (d->n <= 0) return false;
    p->dims[0] = d->n;
  }
  p->total = 1;
  for (int32_t i = 0; i < p->rank; i++)
    p->total *= p->dims[i];
  int64_t cols = p->rank ? p->dims[p->rank - 1] : 1;
  p->v = lt_rw_scratch(d->ctx, p->total);
  if (!p->v) return false;
  for (int64_t i = 0; i < p->total; i++) {
    int64_t j = i % cols;
    double b0 =
        d->b_given
            ? lk_load_f64(&d->b, broadcast_index(p->dims, p->rank, &d->b, i))
            : 0.0;
    double aj = a[na > 1 ? j : 0], cj = nc ? c[nc > 1 ? j : 0] : 0.0;
    p->v[i] = aj * beta * b0 + cj;
  }
  return all_finite(p->v, p->total);
}

static void plan_free(const lt_dense_op_t *d, bias_plan_t *p) {
  if (p->v) lt_rw_scratch_free(d->ctx, p->v, p->total);
  p->v = NULL;
}

lt_op_t *lt_dense_affine(lt_rewriter_t *rw, const lt_dense_op_t *d,
                         const double *a, int64_t na, const double *c,
                         int64_t nc, const lt_fuse_act_t *act,
                         lt_op_t *const *ops, uint32_t n) {
  lt_op_t *op = d->op;
  bool has_act = act && act->kind != LK_ACT_NONE;
  if ((na != 1 && (d->n <= 0 || na != d->n)) || nc < 0 ||
      (nc > 1 && (d->n <= 0 || nc != d->n)) || !all_finite(a, na) ||
      !all_finite(c, nc))
    return NULL;
  bool c_zero = all_equal(c, nc, 0.0), a_one = all_equal(a, na, 1.0);
  bool trans_b = d->id == LT_LITE_GEMM && lt_rw_op_int(op, "transB", 0) != 0;
  const lk_tensor_t *w = &d->w;
  lt_lite_op_id_t id = d->id;
  lt_value_t *x = lt_op_operand(op, 0);

  /* What the folded op can hold. */
  if (d->b_given && d->b.dtype == LK_DTYPE_NONE) return NULL;
  if (id == LT_LITE_MATMUL && d->wi == 0) {
    if (na != 1 || !c_zero || has_act) return NULL;
  } else {
    int64_t wcols = trans_b ? w->dims[0] : w->rank ? w->dims[w->rank - 1] : 1;
    if (na > 1 && (w->rank < 2 || wcols != d->n)) return NULL;
    if (id == LT_LITE_MATMUL && (!c_zero || has_act)) {
      /* Only an fc takes a bias or an activation. */
      if (w->rank != 2 || x->type->shaped.rank < 2 || d->n <= 0) return NULL;
      id = LT_LITE_FC;
    }
  }
  if (d->b_given && id != LT_LITE_GEMM && lk_numel(&d->b) != d->n) return NULL;

  /* Everything that may refuse is decided before the IR changes. */
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attrs[FUSE_MAX_ATTRS];
  uint32_t num_attrs = 0;
  const char *drop[4] = {act_names[0], act_names[1], act_names[2], "beta"};
  double beta = d->id == LT_LITE_GEMM ? lt_rw_op_float(op, "beta", 1.0) : 1.0;
  bool rebuild = !(a_one && c_zero && beta == 1.0);
  bool keep_bias = d->b_given && !rebuild;
  if (id != LT_LITE_MATMUL && d->id == LT_LITE_MATMUL) {
    attrs[num_attrs++] = lt_rw_named_int(ctx, "in_num_col_dims",
                                         (int64_t)x->type->shaped.rank - 1);
  } else if (id != LT_LITE_MATMUL) {
    num_attrs = lt_dense_attrs_except(op, drop, rebuild ? 4 : 3, attrs,
                                      FUSE_MAX_ATTRS - 3);
    if (num_attrs == UINT32_MAX) return NULL;
  }
  num_attrs += lt_fuse_act_named(ctx, act, attrs + num_attrs);
  bias_plan_t plan;
  memset(&plan, 0, sizeof plan);
  if (id != LT_LITE_MATMUL && !keep_bias &&
      !plan_bias(d, beta, a, na, c, nc, !c_zero, &plan)) {
    plan_free(d, &plan);
    return NULL;
  }
  int64_t nw = a_one ? 0 : lk_numel(w);
  double *wv = nw ? lt_rw_scratch(ctx, nw) : NULL;
  bool ok = !nw || wv;
  for (int64_t i = 0; ok && i < nw; i++)
    wv[i] = a[na > 1 ? weight_column(w, trans_b, i) : 0] * lk_load_f64(w, i);
  ok = ok && all_finite(wv, nw);

  lt_loc_t loc = lt_rw_fused_loc(ctx, n, ops);
  lt_rewriter_set_before(rw, ops[n - 1]);
  lt_value_t *operands[3] = {x, lt_op_operand(op, 1), NULL};
  uint32_t num_operands = 2;
  /* The weights, column j scaled by a[j]. */
  if (ok && nw) {
    operands[d->wi] = lt_rw_constant_f64(rw, loc, d->dtype, w->rank, w->dims,
                                         wv, "fused_weight");
    ok = operands[d->wi] != NULL;
  }
  if (ok && keep_bias) {
    operands[2] = lt_op_operand(op, 2);
  } else if (ok && plan.present) {
    operands[2] = lt_rw_constant_f64(rw, loc, d->dtype, plan.rank, plan.dims,
                                     plan.v, "fused_bias");
    ok = operands[2] != NULL;
  }
  if (wv) lt_rw_scratch_free(ctx, wv, nw);
  plan_free(d, &plan);
  if (!ok) return NULL;
  if (operands[2]) num_operands = 3;
  return lt_dense_replace(rw, id, num_operands, operands, num_attrs, attrs, ops,
                          n);
}

/* ---- building ------------------------------------------------------------ */

uint32_t lt_dense_attrs_except(const lt_op_t *op, const char *const *drop,
                               uint32_t num_drop, lt_named_attr_t *out,
                               uint32_t cap) {
  const lt_attr_t *dict = op->attrs;
  uint32_t k = 0;
  for (uint32_t i = 0; dict && i < dict->dict.count; i++) {
    const lt_named_attr_t *e = &dict->dict.entries[i];
    bool dropped = false;
    for (uint32_t j = 0; j < num_drop && !dropped; j++)
      dropped = strcmp(e->name->str, drop[j]) == 0;
    if (dropped) continue;
    if (k == cap) return UINT32_MAX;
    out[k++] = *e;
  }
  return k;
}

/* A fusion that builds an op the dialect refuses is a bug of its checks,
 * not of the input: it then leaves the IR as it was, and the refused op's
 * diagnostic is no error of the user's. */
static bool swallow(void *user, const lt_diag_t *d) { return true; }

lt_op_t *lt_dense_replace(lt_rewriter_t *rw, lt_lite_op_id_t id,
                          uint32_t num_operands, lt_value_t *const *operands,
                          uint32_t num_attrs, const lt_named_attr_t *attrs,
                          lt_op_t *const *ops, uint32_t n) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_op_t *last = ops[n - 1];
  lt_loc_t loc = lt_rw_fused_loc(ctx, n, ops);
  lt_rewriter_set_before(rw, last);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_op_t *fused =
      lt_rw_create(rw, id, loc, num_operands, operands, num_attrs, attrs, 1);
  lt_diag_pop_handler(ctx, h);
  if (!fused) return NULL;
  lt_value_t *result = lt_op_result(fused, 0);
  const lt_type_t *want = last->results[0].type;
  if (!lt_type_compatible(result->type, want)) {
    lt_rewriter_erase_op(rw, fused);
    return NULL;
  }
  lt_value_set_type(result, want);
  lt_rw_replace_fused(rw, last, result, ops, n);
  return fused;
}

lt_op_t *lt_dense_with_activation(lt_rewriter_t *rw, lt_op_t *op,
                                  lt_op_t *act_op, const lt_fuse_act_t *act) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attrs[FUSE_MAX_ATTRS];
  uint32_t num_attrs =
      lt_dense_attrs_except(op, act_names, 3, attrs, FUSE_MAX_ATTRS - 3);
  if (num_attrs == UINT32_MAX) return NULL;
  num_attrs += lt_fuse_act_named(ctx, act, attrs + num_attrs);
  lt_value_t *operands[FUSE_MAX_OPERANDS];
  if (op->num_operands > FUSE_MAX_OPERANDS) return NULL;
  for (uint32_t i = 0; i < op->num_operands; i++)
    operands[i] = lt_op_operand(op, i);
  lt_op_t *ops[2] = {op, act_op};
  return lt_dense_replace(rw, (lt_lite_op_id_t)lt_lite_op_id(op),
                          op->num_operands, operands, num_attrs, attrs, ops, 2);
}

lt_result_t lt_dense_fuse_activation(lt_op_t *act_op, lt_rewriter_t *rw,
                                     bool (*accept)(const lt_op_t *p),
                                     const char *why) {
  lt_fuse_act_t act;
  if (act_op->num_operands < 1 || !lt_fuse_act_of_op(act_op, &act))
    return LT_FAILURE;
  lt_value_t *y = lt_op_operand(act_op, 0);
  lt_op_t *p = lt_value_defining_op(y);
  if (!accept(p) || !lt_value_has_one_use(y) ||
      !lk_dtype_is_float(lt_rw_value_dtype(y)) || !lt_fuse_act_none(p))
    return lt_rewriter_notify_match_failure(rw, act_op, "%s", why);
  if (!lt_dense_with_activation(rw, p, act_op, &act)) return LT_FAILURE;
  return LT_SUCCESS;
}

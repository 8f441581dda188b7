/* lower_loops_reduce.c - the kernels that reduce along dims: softmax and
 * log_softmax along one axis (max, then the sum of exp(x - max), then the
 * scale: the reference kernel's numerically stable order), reduce_sum,
 * reduce_mean, reduce_max and reduce_min over any axes, layer_norm over
 * the last axis, and global average and max pooling.
 *
 * Each is an scf.parallel over the positions that are kept (the rows)
 * around scf.for loops over the reduced dims; the innermost one runs by
 * vectors when it is the memref's last dim, keeping one partial result
 * per lane that vector.reduction folds after the loop. */
#include <math.h>
#include <string.h>

#include "passes/lite_rewrite.h"
#include "passes/lower_loops.h"

/* The normalized `axis` attribute of op (default dflt) for rank r. */
static bool axis_attr(const lt_op_t *op, int64_t dflt, uint32_t r,
                      uint32_t *out, ll_why_t *why) {
  int64_t a = lt_rw_op_int(op, "axis", dflt);
  if (a < 0) a += r;
  if (a < 0 || a >= (int64_t)r) {
    ll_why_set(why, "axis out of range");
    return false;
  }
  *out = (uint32_t)a;
  return true;
}

/* Types of every tensor operand and of the results; exactly one result. */
static bool types_ok(lt_op_t *op, ll_why_t *why) {
  if (op->num_results != 1) {
    ll_why_set(why, "more than one result");
    return false;
  }
  if (!ll_type_ok(op->results[0].type, why)) return false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (t->kind != LT_TYPE_NONE && !ll_type_ok(t, why)) return false;
  }
  return true;
}

/* ---- the rows around a reduction -------------------------------------------------- */
/* A reduction of the input memref `x` over the dims marked in `reduced`:
 * full[] is the input index being built (kept dims from the row, reduced
 * ones from the loops). */
typedef struct reduction {
  lt_value_t *x;
  uint32_t rank;
  const int64_t *shape;
  bool reduced[LL_MAX_RANK];
  lt_value_t *full[LL_MAX_RANK];
  ll_reduce_kind_t kind;
  /* softmax and layer norm: the row's statistics and the output */
  lt_value_t *max, *mean, *inv, *shift, *out, *scale, *bias;
  lt_value_t *vmax, *vmean, *vinv, *vshift; /* the same as vectors */
  int pass;
  bool log_form; /* log_softmax */
} reduction_t;

/* Opens the rows over the kept dims and fills r->full with their indices
 * (reduced dims: 0 until a loop sets them). */
static void rows_begin(ll_kernel_t *k, reduction_t *r, ll_loop_t *rows) {
  int64_t kept[LL_MAX_RANK];
  uint32_t nk = 0;
  for (uint32_t d = 0; d < r->rank; d++)
    if (!r->reduced[d]) kept[nk++] = r->shape[d];
  lt_value_t *idx[LL_MAX_RANK];
  ll_rows_begin(k, rows, nk, kept, idx);
  for (uint32_t d = 0, i = 0; d < r->rank; d++)
    r->full[d] = r->reduced[d] ? ll_index(k, 0) : idx[i++];
}

/* v broadcast into a vector before a sweep of n by vectors that uses it,
 * so that the loop does not broadcast it again each step; NULL when the
 * sweep has no vector loop. */
static lt_value_t *row_splat(ll_kernel_t *k, lt_value_t *v, int64_t n,
                             bool vector) {
  return vector && ll_vec_end(k, n) > 0 ? ll_splat(k, v) : NULL;
}

/* ---- reductions: sum, mean, max, min, global pooling ------------------------------ */
static void accumulate(ll_kernel_t *k, void *user, lt_value_t *j,
                       bool is_vector, lt_value_t **acc) {
  reduction_t *r = user;
  r->full[r->rank - 1] = j;
  *acc = ll_combine(k, r->kind, *acc, ll_load(k, r->x, r->full, is_vector));
}

/* Loops over the reduced dims from `d` on, carrying the accumulator; the
 * last dim, when reduced, by vectors. */
static lt_value_t *reduce_from(ll_kernel_t *k, reduction_t *r, uint32_t d,
                               lt_value_t *acc) {
  while (d < r->rank && !r->reduced[d]) d++;
  if (d == r->rank) /* inside the innermost loop: one element */
    return ll_combine(k, r->kind, acc, ll_load(k, r->x, r->full, false));
  if (d == r->rank - 1) /* the memref's last dim: by vectors */
    return ll_sweep(k, r->shape[d], true, r->kind, acc, accumulate, r);
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, 0), ll_index(k, r->shape[d]),
               ll_index(k, 1), 1, &acc);
  r->full[d] = lp.iv;
  lt_value_t *inner = reduce_from(k, r, d + 1, lp.iter[0]);
  ll_for_end(k, &lp, 1, &inner);
  return ll_loop_result(&lp, 0);
}

/* out[kept] = reduce(x over reduced), divided by the count for a mean;
 * the output keeps the reduced dims as 1 or drops them. */
static lt_result_t emit_reduction(ll_kernel_t *k, reduction_t *r, bool mean) {
  ll_loop_t rows;
  rows_begin(k, r, &rows);
  lt_value_t *acc = reduce_from(k, r, 0, ll_float(k, ll_identity(r->kind),
                                                  k->f32));
  int64_t count = 1;
  for (uint32_t d = 0; d < r->rank; d++)
    if (r->reduced[d]) count *= r->shape[d];
  if (mean) acc = ll_fbin(k, "arith.divf", acc, ll_float(k, (double)count,
                                                         k->f32));
  lt_value_t *out = k->args[1], *at[LL_MAX_RANK];
  uint32_t out_rank = out->type->shaped.rank;
  for (uint32_t d = 0, i = 0; d < r->rank; d++)
    if (out_rank == r->rank) at[d] = r->reduced[d] ? ll_index(k, 0) : r->full[d];
    else if (!r->reduced[d]) at[i++] = r->full[d];
  ll_store(k, acc, out, at);
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

static ll_reduce_kind_t reduce_kind(const lt_op_t *op) {
  switch (lt_lite_op_id(op)) {
  case LT_LITE_REDUCE_MAX: return LL_RED_MAX;
  case LT_LITE_REDUCE_MIN: return LL_RED_MIN;
  default: return LL_RED_ADD;
  }
}

/* The reduced dims of a reduce op: its `axes` attribute, or all of them. */
static bool reduce_axes(lt_op_t *op, uint32_t rank, bool *reduced,
                        ll_why_t *why) {
  if (op->num_operands > 1 && !lt_rw_absent(op, 1)) {
    ll_why_set(why, "axes given as an operand");
    return false;
  }
  const lt_attr_t *axes = lt_op_attr(op, "axes");
  int64_t n = axes && axes->kind == LT_ATTR_DENSE_ARRAY
                  ? (int64_t)(axes->dense.size / sizeof(int64_t))
                  : 0;
  for (uint32_t d = 0; d < rank; d++) reduced[d] = n == 0;
  if (n == 0 && lt_rw_op_int(op, "noop_with_empty_axes", 0)) {
    ll_why_set(why, "no axes with noop_with_empty_axes (a copy)");
    return false;
  }
  for (int64_t i = 0; i < n; i++) {
    int64_t a = lt_attr_dense_int(axes, i);
    if (a < 0) a += rank;
    if (a < 0 || a >= (int64_t)rank) {
      ll_why_set(why, "axis out of range");
      return false;
    }
    reduced[a] = true;
  }
  return true;
}

static bool reduce_supported(lt_op_t *op, ll_why_t *why) {
  if (!types_ok(op, why)) return false;
  bool reduced[LL_MAX_RANK];
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  if (!reduce_axes(op, x->shaped.rank, reduced, why)) return false;
  if (x->shaped.rank == 0) {
    ll_why_set(why, "a rank-0 input (a copy)");
    return false;
  }
  return true;
}

static lt_result_t reduce_emit(ll_kernel_t *k, lt_op_t *op) {
  reduction_t r = {.x = k->args[0], .kind = reduce_kind(op)};
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  r.rank = x->shaped.rank;
  r.shape = x->shaped.shape;
  if (!reduce_axes(op, r.rank, r.reduced, NULL)) return LT_FAILURE;
  return emit_reduction(k, &r, lt_lite_op_id(op) == LT_LITE_REDUCE_MEAN);
}

const ll_single_t ll_reduce_family = {NULL, reduce_supported, reduce_emit};

static bool pool_supported(lt_op_t *op, ll_why_t *why) {
  const lt_attr_t *type = lt_op_attr(op, "pooling_type");
  if (!lt_rw_op_int(op, "global_pooling", 0) || !type ||
      type->kind != LT_ATTR_STRING ||
      (strcmp(type->str.data, "avg") != 0 &&
       strcmp(type->str.data, "max") != 0)) {
    ll_why_set(why, "only global average and max pooling");
    return false;
  }
  if (!types_ok(op, why)) return false;
  if (lt_op_operand(op, 0)->type->shaped.rank < 3) {
    ll_why_set(why, "no spatial dims");
    return false;
  }
  return true;
}

static lt_result_t pool_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  bool avg = strcmp(lt_op_attr(op, "pooling_type")->str.data, "avg") == 0;
  reduction_t r = {.x = k->args[0], .kind = avg ? LL_RED_ADD : LL_RED_MAX};
  r.rank = x->shaped.rank;
  r.shape = x->shaped.shape;
  for (uint32_t d = 2; d < r.rank; d++) r.reduced[d] = true;
  return emit_reduction(k, &r, avg);
}

const ll_single_t ll_global_pool_family = {"global_pool", pool_supported,
                                           pool_emit};

/* ---- softmax and log_softmax ---------------------------------------------------------- */
/* Pass 0: the row's max; 1: the sum of exp(x - max), softmax storing the
 * exponentials; 2: softmax scales them by 1 / sum, log_softmax writes
 * x - (max + log(sum)). */
static void softmax_body(ll_kernel_t *k, void *user, lt_value_t *j,
                         bool is_vector, lt_value_t **acc) {
  reduction_t *r = user;
  lt_value_t **full = r->full;
  uint32_t axis = 0;
  while (!r->reduced[axis]) axis++;
  full[axis] = j;
  bool log_form = r->log_form;
  if (r->pass == 0) {
    *acc = ll_fbin(k, "arith.maxf", *acc, ll_load(k, r->x, full, is_vector));
    return;
  }
  if (r->pass == 1) {
    lt_value_t *m = is_vector ? r->vmax : r->max;
    lt_value_t *e = ll_fun(k, "math.exp",
                           ll_fbin(k, "arith.subf",
                                   ll_load(k, r->x, full, is_vector), m));
    if (!log_form) ll_store(k, e, r->out, full);
    *acc = ll_fbin(k, "arith.addf", *acc, e);
    return;
  }
  lt_value_t *v;
  if (log_form) {
    lt_value_t *c = is_vector ? r->vshift : r->shift;
    v = ll_fbin(k, "arith.subf", ll_load(k, r->x, full, is_vector), c);
  } else {
    lt_value_t *c = is_vector ? r->vinv : r->inv;
    v = ll_fbin(k, "arith.mulf", ll_load(k, r->out, full, is_vector), c);
  }
  ll_store(k, v, r->out, full);
}

static bool softmax_supported(lt_op_t *op, ll_why_t *why) {
  uint32_t axis;
  if (!types_ok(op, why)) return false;
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  if (x->shaped.rank == 0) {
    ll_why_set(why, "a rank-0 input");
    return false;
  }
  return axis_attr(op, -1, x->shaped.rank, &axis, why);
}

static lt_result_t softmax_emit_common(ll_kernel_t *k, lt_op_t *op,
                                       bool log_form) {
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  reduction_t r = {.x = k->args[0], .out = k->args[1]};
  r.rank = x->shaped.rank;
  r.shape = x->shaped.shape;
  r.log_form = log_form;
  uint32_t axis;
  if (!axis_attr(op, -1, r.rank, &axis, NULL)) return LT_FAILURE;
  r.reduced[axis] = true;
  bool vector = axis == r.rank - 1;
  int64_t n = r.shape[axis];
  ll_loop_t rows;
  rows_begin(k, &r, &rows);
  r.pass = 0;
  r.max = ll_sweep(k, n, vector, LL_RED_MAX, ll_float(k, -INFINITY, k->f32),
                   softmax_body, &r);
  r.vmax = row_splat(k, r.max, n, vector);
  r.pass = 1;
  lt_value_t *sum = ll_sweep(k, n, vector, LL_RED_ADD,
                             ll_float(k, 0.0, k->f32), softmax_body, &r);
  if (log_form)
    r.shift = ll_fbin(k, "arith.addf", r.max, ll_fun(k, "math.log", sum));
  else
    r.inv = ll_fbin(k, "arith.divf", ll_float(k, 1.0, k->f32), sum);
  if (log_form) r.vshift = row_splat(k, r.shift, n, vector);
  else r.vinv = row_splat(k, r.inv, n, vector);
  r.pass = 2;
  ll_sweep(k, n, vector, LL_RED_NONE, NULL, softmax_body, &r);
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

static lt_result_t softmax_emit(ll_kernel_t *k, lt_op_t *op) {
  return softmax_emit_common(k, op, false);
}

static lt_result_t log_softmax_emit(ll_kernel_t *k, lt_op_t *op) {
  return softmax_emit_common(k, op, true);
}

const ll_single_t ll_softmax_family = {NULL, softmax_supported, softmax_emit};
const ll_single_t ll_log_softmax_family = {NULL, softmax_supported,
                                           log_softmax_emit};

/* ---- layer_norm over the last axis ------------------------------------------------------ */
/* Pass 0: the sum; 1: the sum of squared deviations from the mean; 2:
 * (x - mean) * inv * scale + bias. */
static void layer_norm_body(ll_kernel_t *k, void *user, lt_value_t *j,
                            bool is_vector, lt_value_t **acc) {
  reduction_t *r = user;
  r->full[r->rank - 1] = j;
  lt_value_t *x = ll_load(k, r->x, r->full, is_vector);
  if (r->pass == 0) {
    *acc = ll_fbin(k, "arith.addf", *acc, x);
    return;
  }
  lt_value_t *m = is_vector ? r->vmean : r->mean;
  lt_value_t *d = ll_fbin(k, "arith.subf", x, m);
  if (r->pass == 1) {
    *acc = ll_fbin(k, "arith.addf", *acc, ll_fbin(k, "arith.mulf", d, d));
    return;
  }
  lt_value_t *inv = is_vector ? r->vinv : r->inv;
  lt_value_t *y = ll_fbin(k, "arith.mulf", d, inv);
  y = ll_fbin(k, "arith.mulf", y,
              ll_load_bcast(k, r->scale, r->rank, r->full, j, is_vector));
  if (r->bias)
    y = ll_fbin(k, "arith.addf", y,
                ll_load_bcast(k, r->bias, r->rank, r->full, j, is_vector));
  ll_store(k, y, r->out, r->full);
}

static bool layer_norm_supported(lt_op_t *op, ll_why_t *why) {
  if (!types_ok(op, why)) return false;
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  uint32_t axis;
  if (x->shaped.rank == 0 || !axis_attr(op, -1, x->shaped.rank, &axis, why))
    return false;
  if (axis != x->shaped.rank - 1) {
    ll_why_set(why, "layer_norm over more than the last axis");
    return false;
  }
  for (uint32_t i = 1; i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (t->kind == LT_TYPE_NONE) continue;
    if (t->shaped.rank > x->shaped.rank) {
      ll_why_set(why, "scale or bias of a higher rank than X");
      return false;
    }
    for (uint32_t d = 0; d < t->shaped.rank; d++) {
      int64_t s = t->shaped.shape[d];
      if (s != 1 && s != x->shaped.shape[x->shaped.rank - t->shaped.rank + d]) {
        ll_why_set(why, "scale or bias does not broadcast to X");
        return false;
      }
    }
  }
  return true;
}

static lt_result_t layer_norm_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  reduction_t r = {.x = k->args[0], .scale = k->args[1]};
  r.rank = x->shaped.rank;
  r.shape = x->shaped.shape;
  r.reduced[r.rank - 1] = true;
  bool has_bias = op->num_operands > 2 && !lt_rw_absent(op, 2);
  r.bias = has_bias ? k->args[2] : NULL;
  r.out = k->args[has_bias ? 3 : 2];
  int64_t n = r.shape[r.rank - 1];
  lt_value_t *count = ll_float(k, (double)n, k->f32);
  ll_loop_t rows;
  rows_begin(k, &r, &rows);
  r.pass = 0;
  lt_value_t *sum = ll_sweep(k, n, true, LL_RED_ADD, ll_float(k, 0.0, k->f32),
                             layer_norm_body, &r);
  r.mean = ll_fbin(k, "arith.divf", sum, count);
  r.vmean = row_splat(k, r.mean, n, true);
  r.pass = 1;
  lt_value_t *sq = ll_sweep(k, n, true, LL_RED_ADD, ll_float(k, 0.0, k->f32),
                            layer_norm_body, &r);
  lt_value_t *var = ll_fbin(k, "arith.divf", sq, count);
  lt_value_t *eps = ll_float(k, lt_rw_op_float(op, "epsilon", 1e-5), k->f32);
  r.inv = ll_fbin(k, "arith.divf", ll_float(k, 1.0, k->f32),
                  ll_fun(k, "math.sqrt", ll_fbin(k, "arith.addf", var, eps)));
  r.vinv = row_splat(k, r.inv, n, true);
  r.pass = 2;
  ll_sweep(k, n, true, LL_RED_NONE, NULL, layer_norm_body, &r);
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

const ll_single_t ll_layer_norm_family = {NULL, layer_norm_supported,
                                          layer_norm_emit};

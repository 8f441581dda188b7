/* lower_loops_ew.c - elementwise groups as one loop nest: the values of a
 * chain (or DAG) of lite elementwise ops computed per element, with numpy
 * broadcasting of the inputs into the root's shape.
 *
 * The nest is an scf.parallel over the rows (every dim but the last) and,
 * inside, an scf.for over the last dim by vectors plus a scalar tail. What
 * does not vary along the last dim (an input broadcast there, say a
 * [1, C, 1, 1] bias, and every op of such values only) is computed once per
 * row as a scalar and broadcast into a vector before the loop. The
 * formulas are the reference kernels' (kernels/ref/elementwise.c and
 * activation.c), in f32. */
#include <math.h>
#include <string.h>

#include "kernels/ref/activation.h"
#include "passes/lite_rewrite.h"
#include "passes/lower_loops.h"

/* ---- what is supported ------------------------------------------------------- */
static bool is_binary_with_act(int id) {
  return id == LT_LITE_ADD || id == LT_LITE_SUB || id == LT_LITE_MUL ||
         id == LT_LITE_DIV || id == LT_LITE_SCALE;
}

static bool is_ew_op(int id) {
  switch (id) {
  case LT_LITE_ADD: case LT_LITE_SUB: case LT_LITE_MUL: case LT_LITE_DIV:
  case LT_LITE_POW: case LT_LITE_PRELU: case LT_LITE_MAX: case LT_LITE_MIN:
  case LT_LITE_SUM: case LT_LITE_MEAN: case LT_LITE_RELU:
  case LT_LITE_LEAKY_RELU: case LT_LITE_ELU: case LT_LITE_SIGMOID:
  case LT_LITE_HARD_SIGMOID: case LT_LITE_HARD_SWISH: case LT_LITE_SWISH:
  case LT_LITE_GELU: case LT_LITE_SOFTPLUS: case LT_LITE_TANH:
  case LT_LITE_ERF: case LT_LITE_EXP: case LT_LITE_LOG: case LT_LITE_SQRT:
  case LT_LITE_RSQRT: case LT_LITE_ABS: case LT_LITE_NEG:
  case LT_LITE_RECIPROCAL: case LT_LITE_CLIP: case LT_LITE_SCALE:
    return true;
  default:
    return false;
  }
}

static const char *str_attr(const lt_op_t *op, const char *name) {
  const lt_attr_t *a = lt_op_attr(op, name);
  return a && a->kind == LT_ATTR_STRING ? a->str.data : NULL;
}

/* The fused activation of op: its kind and its alpha and beta. */
static bool op_activation(const lt_op_t *op, lk_activation_t *kind,
                          double *alpha, double *beta) {
  const lt_attr_t *a = lt_op_attr(op, "activation");
  *kind = LK_ACT_NONE;
  if (a && a->kind == LT_ATTR_STRING) {
    char name[32];
    if (a->str.len >= sizeof(name)) return false;
    memcpy(name, a->str.data, a->str.len);
    name[a->str.len] = 0;
    if (!lk_activation_from_name(name, kind)) return false;
  }
  *alpha = lt_rw_op_float(op, "activation_alpha",
                          lk_activation_default_alpha(*kind));
  *beta = lt_rw_op_float(op, "activation_beta",
                         lk_activation_default_beta(*kind));
  return true;
}

bool ll_ew_supported(lt_op_t *op, ll_why_t *why) {
  int id = lt_lite_op_id(op);
  if (!is_ew_op(id)) {
    ll_why_set(why, "no loop form of this op");
    return false;
  }
  if (op->num_results != 1 || !ll_type_ok(op->results[0].type, why))
    return false;
  if (op->num_operands > LL_MAX_INPUTS) {
    ll_why_set(why, "more than %d operands", LL_MAX_INPUTS);
    return false;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!ll_type_ok(lt_op_operand(op, i)->type, why)) return false;
  lk_activation_t act;
  double alpha, beta;
  if (is_binary_with_act(id) && !op_activation(op, &act, &alpha, &beta)) {
    ll_why_set(why, "unknown fused activation");
    return false;
  }
  if (id == LT_LITE_CLIP && op->num_operands != 1) {
    ll_why_set(why, "clip bounds given as operands");
    return false;
  }
  if (id == LT_LITE_GELU) {
    const char *approx = str_attr(op, "approximate");
    if (approx && strcmp(approx, "none") != 0 && strcmp(approx, "tanh") != 0) {
      ll_why_set(why, "unknown gelu approximation");
      return false;
    }
  }
  return true;
}

/* Every reader of v is an elementwise op the loops take (and there is
 * one). */
static bool read_by_ew_only(lt_value_t *v) {
  bool any = false;
  LT_FOR_EACH_USE(use, v) {
    if (!ll_ew_supported(use->owner, NULL)) return false;
    any = true;
  }
  return any;
}

bool ll_ew_fuses(lt_op_t *op) {
  if (!ll_ew_supported(op, NULL)) return false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    lt_op_t *def = lt_value_defining_op(v);
    if (def && def->parent == op->parent && def->num_results == 1 &&
        ll_ew_supported(def, NULL) && read_by_ew_only(v))
      return true;
  }
  return op->num_results == 1 && read_by_ew_only(&op->results[0]);
}

void ll_ew_family(lt_op_t *op, lt_strbuf_t *out) {
  lt_strbuf_puts(out, lt_lite_op_name((lt_lite_op_id_t)lt_lite_op_id(op)));
  lk_activation_t act;
  double alpha, beta;
  if (is_binary_with_act(lt_lite_op_id(op)) &&
      op_activation(op, &act, &alpha, &beta) && act != LK_ACT_NONE) {
    lt_strbuf_putc(out, '_');
    lt_strbuf_puts(out, lk_activation_name(act));
  }
}

bool ll_ew_splat_const(lt_value_t *v, double *out_value) {
  const lt_attr_t *a = lt_rw_const_attr(v);
  if (!a || a->kind != LT_ATTR_DENSE || !a->dense.splat ||
      lt_type_element(a->type)->kind != LT_TYPE_F32)
    return false;
  *out_value = lt_attr_dense_float(a, 0);
  return true;
}

/* ---- formulas ----------------------------------------------------------------------- */
static lt_value_t *fconst(ll_kernel_t *k, double v, const lt_value_t *like) {
  return like ? ll_float(k, v, like->type) : NULL;
}

/* min(max(v, lo), hi) */
static lt_value_t *clamp(ll_kernel_t *k, lt_value_t *v, double lo, double hi) {
  if (lo > -INFINITY) v = ll_fbin(k, "arith.maxf", v, fconst(k, lo, v));
  if (hi < INFINITY) v = ll_fbin(k, "arith.minf", v, fconst(k, hi, v));
  return v;
}

/* 1 / (1 + exp(-x)): exp(-x) overflows to inf for very negative x, which
 * gives the exact limit 0. */
static lt_value_t *sigmoid(ll_kernel_t *k, lt_value_t *x) {
  lt_value_t *e = ll_fun(k, "math.exp", ll_fun(k, "arith.negf", x));
  lt_value_t *one = fconst(k, 1.0, x);
  return ll_fbin(k, "arith.divf", one, ll_fbin(k, "arith.addf", one, e));
}

static lt_value_t *gelu(ll_kernel_t *k, lt_value_t *x, bool tanh_form) {
  lt_value_t *inner;
  if (tanh_form) {
    lt_value_t *x3 = ll_fbin(k, "arith.mulf", ll_fbin(k, "arith.mulf", x, x), x);
    lt_value_t *t = ll_fbin(k, "arith.addf", x,
                            ll_fbin(k, "arith.mulf", x3, fconst(k, 0.044715, x)));
    inner = ll_fun(k, "math.tanh",
                   ll_fbin(k, "arith.mulf", t,
                           fconst(k, 0.79788456080286535588, x)));
  } else {
    inner = ll_fun(k, "math.erf",
                   ll_fbin(k, "arith.mulf", x,
                           fconst(k, 0.70710678118654752440, x)));
  }
  lt_value_t *half_x = ll_fbin(k, "arith.mulf", x, fconst(k, 0.5, x));
  return ll_fbin(k, "arith.mulf", half_x,
                 ll_fbin(k, "arith.addf", inner, fconst(k, 1.0, x)));
}

static lt_value_t *activation(ll_kernel_t *k, lk_activation_t kind,
                              double alpha, double beta, lt_value_t *x) {
  switch (kind) {
  case LK_ACT_NONE: return x;
  case LK_ACT_RELU: return ll_fbin(k, "arith.maxf", x, fconst(k, 0.0, x));
  case LK_ACT_RELU6: return clamp(k, x, 0.0, alpha);
  case LK_ACT_LEAKY_RELU:
    return ll_cmp_select(k, LL_OGE, x, fconst(k, 0.0, x), x,
                         ll_fbin(k, "arith.mulf", x, fconst(k, alpha, x)));
  case LK_ACT_SIGMOID: return sigmoid(k, x);
  case LK_ACT_TANH: return ll_fun(k, "math.tanh", x);
  case LK_ACT_HARD_SWISH:
  case LK_ACT_HARD_SIGMOID: {
    lt_value_t *t = ll_fbin(k, "arith.addf",
                            ll_fbin(k, "arith.mulf", x, fconst(k, alpha, x)),
                            fconst(k, beta, x));
    t = clamp(k, t, 0.0, 1.0);
    return kind == LK_ACT_HARD_SWISH ? ll_fbin(k, "arith.mulf", x, t) : t;
  }
  case LK_ACT_SWISH:
    return ll_fbin(k, "arith.mulf", x,
                   sigmoid(k, ll_fbin(k, "arith.mulf", x, fconst(k, beta, x))));
  case LK_ACT_GELU: return gelu(k, x, false);
  case LK_NUM_ACTIVATIONS: break;
  }
  return x;
}

bool ll_op_activation(const lt_op_t *op, lk_activation_t *kind, double *alpha,
                      double *beta) {
  return op_activation(op, kind, alpha, beta);
}

lt_value_t *ll_activation(ll_kernel_t *k, lk_activation_t kind, double alpha,
                          double beta, lt_value_t *x) {
  return activation(k, kind, alpha, beta, x);
}

/* The value of op from its operands' values in[0..n) (all f32 or all
 * vectors). */
static lt_value_t *formula(ll_kernel_t *k, lt_op_t *op, lt_value_t *const *in,
                           uint32_t n) {
  int id = lt_lite_op_id(op);
  lt_value_t *x = in[0], *r = NULL;
  switch (id) {
  case LT_LITE_ADD: r = ll_fbin(k, "arith.addf", x, in[1]); break;
  case LT_LITE_SUB: r = ll_fbin(k, "arith.subf", x, in[1]); break;
  case LT_LITE_MUL: r = ll_fbin(k, "arith.mulf", x, in[1]); break;
  case LT_LITE_DIV: r = ll_fbin(k, "arith.divf", x, in[1]); break;
  case LT_LITE_POW: return ll_fbin(k, "math.powf", x, in[1]);
  case LT_LITE_PRELU:
    return ll_cmp_select(k, LL_OGE, x, fconst(k, 0.0, x), x,
                         ll_fbin(k, "arith.mulf", x, in[1]));
  case LT_LITE_MAX:
  case LT_LITE_MIN:
  case LT_LITE_SUM:
  case LT_LITE_MEAN: {
    const char *f = id == LT_LITE_MAX   ? "arith.maxf"
                    : id == LT_LITE_MIN ? "arith.minf"
                                        : "arith.addf";
    r = x;
    for (uint32_t i = 1; i < n; i++) r = ll_fbin(k, f, r, in[i]);
    if (id == LT_LITE_MEAN && n > 1)
      r = ll_fbin(k, "arith.divf", r, fconst(k, (double)n, x));
    return r;
  }
  case LT_LITE_RELU: return activation(k, LK_ACT_RELU, 0, 0, x);
  case LT_LITE_LEAKY_RELU:
    return activation(k, LK_ACT_LEAKY_RELU, lt_rw_op_float(op, "alpha", 0.01),
                      0, x);
  case LT_LITE_ELU: {
    lt_value_t *neg = ll_fbin(k, "arith.mulf", ll_fun(k, "math.expm1", x),
                              fconst(k, lt_rw_op_float(op, "alpha", 1.0), x));
    return ll_cmp_select(k, LL_OGE, x, fconst(k, 0.0, x), x, neg);
  }
  case LT_LITE_SIGMOID: return sigmoid(k, x);
  case LT_LITE_HARD_SIGMOID:
    return activation(k, LK_ACT_HARD_SIGMOID, lt_rw_op_float(op, "alpha", 0.2),
                      lt_rw_op_float(op, "beta", 0.5), x);
  case LT_LITE_HARD_SWISH:
    return activation(k, LK_ACT_HARD_SWISH, 1.0 / 6.0, 0.5, x);
  case LT_LITE_SWISH:
    return activation(k, LK_ACT_SWISH, 0, lt_rw_op_float(op, "beta", 1.0), x);
  case LT_LITE_GELU: {
    const char *approx = str_attr(op, "approximate");
    return gelu(k, x, approx && strcmp(approx, "tanh") == 0);
  }
  case LT_LITE_SOFTPLUS: {
    /* max(x, 0) + log1p(exp(-|x|)): the reference's two branches in one,
     * exp never overflows. */
    lt_value_t *e = ll_fun(k, "math.exp",
                           ll_fun(k, "arith.negf", ll_fun(k, "math.absf", x)));
    return ll_fbin(k, "arith.addf", ll_fbin(k, "arith.maxf", x, fconst(k, 0, x)),
                   ll_fun(k, "math.log1p", e));
  }
  case LT_LITE_TANH: return ll_fun(k, "math.tanh", x);
  case LT_LITE_ERF: return ll_fun(k, "math.erf", x);
  case LT_LITE_EXP: return ll_fun(k, "math.exp", x);
  case LT_LITE_LOG: return ll_fun(k, "math.log", x);
  case LT_LITE_SQRT: return ll_fun(k, "math.sqrt", x);
  case LT_LITE_RSQRT: return ll_fun(k, "math.rsqrt", x);
  case LT_LITE_ABS: return ll_fun(k, "math.absf", x);
  case LT_LITE_NEG: return ll_fun(k, "arith.negf", x);
  case LT_LITE_RECIPROCAL:
    return ll_fbin(k, "arith.divf", fconst(k, 1.0, x), x);
  case LT_LITE_CLIP:
    return clamp(k, x, lt_rw_op_float(op, "min", -INFINITY),
                 lt_rw_op_float(op, "max", INFINITY));
  case LT_LITE_SCALE: {
    lt_value_t *s = fconst(k, lt_rw_op_float(op, "scale", 1.0), x);
    lt_value_t *b = fconst(k, lt_rw_op_float(op, "bias", 0.0), x);
    if (lt_rw_op_int(op, "bias_after_scale", 1))
      r = ll_fbin(k, "arith.addf", ll_fbin(k, "arith.mulf", x, s), b);
    else
      r = ll_fbin(k, "arith.mulf", ll_fbin(k, "arith.addf", x, b), s);
    break;
  }
  default: k->failed = true; return NULL;
  }
  lk_activation_t act;
  double alpha, beta;
  if (!op_activation(op, &act, &alpha, &beta)) return k->failed = true, NULL;
  return activation(k, act, alpha, beta, r);
}

/* ---- the loop nest ----------------------------------------------------------------- */
/* Every value of the group has a slot: the inputs first, then the ops'
 * results. Per slot: whether it varies along the last dim, and its value
 * in the scope being emitted. */
typedef struct ew_state {
  ll_kernel_t *k;
  const ll_group_t *g;
  uint32_t rank;
  int64_t shape[LL_MAX_RANK];
  uint32_t num_slots;
  bool varies[LL_MAX_INPUTS + LL_MAX_GROUP];
  lt_value_t *row[LL_MAX_INPUTS + LL_MAX_GROUP];   /* per row, f32 */
  lt_value_t *splat[LL_MAX_INPUTS + LL_MAX_GROUP]; /* per row, vectors */
  lt_value_t *cur[LL_MAX_INPUTS + LL_MAX_GROUP];   /* in the inner loop */
} ew_state_t;

/* The slot of v, -1 for a splat constant (*c its value). */
static int slot_of(const ew_state_t *s, lt_value_t *v, double *c) {
  for (uint32_t i = 0; i < s->g->num_inputs; i++)
    if (s->g->inputs[i] == v) return (int)i;
  lt_op_t *def = lt_value_defining_op(v);
  for (uint32_t i = 0; i < s->g->n; i++)
    if (s->g->ops[i] == def) return (int)(s->g->num_inputs + i);
  if (!ll_ew_splat_const(v, c)) *c = NAN; /* not reached: grouping checked */
  return -1;
}

/* The indices of input i at the row's indices idx and last index j. */
static void input_indices(const ew_state_t *s, uint32_t i,
                          lt_value_t *const *idx, lt_value_t *j,
                          lt_value_t **out) {
  ll_bcast_indices(s->k, s->g->inputs[i]->type, s->rank, idx, j, out);
}

/* Emits op from the values of its operands in scope `vector` (the inner
 * vector loop) or scalar (the row or the tail). */
static lt_value_t *emit_op(ew_state_t *s, uint32_t op_index, bool vector,
                           bool in_row) {
  lt_op_t *op = s->g->ops[op_index];
  lt_value_t *in[LL_MAX_INPUTS];
  uint32_t n = op->num_operands; /* at most LL_MAX_INPUTS: supported */
  const lt_type_t *t = vector ? s->k->vec : s->k->f32;
  for (uint32_t i = 0; i < n; i++) {
    double c;
    int slot = slot_of(s, lt_op_operand(op, i), &c);
    if (slot < 0) in[i] = ll_float(s->k, c, t);
    else if (in_row || !s->varies[slot]) in[i] = vector ? s->splat[slot]
                                                        : s->row[slot];
    else in[i] = s->cur[slot];
  }
  return formula(s->k, op, in, n);
}

/* The inner loop over [lb, ub) of the last dim, by vectors or scalars:
 * loads the varying inputs, computes the varying ops, stores the root. */
static void inner_loop(ew_state_t *s, lt_value_t *const *idx, int64_t lb,
                       int64_t ub, bool vector) {
  ll_kernel_t *k = s->k;
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, lb), ll_index(k, ub),
               ll_index(k, vector ? k->width : 1), 0, NULL);
  lt_value_t *at[LL_MAX_RANK];
  for (uint32_t i = 0; i < s->g->num_inputs; i++) {
    if (!s->varies[i]) continue;
    input_indices(s, i, idx, lp.iv, at);
    s->cur[i] = ll_load(k, k->args[i], at, vector);
  }
  uint32_t root = s->g->num_inputs + s->g->n - 1;
  for (uint32_t i = 0; i < s->g->n; i++) {
    uint32_t slot = s->g->num_inputs + i;
    if (s->varies[slot]) s->cur[slot] = emit_op(s, i, vector, false);
  }
  lt_value_t *v = s->varies[root] ? s->cur[root]
                  : vector        ? s->splat[root]
                                  : s->row[root];
  for (uint32_t d = 0; d + 1 < s->rank; d++) at[d] = idx[d];
  at[s->rank - 1] = lp.iv;
  ll_store(k, v, k->args[s->g->num_inputs], at);
  ll_for_end(k, &lp, 0, NULL);
}

lt_result_t ll_ew_emit(ll_kernel_t *k, const ll_group_t *g) {
  ew_state_t *s = lt_alloc(lt_context_allocator(k->ctx), sizeof(*s));
  if (!s) return LT_FAILURE;
  memset(s, 0, sizeof(*s));
  s->k = k;
  s->g = g;
  const lt_type_t *out = g->ops[g->n - 1]->results[0].type;
  /* A rank-0 result is one row of one element. */
  s->rank = out->shaped.rank ? out->shaped.rank : 1;
  for (uint32_t d = 0; d < s->rank; d++)
    s->shape[d] = out->shaped.rank ? out->shaped.shape[d] : 1;
  int64_t last = s->shape[s->rank - 1];
  s->num_slots = g->num_inputs + g->n;

  /* An input varies along the last dim unless broadcast there; an op when
   * any operand does. With a last dim of 1 nothing does. */
  for (uint32_t i = 0; i < g->num_inputs; i++) {
    const lt_type_t *t = g->inputs[i]->type;
    s->varies[i] = last > 1 && t->shaped.rank > 0 &&
                   t->shaped.shape[t->shaped.rank - 1] != 1;
  }
  for (uint32_t i = 0; i < g->n; i++) {
    lt_op_t *op = g->ops[i];
    bool v = false;
    for (uint32_t j = 0; j < op->num_operands; j++) {
      double c;
      int slot = slot_of(s, lt_op_operand(op, j), &c);
      v = v || (slot >= 0 && s->varies[slot]);
    }
    s->varies[g->num_inputs + i] = v;
  }

  ll_loop_t rows;
  lt_value_t *idx[LL_MAX_RANK];
  ll_rows_begin(k, &rows, s->rank - 1, s->shape, idx);
  /* Per row: what does not vary, as scalars (loads at index 0 of the last
   * dim), and as vectors where a varying op uses them. */
  lt_value_t *at[LL_MAX_RANK];
  for (uint32_t i = 0; i < g->num_inputs; i++) {
    if (s->varies[i]) continue;
    input_indices(s, i, idx, ll_index(k, 0), at);
    s->row[i] = ll_load(k, k->args[i], at, false);
  }
  for (uint32_t i = 0; i < g->n; i++)
    if (!s->varies[g->num_inputs + i])
      s->row[g->num_inputs + i] = emit_op(s, i, false, true);

  int64_t vec_end = ll_vec_end(k, last);
  uint32_t root = s->num_slots - 1;
  if (vec_end > 0) {
    bool splat_needed[LL_MAX_INPUTS + LL_MAX_GROUP] = {false};
    splat_needed[root] = !s->varies[root];
    for (uint32_t i = 0; i < g->n; i++) {
      if (!s->varies[g->num_inputs + i]) continue;
      for (uint32_t j = 0; j < g->ops[i]->num_operands; j++) {
        double c;
        int slot = slot_of(s, lt_op_operand(g->ops[i], j), &c);
        if (slot >= 0 && !s->varies[slot]) splat_needed[slot] = true;
      }
    }
    for (uint32_t i = 0; i < s->num_slots; i++)
      if (splat_needed[i]) s->splat[i] = ll_splat(k, s->row[i]);
    inner_loop(s, idx, 0, vec_end, true);
  }
  if (vec_end < last) inner_loop(s, idx, vec_end, last, false);
  ll_rows_end(k, &rows);
  lt_free(lt_context_allocator(k->ctx), s, sizeof(*s));
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

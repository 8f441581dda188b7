/* forward_ops.c - lite-forward-ops: moves elementwise work to where it
 * touches fewer elements. Three rewrites, each applied only when it
 * strictly lowers a count of elements (computed by the moved op plus copied
 * by slices, transposes and reshapes created at run time; slices and
 * transposes of constants are folded at compile time and count nothing):
 *
 * 1. slice(E(x, c)) -> E(slice(x), slice(c)), E elementwise. Each operand
 *    is sliced along the sliced axes where it is not broadcast; an operand
 *    broadcast along all of them (a scalar, a per-channel vector under a
 *    spatial slice) stays as it is. Every user of E must be a slice (else E
 *    stays alive and nothing is saved), and E on the slices plus the slices
 *    of its non-constant operands must cost less than E on everything.
 * 2. T(E(T'(y), c)) -> E(T''(y), T(c)), T and T' both transposes (T'' =
 *    their composition, nothing when it is the identity) or both
 *    reshape-like (reshape, flatten, squeeze, unsqueeze; T'' one reshape).
 *    Moving E across a transpose or reshape alone computes as many
 *    elements, so the rewrite is taken only when it lets such an op merge
 *    with or cancel against the one feeding E.
 * 3. reduce(E(x, c)) -> E(reduce(x), c') for a linear E whose other operand
 *    c is constant along the reduced axes (a scalar, or e.g. [C, 1, 1]
 *    under a spatial reduction; constant or not): reduce_sum and
 *    reduce_mean across mul, div (x / c), neg and scale without bias;
 *    reduce_mean also across add, sub and scale with a bias (the mean of an
 *    affine map). c' is c without the reduced axes when keepdims is 0.
 *    Reassociation: sum(c * x) and c * sum(x) round differently, by about
 *    one f32 ulp of sum(|c * x|), exact when c is a power of two.
 *
 * "Hoisting constant subexpressions" is not done here: a lite function is
 * straight-line code without loops, so a subexpression of constants is
 * computed once already; computing it at compile time is constant folding
 * (which the greedy driver running these patterns also does for ops whose
 * operands are all constants), and computing it once for several users is
 * CSE. Rewrites 1 and 2 leave ops on constants that fold that way. */
#include <string.h>

#include "passes/pass_list.h"
#include "passes/replace_common.h"

enum { STAT_SLICE, STAT_LAYOUT, STAT_REDUCE };

/* ---- operands of the elementwise op ------------------------------------- */

#define MAX_OPERANDS 4

typedef enum { FW_ABSENT, FW_CONST, FW_VALUE } fw_kind_t;

typedef struct fw_operand {
  lt_value_t *v;
  fw_kind_t kind;
  int32_t rank;              /* own rank */
  int64_t dims[LK_MAX_RANK]; /* aligned to the result's rank (leading 1s) */
  int64_t numel;
} fw_operand_t;

typedef struct fw_elementwise {
  lt_op_t *op;
  int32_t rank; /* of the result */
  const int64_t *shape;
  int64_t numel;
  uint32_t n;
  fw_operand_t in[MAX_OPERANDS];
} fw_elementwise_t;

/* An elementwise lite op on static, broadcastable operands. Place casts
 * are not moved: their result types say where the data lives. */
static bool read_elementwise(lt_op_t *op, fw_elementwise_t *e) {
  int id = lt_lite_op_id(op);
  if (id < 0 || !lt_op_has_trait(op, LT_TRAIT_ELEMENTWISE) ||
      !lt_op_has_trait(op, LT_TRAIT_PURE) || id == LT_LITE_IO_COPY ||
      id == LT_LITE_CALIB || id == LT_LITE_LAYOUT || op->num_results != 1 ||
      op->num_operands > MAX_OPERANDS)
    return false;
  const lt_type_t *rt = lt_repl_static(lt_op_result(op, 0));
  if (!rt) return false;
  e->op = op;
  e->rank = (int32_t)rt->shaped.rank;
  e->shape = rt->shaped.shape;
  e->numel = lt_type_num_elements(rt);
  e->n = op->num_operands;
  for (uint32_t i = 0; i < e->n; i++) {
    fw_operand_t *o = &e->in[i];
    o->v = lt_op_operand(op, i);
    if (o->v->type->kind == LT_TYPE_NONE) {
      o->kind = FW_ABSENT;
      continue;
    }
    const lt_type_t *t = lt_repl_static(o->v);
    if (!t || (int32_t)t->shaped.rank > e->rank) return false;
    o->kind = lt_rw_const_attr(o->v) ? FW_CONST : FW_VALUE;
    o->rank = (int32_t)t->shaped.rank;
    o->numel = lt_type_num_elements(t);
    int32_t lead = e->rank - o->rank;
    for (int32_t d = 0; d < e->rank; d++) {
      o->dims[d] = d < lead ? 1 : t->shaped.shape[d - lead];
      if (o->dims[d] != 1 && o->dims[d] != e->shape[d]) return false;
    }
  }
  return true;
}

/* The moved op again, on new operands, with its attributes. */
static lt_value_t *rebuild(lt_rewriter_t *rw, const fw_elementwise_t *e,
                           lt_value_t *const *operands) {
  lt_named_attr_t *attrs = NULL;
  uint32_t na = lt_rw_attrs_with(e->op, NULL, 0, NULL, &attrs);
  if (!attrs && e->op->attrs->dict.count > 0) return NULL;
  return lt_repl_op(rw, (lt_lite_op_id_t)lt_lite_op_id(e->op), e->op->loc, e->n,
                    operands, na, attrs);
}

/* Operand i repeats an earlier one (counted and built once). */
static int repeated(const fw_elementwise_t *e, uint32_t i) {
  for (uint32_t j = 0; j < i; j++)
    if (e->in[j].v == e->in[i].v) return (int)j;
  return -1;
}

/* ---- 1. slices ---------------------------------------------------------- */

typedef struct fw_slice {
  int32_t n;
  int64_t axes[LK_MAX_RANK], starts[LK_MAX_RANK], ends[LK_MAX_RANK],
      steps[LK_MAX_RANK];
  const int64_t *shape; /* of the result */
  int64_t numel;
} fw_slice_t;

/* A slice of operand 0 with starts/ends/axes/steps known and a static
 * result, axes normalized to [0, rank). */
static bool read_slice(lt_op_t *op, int32_t rank, fw_slice_t *s) {
  const lt_type_t *rt = lt_repl_static(lt_op_result(op, 0));
  if (!lt_rw_is(op, LT_LITE_SLICE) || !rt) return false;
  int32_t n = lt_repl_ints(op, "starts", 1, s->starts, LK_MAX_RANK);
  if (n < 1 || lt_repl_ints(op, "ends", 2, s->ends, LK_MAX_RANK) != n)
    return false;
  int32_t na = lt_repl_ints(op, "axes", 3, s->axes, LK_MAX_RANK);
  int32_t ns = lt_repl_ints(op, "steps", 4, s->steps, LK_MAX_RANK);
  if (na == -1)
    for (int32_t i = 0; i < n; i++)
      s->axes[i] = i;
  if (ns == -1)
    for (int32_t i = 0; i < n; i++)
      s->steps[i] = 1;
  if ((na != -1 && na != n) || (ns != -1 && ns != n)) return false;
  uint32_t seen = 0;
  for (int32_t i = 0; i < n; i++) {
    if (s->axes[i] < 0) s->axes[i] += rank;
    if (s->axes[i] < 0 || s->axes[i] >= rank || s->steps[i] == 0 ||
        (seen >> s->axes[i]) & 1u)
      return false;
    seen |= 1u << s->axes[i];
  }
  s->n = n;
  s->shape = rt->shaped.shape;
  s->numel = lt_type_num_elements(rt);
  return true;
}

/* Whether o is sliced under s: it is not broadcast along a sliced axis. */
static bool needs_slice(const fw_operand_t *o, const fw_slice_t *s) {
  if (o->kind == FW_ABSENT) return false;
  for (int32_t i = 0; i < s->n; i++)
    if (o->dims[s->axes[i]] != 1) return true;
  return false;
}

/* Elements of operand o once sliced like s. */
static int64_t sliced_numel(const fw_operand_t *o, int32_t rank,
                            const fw_slice_t *s) {
  int64_t n = 1;
  for (int32_t d = 0; d < rank; d++)
    n *= o->dims[d] == 1 ? 1 : s->shape[d];
  return n;
}

/* o sliced like s along the axes where it is not broadcast. */
static lt_value_t *slice_operand(lt_rewriter_t *rw, lt_loc_t loc,
                                 const fw_operand_t *o, int32_t rank,
                                 const fw_slice_t *s) {
  if (!needs_slice(o, s)) return o->v;
  int64_t axes[LK_MAX_RANK], starts[LK_MAX_RANK], ends[LK_MAX_RANK],
      steps[LK_MAX_RANK];
  uint32_t k = 0;
  for (int32_t i = 0; i < s->n; i++) {
    if (o->dims[s->axes[i]] == 1) continue;
    axes[k] = s->axes[i] - (rank - o->rank);
    starts[k] = s->starts[i];
    ends[k] = s->ends[i];
    steps[k++] = s->steps[i];
  }
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t a[4] = {lt_rw_named_ints(ctx, "starts", k, starts),
                          lt_rw_named_ints(ctx, "ends", k, ends),
                          lt_rw_named_ints(ctx, "axes", k, axes),
                          lt_rw_named_ints(ctx, "steps", k, steps)};
  lt_value_t *v = o->v;
  return lt_repl_op(rw, LT_LITE_SLICE, loc, 1, &v, 4, a);
}

static lt_result_t forward_slice(const lt_pattern_t *self, lt_op_t *root,
                                 lt_rewriter_t *rw) {
  fw_elementwise_t e;
  lt_value_t *mid = lt_op_operand(root, 0);
  lt_op_t *def = lt_value_defining_op(mid);
  if (!def || !read_elementwise(def, &e)) return LT_FAILURE;
  fw_slice_t s;
  if (!read_slice(root, e.rank, &s)) return LT_FAILURE;
  /* The cost over every user, all of which must be slices. */
  int64_t before = e.numel, after = 0;
  for (lt_operand_t *u = mid->first_use; u; u = u->next_use) {
    fw_slice_t us;
    if (lt_operand_index(u) != 0 || !read_slice(u->owner, e.rank, &us))
      return LT_FAILURE;
    before += us.numel;
    after += us.numel;
    for (uint32_t i = 0; i < e.n; i++)
      if (e.in[i].kind == FW_VALUE && repeated(&e, i) < 0 &&
          needs_slice(&e.in[i], &us))
        after += sliced_numel(&e.in[i], e.rank, &us);
  }
  if (after >= before) return LT_FAILURE;
  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *ops[MAX_OPERANDS];
  for (uint32_t i = 0; i < e.n; i++) {
    int j = repeated(&e, i);
    ops[i] =
        j >= 0 ? ops[j] : slice_operand(rw, root->loc, &e.in[i], e.rank, &s);
  }
  lt_value_t *y = rebuild(rw, &e, ops);
  if (LT_FAILED(lt_repl_finish(rw, root, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- 2. transposes and reshapes ----------------------------------------- */

static bool is_reshape_like(const lt_op_t *op) {
  int id = op ? lt_lite_op_id(op) : -1;
  return id == LT_LITE_RESHAPE || id == LT_LITE_FLATTEN ||
         id == LT_LITE_SQUEEZE || id == LT_LITE_UNSQUEEZE;
}

/* The permutation of a transpose of rank `rank` (reversed by default). */
static bool read_perm(lt_op_t *op, int32_t rank, int64_t *perm) {
  lt_lite_call_t c = lt_repl_call(op);
  int32_t n = lt_lite_attr_ints(&c, "perm", perm, LK_MAX_RANK);
  if (n < 0) {
    for (int32_t i = 0; i < rank; i++)
      perm[i] = rank - 1 - i;
    return true;
  }
  return n == rank;
}

/* Every use of v is by op. */
static bool only_used_by(const lt_value_t *v, const lt_op_t *op) {
  for (lt_operand_t *u = v->first_use; u; u = u->next_use)
    if (u->owner != op) return false;
  return true;
}

/* The layout op T (the root) as data: a permutation or a target shape. */
typedef struct fw_layout {
  bool transpose;
  int64_t perm[LK_MAX_RANK];
  int32_t rank; /* result rank */
  const int64_t *shape;
  const lt_type_t *type;
} fw_layout_t;

/* The operand of T' when v is the result of a T' that dies with E (an op
 * of the same kind as T on a static value), else NULL. *out_perm: T''s
 * permutation. */
static lt_value_t *inner_layout(const fw_layout_t *t, lt_value_t *v, lt_op_t *e,
                                int64_t *out_perm) {
  lt_op_t *def = lt_value_defining_op(v);
  if (!def || !only_used_by(v, e)) return NULL;
  lt_value_t *y = lt_op_operand(def, 0);
  const lt_type_t *yt = lt_repl_static(y);
  if (!yt) return NULL;
  if (t->transpose)
    return lt_rw_is(def, LT_LITE_TRANSPOSE) &&
                   read_perm(def, (int32_t)yt->shaped.rank, out_perm)
               ? y
               : NULL;
  return is_reshape_like(def) ? y : NULL;
}

/* The layout T applied to a non-constant operand: composed with T' when
 * it feeds E alone, nothing when that composition is the identity. *cost:
 * elements the new op copies. */
static lt_value_t *layout_value(lt_rewriter_t *rw, lt_loc_t loc,
                                const fw_layout_t *t, lt_value_t *v, lt_op_t *e,
                                bool build, int64_t *cost) {
  int64_t inner[LK_MAX_RANK];
  lt_value_t *y = inner_layout(t, v, e, inner);
  lt_value_t *src = y ? y : v;
  const lt_type_t *st = src->type;
  *cost = lt_type_num_elements(st);
  if (t->transpose) {
    int64_t perm[LK_MAX_RANK];
    bool identity = true;
    for (int32_t j = 0; j < t->rank; j++) {
      perm[j] = y ? inner[t->perm[j]] : t->perm[j];
      identity = identity && perm[j] == j;
    }
    if (identity) {
      *cost = 0;
      return src;
    }
    if (!build) return src;
    lt_named_attr_t p = lt_rw_named_ints(lt_rewriter_context(rw), "perm",
                                         (uint32_t)t->rank, perm);
    return lt_repl_op(rw, LT_LITE_TRANSPOSE, loc, 1, &src, 1, &p);
  }
  if (st == t->type) {
    *cost = 0;
    return src;
  }
  if (!build) return src;
  return lt_repl_reshape(rw, loc, src, (uint32_t)t->rank, t->shape);
}

/* An operand that T leaves as it is: one element that still broadcasts. */
static bool layout_keeps(const fw_layout_t *t, const fw_operand_t *o) {
  return o->kind == FW_ABSENT || (o->numel == 1 && o->rank <= t->rank);
}

/* A constant operand under T: transposed (after aligning its rank), or
 * given T's shape (a full operand) or rank 0 (one element of too high a
 * rank). NULL when it cannot follow or on OOM; with build false, only
 * whether it can. */
static lt_value_t *layout_const(lt_rewriter_t *rw, lt_loc_t loc,
                                const fw_layout_t *t, const fw_operand_t *o,
                                int32_t e_rank, int64_t e_numel, bool build) {
  if (layout_keeps(t, o)) return o->v;
  if (!t->transpose && o->numel != 1 && o->numel != e_numel) return NULL;
  if (!build) return o->v;
  lk_tensor_t k;
  bool owned;
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  if (!lt_rw_const_tensor(o->v, al, &k, &owned)) return NULL;
  lt_value_t *r = NULL;
  if (!t->transpose) {
    r = lt_repl_const_gather(rw, loc, &k, o->numel == 1 ? 0 : t->rank, t->shape,
                             NULL, "forwarded");
  } else {
    int64_t n = lk_numel(&k), dims[LK_MAX_RANK], strides[LK_MAX_RANK];
    int64_t *index = lt_calloc(al, (size_t)(n ? n : 1) * sizeof *index);
    if (index) {
      int64_t st = 1;
      for (int32_t d = e_rank - 1; d >= 0; d--) {
        strides[d] = st;
        st *= o->dims[d];
      }
      for (int32_t j = 0; j < t->rank; j++)
        dims[j] = o->dims[t->perm[j]];
      for (int64_t i = 0; i < n; i++) {
        int64_t rest = i, src = 0;
        for (int32_t j = t->rank - 1; j >= 0; j--) {
          src += (rest % dims[j]) * strides[t->perm[j]];
          rest /= dims[j];
        }
        index[i] = src;
      }
      r = lt_repl_const_gather(rw, loc, &k, t->rank, dims, index, "forwarded");
      lt_free(al, index, (size_t)(n ? n : 1) * sizeof *index);
    }
  }
  if (owned) lt_lite_tensor_free(al, &k);
  return r;
}

static lt_result_t forward_layout(const lt_pattern_t *self, lt_op_t *root,
                                  lt_rewriter_t *rw) {
  fw_layout_t t;
  t.transpose = lt_rw_is(root, LT_LITE_TRANSPOSE);
  if (!t.transpose && !is_reshape_like(root)) return LT_FAILURE;
  t.type = lt_repl_static(lt_op_result(root, 0));
  lt_value_t *mid = lt_op_operand(root, 0);
  lt_op_t *def = lt_value_defining_op(mid);
  fw_elementwise_t e;
  if (!t.type || !def || !only_used_by(mid, root) || !read_elementwise(def, &e))
    return LT_FAILURE;
  t.rank = (int32_t)t.type->shaped.rank;
  t.shape = t.type->shaped.shape;
  if (t.transpose && !read_perm(root, e.rank, t.perm)) return LT_FAILURE;

  /* Plan (build = false) to price it, then build. */
  int64_t before = e.numel, after = 0;
  for (uint32_t i = 0; i < e.n; i++) {
    fw_operand_t *o = &e.in[i];
    if (layout_keeps(&t, o) || repeated(&e, i) >= 0) continue;
    if (o->kind == FW_CONST) {
      if (!layout_const(rw, root->loc, &t, o, e.rank, e.numel, false))
        return LT_FAILURE;
      continue;
    }
    /* A non-constant operand follows T when T applies to it as it is:
     * a transpose of the result's rank, a reshape of a full operand. */
    if (t.transpose ? o->rank != e.rank : o->numel != e.numel)
      return LT_FAILURE;
    int64_t inner[LK_MAX_RANK], cost;
    if (inner_layout(&t, o->v, def, inner)) before += o->numel;
    layout_value(rw, root->loc, &t, o->v, def, false, &cost);
    after += cost;
  }
  if (after >= before) return LT_FAILURE;

  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *ops[MAX_OPERANDS];
  for (uint32_t i = 0; i < e.n; i++) {
    fw_operand_t *o = &e.in[i];
    int64_t cost;
    int j = repeated(&e, i);
    if (j >= 0)
      ops[i] = ops[j];
    else if (layout_keeps(&t, o))
      ops[i] = o->v;
    else if (o->kind == FW_CONST)
      ops[i] = layout_const(rw, root->loc, &t, o, e.rank, e.numel, true);
    else
      ops[i] = layout_value(rw, root->loc, &t, o->v, def, true, &cost);
    if (!ops[i]) {
      lt_repl_undo(rw, mark);
      return LT_FAILURE;
    }
  }
  lt_value_t *y = rebuild(rw, &e, ops);
  if (LT_FAILED(lt_repl_finish(rw, root, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- 3. reductions ---------------------------------------------------------
 */

/* Which operand of E is x (the reduced one) and whether reduce_<id> may
 * cross E; -1 when it may not. */
static int linear_operand(const fw_elementwise_t *e, bool mean) {
  int id = lt_lite_op_id(e->op);
  lt_lite_call_t c = lt_repl_call(e->op);
  if (lt_lite_attr(&c, "activation")) return -1;
  /* x: not broadcast, so the reduction sees the same elements. */
  int full = -1;
  for (uint32_t i = 0; i < e->n; i++)
    if (e->in[i].kind == FW_VALUE && e->in[i].numel == e->numel &&
        e->in[i].rank == e->rank) {
      full = (int)i;
      break;
    }
  switch (id) {
  case LT_LITE_MUL:
    return full;
  case LT_LITE_DIV:
    return full == 0 ? 0 : -1;
  case LT_LITE_ADD:
  case LT_LITE_SUB:
    return mean ? full : -1;
  case LT_LITE_NEG:
    return full;
  case LT_LITE_SCALE:
    return mean || lt_lite_attr_float(&c, "bias", 0.0) == 0.0 ? full : -1;
  default:
    return -1;
  }
}

static lt_result_t forward_reduce(const lt_pattern_t *self, lt_op_t *root,
                                  lt_rewriter_t *rw) {
  bool mean = lt_rw_is(root, LT_LITE_REDUCE_MEAN);
  lt_value_t *mid = lt_op_operand(root, 0);
  lt_op_t *def = lt_value_defining_op(mid);
  const lt_type_t *rt = lt_repl_static(lt_op_result(root, 0));
  fw_elementwise_t e;
  if (!rt || !def || !lt_value_has_one_use(mid) || !read_elementwise(def, &e) ||
      !lt_repl_is_float(lt_repl_dtype(mid)))
    return LT_FAILURE;
  int xi = linear_operand(&e, mean);
  if (xi < 0) return LT_FAILURE;
  int64_t axes[LK_MAX_RANK];
  int32_t na = lt_repl_ints(root, "axes", 1, axes, LK_MAX_RANK);
  lt_lite_call_t c = lt_repl_call(root);
  bool keepdims = lt_lite_attr_int(&c, "keepdims", 1) != 0;
  uint32_t reduced = 0;
  if (na == -1 || na == 0) {
    if (lt_lite_attr_int(&c, "noop_with_empty_axes", 0) != 0) return LT_FAILURE;
    reduced = (1u << e.rank) - 1;
  } else if (na < 0) {
    return LT_FAILURE;
  }
  for (int32_t i = 0; i < na; i++) {
    int64_t a = axes[i] < 0 ? axes[i] + e.rank : axes[i];
    if (a < 0 || a >= e.rank) return LT_FAILURE;
    reduced |= 1u << a;
  }
  int64_t out_numel = lt_type_num_elements(rt);
  if (out_numel >= e.numel) return LT_FAILURE;
  /* The other operands must not vary along a reduced axis. */
  for (uint32_t i = 0; i < e.n; i++) {
    if ((int)i == xi || e.in[i].kind == FW_ABSENT) continue;
    for (int32_t d = 0; d < e.rank; d++)
      if ((reduced >> d) & 1u && e.in[i].dims[d] != 1) return LT_FAILURE;
  }

  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *rops[2] = {
      e.in[xi].v, root->num_operands > 1 ? lt_op_operand(root, 1) : NULL};
  lt_named_attr_t *rattrs = NULL;
  uint32_t nra = lt_rw_attrs_with(root, NULL, 0, NULL, &rattrs);
  lt_value_t *ops[MAX_OPERANDS];
  ops[xi] = lt_repl_op(rw, (lt_lite_op_id_t)lt_lite_op_id(root), root->loc,
                       root->num_operands, rops, nra, rattrs);
  bool ok = ops[xi] != NULL;
  for (uint32_t i = 0; i < e.n && ok; i++) {
    fw_operand_t *o = &e.in[i];
    if ((int)i == xi) continue;
    ops[i] = o->v;
    if (o->kind == FW_ABSENT || keepdims ||
        (o->numel == 1 && o->rank <= (int32_t)rt->shaped.rank))
      continue;
    /* keepdims = 0: c loses the reduced axes too (its own dims only; the
     * leading ones it was aligned with are not its). */
    int64_t dims[LK_MAX_RANK];
    int32_t r = 0;
    for (int32_t d = e.rank - o->rank; d < e.rank; d++)
      if (!((reduced >> d) & 1u)) dims[r++] = o->dims[d];
    lk_tensor_t k;
    bool owned;
    lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
    if (o->kind == FW_CONST && lt_rw_const_tensor(o->v, al, &k, &owned)) {
      ops[i] =
          lt_repl_const_gather(rw, root->loc, &k, r, dims, NULL, "forwarded");
      if (owned) lt_lite_tensor_free(al, &k);
    } else {
      ops[i] = lt_repl_reshape(rw, root->loc, o->v, (uint32_t)r, dims);
    }
    ok = ops[i] != NULL;
  }
  lt_value_t *y = ok ? rebuild(rw, &e, ops) : NULL;
  if (LT_FAILED(lt_repl_finish(rw, root, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- the pass
 * ---------------------------------------------------------------- */

static const lt_rw_pattern_t forward_patterns[] = {
    {{"lite.slice", 1, forward_slice, NULL, "forward-slice"}, STAT_SLICE},
    {{"lite.transpose", 1, forward_layout, NULL, "forward-transpose"},
     STAT_LAYOUT},
    {{"lite.reshape", 1, forward_layout, NULL, "forward-reshape"}, STAT_LAYOUT},
    {{"lite.flatten", 1, forward_layout, NULL, "forward-flatten"}, STAT_LAYOUT},
    {{"lite.squeeze", 1, forward_layout, NULL, "forward-squeeze"}, STAT_LAYOUT},
    {{"lite.unsqueeze", 1, forward_layout, NULL, "forward-unsqueeze"},
     STAT_LAYOUT},
    {{"lite.reduce_sum", 1, forward_reduce, NULL, "forward-reduce-sum"},
     STAT_REDUCE},
    {{"lite.reduce_mean", 1, forward_reduce, NULL, "forward-reduce-mean"},
     STAT_REDUCE},
};

static lt_result_t run_forward_ops(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, forward_patterns,
                            LT_ARRAY_SIZE(forward_patterns), NULL);
}

static const lt_pass_statistic_t forward_statistics[] = {
    {"num-forwarded-slice", "Number of elementwise ops moved after a slice"},
    {"num-forwarded-layout", "Number of elementwise ops moved across a "
                             "transpose or reshape that then merged"},
    {"num-forwarded-reduce", "Number of linear ops moved after a reduction"},
};

const lt_pass_info_t lt_forward_ops_pass = {
    .argument = "lite-forward-ops",
    .name = "LiteForwardOps",
    .summary = "Move elementwise ops after slices, merging transposes and "
               "reshapes, and linear ops after reductions",
    .anchor = "func.func",
    .statistics = forward_statistics,
    .num_statistics = LT_ARRAY_SIZE(forward_statistics),
    .run = run_forward_ops,
};

/* lower_loops_ir.c - the builders of loop-level IR that --lite-lower-to-loops
 * writes kernels with: func, memref, scf, vector, math and arith ops by
 * their MLIR 16 names and generic attribute spellings, so that the ops need
 * not be registered to be built and upstream mlir-opt-16 reads them. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir/parser.h"
#include "passes/lower_loops.h"

struct ll_const {
  const lt_attr_t *value;
  lt_value_t *result;
};

void ll_why_set(ll_why_t *w, const char *fmt, ...) {
  if (!w) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->text, sizeof(w->text), fmt, ap);
  va_end(ap);
}

bool ll_type_ok_any_layout(const lt_type_t *t, ll_why_t *why) {
  if (!t || t->kind != LT_TYPE_TENSOR) {
    ll_why_set(why, "an operand or result is not a ranked tensor");
    return false;
  }
  if (t->shaped.element->kind != LT_TYPE_F32) {
    ll_why_set(why, "an operand or result is not f32");
    return false;
  }
  if (!lt_type_has_static_shape(t)) {
    ll_why_set(why, "an operand or result has a dynamic shape");
    return false;
  }
  if (t->shaped.rank > LL_MAX_RANK) {
    ll_why_set(why, "an operand or result has rank above %d", LL_MAX_RANK);
    return false;
  }
  int64_t shape[LL_MAX_RANK + 1];
  uint32_t rank;
  if (!lt_place_stored_shape(t, shape, &rank)) {
    ll_why_set(why, "an operand or result has a rank its layout cannot "
                    "store");
    return false;
  }
  return true;
}

bool ll_type_ok(const lt_type_t *t, ll_why_t *why) {
  if (!ll_type_ok_any_layout(t, why)) return false;
  lk_place_t place;
  if (t->shaped.encoding &&
      (!lt_place_of_type(t, &place) || place.layout != LK_LAYOUT_NCHW)) {
    ll_why_set(why, "an operand or result is not in the nchw layout");
    return false;
  }
  return true;
}

const lt_type_t *ll_memref_of(lt_context_t *ctx, const lt_type_t *tensor) {
  int64_t shape[LL_MAX_RANK + 1];
  uint32_t rank;
  if (tensor->shaped.rank > LL_MAX_RANK ||
      !lt_place_stored_shape(tensor, shape, &rank))
    return NULL;
  return lt_type_memref(ctx, rank, shape, tensor->shaped.element, NULL, 0,
                        NULL);
}

/* ---- kernels ---------------------------------------------------------------- */
lt_result_t ll_kernel_begin(ll_kernel_t *k, lt_context_t *ctx, lt_loc_t loc,
                            int64_t width, uint32_t n,
                            const lt_type_t *const *types,
                            uint32_t num_inputs) {
  memset(k, 0, sizeof(*k));
  k->ctx = ctx;
  k->loc = loc;
  k->width = width;
  k->index = lt_type_index(ctx);
  k->f32 = lt_type_f32(ctx);
  k->i1 = lt_type_integer(ctx, 1, LT_SIGNLESS);
  k->vec = lt_type_vector(ctx, 1, &width, k->f32);
  k->vec_i1 = lt_type_vector(ctx, 1, &width, k->i1);
  if (n > LT_ARRAY_SIZE(k->args)) return LT_FAILURE;
  const lt_type_t *memrefs[LT_ARRAY_SIZE(k->args)];
  for (uint32_t i = 0; i < n; i++)
    if (!(memrefs[i] = ll_memref_of(ctx, types[i]))) return LT_FAILURE;

  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "func.func", loc);
  /* The real name (a hash of the printed body) is set once the body is
   * known; until then every kernel has the same one. */
  lt_op_state_add_attr(&s, "sym_name", lt_attr_string_cstr(ctx, "kernel"));
  lt_op_state_add_attr(
      &s, "function_type",
      lt_attr_type(ctx, lt_type_function(ctx, n, memrefs, 0, NULL)));
  lt_named_attr_t num = {lt_ident_cstr(ctx, "num_inputs"),
                         lt_attr_integer(ctx, lt_type_integer(ctx, 64,
                                                              LT_SIGNLESS),
                                         num_inputs)};
  lt_op_state_add_attr(&s, "lite.kernel", lt_attr_dict(ctx, 1, &num));
  lt_op_state_add_region(&s);
  k->func = lt_op_create(&s);
  lt_op_state_free(&s);
  if (!k->func) return LT_FAILURE;
  lt_builder_init(&k->b, ctx);
  k->entry = lt_builder_create_block(&k->b, lt_op_region(k->func, 0), NULL, n,
                                     memrefs, loc);
  if (!k->entry) return LT_FAILURE;
  for (uint32_t i = 0; i < n; i++) k->args[i] = k->entry->args[i];
  k->num_args = n;
  return LT_SUCCESS;
}

lt_result_t ll_kernel_end(ll_kernel_t *k) {
  ll_op(k, "func.return", 0, NULL, 0, NULL, 0, NULL);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

void ll_kernel_free(ll_kernel_t *k) {
  lt_free(lt_context_allocator(k->ctx), k->consts,
          k->cap_consts * sizeof(*k->consts));
  k->consts = NULL;
  k->num_consts = k->cap_consts = 0;
}

/* ---- ops ---------------------------------------------------------------------- */
lt_op_t *ll_op(ll_kernel_t *k, const char *name, uint32_t num_operands,
               lt_value_t *const *operands, uint32_t num_results,
               const lt_type_t *const *result_types, uint32_t num_attrs,
               const lt_named_attr_t *attrs) {
  if (k->failed) return NULL;
  lt_op_state_t s;
  lt_op_state_init(&s, k->ctx, name, k->loc);
  for (uint32_t i = 0; i < num_operands; i++)
    if (!operands[i]) s.failed = true;
    else lt_op_state_add_operand(&s, operands[i]);
  for (uint32_t i = 0; i < num_results; i++)
    lt_op_state_add_result(&s, result_types[i]);
  for (uint32_t i = 0; i < num_attrs; i++)
    if (!attrs[i].value) s.failed = true;
    else lt_op_state_add_attr(&s, attrs[i].name->str, attrs[i].value);
  lt_op_t *op = s.failed ? NULL : lt_builder_create(&k->b, &s);
  lt_op_state_free(&s);
  if (!op) k->failed = true;
  return op;
}

static lt_value_t *result0(lt_op_t *op) {
  return op && op->num_results ? lt_op_result(op, 0) : NULL;
}

lt_value_t *ll_op1(ll_kernel_t *k, const char *name, lt_value_t *a,
                   const lt_type_t *type) {
  return result0(ll_op(k, name, 1, &a, 1, &type, 0, NULL));
}

lt_value_t *ll_op2(ll_kernel_t *k, const char *name, lt_value_t *a,
                   lt_value_t *b, const lt_type_t *type) {
  lt_value_t *ops[2] = {a, b};
  return result0(ll_op(k, name, 2, ops, 1, &type, 0, NULL));
}

/* ---- constants ------------------------------------------------------------------ */
static lt_value_t *constant(ll_kernel_t *k, const lt_attr_t *value) {
  if (k->failed || !value) return k->failed = true, NULL;
  for (uint32_t i = 0; i < k->num_consts; i++)
    if (k->consts[i].value == value) return k->consts[i].result;
  if (k->num_consts == k->cap_consts) {
    uint32_t cap = k->cap_consts ? 2 * k->cap_consts : 16;
    ll_const_t *grown = lt_realloc(lt_context_allocator(k->ctx), k->consts,
                                   k->cap_consts * sizeof(*grown),
                                   cap * sizeof(*grown));
    if (!grown) return k->failed = true, NULL;
    k->consts = grown;
    k->cap_consts = cap;
  }
  /* Constants sit at the top of the body, in the order first asked for,
   * so that they dominate every loop that uses them. */
  lt_builder_t saved = k->b;
  if (k->last_const)
    lt_builder_set_after(&k->b, k->last_const);
  else
    lt_builder_set_block_start(&k->b, k->entry);
  lt_named_attr_t attr = {lt_ident_cstr(k->ctx, "value"), value};
  lt_op_t *op = ll_op(k, "arith.constant", 0, NULL, 1, &value->type, 1, &attr);
  k->b = saved;
  if (!op) return NULL;
  k->last_const = op;
  k->consts[k->num_consts++] = (ll_const_t){value, lt_op_result(op, 0)};
  return lt_op_result(op, 0);
}

lt_value_t *ll_index(ll_kernel_t *k, int64_t v) {
  return constant(k, lt_attr_integer(k->ctx, k->index, v));
}

lt_value_t *ll_float(ll_kernel_t *k, double v, const lt_type_t *type) {
  if (type->kind != LT_TYPE_VECTOR)
    return constant(k, lt_attr_float(k->ctx, k->f32, v));
  float f = (float)v;
  return constant(k, lt_attr_dense(k->ctx, type, &f, sizeof(f)));
}

bool ll_is_float(const ll_kernel_t *k, const lt_value_t *v, double c) {
  const lt_attr_t *a = lt_attr_float(k->ctx, k->f32, c);
  for (uint32_t i = 0; i < k->num_consts; i++)
    if (k->consts[i].result == v) return k->consts[i].value == a;
  return false;
}

/* ---- arithmetic ------------------------------------------------------------------ */
lt_value_t *ll_fbin(ll_kernel_t *k, const char *name, lt_value_t *a,
                    lt_value_t *b) {
  if (!a || !b) return k->failed = true, NULL;
  return ll_op2(k, name, a, b, a->type);
}

lt_value_t *ll_fun(ll_kernel_t *k, const char *name, lt_value_t *a) {
  if (!a) return k->failed = true, NULL;
  return ll_op1(k, name, a, a->type);
}

lt_value_t *ll_cmp_select(ll_kernel_t *k, int64_t predicate, lt_value_t *a,
                          lt_value_t *b, lt_value_t *if_true,
                          lt_value_t *if_false) {
  if (!a || !b) return k->failed = true, NULL;
  const lt_type_t *cond_type = a->type->kind == LT_TYPE_VECTOR ? k->vec_i1
                                                                : k->i1;
  lt_named_attr_t pred = {
      lt_ident_cstr(k->ctx, "predicate"),
      lt_attr_integer(k->ctx, lt_type_integer(k->ctx, 64, LT_SIGNLESS),
                      predicate)};
  lt_value_t *ops[3] = {a, b, NULL};
  lt_value_t *cond = result0(ll_op(k, "arith.cmpf", 2, ops, 1, &cond_type, 1,
                                   &pred));
  ops[0] = cond;
  ops[1] = if_true;
  ops[2] = if_false;
  return result0(ll_op(k, "arith.select", 3, ops, 1, &a->type, 0, NULL));
}

lt_value_t *ll_splat(ll_kernel_t *k, lt_value_t *v) {
  if (!v) return k->failed = true, NULL;
  if (v->type->kind == LT_TYPE_VECTOR) return v;
  return ll_op1(k, "vector.broadcast", v, k->vec);
}

lt_value_t *ll_vreduce(ll_kernel_t *k, const char *kind, lt_value_t *v) {
  char text[64];
  snprintf(text, sizeof(text), "#vector.kind<%s>", kind);
  /* Parsed, so that it is the vector dialect's own attribute once that is
   * registered, and an opaque one that prints the same until then. */
  lt_named_attr_t attr = {lt_ident_cstr(k->ctx, "kind"),
                          lt_parse_attr_str(k->ctx, text)};
  return result0(ll_op(k, "vector.reduction", 1, &v, 1, &k->f32, 1, &attr));
}

lt_value_t *ll_iadd(ll_kernel_t *k, lt_value_t *a, lt_value_t *b) {
  return ll_op2(k, "arith.addi", a, b, k->index);
}

/* ---- memory ----------------------------------------------------------------------- */
lt_value_t *ll_load(ll_kernel_t *k, lt_value_t *memref, lt_value_t *const *idx,
                    bool vector) {
  lt_value_t *ops[LL_MAX_RANK + 1] = {memref};
  uint32_t rank = memref->type->shaped.rank;
  for (uint32_t i = 0; i < rank; i++) ops[1 + i] = idx[i];
  const lt_type_t *t = vector ? k->vec : k->f32;
  return result0(ll_op(k, vector ? "vector.load" : "memref.load", 1 + rank,
                       ops, 1, &t, 0, NULL));
}

void ll_store(ll_kernel_t *k, lt_value_t *v, lt_value_t *memref,
              lt_value_t *const *idx) {
  lt_value_t *ops[LL_MAX_RANK + 2] = {v, memref};
  uint32_t rank = memref->type->shaped.rank;
  for (uint32_t i = 0; i < rank; i++) ops[2 + i] = idx[i];
  bool vector = v && v->type->kind == LT_TYPE_VECTOR;
  ll_op(k, vector ? "vector.store" : "memref.store", 2 + rank, ops, 0, NULL, 0,
        NULL);
}

static lt_value_t *transfer(ll_kernel_t *k, lt_value_t *v, lt_value_t *m,
                            lt_value_t *const *idx, int32_t dim,
                            const lt_type_t *vt, bool in_bounds) {
  if (!m) return k->failed = true, NULL;
  uint32_t rank = m->type->shaped.rank;
  bool read = v == NULL;
  const lt_attr_t *ib = lt_attr_bool(k->ctx, in_bounds);
  const int32_t segs[2][4] = {{1, 1, (int32_t)rank, 0},
                              {1, (int32_t)rank, 1, 0}};
  lt_named_attr_t attrs[3] = {
      {lt_ident_cstr(k->ctx, "in_bounds"), lt_attr_array(k->ctx, 1, &ib)},
      {lt_ident_cstr(k->ctx, "operand_segment_sizes"),
       lt_attr_dense_array(k->ctx, lt_type_integer(k->ctx, 32, LT_SIGNLESS), 4,
                           segs[read])},
      {lt_ident_cstr(k->ctx, "permutation_map"),
       lt_attr_affine_map(k->ctx, rank, 1, &dim)}};
  lt_value_t *ops[LL_MAX_RANK + 3];
  uint32_t n = 0;
  if (!read) ops[n++] = v;
  ops[n++] = m;
  for (uint32_t i = 0; i < rank; i++) ops[n++] = idx[i];
  if (read) ops[n++] = ll_float(k, 0.0, k->f32);
  return result0(ll_op(k, read ? "vector.transfer_read"
                               : "vector.transfer_write",
                       n, ops, read ? 1 : 0, &vt, 3, attrs));
}

lt_value_t *ll_transfer_read(ll_kernel_t *k, lt_value_t *memref,
                             lt_value_t *const *idx, int32_t dim,
                             const lt_type_t *vt, bool in_bounds) {
  return transfer(k, NULL, memref, idx, dim, vt, in_bounds);
}

void ll_transfer_write(ll_kernel_t *k, lt_value_t *v, lt_value_t *memref,
                       lt_value_t *const *idx, int32_t dim, bool in_bounds) {
  if (!v) {
    k->failed = true;
    return;
  }
  transfer(k, v, memref, idx, dim, v->type, in_bounds);
}

lt_value_t *ll_alloca(ll_kernel_t *k, uint32_t rank, const int64_t *dims) {
  const lt_type_t *t = lt_type_memref(k->ctx, rank, dims, k->f32, NULL, 0,
                                      NULL);
  if (!t) return k->failed = true, NULL;
  lt_named_attr_t attrs[2] = {
      {lt_ident_cstr(k->ctx, "alignment"),
       lt_attr_integer(k->ctx, lt_type_integer(k->ctx, 64, LT_SIGNLESS), 64)},
      {lt_ident_cstr(k->ctx, "operand_segment_sizes"),
       lt_attr_dense_array(k->ctx, lt_type_integer(k->ctx, 32, LT_SIGNLESS), 2,
                           (const int32_t[]){0, 0})}};
  return result0(ll_op(k, "memref.alloca", 0, NULL, 1, &t, 2, attrs));
}

void ll_bcast_indices(ll_kernel_t *k, const lt_type_t *t, uint32_t rank,
                      lt_value_t *const *idx, lt_value_t *last,
                      lt_value_t **out) {
  uint32_t r = t->shaped.rank, off = rank - r;
  for (uint32_t d = 0; d < r; d++)
    out[d] = t->shaped.shape[d] == 1       ? ll_index(k, 0)
             : d + 1 == r && last != NULL ? last
                                          : idx[off + d];
}

/* ---- loops ------------------------------------------------------------------------- */
/* Moves the insertion point into a new entry block of op's region 0 with
 * the given argument types, remembering where to come back to. */
static void enter_body(ll_kernel_t *k, ll_loop_t *lp, lt_op_t *op, uint32_t n,
                       const lt_type_t *const *arg_types) {
  lp->op = op;
  lp->outer = k->b;
  if (!op) return;
  lt_builder_set_after(&lp->outer, op);
  lp->body = lt_builder_create_block(&k->b, lt_op_region(op, 0), NULL, n,
                                     arg_types, k->loc);
  if (!lp->body) {
    k->failed = true;
    return;
  }
  lp->iv = lp->body->args[0];
  for (uint32_t i = 1; i < n; i++) lp->iter[i - 1] = lp->body->args[i];
}

void ll_for_begin(ll_kernel_t *k, ll_loop_t *lp, lt_value_t *lb,
                  lt_value_t *ub, lt_value_t *step, uint32_t n,
                  lt_value_t *const *init) {
  memset(lp, 0, sizeof(*lp));
  lt_value_t *ops[3 + LT_ARRAY_SIZE(lp->iter)] = {lb, ub, step};
  const lt_type_t *types[1 + LT_ARRAY_SIZE(lp->iter)] = {k->index};
  if (n > LT_ARRAY_SIZE(lp->iter)) {
    k->failed = true;
    n = 0;
  }
  for (uint32_t i = 0; i < n; i++) {
    ops[3 + i] = init[i];
    types[1 + i] = init[i] ? init[i]->type : NULL;
    if (!init[i]) k->failed = true;
  }
  lp->num_iter = n;
  if (k->failed) {
    lp->outer = k->b;
    return;
  }
  lt_op_state_t s;
  lt_op_state_init(&s, k->ctx, "scf.for", k->loc);
  for (uint32_t i = 0; i < 3 + n; i++) lt_op_state_add_operand(&s, ops[i]);
  for (uint32_t i = 0; i < n; i++) lt_op_state_add_result(&s, types[1 + i]);
  lt_op_state_add_region(&s);
  lt_op_t *op = lt_builder_create(&k->b, &s);
  lt_op_state_free(&s);
  if (!op) k->failed = true;
  enter_body(k, lp, op, 1 + n, types);
}

void ll_for_end(ll_kernel_t *k, ll_loop_t *lp, uint32_t n,
                lt_value_t *const *yields) {
  if (lp->op) ll_op(k, "scf.yield", n, yields, 0, NULL, 0, NULL);
  k->b = lp->outer;
}

lt_value_t *ll_loop_result(ll_loop_t *lp, uint32_t i) {
  return lp->op && i < lp->op->num_results ? lt_op_result(lp->op, i) : NULL;
}

void ll_rows_begin(ll_kernel_t *k, ll_loop_t *lp, uint32_t n,
                   const int64_t *dims, lt_value_t **idx) {
  memset(lp, 0, sizeof(*lp));
  int64_t rows = 1;
  for (uint32_t i = 0; i < n; i++) rows *= dims[i];
  lt_value_t *ops[3] = {ll_index(k, 0), ll_index(k, rows), ll_index(k, 1)};
  lt_named_attr_t seg = {
      lt_ident_cstr(k->ctx, "operand_segment_sizes"),
      lt_attr_dense_array(k->ctx, lt_type_integer(k->ctx, 32, LT_SIGNLESS), 4,
                          (const int32_t[]){1, 1, 1, 0})};
  lt_op_t *op = NULL;
  if (!k->failed) {
    lt_op_state_t s;
    lt_op_state_init(&s, k->ctx, "scf.parallel", k->loc);
    for (uint32_t i = 0; i < 3; i++) lt_op_state_add_operand(&s, ops[i]);
    lt_op_state_add_attr(&s, seg.name->str, seg.value);
    lt_op_state_add_region(&s);
    op = lt_builder_create(&k->b, &s);
    lt_op_state_free(&s);
    if (!op) k->failed = true;
  }
  enter_body(k, lp, op, 1, &k->index);
  /* Row r of dims d0..dn-1 is (r / (d1..dn-1)) % d0, ...: the last dim
   * varies fastest, as in the row-major memrefs. */
  lt_value_t *rest = lp->iv;
  for (uint32_t i = n; i-- > 0;) {
    if (dims[i] == 1) {
      idx[i] = ll_index(k, 0);
      continue;
    }
    bool first = true;
    for (uint32_t j = 0; j < i; j++) first = first && dims[j] == 1;
    if (first) { /* no dim above: what is left is the index */
      idx[i] = rest;
      continue;
    }
    lt_value_t *d = ll_index(k, dims[i]);
    idx[i] = ll_op2(k, "arith.remui", rest, d, k->index);
    rest = ll_op2(k, "arith.divui", rest, d, k->index);
  }
}

void ll_rows_end(ll_kernel_t *k, ll_loop_t *lp) {
  ll_for_end(k, lp, 0, NULL);
}

int64_t ll_vec_end(const ll_kernel_t *k, int64_t n) {
  return n / k->width * k->width;
}

/* ---- sweeps ------------------------------------------------------------------------ */
double ll_identity(ll_reduce_kind_t kind) {
  return kind == LL_RED_MAX ? -INFINITY : kind == LL_RED_MIN ? INFINITY : 0.0;
}

lt_value_t *ll_combine(ll_kernel_t *k, ll_reduce_kind_t kind, lt_value_t *a,
                       lt_value_t *b) {
  const char *name = kind == LL_RED_MAX   ? "arith.maxf"
                     : kind == LL_RED_MIN ? "arith.minf"
                                          : "arith.addf";
  return ll_fbin(k, name, a, b);
}

lt_value_t *ll_sweep(ll_kernel_t *k, int64_t n, bool vector,
                     ll_reduce_kind_t kind, lt_value_t *init,
                     ll_sweep_fn_t body, void *user) {
  static const char *const vkind[] = {"add", "add", "maxf", "minf"};
  bool acc = kind != LL_RED_NONE;
  int64_t vec_end = vector ? ll_vec_end(k, n) : 0;
  lt_value_t *s = acc ? init : NULL;
  ll_loop_t lp;
  if (vec_end > 0) {
    lt_value_t *v = acc ? ll_float(k, ll_identity(kind), k->vec) : NULL;
    ll_for_begin(k, &lp, ll_index(k, 0), ll_index(k, vec_end),
                 ll_index(k, k->width), acc, &v);
    v = lp.iter[0];
    body(k, user, lp.iv, true, &v);
    ll_for_end(k, &lp, acc, &v);
    lt_value_t *lanes = acc ? ll_vreduce(k, vkind[kind],
                                         ll_loop_result(&lp, 0))
                            : NULL;
    /* Starting from the identity, the lanes' result is the sum so far. */
    if (acc) s = ll_is_float(k, s, ll_identity(kind)) ? lanes
                                                       : ll_combine(k, kind,
                                                                    s, lanes);
  }
  if (vec_end < n) {
    ll_for_begin(k, &lp, ll_index(k, vec_end), ll_index(k, n), ll_index(k, 1),
                 acc, &s);
    s = lp.iter[0];
    body(k, user, lp.iv, false, &s);
    ll_for_end(k, &lp, acc, &s);
    s = acc ? ll_loop_result(&lp, 0) : NULL;
  }
  return s;
}

lt_value_t *ll_load_bcast(ll_kernel_t *k, lt_value_t *memref, uint32_t rank,
                          lt_value_t *const *idx, lt_value_t *j, bool vector) {
  const lt_type_t *t = memref->type;
  lt_value_t *at[LL_MAX_RANK];
  ll_bcast_indices(k, t, rank, idx, j, at);
  bool one = t->shaped.rank == 0 || t->shaped.shape[t->shaped.rank - 1] == 1;
  if (!vector || !one) return ll_load(k, memref, at, vector);
  return ll_splat(k, ll_load(k, memref, at, false));
}

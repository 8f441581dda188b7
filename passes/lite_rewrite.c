/* lite_rewrite.c - helpers shared by the lite dialect's passes. */
#include "passes/lite_rewrite.h"

#include <stdio.h>
#include <string.h>

#include "ir/builder.h"
#include "ir/diagnostics.h"

/* ---- matching ---------------------------------------------------------------- */

bool lt_rw_is(const lt_op_t *op, lt_lite_op_id_t id) {
  return op && lt_lite_op_id(op) == (int)id;
}

lt_op_t *lt_rw_def(const lt_value_t *v, lt_lite_op_id_t id) {
  lt_op_t *def = v ? lt_value_defining_op(v) : NULL;
  return lt_rw_is(def, id) ? def : NULL;
}

const lt_attr_t *lt_rw_const_attr(const lt_value_t *v) {
  lt_op_t *def = lt_rw_def(v, LT_LITE_CONSTANT);
  return def ? lt_op_attr(def, "value") : NULL;
}

bool lt_rw_absent(lt_op_t *op, uint32_t i) {
  return i >= op->num_operands ||
         lt_op_operand(op, i)->type->kind == LT_TYPE_NONE;
}

/* Diagnostics of a constant that cannot be read are not the pass's
 * business: the verifier reports the constant itself. */
static bool swallow(void *user, const lt_diag_t *d) { return true; }

bool lt_rw_const_tensor(const lt_value_t *v, lt_allocator_t allocator,
                        lk_tensor_t *out, bool *out_owned) {
  const lt_attr_t *a = lt_rw_const_attr(v);
  if (!a) return false;
  lt_context_t *ctx = lt_value_defining_op(v)->info->ctx;
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_result_t r =
      lt_lite_attr_tensor(ctx, lt_value_loc(v), a, allocator, out, out_owned);
  lt_diag_pop_handler(ctx, h);
  return LT_SUCCEEDED(r);
}

bool lt_rw_const_is(const lt_value_t *v, double value) {
  lt_allocator_t al = lt_context_allocator(lt_value_context(v));
  lk_tensor_t t;
  bool owned;
  if (!lt_rw_const_tensor(v, al, &t, &owned)) return false;
  bool all = true;
  int64_t n = lk_numel(&t);
  for (int64_t i = 0; i < n && all; i++) all = lk_load_f64(&t, i) == value;
  if (owned) lt_lite_tensor_free(al, &t);
  return all;
}

bool lt_rw_const_scalar(const lt_value_t *v, double *out) {
  lt_allocator_t al = lt_context_allocator(lt_value_context(v));
  lk_tensor_t t;
  bool owned;
  if (!lt_rw_const_tensor(v, al, &t, &owned)) return false;
  bool one = lk_numel(&t) == 1;
  if (one) *out = lk_load_f64(&t, 0);
  if (owned) lt_lite_tensor_free(al, &t);
  return one;
}

bool lt_rw_float_scalar(const lt_value_t *v, double *out) {
  return lk_dtype_is_float(lt_rw_value_dtype(v)) && lt_rw_const_scalar(v, out);
}

bool lt_rw_const_vector(const lt_value_t *v, int64_t n, double *out) {
  const lt_type_t *t = v->type;
  lt_op_t *def = lt_rw_def(v, LT_LITE_CONSTANT);
  if (!def || t->kind != LT_TYPE_TENSOR || t->shaped.rank != 1 ||
      t->shaped.shape[0] != n || !lk_dtype_is_float(lt_rw_value_dtype(v)))
    return false;
  lt_allocator_t al = lt_context_allocator(lt_op_context(def));
  lk_tensor_t k;
  bool owned = false;
  if (!lt_rw_const_tensor(v, al, &k, &owned) || !k.data) return false;
  for (int64_t i = 0; i < n; i++) out[i] = lk_load_f64(&k, i);
  if (owned) lt_lite_tensor_free(al, &k);
  return true;
}

lt_op_t *lt_rw_plain(lt_op_t *op, lt_lite_op_id_t id) {
  if (!lt_rw_is(op, id)) return NULL;
  const lt_attr_t *act = lt_op_attr(op, "activation");
  if (act && !(act->kind == LT_ATTR_STRING && act->str.len == 4 &&
               memcmp(act->str.data, "none", 4) == 0))
    return NULL;
  return op;
}

lt_op_t *lt_rw_plain_def(const lt_value_t *v, lt_lite_op_id_t id) {
  return lt_rw_plain(lt_value_defining_op(v), id);
}

double lt_rw_op_float(const lt_op_t *op, const char *name, double dflt) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (a && a->kind == LT_ATTR_FLOAT) return a->f;
  if (a && a->kind == LT_ATTR_INTEGER) return (double)a->i;
  return dflt;
}

int64_t lt_rw_op_int(const lt_op_t *op, const char *name, int64_t dflt) {
  const lt_attr_t *a = lt_op_attr(op, name);
  return a && a->kind == LT_ATTR_INTEGER ? a->i : dflt;
}

lk_dtype_t lt_rw_value_dtype(const lt_value_t *v) {
  if (!v || v->type->kind != LT_TYPE_TENSOR) return LK_DTYPE_NONE;
  return lt_lite_dtype(v->type->shaped.element);
}

bool lt_rw_same_shape(const lt_type_t *a, const lt_type_t *b) {
  if (a->kind != LT_TYPE_TENSOR || b->kind != LT_TYPE_TENSOR ||
      a->shaped.rank != b->shaped.rank ||
      a->shaped.element != b->shaped.element)
    return false;
  for (uint32_t i = 0; i < a->shaped.rank; i++)
    if (a->shaped.shape[i] != b->shaped.shape[i]) return false;
  return true;
}

/* ---- matched subgraphs --------------------------------------------------------- */

bool lt_rw_match_add(lt_rw_match_t *m, lt_op_t *op) {
  for (uint32_t i = 0; i < m->n; i++)
    if (m->ops[i] == op) return true;
  if (m->n == LT_RW_MATCH_MAX_OPS) return false;
  m->ops[m->n++] = op;
  return true;
}

static bool match_has(const lt_rw_match_t *m, const lt_op_t *op) {
  for (uint32_t i = 0; i < m->n; i++)
    if (m->ops[i] == op) return true;
  return false;
}

bool lt_rw_match_closed(const lt_rw_match_t *m, const lt_op_t *root) {
  for (uint32_t i = 0; i < m->n; i++) {
    lt_op_t *op = m->ops[i];
    if (op->parent != root->parent) return false;
    if (op == root) continue;
    for (uint32_t r = 0; r < op->num_results; r++)
      for (lt_operand_t *u = lt_op_result(op, r)->first_use; u; u = u->next_use)
        if (!match_has(m, u->owner)) return false;
  }
  return true;
}

void lt_rw_match_sort(lt_rw_match_t *m) {
  for (uint32_t i = 1; i < m->n; i++)
    for (uint32_t j = i; j > 0 && lt_op_is_before(m->ops[j], m->ops[j - 1]);
         j--) {
      lt_op_t *t = m->ops[j];
      m->ops[j] = m->ops[j - 1];
      m->ops[j - 1] = t;
    }
}

/* ---- building ----------------------------------------------------------------- */

lt_op_t *lt_rw_create(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                      uint32_t num_operands, lt_value_t *const *operands,
                      uint32_t num_attrs, const lt_named_attr_t *attrs,
                      uint32_t num_results) {
  return lt_lite_create(&rw->b, id, loc, num_operands, operands, num_attrs,
                        attrs, num_results);
}

/* Constants up to this many elements stay readable in the IR. */
#define LITE_INLINE_CONSTANT_ELEMENTS 64

/* A resource name from the hint: [A-Za-z0-9_] only, made unique. */
static lt_resource_t *new_resource(lt_context_t *ctx, const char *hint) {
  char base[64];
  size_t n = 0;
  for (const char *p = hint && *hint ? hint : "cst"; *p && n < 40; p++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_';
    base[n++] = ok ? c : '_';
  }
  base[n] = '\0';
  char name[80];
  for (uint32_t k = 0;; k++) {
    if (k == 0)
      snprintf(name, sizeof name, "%s", base);
    else
      snprintf(name, sizeof name, "%s_%u", base, k);
    lt_resource_t *r = lt_context_resource(ctx, name);
    if (!r) return NULL;
    if (!r->has_data) return r;
  }
}

static void copy_fill(void *user, lk_tensor_t *out) {
  const lk_tensor_t *src = user;
  memcpy(out->data, src->data, lk_nbytes(src));
}

lt_value_t *lt_rw_constant(lt_rewriter_t *rw, lt_loc_t loc,
                           const lk_tensor_t *t, const char *name_hint) {
  return lt_rw_constant_fill(rw, loc, t, name_hint, copy_fill, (void *)t);
}

lt_value_t *lt_rw_constant_fill(lt_rewriter_t *rw, lt_loc_t loc,
                                const lk_tensor_t *t, const char *name_hint,
                                void (*fill)(void *user, lk_tensor_t *out),
                                void *user) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  const lt_type_t *el = lt_lite_element_type(ctx, t->dtype);
  if (!el || t->rank < 0) return NULL;
  int64_t dims[LK_MAX_RANK];
  for (int32_t i = 0; i < t->rank; i++) dims[i] = t->dims[i];
  const lt_type_t *type = lt_type_tensor(ctx, (uint32_t)t->rank, dims, el, NULL);
  lk_tensor_t view = *t;
  const lt_attr_t *value;
  if (lk_numel(t) <= LITE_INLINE_CONSTANT_ELEMENTS) {
    lt_allocator_t al = lt_context_allocator(ctx);
    if (LT_FAILED(lt_lite_tensor_alloc(al, &view))) return NULL;
    fill(user, &view);
    value = lt_lite_dense_attr(ctx, type, &view);
    lt_lite_tensor_free(al, &view);
  } else {
    lt_resource_t *r = new_resource(ctx, name_hint);
    if (!r) return NULL;
    lt_status_t st = lt_resource_set_blob(ctx, r, NULL, lk_nbytes(t), 64);
    if (st) {
      lt_status_free(st);
      return NULL;
    }
    view.data = r->data;
    fill(user, &view);
    value = lt_attr_dense_resource(ctx, type, r->name->str);
  }
  if (!value) return NULL;
  lt_named_attr_t attr = {lt_ident_cstr(ctx, "value"), value};
  lt_op_t *op = lt_rw_create(rw, LT_LITE_CONSTANT, loc, 0, NULL, 1, &attr, 1);
  return op ? lt_op_result(op, 0) : NULL;
}

lt_value_t *lt_rw_constant_f64(lt_rewriter_t *rw, lt_loc_t loc,
                               lk_dtype_t dtype, int32_t rank,
                               const int64_t *dims, const double *v,
                               const char *name_hint) {
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  lk_tensor_t t;
  memset(&t, 0, sizeof t);
  t.dtype = dtype;
  t.rank = rank;
  for (int32_t d = 0; d < rank; d++) t.dims[d] = dims[d];
  if (LT_FAILED(lt_lite_tensor_alloc(al, &t))) return NULL;
  int64_t n = lk_numel(&t);
  for (int64_t i = 0; i < n; i++) lk_store_f64(&t, i, v[i]);
  lt_value_t *c = lt_rw_constant(rw, loc, &t, name_hint);
  lt_lite_tensor_free(al, &t);
  return c;
}

void lt_rw_replace_fused(lt_rewriter_t *rw, lt_op_t *root, lt_value_t *v,
                         lt_op_t *const *ops, uint32_t n) {
  lt_rewriter_replace_op(rw, root, &v);
  for (uint32_t i = n; i-- > 0;)
    if (ops[i] != root && lt_op_use_empty(ops[i]))
      lt_rewriter_erase_op(rw, ops[i]);
}

double *lt_rw_scratch(lt_context_t *ctx, int64_t n) {
  lt_allocator_t al = lt_context_allocator(ctx);
  return lt_alloc(al, (size_t)(n > 0 ? n : 1) * sizeof(double));
}

void lt_rw_scratch_free(lt_context_t *ctx, double *p, int64_t n) {
  lt_allocator_t al = lt_context_allocator(ctx);
  if (p) lt_free(al, p, (size_t)(n > 0 ? n : 1) * sizeof(double));
}

lt_named_attr_t lt_rw_named_int(lt_context_t *ctx, const char *name,
                                int64_t v) {
  lt_named_attr_t a = {lt_ident_cstr(ctx, name),
                       lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS),
                                       v)};
  return a;
}

lt_named_attr_t lt_rw_named_float(lt_context_t *ctx, const char *name,
                                  double v) {
  lt_named_attr_t a = {lt_ident_cstr(ctx, name),
                       lt_attr_float(ctx, lt_type_f32(ctx), v)};
  return a;
}

lt_named_attr_t lt_rw_named_str(lt_context_t *ctx, const char *name,
                                const char *s) {
  lt_named_attr_t a = {lt_ident_cstr(ctx, name), lt_attr_string_cstr(ctx, s)};
  return a;
}

lt_named_attr_t lt_rw_named_ints(lt_context_t *ctx, const char *name,
                                 uint32_t n, const int64_t *v) {
  lt_named_attr_t a = {
      lt_ident_cstr(ctx, name),
      lt_attr_dense_array(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), n, v)};
  return a;
}

uint32_t lt_rw_attrs_with(lt_op_t *op, const char *drop, uint32_t n,
                          const lt_named_attr_t *add,
                          lt_named_attr_t **out_attrs) {
  lt_context_t *ctx = lt_op_context(op);
  const lt_attr_t *d = op->attrs;
  uint32_t cap = d->dict.count + n;
  lt_named_attr_t *list = lt_arena_alloc(lt_context_arena(ctx),
                                         (cap ? cap : 1) * sizeof *list,
                                         _Alignof(lt_named_attr_t));
  uint32_t k = 0;
  if (!list) {
    *out_attrs = NULL;
    return 0;
  }
  for (uint32_t i = 0; i < d->dict.count; i++) {
    const lt_named_attr_t *e = &d->dict.entries[i];
    if (drop && strcmp(e->name->str, drop) == 0) continue;
    bool replaced = false;
    for (uint32_t j = 0; j < n && !replaced; j++)
      replaced = add[j].name == e->name;
    if (!replaced) list[k++] = *e;
  }
  for (uint32_t j = 0; j < n; j++) list[k++] = add[j];
  *out_attrs = list;
  return k;
}

lt_loc_t lt_rw_fused_loc(lt_context_t *ctx, uint32_t n, lt_op_t *const *ops) {
  lt_loc_t small[16], *locs = small;
  if (n > 16) {
    locs = lt_arena_alloc(lt_context_arena(ctx), n * sizeof *locs,
                          _Alignof(lt_loc_t));
    if (!locs) return n ? ops[0]->loc : lt_loc_unknown(ctx);
  }
  for (uint32_t i = 0; i < n; i++) locs[i] = ops[i]->loc;
  return lt_loc_fused(ctx, n, locs, NULL);
}

/* ---- running pattern passes ---------------------------------------------------- */

typedef struct count_run {
  lt_pass_t *pass;
  const lt_pattern_set_t *set;
  const lt_rw_pattern_t *rows;
  size_t n;
} count_run_t;

static void count_applied(void *user, const lt_pattern_t *pattern) {
  const count_run_t *run = user;
  size_t i = lt_pattern_set_index(run->set, pattern);
  if (i < run->n && run->rows[i].stat < lt_pass_base(run->pass->info)->num_statistics)
    lt_pass_stat_add(run->pass, run->rows[i].stat, 1);
}

lt_result_t lt_rw_run_patterns(lt_pass_t *pass, lt_op_t *op,
                               const lt_rw_pattern_t *patterns, size_t n,
                               const lt_greedy_config_t *cfg) {
  lt_pattern_set_t *set = lt_pattern_set_create(lt_op_context(op));
  for (size_t i = 0; set && i < n; i++)
    lt_pattern_set_add(set, &patterns[i].base);
  /* Rows are told apart by the order they were added in, so every one
   * must be there. */
  if (!set || lt_pattern_set_size(set) != n) {
    lt_pattern_set_destroy(set);
    return lt_op_emit_error(op, "out of memory");
  }
  count_run_t run = {pass, set, patterns, n};
  lt_pattern_listener_t counter = {&run, count_applied};
  lt_greedy_config_t c = cfg ? *cfg : LT_GREEDY_CONFIG_DEFAULT;
  c.listener = &counter;
  bool changed = false;
  /* Not converging within the iteration bound leaves valid IR: best effort,
   * as canonicalize. */
  (void)lt_apply_patterns_greedily(op, set, &c, &changed);
  lt_pattern_set_destroy(set);
  lt_pass_set_changed(pass, changed);
  return LT_SUCCESS;
}

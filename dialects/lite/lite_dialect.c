/* lite_dialect.c - the lite dialect's registration from ops.def, its
 * generic verifier (arity, attributes, Places, result types against shape
 * inference), folding through the evaluator, and op creation with inferred
 * result types. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"

const lt_lite_op_row_t lt_lite_op_rows[LT_LITE_NUM_OPS] = {
#define LITE_OP(id, name, min_in, max_in, min_out, max_out, traits, attrs)    \
  {name, min_in, max_in, min_out, max_out, attrs},
#include "dialects/lite/ops.def"
#undef LITE_OP
};

static lt_lite_op_impl_t g_impls[LT_LITE_NUM_OPS];
static pthread_once_t g_impls_once = PTHREAD_ONCE_INIT;

static void find_impls(void) {
  for (int id = 0; id < LT_LITE_NUM_OPS; id++) {
    const char *name = lt_lite_op_rows[id].name;
    char kernel[96];
    snprintf(kernel, sizeof kernel, "ref_%s__any_nchw", name);
    g_impls[id].step = lk_plan_step_find(name);
    g_impls[id].kernel = lk_builtin_kernel_find(kernel);
  }
}

const lt_lite_op_impl_t *lt_lite_op_impl(lt_lite_op_id_t id) {
  pthread_once(&g_impls_once, find_impls);
  return &g_impls[id];
}

static lt_result_t lite_verify(lt_op_t *op);
static lt_result_t lite_fold(lt_op_t *op, const lt_attr_t *const *operands,
                             lt_fold_result_t *results);

static const lt_op_def_t lite_op_defs[LT_LITE_NUM_OPS] = {
#define LITE_OP(id, nm, min_in, max_in, min_out, max_out, trs, attrs)          \
  {.name = "lite." nm,                                                         \
   .num_operands = (min_in) == (max_in) ? (min_in) : -1,                       \
   .num_results = (min_out) == (max_out) ? (min_out) : -1,                     \
   .traits = (trs),                                                            \
   .verify = lite_verify,                                                      \
   .fold = lite_fold},
#include "dialects/lite/ops.def"
#undef LITE_OP
};

int lt_lite_op_id(const lt_op_t *op) {
  const lt_op_def_t *d = op->info->def;
  if (!d || d < lite_op_defs || d >= lite_op_defs + LT_LITE_NUM_OPS) return -1;
  return (int)(d - lite_op_defs);
}

const char *lt_lite_op_name(lt_lite_op_id_t id) {
  return (unsigned)id < LT_LITE_NUM_OPS ? lt_lite_op_rows[id].name : "?";
}

/* ---- types <-> shapes -------------------------------------------------------
 */

lt_result_t lt_lite_shape_of_type(const lt_lite_call_t *c, const lt_type_t *t,
                                  uint32_t index, lt_lite_shape_t *out) {
  memset(out, 0, sizeof *out);
  if (t->kind == LT_TYPE_NONE) {
    out->dtype = LK_DTYPE_NONE;
    out->rank = -1;
    return LT_SUCCESS;
  }
  if (t->kind != LT_TYPE_TENSOR && t->kind != LT_TYPE_UNRANKED_TENSOR)
    return lt_lite_error(c, "operand #%u must be a tensor", index);
  out->dtype = lt_lite_dtype(t->shaped.element);
  if (out->dtype == LK_DTYPE_NONE) {
    lt_strbuf_t sb = {0};
    lt_type_print(t->shaped.element, &sb);
    lt_result_t r = lt_lite_error(c,
                                  "operand #%u has unsupported element "
                                  "type %s",
                                  index, sb.data ? sb.data : "?");
    lt_strbuf_free(&sb);
    return r;
  }
  if (t->kind == LT_TYPE_UNRANKED_TENSOR) {
    out->rank = -1;
    return LT_SUCCESS;
  }
  if (t->shaped.rank > LK_MAX_RANK)
    return lt_lite_error(c, "operand #%u has rank %u; at most %d is supported",
                         index, t->shaped.rank, LK_MAX_RANK);
  out->rank = (int32_t)t->shaped.rank;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    out->dims[i] = t->shaped.shape[i] == LT_DYNAMIC ? -1 : t->shaped.shape[i];
  return LT_SUCCESS;
}

const lt_type_t *lt_lite_type_of_shape(lt_context_t *ctx,
                                       const lt_lite_shape_t *s) {
  if (s->dtype == LK_DTYPE_NONE) return lt_type_none(ctx);
  const lt_type_t *el = lt_lite_element_type(ctx, s->dtype);
  if (!el) return NULL;
  if (s->rank < 0) return lt_type_unranked_tensor(ctx, el);
  int64_t dims[LK_MAX_RANK];
  for (int32_t i = 0; i < s->rank; i++)
    dims[i] = s->dims[i] < 0 ? LT_DYNAMIC : s->dims[i];
  return lt_type_tensor(ctx, (uint32_t)s->rank, dims, el, NULL);
}

/* The constant contents of v when its defining op is a lite.constant. */
/* The value of a constant operand, for shape rules that read one (shapes,
 * axes, sizes). A dense_resource whose blob was elided from the text has
 * none: the rules then see an operand of unknown value, as upstream's
 * verifiers do. */
static const lt_attr_t *constant_value(lt_value_t *v) {
  lt_op_t *def = lt_value_defining_op(v);
  if (!def || lt_lite_op_id(def) != LT_LITE_CONSTANT) return NULL;
  const lt_attr_t *a = lt_op_attr(def, "value");
  if (a && a->kind == LT_ATTR_DENSE_RESOURCE &&
      (!a->resource.resource || !a->resource.resource->has_data))
    return NULL;
  return a;
}

lt_result_t lt_lite_infer(lt_context_t *ctx, lt_loc_t loc, lt_lite_op_id_t id,
                          uint32_t num_operands, lt_value_t *const *operands,
                          const lt_attr_t *attrs, lt_lite_shape_t *out,
                          uint32_t num_results) {
  lt_lite_call_t c = {ctx, loc, id, attrs, lt_context_allocator(ctx)};
  const lt_lite_op_row_t *row = &lt_lite_op_rows[id];
  if ((int32_t)num_operands < row->min_in ||
      (row->max_in >= 0 && (int32_t)num_operands > row->max_in))
    return lt_lite_error(&c, "expects %d to %d operands, got %u", row->min_in,
                         row->max_in, num_operands);
  if ((int32_t)num_results < row->min_out ||
      (row->max_out >= 0 && (int32_t)num_results > row->max_out))
    return lt_lite_error(&c, "expects %d to %d results, got %u", row->min_out,
                         row->max_out, num_results);
  if (LT_FAILED(lt_lite_verify_attrs(&c))) return LT_FAILURE;
  lt_lite_shape_t small[8];
  lk_tensor_t small_vals[8];
  bool small_owned[8];
  lt_lite_shape_t *in = small;
  lk_tensor_t *vals = small_vals;
  bool *owned = small_owned;
  lt_allocator_t al = c.allocator;
  if (num_operands > 8) {
    in = lt_calloc(al, num_operands * sizeof *in);
    vals = lt_calloc(al, num_operands * sizeof *vals);
    owned = lt_calloc(al, num_operands * sizeof *owned);
    if (!in || !vals || !owned) {
      lt_free(al, in, num_operands * sizeof *in);
      lt_free(al, vals, num_operands * sizeof *vals);
      lt_free(al, owned, num_operands * sizeof *owned);
      return lt_emit_error(ctx, loc, "out of memory");
    }
  }
  lt_result_t r = LT_SUCCESS;
  uint32_t done = 0;
  for (; done < num_operands && LT_SUCCEEDED(r); done++) {
    owned[done] = false;
    r = lt_lite_shape_of_type(&c, operands[done]->type, done, &in[done]);
    const lt_attr_t *cv =
        LT_SUCCEEDED(r) ? constant_value(operands[done]) : NULL;
    /* A constant that cannot be read has said why: the op fails with it. */
    if (cv)
      r = lt_lite_attr_tensor(ctx, loc, cv, al, &vals[done], &owned[done]);
    if (cv && LT_SUCCEEDED(r)) in[done].value = &vals[done];
  }
  if (LT_SUCCEEDED(r)) {
    memset(out, 0, num_results * sizeof *out);
    r = lt_lite_shape(&c, in, num_operands, out, num_results);
  }
  for (uint32_t i = 0; i < done; i++)
    if (owned[i]) lt_lite_tensor_free(al, &vals[i]);
  if (in != small) {
    lt_free(al, in, num_operands * sizeof *in);
    lt_free(al, vals, num_operands * sizeof *vals);
    lt_free(al, owned, num_operands * sizeof *owned);
  }
  return r;
}

/* ---- verifier
 * ----------------------------------------------------------------- */

/* A Place's precision must store the element type, unless it is `any`. */
static lt_result_t verify_place(lt_op_t *op, const char *what, uint32_t i,
                                const lt_type_t *t) {
  lk_place_t pl;
  if (!lt_place_of_type(t, &pl) || pl.precision == LK_PRECISION_ANY)
    return LT_SUCCESS;
  if (lt_precision_of_element(t->shaped.element) == pl.precision)
    return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r = lt_op_emit_error(
      op,
      "%s #%u type %s: Place precision %s does not store its element "
      "type",
      what, i, sb.data ? sb.data : "?", lk_precision_name(pl.precision));
  lt_strbuf_free(&sb);
  return r;
}

static bool same_dims(const lt_type_t *declared, const lt_lite_shape_t *s) {
  if (s->rank < 0 || declared->kind != LT_TYPE_TENSOR) return true;
  if (declared->shaped.rank != (uint32_t)s->rank) return false;
  for (int32_t i = 0; i < s->rank; i++) {
    int64_t d = declared->shaped.shape[i];
    if (d != LT_DYNAMIC && s->dims[i] >= 0 && d != s->dims[i]) return false;
  }
  return true;
}

static lt_result_t verify_result(lt_op_t *op, int id, uint32_t i,
                                 const lt_lite_shape_t *s) {
  const lt_type_t *t = lt_op_result(op, i)->type;
  bool ok;
  if (s->dtype == LK_DTYPE_NONE) {
    ok = t->kind == LT_TYPE_NONE;
  } else {
    ok = (t->kind == LT_TYPE_TENSOR || t->kind == LT_TYPE_UNRANKED_TENSOR) &&
         same_dims(t, s);
    /* calib changes precision and a dispatch computes what its kernel
     * does: their result element types are the declared ones. */
    if (ok && id != LT_LITE_CALIB && id != LT_LITE_DISPATCH)
      ok = lt_lite_dtype(t->shaped.element) == s->dtype;
  }
  if (ok) return LT_SUCCESS;
  lt_strbuf_t a = {0}, b = {0};
  lt_type_print(t, &a);
  const lt_type_t *inferred = lt_lite_type_of_shape(lt_op_context(op), s);
  if (inferred) lt_type_print(inferred, &b);
  lt_result_t r = lt_op_emit_error(
      op, "result #%u has type %s, but its operands and attributes give %s", i,
      a.data ? a.data : "?", b.data ? b.data : "?");
  lt_strbuf_free(&a);
  lt_strbuf_free(&b);
  return r;
}

static lt_result_t lite_verify(lt_op_t *op) {
  int id = lt_lite_op_id(op);
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (LT_FAILED(verify_place(op, "operand", i, lt_op_operand(op, i)->type)))
      return LT_FAILURE;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (LT_FAILED(verify_place(op, "result", i, lt_op_result(op, i)->type)))
      return LT_FAILURE;
  lt_lite_shape_t small[4], *out = small;
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  if (op->num_results > 4) {
    out = lt_calloc(al, op->num_results * sizeof *out);
    if (!out) return lt_op_emit_error(op, "out of memory");
  }
  lt_value_t *small_ops[8], **operands = small_ops;
  if (op->num_operands > 8) {
    operands = lt_calloc(al, op->num_operands * sizeof *operands);
    if (!operands) {
      if (out != small) lt_free(al, out, op->num_results * sizeof *out);
      return lt_op_emit_error(op, "out of memory");
    }
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    operands[i] = lt_op_operand(op, i);
  lt_result_t r = lt_lite_infer(lt_op_context(op), op->loc, (lt_lite_op_id_t)id,
                                op->num_operands, operands, op->attrs, out,
                                op->num_results);
  for (uint32_t i = 0; i < op->num_results && LT_SUCCEEDED(r); i++)
    r = verify_result(op, id, i, &out[i]);
  if (LT_SUCCEEDED(r) && id == LT_LITE_DISPATCH)
    r = lt_lite_verify_dispatch(op);
  if (operands != small_ops)
    lt_free(al, operands, op->num_operands * sizeof *operands);
  if (out != small) lt_free(al, out, op->num_results * sizeof *out);
  return r;
}

/* ---- folding
 * ----------------------------------------------------------------- */

/* Results up to this many elements are folded into dense constants; larger
 * ones would duplicate weights. */
#define LITE_FOLD_MAX_ELEMENTS (1 << 16)

static bool swallow_diag(void *user, const lt_diag_t *d) { return true; }

static lt_result_t lite_fold(lt_op_t *op, const lt_attr_t *const *operands,
                             lt_fold_result_t *results) {
  int id = lt_lite_op_id(op);
  if (id == LT_LITE_CONSTANT || id == LT_LITE_NONE || id == LT_LITE_DISPATCH ||
      !lt_op_has_trait(op, LT_TRAIT_PURE))
    return LT_FAILURE;
  /* Every operand constant, or absent (`none`). */
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const lt_attr_t *a = operands[i];
    if (!a && lt_op_operand(op, i)->type->kind == LT_TYPE_NONE) continue;
    if (!a || (a->kind != LT_ATTR_DENSE && a->kind != LT_ATTR_DENSE_RESOURCE))
      return LT_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    const lt_type_t *t = lt_op_result(op, i)->type;
    if (t->kind != LT_TYPE_TENSOR || !lt_type_has_static_shape(t) ||
        lt_type_num_elements(t) > LITE_FOLD_MAX_ELEMENTS)
      return LT_FAILURE;
  }
  lt_context_t *ctx = lt_op_context(op);
  lt_allocator_t al = lt_context_allocator(ctx);
  uint32_t n_in = op->num_operands, n_out = op->num_results;
  lk_tensor_t *in = lt_calloc(al, (n_in + 1) * sizeof *in);
  bool *owned = lt_calloc(al, (n_in + 1) * sizeof *owned);
  lk_tensor_t *out = lt_calloc(al, n_out * sizeof *out);
  lt_result_t r = in && owned && out ? LT_SUCCESS : LT_FAILURE;
  /* Folding is an optimization: problems stay silent here and surface when
   * the op is verified or run. */
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow_diag, NULL);
  uint32_t loaded = 0;
  for (; loaded < n_in && LT_SUCCEEDED(r); loaded++) {
    if (!operands[loaded]) {
      in[loaded].dtype = LK_DTYPE_NONE;
      continue;
    }
    r = lt_lite_attr_tensor(ctx, op->loc, operands[loaded], al, &in[loaded],
                            &owned[loaded]);
  }
  if (LT_SUCCEEDED(r)) r = lt_lite_eval(op, al, in, out);
  lt_diag_pop_handler(ctx, h);
  for (uint32_t i = 0; i < n_out && LT_SUCCEEDED(r); i++) {
    const lt_type_t *t = lt_op_result(op, i)->type;
    if (lt_lite_dtype(t->shaped.element) != out[i].dtype) {
      r = LT_FAILURE;
      break;
    }
    results[i].attr = lt_lite_dense_attr(ctx, t, &out[i]);
    results[i].value = NULL;
    if (!results[i].attr) r = LT_FAILURE;
  }
  if (LT_SUCCEEDED(r))
    for (uint32_t i = 0; i < n_out; i++)
      lt_lite_tensor_free(al, &out[i]);
  for (uint32_t i = 0; i < loaded; i++)
    if (owned[i]) lt_lite_tensor_free(al, &in[i]);
  lt_free(al, in, (n_in + 1) * sizeof *in);
  lt_free(al, owned, (n_in + 1) * sizeof *owned);
  lt_free(al, out, n_out * sizeof *out);
  return r;
}

/* ---- creation
 * ------------------------------------------------------------------ */

lt_op_t *lt_lite_create(lt_builder_t *b, lt_lite_op_id_t id, lt_loc_t loc,
                        uint32_t num_operands, lt_value_t *const *operands,
                        uint32_t num_attrs, const lt_named_attr_t *attrs,
                        uint32_t num_results) {
  lt_context_t *ctx = b->ctx;
  const lt_attr_t *dict = lt_attr_dict(ctx, num_attrs, attrs);
  lt_allocator_t al = lt_context_allocator(ctx);
  lt_lite_shape_t small[4], *out = small;
  if (num_results > 4) {
    out = lt_calloc(al, num_results * sizeof *out);
    if (!out) return NULL;
  }
  lt_op_t *op = NULL;
  if (dict && LT_SUCCEEDED(lt_lite_infer(ctx, loc, id, num_operands, operands,
                                         dict, out, num_results))) {
    char name[64];
    snprintf(name, sizeof name, "lite.%s", lt_lite_op_rows[id].name);
    lt_op_state_t s;
    lt_op_state_init(&s, ctx, name, loc);
    for (uint32_t i = 0; i < num_operands; i++)
      lt_op_state_add_operand(&s, operands[i]);
    for (uint32_t i = 0; i < num_results; i++)
      lt_op_state_add_result(&s, lt_lite_type_of_shape(ctx, &out[i]));
    s.attrs = (lt_named_attr_t *)dict->dict.entries;
    s.num_attrs = dict->dict.count;
    op = lt_builder_create(b, &s);
    s.attrs = NULL;
    s.num_attrs = 0;
    lt_op_state_free(&s);
  }
  if (out != small) lt_free(al, out, num_results * sizeof *out);
  return op;
}

/* ---- the dialect
 * ----------------------------------------------------------------- */

static lt_op_t *lite_materialize(lt_builder_t *b, const lt_attr_t *value,
                                 const lt_type_t *type, lt_loc_t loc) {
  if (!value ||
      (value->kind != LT_ATTR_DENSE && value->kind != LT_ATTR_DENSE_RESOURCE) ||
      type->kind != LT_TYPE_TENSOR || !value->type ||
      value->type->shaped.element != type->shaped.element)
    return NULL;
  lt_op_state_t s;
  lt_op_state_init(&s, b->ctx, "lite.constant", loc);
  lt_op_state_add_attr(&s, "value", value);
  lt_op_state_add_result(&s, type);
  lt_op_t *op = lt_builder_create(b, &s);
  lt_op_state_free(&s);
  return op;
}

/* `lite.name` names a function argument or result after the model's
 * tensor; `lite.kernel` is lite_dispatch.c's. */
static lt_result_t lite_verify_attr(lt_op_t *op, const lt_named_attr_t *attr) {
  if (strcmp(attr->name->str, "lite.name") == 0 &&
      attr->value->kind != LT_ATTR_STRING)
    return lt_op_emit_error(op, "attribute 'lite.name' must be a string");
  if (strcmp(attr->name->str, "lite.kernel") == 0)
    return lt_lite_verify_kernel_attr(op, attr->value);
  return LT_SUCCESS;
}

const lt_dialect_t lt_lite_dialect = {
    .ns = "lite",
    .ops = lite_op_defs,
    .num_ops = LT_LITE_NUM_OPS,
    .materialize_constant = lite_materialize,
    .verify_attr = lite_verify_attr,
    .parse_attr = lt_lite_parse_attr,
    .print_attr = lt_lite_print_attr,
};

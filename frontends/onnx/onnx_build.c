/* onnx_build.c - what converters build with: lite ops (folded at import
 * when every operand is constant), constants, lite.none, operand lists, and
 * the error records that become the import's status. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "frontends/onnx/onnx_import.h"
#include "ir/diagnostics.h"

/* ---- name tables -------------------------------------------------------------
 */
static uint64_t name_hash(lt_onnx_str_t s) {
  return lt_hash_bytes(s.data ? s.data : "", s.len, 0x6f6e6e78);
}

static bool name_eq(lt_onnx_str_t a, lt_onnx_str_t b) {
  return a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0);
}

static bool names_grow(lt_onnx_import_t *im, lt_onnx_names_t *m) {
  size_t cap = m->cap ? m->cap * 2 : 64;
  lt_onnx_entry_t *slots = lt_calloc(im->allocator, cap * sizeof(*slots));
  if (!slots) return false;
  for (size_t i = 0; i < m->cap; i++) {
    lt_onnx_entry_t *e = &m->slots[i];
    if (!e->name.data) continue;
    size_t j = name_hash(e->name) & (cap - 1);
    while (slots[j].name.data)
      j = (j + 1) & (cap - 1);
    slots[j] = *e;
  }
  if (m->slots) lt_free(im->allocator, m->slots, m->cap * sizeof(*m->slots));
  m->slots = slots;
  m->cap = cap;
  return true;
}

lt_onnx_entry_t *lt_onnx_names_get(lt_onnx_import_t *im, lt_onnx_names_t *m,
                                   lt_onnx_str_t name, bool create) {
  /* Empty names mean "absent" in ONNX and are never stored; a non-NULL
   * data pointer marks a used slot, so give empty names one. */
  if (!name.data) name.data = "";
  if (m->cap) {
    size_t j = name_hash(name) & (m->cap - 1);
    while (m->slots[j].name.data) {
      if (name_eq(m->slots[j].name, name)) return &m->slots[j];
      j = (j + 1) & (m->cap - 1);
    }
  }
  if (!create) return NULL;
  if ((m->count + 1) * 2 > m->cap && !names_grow(im, m)) return NULL;
  size_t j = name_hash(name) & (m->cap - 1);
  while (m->slots[j].name.data)
    j = (j + 1) & (m->cap - 1);
  m->slots[j] = (lt_onnx_entry_t){.name = name};
  m->count++;
  return &m->slots[j];
}

/* ---- errors -------------------------------------------------------------------
 */
void lt_onnx_record_error(lt_onnx_import_t *im, lt_status_code_t code,
                          const char *fmt, ...) {
  if (im->num_errors++) lt_strbuf_puts(&im->errors, "; ");
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&im->errors, fmt, ap);
  va_end(ap);
  if (im->code == LT_STATUS_OK || im->code == LT_STATUS_INVALID_ARGUMENT)
    im->code = code;
}

static lt_result_t node_error(lt_onnx_cv_t *cv, lt_status_code_t code,
                              const char *fmt, va_list ap) {
  lt_strbuf_t msg = {0};
  lt_strbuf_vprintf(&msg, fmt, ap);
  const lt_onnx_node_t *n = cv->node;
  lt_onnx_record_error(cv->im, code, "node '%s' (%.*s, opset %lld): %s",
                       cv->loc->name_loc.name->str, (int)n->op_type.len,
                       n->op_type.data ? n->op_type.data : "",
                       (long long)cv->opset, msg.data ? msg.data : "");
  /* Also a diagnostic at the node, for callers that collect those. */
  bool quiet = cv->im->quiet;
  cv->im->quiet = false;
  lt_emit_error(cv->ctx, cv->loc, "%s", msg.data ? msg.data : "");
  cv->im->quiet = quiet;
  lt_strbuf_free(&msg);
  return LT_FAILURE;
}

lt_result_t lt_onnx_unsupported(lt_onnx_cv_t *cv, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cv->unsupported = true;
  lt_result_t r = node_error(cv, LT_STATUS_UNIMPLEMENTED, fmt, ap);
  va_end(ap);
  return r;
}

lt_result_t lt_onnx_invalid(lt_onnx_cv_t *cv, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = node_error(cv, LT_STATUS_INVALID_ARGUMENT, fmt, ap);
  va_end(ap);
  return r;
}

/* An op the lite dialect refused (its diagnostic is in last_diag). */
static lt_result_t creation_failed(lt_onnx_cv_t *cv) {
  lt_onnx_import_t *im = cv->im;
  const lt_onnx_node_t *n = cv->node;
  lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                       "node '%s' (%.*s, opset %lld): %s",
                       cv->loc->name_loc.name->str, (int)n->op_type.len,
                       n->op_type.data ? n->op_type.data : "",
                       (long long)cv->opset,
                       im->last_diag.len ? im->last_diag.data
                                         : "cannot create lite op");
  return LT_FAILURE;
}

/* ---- values --------------------------------------------------------------------
 */
lk_dtype_t lt_onnx_value_dtype(const lt_value_t *v) {
  if (!v || !lt_type_is_shaped(v->type)) return LK_DTYPE_NONE;
  return lt_lite_dtype(v->type->shaped.element);
}

int32_t lt_onnx_value_rank(const lt_value_t *v) {
  if (!v || v->type->kind != LT_TYPE_TENSOR) return -1;
  return (int32_t)v->type->shaped.rank;
}

bool lt_onnx_value_static_dims(const lt_value_t *v, int64_t *dims,
                               int32_t *out_rank) {
  if (!v || v->type->kind != LT_TYPE_TENSOR) return false;
  uint32_t rank = v->type->shaped.rank;
  if (rank > LK_MAX_RANK) return false;
  for (uint32_t i = 0; i < rank; i++) {
    if (v->type->shaped.shape[i] == LT_DYNAMIC) return false;
    dims[i] = v->type->shaped.shape[i];
  }
  *out_rank = (int32_t)rank;
  return true;
}

static const lt_attr_t *const_attr_of(lt_value_t *v) {
  lt_op_t *def = lt_value_defining_op(v);
  if (!def || lt_lite_op_id(def) != LT_LITE_CONSTANT) return NULL;
  return lt_op_attr(def, "value");
}

/* Views of constants whose data had to be expanded (splats) are kept for
 * the import's lifetime; such constants are small. */
bool lt_onnx_value_const(lt_onnx_cv_t *cv, lt_value_t *v, lk_tensor_t *out) {
  const lt_attr_t *a = v ? const_attr_of(v) : NULL;
  if (!a) return false;
  bool owned = false;
  lt_onnx_import_t *im = cv->im;
  bool quiet = im->quiet;
  im->quiet = true;
  lt_result_t r =
      lt_lite_attr_tensor(cv->ctx, cv->loc, a, im->allocator, out, &owned);
  im->quiet = quiet;
  if (LT_FAILED(r)) return false;
  if (owned) {
    /* Move the expansion into the arena so it lives as long as the
     * import and needs no bookkeeping. */
    size_t n = lk_nbytes(out);
    void *copy = lt_arena_memdup(&im->arena, out->data, n ? n : 1, 16);
    lt_free(im->allocator, out->data, n ? n : 1);
    if (!copy) return false;
    out->data = copy;
  }
  return true;
}

/* ---- constants ------------------------------------------------------------------
 */
const char *lt_onnx_blob_name(lt_onnx_import_t *im, const char *name,
                              size_t len) {
  /* A bare MLIR identifier: [A-Za-z_][A-Za-z0-9_$.]*. */
  if (len > 200) len = 200;
  char base[224];
  size_t n = 0;
  if (len == 0 || !((name[0] >= 'A' && name[0] <= 'Z') ||
                    (name[0] >= 'a' && name[0] <= 'z') || name[0] == '_'))
    base[n++] = '_';
  for (size_t i = 0; i < len; i++) {
    char c = name[i];
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
    base[n++] = ok ? c : '_';
  }
  base[n] = '\0';
  char cand[240];
  memcpy(cand, base, n + 1);
  for (unsigned k = 1;; k++) {
    lt_onnx_str_t key = {cand, strlen(cand)};
    if (!lt_onnx_names_get(im, &im->blob_names, key, false)) {
      char *stored = lt_arena_memdup(&im->arena, cand, key.len + 1, 1);
      if (!stored) return NULL;
      key.data = stored;
      if (!lt_onnx_names_get(im, &im->blob_names, key, true)) return NULL;
      return stored;
    }
    snprintf(cand, sizeof(cand), "%s_%u", base, k);
  }
}

/* Inserts a lite.constant holding attr `value`. */
static lt_value_t *make_constant(lt_onnx_import_t *im, const lt_attr_t *value,
                                 lt_loc_t loc, bool at_top) {
  lt_builder_t b = im->builder;
  if (at_top && im->first_body_op) lt_builder_set_before(&b, im->first_body_op);
  lt_named_attr_t attr = {lt_ident_cstr(im->ctx, "value"), value};
  lt_op_t *op =
      lt_lite_create(&b, LT_LITE_CONSTANT, loc, 0, NULL, 1, &attr, 1);
  return op ? lt_op_result(op, 0) : NULL;
}

/* The attribute for bytes of type `type`: inline when small, else a blob
 * named after `name` (the bytes are copied once, into the blob). */
/* True when all n elements of esize bytes at p are equal. */
static bool all_equal(const uint8_t *p, int64_t n, size_t esize) {
  for (int64_t i = 1; i < n; i++)
    if (memcmp(p, p + (size_t)i * esize, esize) != 0) return false;
  return true;
}

static const lt_attr_t *tensor_attr(lt_onnx_import_t *im,
                                    const lt_type_t *type, const void *data,
                                    size_t size, const char *name,
                                    size_t name_len, bool splat_inline) {
  int64_t numel = lt_type_num_elements(type);
  /* A splat is one element however large the tensor (computed constants
   * like ConstantOfShape's); initializers stay blobs, as their names say
   * where they came from. */
  bool inline_splat =
      splat_inline && numel > 0 && data &&
      all_equal(data, numel, lt_dense_element_size(type->shaped.element));
  if (numel <= LT_ONNX_INLINE_LIMIT || inline_splat) {
    const lt_attr_t *a = lt_attr_dense(im->ctx, type, data ? data : "", size);
    if (!a)
      lt_onnx_record_error(im, LT_STATUS_INTERNAL,
                           "cannot make a dense attribute for '%.*s'",
                           (int)name_len, name);
    return a;
  }
  const char *blob = lt_onnx_blob_name(im, name, name_len);
  const lt_attr_t *a = blob ? lt_attr_dense_resource(im->ctx, type, blob) : NULL;
  if (!a) {
    lt_onnx_record_error(im, LT_STATUS_OUT_OF_MEMORY, "out of memory");
    return NULL;
  }
  /* Aligned for vector loads of any element type. */
  lt_status_t st = lt_resource_set_blob(im->ctx, a->resource.resource, data,
                                        size, 64);
  if (st) {
    lt_onnx_record_error(im, lt_status_code(st), "%s",
                         lt_status_message(st));
    lt_status_free(st);
    return NULL;
  }
  return a;
}

const lt_type_t *lt_onnx_element_type(lt_context_t *ctx, int32_t data_type) {
  lk_dtype_t dt;
  if (!lt_onnx_dtype(data_type, &dt)) return NULL;
  return lt_lite_element_type(ctx, dt);
}

const lt_attr_t *lt_onnx_proto_attr(lt_onnx_import_t *im,
                                   const lt_onnx_tensor_t *t,
                                   lt_onnx_str_t name) {
  lk_dtype_t dtype;
  if (!lt_onnx_dtype(t->data_type, &dtype)) {
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED,
                         "tensor '%.*s': element type %s is not supported",
                         (int)name.len, name.data ? name.data : "",
                         lt_onnx_data_type_name(t->data_type));
    return NULL;
  }
  if (t->rank > LK_MAX_RANK) {
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED,
                         "tensor '%.*s': rank %u exceeds lite's limit of %d",
                         (int)name.len, name.data ? name.data : "",
                         t->rank, LK_MAX_RANK);
    return NULL;
  }
  lt_onnx_data_t data;
  lt_status_t st = lt_onnx_tensor_data(t, dtype, im->base, NULL, im->dir,
                                       im->allocator, &data);
  if (st) {
    lt_onnx_record_error(im, lt_status_code(st), "%s", lt_status_message(st));
    lt_status_free(st);
    return NULL;
  }
  const lt_type_t *type =
      lt_type_tensor(im->ctx, t->rank, t->dims,
                     lt_lite_element_type(im->ctx, dtype), NULL);
  const lt_attr_t *a =
      type ? tensor_attr(im, type, data.data, data.size, name.data, name.len,
                         false)
           : NULL;
  /* The bytes now live in the context: the mapped pages they came from
   * need not stay resident next to the copy. */
  if (im->mapped && !data.owned && !data.map && data.size)
    lt_onnx_drop_pages(data.data, data.size);
  lt_onnx_data_release(&data, im->allocator);
  return a;
}

lt_value_t *lt_onnx_const_proto(lt_onnx_import_t *im,
                                const lt_onnx_tensor_t *t, lt_onnx_str_t name,
                                lt_loc_t loc, bool at_top) {
  const lt_attr_t *a = lt_onnx_proto_attr(im, t, name);
  return a ? make_constant(im, a, loc, at_top) : NULL;
}

lt_value_t *lt_onnx_const_tensor(lt_onnx_cv_t *cv, const lk_tensor_t *t,
                                 const char *name) {
  lt_onnx_import_t *im = cv->im;
  const lt_type_t *elem = (int)t->dtype >= 0 && t->dtype < LK_NUM_DTYPES
                              ? lt_lite_element_type(cv->ctx, t->dtype)
                              : NULL;
  const lt_type_t *type =
      elem ? lt_type_tensor(cv->ctx, (uint32_t)t->rank, t->dims, elem, NULL)
           : NULL;
  if (!type) {
    lt_onnx_invalid(cv, "cannot make a constant of this element type");
    return NULL;
  }
  const lt_attr_t *a =
      tensor_attr(im, type, t->data, lk_nbytes(t), name, strlen(name), true);
  return a ? make_constant(im, a, cv->loc, false) : NULL;
}

lt_value_t *lt_onnx_const_i64(lt_onnx_cv_t *cv, const int64_t *v, uint32_t n,
                              bool scalar) {
  lk_tensor_t t = {.dtype = LK_I64, .rank = scalar ? 0 : 1,
                   .dims = {(int64_t)n}, .data = (void *)v};
  return lt_onnx_const_tensor(cv, &t, "cst");
}

lt_value_t *lt_onnx_const_f32(lt_onnx_cv_t *cv, const float *v, uint32_t n) {
  lk_tensor_t t = {.dtype = LK_F32, .rank = 1, .dims = {(int64_t)n},
                   .data = (void *)v};
  return lt_onnx_const_tensor(cv, &t, "cst");
}

lt_value_t *lt_onnx_const_scalar(lt_onnx_cv_t *cv, lk_dtype_t dtype,
                                 double v) {
  uint8_t buf[8] = {0};
  lk_tensor_t t = {.dtype = dtype, .rank = 0, .data = buf};
  if ((int)dtype < 0 || dtype >= LK_NUM_DTYPES) {
    lt_onnx_invalid(cv, "cannot make a scalar of an unknown element type");
    return NULL;
  }
  if (lk_dtype_is_float(dtype))
    lk_store_f64(&t, 0, v);
  else
    lk_store_i64(&t, 0, (int64_t)v);
  return lt_onnx_const_tensor(cv, &t, "cst");
}

lt_value_t *lt_onnx_none(lt_onnx_cv_t *cv) {
  lt_onnx_import_t *im = cv->im;
  if (im->none) return im->none;
  lt_builder_t b = im->builder;
  if (im->first_body_op) lt_builder_set_before(&b, im->first_body_op);
  lt_op_t *op = lt_lite_create(&b, LT_LITE_NONE, lt_loc_unknown(cv->ctx), 0,
                               NULL, 0, NULL, 1);
  im->none = op ? lt_op_result(op, 0) : NULL;
  if (!im->none) creation_failed(cv);
  return im->none;
}

uint32_t lt_onnx_operands(lt_onnx_cv_t *cv, uint32_t first, uint32_t n,
                          lt_value_t **out) {
  uint32_t last = first;
  for (uint32_t i = first; i < first + n && i < cv->num_inputs; i++)
    if (cv->inputs[i]) last = i + 1;
  uint32_t k = 0;
  for (uint32_t i = first; i < last; i++) {
    lt_value_t *v = cv->inputs[i] ? cv->inputs[i] : lt_onnx_none(cv);
    if (!v) return k;
    out[k++] = v;
  }
  return k;
}

/* ---- folding ---------------------------------------------------------------------
 */
static bool all_operands_constant(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_op_t *def = lt_value_defining_op(lt_op_operand(op, i));
    int id = def ? lt_lite_op_id(def) : -1;
    if (id != LT_LITE_CONSTANT && id != LT_LITE_NONE) return false;
  }
  return true;
}

/* Evaluates op on its constant operands and replaces its results by
 * constants (out[] is updated). Leaves op alone when anything fails: the
 * evaluator may lack a kernel the compiler will have, and a fold is only an
 * optimization. */
static bool try_fold(lt_onnx_cv_t *cv, lt_op_t *op, lt_value_t **out) {
  lt_onnx_import_t *im = cv->im;
  int id = lt_lite_op_id(op);
  if (id == LT_LITE_CONSTANT || id == LT_LITE_NONE || !all_operands_constant(op))
    return false;
  for (uint32_t i = 0; i < op->num_results; i++) {
    int64_t n = lt_type_num_elements(lt_op_result(op, i)->type);
    if (n > LT_ONNX_FOLD_LIMIT) return false;
  }
  uint32_t nin = op->num_operands, nout = op->num_results;
  lk_tensor_t *in = lt_calloc(im->allocator, (nin + 1) * sizeof(*in));
  lk_tensor_t *res = lt_calloc(im->allocator, (nout + 1) * sizeof(*res));
  lt_value_t **folded = lt_calloc(im->allocator, (nout + 1) * sizeof(*folded));
  bool ok = in && res && folded;
  for (uint32_t i = 0; ok && i < nin; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    if (lt_lite_op_id(lt_value_defining_op(v)) == LT_LITE_NONE)
      in[i].dtype = LK_DTYPE_NONE;
    else
      ok = lt_onnx_value_const(cv, v, &in[i]);
  }
  bool evaluated = false;
  if (ok) {
    bool quiet = im->quiet;
    im->quiet = true;
    evaluated = LT_SUCCEEDED(lt_lite_eval(op, im->allocator, in, res));
    im->quiet = quiet;
    ok = evaluated;
  }
  for (uint32_t i = 0; ok && i < nout; i++)
    ok = lk_numel(&res[i]) <= LT_ONNX_FOLD_LIMIT;
  for (uint32_t i = 0; ok && i < nout; i++) {
    char name[240];
    const lt_onnx_node_t *n = cv->node;
    if (i < n->num_outputs && n->outputs[i].len)
      snprintf(name, sizeof(name), "%.*s", (int)n->outputs[i].len,
               n->outputs[i].data);
    else
      snprintf(name, sizeof(name), "%s_%u", cv->loc->name_loc.name->str, i);
    folded[i] = lt_onnx_const_tensor(cv, &res[i], name);
    ok = folded[i] != NULL;
  }
  if (ok) {
    for (uint32_t i = 0; i < nout; i++) {
      lt_value_replace_all_uses(lt_op_result(op, i), folded[i]);
      out[i] = folded[i];
    }
    lt_op_erase(op);
  } else {
    /* Constants made before a later result failed stay unused; the final
     * sweep of the import erases them. */
    im->last_diag.len = 0;
  }
  if (evaluated)
    for (uint32_t i = 0; i < nout; i++)
      lt_lite_tensor_free(im->allocator, &res[i]);
  lt_free(im->allocator, in, (nin + 1) * sizeof(*in));
  lt_free(im->allocator, res, (nout + 1) * sizeof(*res));
  lt_free(im->allocator, folded, (nout + 1) * sizeof(*folded));
  return ok;
}

lt_result_t lt_onnx_emit(lt_onnx_cv_t *cv, lt_lite_op_id_t id, uint32_t num_in,
                         lt_value_t *const *in, uint32_t num_attrs,
                         const lt_named_attr_t *attrs, uint32_t num_out,
                         lt_value_t **out) {
  lt_onnx_import_t *im = cv->im;
  for (uint32_t i = 0; i < num_in; i++)
    if (!in[i]) return LT_FAILURE; /* a constant failed; already recorded */
  im->last_diag.len = 0;
  lt_op_t *op = lt_lite_create(&im->builder, id, cv->loc, num_in, in,
                               num_attrs, attrs, num_out);
  if (!op) return creation_failed(cv);
  if (!im->first_body_op) im->first_body_op = op;
  for (uint32_t i = 0; i < num_out; i++)
    out[i] = lt_op_result(op, i);
  bool was_first = im->first_body_op == op;
  if (im->opts->fold_constants && try_fold(cv, op, out) && was_first)
    im->first_body_op = NULL; /* erased; the next op starts the body */
  return LT_SUCCESS;
}

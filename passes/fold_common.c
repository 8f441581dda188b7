/* fold_common.c - helpers of lite-fold-constants and
 * lite-eliminate-redundant (see fold_common.h). */
#include "passes/fold_common.h"

#include <float.h>
#include <math.h>

#include "ir/builder.h"
#include "ir/diagnostics.h"

/* A rewrite that does not apply is not an error: its diagnostics stay
 * quiet. */
static bool quiet(void *user, const lt_diag_t *d) { return true; }

/* What the verifier accepts as the declared type of an inferred one. */
static bool type_agrees(const lt_type_t *got, const lt_type_t *want) {
  if (got == want) return true;
  if (got->kind != LT_TYPE_TENSOR || want->kind != LT_TYPE_TENSOR ||
      got->shaped.element != want->shaped.element ||
      got->shaped.rank != want->shaped.rank)
    return false;
  for (uint32_t d = 0; d < got->shaped.rank; d++) {
    int64_t a = got->shaped.shape[d], b = want->shaped.shape[d];
    if (a != LT_DYNAMIC && b != LT_DYNAMIC && a != b) return false;
  }
  return true;
}

lt_op_t *lt_fold_create(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                        uint32_t num_operands, lt_value_t *const *operands,
                        uint32_t num_attrs, const lt_named_attr_t *attrs,
                        const lt_type_t *const *want, uint32_t num_results) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  /* Built detached first, so that a refusal leaves nothing behind for the
   * driver to see. */
  lt_builder_t detached;
  lt_builder_init(&detached, ctx);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, quiet, NULL);
  lt_op_t *op = lt_lite_create(&detached, id, loc, num_operands, operands,
                               num_attrs, attrs, num_results);
  lt_diag_pop_handler(ctx, h);
  if (!op) return NULL;
  for (uint32_t i = 0; i < num_results; i++) {
    if (!type_agrees(lt_op_result(op, i)->type, want[i])) {
      lt_op_destroy(op);
      return NULL;
    }
  }
  for (uint32_t i = 0; i < num_results; i++)
    lt_value_set_type(lt_op_result(op, i), want[i]);
  return lt_rewriter_insert(rw, op);
}

bool lt_fold_rebuild(lt_rewriter_t *rw, lt_op_t *op, uint32_t num_operands,
                     lt_value_t *const *operands, uint32_t num_attrs,
                     const lt_named_attr_t *attrs) {
  int id = lt_lite_op_id(op);
  if (id < 0) return false;
  const lt_type_t *small[8], **want = small;
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  if (op->num_results > 8) {
    want = lt_calloc(al, op->num_results * sizeof *want);
    if (!want) return false;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    want[i] = lt_op_result(op, i)->type;
  lt_op_t *repl =
      lt_fold_create(rw, (lt_lite_op_id_t)id, op->loc, num_operands, operands,
                     num_attrs, attrs, want, op->num_results);
  if (want != small) lt_free(al, want, op->num_results * sizeof *want);
  if (!repl) return false;
  lt_value_t *vsmall[8], **values = vsmall;
  if (op->num_results > 8) {
    values = lt_calloc(al, op->num_results * sizeof *values);
    if (!values) { /* undo: the new op has no users yet */
      lt_rewriter_erase_op(rw, repl);
      return false;
    }
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    values[i] = lt_op_result(repl, i);
  lt_rewriter_replace_op(rw, op, values);
  if (values != vsmall) lt_free(al, values, op->num_results * sizeof *values);
  return true;
}

bool lt_fold_const_ints(const lt_value_t *v, int64_t *out, int32_t cap,
                        int32_t *out_count) {
  lt_allocator_t al = lt_context_allocator(lt_value_context(v));
  lk_tensor_t t;
  bool owned;
  if (!lt_rw_const_tensor(v, al, &t, &owned)) return false;
  int64_t n = lk_numel(&t);
  bool ok = t.rank <= 1 && lk_dtype_is_int(t.dtype) && n <= cap;
  for (int64_t i = 0; ok && i < n; i++)
    out[i] = lk_load_i64(&t, i);
  /* ui64 values past INT64_MAX would read back negative. */
  for (int64_t i = 0; ok && t.dtype == LK_U64 && i < n; i++)
    ok = out[i] >= 0;
  if (ok) *out_count = (int32_t)n;
  if (owned) lt_lite_tensor_free(al, &t);
  return ok;
}

lt_fold_known_t lt_fold_op_ints(lt_op_t *op, uint32_t index, const char *name,
                                int64_t *out, int32_t cap, int32_t *out_count) {
  const lt_attr_t *a = name ? lt_op_attr(op, name) : NULL;
  if (a && a->kind == LT_ATTR_DENSE_ARRAY && lt_type_is_integer(a->type)) {
    size_t es = lt_dense_element_size(a->type);
    int64_t n = es ? (int64_t)(a->dense.size / es) : 0;
    if (n > cap) return LT_FOLD_UNKNOWN;
    for (int64_t i = 0; i < n; i++)
      out[i] = lt_attr_dense_int(a, i);
    *out_count = (int32_t)n;
    return LT_FOLD_KNOWN;
  }
  if (a && a->kind == LT_ATTR_ARRAY && a->array.count <= (uint32_t)cap) {
    for (uint32_t i = 0; i < a->array.count; i++) {
      if (a->array.elems[i]->kind != LT_ATTR_INTEGER) return LT_FOLD_UNKNOWN;
      out[i] = a->array.elems[i]->i;
    }
    *out_count = (int32_t)a->array.count;
    return LT_FOLD_KNOWN;
  }
  if (a) return LT_FOLD_UNKNOWN; /* not a form this reader knows */
  if (lt_rw_absent(op, index)) return LT_FOLD_ABSENT;
  return lt_fold_const_ints(lt_op_operand(op, index), out, cap, out_count)
             ? LT_FOLD_KNOWN
             : LT_FOLD_UNKNOWN;
}

lt_named_attr_t lt_fold_named_float(lt_context_t *ctx, const char *name,
                                    double v) {
  /* Infinities and NaN are f32 values too; finite values past FLT_MAX
   * are not (and converting them would be undefined). */
  bool f32 = !isfinite(v) || (fabs(v) <= FLT_MAX && (double)(float)v == v);
  lt_named_attr_t a = {
      lt_ident_cstr(ctx, name),
      lt_attr_float(
          ctx, f32 ? lt_type_f32(ctx) : lt_type_float(ctx, LT_TYPE_F64), v)};
  return a;
}

bool lt_fold_static_dims(const lt_type_t *t, int32_t *out_rank, int64_t *dims) {
  if (t->kind != LT_TYPE_TENSOR || !lt_type_has_static_shape(t) ||
      t->shaped.rank > LK_MAX_RANK)
    return false;
  *out_rank = (int32_t)t->shaped.rank;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    dims[d] = t->shaped.shape[d];
  return true;
}

/* replace_common.c - readers and builders of the replacement and
 * forwarding passes. */
#include "passes/replace_common.h"

#include <string.h>

#include "ir/diagnostics.h"

/* ---- reading ------------------------------------------------------------ */

lt_lite_call_t lt_repl_call(lt_op_t *op) {
  lt_context_t *ctx = lt_op_context(op);
  lt_lite_call_t c = {ctx, op->loc, (lt_lite_op_id_t)lt_lite_op_id(op),
                      op->attrs, lt_context_allocator(ctx)};
  return c;
}

const lt_type_t *lt_repl_ranked(const lt_value_t *v) {
  const lt_type_t *t = v ? v->type : NULL;
  if (!t || t->kind != LT_TYPE_TENSOR || t->shaped.encoding) return NULL;
  return t;
}

const lt_type_t *lt_repl_static(const lt_value_t *v) {
  const lt_type_t *t = lt_repl_ranked(v);
  return t && lt_type_has_static_shape(t) ? t : NULL;
}

lk_dtype_t lt_repl_dtype(const lt_value_t *v) {
  const lt_type_t *t = v ? v->type : NULL;
  if (!t || (t->kind != LT_TYPE_TENSOR && t->kind != LT_TYPE_UNRANKED_TENSOR))
    return LK_DTYPE_NONE;
  return lt_lite_dtype(t->shaped.element);
}

bool lt_repl_is_float(lk_dtype_t t) {
  return t == LK_F16 || t == LK_BF16 || t == LK_F32 || t == LK_F64;
}

int32_t lt_repl_ints(lt_op_t *op, const char *name, uint32_t index,
                     int64_t *out, int32_t cap) {
  lt_lite_call_t c = lt_repl_call(op);
  int32_t n = lt_lite_attr_ints(&c, name, out, cap);
  if (n >= 0) return n;
  if (lt_rw_absent(op, index)) return -1;
  lk_tensor_t t;
  bool owned;
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  if (!lt_rw_const_tensor(lt_op_operand(op, index), al, &t, &owned))
    return -2;
  int64_t count = lk_numel(&t);
  n = -2;
  if (lk_dtype_is_int(t.dtype) && t.rank <= 1 && count <= cap) {
    for (int64_t i = 0; i < count; i++)
      out[i] = lk_load_i64(&t, i);
    n = (int32_t)count;
  }
  if (owned) lt_lite_tensor_free(al, &t);
  return n;
}

/* ---- building ------------------------------------------------------------ */

/* An op that cannot be built is a pattern that does not apply, not an
 * error of the input. */
static bool swallow(void *user, const lt_diag_t *d) { return true; }

lt_value_t *lt_repl_op(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                       uint32_t n, lt_value_t *const *operands,
                       uint32_t num_attrs, const lt_named_attr_t *attrs) {
  for (uint32_t i = 0; i < n; i++)
    if (!operands[i]) return NULL;
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_op_t *op = lt_rw_create(rw, id, loc, n, operands, num_attrs, attrs, 1);
  lt_diag_pop_handler(ctx, h);
  return op ? lt_op_result(op, 0) : NULL;
}

lt_value_t *lt_repl_reshape(lt_rewriter_t *rw, lt_loc_t loc, lt_value_t *x,
                            uint32_t rank, const int64_t *shape) {
  lt_named_attr_t a =
      lt_rw_named_ints(lt_rewriter_context(rw), "shape", rank, shape);
  return lt_repl_op(rw, LT_LITE_RESHAPE, loc, 1, &x, 1, &a);
}

lt_value_t *lt_repl_slice(lt_rewriter_t *rw, lt_loc_t loc, lt_value_t *x,
                          int64_t axis, int64_t start, int64_t end) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t a[3] = {lt_rw_named_ints(ctx, "starts", 1, &start),
                          lt_rw_named_ints(ctx, "ends", 1, &end),
                          lt_rw_named_ints(ctx, "axes", 1, &axis)};
  return lt_repl_op(rw, LT_LITE_SLICE, loc, 1, &x, 3, a);
}

lt_value_t *lt_repl_const_gather(lt_rewriter_t *rw, lt_loc_t loc,
                                 const lk_tensor_t *src, int32_t rank,
                                 const int64_t *dims, const int64_t *index,
                                 const char *name_hint) {
  lk_tensor_t t;
  memset(&t, 0, sizeof t);
  t.dtype = src->dtype;
  t.rank = rank;
  for (int32_t d = 0; d < rank; d++)
    t.dims[d] = dims[d];
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  if (LT_FAILED(lt_lite_tensor_alloc(al, &t))) return NULL;
  int64_t n = lk_numel(&t);
  for (int64_t i = 0; i < n; i++)
    lk_copy_elem(&t, i, src, index ? index[i] : i);
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_value_t *v = lt_rw_constant(rw, loc, &t, name_hint);
  lt_diag_pop_handler(ctx, h);
  lt_lite_tensor_free(al, &t);
  return v;
}

lt_value_t *lt_repl_const_transpose(lt_rewriter_t *rw, lt_loc_t loc,
                                    const lk_tensor_t *src, int64_t rows,
                                    int64_t cols, int32_t rank,
                                    const int64_t *dims,
                                    const char *name_hint) {
  lt_allocator_t al = lt_context_allocator(lt_rewriter_context(rw));
  size_t size = (size_t)(rows * cols) * sizeof(int64_t);
  int64_t *index = lt_calloc(al, size);
  if (!index) return NULL;
  for (int64_t j = 0; j < cols; j++)
    for (int64_t i = 0; i < rows; i++)
      index[j * rows + i] = i * cols + j;
  lt_value_t *v =
      lt_repl_const_gather(rw, loc, src, rank, dims, index, name_hint);
  lt_free(al, index, size);
  return v;
}

lt_op_t *lt_repl_mark(lt_rewriter_t *rw) {
  lt_op_t *before = rw->b.before;
  return before ? before->prev : rw->b.block ? rw->b.block->last : NULL;
}

void lt_repl_undo(lt_rewriter_t *rw, lt_op_t *mark) {
  lt_op_t *before = rw->b.before;
  lt_op_t *last = before        ? before->prev
                  : rw->b.block ? rw->b.block->last
                                : NULL;
  while (last && last != mark) {
    lt_op_t *prev = last->prev;
    if (lt_op_use_empty(last)) lt_rewriter_erase_op(rw, last);
    last = prev;
  }
}

lt_result_t lt_repl_finish(lt_rewriter_t *rw, lt_op_t *op, lt_value_t *v,
                           lt_op_t *mark) {
  if (!v || v->type != lt_op_result(op, 0)->type) {
    lt_repl_undo(rw, mark);
    return LT_FAILURE;
  }
  lt_rewriter_replace_op(rw, op, &v);
  return LT_SUCCESS;
}

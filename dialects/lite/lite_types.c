/* lite_types.c - element types <-> kernel dtypes, constant attributes <->
 * tensors, and tensor storage. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/diagnostics.h"

lk_dtype_t lt_lite_dtype(const lt_type_t *t) {
  if (!t) return LK_DTYPE_NONE;
  switch (t->kind) {
  case LT_TYPE_F32: return LK_F32;
  case LT_TYPE_F64: return LK_F64;
  case LT_TYPE_F16: return LK_F16;
  case LT_TYPE_BF16: return LK_BF16;
  case LT_TYPE_INTEGER: {
    bool u = t->integer.signedness == LT_UNSIGNED;
    switch (t->integer.width) {
    case 1: return t->integer.signedness == LT_SIGNLESS ? LK_BOOL
                                                        : LK_DTYPE_NONE;
    case 8: return u ? LK_U8 : LK_I8;
    case 16: return u ? LK_U16 : LK_I16;
    case 32: return u ? LK_U32 : LK_I32;
    case 64: return u ? LK_U64 : LK_I64;
    default: return LK_DTYPE_NONE;
    }
  }
  default: return LK_DTYPE_NONE;
  }
}

const lt_type_t *lt_lite_element_type(lt_context_t *ctx, lk_dtype_t dtype) {
  switch (dtype) {
  case LK_F32: return lt_type_float(ctx, LT_TYPE_F32);
  case LK_F64: return lt_type_float(ctx, LT_TYPE_F64);
  case LK_F16: return lt_type_float(ctx, LT_TYPE_F16);
  case LK_BF16: return lt_type_float(ctx, LT_TYPE_BF16);
  case LK_I8: return lt_type_integer(ctx, 8, LT_SIGNLESS);
  case LK_I16: return lt_type_integer(ctx, 16, LT_SIGNLESS);
  case LK_I32: return lt_type_integer(ctx, 32, LT_SIGNLESS);
  case LK_I64: return lt_type_integer(ctx, 64, LT_SIGNLESS);
  case LK_U8: return lt_type_integer(ctx, 8, LT_UNSIGNED);
  case LK_U16: return lt_type_integer(ctx, 16, LT_UNSIGNED);
  case LK_U32: return lt_type_integer(ctx, 32, LT_UNSIGNED);
  case LK_U64: return lt_type_integer(ctx, 64, LT_UNSIGNED);
  case LK_BOOL: return lt_type_integer(ctx, 1, LT_SIGNLESS);
  default: return NULL;
  }
}

lt_result_t lt_lite_tensor_alloc(lt_allocator_t allocator, lk_tensor_t *t) {
  size_t n = lk_nbytes(t);
  /* Zero-sized tensors still get a distinct, freeable pointer. */
  t->data = lt_calloc(allocator, n ? n : 1);
  return t->data ? LT_SUCCESS : LT_FAILURE;
}

void lt_lite_tensor_free(lt_allocator_t allocator, lk_tensor_t *t) {
  if (!t->data) return;
  size_t n = lk_nbytes(t);
  lt_free(allocator, t->data, n ? n : 1);
  t->data = NULL;
}

lt_result_t lt_lite_attr_tensor(lt_context_t *ctx, lt_loc_t loc,
                                const lt_attr_t *a, lt_allocator_t allocator,
                                lk_tensor_t *out, bool *out_owned) {
  *out_owned = false;
  memset(out, 0, sizeof *out);
  if (!a || (a->kind != LT_ATTR_DENSE && a->kind != LT_ATTR_DENSE_RESOURCE) ||
      !a->type || a->type->kind != LT_TYPE_TENSOR)
    return lt_emit_error(ctx, loc, "expected a dense or dense_resource tensor "
                                   "attribute");
  const lt_type_t *t = a->type;
  out->dtype = lt_lite_dtype(t->shaped.element);
  if (out->dtype == LK_DTYPE_NONE)
    return lt_emit_error(ctx, loc, "unsupported constant element type");
  if (t->shaped.rank > LK_MAX_RANK)
    return lt_emit_error(ctx, loc, "constant of rank %u exceeds the maximum "
                                   "rank %d",
                         t->shaped.rank, LK_MAX_RANK);
  if (!lt_type_has_static_shape(t))
    return lt_emit_error(ctx, loc, "constant must have a static shape");
  out->rank = (int32_t)t->shaped.rank;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    out->dims[i] = t->shaped.shape[i];
  size_t need = lk_nbytes(out);
  if (a->kind == LT_ATTR_DENSE_RESOURCE) {
    lt_resource_t *r = a->resource.resource;
    if (!r || !r->has_data)
      return lt_emit_error(ctx, loc, "dense_resource<%s> has no data",
                           a->resource.name ? a->resource.name->str : "?");
    if (r->size != need)
      return lt_emit_error(ctx, loc, "dense_resource<%s> holds %zu bytes, "
                                     "its type needs %zu",
                           a->resource.name->str, r->size, need);
    out->data = r->data;
    return LT_SUCCESS;
  }
  if (!a->dense.splat || need == a->dense.size) {
    if (a->dense.size != need)
      return lt_emit_error(ctx, loc, "dense constant holds %zu bytes, its "
                                     "type needs %zu",
                           a->dense.size, need);
    out->data = (void *)a->dense.data;
    return LT_SUCCESS;
  }
  if (LT_FAILED(lt_lite_tensor_alloc(allocator, out)))
    return lt_emit_error(ctx, loc, "out of memory expanding a splat constant");
  size_t es = lk_dtype_size(out->dtype);
  int64_t n = lk_numel(out);
  for (int64_t i = 0; i < n; i++)
    memcpy((char *)out->data + (size_t)i * es, a->dense.data, es);
  *out_owned = true;
  return LT_SUCCESS;
}

const lt_attr_t *lt_lite_dense_attr(lt_context_t *ctx, const lt_type_t *type,
                                    const lk_tensor_t *t) {
  /* A splat is stored once. */
  size_t es = lk_dtype_size(t->dtype), size = lk_nbytes(t);
  bool splat = size > es;
  for (size_t off = es; splat && off < size; off += es)
    splat = memcmp((const char *)t->data + off, t->data, es) == 0;
  const lt_type_t *plain = lt_type_tensor(ctx, type->shaped.rank,
                                          type->shaped.shape,
                                          type->shaped.element, NULL);
  return lt_attr_dense(ctx, plain, t->data, splat ? es : size);
}

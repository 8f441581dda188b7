/* translate_types.c - IR types to LLVM types: index is i64, iN stays iN
 * (signedness lives in the ops), f16/bf16/f32/f64 are half/bfloat/float/
 * double, vector<NxT> is <N x T>. Memrefs have no LLVM type of their own:
 * they travel expanded (translate_memref.c). */
#include "codegen/llvm/translate_internal.h"

bool lt_cg_is_memref(const lt_type_t *t) {
  return t && t->kind == LT_TYPE_MEMREF;
}

LLVMTypeRef lt_cg_i64(lt_cg_t *cg) { return LLVMInt64TypeInContext(cg->llvm); }

LLVMTypeRef lt_cg_ptr(lt_cg_t *cg) {
  return LLVMPointerTypeInContext(cg->llvm, 0);
}

LLVMValueRef lt_cg_const_i64(lt_cg_t *cg, int64_t v) {
  return LLVMConstInt(lt_cg_i64(cg), (unsigned long long)v, true);
}

static LLVMTypeRef scalar_type(lt_cg_t *cg, const lt_type_t *t) {
  switch (t->kind) {
  case LT_TYPE_INTEGER:
    return LLVMIntTypeInContext(cg->llvm, t->integer.width);
  case LT_TYPE_INDEX:
    return lt_cg_i64(cg);
  case LT_TYPE_F16:
    return LLVMHalfTypeInContext(cg->llvm);
  case LT_TYPE_BF16:
    return LLVMBFloatTypeInContext(cg->llvm);
  case LT_TYPE_F32:
    return LLVMFloatTypeInContext(cg->llvm);
  case LT_TYPE_F64:
    return LLVMDoubleTypeInContext(cg->llvm);
  default:
    return NULL;
  }
}

LLVMTypeRef lt_cg_type(lt_cg_t *cg, const lt_type_t *t) {
  if (!t) return NULL;
  if (t->kind == LT_TYPE_VECTOR) {
    /* Only 1-D vectors: an n-D vector would be an array of vectors, which
     * none of the kernels we lower needs. */
    if (t->shaped.rank != 1 || t->shaped.shape[0] <= 0 ||
        t->shaped.shape[0] > 65536)
      return NULL;
    LLVMTypeRef e = scalar_type(cg, t->shaped.element);
    return e ? LLVMVectorType(e, (unsigned)t->shaped.shape[0]) : NULL;
  }
  return scalar_type(cg, t);
}

lt_result_t lt_cg_type_error(lt_op_t *op, const char *what,
                             const lt_type_t *t) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  bool nd = t->kind == LT_TYPE_VECTOR && t->shaped.rank != 1;
  lt_result_t r = lt_op_emit_error(
      op, "%s '%s' is not supported by the LLVM backend%s", what,
      sb.data ? sb.data : "",
      nd ? " (only 1-D vectors are)" : "");
  lt_strbuf_free(&sb);
  return r;
}

LLVMTypeRef lt_cg_type_or_error(lt_cg_t *cg, lt_op_t *op, const lt_type_t *t) {
  LLVMTypeRef ty = lt_cg_type(cg, t);
  if (!ty) lt_cg_type_error(op, "type", t);
  return ty;
}

bool lt_cg_memref_fits(const lt_type_t *t) {
  return lt_cg_is_memref(t) && t->shaped.rank <= LT_CG_MAX_RANK;
}

uint64_t lt_cg_elem_bytes(lt_cg_t *cg, const lt_type_t *element) {
  switch (element->kind) {
  case LT_TYPE_INTEGER:
    return element->integer.width <= 8 ? 1 : (element->integer.width + 7) / 8;
  case LT_TYPE_INDEX:
  case LT_TYPE_F64:
    return 8;
  case LT_TYPE_F16:
  case LT_TYPE_BF16:
    return 2;
  case LT_TYPE_F32:
    return 4;
  case LT_TYPE_VECTOR:
    return lt_cg_type(cg, element) ? lt_cg_elem_bytes(cg, element->shaped.element) *
                                         (uint64_t)element->shaped.shape[0]
                                   : 0;
  default:
    return 0;
  }
}

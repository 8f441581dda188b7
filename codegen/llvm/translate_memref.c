/* translate_memref.c - memrefs in expanded form (base pointer, offset,
 * sizes, strides; static parts are constants) and the memref ops: load,
 * store, alloca, subview, dim, cast, collapse_shape, expand_shape. An
 * element's address is base + (offset + sum(idx[d] * stride[d])) elements;
 * no descriptor struct exists, so a static shape costs nothing at run
 * time. */
#include <string.h>

#include "codegen/llvm/translate_internal.h"

/* ---- expanded form ---------------------------------------------------------- */

size_t lt_cg_memref_part_types(lt_cg_t *cg, const lt_type_t *t,
                               LLVMTypeRef *types) {
  int64_t strides[LT_CG_MAX_RANK], offset;
  lt_type_memref_strides(t, strides, &offset);
  size_t n = 0;
  types[n++] = lt_cg_ptr(cg);
  if (offset == LT_DYNAMIC) types[n++] = lt_cg_i64(cg);
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    if (t->shaped.shape[d] == LT_DYNAMIC) types[n++] = lt_cg_i64(cg);
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    if (strides[d] == LT_DYNAMIC) types[n++] = lt_cg_i64(cg);
  return n;
}

void lt_cg_memref_from_parts(lt_cg_t *cg, const lt_type_t *t,
                             LLVMValueRef const *vals, size_t *pos,
                             lt_cg_memref_t *m) {
  int64_t strides[LT_CG_MAX_RANK], offset;
  lt_type_memref_strides(t, strides, &offset);
  memset(m, 0, sizeof(*m));
  m->type = t;
  m->base = vals[(*pos)++];
  m->offset = offset == LT_DYNAMIC ? vals[(*pos)++] : lt_cg_const_i64(cg, offset);
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    m->sizes[d] = t->shaped.shape[d] == LT_DYNAMIC
                      ? vals[(*pos)++]
                      : lt_cg_const_i64(cg, t->shaped.shape[d]);
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    m->strides[d] = strides[d] == LT_DYNAMIC ? vals[(*pos)++]
                                             : lt_cg_const_i64(cg, strides[d]);
}

size_t lt_cg_memref_parts(const lt_cg_t *cg, const lt_cg_memref_t *m,
                          LLVMValueRef *vals) {
  int64_t strides[LT_CG_MAX_RANK], offset;
  const lt_type_t *t = m->type;
  lt_type_memref_strides(t, strides, &offset);
  size_t n = 0;
  vals[n++] = m->base;
  if (offset == LT_DYNAMIC) vals[n++] = m->offset;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    if (t->shaped.shape[d] == LT_DYNAMIC) vals[n++] = m->sizes[d];
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    if (strides[d] == LT_DYNAMIC) vals[n++] = m->strides[d];
  return n;
}

/* Gives m the type t, taking t's static parts as constants: a cast or a
 * subview's result type may know more than the computation. */
static void retype(lt_cg_t *cg, lt_cg_memref_t *m, const lt_type_t *t) {
  int64_t strides[LT_CG_MAX_RANK], offset;
  lt_type_memref_strides(t, strides, &offset);
  m->type = t;
  if (offset != LT_DYNAMIC) m->offset = lt_cg_const_i64(cg, offset);
  for (uint32_t d = 0; d < t->shaped.rank; d++) {
    if (t->shaped.shape[d] != LT_DYNAMIC)
      m->sizes[d] = lt_cg_const_i64(cg, t->shaped.shape[d]);
    if (strides[d] != LT_DYNAMIC)
      m->strides[d] = lt_cg_const_i64(cg, strides[d]);
  }
}

LLVMValueRef lt_cg_memref_address(lt_cg_t *cg, const lt_cg_memref_t *m,
                                  LLVMValueRef const *idx) {
  LLVMValueRef lin = m->offset;
  for (uint32_t d = 0; d < m->type->shaped.rank; d++) {
    LLVMValueRef term = LLVMBuildNSWMul(cg->b, idx[d], m->strides[d], "");
    lin = LLVMBuildNSWAdd(cg->b, lin, term, "");
  }
  LLVMTypeRef ety = lt_cg_type(cg, m->type->shaped.element);
  return LLVMBuildInBoundsGEP2(cg->b, ety, m->base, &lin, 1, "");
}

/* ---- ops ------------------------------------------------------------------------ */

static lt_result_t indices(lt_cg_t *cg, lt_op_t *op, uint32_t first,
                           const lt_cg_memref_t *m, LLVMValueRef *idx) {
  uint32_t rank = m->type->shaped.rank;
  if (op->num_operands != first + rank)
    return lt_op_emit_error(op, "expected %u indices for a memref of rank %u",
                            rank, rank);
  for (uint32_t d = 0; d < rank; d++)
    if (!(idx[d] = lt_cg_operand(cg, op, first + d))) return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t emit_load(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *m = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  LLVMValueRef idx[LT_CG_MAX_RANK];
  if (!m || LT_FAILED(indices(cg, op, 1, m, idx))) return LT_FAILURE;
  LLVMTypeRef ety = lt_cg_type_or_error(cg, op, m->type->shaped.element);
  if (!ety) return LT_FAILURE;
  LLVMValueRef v =
      LLVMBuildLoad2(cg->b, ety, lt_cg_memref_address(cg, m, idx), "");
  return lt_cg_map(cg, lt_op_result(op, 0), v);
}

static lt_result_t emit_store(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  const lt_cg_memref_t *m =
      v && op->num_operands > 1 ? lt_cg_get_memref(cg, op, lt_op_operand(op, 1))
                                : NULL;
  LLVMValueRef idx[LT_CG_MAX_RANK];
  if (!m || LT_FAILED(indices(cg, op, 2, m, idx))) return LT_FAILURE;
  LLVMBuildStore(cg->b, v, lt_cg_memref_address(cg, m, idx));
  return LT_SUCCESS;
}

static lt_result_t emit_alloca(lt_cg_t *cg, lt_op_t *op) {
  const lt_type_t *t = lt_op_result(op, 0)->type;
  if (!lt_cg_memref_fits(t) || t->shaped.strides)
    return lt_cg_type_error(op, "result type", t);
  LLVMTypeRef ety = lt_cg_type_or_error(cg, op, t->shaped.element);
  if (!ety) return LT_FAILURE;
  lt_cg_memref_t m = {.type = t, .offset = lt_cg_const_i64(cg, 0)};
  uint32_t next = 0, rank = t->shaped.rank;
  for (uint32_t d = 0; d < rank; d++) {
    if (t->shaped.shape[d] != LT_DYNAMIC) {
      m.sizes[d] = lt_cg_const_i64(cg, t->shaped.shape[d]);
      continue;
    }
    if (next >= op->num_operands)
      return lt_op_emit_error(op, "needs one size operand per dynamic dim");
    if (!(m.sizes[d] = lt_cg_operand(cg, op, next++))) return LT_FAILURE;
  }
  LLVMValueRef count = lt_cg_const_i64(cg, 1);
  for (uint32_t d = rank; d-- > 0;) {
    m.strides[d] = count;
    count = LLVMBuildMul(cg->b, count, m.sizes[d], "");
  }
  bool is_static = LLVMIsConstant(count);
  /* Static allocas go to the entry block, where mem2reg and the frame
   * layout see them; a dynamic one stays where it is (MLIR's semantics:
   * freed when the function returns). */
  m.base = is_static ? lt_cg_entry_alloca(cg, ety, count, "alloca")
                     : LLVMBuildArrayAlloca(cg->b, ety, count, "alloca");
  const lt_attr_t *align = lt_op_attr(op, "alignment");
  if (align && align->kind == LT_ATTR_INTEGER && align->i > 0 &&
      align->i <= 4096)
    LLVMSetAlignment(m.base, (unsigned)align->i);
  return lt_cg_map_memref(cg, lt_op_result(op, 0), &m);
}

/* The static_offsets/sizes/strides array of a subview. */
static const lt_attr_t *static_array(lt_op_t *op, const char *name,
                                     uint32_t rank) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (!a || a->kind != LT_ATTR_DENSE_ARRAY) return NULL;
  size_t es = lt_dense_element_size(a->type);
  if (!es || a->dense.size / es != rank) return NULL;
  return a;
}

static lt_result_t emit_subview(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *src = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  if (!src) return LT_FAILURE;
  uint32_t rank = src->type->shaped.rank;
  const lt_attr_t *arrays[3] = {static_array(op, "static_offsets", rank),
                                static_array(op, "static_sizes", rank),
                                static_array(op, "static_strides", rank)};
  if (!arrays[0] || !arrays[1] || !arrays[2])
    return lt_op_emit_error(op, "expected static_offsets, static_sizes and "
                                "static_strides arrays of %u entries",
                            rank);
  LLVMValueRef vals[3][LT_CG_MAX_RANK];
  uint32_t next = 1;
  for (int k = 0; k < 3; k++)
    for (uint32_t d = 0; d < rank; d++) {
      int64_t s = lt_attr_dense_int(arrays[k], d);
      if (s != LT_DYNAMIC) {
        vals[k][d] = lt_cg_const_i64(cg, s);
      } else if (next >= op->num_operands) {
        return lt_op_emit_error(op, "has fewer dynamic operands than its "
                                    "static arrays' dynamic entries");
      } else if (!(vals[k][d] = lt_cg_operand(cg, op, next++))) {
        return LT_FAILURE;
      }
    }
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  if (!lt_cg_memref_fits(rt) || rt->shaped.rank > rank)
    return lt_cg_type_error(op, "result type", rt);
  lt_cg_memref_t m = {.type = rt, .base = src->base, .offset = src->offset};
  for (uint32_t d = 0; d < rank; d++)
    m.offset = LLVMBuildAdd(
        cg->b, m.offset, LLVMBuildMul(cg->b, vals[0][d], src->strides[d], ""),
        "");
  /* A rank-reducing subview drops unit dims, leftmost first, while the
   * result has fewer dims left than the source. */
  uint32_t k = 0, result_rank = rt->shaped.rank;
  for (uint32_t d = 0; d < rank; d++) {
    bool unit = lt_attr_dense_int(arrays[1], d) == 1;
    if (unit && result_rank - k < rank - d) continue;
    if (k >= result_rank)
      return lt_op_emit_error(op, "result rank does not match its sizes");
    m.sizes[k] = vals[1][d];
    m.strides[k] = LLVMBuildMul(cg->b, src->strides[d], vals[2][d], "");
    k++;
  }
  if (k != result_rank)
    return lt_op_emit_error(op, "result rank does not match its sizes");
  retype(cg, &m, rt);
  return lt_cg_map_memref(cg, lt_op_result(op, 0), &m);
}

static lt_result_t emit_dim(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *m = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  LLVMValueRef idx = m ? lt_cg_operand(cg, op, 1) : NULL;
  if (!idx) return LT_FAILURE;
  uint32_t rank = m->type->shaped.rank;
  LLVMValueRef v;
  if (LLVMIsAConstantInt(idx)) {
    long long d = LLVMConstIntGetSExtValue(idx);
    if (d < 0 || d >= (long long)rank)
      return lt_op_emit_error(op, "index %lld is out of range for a memref "
                                  "of rank %u", d, rank);
    v = m->sizes[d];
  } else {
    /* An index known only at run time: pick among the sizes (an
     * out-of-range index gives poison, as MLIR's dim is undefined then). */
    v = LLVMGetPoison(lt_cg_i64(cg));
    for (uint32_t d = 0; d < rank; d++) {
      LLVMValueRef is = LLVMBuildICmp(cg->b, LLVMIntEQ, idx,
                                      lt_cg_const_i64(cg, d), "");
      v = LLVMBuildSelect(cg->b, is, m->sizes[d], v, "");
    }
  }
  return lt_cg_map(cg, lt_op_result(op, 0), v);
}

static lt_result_t emit_cast(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *src = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  if (!src) return LT_FAILURE;
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  if (!lt_cg_memref_fits(rt) || rt->shaped.rank != src->type->shaped.rank)
    return lt_cg_type_error(op, "result type", rt);
  lt_cg_memref_t m = *src;
  retype(cg, &m, rt);
  return lt_cg_map_memref(cg, lt_op_result(op, 0), &m);
}

/* collapse_shape / expand_shape of an identity-layout (contiguous) memref:
 * the same base and offset, the result's sizes (a collapsed dim the
 * product of its group's, an expanded one its static size or, for the one
 * dynamic dim of a group, the source dim over the group's static ones) and
 * row-major strides recomputed from them. */
static lt_result_t emit_reshape(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *src = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  if (!src) return LT_FAILURE;
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  const lt_attr_t *re = lt_op_attr(op, "reassociation");
  bool collapse = strcmp(lt_op_name(op), "memref.collapse_shape") == 0;
  if (!lt_cg_memref_fits(rt) || rt->shaped.strides || src->type->shaped.strides)
    return lt_cg_type_error(op, "result type", rt);
  if (!re || re->kind != LT_ATTR_ARRAY)
    return lt_op_emit_error(op, "requires 'reassociation' groups");
  const lt_type_t *small = collapse ? rt : src->type;
  if (re->array.count != small->shaped.rank)
    return lt_op_emit_error(op, "has %u reassociation groups for rank %u",
                            re->array.count, small->shaped.rank);
  lt_cg_memref_t m = {.type = rt, .base = src->base, .offset = src->offset};
  uint32_t big = 0;
  for (uint32_t g = 0; g < re->array.count; g++) {
    const lt_attr_t *grp = re->array.elems[g];
    if (grp->kind != LT_ATTR_ARRAY)
      return lt_op_emit_error(op, "requires 'reassociation' groups");
    if (collapse) {
      LLVMValueRef size = lt_cg_const_i64(cg, 1);
      for (uint32_t j = 0; j < grp->array.count; j++, big++) {
        if (big >= src->type->shaped.rank)
          return lt_op_emit_error(op, "reassociation passes the rank");
        size = LLVMBuildMul(cg->b, size, src->sizes[big], "");
      }
      m.sizes[g] = size;
      continue;
    }
    /* expand: the group's static sizes, and its dynamic one from them. */
    int64_t known = 1;
    int32_t dyn = -1;
    for (uint32_t j = 0; j < grp->array.count; j++, big++) {
      if (big >= rt->shaped.rank)
        return lt_op_emit_error(op, "reassociation passes the rank");
      int64_t s = rt->shaped.shape[big];
      if (s == LT_DYNAMIC) dyn = (int32_t)big;
      else known *= s;
      m.sizes[big] = lt_cg_const_i64(cg, s == LT_DYNAMIC ? 1 : s);
    }
    if (dyn >= 0)
      m.sizes[dyn] = LLVMBuildSDiv(cg->b, src->sizes[g],
                                   lt_cg_const_i64(cg, known), "");
  }
  LLVMValueRef stride = lt_cg_const_i64(cg, 1);
  for (uint32_t d = rt->shaped.rank; d-- > 0;) {
    m.strides[d] = stride;
    stride = LLVMBuildMul(cg->b, stride, m.sizes[d], "");
  }
  retype(cg, &m, rt);
  return lt_cg_map_memref(cg, lt_op_result(op, 0), &m);
}

const lt_cg_rule_t lt_cg_memref_rules[] = {
    {"memref.load", emit_load},       {"memref.store", emit_store},
    {"memref.alloca", emit_alloca},   {"memref.subview", emit_subview},
    {"memref.dim", emit_dim},         {"memref.cast", emit_cast},
    {"memref.collapse_shape", emit_reshape},
    {"memref.expand_shape", emit_reshape},
};
const size_t lt_cg_num_memref_rules = LT_ARRAY_SIZE(lt_cg_memref_rules);

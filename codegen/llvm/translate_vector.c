/* translate_vector.c - the vector dialect on 1-D vectors: load/store,
 * broadcast/splat, fma, reduction, transfer_read/write, extract/insert.
 * Memory accesses are aligned to the element only (memrefs promise no
 * more). Transfers: in bounds and unit stride -> a plain vector load/store;
 * out of bounds -> llvm.masked.load/store with the lanes past the dim's
 * size masked off; a non-unit or dynamic stride -> masked gather/scatter;
 * a broadcast dim (constant 0 in the permutation map) -> one scalar load,
 * splat. Float add/mul reductions are reassociated into a tree of
 * shuffles (vector.reduction's order is unspecified for them). */
#include <string.h>

#include "codegen/llvm/translate_internal.h"

static LLVMTypeRef i32_type(lt_cg_t *cg) {
  return LLVMInt32TypeInContext(cg->llvm);
}

static unsigned elem_align(lt_cg_t *cg, const lt_cg_memref_t *m) {
  return (unsigned)lt_cg_elem_bytes(cg, m->type->shaped.element);
}

static LLVMValueRef splat(lt_cg_t *cg, LLVMValueRef scalar, LLVMTypeRef vty) {
  unsigned n = LLVMGetVectorSize(vty);
  LLVMValueRef undef = LLVMGetUndef(vty);
  LLVMValueRef one = LLVMBuildInsertElement(
      cg->b, undef, scalar, LLVMConstNull(i32_type(cg)), "");
  LLVMValueRef mask = LLVMConstNull(LLVMVectorType(i32_type(cg), n));
  return LLVMBuildShuffleVector(cg->b, one, undef, mask, "splat");
}

static lt_result_t result(lt_cg_t *cg, lt_op_t *op, LLVMValueRef v) {
  return lt_cg_map(cg, lt_op_result(op, 0), v);
}

/* Indices operands [first, first + rank) of op. */
static lt_result_t indices(lt_cg_t *cg, lt_op_t *op, uint32_t first,
                           uint32_t count, const lt_cg_memref_t *m,
                           LLVMValueRef *idx) {
  uint32_t rank = m->type->shaped.rank;
  if (count != rank || first + count > op->num_operands)
    return lt_op_emit_error(op, "expected %u indices for a memref of rank %u",
                            rank, rank);
  for (uint32_t d = 0; d < rank; d++)
    if (!(idx[d] = lt_cg_operand(cg, op, first + d))) return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t emit_load(lt_cg_t *cg, lt_op_t *op) {
  const lt_cg_memref_t *m = lt_cg_get_memref(cg, op, lt_op_operand(op, 0));
  LLVMValueRef idx[LT_CG_MAX_RANK];
  if (!m || LT_FAILED(indices(cg, op, 1, op->num_operands - 1, m, idx)))
    return LT_FAILURE;
  LLVMTypeRef vty = lt_cg_type_or_error(cg, op, lt_op_result(op, 0)->type);
  if (!vty) return LT_FAILURE;
  LLVMValueRef v =
      LLVMBuildLoad2(cg->b, vty, lt_cg_memref_address(cg, m, idx), "vload");
  LLVMSetAlignment(v, elem_align(cg, m));
  return result(cg, op, v);
}

static lt_result_t emit_store(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  const lt_cg_memref_t *m =
      v && op->num_operands > 1 ? lt_cg_get_memref(cg, op, lt_op_operand(op, 1))
                                : NULL;
  LLVMValueRef idx[LT_CG_MAX_RANK];
  if (!m || LT_FAILED(indices(cg, op, 2, op->num_operands - 2, m, idx)))
    return LT_FAILURE;
  LLVMValueRef st = LLVMBuildStore(cg->b, v, lt_cg_memref_address(cg, m, idx));
  LLVMSetAlignment(st, elem_align(cg, m));
  return LT_SUCCESS;
}

static lt_result_t emit_broadcast(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  LLVMTypeRef vty = v ? lt_cg_type_or_error(cg, op, lt_op_result(op, 0)->type)
                      : NULL;
  if (!vty) return LT_FAILURE;
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind) {
    if (LLVMTypeOf(v) == vty) return result(cg, op, v);
    return lt_op_emit_error(op, "broadcasts between vector shapes are not "
                                "supported by the LLVM backend");
  }
  return result(cg, op, splat(cg, v, vty));
}

static lt_result_t emit_fma(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef args[3];
  for (uint32_t i = 0; i < 3; i++)
    if (!(args[i] = lt_cg_operand(cg, op, i))) return LT_FAILURE;
  LLVMTypeRef ty = LLVMTypeOf(args[0]);
  return result(cg, op, lt_cg_intrinsic(cg, "llvm.fma", &ty, 1, args, 3));
}

/* ---- reduction ---------------------------------------------------------------- */

typedef enum red_kind {
  RED_ADD, RED_MUL, RED_MINUI, RED_MINSI, RED_MINF, RED_MAXUI, RED_MAXSI,
  RED_MAXF, RED_AND, RED_OR, RED_XOR, RED_COUNT
} red_kind_t;

static const char *const k_red_names[RED_COUNT] = {
    "add", "mul", "minui", "minsi", "minf", "maxui",
    "maxsi", "maxf", "and", "or", "xor"};

/* The kind of `#vector.kind<add>`, read from the attribute's text so that
 * it works for the vector dialect's attribute and an opaque one alike. */
static bool reduction_kind(const lt_attr_t *a, red_kind_t *out) {
  if (!a) return false;
  lt_strbuf_t sb = {0};
  lt_attr_print(a, &sb);
  const char *s = sb.data ? strstr(sb.data, "kind<") : NULL;
  bool found = false;
  if (s) {
    s += 5;
    for (int k = 0; k < RED_COUNT && !found; k++) {
      size_t n = strlen(k_red_names[k]);
      if (strncmp(s, k_red_names[k], n) == 0 && s[n] == '>') {
        *out = (red_kind_t)k;
        found = true;
      }
    }
  }
  lt_strbuf_free(&sb);
  return found;
}

static LLVMValueRef combine(lt_cg_t *cg, red_kind_t k, LLVMValueRef a,
                            LLVMValueRef b) {
  LLVMBuilderRef B = cg->b;
  bool fp = LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMVectorTypeKind
                ? LLVMGetTypeKind(LLVMGetElementType(LLVMTypeOf(a))) !=
                      LLVMIntegerTypeKind
                : LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind;
  switch (k) {
  case RED_ADD: return fp ? LLVMBuildFAdd(B, a, b, "") : LLVMBuildAdd(B, a, b, "");
  case RED_MUL: return fp ? LLVMBuildFMul(B, a, b, "") : LLVMBuildMul(B, a, b, "");
  case RED_MINF: return lt_cg_fmin(cg, a, b);
  case RED_MAXF: return lt_cg_fmax(cg, a, b);
  case RED_AND: return LLVMBuildAnd(B, a, b, "");
  case RED_OR: return LLVMBuildOr(B, a, b, "");
  case RED_XOR: return LLVMBuildXor(B, a, b, "");
  default: {
    LLVMIntPredicate p = k == RED_MINUI   ? LLVMIntULT
                         : k == RED_MINSI ? LLVMIntSLT
                         : k == RED_MAXUI ? LLVMIntUGT
                                          : LLVMIntSGT;
    return LLVMBuildSelect(B, LLVMBuildICmp(B, p, a, b, ""), a, b, "");
  }
  }
}

static lt_result_t emit_reduction(lt_cg_t *cg, lt_op_t *op) {
  red_kind_t kind;
  if (!reduction_kind(lt_op_attr(op, "kind"), &kind))
    return lt_op_emit_error(op, "requires a 'kind' attribute "
                                "(#vector.kind<add|mul|minf|maxf|...>)");
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  if (!v) return LT_FAILURE;
  LLVMTypeRef vty = LLVMTypeOf(v);
  if (LLVMGetTypeKind(vty) != LLVMVectorTypeKind)
    return lt_op_emit_error(op, "expects a vector operand");
  unsigned n = LLVMGetVectorSize(vty);
  /* A tree while the width is even, then lane by lane. */
  while (n > 1 && n % 2 == 0) {
    LLVMValueRef lo_idx[512], hi_idx[512];
    if (n / 2 > LT_ARRAY_SIZE(lo_idx)) break;
    for (unsigned i = 0; i < n / 2; i++) {
      lo_idx[i] = LLVMConstInt(i32_type(cg), i, false);
      hi_idx[i] = LLVMConstInt(i32_type(cg), n / 2 + i, false);
    }
    LLVMValueRef undef = LLVMGetUndef(LLVMTypeOf(v));
    LLVMValueRef lo = LLVMBuildShuffleVector(cg->b, v, undef,
                                             LLVMConstVector(lo_idx, n / 2), "");
    LLVMValueRef hi = LLVMBuildShuffleVector(cg->b, v, undef,
                                             LLVMConstVector(hi_idx, n / 2), "");
    v = combine(cg, kind, lo, hi);
    n /= 2;
  }
  LLVMValueRef acc = LLVMBuildExtractElement(
      cg->b, v, LLVMConstNull(i32_type(cg)), "");
  for (unsigned i = 1; i < n; i++)
    acc = combine(cg, kind, acc,
                  LLVMBuildExtractElement(
                      cg->b, v, LLVMConstInt(i32_type(cg), i, false), ""));
  if (op->num_operands > 1) {
    LLVMValueRef init = lt_cg_operand(cg, op, 1);
    if (!init) return LT_FAILURE;
    acc = combine(cg, kind, init, acc);
  }
  return result(cg, op, acc);
}

/* ---- transfers -------------------------------------------------------------- */

typedef struct transfer {
  const lt_cg_memref_t *m;
  LLVMValueRef idx[LT_CG_MAX_RANK];
  LLVMTypeRef vty;
  int32_t dim;    /* the memref dim the vector runs along; -1: broadcast */
  bool in_bounds;
  LLVMValueRef mask; /* the op's own mask operand, or NULL */
} transfer_t;

/* Reads the permutation map, in_bounds and the operand groups of a
 * transfer: segments {source, indices, padding, mask} for a read,
 * {vector, dest, indices, mask} for a write. */
static lt_result_t transfer_parse(lt_cg_t *cg, lt_op_t *op, bool write,
                                  transfer_t *t) {
  memset(t, 0, sizeof(*t));
  const lt_attr_t *seg = lt_op_attr(op, "operand_segment_sizes");
  if (!seg || seg->kind != LT_ATTR_DENSE_ARRAY || seg->dense.size != 16)
    return lt_op_emit_error(op, "requires 'operand_segment_sizes' of four "
                                "groups");
  int64_t g[4];
  for (int i = 0; i < 4; i++)
    g[i] = lt_attr_dense_int(seg, i);
  if (g[0] != 1 || g[1] < 0 || g[2] < 0 || g[3] < 0 || g[3] > 1 ||
      g[0] + g[1] + g[2] + g[3] != op->num_operands || (!write && g[2] != 1) ||
      (write && g[1] != 1))
    return lt_op_emit_error(op, "has malformed operand_segment_sizes");
  uint32_t mem = write ? 1 : 0, first = write ? 2 : 1;
  uint32_t count = (uint32_t)(write ? g[2] : g[1]);
  t->m = lt_cg_get_memref(cg, op, lt_op_operand(op, mem));
  if (!t->m || LT_FAILED(indices(cg, op, first, count, t->m, t->idx)))
    return LT_FAILURE;
  const lt_type_t *vt = write ? lt_op_operand(op, 0)->type
                              : lt_op_result(op, 0)->type;
  if (!(t->vty = lt_cg_type_or_error(cg, op, vt))) return LT_FAILURE;
  uint32_t rank = t->m->type->shaped.rank;
  t->dim = (int32_t)rank - 1;
  const lt_attr_t *map = lt_op_attr(op, "permutation_map");
  if (map) {
    if (map->kind != LT_ATTR_AFFINE_MAP || map->affine_map.num_results != 1 ||
        map->affine_map.num_dims != rank)
      return lt_op_emit_error(op, "supports permutation maps with one result "
                                  "over the memref's dims only");
    t->dim = map->affine_map.results[0];
  }
  if (rank == 0) t->dim = -1;
  const lt_attr_t *ib = lt_op_attr(op, "in_bounds");
  /* A broadcast dim reads one element: in bounds by definition. */
  t->in_bounds = t->dim < 0 ||
                 (ib && ib->kind == LT_ATTR_ARRAY && ib->array.count == 1 &&
                  ib->array.elems[0]->kind == LT_ATTR_BOOL &&
                  ib->array.elems[0]->b);
  if (g[3]) {
    t->mask = lt_cg_operand(cg, op, op->num_operands - 1);
    if (!t->mask) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* <0, 1, ..., n-1> of the index type. */
static LLVMValueRef lane_ids(lt_cg_t *cg, unsigned n) {
  LLVMValueRef ids[1024];
  for (unsigned i = 0; i < n && i < LT_ARRAY_SIZE(ids); i++)
    ids[i] = lt_cg_const_i64(cg, i);
  return LLVMConstVector(ids, n);
}

/* The lanes in bounds (idx + lane < size along the dim), and the op's mask. */
static LLVMValueRef lane_mask(lt_cg_t *cg, const transfer_t *t) {
  unsigned n = LLVMGetVectorSize(t->vty);
  LLVMValueRef mask = t->mask;
  if (!t->in_bounds) {
    LLVMTypeRef iv = LLVMVectorType(lt_cg_i64(cg), n);
    LLVMValueRef pos = LLVMBuildAdd(cg->b, splat(cg, t->idx[t->dim], iv),
                                    lane_ids(cg, n), "");
    LLVMValueRef inb = LLVMBuildICmp(cg->b, LLVMIntSLT, pos,
                                     splat(cg, t->m->sizes[t->dim], iv), "");
    mask = mask ? LLVMBuildAnd(cg->b, mask, inb, "") : inb;
  }
  return mask;
}

/* The addresses of the lanes (for gather/scatter). */
static LLVMValueRef lane_ptrs(lt_cg_t *cg, const transfer_t *t) {
  unsigned n = LLVMGetVectorSize(t->vty);
  LLVMTypeRef iv = LLVMVectorType(lt_cg_i64(cg), n);
  LLVMValueRef first = lt_cg_memref_address(cg, t->m, t->idx);
  LLVMValueRef off = LLVMBuildMul(cg->b, lane_ids(cg, n),
                                  splat(cg, t->m->strides[t->dim], iv), "");
  LLVMTypeRef ety = LLVMGetElementType(t->vty);
  return LLVMBuildGEP2(cg->b, ety, first, &off, 1, "lanes");
}

static bool unit_stride(const transfer_t *t) {
  LLVMValueRef s = t->m->strides[t->dim];
  return LLVMIsAConstantInt(s) && LLVMConstIntGetSExtValue(s) == 1;
}

static lt_result_t emit_transfer_read(lt_cg_t *cg, lt_op_t *op) {
  transfer_t t;
  if (LT_FAILED(transfer_parse(cg, op, false, &t))) return LT_FAILURE;
  LLVMValueRef pad = lt_cg_operand(cg, op, op->num_operands - 1 - (t.mask ? 1 : 0));
  if (!pad) return LT_FAILURE;
  LLVMValueRef passthru = splat(cg, pad, t.vty);
  unsigned align = elem_align(cg, t.m);
  LLVMTypeRef ety = LLVMGetElementType(t.vty);
  LLVMTypeRef i32 = i32_type(cg);
  if (t.dim < 0) {
    LLVMValueRef s = LLVMBuildLoad2(cg->b, ety,
                                    lt_cg_memref_address(cg, t.m, t.idx), "");
    LLVMSetAlignment(s, align);
    LLVMValueRef v = splat(cg, s, t.vty);
    if (t.mask) v = LLVMBuildSelect(cg->b, t.mask, v, passthru, "");
    return result(cg, op, v);
  }
  LLVMValueRef mask = lane_mask(cg, &t);
  LLVMValueRef v;
  if (unit_stride(&t) && !mask) {
    v = LLVMBuildLoad2(cg->b, t.vty, lt_cg_memref_address(cg, t.m, t.idx), "");
    LLVMSetAlignment(v, align);
  } else {
    if (!mask) mask = LLVMConstAllOnes(LLVMVectorType(LLVMInt1TypeInContext(cg->llvm),
                                                      LLVMGetVectorSize(t.vty)));
    LLVMTypeRef ptr = lt_cg_ptr(cg);
    if (unit_stride(&t)) {
      LLVMValueRef args[4] = {lt_cg_memref_address(cg, t.m, t.idx),
                              LLVMConstInt(i32, align, false), mask, passthru};
      LLVMTypeRef tys[2] = {t.vty, ptr};
      v = lt_cg_intrinsic(cg, "llvm.masked.load", tys, 2, args, 4);
    } else {
      LLVMValueRef ptrs = lane_ptrs(cg, &t);
      LLVMValueRef args[4] = {ptrs, LLVMConstInt(i32, align, false), mask,
                              passthru};
      LLVMTypeRef tys[2] = {t.vty, LLVMTypeOf(ptrs)};
      v = lt_cg_intrinsic(cg, "llvm.masked.gather", tys, 2, args, 4);
    }
  }
  return result(cg, op, v);
}

static lt_result_t emit_transfer_write(lt_cg_t *cg, lt_op_t *op) {
  transfer_t t;
  if (LT_FAILED(transfer_parse(cg, op, true, &t))) return LT_FAILURE;
  if (t.dim < 0)
    return lt_op_emit_error(op, "broadcast dims in a transfer_write's "
                                "permutation map are not supported");
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  if (!v) return LT_FAILURE;
  unsigned align = elem_align(cg, t.m);
  LLVMTypeRef i32 = i32_type(cg);
  LLVMValueRef mask = lane_mask(cg, &t);
  if (unit_stride(&t) && !mask) {
    LLVMValueRef st = LLVMBuildStore(cg->b, v,
                                     lt_cg_memref_address(cg, t.m, t.idx));
    LLVMSetAlignment(st, align);
    return LT_SUCCESS;
  }
  if (!mask) mask = LLVMConstAllOnes(LLVMVectorType(LLVMInt1TypeInContext(cg->llvm),
                                                    LLVMGetVectorSize(t.vty)));
  if (unit_stride(&t)) {
    LLVMValueRef p = lt_cg_memref_address(cg, t.m, t.idx);
    LLVMValueRef args[4] = {v, p, LLVMConstInt(i32, align, false), mask};
    LLVMTypeRef tys[2] = {t.vty, lt_cg_ptr(cg)};
    lt_cg_intrinsic(cg, "llvm.masked.store", tys, 2, args, 4);
  } else {
    LLVMValueRef ptrs = lane_ptrs(cg, &t);
    LLVMValueRef args[4] = {v, ptrs, LLVMConstInt(i32, align, false), mask};
    LLVMTypeRef tys[2] = {t.vty, LLVMTypeOf(ptrs)};
    lt_cg_intrinsic(cg, "llvm.masked.scatter", tys, 2, args, 4);
  }
  return LT_SUCCESS;
}

/* ---- elements ------------------------------------------------------------------ */

static lt_result_t emit_extractelement(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  if (!v) return LT_FAILURE;
  LLVMValueRef pos = op->num_operands > 1 ? lt_cg_operand(cg, op, 1)
                                          : LLVMConstNull(i32_type(cg));
  return pos ? result(cg, op, LLVMBuildExtractElement(cg->b, v, pos, ""))
             : LT_FAILURE;
}

static lt_result_t emit_insertelement(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef s = lt_cg_operand(cg, op, 0);
  LLVMValueRef v = s ? lt_cg_operand(cg, op, 1) : NULL;
  if (!v) return LT_FAILURE;
  LLVMValueRef pos = op->num_operands > 2 ? lt_cg_operand(cg, op, 2)
                                          : LLVMConstNull(i32_type(cg));
  return pos ? result(cg, op, LLVMBuildInsertElement(cg->b, v, s, pos, ""))
             : LT_FAILURE;
}

const lt_cg_rule_t lt_cg_vector_rules[] = {
    {"vector.load", emit_load},
    {"vector.store", emit_store},
    {"vector.broadcast", emit_broadcast},
    {"vector.splat", emit_broadcast},
    {"vector.fma", emit_fma},
    {"vector.reduction", emit_reduction},
    {"vector.transfer_read", emit_transfer_read},
    {"vector.transfer_write", emit_transfer_write},
    {"vector.extractelement", emit_extractelement},
    {"vector.insertelement", emit_insertelement},
};
const size_t lt_cg_num_vector_rules = LT_ARRAY_SIZE(lt_cg_vector_rules);

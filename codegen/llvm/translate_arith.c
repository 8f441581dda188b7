/* translate_arith.c - the arith dialect: constants (scalars, dense vectors),
 * integer and float arithmetic, comparisons, select and casts, on scalars
 * and 1-D vectors alike (LLVM's instructions take both). arith.maxf/minf
 * follow MLIR 16's documented semantics: a NaN operand gives NaN (upstream
 * lowers them to llvm.maxnum, which would return the other operand); the
 * sign of a zero result of max(-0, +0) is unspecified. bf16 arithmetic is
 * refused: extend to f32 first. */
#include <string.h>

#include "codegen/llvm/translate_internal.h"

/* ---- shared helpers ----------------------------------------------------------- */

LLVMValueRef lt_cg_splat_const(LLVMTypeRef ty, LLVMValueRef c) {
  if (LLVMGetTypeKind(ty) != LLVMVectorTypeKind) return c;
  unsigned n = LLVMGetVectorSize(ty);
  LLVMValueRef elems[256];
  if (n <= LT_ARRAY_SIZE(elems)) {
    for (unsigned i = 0; i < n; i++)
      elems[i] = c;
    return LLVMConstVector(elems, n);
  }
  /* Wide vectors: a shuffle of an insert folds to the same splat. */
  LLVMValueRef undef = LLVMGetUndef(ty);
  LLVMValueRef zero = LLVMConstInt(LLVMInt32Type(), 0, false);
  LLVMValueRef one = LLVMConstInsertElement(undef, c, zero);
  LLVMValueRef mask = LLVMConstNull(LLVMVectorType(LLVMInt32Type(), n));
  return LLVMConstShuffleVector(one, undef, mask);
}

LLVMValueRef lt_cg_const_real(LLVMTypeRef ty, double v) {
  LLVMTypeRef e = LLVMGetTypeKind(ty) == LLVMVectorTypeKind
                      ? LLVMGetElementType(ty)
                      : ty;
  return lt_cg_splat_const(ty, LLVMConstReal(e, v));
}

LLVMValueRef lt_cg_fmax(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b) {
  /* select(a > b, a, b) is x86's maxps and returns b when either is NaN;
   * the second select brings back a NaN in a. (llvm.maximum would say it
   * in one call, but LLVM 16's x86 backend cannot select it.) */
  LLVMValueRef gt = LLVMBuildFCmp(cg->b, LLVMRealOGT, a, b, "");
  LLVMValueRef m = LLVMBuildSelect(cg->b, gt, a, b, "");
  LLVMValueRef nan = LLVMBuildFCmp(cg->b, LLVMRealUNO, a, a, "");
  return LLVMBuildSelect(cg->b, nan, a, m, "max");
}

LLVMValueRef lt_cg_fmin(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b) {
  LLVMValueRef lt = LLVMBuildFCmp(cg->b, LLVMRealOLT, a, b, "");
  LLVMValueRef m = LLVMBuildSelect(cg->b, lt, a, b, "");
  LLVMValueRef nan = LLVMBuildFCmp(cg->b, LLVMRealUNO, a, a, "");
  return LLVMBuildSelect(cg->b, nan, a, m, "min");
}

static lt_result_t result(lt_cg_t *cg, lt_op_t *op, LLVMValueRef v) {
  return lt_cg_map(cg, lt_op_result(op, 0), v);
}

/* ---- constant ---------------------------------------------------------------- */

static LLVMValueRef scalar_const(LLVMTypeRef ety, const lt_type_t *elem,
                                 const lt_attr_t *a, int64_t i) {
  if (lt_type_is_float(elem))
    return LLVMConstReal(ety, a->kind == LT_ATTR_FLOAT ? a->f
                                                       : lt_attr_dense_float(a, i));
  int64_t v = a->kind == LT_ATTR_DENSE ? lt_attr_dense_int(a, i) : a->i;
  return LLVMConstInt(ety, (unsigned long long)v, true);
}

static lt_result_t emit_constant(lt_cg_t *cg, lt_op_t *op) {
  const lt_attr_t *a = lt_op_attr(op, "value");
  const lt_type_t *t = lt_op_result(op, 0)->type;
  LLVMTypeRef ty = lt_cg_type_or_error(cg, op, t);
  if (!ty) return LT_FAILURE;
  if (!a) return lt_op_emit_error(op, "requires attribute 'value'");
  const lt_type_t *elem = lt_type_element(t);
  if (t->kind != LT_TYPE_VECTOR) {
    if (a->kind != LT_ATTR_INTEGER && a->kind != LT_ATTR_BOOL &&
        a->kind != LT_ATTR_FLOAT)
      return lt_op_emit_error(op, "value must be an integer or float "
                                  "attribute for a scalar constant");
    return result(cg, op, scalar_const(ty, elem, a, 0));
  }
  if (a->kind != LT_ATTR_DENSE)
    return lt_op_emit_error(op, "value must be a dense attribute for a "
                                "vector constant");
  LLVMTypeRef ety = LLVMGetElementType(ty);
  unsigned n = LLVMGetVectorSize(ty);
  if (a->dense.splat) return result(cg, op, lt_cg_splat_const(ty, scalar_const(ety, elem, a, 0)));
  LLVMValueRef elems[1024];
  if (n > LT_ARRAY_SIZE(elems))
    return lt_op_emit_error(op, "dense vector constants of more than %zu "
                                "elements are not supported",
                            LT_ARRAY_SIZE(elems));
  for (unsigned i = 0; i < n; i++)
    elems[i] = scalar_const(ety, elem, a, i);
  return result(cg, op, LLVMConstVector(elems, n));
}

/* ---- binary ops ----------------------------------------------------------------- */

typedef LLVMValueRef (*build2_fn)(LLVMBuilderRef, LLVMValueRef, LLVMValueRef,
                                  const char *);

static bool is_bf16(const lt_type_t *t) {
  return lt_type_element(t)->kind == LT_TYPE_BF16;
}

static lt_result_t bf16_error(lt_op_t *op);

static lt_result_t binary(lt_cg_t *cg, lt_op_t *op, build2_fn build) {
  if (is_bf16(lt_op_result(op, 0)->type)) return bf16_error(op);
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  if (!b) return LT_FAILURE;
  return result(cg, op, build(cg->b, a, b, ""));
}

#define BINARY(fn_name, builder)                                               \
  static lt_result_t fn_name(lt_cg_t *cg, lt_op_t *op) {                       \
    return binary(cg, op, builder);                                            \
  }
BINARY(emit_addi, LLVMBuildAdd)
BINARY(emit_subi, LLVMBuildSub)
BINARY(emit_muli, LLVMBuildMul)
BINARY(emit_divsi, LLVMBuildSDiv)
BINARY(emit_divui, LLVMBuildUDiv)
BINARY(emit_remsi, LLVMBuildSRem)
BINARY(emit_remui, LLVMBuildURem)
BINARY(emit_andi, LLVMBuildAnd)
BINARY(emit_ori, LLVMBuildOr)
BINARY(emit_xori, LLVMBuildXor)
BINARY(emit_shli, LLVMBuildShl)
BINARY(emit_shrsi, LLVMBuildAShr)
BINARY(emit_shrui, LLVMBuildLShr)
BINARY(emit_addf, LLVMBuildFAdd)
BINARY(emit_subf, LLVMBuildFSub)
BINARY(emit_mulf, LLVMBuildFMul)
BINARY(emit_divf, LLVMBuildFDiv)
BINARY(emit_remf, LLVMBuildFRem)
#undef BINARY

static lt_result_t bf16_error(lt_op_t *op) {
  return lt_op_emit_error(op, "bf16 arithmetic is not supported by the "
                              "LLVM backend (extend to f32 first)");
}

static lt_result_t emit_maxf(lt_cg_t *cg, lt_op_t *op) {
  if (is_bf16(lt_op_result(op, 0)->type)) return bf16_error(op);
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  return b ? result(cg, op, lt_cg_fmax(cg, a, b)) : LT_FAILURE;
}

static lt_result_t emit_minf(lt_cg_t *cg, lt_op_t *op) {
  if (is_bf16(lt_op_result(op, 0)->type)) return bf16_error(op);
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  return b ? result(cg, op, lt_cg_fmin(cg, a, b)) : LT_FAILURE;
}

/* max/min of integers: a compare and a select. */
static lt_result_t int_minmax(lt_cg_t *cg, lt_op_t *op, LLVMIntPredicate p) {
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  if (!b) return LT_FAILURE;
  LLVMValueRef c = LLVMBuildICmp(cg->b, p, a, b, "");
  return result(cg, op, LLVMBuildSelect(cg->b, c, a, b, ""));
}

static lt_result_t emit_maxsi(lt_cg_t *cg, lt_op_t *op) {
  return int_minmax(cg, op, LLVMIntSGT);
}
static lt_result_t emit_minsi(lt_cg_t *cg, lt_op_t *op) {
  return int_minmax(cg, op, LLVMIntSLT);
}
static lt_result_t emit_maxui(lt_cg_t *cg, lt_op_t *op) {
  return int_minmax(cg, op, LLVMIntUGT);
}
static lt_result_t emit_minui(lt_cg_t *cg, lt_op_t *op) {
  return int_minmax(cg, op, LLVMIntULT);
}

/* floordivsi / ceildivsi: the truncated quotient, moved one step down (up)
 * when the remainder is non-zero and the signs make it round the wrong way. */
static lt_result_t rounded_div(lt_cg_t *cg, lt_op_t *op, bool ceil) {
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  if (!b) return LT_FAILURE;
  LLVMTypeRef ty = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstNull(ty);
  LLVMValueRef q = LLVMBuildSDiv(cg->b, a, b, "");
  LLVMValueRef r = LLVMBuildSRem(cg->b, a, b, "");
  LLVMValueRef nz = LLVMBuildICmp(cg->b, LLVMIntNE, r, zero, "");
  LLVMValueRef rneg = LLVMBuildICmp(cg->b, LLVMIntSLT, r, zero, "");
  LLVMValueRef bneg = LLVMBuildICmp(cg->b, LLVMIntSLT, b, zero, "");
  LLVMValueRef differ = LLVMBuildXor(cg->b, rneg, bneg, "");
  LLVMValueRef cond = ceil ? LLVMBuildNot(cg->b, differ, "") : differ;
  LLVMValueRef adjust = LLVMBuildAnd(cg->b, nz, cond, "");
  LLVMValueRef one = LLVMConstAllOnes(ty); /* -1 */
  LLVMValueRef step = LLVMBuildSelect(cg->b, adjust,
                                      ceil ? LLVMBuildNeg(cg->b, one, "") : one,
                                      zero, "");
  return result(cg, op, LLVMBuildAdd(cg->b, q, step, ""));
}

static lt_result_t emit_floordivsi(lt_cg_t *cg, lt_op_t *op) {
  return rounded_div(cg, op, false);
}
static lt_result_t emit_ceildivsi(lt_cg_t *cg, lt_op_t *op) {
  return rounded_div(cg, op, true);
}

static lt_result_t emit_negf(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  return a ? result(cg, op, LLVMBuildFNeg(cg->b, a, "")) : LT_FAILURE;
}

/* ---- comparisons and select ------------------------------------------------------ */

static bool predicate(lt_op_t *op, int64_t max, int64_t *out) {
  const lt_attr_t *p = lt_op_attr(op, "predicate");
  if (!p || p->kind != LT_ATTR_INTEGER || p->i < 0 || p->i > max) {
    lt_op_emit_error(op, "requires a 'predicate' attribute in [0, %lld]",
                     (long long)max);
    return false;
  }
  *out = p->i;
  return true;
}

static lt_result_t emit_cmpi(lt_cg_t *cg, lt_op_t *op) {
  /* MLIR's numbering: eq ne slt sle sgt sge ult ule ugt uge */
  static const LLVMIntPredicate k_map[] = {
      LLVMIntEQ,  LLVMIntNE,  LLVMIntSLT, LLVMIntSLE, LLVMIntSGT,
      LLVMIntSGE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};
  int64_t p;
  if (!predicate(op, 9, &p)) return LT_FAILURE;
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  return b ? result(cg, op, LLVMBuildICmp(cg->b, k_map[p], a, b, ""))
           : LT_FAILURE;
}

static lt_result_t emit_cmpf(lt_cg_t *cg, lt_op_t *op) {
  /* MLIR's numbering (false oeq ogt oge olt ole one ord ueq ugt uge ult ule
   * une uno true) is LLVM's. */
  int64_t p;
  if (!predicate(op, 15, &p)) return LT_FAILURE;
  if (is_bf16(lt_op_operand(op, 0)->type))
    return lt_op_emit_error(op, "bf16 comparisons are not supported by the "
                                "LLVM backend (extend to f32 first)");
  LLVMValueRef a = lt_cg_operand(cg, op, 0);
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 1) : NULL;
  return b ? result(cg, op,
                    LLVMBuildFCmp(cg->b, (LLVMRealPredicate)p, a, b, ""))
           : LT_FAILURE;
}

static lt_result_t emit_select(lt_cg_t *cg, lt_op_t *op) {
  LLVMValueRef c = lt_cg_operand(cg, op, 0);
  LLVMValueRef a = c ? lt_cg_operand(cg, op, 1) : NULL;
  LLVMValueRef b = a ? lt_cg_operand(cg, op, 2) : NULL;
  return b ? result(cg, op, LLVMBuildSelect(cg->b, c, a, b, "")) : LT_FAILURE;
}

/* ---- casts --------------------------------------------------------------------- */

/* bf16 <-> f32 by bits: LLVM 16's x86 backend has no bf16 conversions of
 * its own (they would be libgcc calls gcc 12 lacks). */
static LLVMValueRef bf16_to_f32(lt_cg_t *cg, LLVMValueRef v, LLVMTypeRef to) {
  LLVMTypeRef src = LLVMTypeOf(v);
  bool vec = LLVMGetTypeKind(src) == LLVMVectorTypeKind;
  unsigned n = vec ? LLVMGetVectorSize(src) : 0;
  LLVMTypeRef i16 = LLVMInt16TypeInContext(cg->llvm);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->llvm);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(cg->llvm);
  LLVMValueRef bits = LLVMBuildBitCast(cg->b, v, vec ? LLVMVectorType(i16, n) : i16, "");
  LLVMTypeRef wide = vec ? LLVMVectorType(i32, n) : i32;
  bits = LLVMBuildZExt(cg->b, bits, wide, "");
  bits = LLVMBuildShl(cg->b, bits,
                      lt_cg_splat_const(wide, LLVMConstInt(i32, 16, false)), "");
  LLVMValueRef f = LLVMBuildBitCast(cg->b, bits, vec ? LLVMVectorType(f32, n) : f32, "");
  return LLVMTypeOf(f) == to ? f : LLVMBuildFPExt(cg->b, f, to, "");
}

/* Rounds to nearest even; a NaN stays a (quiet) NaN. */
static LLVMValueRef f32_to_bf16(lt_cg_t *cg, LLVMValueRef v, LLVMTypeRef to) {
  LLVMTypeRef src = LLVMTypeOf(v);
  bool vec = LLVMGetTypeKind(src) == LLVMVectorTypeKind;
  unsigned n = vec ? LLVMGetVectorSize(src) : 0;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(cg->llvm);
  LLVMTypeRef f32t = vec ? LLVMVectorType(f32, n) : f32;
  if (LLVMGetTypeKind(vec ? LLVMGetElementType(src) : src) != LLVMFloatTypeKind)
    v = LLVMBuildFPTrunc(cg->b, v, f32t, "");
  LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->llvm);
  LLVMTypeRef i16 = LLVMInt16TypeInContext(cg->llvm);
  LLVMTypeRef wide = vec ? LLVMVectorType(i32, n) : i32;
  LLVMValueRef bits = LLVMBuildBitCast(cg->b, v, wide, "");
#define C32(x) lt_cg_splat_const(wide, LLVMConstInt(i32, (x), false))
  LLVMValueRef lsb = LLVMBuildAnd(cg->b, LLVMBuildLShr(cg->b, bits, C32(16), ""),
                                  C32(1), "");
  LLVMValueRef rounded = LLVMBuildAdd(
      cg->b, bits, LLVMBuildAdd(cg->b, lsb, C32(0x7fff), ""), "");
  LLVMValueRef nan = LLVMBuildFCmp(cg->b, LLVMRealUNO, v, v, "");
  LLVMValueRef quiet = LLVMBuildOr(cg->b, bits, C32(0x00400000), "");
  LLVMValueRef pick = LLVMBuildSelect(cg->b, nan, quiet, rounded, "");
  LLVMValueRef hi = LLVMBuildLShr(cg->b, pick, C32(16), "");
#undef C32
  LLVMValueRef narrow = LLVMBuildTrunc(cg->b, hi, vec ? LLVMVectorType(i16, n) : i16, "");
  return LLVMBuildBitCast(cg->b, narrow, to, "");
}

typedef enum cast_kind {
  CAST_SEXT,
  CAST_ZEXT,
  CAST_TRUNC,
  CAST_SITOFP,
  CAST_UITOFP,
  CAST_FPTOSI,
  CAST_FPTOUI,
  CAST_FPEXT,
  CAST_FPTRUNC,
  CAST_INDEX,    /* index_cast: sext or trunc */
  CAST_INDEX_UI, /* index_castui: zext or trunc */
  CAST_BITCAST
} cast_kind_t;

static lt_result_t cast(lt_cg_t *cg, lt_op_t *op, cast_kind_t kind) {
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  LLVMTypeRef to = v ? lt_cg_type_or_error(cg, op, rt) : NULL;
  if (!to) return LT_FAILURE;
  const lt_type_t *st = lt_type_element(lt_op_operand(op, 0)->type);
  const lt_type_t *dt = lt_type_element(rt);
  if ((st->kind == LT_TYPE_BF16 || dt->kind == LT_TYPE_BF16) &&
      kind != CAST_BITCAST) {
    if (kind == CAST_FPEXT && st->kind == LT_TYPE_BF16)
      return result(cg, op, bf16_to_f32(cg, v, to));
    if (kind == CAST_FPTRUNC && dt->kind == LT_TYPE_BF16)
      return result(cg, op, f32_to_bf16(cg, v, to));
    return lt_op_emit_error(op, "bf16 casts other than extf/truncf are not "
                                "supported by the LLVM backend");
  }
  LLVMBuilderRef b = cg->b;
  LLVMValueRef r = NULL;
  unsigned sw = lt_type_bit_width(st), dw = lt_type_bit_width(dt);
  switch (kind) {
  case CAST_SEXT: r = LLVMBuildSExt(b, v, to, ""); break;
  case CAST_ZEXT: r = LLVMBuildZExt(b, v, to, ""); break;
  case CAST_TRUNC: r = LLVMBuildTrunc(b, v, to, ""); break;
  case CAST_SITOFP: r = LLVMBuildSIToFP(b, v, to, ""); break;
  case CAST_UITOFP: r = LLVMBuildUIToFP(b, v, to, ""); break;
  case CAST_FPTOSI: r = LLVMBuildFPToSI(b, v, to, ""); break;
  case CAST_FPTOUI: r = LLVMBuildFPToUI(b, v, to, ""); break;
  case CAST_FPEXT: r = LLVMBuildFPExt(b, v, to, ""); break;
  case CAST_FPTRUNC: r = LLVMBuildFPTrunc(b, v, to, ""); break;
  case CAST_INDEX:
  case CAST_INDEX_UI:
    if (sw == dw)
      r = v;
    else if (sw > dw)
      r = LLVMBuildTrunc(b, v, to, "");
    else
      r = kind == CAST_INDEX ? LLVMBuildSExt(b, v, to, "")
                             : LLVMBuildZExt(b, v, to, "");
    break;
  case CAST_BITCAST: r = LLVMBuildBitCast(b, v, to, ""); break;
  }
  return result(cg, op, r);
}

#define CAST(fn_name, kind)                                                    \
  static lt_result_t fn_name(lt_cg_t *cg, lt_op_t *op) {                       \
    return cast(cg, op, kind);                                                 \
  }
CAST(emit_extsi, CAST_SEXT)
CAST(emit_extui, CAST_ZEXT)
CAST(emit_trunci, CAST_TRUNC)
CAST(emit_sitofp, CAST_SITOFP)
CAST(emit_uitofp, CAST_UITOFP)
CAST(emit_fptosi, CAST_FPTOSI)
CAST(emit_fptoui, CAST_FPTOUI)
CAST(emit_extf, CAST_FPEXT)
CAST(emit_truncf, CAST_FPTRUNC)
CAST(emit_index_cast, CAST_INDEX)
CAST(emit_index_castui, CAST_INDEX_UI)
CAST(emit_bitcast, CAST_BITCAST)
#undef CAST

const lt_cg_rule_t lt_cg_arith_rules[] = {
#define R(name) {"arith." #name, emit_##name},
    R(constant) R(addi) R(subi) R(muli) R(divsi) R(divui) R(remsi) R(remui)
    R(andi) R(ori) R(xori) R(shli) R(shrsi) R(shrui) R(maxsi) R(minsi)
    R(maxui) R(minui) R(floordivsi) R(ceildivsi) R(addf) R(subf) R(mulf)
    R(divf) R(remf) R(negf) R(maxf) R(minf) R(cmpi) R(cmpf) R(select)
    R(extsi) R(extui) R(trunci) R(sitofp) R(uitofp) R(fptosi) R(fptoui)
    R(extf) R(truncf) R(index_cast) R(index_castui) R(bitcast)
#undef R
};
const size_t lt_cg_num_arith_rules = LT_ARRAY_SIZE(lt_cg_arith_rules);

/* translate_math.c - the math dialect. LLVM intrinsics where LLVM has them
 * (sqrt, fabs, floor, ceil, round, trunc, fma, pow, exp2, log, log2, sin,
 * cos; exp for f64); f32 exp, tanh and erf as inline polynomials, so a loop
 * over them vectorizes (an intrinsic or libm call would be scalarized:
 * LLVMRunPasses has no vector math library); the rest (expm1, log1p, tan,
 * atan, atan2; tanh and erf in f64) as libm calls, lane by lane for
 * vectors. f16 computes in f32. Accuracy of the polynomials against glibc,
 * measured by test/unit/codegen_math_test.c: exp within 2 ulp on
 * [-87, 88], tanh within 1e-6 absolute, erf within 1e-6 absolute. */
#include <string.h>

#include "codegen/llvm/translate_internal.h"

static LLVMValueRef c_(LLVMTypeRef ty, double v) { return lt_cg_const_real(ty, v); }

static LLVMValueRef fmul(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildFMul(cg->b, a, b, "");
}
static LLVMValueRef fadd(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildFAdd(cg->b, a, b, "");
}
static LLVMValueRef fma3(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b,
                         LLVMValueRef c) {
  LLVMValueRef args[3] = {a, b, c};
  LLVMTypeRef ty = LLVMTypeOf(a);
  return lt_cg_intrinsic(cg, "llvm.fma", &ty, 1, args, 3);
}
static LLVMValueRef call1(lt_cg_t *cg, const char *intr, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  return lt_cg_intrinsic(cg, intr, &ty, 1, &x, 1);
}

/* p(x) = c[0] + c[1] x + ... by Horner's rule with fmas. */
static LLVMValueRef horner(lt_cg_t *cg, LLVMValueRef x, const double *c,
                           int n) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef acc = c_(ty, c[n - 1]);
  for (int i = n - 2; i >= 0; i--)
    acc = fma3(cg, acc, x, c_(ty, c[i]));
  return acc;
}

/* Clamps x to [lo, hi] keeping NaN (an ordered compare is false for it). */
static LLVMValueRef clamp(lt_cg_t *cg, LLVMValueRef x, double lo, double hi) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef l = c_(ty, lo), h = c_(ty, hi);
  x = LLVMBuildSelect(cg->b, LLVMBuildFCmp(cg->b, LLVMRealOLT, x, l, ""), l, x,
                      "");
  return LLVMBuildSelect(cg->b, LLVMBuildFCmp(cg->b, LLVMRealOGT, x, h, ""), h,
                         x, "");
}

/* Cephes' expf: x = n ln2 + r, |r| <= ln2/2, e^r by a degree-6 polynomial,
 * 2^n by building the exponent bits. */
static LLVMValueRef exp_f32(lt_cg_t *cg, LLVMValueRef x0) {
  LLVMTypeRef ty = LLVMTypeOf(x0);
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->llvm);
  LLVMTypeRef ity = vec ? LLVMVectorType(i32, LLVMGetVectorSize(ty)) : i32;
  LLVMValueRef x = clamp(cg, x0, -87.33654475, 88.72283905);
  LLVMValueRef n = call1(cg, "llvm.floor",
                         fma3(cg, x, c_(ty, 1.44269504088896341), c_(ty, 0.5)));
  x = fma3(cg, n, c_(ty, -0.693359375), x);
  x = fma3(cg, n, c_(ty, 2.12194440e-4), x);
  static const double k_p[] = {5.0000001201E-1, 1.6666665459E-1,
                               4.1665795894E-2, 8.3334519073E-3,
                               1.3981999507E-3, 1.9875691500E-4};
  LLVMValueRef p = horner(cg, x, k_p, 6);
  LLVMValueRef y = fadd(cg, fma3(cg, p, fmul(cg, x, x), x), c_(ty, 1.0));
  /* 2^n: n in [-126, 128]; 128 gives the infinity bits, as e^x overflows */
  LLVMValueRef ni = LLVMBuildFPToSI(cg->b, n, ity, "");
  LLVMValueRef bits = LLVMBuildShl(
      cg->b,
      LLVMBuildAdd(cg->b, ni, lt_cg_splat_const(ity, LLVMConstInt(i32, 127, false)),
                   ""),
      lt_cg_splat_const(ity, LLVMConstInt(i32, 23, false)), "");
  LLVMValueRef r = fmul(cg, y, LLVMBuildBitCast(cg->b, bits, ty, ""));
  /* NaN in, NaN out (fptosi of NaN is poison, which the select drops) */
  LLVMValueRef nan = LLVMBuildFCmp(cg->b, LLVMRealUNO, x0, x0, "");
  return LLVMBuildSelect(cg->b, nan, x0, r, "exp");
}

/* tanh(x) = x P(x^2) / Q(x^2) on [-7.9, 7.9] (Eigen's float rational
 * approximation), x itself for |x| < 4e-4 where it is exact in float. */
static LLVMValueRef tanh_f32(lt_cg_t *cg, LLVMValueRef x0) {
  LLVMTypeRef ty = LLVMTypeOf(x0);
  LLVMValueRef x = clamp(cg, x0, -7.90531110763549805, 7.90531110763549805);
  LLVMValueRef x2 = fmul(cg, x, x);
  static const double k_p[] = {4.89352455891786e-03, 6.37261928875436e-04,
                               1.48572235717979e-05, 5.12229709037114e-08,
                               -8.60467152213735e-11, 2.00018790482477e-13,
                               -2.76076847742355e-16};
  static const double k_q[] = {4.89352518554385e-03, 2.26843463243900e-03,
                               1.18534705686654e-04, 1.19825839466702e-06};
  LLVMValueRef p = fmul(cg, x, horner(cg, x2, k_p, 7));
  LLVMValueRef q = horner(cg, x2, k_q, 4);
  LLVMValueRef r = LLVMBuildFDiv(cg->b, p, q, "");
  LLVMValueRef ax = call1(cg, "llvm.fabs", x0);
  LLVMValueRef tiny = LLVMBuildFCmp(cg->b, LLVMRealOLT, ax, c_(ty, 0.0004), "");
  return LLVMBuildSelect(cg->b, tiny, x0, r, "tanh");
}

/* erf(x) = x P(x^2) / Q(x^2) on [-4, 4] (Eigen's float approximation);
 * +-1 beyond. */
static LLVMValueRef erf_f32(lt_cg_t *cg, LLVMValueRef x0) {
  LLVMValueRef x = clamp(cg, x0, -4.0, 4.0);
  LLVMValueRef x2 = fmul(cg, x, x);
  static const double k_p[] = {-1.60960333262415e-02, -2.95459980854025e-03,
                               -7.34990630326855e-04, -5.69250639462346e-05,
                               -2.10102402082508e-06, 2.77068142495902e-08,
                               -2.72614225801306e-10};
  static const double k_q[] = {-1.42647390514189e-02, -7.37332916720468e-03,
                               -1.68282697438203e-03, -2.13374055278905e-04,
                               -1.45660718464996e-05};
  LLVMValueRef p = fmul(cg, x, horner(cg, x2, k_p, 7));
  LLVMValueRef q = horner(cg, x2, k_q, 5);
  return LLVMBuildFDiv(cg->b, p, q, "erf");
}

/* ---- libm calls ------------------------------------------------------------------ */

static LLVMValueRef libm_scalar(lt_cg_t *cg, const char *base, LLVMValueRef *args,
                                unsigned n) {
  LLVMTypeRef ty = LLVMTypeOf(args[0]);
  bool f32 = LLVMGetTypeKind(ty) == LLVMFloatTypeKind;
  char name[32];
  snprintf(name, sizeof(name), "%s%s", base, f32 ? "f" : "");
  LLVMTypeRef params[2] = {ty, ty};
  LLVMTypeRef fty = LLVMFunctionType(ty, params, n, false);
  LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, name);
  if (!fn) {
    fn = LLVMAddFunction(cg->mod, name, fty);
    unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(cg->llvm, nounwind, 0));
  }
  return LLVMBuildCall2(cg->b, fty, fn, args, n, "");
}

/* A libm function over a scalar or, lane by lane, a vector. */
static LLVMValueRef libm(lt_cg_t *cg, const char *base, LLVMValueRef *args,
                         unsigned n) {
  LLVMTypeRef ty = LLVMTypeOf(args[0]);
  if (LLVMGetTypeKind(ty) != LLVMVectorTypeKind)
    return libm_scalar(cg, base, args, n);
  LLVMValueRef out = LLVMGetUndef(ty);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->llvm);
  for (unsigned lane = 0; lane < LLVMGetVectorSize(ty); lane++) {
    LLVMValueRef idx = LLVMConstInt(i32, lane, false);
    LLVMValueRef s[2];
    for (unsigned i = 0; i < n; i++)
      s[i] = LLVMBuildExtractElement(cg->b, args[i], idx, "");
    out = LLVMBuildInsertElement(cg->b, out, libm_scalar(cg, base, s, n), idx,
                                 "");
  }
  return out;
}

/* ---- the ops ---------------------------------------------------------------------- */

typedef enum how { INTR, POLY_OR_INTR, POLY_OR_LIBM, LIBM, RSQRT } how_t;

typedef struct math_rule {
  const char *op;
  how_t how;
  const char *what; /* intrinsic or libm base name */
  unsigned arity;
  LLVMValueRef (*poly)(lt_cg_t *, LLVMValueRef);
} math_rule_t;

static const math_rule_t k_math[] = {
    {"math.exp", POLY_OR_INTR, "llvm.exp", 1, exp_f32},
    {"math.tanh", POLY_OR_LIBM, "tanh", 1, tanh_f32},
    {"math.erf", POLY_OR_LIBM, "erf", 1, erf_f32},
    {"math.exp2", INTR, "llvm.exp2", 1, NULL},
    {"math.log", INTR, "llvm.log", 1, NULL},
    {"math.log2", INTR, "llvm.log2", 1, NULL},
    {"math.log10", INTR, "llvm.log10", 1, NULL},
    {"math.sqrt", INTR, "llvm.sqrt", 1, NULL},
    {"math.absf", INTR, "llvm.fabs", 1, NULL},
    {"math.floor", INTR, "llvm.floor", 1, NULL},
    {"math.ceil", INTR, "llvm.ceil", 1, NULL},
    {"math.round", INTR, "llvm.round", 1, NULL},
    {"math.roundeven", INTR, "llvm.roundeven", 1, NULL},
    {"math.trunc", INTR, "llvm.trunc", 1, NULL},
    {"math.sin", INTR, "llvm.sin", 1, NULL},
    {"math.cos", INTR, "llvm.cos", 1, NULL},
    {"math.powf", INTR, "llvm.pow", 2, NULL},
    {"math.fma", INTR, "llvm.fma", 3, NULL},
    {"math.copysign", INTR, "llvm.copysign", 2, NULL},
    {"math.rsqrt", RSQRT, "llvm.sqrt", 1, NULL},
    {"math.expm1", LIBM, "expm1", 1, NULL},
    {"math.log1p", LIBM, "log1p", 1, NULL},
    {"math.tan", LIBM, "tan", 1, NULL},
    {"math.atan", LIBM, "atan", 1, NULL},
    {"math.atan2", LIBM, "atan2", 2, NULL},
};

static const math_rule_t *find(const char *name) {
  for (size_t i = 0; i < LT_ARRAY_SIZE(k_math); i++)
    if (strcmp(k_math[i].op, name) == 0) return &k_math[i];
  return NULL;
}

static lt_result_t emit_math(lt_cg_t *cg, lt_op_t *op) {
  const math_rule_t *r = find(lt_op_name(op));
  if (!r) return lt_op_emit_error(op, "is not supported by the LLVM backend");
  if (op->num_operands != r->arity || op->num_results != 1)
    return lt_op_emit_error(op, "expects %u operands and one result", r->arity);
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  lt_type_kind_t ek = lt_type_element(rt)->kind;
  if (ek != LT_TYPE_F16 && ek != LT_TYPE_F32 && ek != LT_TYPE_F64)
    return lt_cg_type_error(op, "element type of", rt);
  LLVMTypeRef ty = lt_cg_type_or_error(cg, op, rt);
  if (!ty) return LT_FAILURE;
  LLVMValueRef args[3];
  for (unsigned i = 0; i < r->arity; i++)
    if (!(args[i] = lt_cg_operand(cg, op, i))) return LT_FAILURE;
  /* f16 in f32: LLVM would promote the intrinsics anyway, and libm and the
   * polynomials have no f16 forms. */
  LLVMTypeRef cty = ty;
  if (ek == LT_TYPE_F16) {
    LLVMTypeRef f32 = LLVMFloatTypeInContext(cg->llvm);
    cty = LLVMGetTypeKind(ty) == LLVMVectorTypeKind
              ? LLVMVectorType(f32, LLVMGetVectorSize(ty))
              : f32;
    for (unsigned i = 0; i < r->arity; i++)
      args[i] = LLVMBuildFPExt(cg->b, args[i], cty, "");
  }
  bool f32 = ek != LT_TYPE_F64;
  LLVMValueRef v;
  switch (r->how) {
  case POLY_OR_INTR:
    v = f32 ? r->poly(cg, args[0])
            : lt_cg_intrinsic(cg, r->what, &cty, 1, args, r->arity);
    break;
  case POLY_OR_LIBM:
    v = f32 ? r->poly(cg, args[0]) : libm(cg, r->what, args, r->arity);
    break;
  case LIBM:
    v = libm(cg, r->what, args, r->arity);
    break;
  case RSQRT:
    v = LLVMBuildFDiv(cg->b, c_(cty, 1.0),
                      lt_cg_intrinsic(cg, r->what, &cty, 1, args, 1), "");
    break;
  default:
    v = lt_cg_intrinsic(cg, r->what, &cty, 1, args, r->arity);
    break;
  }
  if (ek == LT_TYPE_F16) v = LLVMBuildFPTrunc(cg->b, v, ty, "");
  return lt_cg_map(cg, lt_op_result(op, 0), v);
}

const lt_cg_rule_t lt_cg_math_rules[] = {
#define R(name) {"math." #name, emit_math},
    R(exp) R(tanh) R(erf) R(exp2) R(log) R(log2) R(log10) R(sqrt) R(absf)
    R(floor) R(ceil) R(round) R(roundeven) R(trunc) R(sin) R(cos) R(powf)
    R(fma) R(copysign) R(rsqrt) R(expm1) R(log1p) R(tan) R(atan) R(atan2)
#undef R
};
const size_t lt_cg_num_math_rules = LT_ARRAY_SIZE(lt_cg_math_rules);

/* arith_fold_ext.c - folders of the arith ops beyond the basic arithmetic
 * (min/max, shifts, floor/ceil division, remf, negf, unsigned casts), with
 * the element arithmetic lt_arith_const_binop delegates here.
 *
 * The integer helpers follow MLIR 16's APInt code step by step where its
 * result depends on it: APInt's *_ov functions assign their overflow flag
 * rather than accumulate it, so in floordivsi only the last step's overflow
 * counts (floordivsi(-128, -1) : i8 folds to -128, ceildivsi does not). */
#include <math.h>
#include <string.h>

#include "dialects/arith/arith_fold.h"
#include "ir/rewrite.h"

/* ---- w-bit integer steps (APInt semantics) ------------------------------- */

static int64_t sx(uint64_t v, uint32_t w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v &= (1ull << w) - 1;
  return (int64_t)((v ^ m) - m);
}

static uint64_t mask(uint32_t w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static bool negative(uint64_t v, uint32_t w) { return sx(v, w) < 0; }

static uint64_t ssub_ov(uint64_t a, uint64_t b, uint32_t w, bool *ov) {
  uint64_t r = (a - b) & mask(w);
  *ov = negative(a, w) != negative(b, w) && negative(r, w) != negative(a, w);
  return r;
}

static uint64_t sadd_ov(uint64_t a, uint64_t b, uint32_t w, bool *ov) {
  uint64_t r = (a + b) & mask(w);
  *ov = negative(a, w) == negative(b, w) && negative(r, w) != negative(a, w);
  return r;
}

/* b != 0; MIN / -1 wraps to MIN and sets the flag. */
static uint64_t sdiv_ov(uint64_t a, uint64_t b, uint32_t w, bool *ov) {
  int64_t sa = sx(a, w), sb = sx(b, w);
  int64_t min = sx(1ull << (w - 1), w);
  *ov = sa == min && sb == -1;
  if (*ov) return a;
  return (uint64_t)(sa / sb) & mask(w);
}

/* (a - 1) / b + 1 for a, b > 0 (MLIR's signedCeilNonnegInputs). */
static uint64_t ceil_nonneg(uint64_t a, uint64_t b, uint32_t w, bool *ov) {
  uint64_t v = ssub_ov(a, 1, w, ov);
  v = sdiv_ov(v, b, w, ov);
  return sadd_ov(v, 1, w, ov);
}

static bool floordiv(uint64_t a, uint64_t b, uint32_t w, bool ceil,
                     uint64_t *out) {
  if (!b) return false;
  if (!a) {
    *out = 0;
    return true;
  }
  bool ov = false, a_pos = !negative(a, w), b_pos = !negative(b, w);
  uint64_t r;
  if (a_pos && b_pos) {
    r = ceil ? ceil_nonneg(a, b, w, &ov) : sdiv_ov(a, b, w, &ov);
  } else if (!a_pos && !b_pos) {
    uint64_t pa = ssub_ov(0, a, w, &ov), pb = ssub_ov(0, b, w, &ov);
    r = ceil ? ceil_nonneg(pa, pb, w, &ov) : sdiv_ov(pa, pb, w, &ov);
  } else if (!a_pos) {
    uint64_t pa = ssub_ov(0, a, w, &ov);
    uint64_t q = ceil ? sdiv_ov(pa, b, w, &ov) : ceil_nonneg(pa, b, w, &ov);
    r = ssub_ov(0, q, w, &ov);
  } else {
    uint64_t pb = ssub_ov(0, b, w, &ov);
    uint64_t q = ceil ? sdiv_ov(a, pb, w, &ov) : ceil_nonneg(a, pb, w, &ov);
    r = ssub_ov(0, q, w, &ov);
  }
  if (ov) return false;
  *out = r;
  return true;
}

/* MLIR folds a shift only when the amount is at most the width (shifting
 * by the width itself gives 0, or the sign for shrsi). */
static bool shift(lt_arith_binop_t k, uint64_t a, uint64_t b, uint32_t w,
                  uint64_t *out) {
  if (b > w) return false;
  if (b == w) {
    *out = k == LT_ARITH_SHRSI && negative(a, w) ? mask(w) : 0;
    return true;
  }
  switch (k) {
  case LT_ARITH_SHLI:
    *out = (a << b) & mask(w);
    break;
  case LT_ARITH_SHRUI:
    *out = a >> b;
    break;
  default:
    *out = negative(a, w) ? ((a >> b) | (mask(w) & ~(mask(w) >> b))) : a >> b;
    break;
  }
  return true;
}

bool lt_arith_int_binop_ext(lt_arith_binop_t k, uint64_t ua, uint64_t ub,
                            uint32_t w, int64_t *out) {
  uint64_t r;
  bool ok = k == LT_ARITH_FLOORDIVSI || k == LT_ARITH_CEILDIVSI
                ? floordiv(ua, ub, w, k == LT_ARITH_CEILDIVSI, &r)
                : shift(k, ua, ub, w, &r);
  if (ok) *out = sx(r, w);
  return ok;
}

/* llvm::maximum / llvm::minimum: NaN propagates, -0 < +0; remf is the IEEE
 * remainder (APFloat::remainder), exact in double for every float type. */
double lt_arith_float_binop_ext(lt_arith_binop_t k, double a, double b) {
  if (k == LT_ARITH_REMF) return remainder(a, b);
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  bool max = k == LT_ARITH_MAXF;
  if (a == 0 && b == 0 && signbit(a) != signbit(b))
    return max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
  if (max) return a < b ? b : a;
  return b < a ? b : a;
}

/* ---- folders ------------------------------------------------------------- */

static lt_result_t fold_value(lt_fold_result_t *r, lt_value_t *v) {
  r[0].value = v;
  return LT_SUCCESS;
}

static lt_result_t fold_attr(lt_fold_result_t *r, const lt_attr_t *a) {
  if (!a) return LT_FAILURE;
  r[0].attr = a;
  return LT_SUCCESS;
}

static lt_result_t fold_binop(lt_op_t *op, const lt_attr_t *const *c,
                              lt_fold_result_t *r, lt_arith_binop_t k) {
  return fold_attr(r, lt_arith_const_binop(lt_op_context(op), k, c[0], c[1],
                                           op->results[0].type));
}

static lt_result_t fold_unop(lt_op_t *op, const lt_attr_t *const *c,
                             lt_fold_result_t *r, lt_arith_unop_t k) {
  return fold_attr(r, lt_arith_const_unop(lt_op_context(op), k, c[0],
                                          lt_op_operand(op, 0)->type,
                                          op->results[0].type));
}

/* Zero of a type, as a scalar or a splat. */
static const lt_attr_t *zero_of(lt_context_t *ctx, const lt_type_t *type) {
  if (!lt_type_is_shaped(type)) return lt_attr_integer(ctx, type, 0);
  uint8_t zero[16] = {0};
  size_t size = lt_dense_element_size(lt_type_element(type));
  if (!size || size > sizeof zero || !lt_type_has_static_shape(type))
    return NULL;
  return lt_attr_dense(ctx, type, zero, size);
}

static uint32_t width_of(lt_op_t *op) {
  uint32_t w = lt_type_bit_width(lt_type_element(op->results[0].type));
  return w ? w : 64;
}

/* What an integer constant (scalar or splat) is at the op's width. */
typedef enum int_class { INT_OTHER, INT_SMAX, INT_SMIN, INT_UMAX } int_class_t;

static bool int_is(lt_op_t *op, lt_value_t *v, int_class_t want) {
  int64_t i;
  if (!lt_match_constant_int(v, &i)) return false;
  uint32_t w = width_of(op);
  uint64_t u = (uint64_t)i & mask(w), top = 1ull << (w - 1);
  switch (want) {
  case INT_SMAX:
    return u == top - 1;
  case INT_SMIN:
    return u == top;
  case INT_UMAX:
    return u == mask(w);
  default:
    return false;
  }
}

static bool float_is_inf(lt_value_t *v, bool neg) {
  double f;
  return lt_match_constant_float(v, &f) && isinf(f) && (signbit(f) != 0) == neg;
}

lt_result_t lt_arith_fold_maxf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lhs == rhs) return fold_value(r, rhs);
  if (float_is_inf(rhs, true)) return fold_value(r, lhs);
  return fold_binop(op, c, r, LT_ARITH_MAXF);
}

lt_result_t lt_arith_fold_minf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lhs == rhs) return fold_value(r, rhs);
  if (float_is_inf(rhs, false)) return fold_value(r, lhs);
  return fold_binop(op, c, r, LT_ARITH_MINF);
}

lt_result_t lt_arith_fold_remf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  return fold_binop(op, c, r, LT_ARITH_REMF);
}

lt_result_t lt_arith_fold_negf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_op_t *inner = lt_value_defining_op(lt_op_operand(op, 0));
  if (inner && strcmp(lt_op_name(inner), "arith.negf") == 0 &&
      inner->num_operands == 1)
    return fold_value(r, lt_op_operand(inner, 0));
  return fold_unop(op, c, r, LT_ARITH_UNOP_NEGF);
}

lt_result_t lt_arith_fold_uitofp(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  return fold_unop(op, c, r, LT_ARITH_UNOP_UITOFP);
}

lt_result_t lt_arith_fold_fptoui(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  return fold_unop(op, c, r, LT_ARITH_UNOP_FPTOUI);
}

/* min/max: x op x is x; against the extreme value of the order the result
 * is that value (absorbing) or x (neutral). */
static lt_result_t fold_minmax(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r, lt_arith_binop_t k,
                               int_class_t absorbing, int_class_t neutral) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lhs == rhs) return fold_value(r, rhs);
  if (int_is(op, rhs, absorbing)) return fold_value(r, rhs);
  if (neutral != INT_OTHER && int_is(op, rhs, neutral))
    return fold_value(r, lhs);
  if (neutral == INT_OTHER && lt_match_zero(rhs)) return fold_value(r, lhs);
  return fold_binop(op, c, r, k);
}

lt_result_t lt_arith_fold_maxsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  return fold_minmax(op, c, r, LT_ARITH_MAXSI, INT_SMAX, INT_SMIN);
}

lt_result_t lt_arith_fold_minsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  return fold_minmax(op, c, r, LT_ARITH_MINSI, INT_SMIN, INT_SMAX);
}

/* maxui(x, 0) and minui(x, ~0) are x (neutral INT_OTHER stands for 0). */
lt_result_t lt_arith_fold_maxui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  return fold_minmax(op, c, r, LT_ARITH_MAXUI, INT_UMAX, INT_OTHER);
}

lt_result_t lt_arith_fold_minui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lhs == rhs) return fold_value(r, rhs);
  if (lt_match_zero(rhs)) return fold_value(r, rhs);
  if (int_is(op, rhs, INT_UMAX)) return fold_value(r, lhs);
  return fold_binop(op, c, r, LT_ARITH_MINUI);
}

static lt_result_t fold_shift(lt_op_t *op, const lt_attr_t *const *c,
                              lt_fold_result_t *r, lt_arith_binop_t k) {
  if (lt_match_zero(lt_op_operand(op, 1)))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, k);
}

lt_result_t lt_arith_fold_shli(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  return fold_shift(op, c, r, LT_ARITH_SHLI);
}

lt_result_t lt_arith_fold_shrsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  return fold_shift(op, c, r, LT_ARITH_SHRSI);
}

lt_result_t lt_arith_fold_shrui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  return fold_shift(op, c, r, LT_ARITH_SHRUI);
}

lt_result_t lt_arith_fold_remui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_attr(r, zero_of(lt_op_context(op), op->results[0].type));
  return fold_binop(op, c, r, LT_ARITH_REMUI);
}

lt_result_t lt_arith_fold_floordivsi(lt_op_t *op, const lt_attr_t *const *c,
                                     lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_FLOORDIVSI);
}

lt_result_t lt_arith_fold_ceildivsi(lt_op_t *op, const lt_attr_t *const *c,
                                    lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_CEILDIVSI);
}

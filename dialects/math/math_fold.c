/* math_fold.c - constant folding of the math ops (see math_fold.h) on float
 * scalars and dense vectors/tensors, splat or not.
 *
 * MLIR 16 calls the C library: `expf` on the float value for f32, `exp` for
 * f64, nothing for f16/bf16; so does this file, so that a fold gives the
 * bits mlir-opt gives on the same libm. absf, floor and ceil are APFloat
 * operations, exact in double for every float type. */
#include <math.h>

#include "dialects/math/math_fold.h"
#include "ir/float16.h"

typedef enum domain {
  ANY,
  NON_NEGATIVE, /* APFloat isNegative() refuses -0.0 and -NaN too */
  ABOVE_MINUS_1 /* (a + 1).isNegative() refuses */
} domain_t;

/* One folding rule: f64/f32 functions, or an exact double one. */
typedef struct fold_fn {
  double (*d1)(double);
  float (*f1)(float);
  double (*d2)(double, double);
  float (*f2)(float, float);
  bool exact; /* d1 is exact for every float type */
  domain_t domain;
} fold_fn_t;

static bool in_domain(domain_t d, double a, bool is_f32) {
  switch (d) {
  case NON_NEGATIVE:
    return !signbit(a);
  case ABOVE_MINUS_1:
    return is_f32 ? !signbit((float)a + 1.0f) : !signbit(a + 1.0);
  default:
    return true;
  }
}

/* Applies fn to element values; false when it does not fold. */
static bool apply(const fold_fn_t *fn, lt_type_kind_t kind, const double *in,
                  uint32_t n, double *out) {
  bool is_f32 = kind == LT_TYPE_F32, is_f64 = kind == LT_TYPE_F64;
  if (!fn->exact && !is_f32 && !is_f64) return false;
  if (!in_domain(fn->domain, in[0], is_f32)) return false;
  if (fn->exact) {
    *out = fn->d1(in[0]);
  } else if (n == 1) {
    *out = is_f32 ? (double)fn->f1((float)in[0]) : fn->d1(in[0]);
  } else {
    *out = is_f32 ? (double)fn->f2((float)in[0], (float)in[1])
                  : fn->d2(in[0], in[1]);
  }
  return true;
}

/* The float value of element i of a scalar or dense constant. */
static bool elem(const lt_attr_t *a, int64_t i, double *out) {
  if (a->kind == LT_ATTR_FLOAT) {
    *out = a->f;
    return true;
  }
  if (a->kind != LT_ATTR_DENSE) return false;
  *out = lt_attr_dense_float(a, a->dense.splat ? 0 : i);
  return true;
}

static void store_le(uint8_t *p, size_t n, uint64_t bits) {
  for (size_t k = 0; k < n; k++)
    p[k] = k < 8 ? (uint8_t)(bits >> (8 * k)) : 0;
}

static lt_result_t fold(lt_op_t *op, const lt_attr_t *const *c,
                        lt_fold_result_t *r, const fold_fn_t *fn, uint32_t n) {
  lt_context_t *ctx = lt_op_context(op);
  const lt_type_t *type = op->results[0].type;
  const lt_type_t *et = lt_type_element(type);
  if (!lt_type_is_float(et)) return LT_FAILURE;
  bool scalar = !lt_type_is_shaped(type), splat = true;
  int64_t count = 1;
  for (uint32_t k = 0; k < n; k++) {
    if (!c[k]) return LT_FAILURE;
    if (scalar != (c[k]->kind == LT_ATTR_FLOAT)) return LT_FAILURE;
    if (!scalar) {
      if (c[k]->kind != LT_ATTR_DENSE) return LT_FAILURE;
      splat &= c[k]->dense.splat;
      count = lt_attr_dense_count(c[k]);
    }
  }
  double in[2], out;
  if (scalar) {
    for (uint32_t k = 0; k < n; k++)
      elem(c[k], 0, &in[k]);
    if (!apply(fn, et->kind, in, n, &out)) return LT_FAILURE;
    r[0].attr = lt_attr_float(ctx, type, out);
    return r[0].attr ? LT_SUCCESS : LT_FAILURE;
  }
  if (!lt_type_has_static_shape(type) || type->kind == LT_TYPE_UNRANKED_TENSOR)
    return LT_FAILURE;
  size_t esz = lt_dense_element_size(et);
  int64_t m = splat ? 1 : count;
  if (!esz || m < 0 || (uint64_t)m > SIZE_MAX / esz) return LT_FAILURE;
  lt_allocator_t al = lt_context_allocator(ctx);
  size_t bytes = (size_t)m * esz;
  uint8_t *buf = bytes ? lt_calloc(al, bytes) : NULL;
  if (bytes && !buf) return LT_FAILURE;
  bool ok = true;
  for (int64_t i = 0; i < m && ok; i++) {
    for (uint32_t k = 0; k < n; k++)
      elem(c[k], i, &in[k]);
    ok = apply(fn, et->kind, in, n, &out);
    if (ok)
      store_le(buf + (size_t)i * esz, esz, lt_float_to_bits(et->kind, out));
  }
  r[0].attr = ok ? lt_attr_dense(ctx, type, buf, bytes) : NULL;
  if (buf) lt_free(al, buf, bytes);
  return r[0].attr ? LT_SUCCESS : LT_FAILURE;
}

static double fabs_d(double a) { return fabs(a); }
static double floor_d(double a) { return floor(a); }
static double ceil_d(double a) { return ceil(a); }

#define LIBM1(name, dfn, ffn, dom)                                             \
  lt_result_t lt_math_fold_##name(lt_op_t *op, const lt_attr_t *const *c,      \
                                  lt_fold_result_t *r) {                       \
    static const fold_fn_t fn = {.d1 = dfn, .f1 = ffn, .domain = dom};         \
    return fold(op, c, r, &fn, 1);                                             \
  }
#define LIBM2(name, dfn, ffn)                                                  \
  lt_result_t lt_math_fold_##name(lt_op_t *op, const lt_attr_t *const *c,      \
                                  lt_fold_result_t *r) {                       \
    static const fold_fn_t fn = {.d2 = dfn, .f2 = ffn};                        \
    return fold(op, c, r, &fn, 2);                                             \
  }
#define EXACT1(name, dfn)                                                      \
  lt_result_t lt_math_fold_##name(lt_op_t *op, const lt_attr_t *const *c,      \
                                  lt_fold_result_t *r) {                       \
    static const fold_fn_t fn = {.d1 = dfn, .exact = true};                    \
    return fold(op, c, r, &fn, 1);                                             \
  }

LIBM1(exp, exp, expf, ANY)
LIBM1(exp2, exp2, exp2f, ANY)
LIBM1(expm1, expm1, expm1f, ANY)
LIBM1(log, log, logf, NON_NEGATIVE)
LIBM1(log1p, log1p, log1pf, ABOVE_MINUS_1)
LIBM1(log2, log2, log2f, NON_NEGATIVE)
LIBM1(tanh, tanh, tanhf, ANY)
LIBM1(erf, erf, erff, ANY)
LIBM1(sqrt, sqrt, sqrtf, NON_NEGATIVE)
LIBM1(round, round, roundf, ANY)
LIBM1(sin, sin, sinf, ANY)
LIBM1(cos, cos, cosf, ANY)
LIBM1(tan, tan, tanf, ANY)
LIBM1(atan, atan, atanf, ANY)
LIBM1(trunc, trunc, truncf, ANY)
LIBM2(powf, pow, powf)
LIBM2(atan2, atan2, atan2f)
EXACT1(absf, fabs_d)
EXACT1(floor, floor_d)
EXACT1(ceil, ceil_d)

/* elementwise.c - unary math, clip, scale and cast. */
#include "kernels/ref/elementwise.h"

#include <math.h>
#include <string.h>

static const lk_unary_class_t k_unary_class[] = {
#define X(e, cls) LK_UNARY_##cls,
    LK_UNARY_OPS(X)
#undef X
};

lk_unary_class_t lk_unary_class(lk_unary_op_t op) {
  return (int)op >= 0 && op < LK_NUM_UNARY_OPS ? k_unary_class[op]
                                                : LK_UNARY_FLOAT;
}

void lk_unary_params_init(lk_unary_params_t *p, lk_unary_op_t op) {
  memset(p, 0, sizeof *p);
  p->op = op;
  p->alpha = 1.0;
  switch (op) {
  case LK_UNARY_LEAKY_RELU: p->alpha = 0.01; break;
  case LK_UNARY_SELU:
    p->alpha = 1.67326319217681884765625;
    p->gamma = 1.05070102214813232421875;
    break;
  case LK_UNARY_HARD_SIGMOID:
    p->alpha = 0.2;
    p->beta = 0.5;
    break;
  case LK_UNARY_SWISH: p->beta = 1.0; break;
  case LK_UNARY_SHRINK: p->lambd = 0.5; break;
  case LK_UNARY_IS_INF: p->detect_negative = p->detect_positive = true; break;
  default: break;
  }
}

static double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + exp(-x));
  double e = exp(x);
  return e / (1.0 + e);
}

/* log(1 + exp(x)) without overflow for large x. */
static double softplus(double x) {
  return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static double clamp01(double v) { return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v; }

double lk_unary_f64(const lk_unary_params_t *p, double x) {
  const double a = p->alpha;
  switch (p->op) {
  case LK_UNARY_RELU: return lk_ref_activation(LK_ACT_RELU, 0, 0, x);
  case LK_UNARY_LEAKY_RELU: return x >= 0 ? x : a * x;
  case LK_UNARY_THRESHOLDED_RELU: return x > a ? x : 0.0;
  case LK_UNARY_ELU: return x >= 0 ? x : a * expm1(x);
  case LK_UNARY_SELU: return p->gamma * (x > 0 ? x : a * expm1(x));
  case LK_UNARY_CELU: return (x > 0 ? x : 0.0) + fmin(0.0, a * expm1(x / a));
  case LK_UNARY_SIGMOID: return sigmoid(x);
  case LK_UNARY_HARD_SIGMOID: return clamp01(a * x + p->beta);
  case LK_UNARY_HARD_SWISH: return x * clamp01(x / 6.0 + 0.5);
  case LK_UNARY_SWISH: return x * sigmoid(p->beta * x);
  case LK_UNARY_MISH: return x * tanh(softplus(x));
  case LK_UNARY_GELU:
    if (p->gelu_tanh)
      return 0.5 * x *
             (1.0 + tanh(0.79788456080286535588 * (x + 0.044715 * x * x * x)));
    return 0.5 * x * (1.0 + erf(x * 0.70710678118654752440));
  case LK_UNARY_SOFTPLUS: return softplus(x);
  case LK_UNARY_SOFTSIGN: return x / (1.0 + fabs(x));
  case LK_UNARY_SHRINK:
    return x < -p->lambd ? x + p->bias : x > p->lambd ? x - p->bias : 0.0;
  case LK_UNARY_TANH: return tanh(x);
  case LK_UNARY_ERF: return erf(x);
  case LK_UNARY_EXP: return exp(x);
  case LK_UNARY_LOG: return log(x);
  case LK_UNARY_SQRT: return sqrt(x);
  case LK_UNARY_RSQRT: return 1.0 / sqrt(x);
  case LK_UNARY_ABS: return fabs(x);
  case LK_UNARY_NEG: return -x;
  case LK_UNARY_RECIPROCAL: return 1.0 / x;
  case LK_UNARY_FLOOR: return floor(x);
  case LK_UNARY_CEIL: return ceil(x);
  case LK_UNARY_ROUND: return nearbyint(x); /* default mode: half to even */
  case LK_UNARY_SIGN: return x > 0 ? 1.0 : x < 0 ? -1.0 : x; /* keeps NaN */
  case LK_UNARY_SIN: return sin(x);
  case LK_UNARY_COS: return cos(x);
  case LK_UNARY_TAN: return tan(x);
  case LK_UNARY_ASIN: return asin(x);
  case LK_UNARY_ACOS: return acos(x);
  case LK_UNARY_ATAN: return atan(x);
  case LK_UNARY_SINH: return sinh(x);
  case LK_UNARY_COSH: return cosh(x);
  case LK_UNARY_ASINH: return asinh(x);
  case LK_UNARY_ACOSH: return acosh(x);
  case LK_UNARY_ATANH: return atanh(x);
  case LK_UNARY_NOT: return x == 0 ? 1.0 : 0.0;
  case LK_UNARY_IS_NAN: return isnan(x) ? 1.0 : 0.0;
  case LK_UNARY_IS_INF:
    return (isinf(x) && ((x > 0 && p->detect_positive) ||
                         (x < 0 && p->detect_negative)))
               ? 1.0
               : 0.0;
  case LK_NUM_UNARY_OPS: break;
  }
  return x;
}

/* The integer ops of the numeric class; shrink goes through double since
 * its bias and lambd are floats. */
static int64_t unary_i64(lk_unary_op_t op, int64_t x, bool is_unsigned) {
  switch (op) {
  case LK_UNARY_RELU: return !is_unsigned && x < 0 ? 0 : x;
  case LK_UNARY_ABS:
    return !is_unsigned && x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
  case LK_UNARY_NEG: return (int64_t)(0 - (uint64_t)x);
  case LK_UNARY_SIGN:
    return is_unsigned ? x != 0 : (x > 0) - (x < 0);
  default: return x;
  }
}

void lk_ref_unary(const lk_unary_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y) {
  int64_t n = lk_numel(x);
  if (lk_unary_class(p->op) == LK_UNARY_NUMERIC && p->op != LK_UNARY_SHRINK &&
      lk_dtype_is_int(x->dtype)) {
    bool uns = !lk_dtype_is_signed(x->dtype);
    for (int64_t i = 0; i < n; i++)
      lk_store_i64(y, i, unary_i64(p->op, lk_load_i64(x, i), uns));
    return;
  }
  if (x->dtype == LK_F32 && y->dtype == LK_F32) {
    const float *px = x->data;
    float *py = y->data;
    for (int64_t i = 0; i < n; i++) py[i] = (float)lk_unary_f64(p, px[i]);
    return;
  }
  for (int64_t i = 0; i < n; i++)
    lk_store_f64(y, i, lk_unary_f64(p, lk_load_f64(x, i)));
}

/* ---- clip ---------------------------------------------------------------- */

static bool bound_present(const lk_tensor_t *t) {
  return t && t->dtype != LK_DTYPE_NONE && t->data;
}

void lk_ref_clip(const lk_tensor_t *x, const lk_tensor_t *lo,
                 const lk_tensor_t *hi, lk_tensor_t *y) {
  int64_t n = lk_numel(x);
  bool has_lo = bound_present(lo), has_hi = bound_present(hi);
  if (lk_dtype_is_int(x->dtype)) {
    /* Offsetting by INT64_MIN turns unsigned order into signed order. */
    uint64_t flip = lk_dtype_is_signed(x->dtype) ? 0 : (uint64_t)1 << 63;
    int64_t l = has_lo ? (int64_t)((uint64_t)lk_load_i64(lo, 0) ^ flip) : 0;
    int64_t h = has_hi ? (int64_t)((uint64_t)lk_load_i64(hi, 0) ^ flip) : 0;
    for (int64_t i = 0; i < n; i++) {
      int64_t v = (int64_t)((uint64_t)lk_load_i64(x, i) ^ flip);
      if (has_lo && v < l) v = l;
      if (has_hi && v > h) v = h;
      lk_store_i64(y, i, (int64_t)((uint64_t)v ^ flip));
    }
    return;
  }
  double l = has_lo ? lk_load_f64(lo, 0) : 0;
  double h = has_hi ? lk_load_f64(hi, 0) : 0;
  for (int64_t i = 0; i < n; i++) {
    double v = lk_load_f64(x, i);
    if (has_lo && v < l) v = l;
    if (has_hi && v > h) v = h;
    lk_store_f64(y, i, v);
  }
}

void lk_ref_clip_attrs(const lk_clip_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *lo, const lk_tensor_t *hi,
                       lk_tensor_t *y) {
  uint64_t storage[2] = {0, 0};
  lk_tensor_t scalars[2];
  const lk_tensor_t *ends[2] = {lo, hi};
  const bool have[2] = {p->has_min, p->has_max};
  const double bounds[2] = {p->min, p->max};
  for (int i = 0; i < 2; i++) {
    if (!have[i] || (ends[i] && ends[i]->dtype != LK_DTYPE_NONE)) continue;
    scalars[i] = (lk_tensor_t){.dtype = x->dtype, .rank = 0,
                               .data = &storage[i]};
    lk_store_f64(&scalars[i], 0, bounds[i]);
    ends[i] = &scalars[i];
  }
  lk_ref_clip(x, ends[0], ends[1], y);
}

/* ---- scale --------------------------------------------------------------- */

void lk_ref_scale(const lk_scale_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y) {
  int64_t n = lk_numel(x);
  for (int64_t i = 0; i < n; i++) {
    double v = lk_load_f64(x, i);
    v = p->bias_after_scale ? v * p->scale + p->bias : (v + p->bias) * p->scale;
    lk_store_f64(y, i, lk_ref_activation(p->act, p->act_alpha, p->act_beta, v));
  }
}

/* ---- cast ---------------------------------------------------------------- */

void lk_ref_cast(const lk_tensor_t *x, lk_tensor_t *y) {
  int64_t n = lk_numel(x);
  if (x->dtype == y->dtype) {
    memcpy(y->data, x->data, lk_nbytes(x));
    return;
  }
  /* Integer sources keep every bit through int64, except uint64 into a
   * float, whose int64 view would be negative above INT64_MAX. */
  bool via_int = lk_dtype_is_int(x->dtype) &&
                 !(x->dtype == LK_U64 && lk_dtype_is_float(y->dtype));
  if (via_int) {
    for (int64_t i = 0; i < n; i++) lk_store_i64(y, i, lk_load_i64(x, i));
    return;
  }
  for (int64_t i = 0; i < n; i++) lk_store_f64(y, i, lk_load_f64(x, i));
}

/* elementwise.h - reference kernels of the elementwise ops: unary math,
 * binary arithmetic, comparisons and logic, where, the variadic sum/mean/
 * max/min, clip, scale and cast. Binary and variadic ops broadcast as numpy
 * does (see broadcast.h).
 *
 * Every kernel handles every dtype its ONNX op accepts with one code path:
 * float math in double, integer math in int64 with C wrap-around (unsigned
 * division, remainder, comparison and shifts in uint64, so uint64 values
 * above INT64_MAX stay exact), with float32 fast paths where the work is
 * per element. Callers pass outputs allocated with the result's dtype and
 * shape; shapes and dtypes are preconditions checked by the ops' shape
 * functions. */
#ifndef LITE_KERNELS_REF_ELEMENTWISE_H
#define LITE_KERNELS_REF_ELEMENTWISE_H

#include <stdbool.h>

#include "kernels/ref/activation.h"
#include "kernels/tensor.h"

/* ---- unary --------------------------------------------------------------- */

/* Which dtypes an op takes. */
typedef enum lk_unary_class {
  LK_UNARY_FLOAT,     /* float in, same dtype out */
  LK_UNARY_NUMERIC,   /* integer or float in, same dtype out */
  LK_UNARY_LOGICAL,   /* bool in, bool out */
  LK_UNARY_PREDICATE, /* float in, bool out */
} lk_unary_class_t;

/* X(ID, class): the ops of the lite dialect's unary family, same names. */
#define LK_UNARY_OPS(X)                                                        \
  X(RELU, NUMERIC) X(LEAKY_RELU, FLOAT) X(THRESHOLDED_RELU, FLOAT)             \
  X(ELU, FLOAT) X(SELU, FLOAT) X(CELU, FLOAT) X(SIGMOID, FLOAT)                \
  X(HARD_SIGMOID, FLOAT) X(HARD_SWISH, FLOAT) X(SWISH, FLOAT) X(MISH, FLOAT)   \
  X(GELU, FLOAT) X(SOFTPLUS, FLOAT) X(SOFTSIGN, FLOAT) X(SHRINK, NUMERIC)      \
  X(TANH, FLOAT) X(ERF, FLOAT) X(EXP, FLOAT) X(LOG, FLOAT) X(SQRT, FLOAT)      \
  X(RSQRT, FLOAT) X(ABS, NUMERIC) X(NEG, NUMERIC) X(RECIPROCAL, FLOAT)         \
  X(FLOOR, FLOAT) X(CEIL, FLOAT) X(ROUND, FLOAT) X(SIGN, NUMERIC)              \
  X(SIN, FLOAT) X(COS, FLOAT) X(TAN, FLOAT) X(ASIN, FLOAT) X(ACOS, FLOAT)      \
  X(ATAN, FLOAT) X(SINH, FLOAT) X(COSH, FLOAT) X(ASINH, FLOAT)                 \
  X(ACOSH, FLOAT) X(ATANH, FLOAT) X(NOT, LOGICAL) X(IS_NAN, PREDICATE)         \
  X(IS_INF, PREDICATE)

typedef enum lk_unary_op {
#define X(e, cls) LK_UNARY_##e,
  LK_UNARY_OPS(X)
#undef X
  LK_NUM_UNARY_OPS
} lk_unary_op_t;

typedef struct lk_unary_params {
  lk_unary_op_t op;
  double alpha; /* leaky_relu, thresholded_relu, elu, selu, celu,
                   hard_sigmoid */
  double beta;  /* hard_sigmoid, swish */
  double gamma; /* selu */
  double lambd, bias;                    /* shrink */
  bool gelu_tanh;                        /* gelu's approximate = "tanh" */
  bool detect_negative, detect_positive; /* is_inf */
} lk_unary_params_t;

lk_unary_class_t lk_unary_class(lk_unary_op_t op);
/* *p for op with ONNX's default attribute values. */
void lk_unary_params_init(lk_unary_params_t *p, lk_unary_op_t op);
/* The op on one float value (round is half to even). */
double lk_unary_f64(const lk_unary_params_t *p, double x);
/* y = op(x) elementwise; y has x's shape (and dtype, or bool for
 * predicates). */
void lk_ref_unary(const lk_unary_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y);

/* ---- binary arithmetic --------------------------------------------------- */

#define LK_BINARY_OPS(X)                                                       \
  X(ADD) X(SUB) X(MUL) X(DIV) X(POW) X(MOD) X(PRELU) X(BIT_SHIFT)

typedef enum lk_binary_op {
#define X(e) LK_BINARY_##e,
  LK_BINARY_OPS(X)
#undef X
  LK_NUM_BINARY_OPS
} lk_binary_op_t;

/* Outcomes of the kernels that can fail on their data. */
typedef enum lk_ref_status {
  LK_REF_OK,
  LK_REF_DIV_BY_ZERO, /* integer division or remainder by zero */
  LK_REF_BAD_SHAPE,   /* an input does not broadcast to the output */
} lk_ref_status_t;

typedef struct lk_binary_params {
  lk_binary_op_t op;
  bool fmod;        /* mod: C's fmod (sign of the dividend) rather than
                       Python's % (sign of the divisor) */
  bool shift_right; /* bit_shift's direction */
  lk_activation_t act; /* fused activation applied to the result */
  double act_alpha, act_beta;
} lk_binary_params_t;

/* y = a op b, broadcast. y has a's dtype; pow's exponent b may have any
 * numeric dtype, every other op takes a and b of one dtype. prelu is
 * x < 0 ? slope * x : x with a = x, b = slope. Integer division truncates
 * toward zero. On failure y is partly written. */
lk_ref_status_t lk_ref_binary(const lk_binary_params_t *p, const lk_tensor_t *a,
                   const lk_tensor_t *b, lk_tensor_t *y);

/* ---- comparisons and logic ----------------------------------------------- */

#define LK_COMPARE_OPS(X)                                                      \
  X(EQUAL) X(GREATER) X(GREATER_EQUAL) X(LESS) X(LESS_EQUAL) X(AND) X(OR)      \
  X(XOR)

typedef enum lk_compare_op {
#define X(e) LK_COMPARE_##e,
  LK_COMPARE_OPS(X)
#undef X
  LK_NUM_COMPARE_OPS
} lk_compare_op_t;

/* y (bool) = a op b, broadcast; a and b share one dtype (bool for and, or,
 * xor). False when a or b does not broadcast to y. */
bool lk_ref_compare(lk_compare_op_t op, const lk_tensor_t *a,
                    const lk_tensor_t *b, lk_tensor_t *y);

/* out = cond ? x : y, broadcast over all three; cond is bool, x, y and out
 * share one dtype. False when an input does not broadcast to out. */
bool lk_ref_where(const lk_tensor_t *cond, const lk_tensor_t *x,
                  const lk_tensor_t *y, lk_tensor_t *out);

/* ---- variadic ------------------------------------------------------------ */

#define LK_VARIADIC_OPS(X) X(SUM) X(MEAN) X(MAX) X(MIN)

typedef enum lk_variadic_op {
#define X(e) LK_VARIADIC_##e,
  LK_VARIADIC_OPS(X)
#undef X
  LK_NUM_VARIADIC_OPS
} lk_variadic_op_t;

/* y = in[0] op in[1] op ... in[n-1], broadcast, folded left to right in y's
 * dtype as numpy does (mean divides the sum by n). max and min propagate
 * NaN. n >= 1. False when an input does not broadcast to y. */
bool lk_ref_variadic(lk_variadic_op_t op, const lk_tensor_t *in, int32_t n,
                     lk_tensor_t *y);

/* ---- clip, scale, cast -------------------------------------------------- */

/* y = min(max(x, lo), hi); lo/hi NULL (or dtype LK_DTYPE_NONE) are
 * unbounded, otherwise one-element tensors of x's dtype. Like numpy,
 * lo > hi gives hi. NaN stays NaN. */
void lk_ref_clip(const lk_tensor_t *x, const lk_tensor_t *lo,
                 const lk_tensor_t *hi, lk_tensor_t *y);

/* clip's bounds given as attributes: min when has_min, max when has_max
 * (exact in x's element type: the plan step checks). A bound given as an
 * operand is the operand's; an op carries one form or the other. */
typedef struct lk_clip_params {
  bool has_min, has_max;
  double min, max;
} lk_clip_params_t;

/* lk_ref_clip where each absent bound operand (NULL or dtype none) is *p's
 * attribute bound, when it has one, as a scalar of x's dtype. */
void lk_ref_clip_attrs(const lk_clip_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *lo, const lk_tensor_t *hi,
                       lk_tensor_t *y);

typedef struct lk_scale_params {
  double scale, bias;
  bool bias_after_scale; /* x * scale + bias; else (x + bias) * scale */
  lk_activation_t act;
  double act_alpha, act_beta;
} lk_scale_params_t;

/* Paddle's scale, then the fused activation; computed in double. */
void lk_ref_scale(const lk_scale_params_t *p, const lk_tensor_t *x,
                  lk_tensor_t *y);

/* y = x converted to y's dtype (same shape): floats to integers truncate
 * toward zero (NaN and out-of-range values as lk_store_f64 pins them),
 * anything to bool is x != 0, floats round to nearest even. */
void lk_ref_cast(const lk_tensor_t *x, lk_tensor_t *y);

typedef struct lk_cast_params {
  lk_dtype_t to; /* the result's element type: cast's `to` */
} lk_cast_params_t;

#endif /* LITE_KERNELS_REF_ELEMENTWISE_H */

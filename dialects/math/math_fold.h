/* math_fold.h - the math ops' constant folders (internal to dialects/math).
 * As MLIR 16: the libm functions fold f32 (with the `f` variant) and f64
 * constants, absf/floor/ceil every float type; log, log2 and sqrt of a
 * negative value (-0.0 included) and log1p below -1 are left alone; rsqrt
 * and fma do not fold. Scalars, splats and dense constants fold. */
#ifndef LITE_DIALECTS_MATH_MATH_FOLD_H
#define LITE_DIALECTS_MATH_MATH_FOLD_H

#include "ir/operation.h"

/* The ops that fold. */
#define LT_MATH_FOLDERS(X)                                                     \
  X(exp)                                                                       \
  X(exp2)                                                                      \
  X(expm1)                                                                     \
  X(log)                                                                       \
  X(log1p)                                                                     \
  X(log2)                                                                      \
  X(tanh)                                                                      \
  X(erf)                                                                       \
  X(sqrt)                                                                      \
  X(absf)                                                                      \
  X(floor)                                                                     \
  X(ceil)                                                                      \
  X(round)                                                                     \
  X(sin)                                                                       \
  X(cos)                                                                       \
  X(tan)                                                                       \
  X(atan)                                                                      \
  X(trunc)                                                                     \
  X(powf)                                                                      \
  X(atan2)

#define X(name)                                                                \
  lt_result_t lt_math_fold_##name(lt_op_t *op, const lt_attr_t *const *c,      \
                                  lt_fold_result_t *r);
LT_MATH_FOLDERS(X)
#undef X

#endif /* LITE_DIALECTS_MATH_MATH_FOLD_H */

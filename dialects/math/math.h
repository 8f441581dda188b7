/* math.h - a subset of MLIR's math dialect: elementwise transcendental and
 * rounding functions on float-like values (scalars, vectors, tensors), with
 * MLIR 16's optional `fastmath` flags and its constant folds. */
#ifndef LITE_DIALECTS_MATH_MATH_H
#define LITE_DIALECTS_MATH_MATH_H

#include "ir/operation.h"

extern const lt_dialect_t lt_math_dialect;

#endif /* LITE_DIALECTS_MATH_MATH_H */

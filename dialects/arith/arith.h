/* arith.h - a subset of MLIR's arith dialect: constant, integer and float
 * add/sub/mul/div/rem, min/max, shifts, floor/ceil division, negf,
 * cmpi/cmpf, select, casts; with folders. */
#ifndef LITE_DIALECTS_ARITH_ARITH_H
#define LITE_DIALECTS_ARITH_ARITH_H

#include "ir/operation.h"

extern const lt_dialect_t lt_arith_dialect;

#endif /* LITE_DIALECTS_ARITH_ARITH_H */

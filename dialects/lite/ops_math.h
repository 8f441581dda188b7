/* ops_math.h - what the math families of the lite dialect (ops_unary.c,
 * ops_binary.c, ops_reduce.c, ops_softmax.c, ops_misc_math.c) share: the
 * plan steps' headers (every check and message lives in the steps). */
#ifndef LITE_DIALECTS_LITE_OPS_MATH_H
#define LITE_DIALECTS_LITE_OPS_MATH_H

#include "dialects/lite/lite_impl.h"
#include "kernels/plan/math.h"
#include "kernels/ref/activation.h"

#endif /* LITE_DIALECTS_LITE_OPS_MATH_H */

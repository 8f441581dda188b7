/* epilogue.h - what the x86 kernels do to a row of results after the
 * product: add a bias (one value for the row) and a residual row, then an
 * activation (kernels/ref/activation.h's formulas), in float vectors:
 * relu, relu6, leaky_relu, hard_sigmoid and hard_swish as arithmetic,
 * sigmoid, swish and tanh through the vector exp, gelu through the vector
 * erf (vec_math.inc; within about 2e-7 of the reference's). */
#ifndef LITE_KERNELS_X86_EPILOGUE_H
#define LITE_KERNELS_X86_EPILOGUE_H

#include <stdint.h>

#include "kernels/ref/activation.h"
#include "kernels/x86/x86.h"

typedef struct lk_x86_epilogue {
  lk_activation_t act;
  float alpha, beta;
} lk_x86_epilogue_t;

/* y[0 .. n) = act(y + bias + residual[0 .. n)) (residual may be NULL). */
void lk_f32_epilogue_row__avx2(const lk_x86_epilogue_t *e, float *y,
                               int64_t n, float bias, const float *residual);
void lk_f32_epilogue_row__avx512f(const lk_x86_epilogue_t *e, float *y,
                                  int64_t n, float bias,
                                  const float *residual);

#endif /* LITE_KERNELS_X86_EPILOGUE_H */

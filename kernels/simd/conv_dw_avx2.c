/* conv_dw_avx2.c - the depthwise convolution's row on AVX2 + FMA
 * (conv_dw_kernel.inc). */
#include "kernels/simd/conv_dw.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/conv_dw_kernel.inc"

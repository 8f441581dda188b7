/* conv_dw_avx512.c - the depthwise convolution's row on AVX-512F
 * (conv_dw_kernel.inc). */
#include "kernels/simd/conv_dw.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/conv_dw_kernel.inc"

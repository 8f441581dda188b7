/* conv_dw_neon.c - the depthwise convolution's row on NEON
 * (conv_dw_kernel.inc). */
#include "kernels/simd/conv_dw.h"
#include "kernels/simd/vec_neon.h"

#include "kernels/simd/conv_dw_kernel.inc"

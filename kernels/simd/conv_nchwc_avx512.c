/* conv_nchwc_avx512.c - x86_conv2d__f32_nchw16c's tiles on AVX-512F
 * (conv_nchwc_kernel.inc). */
#include "kernels/simd/conv_nchwc.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/conv_nchwc_kernel.inc"

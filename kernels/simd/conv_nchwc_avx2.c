/* conv_nchwc_avx2.c - x86_conv2d__f32_nchw16c's tiles on AVX2
 * (conv_nchwc_kernel.inc). */
#include "kernels/simd/conv_nchwc.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/conv_nchwc_kernel.inc"

/* conv_nchwc_avx512.c - x86_conv2d__f32_nchw16c's tiles on AVX-512F
 * (conv_nchwc_kernel.inc). */
#include "kernels/x86/conv_nchwc.h"
#include "kernels/x86/vec_avx512.h"

#include "kernels/x86/conv_nchwc_kernel.inc"

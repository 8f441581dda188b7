/* conv_avx2.c - x86_conv2d's column packing on AVX2 (conv_kernel.inc). */
#include "kernels/x86/conv.h"
#include "kernels/x86/vec_avx2.h"

#include "kernels/x86/conv_kernel.inc"

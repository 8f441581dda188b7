/* conv_avx512.c - x86_conv2d's column packing on AVX-512F (conv_kernel.inc). */
#include "kernels/x86/conv.h"
#include "kernels/x86/vec_avx512.h"

#include "kernels/x86/conv_kernel.inc"

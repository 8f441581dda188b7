/* conv_avx512.c - the conv2d family's column packing on AVX-512F (conv_kernel.inc). */
#include "kernels/simd/conv.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/conv_kernel.inc"

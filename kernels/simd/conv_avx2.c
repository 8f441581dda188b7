/* conv_avx2.c - the conv2d family's column packing on AVX2 (conv_kernel.inc). */
#include "kernels/simd/conv.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/conv_kernel.inc"

/* conv_neon.c - the conv2d family's column packing on NEON (conv_kernel.inc). */
#include "kernels/simd/conv.h"
#include "kernels/simd/vec_neon.h"

#include "kernels/simd/conv_kernel.inc"

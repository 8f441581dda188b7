/* conv_nchwc_wino_avx2.c - the Winograd form's transforms on AVX2 + FMA
 * (conv_nchwc_wino_kernel.inc). */
#include "kernels/simd/conv_nchwc_wino.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/conv_nchwc_wino_kernel.inc"

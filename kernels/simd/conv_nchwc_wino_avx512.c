/* conv_nchwc_wino_avx512.c - the Winograd form's transforms on AVX-512F
 * (conv_nchwc_wino_kernel.inc). */
#include "kernels/simd/conv_nchwc_wino.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/conv_nchwc_wino_kernel.inc"

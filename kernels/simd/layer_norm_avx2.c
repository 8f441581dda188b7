/* layer_norm_avx2.c - the layer norm row on AVX2 + FMA (layer_norm_kernel.inc). */
#include "kernels/simd/layer_norm.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/layer_norm_kernel.inc"

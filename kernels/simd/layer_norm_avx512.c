/* layer_norm_avx512.c - the layer norm row on AVX-512F (layer_norm_kernel.inc). */
#include "kernels/simd/layer_norm.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/layer_norm_kernel.inc"

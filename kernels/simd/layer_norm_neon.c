/* layer_norm_neon.c - the layer norm row on NEON (layer_norm_kernel.inc). */
#include "kernels/simd/layer_norm.h"
#include "kernels/simd/vec_neon.h"

#include "kernels/simd/layer_norm_kernel.inc"

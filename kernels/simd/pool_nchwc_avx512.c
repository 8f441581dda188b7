/* pool_nchwc_avx512.c - x86_pool2d__f32_nchw16c's rows on AVX-512F
 * (pool_nchwc_kernel.inc). */
#include "kernels/simd/pool_nchwc.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/pool_nchwc_kernel.inc"

/* pool_nchwc_avx2.c - x86_pool2d__f32_nchw16c's rows on AVX2
 * (pool_nchwc_kernel.inc). */
#include "kernels/simd/pool_nchwc.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/pool_nchwc_kernel.inc"

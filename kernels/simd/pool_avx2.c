/* pool_avx2.c - the pool2d family's plane on AVX2 + FMA (pool_kernel.inc). */
#include "kernels/simd/pool.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/pool_kernel.inc"
